//! Matches of several hands, for any game whose hands are scored per side: the target that ends a
//! match, the running totals, and the winner. Pure bookkeeping, shared by every game kind (the
//! Buraco games sum hand scores to a target; Shengji records each team's points as attackers per
//! deal and ends the match itself when a team defends level A, or at the deal cap).

use super::table::{Counter, Owner, Value};

/// How many hands a match lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRules {
    /// The match ends after the hand in which a side's running total reaches this; `None`: the
    /// match is one hand.
    pub target: Option<i64>,
    /// The match ends after this many hands whatever the totals (so that weak play ends too).
    pub max_hands: u32,
}

impl MatchRules {
    /// One hand, scored on its own.
    pub const ONE_HAND: MatchRules = MatchRules { target: None, max_hands: 1 };

    /// Whether a match can have more than one hand.
    pub fn is_multi_hand(&self) -> bool {
        self.target.is_some() && self.max_hands > 1
    }
}

/// The hands played so far and each side's running total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchScore {
    rules: MatchRules,
    /// Each finished hand's score per side, in order.
    hands: Vec<Vec<i64>>,
    totals: Vec<i64>,
    over: bool,
}

/// What follows a finished hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterHand {
    NextHand,
    MatchOver,
}

impl MatchScore {
    pub fn new(rules: MatchRules, sides: usize) -> MatchScore {
        MatchScore { rules, hands: Vec::new(), totals: vec![0; sides], over: false }
    }

    pub fn rules(&self) -> MatchRules {
        self.rules
    }

    /// The number of the hand being played (1 for the first), or of the last one once over.
    pub fn hand_number(&self) -> u32 {
        self.hands.len() as u32 + u32::from(!self.over)
    }

    /// Whether a recorded hand ended the match.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Each finished hand's score per side.
    pub fn hands(&self) -> &[Vec<i64>] {
        &self.hands
    }

    /// Each side's total over the finished hands.
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }

    /// The totals if a hand now in progress ended with `hand` (a forfeit's scores).
    pub fn totals_with(&self, hand: &[i64]) -> Vec<i64> {
        self.totals.iter().zip(hand).map(|(t, h)| t + h).collect()
    }

    /// Records a finished hand's scores and says whether the match goes on.
    pub fn record(&mut self, hand: &[i64]) -> AfterHand {
        self.record_ending(hand, false)
    }

    /// `record`, for games whose matches also end on a condition of their own (`ends`: a
    /// Shengji team defended level A), beside the target and the hand cap.
    pub fn record_ending(&mut self, hand: &[i64], ends: bool) -> AfterHand {
        self.totals = self.totals_with(hand);
        self.hands.push(hand.to_vec());
        let reached = self.rules.target.is_some_and(|t| self.totals.iter().any(|&s| s >= t));
        if ends || reached || self.hands.len() as u32 >= self.rules.max_hands.max(1) {
            self.over = true;
            AfterHand::MatchOver
        } else {
            AfterHand::NextHand
        }
    }
}

/// A match's counters for the table model: the hand (or round, as `unit` names it) being played
/// and each side's total over the finished ones.
pub fn match_counters(unit: &str, hand: u32, totals: &[i64]) -> Vec<Counter> {
    let mut counters = vec![Counter::new("hand-number", Owner::Nobody, unit, Value::Number(i64::from(hand)))];
    for (side, &total) in totals.iter().enumerate() {
        counters.push(Counter::new("match-total", Owner::Side(side), "match total", Value::Number(total)));
    }
    counters
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Schwab S9: 1950 against 1400, the next hand gives team 1 +60: 2010 ≥ 2000 ends the match.
    #[test]
    fn schwab_s9_target_reached_ends_the_match() {
        let mut m = MatchScore::new(MatchRules { target: Some(2000), max_hands: 30 }, 2);
        assert_eq!(m.record(&[1950, 1400]), AfterHand::NextHand);
        assert_eq!(m.hand_number(), 2);
        assert_eq!(m.record(&[60, -20]), AfterHand::MatchOver);
        assert_eq!((m.totals(), m.hand_number(), m.is_over()), (&[2010, 1380][..], 2, true));
    }

    #[test]
    fn one_hand_and_the_hand_cap_end_the_match() {
        assert_eq!(MatchScore::new(MatchRules::ONE_HAND, 2).record(&[-5, 3]), AfterHand::MatchOver);
        let mut m = MatchScore::new(MatchRules { target: Some(2000), max_hands: 2 }, 2);
        assert_eq!(m.record(&[-100, 0]), AfterHand::NextHand);
        assert_eq!(m.record(&[-100, 0]), AfterHand::MatchOver);
        assert_eq!((m.totals(), m.hands().len()), (&[-200, 0][..], 2));
    }
}
