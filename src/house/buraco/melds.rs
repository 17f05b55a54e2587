//! Finding what a hand can lay down: runs of naturals, runs completed by one wild card, single
//! cards that join a meld, and the ways to take the discard pile. Every candidate is checked
//! with the engine's own meld rules (`Meld::new`, `Meld::join`), so only legal melds come out; a
//! join of one card is mostly decided from the meld's shape, else by the engine once per meld and
//! card on a thread (a playout asks the same again and again).

use std::cell::RefCell;
use std::collections::HashMap;

use crate::cards::{Card, Rank, Suit};
use crate::games::buraco::{BuracoRules, Meld, MeldPolicy, PickupRule, TwoPolicy};

use super::board::{Board, Move};

/// Whether `card` can act as a wild in a run (a joker or any 2).
pub fn is_wildish(card: Card) -> bool {
    card.is_joker() || card.is(Rank::Two)
}

/// The run position (A low 1, 2 … K 13) of a natural card's rank.
fn position(rank: Rank) -> usize {
    if rank == Rank::Ace { 1 } else { rank.index() + 2 }
}

/// The card of `suit` standing at run position `p` (1 and 14 are the ace).
fn card_at(p: usize, suit: Suit) -> Card {
    let rank = if p == 1 || p == 14 { Rank::Ace } else { Rank::ALL[p - 2] };
    Card::new(rank, suit)
}

/// Which run positions of `suit` the hand holds naturally (aces at both 1 and 14).
fn presence(hand: &[Card], suit: Suit, rules: &BuracoRules) -> [bool; 15] {
    let mut have = [false; 15];
    for card in hand.iter().filter(|c| c.suit() == Some(suit)) {
        let Some(rank) = card.rank() else { continue };
        if rank == Rank::Two && rules.melds.twos != TwoPolicy::NaturalInPlace {
            continue;
        }
        let p = position(rank);
        have[p] = true;
        if p == 1 {
            have[14] = true;
        }
    }
    have
}

fn cards_of(first: usize, last: usize, suit: Suit) -> Vec<Card> {
    (first..=last).map(|p| card_at(p, suit)).collect()
}

/// New melds the hand can lay without a wild card, longest first.
pub fn natural_runs(hand: &[Card], rules: &BuracoRules) -> Vec<Vec<Card>> {
    let mut runs = Vec::new();
    for suit in Suit::ALL {
        for (first, last) in crate::house::run_windows(&presence(hand, suit, rules), 1) {
            if last + 1 - first >= rules.melds.min_len {
                let cards = cards_of(first, last.min(first + rules.melds.max_len - 1), suit);
                if Meld::new(&cards, &rules.melds).is_ok() {
                    runs.push(cards);
                }
            }
        }
    }
    runs.sort_by_key(|r| std::cmp::Reverse(r.len()));
    runs
}

/// New melds the hand can lay with one of its wild cards: two windows of a suit bridged over a
/// one-card gap, or a window of two extended at an end; longest first.
pub fn wild_runs(hand: &[Card], rules: &BuracoRules) -> Vec<Vec<Card>> {
    let Some(wild) = hand.iter().copied().filter(|&c| is_wildish(c)).min_by_key(|c| c.is_joker()) else {
        return Vec::new();
    };
    let mut runs = Vec::new();
    for suit in Suit::ALL {
        let have = presence(hand, suit, rules);
        let wins = crate::house::run_windows(&have, 1);
        let mut push = |mut cards: Vec<Card>| {
            if !cards.contains(&wild) || hand.iter().filter(|&&c| c == wild).count() > 1 {
                cards.push(wild);
                if cards.len() >= rules.melds.min_len && Meld::new(&cards, &rules.melds).is_ok() {
                    runs.push(cards);
                }
            }
        };
        for pair in wins.windows(2) {
            let ((a, b), (c, d)) = (pair[0], pair[1]);
            if c == b + 2 {
                let mut cards = cards_of(a, b, suit);
                cards.extend(cards_of(c, d, suit));
                push(cards);
            }
        }
        for &(a, b) in &wins {
            if b == a + 1 {
                push(cards_of(a, b, suit));
            }
        }
    }
    runs.sort_by_key(|r| std::cmp::Reverse(r.len()));
    runs
}

/// Single natural cards of the hand that join one of `melds`: `(meld index, card)`.
pub fn natural_joins(hand: &[Card], melds: &[Meld], rules: &BuracoRules) -> Vec<(usize, Card)> {
    let mut found = Vec::new();
    for (i, meld) in melds.iter().enumerate() {
        let shape = shape(meld);
        for &card in hand {
            if (is_wildish(card) && !fits_naturally(card, meld)) || found.contains(&(i, card)) {
                continue;
            }
            if !is_wildish(card) {
                if joins(meld, &shape, card, &rules.melds) {
                    found.push((i, card));
                }
                continue;
            }
            // A 2 joins only where it stands as the natural 2 (the meld stays clean).
            if let Ok(joined) = meld.join(&[card], &rules.melds)
                && joined.is_clean()
                && meld.is_clean()
            {
                found.push((i, card));
            }
        }
    }
    found
}

