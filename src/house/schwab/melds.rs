//! What a Schwab hand can lay down: sets and runs of naturals (at most 7 cards), the same
//! completed by one mono, natural cards that join a team pile, a mono that closes a pile into a
//! cerrado, and the natural pairs that take the discard pile. Every candidate is checked with the
//! engine's own pile rules (`Meld::new`, `Meld::join`), so only legal piles come out.

use crate::cards::{Card, Rank, Suit};
use crate::games::buraco::{Meld, MeldKind};

use super::board::{Board, Move};

/// The largest pile (a cerrado).
pub const CERRADO: usize = 7;

/// A run position: the low ace 0, 3 … K 1 … 11, the high ace 12 (2s are always monos).
fn positions(rank: Rank) -> &'static [usize] {
    const ACE: [usize; 2] = [0, 12];
    const ALL: [usize; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    match rank {
        Rank::Ace => &ACE,
        Rank::Two => &[],
        r => &ALL[r.index()..=r.index()],
    }
}

fn card_at(pos: usize, suit: Suit) -> Card {
    match pos {
        0 | 12 => Card::new(Rank::Ace, suit),
        p => Card::new(Rank::ALL[p], suit),
    }
}

/// The cheapest mono of the hand (a 2 before a joker).
pub fn cheapest_wild(board: &Board, hand: &[Card]) -> Option<Card> {
    hand.iter().copied().filter(|&c| board.is_wild(c)).min_by_key(|c| c.is_joker())
}

/// Which run positions of `suit` the hand holds.
fn presence(hand: &[Card], suit: Suit) -> [bool; 13] {
    let mut have = [false; 13];
    for card in hand.iter().filter(|c| c.suit() == Some(suit)) {
        if let Some(rank) = card.rank() {
            positions(rank).iter().for_each(|&p| have[p] = true);
        }
    }
    have
}

fn run_cards(first: usize, last: usize, suit: Suit) -> Vec<Card> {
    (first..=last).map(|p| card_at(p, suit)).collect()
}

/// How many natural cards of each rank the hand holds (by `Rank::index`).
fn rank_counts(hand: &[Card]) -> [usize; 13] {
    let mut counts = [0; 13];
    for card in hand {
        if let Some(rank) = card.rank().filter(|&r| r != Rank::Two) {
            counts[rank.index()] += 1;
        }
    }
    counts
}

/// New piles of naturals only: every set of 3 or more (at most 7) and every run of 3 or more,
/// bigger first.
pub fn natural_melds(board: &Board, hand: &[Card]) -> Vec<Vec<Card>> {
    let mut found = Vec::new();
    let counts = rank_counts(hand);
    for rank in Rank::ALL.into_iter().filter(|&r| r != Rank::Two) {
        if counts[rank.index()] >= 3 {
            let mut set: Vec<Card> = hand.iter().copied().filter(|c| c.is(rank)).collect();
            set.sort();
            set.truncate(CERRADO);
            found.push(set);
        }
    }
    for suit in Suit::ALL {
        for (first, last) in crate::house::run_windows(&presence(hand, suit), 0) {
            if last + 1 - first >= 3 {
                found.push(run_cards(first, last.min(first + CERRADO - 1), suit));
            }
        }
    }
    found.retain(|cards| Meld::new(cards, &board.rules.melds).is_ok());
    found.sort_by_key(|m| std::cmp::Reverse(m.len()));
    found
}

/// New piles of naturals completed by the hand's cheapest mono: a pair made a set, two pieces of
/// a run over a one-card gap, or two neighbours extended; bigger first.
pub fn wild_melds(board: &Board, hand: &[Card]) -> Vec<Vec<Card>> {
    let Some(wild) = cheapest_wild(board, hand) else { return Vec::new() };
    let mut found = Vec::new();
    let counts = rank_counts(hand);
    for rank in Rank::ALL.into_iter().filter(|&r| r != Rank::Two) {
        if counts[rank.index()] == 2 {
            let mut set: Vec<Card> = hand.iter().copied().filter(|c| c.is(rank)).collect();
            set.push(wild);
            found.push(set);
        }
    }
    for suit in Suit::ALL {
        let wins = crate::house::run_windows(&presence(hand, suit), 0);
        for pair in wins.windows(2) {
            let ((a, b), (c, d)) = (pair[0], pair[1]);
            if c == b + 2 && d + 1 - a <= CERRADO {
                let mut cards = run_cards(a, b, suit);
                cards.extend(run_cards(c, d, suit));
                cards.push(wild);
                found.push(cards);
            }
        }
        for &(a, b) in &wins {
            if b == a + 1 {
                let mut cards = run_cards(a, b, suit);
                cards.push(wild);
                found.push(cards);
            }
        }
    }
    found.retain(|cards| Meld::new(cards, &board.rules.melds).is_ok());
    found.sort_by_key(|m| std::cmp::Reverse(m.len()));
    found
}

