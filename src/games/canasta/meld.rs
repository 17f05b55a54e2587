//! Canasta melds (`canasta.md` M1–M4): cards of one rank, at least two of them natural, at most
//! three wild cards; a meld of black 3s alone; never a red 3, never a sequence. A valid meld is
//! stored naturals first (in suit order), then its wild cards (2s before jokers).

use crate::cards::{Card, Rank};
use crate::games::Message;

use super::rules::{CanastaRules, is_black_three, is_red_three, is_wild};

/// A valid meld.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meld {
    cards: Vec<Card>,
    rank: Rank,
}

/// Why cards are not a meld; each reason has its stable rule id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    #[error("a meld needs at least 3 cards, not {0}")]
    TooShort(usize),
    #[error("{0} is a red 3: red 3s are never melded")]
    RedThree(Card),
    #[error("a meld needs at least two natural cards of its rank")]
    TwoNaturals,
    #[error("{0} and {1} are of different ranks: a meld is of one rank (no sequences)")]
    MixedRanks(Card, Card),
    #[error("{0} wild cards: a meld holds at most {1}")]
    TooManyWilds(usize, usize),
    #[error("a meld of black 3s holds black 3s only, no wild card")]
    BlackThrees,
}

impl MeldError {
    /// The stable rule id a refused meld names.
    pub fn rule(&self) -> &'static str {
        match self {
            MeldError::TooShort(_) => "meld-too-short",
            MeldError::RedThree(_) => "red-three-meld",
            MeldError::TwoNaturals => "meld-needs-two-naturals",
            MeldError::MixedRanks(..) => "meld-one-rank",
            MeldError::TooManyWilds(..) => "too-many-wilds",
            MeldError::BlackThrees => "black-three-meld",
        }
    }

    /// The reason as a message of the `i18n` resources.
    pub fn message(&self) -> Message {
        match *self {
            MeldError::TooShort(len) => Message::new("cn-meld-too-short").number("len", len),
            MeldError::RedThree(card) => Message::new("cn-meld-red-three").text("card", card),
            MeldError::TwoNaturals => Message::new("cn-meld-two-naturals"),
            MeldError::MixedRanks(a, b) => Message::new("cn-meld-mixed-ranks").text("first", a).text("other", b),
            MeldError::TooManyWilds(wilds, max) => {
                Message::new("cn-meld-too-many-wilds").number("wilds", wilds).number("max", max)
            }
            MeldError::BlackThrees => Message::new("cn-meld-black-threes"),
        }
    }
}

impl Meld {
    /// Validates `cards` as a meld.
    pub fn new(cards: &[Card], rules: &CanastaRules) -> Result<Meld, MeldError> {
        if let Some(&red) = cards.iter().find(|&&c| is_red_three(c)) {
            return Err(MeldError::RedThree(red));
        }
        let (mut wilds, mut naturals): (Vec<Card>, Vec<Card>) = cards.iter().partition(|&&c| is_wild(c));
        if let Some(&first) = naturals.first()
            && let Some(&other) = naturals.iter().find(|c| c.rank() != first.rank())
        {
            return Err(MeldError::MixedRanks(first, other));
        }
        let black_threes = naturals.first().is_some_and(|&c| is_black_three(c));
        if black_threes && !wilds.is_empty() {
            return Err(MeldError::BlackThrees);
        }
        if cards.len() < 3 {
            return Err(MeldError::TooShort(cards.len()));
        }
        if naturals.len() < 2 {
            return Err(MeldError::TwoNaturals);
        }
        if wilds.len() > rules.max_wilds {
            return Err(MeldError::TooManyWilds(wilds.len(), rules.max_wilds));
        }
        let rank = naturals[0].rank().unwrap_or(Rank::Ace);
        naturals.sort();
        wilds.sort();
        naturals.extend(wilds);
        Ok(Meld { cards: naturals, rank })
    }

    /// The meld with `added` joined, validated as a whole; `self` is untouched.
    pub fn join(&self, added: &[Card], rules: &CanastaRules) -> Result<Meld, MeldError> {
        let mut all = self.cards.clone();
        all.extend_from_slice(added);
        Meld::new(&all, rules)
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Always false: a meld has at least 3 cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The rank of the meld's natural cards (3 for a meld of black 3s).
    pub fn rank(&self) -> Rank {
        self.rank
    }

    pub fn wilds(&self) -> usize {
        self.cards.iter().filter(|&&c| is_wild(c)).count()
    }

    pub fn is_canasta(&self, rules: &CanastaRules) -> bool {
        self.cards.len() >= rules.canasta_len
    }

    /// A canasta without wild cards.
    pub fn is_natural_canasta(&self, rules: &CanastaRules) -> bool {
        self.is_canasta(rules) && self.wilds() == 0
    }

    /// 500 for a natural canasta, 300 for a mixed one, 0 below a canasta.
    pub fn bonus(&self, rules: &CanastaRules) -> i64 {
        match (self.is_canasta(rules), self.wilds()) {
            (false, _) => 0,
            (true, 0) => rules.natural_canasta,
            (true, _) => rules.mixed_canasta,
        }
    }

    /// Card points plus the canasta bonus.
    pub fn points(&self, rules: &CanastaRules) -> i64 {
        rules.values.sum(&self.cards) + self.bonus(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meld(tokens: &str) -> Result<Meld, MeldError> {
        let cards: Vec<Card> = tokens.split_whitespace().map(|t| t.parse().unwrap()).collect();
        Meld::new(&cards, &CanastaRules::classic())
    }

    /// `canasta.md` §4 C1, meld by meld.
    #[test]
    fn c1_melds() {
        assert_eq!(meld("7♥ 7♠ 2♣").unwrap().cards().len(), 3);
        assert_eq!(meld("7♥ 2♣ JK").unwrap_err().rule(), "meld-needs-two-naturals");
        assert!(meld("7♥ 7♠ 2♣ 2♦ JK").is_ok(), "2 naturals + 3 wilds is legal in the source text");
        assert_eq!(meld("7♥ 7♠ 7♦ 2♣ 2♦ JK JK").unwrap_err().rule(), "too-many-wilds");
        assert!(meld("3♣ 3♠ 3♣").is_ok());
        assert_eq!(meld("3♣ 3♠ 2♦").unwrap_err().rule(), "black-three-meld");
        assert_eq!(meld("3♥ 3♦ 3♥").unwrap_err().rule(), "red-three-meld");
        assert_eq!(meld("7♥ 8♥ 9♥").unwrap_err().rule(), "meld-one-rank");
        assert_eq!(meld("7♥ 7♠").unwrap_err().rule(), "meld-too-short");
    }

    #[test]
    fn stored_order_bonus_and_points() {
        let m = meld("JK 8♠ 2♣ 8♥ 8♦ 8♣ 8♥").unwrap();
        assert_eq!(crate::cards::format_list(m.cards()), "[ 8♥ 8♥ 8♦ 8♣ 8♠ 2♣ JK ]");
        let rules = CanastaRules::classic();
        assert_eq!((m.is_canasta(&rules), m.bonus(&rules), m.points(&rules)), (true, 300, 420));
        let k = meld("K♥ K♥ K♦ K♦ K♣ K♠ K♠").unwrap();
        assert_eq!((k.is_natural_canasta(&rules), k.points(&rules)), (true, 570));
        assert_eq!(meld("5♥ 5♦ 5♣ 2♠").unwrap().points(&rules), 35);
    }
}
