//! A Canasta round's deal (`canasta.md` §1.2): 15 cards each, every red 3 laid out and replaced
//! from the stock, the up-card turned (more cards turned while the top is a wild card or a red 3);
//! reading a deal file and writing a deal back in that format.
//!
//! Format (non-empty lines): the hand of seat 0 and of seat 1 (`[ c … ]`, no red 3); the red 3s
//! laid out by seat 0 and by seat 1 (`[ 3♥ … ]`, `[  ]` for none); the discard pile from the
//! bottom up (`[ c … ]`, never a red 3 on top; a file may start it frozen); the start seat; then optionally the
//! stock from the top down. Cards a file does not name stay in the seeded deck's order under the
//! named stock cards.

use rand::RngExt;
use rand_pcg::Pcg64;

use crate::cards::{Card, build_decks, format_list, shuffle};
use crate::games::kit::{TakenCopy, deal_error, parse_list, take_named};
use crate::games::{Seat, SetupError};

use super::rules::{CanastaRules, is_red_three, is_wild};

/// A round's cards as dealt: every card of the decks is in exactly one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    /// The red 3s each seat laid out at the deal.
    pub red_threes: Vec<Vec<Card>>,
    /// The discard pile, top card last.
    pub discard: Vec<Card>,
    pub start: Seat,
    /// The stock, top card LAST.
    pub stock: Vec<Card>,
}

impl Deal {
    /// Deals a round: one shuffle of the decks and one coin toss for the first player, always
    /// (so later rounds replay identically whether or not a file fixes this one); then the cards
    /// of `file` if given, else the shuffled deck dealt from its end, one card a seat in turn.
    pub fn new(rules: &CanastaRules, rng: &mut Pcg64, file: Option<&str>) -> Result<Deal, SetupError> {
        let mut deck = build_decks(rules.decks, rules.jokers_per_deck);
        shuffle(&mut deck, rng);
        let start = rng.random_range(0..2);
        match file {
            Some(text) => from_file(text, rules, deck),
            None => Ok(deal_from(deck, rules, start)),
        }
    }

    /// The deal in the deal-file format, the complete stock included.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for list in self.hands.iter().chain(&self.red_threes) {
            out.push_str(&format_list(list));
            out.push('\n');
        }
        out.push_str(&format!("{}\n{}\n", format_list(&self.discard), self.start));
        out.push_str(&format_list(self.stock.iter().rev()));
        out.push('\n');
        out
    }
}

fn deal_from(mut stock: Vec<Card>, rules: &CanastaRules, start: Seat) -> Deal {
    let mut hands: Vec<Vec<Card>> = (0..2).map(|_| Vec::with_capacity(rules.hand_size)).collect();
    for _ in 0..rules.hand_size {
        for hand in hands.iter_mut() {
            hand.extend(stock.pop());
        }
    }
    let mut red_threes = vec![Vec::new(); 2];
    for seat in 0..2 {
        while let Some(at) = hands[seat].iter().position(|&c| is_red_three(c)) {
            red_threes[seat].push(hands[seat].remove(at));
            hands[seat].extend(stock.pop());
        }
    }
    let mut discard = Vec::new();
    while discard.last().is_none_or(|&top| is_wild(top) || is_red_three(top)) {
        match stock.pop() {
            Some(card) => discard.push(card),
            None => break,
        }
    }
    Deal { hands, red_threes, discard, start, stock }
}

