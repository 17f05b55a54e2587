//! A Canasta player's cards as the house bot counts them: a meld by its naturals, 2s and jokers
//! (valid or not, its points, the card points an initial meld counts), and a player's hand, melds
//! and red 3s (his score as the table stands, whether he may be left with so many cards).

use super::kinds::{BLACK3, Counts, JOKER, KINDS, Kind, MELD_KINDS, TWO, VALUE, is_wild};

/// One meld, counted: `nat` natural cards of its kind, `twos` 2s and `jokers` jokers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KMeld {
    pub nat: u8,
    pub twos: u8,
    pub jokers: u8,
}

impl KMeld {
    pub fn exists(&self) -> bool {
        self.nat > 0
    }

    pub fn len(&self) -> u8 {
        self.nat + self.twos + self.jokers
    }

    pub fn wilds(&self) -> u8 {
        self.twos + self.jokers
    }

    /// Whether this is a legal meld of `kind` (§8.3).
    pub fn valid(&self, kind: Kind) -> bool {
        if kind == BLACK3 {
            return self.wilds() == 0 && self.nat >= 3;
        }
        kind < BLACK3 && self.nat >= 2 && self.len() >= 3 && self.wilds() <= 3
    }

    pub fn is_canasta(&self) -> bool {
        self.len() >= 7
    }

    pub fn plus(&self, other: KMeld) -> KMeld {
        KMeld { nat: self.nat + other.nat, twos: self.twos + other.twos, jokers: self.jokers + other.jokers }
    }

    /// The card points of its cards (what an initial meld is counted by).
    pub fn card_points(&self, kind: Kind) -> i32 {
        i32::from(self.nat) * VALUE[kind] + i32::from(self.twos) * VALUE[TWO] + i32::from(self.jokers) * VALUE[JOKER]
    }

    /// Card points plus the canasta bonus.
    pub fn points(&self, kind: Kind) -> i32 {
        let cards = self.card_points(kind);
        let bonus = match (self.is_canasta(), self.wilds()) {
            (false, _) => 0,
            (true, 0) => 500,
            (true, _) => 300,
        };
        cards + bonus
    }
}

/// A player's cards in the round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Side {
    pub hand: Counts,
    pub melds: [KMeld; MELD_KINDS],
    pub red3: u8,
}

impl Side {
    pub fn hand_len(&self) -> u32 {
        self.hand.iter().map(|&n| u32::from(n)).sum()
    }

    pub fn has_canasta(&self) -> bool {
        self.melds.iter().any(KMeld::is_canasta)
    }

    pub fn has_melds(&self) -> bool {
        self.melds.iter().any(KMeld::exists)
    }

    /// The card points of all his melds.
    pub fn melded_points(&self) -> i32 {
        self.melds.iter().enumerate().filter(|(_, m)| m.exists()).map(|(k, m)| m.card_points(k)).sum()
    }

    /// The round's score as the table stands (`went_out`: +100).
    pub fn score(&self, went_out: bool) -> i32 {
        let melds: i32 = self.melds.iter().enumerate().filter(|(_, m)| m.exists()).map(|(k, m)| m.points(k)).sum();
        melds + 100 * i32::from(self.red3) + if went_out { 100 } else { 0 } - super::kinds::points(&self.hand)
    }

    /// Whether the player may be left with `left` cards (`discarding`: by his discard), his melds
    /// as they are now: an empty hand needs a canasta; a single card left by a draw or a meld
    /// needs a canasta too, or to be a card that joins a meld into one.
    pub(super) fn may_leave(&self, left: u32, discarding: bool) -> bool {
        if left >= 2 || (left == 1 && discarding) || self.has_canasta() {
            return true;
        }
        if left == 0 {
            return false;
        }
        let Some(last) = (0..KINDS).find(|&k| self.hand[k] > 0) else { return false };
        self.melds.iter().enumerate().any(|(k, m)| {
            m.exists() && m.len() >= 6 && {
                let one = if is_wild(last) {
                    KMeld { nat: 0, twos: 1, jokers: 0 }
                } else {
                    KMeld { nat: 1, twos: 0, jokers: 0 }
                };
                (last == k || is_wild(last)) && m.plus(one).valid(k)
            }
        })
    }
}
