//! `BuracoRules`: a Buraco variant described as data (deck, wild cards, meld limits, pickup rule,
//! card values, bonuses, penalties). ITP is the preset implemented and tested; STBL and Schwab are
//! meant to become further presets of the same policies.

use crate::cards::{Card, Rank};

/// How 2s behave in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TwoPolicy {
    /// A 2 of the run's suit standing between A and 3 is a natural card; any other 2 is a wild
    /// (ITP, STBL).
    NaturalInPlace,
    /// Every 2 is a wild card (Schwab).
    AlwaysWild,
}

/// Whether aces must share the run's suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AceSuit {
    /// Aces are suit-checked like every other natural (ITP with Q2 fixed, STBL).
    Checked,
    /// Aces of any suit are accepted (`buraco.js` bug Q2; only for replaying old games).
    Unchecked,
}

/// Which melds a player may lay down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeldPolicy {
    pub min_len: usize,
    pub max_len: usize,
    /// Most cards acting as wild in one meld.
    pub max_wilds: usize,
    pub twos: TwoPolicy,
    pub aces: AceSuit,
}

/// What taking the discard pile requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickupRule {
    /// The top card must start a new meld with at least `min_hand_cards` cards named from the
    /// hand; the rest of the pile goes to the hand, which is then reshuffled (ITP).
    NewMeldWithHand { min_hand_cards: usize },
}

/// How the cards left in a hand at the end are charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandPenalty {
    /// Minus the cards' values (ITP as decided in issue 2; STBL).
    CardValues,
    /// Minus the cards' values plus the canastra bonus for a hand of 7+ cards, clean or dirty
    /// judged on the hand's order (`buraco.js` quirk Q4; only for reproducing old results).
    AsMeld,
}

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

/// Bonuses for long melds (canastras).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CanastraBonus {
    pub min_len: usize,
    pub clean: i64,
    pub dirty: i64,
}

/// A complete Buraco variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuracoRules {
    /// Short name for logs (`itp`).
    pub name: &'static str,
    /// The table sizes the variant is played with; with 4, seats 0&2 and 1&3 are partners.
    pub seat_counts: &'static [usize],
    pub decks: usize,
    pub jokers_per_deck: usize,
    pub hand_size: usize,
    pub melds: MeldPolicy,
    pub pickup: PickupRule,
    pub values: CardValues,
    pub canastra: CanastraBonus,
    /// Added for each player of a side whose hand is empty at the end.
    pub going_out_bonus: i64,
    pub hand_penalty: HandPenalty,
}

impl BuracoRules {
    /// The UFRN ITP course's Buraco (`buraco.js`) with the fixes decided in issue 2: 104 cards, no
    /// jokers, runs only, one wild, aces suit-checked, melds of 3 to 14 cards, hands charged by
    /// card value.
    pub fn itp() -> BuracoRules {
        let mut by_rank = [10; 13];
        for rank in [Rank::Three, Rank::Four, Rank::Five, Rank::Six, Rank::Seven] {
            by_rank[rank.index()] = 5;
        }
        by_rank[Rank::Ace.index()] = 15;
        BuracoRules {
            name: "itp",
            seat_counts: &[2, 4],
            decks: 2,
            jokers_per_deck: 0,
            hand_size: 11,
            melds: MeldPolicy {
                min_len: 3,
                max_len: 14,
                max_wilds: 1,
                twos: TwoPolicy::NaturalInPlace,
                aces: AceSuit::Checked,
            },
            pickup: PickupRule::NewMeldWithHand { min_hand_cards: 2 },
            values: CardValues { by_rank, joker: 50 },
            canastra: CanastraBonus { min_len: 7, clean: 200, dirty: 100 },
            going_out_bonus: 100,
            hand_penalty: HandPenalty::CardValues,
        }
    }

    /// Total number of cards in play.
    pub fn card_count(&self) -> usize {
        self.decks * (52 + self.jokers_per_deck)
    }

    /// How many copies of `card` the decks hold.
    pub fn copies_of(&self, card: Card) -> usize {
        if card.is_joker() { self.decks * self.jokers_per_deck } else { self.decks }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn itp_card_values() {
        let v = BuracoRules::itp().values;
        let of = |t: &str| v.of(t.parse().unwrap());
        assert_eq!([of("3♥"), of("7♣"), of("2♦"), of("8♠"), of("K♥"), of("A♣")], [5, 5, 10, 10, 10, 15]);
    }
}
