//! Cards, decks and hands shared by every card game; pure data, no game rules or point values.

mod card;
mod deck;
mod hand;

pub use card::{Card, CardParseError, CardProblem, JOKER_TOKEN, Rank, Suit, format_list};
pub use deck::{build_decks, shuffle};
pub use hand::Hand;
