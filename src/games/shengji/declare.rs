//! Declaring trump during the deal (§1.2): what a declaration is, whether one is valid for a
//! hand, and whether it overrides the one standing (the reference rule: stronger only; equal
//! strength never overrides; the standing declarer may only reinforce his own).

use crate::cards::{Card, Rank, Suit, format_list};
use crate::games::{Message, Seat, Violation};

use super::rules::DeclarePolicy;

/// A standing declaration: `count` copies of `card` shown by `seat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declaration {
    pub seat: Seat,
    pub card: Card,
    pub count: usize,
}

impl Declaration {
    /// More cards first, then jokers over level cards, the big joker over the small one.
    pub fn strength(&self) -> (usize, u8) {
        let kind = match self.card {
            Card::BigJoker => 2,
            Card::SmallJoker => 1,
            _ => 0,
        };
        (self.count, kind)
    }

    /// The trump suit it names (`None`: no trump, a joker pair).
    pub fn suit(&self) -> Option<Suit> {
        self.card.suit()
    }
}

fn illegal(rule: &'static str, detail: Message) -> Violation {
    Violation::illegal(rule, detail)
}

/// Checks `cards` declared by `seat` holding `hand` at level `level` against `standing`.
pub fn check(
    policy: DeclarePolicy,
    level: Rank,
    seat: Seat,
    hand: &[Card],
    cards: &[Card],
    standing: Option<&Declaration>,
) -> Result<Declaration, Violation> {
    let list = format_list(cards);
    let Some(&card) = cards.first() else {
        return Err(illegal("declaration-not-level", Message::new("sj-viol-declare-empty")));
    };
    if cards.iter().any(|&c| c != card) {
        return Err(illegal("declaration-mixed", Message::new("sj-viol-declare-mixed").text("cards", list)));
    }
    let count = cards.len();
    let held = hand.iter().filter(|&&c| c == card).count();
    if held < count {
        return Err(illegal(
            "declaration-not-held",
            Message::new("sj-viol-declare-not-held").text("cards", list).number("held", held),
        ));
    }
    let ok = if card.is_joker() { count >= 2 } else { card.is(level) };
    if !ok {
        return Err(illegal(
            "declaration-not-level",
            Message::new("sj-viol-declare-not-level").text("cards", list).text("level", level.label()),
        ));
    }
    let new = Declaration { seat, card, count };
    if let (Some(old), DeclarePolicy::Stronger) = (standing, policy) {
        let reinforce_only = old.seat == seat && old.card != card;
        if reinforce_only || new.strength() <= old.strength() {
            let rule_id = if reinforce_only { "sj-viol-declare-reinforce" } else { "sj-viol-declare-weaker" };
            return Err(illegal(
                "declaration-not-stronger",
                Message::new(rule_id).text("cards", list).text("standing", format_list(&vec![old.card; old.count])),
            ));
        }
    }
    Ok(new)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    /// G9: ♥2 → ♠2♠2 → SJ SJ → ♦2♦2 refused: banker P2, no trump.
    #[test]
    fn g9_stronger_declarations() {
        let hand = cards("2♥ 2♠ 2♠ SJ SJ 2♦ 2♦ BJ");
        let p = DeclarePolicy::Stronger;
        let d1 = check(p, Rank::Two, 0, &hand, &cards("2♥"), None).unwrap();
        let d2 = check(p, Rank::Two, 2, &hand, &cards("2♠ 2♠"), Some(&d1)).unwrap();
        let d3 = check(p, Rank::Two, 1, &hand, &cards("SJ SJ"), Some(&d2)).unwrap();
        let refused = check(p, Rank::Two, 3, &hand, &cards("2♦ 2♦"), Some(&d3)).unwrap_err();
        assert_eq!((d3.seat, d3.suit(), refused.rule), (1, None, "declaration-not-stronger"));
        // Source-literal "last wins": ♦ and P4.
        let last = check(DeclarePolicy::LastWins, Rank::Two, 3, &hand, &cards("2♦ 2♦"), Some(&d3)).unwrap();
        assert_eq!(last.suit(), Some(Suit::Diamonds));
    }

    #[test]
    fn equal_strength_never_overrides_and_bad_declarations_are_refused() {
        let hand = cards("2♥ 2♥ 2♠ 2♠ SJ BJ 5♣");
        let p = DeclarePolicy::Stronger;
        let d = check(p, Rank::Two, 0, &hand, &cards("2♥ 2♥"), None).unwrap();
        let rule = |seat, c: &str, standing| check(p, Rank::Two, seat, &hand, &cards(c), standing).unwrap_err().rule;
        assert_eq!(rule(1, "2♠ 2♠", Some(&d)), "declaration-not-stronger");
        assert_eq!(rule(0, "2♠ 2♠", Some(&d)), "declaration-not-stronger");
        assert_eq!(rule(1, "2♣", None), "declaration-not-held");
        assert_eq!(rule(1, "5♣", None), "declaration-not-level");
        assert_eq!(rule(1, "SJ", None), "declaration-not-level");
        assert_eq!(rule(1, "2♥ 2♠", None), "declaration-mixed");
        let bigger = cards("SJ SJ BJ BJ");
        let sj = check(p, Rank::Two, 1, &bigger, &cards("SJ SJ"), Some(&d)).unwrap();
        assert!(check(p, Rank::Two, 2, &bigger, &cards("BJ BJ"), Some(&sj)).is_ok());
    }
}
