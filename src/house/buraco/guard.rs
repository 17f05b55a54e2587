//! The `hard` level's own heuristics, learnt from the bundled `smart.c` and `smart_stbl.c` (which
//! beat `medium`): a discard that guards the pile (a card that joins an opponent's meld, or one
//! near cards still unseen or seen going into the next hand, costs much, the more so the bigger
//! the pile), and the side's standing (table minus an estimate of the hands) that decides
//! whether to go out or to end the game on an empty stock. `medium` stays without them.

use crate::cards::{Card, Rank, build_decks};
use crate::games::GameKind;

use super::board::Board;
use super::melds::{self, is_wildish};
use super::policy::Known;

/// A slot per distinct card (`Card::kind`): 13 per suit (by rank), 52 for the joker.
const SLOTS: usize = Card::KINDS;

/// How many copies of each card the seat has not seen (its hand, the table, the pile and the
/// cards it knows the opponents hold are seen).
fn unseen(board: &Board, hand: &[Card], known: &Known) -> [u8; SLOTS] {
    let mut left = [0u8; SLOTS];
    for card in build_decks(board.rules.decks, board.rules.jokers_per_deck) {
        left[card.kind()] += 1;
    }
    let melded = board.melds.iter().flatten().flat_map(|m| m.cards().iter());
    for &card in hand.iter().chain(melded).chain(board.pile.iter()).chain(known.theirs.iter()) {
        let at = card.kind();
        left[at] = left[at].saturating_sub(1);
    }
    left
}

/// Run distance of two naturals of one suit, the ace at both ends (A 2 3 … K A).
fn run_dist(a: Rank, b: Rank) -> usize {
    let places = |r: Rank| if r == Rank::Ace { [1, 14] } else { [r.index() + 2; 2] };
    let mut best = usize::MAX;
    for pa in places(a) {
        for pb in places(b) {
            best = best.min(pa.abs_diff(pb));
        }
    }
    best
}

/// The hand's distinct cards with their cost, best discard first (ties in card order, for
/// determinism).
pub fn ranked_discards(board: &Board, side: usize, hand: &[Card], known: &Known) -> Vec<(Card, i64)> {
    let left = unseen(board, hand, known);
    let mut cards: Vec<Card> = hand.to_vec();
    cards.sort();
    cards.dedup();
    let shapes = melds::side_shapes(board);
    let mut scored: Vec<(i64, Card)> =
        cards.iter().map(|&c| (discard_cost(board, side, hand, known, &left, &shapes, c), c)).collect();
    scored.sort();
    scored.into_iter().map(|(cost, c)| (c, cost)).collect()
}

/// What discarding `card` costs the side: lower is a better discard.
fn discard_cost(
    board: &Board,
    side: usize,
    hand: &[Card],
    known: &Known,
    left: &[u8; SLOTS],
    shapes: &[Vec<melds::Shape>; 2],
    card: Card,
) -> i64 {
    let rules = &board.rules;
    let stbl = rules.game == GameKind::BuracoStbl;
    if card.is_joker() {
        return 5000;
    }
    let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else { return 5000 };
    let mut cost = if is_wildish(card) { 1000 } else { 0 };
    let same_suit = |c: &Card| !is_wildish(*c) && c.suit() == Some(suit);
    // Its use to the hand: neighbours of a run to come.
    for other in hand.iter().filter(|c| same_suit(c) && **c != card) {
        cost += match other.rank().map(|r| run_dist(rank, r)) {
            Some(1) => 40,
            Some(2) => 20,
            _ => 0,
        };
    }
    if hand.iter().filter(|&&c| c == card).count() > 1 {
        cost -= 10;
    }
    let joins = |s: usize| {
        let shaped = board.melds[s].iter().zip(&shapes[s]);
        shaped.filter(|(m, shape)| melds::joins(m, shape, card, &rules.melds)).count() as i64
    };
    cost += 60 * joins(side);
    // Its use to the opponents: a meld of theirs it joins (in STBL it opens the pile to them).
    let pile = board.pile.len() as i64;
    if !is_wildish(card) {
        let theirs = joins(1 - side);
        cost += theirs * if stbl { 400 + 60 * pile } else { 150 };
    }
    // A top card the next player could make a run with: cards seen going into his hand, then
    // cards not seen at all.
    if !is_wildish(card) {
        let near = |c: &Card| {
            !c.is_joker() && c.suit() == Some(suit) && *c != card && c.rank().is_some_and(|r| run_dist(rank, r) <= 2)
        };
        let near_known = known.theirs.iter().filter(|c| near(c)).count() as i64;
        let wilds_known = known.theirs.iter().any(|&c| is_wildish(c));
        let near_unseen: i64 = (0..13)
            .map(|r| Card::new(Rank::ALL[r], suit))
            .filter(|c| near(c) && !is_wildish(*c))
            .map(|c| i64::from(left[c.kind()]))
            .sum();
        let (k, w, u, base) = if stbl { (50, 80, 5, 3) } else { (60, 80, 6, 4) };
        let risk = near_known * k + if near_known > 0 && wilds_known { w } else { 0 } + near_unseen * u;
        cost += risk * (base + pile) / 4;
    }
    cost - rules.values.of(card)
}

/// Whether `side` leads by more than `-extra`: its table plus `extra` minus its hands (`hand` for
/// the seat asking, an estimate for its partner) against the other side's table minus an
/// estimate of its hands (the cards seen going in, 8 points for each other card).
pub fn ahead_by(board: &Board, me: usize, hand: &[Card], known: &Known, extra: i64) -> bool {
    let side = board.side_of(me);
    let rules = &board.rules;
    let known_value = rules.values.sum(&known.theirs);
    let mut theirs_in_hand = known_value;
    let mut mine_in_hand = rules.values.sum(hand);
    for seat in (0..board.seats).filter(|&s| s != me) {
        let count = board.hand_counts[seat] as i64;
        if board.side_of(seat) == side {
            mine_in_hand += count * 8;
        } else {
            theirs_in_hand += count * 8;
        }
    }
    theirs_in_hand -= known.theirs.len() as i64 * 8;
    let morto = |s: usize| match rules.morto {
        Some(m) if !board.morto_taken[s] => m.untaken_penalty,
        _ => 0,
    };
    let mine = board.table_points(side) + extra - mine_in_hand - morto(side);
    let theirs = board.table_points(1 - side) - theirs_in_hand.max(known_value) - morto(1 - side);
    mine > theirs
}
