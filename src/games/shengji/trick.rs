//! A trick in progress: checking a lead (one effective suit; a throw is checked against the other
//! hands and, when a unit could be beaten, replaced by that unit: a failed throw is a legal play),
//! checking a follow (count, suit, shape), and keeping the best play so far (§1.6–§1.8).

use crate::cards::{Card, format_list};
use crate::games::{Message, Seat, Violation};

use super::order::{EffSuit, TrumpContext};
use super::units::{Groups, Unit, all_higher, as_format, decompose, one_suit, shape_score};

/// One seat's play in a trick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    pub seat: Seat,
    pub cards: Vec<Card>,
}

/// A trick: the lead's suit and format, the plays in order, and the best so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trick {
    pub suit: EffSuit,
    pub format: Vec<Unit>,
    pub plays: Vec<Play>,
    /// Index in `plays` of the best play, and that play read in the format.
    pub best: usize,
    pub best_units: Vec<Unit>,
    /// Whether the best play is trump over a plain lead.
    best_suit: EffSuit,
}

/// A lead after the throw check: what is played, and the whole throw when it failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lead {
    pub cards: Vec<Card>,
    pub failed_throw: Option<Vec<Card>>,
}

fn illegal(rule: &'static str, detail: Message) -> Violation {
    Violation::illegal(rule, detail)
}

/// Checks `cards` led by `seat` holding `hand`; `others` are the other seats' hands in playing
/// order after the leader. Throws are checked per L2/L3: the first unit (opponents in order, units
/// smallest first) that some hand could beat in the suit is the one played.
pub fn check_lead(ctx: &TrumpContext, cards: &[Card], others: &[&[Card]]) -> Result<Lead, Violation> {
    if cards.is_empty() {
        return Err(illegal("wrong-card-count", Message::new("sj-viol-empty-play")));
    }
    let Some(suit) = one_suit(cards, ctx) else {
        return Err(illegal("lead-mixed-suits", Message::new("sj-viol-mixed-lead").text("cards", format_list(cards))));
    };
    let mut units = decompose(cards, ctx);
    if units.len() == 1 {
        return Ok(Lead { cards: cards.to_vec(), failed_throw: None });
    }
    units.sort_by_key(|u| (u.size(), u.len, u.top));
    for hand in others {
        let in_suit: Vec<Card> = hand.iter().copied().filter(|&c| ctx.eff_suit(c) == suit).collect();
        let groups = Groups::new(&in_suit, ctx);
        if let Some(unit) = units.iter().find(|u| groups.find(u.width, u.len, Some(u.top)).is_some()) {
            return Ok(Lead { cards: unit.cards.clone(), failed_throw: Some(cards.to_vec()) });
        }
    }
    Ok(Lead { cards: cards.to_vec(), failed_throw: None })
}

impl Trick {
    pub fn new(ctx: &TrumpContext, seat: Seat, cards: Vec<Card>) -> Trick {
        let suit = one_suit(&cards, ctx).expect("a checked lead is of one suit");
        let format = decompose(&cards, ctx);
        let best_units = format.clone();
        Trick { suit, format, plays: vec![Play { seat, cards }], best: 0, best_units, best_suit: suit }
    }

    pub fn size(&self) -> usize {
        self.plays[0].cards.len()
    }

    pub fn leader(&self) -> Seat {
        self.plays[0].seat
    }

