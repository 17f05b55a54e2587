//! Canasta cards as the house bot counts them: fifteen kinds (eleven natural ranks, the black 3,
//! the 2, the joker and the red 3), since a suit matters only to tell a red 3 from a black one.

use crate::cards::{Card, Rank};
use crate::games::canasta::{is_black_three, is_red_three};

/// A card's kind: 0..=10 the natural ranks A 4 5 6 7 8 9 10 J Q K, then the constants below.
pub type Kind = usize;
/// How many of each kind a hand or a pile holds.
pub type Counts = [u8; KINDS];

pub const KINDS: usize = 15;
pub const BLACK3: Kind = 11;
pub const TWO: Kind = 12;
pub const JOKER: Kind = 13;
pub const RED3: Kind = 14;
/// Kinds a meld may be of: the natural ranks and the black 3.
pub const MELD_KINDS: usize = 12;

/// How many of each kind the two decks and four jokers hold (108 cards).
pub const COPIES: Counts = [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4, 8, 4, 4];
/// Card points of each kind (`protocol.md` §8.1); a red 3 scores as a bonus instead.
pub const VALUE: [i32; KINDS] = [20, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 5, 20, 50, 0];

const NATURAL_RANKS: [Rank; 11] = [
    Rank::Ace,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
];

/// The kind of `card` (a Shengji joker, which Canasta never deals, counts as a joker).
pub fn kind_of(card: Card) -> Kind {
    if card.is_joker() {
        return JOKER;
    }
    if is_red_three(card) {
        return RED3;
    }
    if is_black_three(card) {
        return BLACK3;
    }
    match card.rank() {
        Some(Rank::Two) => TWO,
        Some(rank) => NATURAL_RANKS.iter().position(|&r| r == rank).unwrap_or(0),
        None => JOKER,
    }
}

pub fn is_wild(kind: Kind) -> bool {
    kind == TWO || kind == JOKER
}

/// A wild card or a black 3 on top freezes the pile.
pub fn freezes(kind: Kind) -> bool {
    is_wild(kind) || kind == BLACK3
}

/// The counts of `cards` by kind.
pub fn count(cards: &[Card]) -> Counts {
    let mut counts = [0; KINDS];
    for &card in cards {
        counts[kind_of(card)] += 1;
    }
    counts
}

/// Card points of the cards counted.
pub fn points(counts: &Counts) -> i32 {
    counts.iter().zip(VALUE).map(|(&n, v)| i32::from(n) * v).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(t: &str) -> Card {
        t.parse().unwrap()
    }

    #[test]
    fn kinds_and_values_follow_the_rules() {
        let kinds: Vec<Kind> =
            ["A♠", "4♥", "7♦", "8♣", "K♠", "3♣", "2♥", "JK", "3♦"].iter().map(|t| kind_of(card(t))).collect();
        assert_eq!(kinds, [0, 1, 4, 5, 10, BLACK3, TWO, JOKER, RED3]);
        let deck = crate::cards::build_decks(2, 2);
        assert_eq!(count(&deck), COPIES);
        let rules = crate::games::canasta::CanastaRules::classic();
        for c in deck {
            if kind_of(c) != RED3 {
                assert_eq!(i64::from(VALUE[kind_of(c)]), rules.values.of(c), "{c}");
            }
        }
    }
}