fn from_file(text: &str, rules: &CanastaRules, mut deck: Vec<Card>) -> Result<Deal, SetupError> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    if lines.len() != 6 && lines.len() != 7 {
        return Err(deal_error(
            text.lines().count(),
            format!(
                "expected 2 hand lines, 2 red-3 lines, the discard pile, the start seat and optionally a \
                 stock line (6 or 7 non-empty lines), found {}",
                lines.len()
            ),
        ));
    }
    let mut lists = Vec::new();
    for (i, &(line, text)) in lines[..5].iter().enumerate() {
        let what = ["hand of seat 0", "hand of seat 1", "red 3s of seat 0", "red 3s of seat 1", "discard pile"][i];
        lists.push((line, parse_list(text, line, what)?));
    }
    for (seat, (line, hand)) in lists[..2].iter().enumerate() {
        if hand.is_empty() {
            return Err(deal_error(*line, format!("hand of seat {seat} is empty (a hand needs at least one card)")));
        }
        if let Some(red) = hand.iter().find(|&&c| is_red_three(c)) {
            return Err(deal_error(
                *line,
                format!("hand of seat {seat} holds the red 3 {red}: red 3s are laid out (list it on the red 3s line)"),
            ));
        }
    }
    for (seat, (line, reds)) in lists[2..4].iter().enumerate() {
        if let Some(other) = reds.iter().find(|&&c| !is_red_three(c)) {
            return Err(deal_error(*line, format!("red 3s of seat {seat}: {other} is not a red 3")));
        }
    }
    let (pile_line, pile) = &lists[4];
    match pile.last() {
        None => return Err(deal_error(*pile_line, "the discard pile needs at least one card")),
        Some(&top) if is_red_three(top) => {
            return Err(deal_error(*pile_line, format!("the discard pile's top {top} is a red 3: it is never on top")));
        }
        _ => {}
    }
    let (start_line, start_text) = lines[5];
    let start = match start_text {
        "0" => 0,
        "1" => 1,
        _ => return Err(deal_error(start_line, format!("start seat '{start_text}' must be 0 or 1"))),
    };
    let named_stock = match lines.get(6) {
        Some(&(line, text)) => (line, parse_list(text, line, "stock")?),
        None => (0, Vec::new()),
    };
    let named = lists
        .iter()
        .chain(std::iter::once(&named_stock))
        .flat_map(|(line, cards)| cards.iter().map(move |&c| (*line, c)));
    take_named(&mut deck, named, rules.decks, |card| rules.copies_of(card), TakenCopy::Top)?;
    deck.extend(named_stock.1.iter().rev());
    let mut lists = lists.into_iter().map(|(_, cards)| cards);
    let mut next = || lists.next().unwrap_or_default();
    let hands = vec![next(), next()];
    let red_threes = vec![next(), next()];
    Ok(Deal { hands, red_threes, discard: next(), start, stock: deck })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    fn deal(seed: u64, file: Option<&str>) -> Result<Deal, SetupError> {
        Deal::new(&CanastaRules::classic(), &mut Pcg64::seed_from_u64(seed), file)
    }

    #[test]
    fn a_seeded_deal_holds_every_card_once_and_no_red_three_in_hand() {
        for seed in 0..200 {
            let d = deal(seed, None).unwrap();
            assert!(d.hands.iter().all(|h| h.len() == 15 && !h.iter().any(|&c| is_red_three(c))));
            let top = *d.discard.last().unwrap();
            assert!(!is_wild(top) && !is_red_three(top));
            let mut all: Vec<Card> = d.hands.concat();
            all.extend(d.red_threes.concat());
            all.extend(&d.discard);
            all.extend(&d.stock);
            all.sort();
            let mut full = build_decks(2, 2);
            full.sort();
            assert_eq!(all, full);
            assert_eq!(deal(seed, Some(&d.text())).unwrap(), d, "the text round-trips");
        }
    }

    /// C9: the up-cards JK, 3♥, 8♣ are turned until a natural card is on top.
    #[test]
    fn c9_up_cards_are_turned_until_a_natural_card() {
        let mut stock = build_decks(2, 2);
        stock.retain(|c| !["JK", "3♥", "8♣"].contains(&c.to_string().as_str()));
        let tail: Vec<Card> = ["8♣", "3♥", "JK"].iter().map(|t| t.parse().unwrap()).collect();
        // Hands come from the end: put the up-cards just under the 30 hand cards.
        let at = stock.len() - 30;
        stock.splice(at..at, tail);
        let d = deal_from(stock, &CanastaRules::classic(), 0);
        assert_eq!(format_list(&d.discard), "[ JK 3♥ 8♣ ]");
    }

    #[test]
    fn bad_files_say_why() {
        let error = |file: &str| match deal(1, Some(file)) {
            Err(SetupError::Deal { line, message }) => (line, message),
            other => panic!("{file:?} should be refused, got {other:?}"),
        };
        assert!(error("[ 3♥ 5♠ ]\n[ 6♠ ]\n[  ]\n[  ]\n[ 9♣ ]\n0\n").1.contains("holds the red 3 3♥"));
        assert_eq!(
            error("[ JK JK JK ]\n[ JK JK ]\n[  ]\n[  ]\n[ 9♣ ]\n0\n"),
            (2, "JK is named more times than the 2 deck(s) hold (4)".into())
        );
        assert_eq!(error("[ 5♠ ]\n[ 6♠ ]\n[ 3♣ ]\n[  ]\n[ 9♣ ]\n0\n").0, 3);
        assert_eq!(error("[ 5♠ ]\n[ 6♠ ]\n[  ]\n[  ]\n[ 2♣ 3♦ ]\n0\n").0, 5);
        assert_eq!(error("[ 5♠ ]\n[ 6♠ ]\n[  ]\n[  ]\n[ 9♣ ]\n2\n").0, 6);
        assert!(error("[ 5♠ ]\n[ 6♠ ]\n9♣\n0\n").1.contains("found 4"));
    }
}
