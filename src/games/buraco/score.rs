//! Scoring a Buraco table: each side's melds, the cards left in its players' hands, and the
//! going-out bonus; the winner is the side with the higher total.

use crate::cards::{Card, Hand, Rank};

use super::meld::Meld;
use super::rules::{BuracoRules, HandPenalty, TableCards};

/// One side's score, broken down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideScore {
    /// Card values and canastra bonuses of the side's melds.
    pub melds: i64,
    /// What the side's players still hold (a positive number, subtracted).
    pub hands: i64,
    /// The bonus for each of the side's players with an empty hand.
    pub going_out: i64,
    /// Minus the penalty for a morto never taken, or the bonus for taking it (0 in variants
    /// without mortos).
    pub morto: i64,
}

impl SideScore {
    pub fn total(&self) -> i64 {
        self.melds - self.hands + self.going_out + self.morto
    }
}

/// The penalty of one non-empty hand under `rules.hand_penalty`.
pub fn hand_penalty(hand: &Hand, rules: &BuracoRules) -> i64 {
    let cards = hand.cards();
    let values = rules.values.sum(cards);
    match rules.hand_penalty {
        HandPenalty::CardValues => values,
        HandPenalty::AsMeld if cards.len() >= rules.canastra.min_len => {
            values + if dirty_by_order(cards) { rules.canastra.dirty } else { rules.canastra.clean }
        }
        HandPenalty::AsMeld => values,
    }
}

/// `buraco.js`'s order-based test: some 2 that is not the last card is followed by a card other
/// than the 3 of its suit.
fn dirty_by_order(cards: &[Card]) -> bool {
    cards.windows(2).any(|w| w[0].is(Rank::Two) && !(w[1].is(Rank::Three) && w[1].suit() == w[0].suit()))
}

/// The score of a side holding `melds` whose players hold `hands`.
pub fn side_score<'a>(melds: &[Meld], hands: impl IntoIterator<Item = &'a Hand>, rules: &BuracoRules) -> SideScore {
    let values: i64 = melds.iter().map(|m| rules.values.sum(m.cards())).sum();
    let negative =
        rules.table_cards == TableCards::NegativeWithoutCanastra && !melds.iter().any(|m| m.is_canastra(rules));
    let bonuses: i64 = melds.iter().map(|m| m.bonus(rules)).sum();
    let mut score = SideScore { melds: if negative { -values } else { values } + bonuses, ..SideScore::default() };
    for hand in hands {
        if hand.is_empty() {
            score.going_out += rules.going_out_bonus;
        } else {
            score.hands += hand_penalty(hand, rules);
        }
    }
    score
}

/// The side with the strictly higher score, or `None` on a tie.
pub fn winner(scores: &[i64]) -> Option<usize> {
    let best = *scores.iter().max()?;
    let mut leaders = scores.iter().enumerate().filter(|&(_, &s)| s == best);
    match (leaders.next(), leaders.next()) {
        (Some((side, _)), None) => Some(side),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(tokens: &str) -> Hand {
        Hand::new(tokens.split_whitespace().map(|t| t.parse().unwrap()).collect())
    }

    #[test]
    fn hands_cost_card_values_and_empty_hands_earn_the_bonus() {
        let rules = BuracoRules::itp();
        let meld = Meld::new(hand("5♠ 6♠ 7♠").cards(), &rules.melds).unwrap();
        let s = side_score(&[meld], [&Hand::default()], &rules);
        assert_eq!(s.total(), 115);
        let seven = hand("3♥ 4♥ 2♣ 9♦ K♠ A♣ 8♦");
        assert_eq!(side_score(&[], [&seven], &rules).total(), -(5 + 5 + 10 + 10 + 10 + 15 + 10));
        let quirk = BuracoRules { hand_penalty: HandPenalty::AsMeld, ..BuracoRules::itp() };
        assert_eq!(hand_penalty(&seven, &quirk), 65 + 100);
        assert_eq!(hand_penalty(&hand("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥"), &quirk), 45 + 200);
    }

    /// STBL B6: A went out with a clean and a dirty canastra; B never took its morto.
    #[test]
    fn stbl_b6_end_position() {
        let rules = BuracoRules::stbl();
        let meld = |t: &str| Meld::new(hand(t).cards(), &rules.melds).unwrap();
        let a = side_score(&[meld("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"), meld("8♠ 9♠ 10♠ J♠ Q♠ K♠ JK")], [&Hand::default()], &rules);
        assert_eq!(a.total(), 555);
        let b = side_score(&[meld("5♦ 6♦ 7♦")], [&hand("A♣ JK 2♥")], &rules);
        assert_eq!(b.total() - rules.morto.unwrap().untaken_penalty, -160);
    }

    #[test]
    fn winner_needs_a_strictly_higher_score() {
        assert_eq!(winner(&[115, -20]), Some(0));
        assert_eq!(winner(&[-45, -40]), Some(1));
        assert_eq!(winner(&[-80, -80]), None);
    }
}

#[cfg(test)]
#[path = "schwab_tests.rs"]
mod schwab_tests;
