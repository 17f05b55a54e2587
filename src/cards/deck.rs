//! Building decks (n standard 52-card decks, optional jokers) and shuffling them with a seeded
//! generator passed in by the caller (never a global one).

use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

use super::{Card, Rank, Suit};

/// `decks` standard decks, each in suit order ♥ ♦ ♣ ♠ and rank order 2 … A, each followed by
/// `jokers_per_deck` jokers.
pub fn build_decks(decks: usize, jokers_per_deck: usize) -> Vec<Card> {
    let mut cards = Vec::with_capacity(decks * (52 + jokers_per_deck));
    for _ in 0..decks {
        for suit in Suit::ALL {
            cards.extend(Rank::ALL.into_iter().map(|rank| Card::new(rank, suit)));
        }
        cards.extend(std::iter::repeat_n(Card::Joker, jokers_per_deck));
    }
    cards
}

/// `decks` Shengji decks: each a standard deck (as `build_decks`) followed by a small and a big
/// joker (`SJ`, `BJ`).
pub fn build_decks_with_two_jokers(decks: usize) -> Vec<Card> {
    let mut cards = Vec::with_capacity(decks * 54);
    for _ in 0..decks {
        cards.extend(build_decks(1, 0));
        cards.extend([Card::SmallJoker, Card::BigJoker]);
    }
    cards
}

/// Shuffles `cards` in place; the order depends only on the generator's state.
pub fn shuffle(cards: &mut [Card], rng: &mut Pcg64) {
    cards.shuffle(rng);
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn two_decks_hold_each_card_twice() {
        let cards = build_decks(2, 0);
        assert_eq!(cards.len(), 104);
        let ace = Card::new(Rank::Ace, Suit::Spades);
        assert_eq!(cards.iter().filter(|&&c| c == ace).count(), 2);
        assert_eq!(build_decks(2, 2).iter().filter(|c| c.is_joker()).count(), 4);
    }

    #[test]
    fn shuffle_is_seeded() {
        let deal = |seed| {
            let mut cards = build_decks(1, 0);
            shuffle(&mut cards, &mut Pcg64::seed_from_u64(seed));
            cards
        };
        assert_eq!(deal(7), deal(7));
        assert_ne!(deal(7), deal(8));
        assert_ne!(deal(7), build_decks(1, 0));
    }
}