/// What `joins` reads of a meld, once for many cards.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// The suits of its natural cards, a bit each.
    suits: u8,
    /// The run positions of its naturals of 3 … K, a bit each; the lowest, the highest, how many.
    middles: u16,
    low: usize,
    high: usize,
    middle: usize,
    wilds: usize,
    len: usize,
}

/// The shape of `meld` for `joins`.
pub fn shape(meld: &Meld) -> Shape {
    let mut shape = Shape { suits: 0, middles: 0, low: usize::MAX, high: 0, middle: 0, wilds: 0, len: meld.len() };
    for &c in meld.cards() {
        if is_wildish(c) {
            shape.wilds += 1;
            continue;
        }
        shape.suits |= suit_bit(c);
        if let Some(q) = middle_position(c) {
            shape.middles |= 1 << q;
            (shape.low, shape.high, shape.middle) = (shape.low.min(q), shape.high.max(q), shape.middle + 1);
        }
    }
    shape
}

/// The shapes of both sides' melds, in the board's order, for many `joins` on one table.
pub fn side_shapes(board: &Board) -> [Vec<Shape>; 2] {
    [0, 1].map(|side| board.melds[side].iter().map(shape).collect())
}

fn suit_bit(card: Card) -> u8 {
    card.suit().map_or(0, |s| 1 << s.index())
}

/// Whether `card` alone joins `meld` (of shape `shape`), as `Meld::join` decides; most often from
/// the shape alone (`reach`), else once per meld and card on this thread (`JOIN_CACHE`).
pub fn joins(meld: &Meld, shape: &Shape, card: Card, policy: &MeldPolicy) -> bool {
    match reach(shape, card, policy) {
        Reach::Never => false,
        Reach::Surely => true,
        Reach::Maybe => cached_join(meld, card, policy),
    }
}

/// What the shape alone says of a join of one card to a valid meld.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    Never,
    Surely,
    /// Only `Meld::join` knows (aces, 2s, wilds, sets).
    Maybe,
}

/// Runs (the only melds of ITP and STBL) take only cards of their suit; a natural 3 … K must
/// also land within reach of the meld's naturals of 3 … K (no duplicate; a gap beside it only if
/// the meld holds a wild that may move there), which rules out most joins; and it surely
/// extends a run of naturals 3 … K alone when it lands next to one of its ends.
fn reach(shape: &Shape, card: Card, policy: &MeldPolicy) -> Reach {
    if is_wildish(card) {
        return Reach::Maybe;
    }
    if shape.suits & suit_bit(card) == 0 {
        return Reach::Never;
    }
    // Sets and wild piles (not ITP's or STBL's melds) are left to `Meld::join`.
    let Some(p) = middle_position(card).filter(|_| !policy.sets && !policy.wild_piles) else { return Reach::Maybe };
    if shape.middles & (1 << p) != 0 {
        // The same natural twice (or another suit's: a mixed run).
        return Reach::Never;
    }
    let (low, high) = (shape.low, shape.high);
    if low == usize::MAX {
        return Reach::Maybe;
    }
    // A gap beside the card needs a wild of the meld's (it moves) that no gap between its
    // naturals of 3 … K holds, within the policy's.
    let held = high + 1 - low - shape.middle;
    let slack = policy.max_wilds.min(shape.wilds).saturating_sub(held);
    if p + slack + 1 < low || p > high + slack + 1 {
        return Reach::Never;
    }
    let plain = shape.middle == shape.len && shape.len < policy.max_len;
    if plain && (p + 1 == low || p == high + 1) { Reach::Surely } else { Reach::Maybe }
}

/// Entries `JOIN_CACHE` holds before it starts again.
const JOIN_CACHE_SIZE: usize = 1 << 16;

/// `Meld::join`'s answers for one card under one policy (the cache starts again when the policy
/// changes), keyed by the meld's cards and the card: a playout asks the same again and again.
struct JoinCache {
    policy: Option<MeldPolicy>,
    answers: HashMap<u128, bool>,
}

thread_local! {
    static JOIN_CACHE: RefCell<JoinCache> = RefCell::new(JoinCache { policy: None, answers: HashMap::new() });
}

fn cached_join(meld: &Meld, card: Card, policy: &MeldPolicy) -> bool {
    // Six bits a card (its kind plus one, 1 … 53): the card and at most 20 of the meld's; a
    // longer meld is not cached.
    let code = |c: Card| 1 + c.kind() as u128;
    if meld.len() > 20 {
        return meld.join(&[card], policy).is_ok();
    }
    let key = meld.cards().iter().fold(code(card), |k, &c| (k << 6) | code(c));
    JOIN_CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.policy != Some(*policy) || cache.answers.len() >= JOIN_CACHE_SIZE {
            cache.policy = Some(*policy);
            cache.answers.clear();
        }
        if let Some(&known) = cache.answers.get(&key) {
            return known;
        }
        let ok = meld.join(&[card], policy).is_ok();
        cache.answers.insert(key, ok);
        ok
    })
}

