//! The deal: dealing from a seeded deck, reading a deal file (the original's `-i` format plus an
//! optional stock line), and writing a deal back in that format.
//!
//! Format (non-empty lines): one `[ c … ]` hand line per seat in seat order; with mortos, one
//! `[ c … ]` line per side (side 0 first) of exactly the morto's size; the discard top card (only
//! in variants with an up-card); the start seat index; then optionally one `[ c … ]` line giving
//! the stock from the top down. Cards a file does not name stay in the seeded deck's order under
//! the named stock cards; of a card named, ITP takes the seeded deck's bottom-most copy (as
//! `buraco.js -i` does), the other variants the top-most.

use rand::RngExt;
use rand_pcg::Pcg64;

use crate::cards::{Card, build_decks, format_list, shuffle};
use crate::games::kit::{TakenCopy, deal_error, parse_list, take_named};
use crate::games::{Seat, SetupError};

use super::rules::BuracoRules;

/// A complete deal: every card of the decks is in exactly one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    /// One per side when the variant has mortos, else none.
    pub mortos: Vec<Vec<Card>>,
    /// The up-card starting the discard pile, in variants that have one.
    pub discard_top: Option<Card>,
    pub start: Seat,
    /// The stock, top card LAST (the end of the vector is drawn first).
    pub stock: Vec<Card>,
}

impl Deal {
    /// Deals a game. The generator is always used the same way (one deck shuffle, then one draw
    /// for the start seat), whether or not a deal file fixes the cards, so later random events
    /// replay identically from `text()`. ITP shuffles and draws as `buraco.js` does with the same
    /// `seed` (see `buraco_js`), leaving `rng` to later events; other variants use `rng`.
    ///
    /// Without a file: the shuffled deck is the stock, dealt from its end: `hand_size` rounds of
    /// one card per seat in seat order, then each side's morto (side 0 first), then the discard
    /// top card.
    pub fn new(
        rules: &BuracoRules,
        seats: usize,
        seed: u64,
        rng: &mut Pcg64,
        file: Option<&str>,
    ) -> Result<Deal, SetupError> {
        let (deck, drawn_start) = if rules.shuffles_as_buraco_js() {
            let (deck, mut original) = super::buraco_js::shuffled_decks(seed);
            (deck, original.below(seats))
        } else {
            let mut deck = build_decks(rules.decks, rules.jokers_per_deck);
            shuffle(&mut deck, rng);
            (deck, rng.random_range(0..seats))
        };
        match file {
            None => deal_from(deck, seats, rules, drawn_start),
            Some(text) => from_file(text, rules, seats, deck),
        }
    }

    /// The deal in the deal-file format, including the complete stock line.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for hand in self.hands.iter().chain(&self.mortos) {
            out.push_str(&format_list(hand));
            out.push('\n');
        }
        if let Some(top) = self.discard_top {
            out.push_str(&format!("{top}\n"));
        }
        out.push_str(&format!("{}\n", self.start));
        out.push_str(&format_list(self.stock.iter().rev()));
        out.push('\n');
        out
    }
}

fn deal_from(mut stock: Vec<Card>, seats: usize, rules: &BuracoRules, start: Seat) -> Result<Deal, SetupError> {
    let hand_size = rules.hand_size;
    let morto_cards = rules.morto.map_or(0, |m| 2 * m.size);
    if stock.len() <= seats * hand_size + morto_cards {
        return Err(deal_error(0, format!("{} cards cannot deal {seats} hands of {hand_size}", stock.len())));
    }
    let mut hands = vec![Vec::with_capacity(hand_size); seats];
    for _ in 0..hand_size {
        for hand in hands.iter_mut() {
            hand.extend(stock.pop());
        }
    }
    let mortos = match rules.morto {
        Some(m) => (0..2).map(|_| stock.split_off(stock.len() - m.size).into_iter().rev().collect()).collect(),
        None => Vec::new(),
    };
    let discard_top = match rules.up_card {
        true => Some(stock.pop().ok_or_else(|| deal_error(0, "no card left for the discard pile"))?),
        false => None,
    };
    Ok(Deal { hands, mortos, discard_top, start, stock })
}

