//! Scratch Rummy's deal: dealt from the seeded generator, or read from a deal file (the two
//! hands, the discard pile, the start seat, the optional stock line); `text` writes it back.

use juiz::cards::{Card, build_decks, format_list, shuffle};
use juiz::games::SetupError;
use juiz::games::kit::{TakenCopy, deal_error, parse_list, take_named};
use rand::SeedableRng;
use rand_pcg::Pcg64;

use super::rules::ScratchRules;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub hands: [Vec<Card>; 2],
    pub discard: Vec<Card>,
    pub start: usize,
    /// Top first.
    pub stock: Vec<Card>,
}

impl Deal {
    /// A shuffled deck dealt: the hands, one up-card, seat 0 starts.
    pub fn random(rules: &ScratchRules, seed: u64) -> Deal {
        let mut deck = build_decks(1, 0);
        shuffle(&mut deck, &mut Pcg64::seed_from_u64(seed));
        let hand_size = rules.hand_size;
        let hands = [deck[..hand_size].to_vec(), deck[hand_size..2 * hand_size].to_vec()];
        let discard = vec![deck[2 * hand_size]];
        Deal { hands, discard, start: 0, stock: deck[2 * hand_size + 1..].to_vec() }
    }

    /// A deal file; without a stock line the cards it does not name, shuffled by `seed`.
    pub fn parse(text: &str, seed: u64) -> Result<Deal, SetupError> {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if !(4..=5).contains(&lines.len()) {
            return Err(deal_error(
                lines.len(),
                "expected two hands, the discard pile, the start seat and a stock line",
            ));
        }
        let hands = [parse_list(lines[0], 1, "hand 1")?, parse_list(lines[1], 2, "hand 2")?];
        let discard = parse_list(lines[2], 3, "the discard pile")?;
        let start = match lines[3].trim() {
            "0" => 0,
            "1" => 1,
            other => return Err(deal_error(4, format!("the start seat is 0 or 1, not '{other}'"))),
        };
        if hands.iter().any(Vec::is_empty) {
            return Err(deal_error(1, "a hand is empty"));
        }
        let mut deck = build_decks(1, 0);
        shuffle(&mut deck, &mut Pcg64::seed_from_u64(seed));
        let named: Vec<(usize, Card)> = [(1, &hands[0]), (2, &hands[1]), (3, &discard)]
            .into_iter()
            .flat_map(|(line, cards)| cards.iter().map(move |&c| (line, c)))
            .collect();
        take_named(&mut deck, named, 1, |_| 1, TakenCopy::Top)?;
        let stock = match lines.get(4) {
            Some(line) => {
                let stock = parse_list(line, 5, "the stock")?;
                take_named(&mut deck, stock.iter().map(|&c| (5, c)), 1, |_| 1, TakenCopy::Top)?;
                stock
            }
            None => deck,
        };
        if stock.iter().any(|c| c.rank().is_none())
            || hands.iter().chain([&discard]).flatten().any(|c| c.rank().is_none())
        {
            return Err(deal_error(1, "Scratch Rummy has no jokers"));
        }
        Ok(Deal { hands, discard, start, stock })
    }

    /// The deal file of this deal (parses back to it).
    pub fn text(&self) -> String {
        let [a, b] = &self.hands;
        format!(
            "{}\n{}\n{}\n{}\n{}\n",
            format_list(a),
            format_list(b),
            format_list(&self.discard),
            self.start,
            format_list(&self.stock)
        )
    }
}