/// The run position of a 3 … K (never a wild, an ace or a 2, whose places vary).
fn middle_position(card: Card) -> Option<usize> {
    card.rank().filter(|&r| r != Rank::Ace && r != Rank::Two).map(position)
}

/// Whether a 2 would stand as the natural 2 of the meld's suit (`A 2 3`).
fn fits_naturally(card: Card, meld: &Meld) -> bool {
    card.is(Rank::Two) && meld.cards().iter().any(|c| c.suit() == card.suit() && !c.is(Rank::Two))
}

/// Joins of a wild card that make a clean meld a canastra (never one that is one already: it
/// would only turn clean into dirty): `(meld index, wild)`.
pub fn wild_joins(hand: &[Card], melds: &[Meld], rules: &BuracoRules) -> Vec<(usize, Card)> {
    let Some(wild) = hand.iter().copied().filter(|&c| is_wildish(c)).min_by_key(|c| c.is_joker()) else {
        return Vec::new();
    };
    melds
        .iter()
        .enumerate()
        .filter(|(_, m)| m.len() + 1 == rules.canastra.min_len && m.is_clean())
        .filter(|(_, m)| m.join(&[wild], &rules.melds).is_ok())
        .map(|(i, _)| (i, wild))
        .collect()
}

/// Joins of a wild card to any clean meld short of a canastra that takes it (a clean canastra
/// stays clean), longest meld first: `(meld index, wild)`.
pub fn any_wild_joins(hand: &[Card], melds: &[Meld], rules: &BuracoRules) -> Vec<(usize, Card)> {
    let Some(wild) = hand.iter().copied().filter(|&c| is_wildish(c)).min_by_key(|c| c.is_joker()) else {
        return Vec::new();
    };
    let mut joins: Vec<(usize, Card)> = melds
        .iter()
        .enumerate()
        .filter(|(_, m)| m.is_clean() && m.len() < rules.canastra.min_len && m.join(&[wild], &rules.melds).is_ok())
        .map(|(i, _)| (i, wild))
        .collect();
    joins.sort_by_key(|&(i, _)| std::cmp::Reverse(melds[i].len()));
    joins
}

/// The ways `side` may take the pile now with `hand`: new melds of the top card and two hand
/// cards (the rules' minimum), and joins of the top card to a meld where the rules allow them.
pub fn pickups(board: &Board, side: usize, hand: &[Card]) -> Vec<Move> {
    let Some(&top) = board.pile.last() else { return Vec::new() };
    let rules = &board.rules;
    let min_left = board.min_hand_after_meld(side);
    let rest = board.pile.len() - 1;
    let mut found = Vec::new();
    match rules.pickup {
        PickupRule::NewMeldWithHand { .. } | PickupRule::TopUsedAtOnce { .. } => {}
        PickupRule::NaturalPair { .. } => return found,
    }
    if hand.len() + rest >= 2 + min_left {
        for i in 0..hand.len() {
            for j in i + 1..hand.len() {
                let pair = [hand[i], hand[j]];
                if !could_run_with(top, pair[0]) || !could_run_with(top, pair[1]) {
                    continue;
                }
                if found.iter().any(|m| matches!(m, Move::Pile(c) if c[..] == pair[..])) {
                    continue;
                }
                if Meld::new(&[top, pair[0], pair[1]], &rules.melds).is_ok() {
                    found.push(Move::Pile(pair.to_vec()));
                }
            }
        }
    }
    let left = hand.len() + rest;
    if matches!(rules.pickup, PickupRule::TopUsedAtOnce { .. }) && !is_wildish(top) && left >= min_left {
        for (i, meld) in board.melds[side].iter().enumerate() {
            // Under two cards left, the join must not dirty the side's only clean canastra.
            let way_out = || board.may_empty_hand_after(side, &Move::Join(i, vec![top]));
            if meld.join(&[top], &rules.melds).is_ok() && (left >= 2 || way_out()) {
                found.push(Move::PileJoin(i));
            }
        }
    }
    found
}

/// A cheap filter before `Meld::new`: whether `card` could stand in one run with `top` (a wild,
/// or a natural of its suit at most two places away).
fn could_run_with(top: Card, card: Card) -> bool {
    if is_wildish(top) || is_wildish(card) {
        return true;
    }
    let (Some(a), Some(b)) = (top.rank(), card.rank()) else { return false };
    if top.suit() != card.suit() {
        return false;
    }
    let (pa, pb) = (position(a) as i64, position(b) as i64);
    let d = (pa - pb).abs();
    (1..=2).contains(&d) || (a == Rank::Ace && (14 - pb) <= 2 && pb != 14) || (b == Rank::Ace && (14 - pa) <= 2)
}