/// Whether a natural `card` may fit pile `meld` (a cheap filter before `Meld::join`).
fn may_fit(meld: &Meld, card: Card) -> bool {
    if meld.len() >= CERRADO {
        return false;
    }
    let natural = meld.cards().iter().find(|c| c.rank().is_some_and(|r| r != Rank::Two));
    match (meld.kind(), natural) {
        (MeldKind::Set, Some(n)) => n.rank() == card.rank(),
        (MeldKind::Run, Some(n)) => n.suit() == card.suit(),
        _ => false,
    }
}

/// Natural cards of the hand that join one of `side`'s piles: `(pile, card)`.
pub fn natural_joins(board: &Board, side: usize, hand: &[Card]) -> Vec<(usize, Card)> {
    let mut joins = Vec::new();
    for (i, meld) in board.melds[side].iter().enumerate() {
        for &card in hand.iter().filter(|&&c| !board.is_wild(c)) {
            if joins.contains(&(i, card)) || !may_fit(meld, card) {
                continue;
            }
            if meld.join(&[card], &board.rules.melds).is_ok() {
                joins.push((i, card));
            }
        }
    }
    joins
}

/// A mono of the hand that closes one of `side`'s clean piles of 6 into a (dirty) cerrado.
pub fn closing_wild(board: &Board, side: usize, hand: &[Card]) -> Option<(usize, Card)> {
    let wild = cheapest_wild(board, hand)?;
    board.melds[side]
        .iter()
        .enumerate()
        .filter(|(_, m)| m.len() + 1 == CERRADO && m.is_clean() && m.kind() != MeldKind::Wilds)
        .find(|(_, m)| m.join(&[wild], &board.rules.melds).is_ok())
        .map(|(i, _)| (i, wild))
}

/// The natural pairs of `hand` with which `seat` may take the discard pile now, each with the
/// pile its top card makes.
pub fn pickups(board: &Board, seat: usize, hand: &[Card]) -> Vec<([Card; 2], Meld)> {
    let mut found: Vec<([Card; 2], Meld)> = Vec::new();
    let Some(&top) = board.pile.last() else { return found };
    if board.is_wild(top) {
        return found;
    }
    let near = |c: Card| match (c.rank(), top.rank()) {
        (Some(a), Some(b)) if a == b => true,
        (Some(a), Some(b)) if c.suit() == top.suit() => {
            let (pa, pb) = (positions(a), positions(b));
            pa.iter().any(|x| pb.iter().any(|y| x.abs_diff(*y) <= 2))
        }
        _ => false,
    };
    let cands: Vec<Card> = hand.iter().copied().filter(|&c| !board.is_wild(c) && near(c)).collect();
    for i in 0..cands.len() {
        for j in i + 1..cands.len() {
            let pair = [cands[i], cands[j]];
            if found.iter().any(|(p, _)| *p == pair || *p == [pair[1], pair[0]]) {
                continue;
            }
            if let Some(meld) = board.pickup_meld(pair)
                && board.pickup_allowed(seat, hand.len(), &meld)
            {
                found.push((pair, meld));
            }
        }
    }
    found
}

/// Whether `mv` (a new pile or a join of `side`) keeps the hand's size legal: `left` cards after
/// it, checked as the engine does (B2, B3).
pub fn meld_allowed(board: &Board, side: usize, hand_len: usize, mv: &Move) -> bool {
    let (cards, after) = match mv {
        Move::New(cards) => (cards, Meld::new(cards, &board.rules.melds).ok()),
        Move::Join(i, cards) => (cards, board.melds[side].get(*i).and_then(|m| m.join(cards, &board.rules.melds).ok())),
        _ => return false,
    };
    let Some(after) = after else { return false };
    let Some(left) = hand_len.checked_sub(cards.len()) else { return false };
    let mut melds: Vec<&Meld> = board.melds[side].iter().collect();
    match mv {
        Move::Join(i, _) => melds[*i] = &after,
        _ => melds.push(&after),
    }
    board.may_leave(side, left, false, &melds)
}
