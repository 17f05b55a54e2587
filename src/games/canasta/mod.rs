//! Two-player Canasta (`canasta.md`): one engine, `CanastaEngine`, playing a match of rounds;
//! cards, decks, the turn's commands and the match bookkeeping are shared with Buraco.

mod bots;
mod check;
mod deal;
mod def;
mod game;
mod meld;
mod rules;
mod sample;
mod state;
mod turn;
mod view;

pub use deal::Deal;
pub use game::CanastaEngine;
pub use meld::{Meld, MeldError};
pub use rules::{CanastaRules, InitialMeld, OPTIONS, freezes, is_black_three, is_red_three, is_wild};
pub use state::SeatScore;
pub use turn::Take;
