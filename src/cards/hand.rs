//! A hand of cards: a multiset that keeps its order (for display and for order-dependent
//! reshuffles), with multiplicity-aware membership and removal.

use rand_pcg::Pcg64;

use super::{Card, deck, format_list};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hand {
    cards: Vec<Card>,
}

impl Hand {
    pub fn new(cards: Vec<Card>) -> Hand {
        Hand { cards }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn push(&mut self, card: Card) {
        self.cards.push(card);
    }

    /// How many copies of `card` the hand holds.
    pub fn count(&self, card: Card) -> usize {
        self.cards.iter().filter(|&&c| c == card).count()
    }

    pub fn contains(&self, card: Card) -> bool {
        self.cards.contains(&card)
    }

    /// Whether the hand holds every card of `wanted`, counting multiplicity: two `2♣` in
    /// `wanted` need two `2♣` in the hand.
    pub fn contains_all(&self, wanted: &[Card]) -> bool {
        self.missing(wanted).is_none()
    }

    /// The first card of `wanted` that the hand cannot supply (counting multiplicity).
    pub fn missing(&self, wanted: &[Card]) -> Option<Card> {
        let mut pool = self.cards.clone();
        for card in wanted {
            match pool.iter().position(|c| c == card) {
                Some(at) => {
                    pool.remove(at);
                }
                None => return Some(*card),
            }
        }
        None
    }

    /// Removes one copy of `card` (the first in hand order); false if there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        match self.cards.iter().position(|&c| c == card) {
            Some(at) => {
                self.cards.remove(at);
                true
            }
            None => false,
        }
    }

    /// Removes every card of `cards` (with multiplicity) or, if one is missing, nothing at all.
    pub fn remove_all(&mut self, cards: &[Card]) -> Result<(), Card> {
        if let Some(card) = self.missing(cards) {
            return Err(card);
        }
        for &card in cards {
            self.remove(card);
        }
        Ok(())
    }

    pub fn shuffle(&mut self, rng: &mut Pcg64) {
        deck::shuffle(&mut self.cards, rng);
    }

    /// A copy of the cards sorted by suit then rank, for display.
    pub fn sorted(&self) -> Vec<Card> {
        let mut cards = self.cards.clone();
        cards.sort_by_key(|c| (c.suit(), c.rank()));
        cards
    }

    /// The hand as the protocol writes it: `[ c1 c2 … ]`.
    pub fn wire(&self) -> String {
        format_list(&self.cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(tokens: &str) -> Vec<Card> {
        tokens.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn contains_all_counts_multiplicity() {
        let hand = Hand::new(cards("2♣ 3♣ 9♥"));
        assert!(hand.contains_all(&cards("2♣ 3♣")));
        assert!(!hand.contains_all(&cards("2♣ 2♣ 3♣")));
        assert_eq!(hand.missing(&cards("3♣ 2♣ 2♣")), Some("2♣".parse().unwrap()));
        let pair = Hand::new(cards("9♥ 9♥"));
        assert!(pair.contains_all(&cards("9♥ 9♥")));
    }

    #[test]
    fn remove_all_is_all_or_nothing_and_keeps_order() {
        let mut hand = Hand::new(cards("5♠ 6♥ 2♦ 5♠ 3♠"));
        assert!(hand.remove_all(&cards("5♠ 5♠ 5♠")).is_err());
        assert_eq!(hand.len(), 5);
        hand.remove_all(&cards("5♠ 2♦")).unwrap();
        assert_eq!(hand.wire(), "[ 6♥ 5♠ 3♠ ]");
    }
}
