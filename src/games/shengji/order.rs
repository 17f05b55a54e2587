//! Card order in a Shengji deal: the trump context (the level rank and the trump suit, or none),
//! each card's effective suit, and its position in that suit's order, which both compares cards
//! and chains tractors (rbtying's successor chain: X‑A → off‑suit level cards → X level card →
//! small joker → big joker; the level rank is skipped in every suit).

use crate::cards::{Card, Rank, Suit};

/// The suit a card counts as when leading and following: every trump is one suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EffSuit {
    Plain(Suit),
    Trump,
}

/// What is trump in a deal: the level rank and the declared suit (`None`: no trump, only the
/// jokers and the level cards are trumps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrumpContext {
    pub level: Rank,
    pub suit: Option<Suit>,
}

/// Position of a level card of another suit than trump's (all equal to each other).
pub const OFF_LEVEL: u8 = 12;
/// Position of the level card of the trump suit (of every level card in no trump).
pub const TRUMP_LEVEL: u8 = 13;
pub const SMALL_JOKER: u8 = 14;
pub const BIG_JOKER: u8 = 15;

impl TrumpContext {
    pub fn new(level: Rank, suit: Option<Suit>) -> TrumpContext {
        TrumpContext { level, suit }
    }

    pub fn is_trump(&self, card: Card) -> bool {
        self.eff_suit(card) == EffSuit::Trump
    }

    pub fn eff_suit(&self, card: Card) -> EffSuit {
        match card {
            Card::Suited { rank, suit } if rank != self.level && Some(suit) != self.suit => EffSuit::Plain(suit),
            _ => EffSuit::Trump,
        }
    }

    /// The card's place in its effective suit: higher is stronger, consecutive places chain into
    /// tractors, equal places are equal cards (the off-suit level cards). Plain ranks are numbered
    /// 0 … 11 with the level rank left out.
    pub fn pos(&self, card: Card) -> u8 {
        match card {
            Card::SmallJoker => SMALL_JOKER,
            Card::BigJoker | Card::Joker => BIG_JOKER,
            Card::Suited { rank, suit } if rank == self.level => {
                if self.suit.is_none() || Some(suit) == self.suit {
                    TRUMP_LEVEL
                } else {
                    OFF_LEVEL
                }
            }
            Card::Suited { rank, .. } => {
                let i = rank.index() as u8;
                if rank > self.level { i - 1 } else { i }
            }
        }
    }

    /// Sort key for showing a hand: trumps last (strongest at the end), plain suits by suit then
    /// position. Equal cards sit together.
    pub fn sort_key(&self, card: Card) -> (u8, u8, Card) {
        let suit = match self.eff_suit(card) {
            EffSuit::Plain(s) => s as u8,
            EffSuit::Trump => 4,
        };
        (suit, self.pos(card), card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> Card {
        t.parse().unwrap()
    }

    /// G1: level 7, trump ♣.
    #[test]
    fn g1_trump_order() {
        let t = TrumpContext::new(Rank::Seven, Some(Suit::Clubs));
        let order = ["BJ", "SJ", "7♣", "7♠", "A♣", "8♣", "6♣"];
        let pos: Vec<u8> = order.iter().map(|x| t.pos(c(x))).collect();
        assert!(pos.windows(2).all(|w| w[0] > w[1]), "{pos:?}");
        assert_eq!(t.pos(c("7♠")), t.pos(c("7♥")));
        assert!(order.iter().all(|x| t.is_trump(c(x))));
        assert_eq!(t.eff_suit(c("A♥")), EffSuit::Plain(Suit::Hearts));
        assert_eq!((t.pos(c("8♥")), t.pos(c("6♥"))), (5, 4), "the level rank is skipped");
    }
}
