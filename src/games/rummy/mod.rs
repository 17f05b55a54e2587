//! What every rummy game (the Buraco variants, Canasta) shares: the wire commands and their
//! parser, the hand check of a line's cards, and card point values.

mod hand;
mod values;
mod wire;

pub use hand::need_in_hand;
pub use values::CardValues;
pub use wire::{Action, parse, parse_with};
