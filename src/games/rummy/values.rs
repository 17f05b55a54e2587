//! Point values of single cards, the table every rummy game (Buraco's variants, Canasta) scores
//! hands and melds with.

use crate::cards::Card;

/// Point values of single cards, by rank (index 2→0 … A→12), and of a joker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardValues {
    pub by_rank: [i64; 13],
    pub joker: i64,
}

impl CardValues {
    pub fn of(&self, card: Card) -> i64 {
        match card.rank() {
            Some(rank) => self.by_rank[rank.index()],
            None => self.joker,
        }
    }

    pub fn sum(&self, cards: &[Card]) -> i64 {
        cards.iter().map(|&c| self.of(c)).sum()
    }
}
