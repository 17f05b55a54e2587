//! What every rummy game (the Buraco variants, Canasta) shares: the wire commands (their words
//! are the game's, `Commands`) and their parser, the hand check of a line's cards, and card
//! point values.

mod commands;
mod hand;
mod values;
mod wire;

pub use commands::Commands;
pub use hand::need_in_hand;
pub use values::CardValues;
pub use wire::{Action, parse, parse_with, read};