    pub fn winner(&self) -> Seat {
        self.plays[self.best].seat
    }

    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.plays.iter().flat_map(|p| p.cards.iter().copied())
    }

    /// Checks a follow of `cards` by a seat holding `hand` (the cards are held: checked before).
    pub fn check_follow(&self, ctx: &TrumpContext, hand: &[Card], cards: &[Card]) -> Result<(), Violation> {
        let n = self.size();
        if cards.len() != n {
            return Err(illegal("wrong-card-count", Message::new("sj-viol-count").number("count", n)));
        }
        let in_suit =
            |cs: &[Card]| -> Vec<Card> { cs.iter().copied().filter(|&c| ctx.eff_suit(c) == self.suit).collect() };
        let (held, played) = (in_suit(hand), in_suit(cards));
        if played.len() < held.len().min(n) {
            return Err(illegal(
                "must-follow-suit",
                Message::new("sj-viol-follow-suit").number("count", held.len().min(n)),
            ));
        }
        let (can, did) = (shape_score(&held, &self.format, ctx), shape_score(&played, &self.format, ctx));
        if did < can {
            let (rule, id) = if did.0 >= can.0 {
                ("bad-tractor", "sj-viol-bad-tractor")
            } else {
                ("must-follow-shape", "sj-viol-follow-shape")
            };
            let shape = self.format.iter().map(|u| u.cards.len().to_string()).collect::<Vec<_>>().join("+");
            return Err(illegal(rule, Message::new(id).text("shape", shape).text("cards", format_list(cards))));
        }
        Ok(())
    }

    /// Adds a checked follow and updates the best play (W1/W2: the lead's exact structure, all of
    /// the led suit or all trump, every unit higher; ties go to the earlier play).
    pub fn follow(&mut self, ctx: &TrumpContext, seat: Seat, cards: Vec<Card>) {
        let suit = one_suit(&cards, ctx);
        if let (Some(suit), Some(units)) = (suit, as_format(&cards, &self.format, ctx))
            && (suit == self.suit || suit == EffSuit::Trump)
        {
            let beats =
                if suit == self.best_suit { all_higher(&units, &self.best_units) } else { suit == EffSuit::Trump };
            if beats {
                self.best = self.plays.len();
                self.best_units = units;
                self.best_suit = suit;
            }
        }
        self.plays.push(Play { seat, cards });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    /// G4: trump ♣ (level 2), ♥Q♥Q led; P2 trumps with no pair, P3 with a pair, P4 follows.
    #[test]
    fn g4_trump_pair_wins() {
        let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
        let mut t = Trick::new(&ctx, 0, cards("Q♥ Q♥"));
        t.follow(&ctx, 1, cards("3♣ 5♣"));
        t.follow(&ctx, 2, cards("3♣ 3♣"));
        t.follow(&ctx, 3, cards("A♥ K♥"));
        assert_eq!(t.winner(), 2);
    }

    /// G5: ♠A + ♠Q♠Q thrown; ♠K♠K held by P3: the throw fails, ♠Q♠Q is played.
    #[test]
    fn g5_throw_validity() {
        let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
        let (p2, p3, p4) = (cards("3♠ 4♦"), cards("K♠ K♠ 5♥"), cards("J♠ 9♠"));
        let lead = check_lead(&ctx, &cards("A♠ Q♠ Q♠"), &[&p2, &p3, &p4]).unwrap();
        assert_eq!(lead, Lead { cards: cards("Q♠ Q♠"), failed_throw: Some(cards("A♠ Q♠ Q♠")) });
        let p3 = cards("K♠ 10♠ 5♥");
        let lead = check_lead(&ctx, &cards("A♠ Q♠ Q♠"), &[&p2, &p3, &p4]).unwrap();
        assert_eq!(lead.failed_throw, None);
        // The throw stands: only a trump pair and a higher trump single beat it.
        let mut t = Trick::new(&ctx, 0, lead.cards);
        t.follow(&ctx, 1, cards("3♣ 3♣ 4♦"));
        assert_eq!(t.winner(), 0, "a trump pair with a plain card does not beat it");
        t.follow(&ctx, 2, cards("3♣ 3♣ 4♣"));
        assert_eq!(t.winner(), 2);
        t.follow(&ctx, 3, cards("5♣ 5♣ 4♣"));
        assert_eq!(t.winner(), 2, "the single 4♣ is not higher than 4♣");
    }

    #[test]
    fn following_suit_and_shape() {
        let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
        let t = Trick::new(&ctx, 0, cards("9♠ 9♠"));
        let rule = |hand: &str, play: &str| t.check_follow(&ctx, &cards(hand), &cards(play)).err().map(|v| v.rule);
        assert_eq!(rule("K♠ K♠ 4♠ 3♥", "K♠ K♠"), None);
        assert_eq!(rule("K♠ K♠ 4♠ 3♥", "K♠ 4♠"), Some("must-follow-shape"));
        assert_eq!(rule("K♠ 4♠ 3♥", "K♠ 4♠"), None);
        assert_eq!(rule("K♠ 4♠ 3♥", "K♠ 3♥"), Some("must-follow-suit"));
        assert_eq!(rule("5♠ 3♥ 4♦", "5♠ 4♦"), None);
        let t = Trick::new(&ctx, 0, cards("9♠ 9♠ 10♠ 10♠"));
        let rule = |hand: &str, play: &str| t.check_follow(&ctx, &cards(hand), &cards(play)).err().map(|v| v.rule);
        assert_eq!(rule("4♠ 4♠ 5♠ 5♠ 7♠ 7♠", "4♠ 4♠ 7♠ 7♠"), Some("bad-tractor"));
        assert_eq!(rule("4♠ 4♠ 5♠ 5♠ 7♠ 7♠", "4♠ 4♠ 5♠ 5♠"), None);
    }
}
