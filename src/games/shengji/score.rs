//! Scoring a Shengji deal: the point cards, the kitty multiplier of the last trick (§1.9, §2
//! A7/A8), and the level tables of §1.10 for 1, 2 and 3 decks with the next banker.

use crate::cards::{Card, Rank};

use super::units::Unit;

/// 5 for a five, 10 for a ten or a king, 0 otherwise.
pub fn points(card: Card) -> u32 {
    match card.rank() {
        Some(Rank::Five) => 5,
        Some(Rank::Ten) | Some(Rank::King) => 10,
        _ => 0,
    }
}

pub fn points_of(cards: &[Card]) -> u32 {
    cards.iter().map(|&c| points(c)).sum()
}

/// The factor the kitty's points are multiplied by when the attackers win the last trick, read
/// from the winning play's units, first match: a Titanic of L triples 2·3^L, a triple 6, a
/// tractor of L pairs 2·2^L (the longest), a pair 4, singles 2.
pub fn kitty_multiplier(units: &[Unit]) -> u32 {
    let longest = |width: u8| units.iter().filter(|u| u.width == width && u.len >= 2).map(|u| u.len).max();
    if let Some(len) = longest(3) {
        return 2 * 3u32.pow(len as u32);
    }
    if units.iter().any(|u| u.width == 3) {
        return 6;
    }
    if let Some(len) = longest(2) {
        return 2 * 2u32.pow(len as u32);
    }
    if units.iter().any(|u| u.width == 2) { 4 } else { 2 }
}

/// What a deal's result does to the levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealResult {
    /// Levels gained by the declarers (0 when the attackers win).
    pub declarers_up: u8,
    /// Levels gained by the attackers.
    pub attackers_up: u8,
    /// Whether the attackers become the declarers (take the bank).
    pub bank_changes: bool,
}

/// R1: the next banker — the banker's partner if the declarers keep the bank, else the next
/// player after the banker (an attacker).
pub fn next_banker(banker: usize, result: DealResult) -> usize {
    if result.bank_changes { (banker + 1) % 4 } else { (banker + 2) % 4 }
}

/// §1.10: the result of attackers' points `p` with `decks` decks.
pub fn deal_result(decks: usize, p: u32) -> DealResult {
    let declarers = |n| DealResult { declarers_up: n, attackers_up: 0, bank_changes: false };
    let attackers = |n| DealResult { declarers_up: 0, attackers_up: n, bank_changes: true };
    match decks {
        1 => match p {
            0 => declarers(2),
            5..=35 => declarers(1),
            40..=75 => attackers(0),
            80..=95 => attackers(1),
            _ => attackers(2),
        },
        _ => {
            let step = if decks == 3 { 60 } else { 40 };
            if p == 0 {
                declarers(3)
            } else if p < step {
                declarers(2)
            } else if p < 2 * step {
                declarers(1)
            } else {
                attackers(((p - 2 * step) / step + 1) as u8)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(width: u8, len: u8) -> Unit {
        Unit { width, len, top: 5, cards: Vec::new() }
    }

    /// G6: kitty of 25 points.
    #[test]
    fn g6_kitty_multiplier() {
        let cases = [
            (vec![unit(1, 1)], 50),
            (vec![unit(2, 1)], 100),
            (vec![unit(2, 2)], 200),
            (vec![unit(2, 3)], 400),
            (vec![unit(3, 1)], 150),
            (vec![unit(3, 2)], 450),
            (vec![unit(2, 3), unit(3, 1)], 150),
        ];
        for (units, bonus) in cases {
            assert_eq!(25 * kitty_multiplier(&units), bonus, "{units:?}");
        }
    }

    /// G10: banker P1 (seat 0); 70 points: P3 banker, team 0 +1; 90: P2 banker, team 1 +1.
    #[test]
    fn g10_next_banker() {
        let r = deal_result(2, 70);
        assert_eq!((next_banker(0, r), r.declarers_up), (2, 1));
        let r = deal_result(2, 90);
        assert_eq!((next_banker(0, r), r.attackers_up), (1, 1));
    }

    /// G7 (2 decks) and G8 (1 deck).
    #[test]
    fn g7_g8_level_tables() {
        let d = |n| DealResult { declarers_up: n, attackers_up: 0, bank_changes: false };
        let a = |n| DealResult { declarers_up: 0, attackers_up: n, bank_changes: true };
        for (p, r) in [(0, d(3)), (35, d(2)), (75, d(1)), (80, a(1)), (125, a(2)), (165, a(3)), (205, a(4))] {
            assert_eq!(deal_result(2, p), r, "2 decks, {p}");
        }
        for (p, r) in [(0, d(2)), (35, d(1)), (60, a(0)), (85, a(1)), (100, a(2)), (150, a(2))] {
            assert_eq!(deal_result(1, p), r, "1 deck, {p}");
        }
        for (p, r) in [(0, d(3)), (55, d(2)), (60, d(1)), (115, d(1)), (120, a(1)), (180, a(2)), (240, a(3))] {
            assert_eq!(deal_result(3, p), r, "3 decks, {p}");
        }
    }
}
