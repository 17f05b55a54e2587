//! The medium and hard players' choices before the tricks: declaring a trump suit their hand
//! fits (never overriding the partner), and burying the kitty so as to keep trumps, pairs and
//! aces, keep points out of the kitty, and empty short plain suits.

use crate::cards::{Card, Suit};
use crate::games::shengji::{Declaration, EffSuit, TrumpContext, points};

use super::seen::Seen;

/// How many of `hand` would be trumps with `suit` trump, per card held.
fn fit(seen: &Seen, suit: Suit) -> f64 {
    let ctx = TrumpContext::new(seen.level, Some(suit));
    let trumps = seen.hand.iter().filter(|&&c| ctx.is_trump(c)).count();
    trumps as f64 / seen.hand.len().max(1) as f64
}

/// Whether declaring `count` copies of `card` now would be accepted (the stronger rule, which
/// the `last` option also accepts).
pub fn accepted(seen: &Seen, card: Card, count: usize) -> bool {
    let held = seen.hand.iter().filter(|&&c| c == card).count();
    let valid = held >= count && if card.is_joker() { count >= 2 } else { card.is(seen.level) && count >= 1 };
    let new = Declaration { seat: seen.me, card, count };
    valid
        && seen.standing.is_none_or(|old| !(old.seat == seen.me && old.card != card) && new.strength() > old.strength())
}

/// The declaration to make now, if any: the level cards of the best-fitting suit, when the hand
/// fits it well enough (more so early in the deal) and the partner has not declared.
pub fn declare(seen: &Seen, last_call: bool) -> Option<Vec<Card>> {
    if seen.standing.is_some_and(|d| d.seat == seen.partner() || d.seat == seen.me) || seen.hand.len() < 4 {
        return None;
    }
    let want = if last_call { 0.26 } else { 0.30 + 1.0 / seen.hand.len() as f64 };
    let mut best: Option<(f64, Vec<Card>)> = None;
    for suit in Suit::ALL {
        let card = Card::new(seen.level, suit);
        let held = seen.hand.iter().filter(|&&c| c == card).count();
        let Some(count) = (1..=held).find(|&k| accepted(seen, card, k)) else { continue };
        let f = fit(seen, suit);
        if f >= want && best.as_ref().is_none_or(|(b, _)| f > *b) {
            best = Some((f, vec![card; count]));
        }
    }
    best.map(|(_, cards)| cards)
}

/// How much a card is worth keeping in the banker's hand.
fn keep(seen: &Seen, card: Card) -> i64 {
    let ctx = &seen.trump;
    let pos = i64::from(ctx.pos(card));
    let EffSuit::Plain(suit) = ctx.eff_suit(card) else { return 1000 + pos };
    let copies = seen.hand.iter().filter(|&&c| c == card).count();
    let length = seen.hand.iter().filter(|&&c| ctx.eff_suit(c) == EffSuit::Plain(suit)).count() as i64;
    let mut value = pos + length * 4 + i64::from(points(card)) * 6;
    if copies >= 2 {
        value += 200;
    }
    if pos >= 11 {
        value += 150;
    }
    value
}

/// The cards to bury: the `k` least worth keeping.
pub fn bury(seen: &Seen, k: usize) -> Vec<Card> {
    let mut cards = seen.hand.clone();
    cards.sort_by_key(|&c| (keep(seen, c), c));
    cards.truncate(k);
    cards
}