fn from_file(text: &str, rules: &BuracoRules, seats: usize, mut deck: Vec<Card>) -> Result<Deal, SetupError> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    let morto_lines = if rules.morto.is_some() { 2 } else { 0 };
    let top_lines = usize::from(rules.up_card);
    let fixed = seats + morto_lines + top_lines + 1;
    if lines.len() != fixed && lines.len() != fixed + 1 {
        let last = text.lines().count();
        let mortos = if morto_lines > 0 { ", a morto line per side" } else { "" };
        let top = if rules.up_card { ", the discard card" } else { "" };
        return Err(deal_error(
            last,
            format!(
                "expected {seats} hand lines{mortos}{top}, the start index and optionally a stock line \
                 ({fixed} or {} non-empty lines), found {}",
                fixed + 1,
                lines.len()
            ),
        ));
    }
    let mut hands = Vec::with_capacity(seats);
    for (seat, &(line, text)) in lines[..seats].iter().enumerate() {
        let hand = parse_list(text, line, &format!("hand of seat {seat}"))?;
        if hand.is_empty() {
            return Err(deal_error(line, format!("hand of seat {seat} is empty (a hand needs at least one card)")));
        }
        hands.push(hand);
    }
    let mut mortos = Vec::with_capacity(morto_lines);
    for (side, &(line, text)) in lines[seats..seats + morto_lines].iter().enumerate() {
        let morto = parse_list(text, line, &format!("morto of side {side}"))?;
        let size = rules.morto.map_or(0, |m| m.size);
        if morto.len() != size {
            return Err(deal_error(line, format!("morto of side {side} has {} cards, not {size}", morto.len())));
        }
        mortos.push(morto);
    }
    let mut next = seats + morto_lines;
    let mut discard_top = None;
    if rules.up_card {
        let (top_line, top_text) = lines[next];
        let top: Card =
            Card::parse_single_joker(top_text).map_err(|e| deal_error(top_line, format!("discard card: {e}")))?;
        discard_top = Some((top_line, top));
        next += 1;
    }
    let (start_line, start_text) = lines[next];
    let start = match start_text.parse::<usize>() {
        Ok(s) if s < seats && start_text.bytes().all(|b| b.is_ascii_digit()) => s,
        _ => {
            return Err(deal_error(
                start_line,
                format!("start index '{start_text}' must be a seat number from 0 to {}", seats - 1),
            ));
        }
    };
    let named_stock = match lines.get(next + 1) {
        Some(&(line, text)) => parse_list(text, line, "stock")?,
        None => Vec::new(),
    };
    let stock_line = lines.get(next + 1).map_or(0, |&(line, _)| line);

    // Take every named card out of the seeded deck, reporting the first one named too often.
    let named = hands
        .iter()
        .chain(&mortos)
        .zip(&lines)
        .flat_map(|(hand, &(line, _))| hand.iter().map(move |&c| (line, c)))
        .chain(discard_top)
        .chain(named_stock.iter().map(|&c| (stock_line, c)));
    // ITP takes the copy `buraco.js -i` takes (its first, the bottom-most), so that the stock
    // matches the original's seed for seed; the other variants the top-most.
    let copy = if rules.shuffles_as_buraco_js() { TakenCopy::Bottom } else { TakenCopy::Top };
    take_named(&mut deck, named, rules.decks, |card| rules.copies_of(card), copy)?;
    deck.extend(named_stock.iter().rev());
    Ok(Deal { hands, mortos, discard_top: discard_top.map(|(_, top)| top), start, stock: deck })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    fn deal(seed: u64, file: Option<&str>) -> Result<Deal, SetupError> {
        Deal::new(&BuracoRules::itp(), 2, seed, &mut Pcg64::seed_from_u64(seed), file)
    }

    fn error_of(file: &str) -> (usize, String) {
        match deal(1, Some(file)) {
            Err(SetupError::Deal { line, message }) => (line, message),
            other => panic!("{file:?} should be refused, got {other:?}"),
        }
    }

    #[test]
    fn seeded_deal_has_every_card_once() {
        let d = deal(42, None).unwrap();
        assert_eq!(d.hands.iter().map(Vec::len).collect::<Vec<_>>(), [11, 11]);
        assert_eq!(d.stock.len(), 81);
        let mut all: Vec<Card> = d.hands.concat();
        all.extend(d.discard_top);
        all.extend(&d.stock);
        all.sort();
        let mut full = build_decks(2, 0);
        full.sort();
        assert_eq!(all, full);
        assert_eq!(deal(42, None).unwrap(), d);
    }

    #[test]
    fn text_round_trips() {
        let d = deal(5, None).unwrap();
        let again = deal(9, Some(&d.text())).unwrap();
        assert_eq!(again, d);
    }

    #[test]
    fn short_file_keeps_unnamed_cards_in_seeded_order() {
        let file = "[ 6♠ 7♠ ]\n\n[ 3♥ 4♥ 9♦ ]\n5♠\n1\n[ K♣ Q♣ ]\n";
        let d = deal(7, Some(file)).unwrap();
        assert_eq!(d.start, 1);
        assert_eq!(d.stock.len(), 104 - 6);
        assert_eq!(d.stock[d.stock.len() - 2..], ["Q♣".parse().unwrap(), "K♣".parse().unwrap()]);
        assert_eq!(deal(7, Some(file)).unwrap(), d);
    }

    #[test]
    fn bad_files_name_the_line() {
        assert_eq!(error_of("[ 6♠ ]\n[ 3♥ ]\n5♠\n").0, 3);
        assert!(error_of("[ 6♠ ]\n[ 3♥ ]\n5♠\n0\n[ 2♥ ]\n[ 2♥ ]\n").1.contains("non-empty lines"));
        assert_eq!(
            error_of("[ 6♠ 6♠ ]\n[ 6♠ ]\n5♠\n0\n"),
            (2, "6♠ is named more times than the 2 deck(s) hold (2)".into())
        );
        assert_eq!(error_of("[ 6♠ ]\n[ ]\n5♠\n0\n").0, 2);
        assert_eq!(error_of("[ 6♠ ]\n[ 5♥x ]\n5♠\n0\n").0, 2);
        assert_eq!(error_of("[ 6♠ ]\n3♥\n5♠\n0\n").0, 2);
        assert_eq!(error_of("[ 6♠ ]\n[ 3♥ ]\n5♠\n2\n").0, 4);
        assert_eq!(error_of("[ 6♠ ]\n[ 3♥ ]\n5♠\n+1\n").0, 4);
        assert_eq!(error_of("[ 6♠ ]\n[ 3♥ ]\n[ 5♠ ]\n0\n").0, 3);
        assert_eq!(error_of("[ 6♠ ]\n[ 3♥ ]\n5♠\n0\n[ 5♠ 5♠ ]\n").0, 5);
    }
}
