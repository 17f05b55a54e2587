//! Finding what a hand can lay down: runs of naturals, runs completed by one wild card, single
//! cards that join a meld, and the ways to take the discard pile. Every candidate is checked
//! with the engine's own meld rules (`Meld::new`, `Meld::join`), so only legal melds come out.

use crate::cards::{Card, Rank, Suit};
use crate::games::buraco::{BuracoRules, Meld, PickupRule, TwoPolicy};

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
    let mut joins = Vec::new();
    for (i, meld) in melds.iter().enumerate() {
        for &card in hand {
            if (is_wildish(card) && !fits_naturally(card, meld)) || !may_join(meld, card) || joins.contains(&(i, card))
            {
                continue;
            }
            // A 2 joins only where it stands as the natural 2 (the meld stays clean).
            if let Ok(joined) = meld.join(&[card], &rules.melds)
                && (!is_wildish(card) || (joined.is_clean() && meld.is_clean()))
            {
                joins.push((i, card));
            }
        }
    }
    joins
}

/// A cheap filter before `Meld::join` of a natural card: runs (the only melds of ITP and STBL)
/// take only cards of their suit.
pub fn may_join(meld: &Meld, card: Card) -> bool {
    is_wildish(card) || meld.cards().iter().any(|c| !is_wildish(*c) && c.suit() == card.suit())
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
