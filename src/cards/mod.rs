//! Cards, decks and hands shared by every card game; pure data, no game rules or point values.

mod card;
mod deck;
mod hand;

pub use card::{
    BIG_JOKER_TOKEN, Card, CardParseError, CardProblem, JOKER_TOKEN, Rank, SMALL_JOKER_TOKEN, Suit, format_list,
};
pub use deck::{build_decks, build_decks_with_two_jokers, shuffle};
pub use hand::Hand;
