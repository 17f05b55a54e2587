//! The cards of one Shengji deal: each seat's cards in the order it receives them, the kitty,
//! and the first seat dealt to; made from the seeded generator or read from a deal file, and
//! written back in the same format (`Engine::deal_text`).

use std::collections::BTreeMap;

use rand::RngExt;
use rand_pcg::Pcg64;

use crate::cards::{Card, build_decks_with_two_jokers, format_list, shuffle};
use crate::games::{Seat, SetupError};

use super::rules::ShengjiRules;

/// The cards of a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealCards {
    /// Each seat's cards in the order dealt to it.
    pub hands: Vec<Vec<Card>>,
    pub kitty: Vec<Card>,
    /// The first seat dealt to (then the next ones in playing order, one card at a time).
    pub start: Seat,
}

fn error(line: usize, message: String) -> SetupError {
    SetupError::Deal { line, message }
}

impl DealCards {
    /// A shuffled deal; the first seat dealt to is `start`, or drawn from `rng` when `None`.
    pub fn random(rules: &ShengjiRules, rng: &mut Pcg64, start: Option<Seat>) -> DealCards {
        let mut cards = build_decks_with_two_jokers(rules.decks);
        shuffle(&mut cards, rng);
        let start = start.unwrap_or_else(|| rng.random_range(0..4));
        let n = rules.hand_size();
        let mut hands: Vec<Vec<Card>> = (0..4).map(|_| Vec::with_capacity(n)).collect();
        for (i, &card) in cards[..4 * n].iter().enumerate() {
            hands[(start + i) % 4].push(card);
        }
        DealCards { hands, kitty: cards[4 * n..].to_vec(), start }
    }

    /// The order the cards are dealt in: (seat, card).
    pub fn order(&self) -> Vec<(Seat, Card)> {
        let n = self.hands[0].len();
        (0..4 * n).map(|i| (self.start + i) % 4).enumerate().map(|(i, s)| (s, self.hands[s][i / 4])).collect()
    }

    /// Reads a deal file: four hand lines `[ … ]` (seat 0 first, cards in the order received),
    /// the kitty line, and the first seat dealt to (0–3). Blank lines and `#` comments are skipped.
    pub fn parse(rules: &ShengjiRules, text: &str) -> Result<DealCards, SetupError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if lines.len() != 6 {
            let at = lines.last().map_or(1, |l| l.0);
            return Err(error(
                at,
                format!("expected 6 lines (4 hands, the kitty, the first seat), found {}", lines.len()),
            ));
        }
        let list = |(line, text): (usize, &str), what: &str, size: usize| -> Result<Vec<Card>, SetupError> {
            let inner = text
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .ok_or_else(|| error(line, format!("{what}: expected [ c1 c2 … ]")))?;
            let cards: Vec<Card> = inner
                .split_whitespace()
                .map(|t| match t.parse::<Card>() {
                    Ok(Card::Joker) => Err(error(line, format!("{what}: 'JK' is not a Shengji card (SJ, BJ)"))),
                    Ok(c) => Ok(c),
                    Err(e) => Err(error(line, format!("{what}: {e}"))),
                })
                .collect::<Result<_, _>>()?;
            if cards.len() != size {
                return Err(error(line, format!("{what}: {} cards, expected {size}", cards.len())));
            }
            Ok(cards)
        };
        let mut hands = Vec::new();
        for (seat, &line) in lines.iter().take(4).enumerate() {
            hands.push(list(line, &format!("hand of seat {seat}"), rules.hand_size())?);
        }
        let kitty = list(lines[4], "kitty", rules.kitty_size())?;
        let (line, start) = lines[5];
        let start: Seat = match start.parse() {
            Ok(s) if s < 4 => s,
            _ => return Err(error(line, format!("first seat: '{start}' is not 0, 1, 2 or 3"))),
        };
        let mut counts: BTreeMap<Card, usize> = BTreeMap::new();
        for &card in hands.iter().flatten().chain(&kitty) {
            *counts.entry(card).or_default() += 1;
        }
        if let Some((card, n)) = counts.iter().find(|(_, n)| **n > rules.decks) {
            return Err(error(line, format!("{card} appears {n} times in {} deck(s)", rules.decks)));
        }
        Ok(DealCards { hands, kitty, start })
    }

    /// The deal in the deal-file format.
    pub fn text(&self) -> String {
        let mut text: String = self.hands.iter().map(|h| format!("{}\n", format_list(h))).collect();
        text.push_str(&format!("{}\n{}\n", format_list(&self.kitty), self.start));
        text
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn a_random_deal_reads_back_and_deals_in_turn() {
        for decks in 1..=3 {
            let rules = ShengjiRules { decks, ..ShengjiRules::default() };
            let deal = DealCards::random(&rules, &mut Pcg64::seed_from_u64(decks as u64), None);
            assert_eq!(DealCards::parse(&rules, &deal.text()), Ok(deal.clone()));
            let order = deal.order();
            assert_eq!(order[0].0, deal.start);
            assert_eq!(order[1].0, (deal.start + 1) % 4);
            assert_eq!(order.len() + deal.kitty.len(), rules.card_count());
        }
    }

    #[test]
    fn bad_deal_files_are_refused() {
        let rules = ShengjiRules { decks: 1, ..ShengjiRules::default() };
        let deal = DealCards::random(&rules, &mut Pcg64::seed_from_u64(1), Some(0)).text();
        assert!(DealCards::parse(&rules, &deal.replacen("[ ", "[ 5♠ ", 1)).is_err());
        assert!(DealCards::parse(&rules, &deal.replace("\n0\n", "\n4\n")).is_err());
    }
}
