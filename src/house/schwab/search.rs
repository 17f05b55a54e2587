//! Hard's choices by determinized Monte Carlo: each candidate draw (the stock, each natural pair
//! that takes the pile, the up-card alone), each way of laying the turn's piles (medium's, without
//! new piles completed by a mono, never or always going out) and each candidate dump (medium's
//! best five and a mono that freezes the pile) is played in the same sampled worlds of the unseen
//! cards, followed by two rounds of every seat at `medium`, and the one with the best total lead
//! wins. `Budget::playouts` is the number of worlds per decision (every candidate is played in
//! each: 800 playouts measured stronger than 200 shared among the candidates); `max_ms` only caps
//! a slow move (`MoveCap`: this thread's CPU time, not the clock, which a loaded machine
//! stretches).

use crate::cards::Card;
use crate::house::{Budget, Level, MoveCap};

use super::board::{Board, Move, SEATS};
use super::melds::{cheapest_wild, pickups};
use super::policy::{self, GoOut, Style};
use super::rng::Rng;
use super::sim::World;
use crate::house::take_out;

/// How many dumps hard compares (medium's best ones).
const DUMPS: usize = 5;

/// Rounds of every seat at `medium` after a candidate (two measured better than one).
const ROUNDS: usize = 2;

/// Plays every candidate on the same worlds; `then` finishes the candidate's turn. Returns the
/// index of the best candidate (the first on a tie).
fn best<T>(
    board: &Board,
    me: usize,
    hand: &[Card],
    candidates: &[T],
    budget: Budget,
    rng: &mut Rng,
    then: impl Fn(&mut World, &T, &mut Rng),
) -> usize {
    if candidates.len() < 2 {
        return 0;
    }
    let cap = MoveCap::start(budget.max_ms);
    let side = Board::side_of(me);
    let mut totals = vec![0i64; candidates.len()];
    let worlds = budget.playouts.max(2) as usize;
    for done in 1..=worlds {
        let world = World::sample(board, me, hand, rng);
        let seed = rng.below(usize::MAX) as u64;
        for (at, candidate) in candidates.iter().enumerate() {
            let mut w = world.clone();
            let mut play_rng = Rng::new(seed);
            then(&mut w, candidate, &mut play_rng);
            for k in 1..=SEATS * ROUNDS {
                w.turn((me + k) % SEATS, Level::Medium, &mut play_rng);
            }
            totals[at] += w.lead(side);
        }
        if cap.reached(done, worlds) {
            break;
        }
    }
    let mut best = 0;
    for at in 1..totals.len() {
        if totals[at] > totals[best] {
            best = at;
        }
    }
    best
}

/// Hard's draw.
pub fn draw(board: &Board, me: usize, hand: &[Card], budget: Budget, rng: &mut Rng) -> Move {
    let medium = policy::draw(Level::Medium, board, me, hand, rng);
    let mut candidates = vec![medium.clone()];
    if board.stock > 0 && medium != Move::Stock {
        candidates.push(Move::Stock);
    }
    for (pair, _) in pickups(board, me, hand).into_iter().take(3) {
        let mv = Move::Pile(pair);
        if !candidates.contains(&mv) {
            candidates.push(mv);
        }
    }
    if board.up_card_open() && !board.pile.is_empty() && !candidates.contains(&Move::UpCard) {
        candidates.push(Move::UpCard);
    }
    let at = best(board, me, hand, &candidates, budget, rng, |w, mv, r| {
        w.play(me, mv);
        w.finish_turn(me, Level::Medium, Style::MEDIUM, r);
    });
    candidates.swap_remove(at)
}

/// Hard's dump (its melding done).
pub fn discard(board: &Board, me: usize, hand: &[Card], budget: Budget, rng: &mut Rng) -> Card {
    let left = policy::unseen(board, hand);
    let mut candidates: Vec<Card> =
        policy::ranked_discards(board, me, hand, &left).into_iter().take(DUMPS).map(|(c, _)| c).collect();
    if let Some(wild) = cheapest_wild(board, hand)
        && board.pile_len() >= 4
        && !candidates.contains(&wild)
    {
        candidates.push(wild);
    }
    let at = best(board, me, hand, &candidates, budget, rng, |w, card, _| w.play(me, &Move::Discard(*card)));
    candidates[at]
}

/// The piles `style` would lay now, as a plan (up to the buraco or the hand's end).
fn plan(board: &Board, me: usize, hand: &[Card], style: Style) -> Vec<Move> {
    let (mut board, mut hand) = (board.clone(), hand.to_vec());
    let side = Board::side_of(me);
    let mut moves = Vec::new();
    while let Some(mv) = policy::next_meld(Level::Medium, style, &board, me, &hand) {
        take_out(&mut hand, mv.spent());
        board.apply(me, &mv);
        moves.push(mv);
        if board.buraco_due(side, &hand) || hand.is_empty() {
            break;
        }
    }
    moves
}

/// Hard's way of laying this turn's piles: medium's, without new piles completed by a mono,
/// never going out, or going out whenever allowed; compared only when their plans differ.
pub fn style(board: &Board, me: usize, hand: &[Card], budget: Budget, rng: &mut Rng) -> Style {
    let all = [
        Style::MEDIUM,
        Style { wild_melds: false, ..Style::MEDIUM },
        Style { go_out: GoOut::Never, ..Style::MEDIUM },
        Style { go_out: GoOut::Always, ..Style::MEDIUM },
    ];
    let mut candidates: Vec<Style> = Vec::new();
    let mut plans: Vec<Vec<Move>> = Vec::new();
    for style in all {
        let p = plan(board, me, hand, style);
        if !plans.contains(&p) {
            plans.push(p);
            candidates.push(style);
        }
    }
    let at = best(board, me, hand, &candidates, budget, rng, |w, style, r| {
        w.finish_turn(me, Level::Medium, *style, r);
    });
    candidates[at]
}
