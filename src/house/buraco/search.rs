//! The `hard` bot's search: determinized (perfect-information) Monte Carlo over `sim`'s sampled
//! worlds, every candidate meeting the same worlds; the playouts decide the move, the time cap
//! only stops a move early. In STBL it weighs the discards `guard` ranks near its best with a
//! round of every seat (`medium`'s draw, `hard`'s melds, `guard`'s discard), scoring the table
//! with a card still in hand as material for melds to come. In ITP (a short game that ends on an
//! empty hand or an empty stock) it plays each candidate draw and discard out to the end of the
//! game and scores the real result.

use std::time::Instant;

use crate::cards::Card;
use crate::games::buraco::StockOut;
use crate::house::{Budget, Level};

use super::board::{Board, Move};
use super::guard;
use super::melds::take_out;
use super::policy::{self, Known};
use super::rng::Rng;
use super::sim::Sim;

/// At most this many discards are weighed (the best of `guard`'s ranking).
const DISCARD_CANDIDATES: usize = 5;

/// How much worse than the best (by the guard's cost) a weighed discard may be.
const CANDIDATE_MARGIN: i64 = 60;

/// The policy of every seat in a playout to the end of an ITP game.
const PLAYOUT_LEVEL: Level = Level::Medium;

/// Whether the game is short enough to play out to its end (ITP: no morto, it ends on an empty
/// hand or on a draw from the empty stock).
pub fn plays_out(board: &Board) -> bool {
    board.rules.stock_out == StockOut::EndOnEmptyDraw && board.rules.morto.is_none()
}

/// The discard of a turn (after the melds).
pub fn discard(board: &Board, me: usize, hand: &[Card], known: &Known, budget: Budget, rng: &mut Rng) -> Card {
    let side = board.side_of(me);
    let mut ranked = guard::ranked_discards(board, side, hand, known);
    if !plays_out(board) {
        // Only discards near the best by the guard's cost are weighed: a rollout of one round
        // does not see all a card given away (or a wild thrown away) costs.
        let best = ranked[0].1;
        ranked.retain(|&(_, cost)| cost <= best + CANDIDATE_MARGIN);
    }
    ranked.truncate(DISCARD_CANDIDATES);
    let ranked: Vec<Card> = ranked.into_iter().map(|(c, _)| c).collect();
    if ranked.len() == 1 {
        return ranked[0];
    }
    let candidates: Vec<Move> = ranked.iter().map(|&c| Move::Discard(c)).collect();
    let best = if plays_out(board) {
        choose(board, me, hand, known, budget, rng, &candidates, |sim, me, mv| {
            if let Move::Discard(card) = mv {
                sim.discard_then_play_out(me, *card, PLAYOUT_LEVEL);
            }
        })
    } else {
        choose(board, me, hand, known, budget, rng, &candidates, |sim, me, mv| sim.discard_then_round(me, mv))
    };
    ranked[best]
}

/// The draw of an ITP turn, weighed by playing the game out: the stock, `preferred` (the pickup
/// `hard`'s rules would make) and the other ways to take the pile.
pub fn draw(
    board: &Board,
    me: usize,
    hand: &[Card],
    known: &Known,
    budget: Budget,
    rng: &mut Rng,
    mut candidates: Vec<Move>,
) -> Move {
    candidates.dedup();
    if candidates.len() == 1 {
        return candidates.remove(0);
    }
    let best = choose(board, me, hand, known, budget, rng, &candidates, |sim, me, mv| {
        sim.draw_then_play_out(me, mv, PLAYOUT_LEVEL)
    });
    candidates.swap_remove(best)
}

/// The fewest cards `hard` keeps after its melds in ITP: 0 (it goes out when its melds and
/// discard can empty its hand) or 2 (it stays in), whichever plays out better.
pub fn keep(board: &Board, me: usize, hand: &[Card], known: &Known, budget: Budget, rng: &mut Rng) -> usize {
    if !can_go_out(board, me, hand) {
        return 0;
    }
    let keeps = [0, 2];
    let best = choose(board, me, hand, known, budget, rng, &keeps, |sim, me, &keep| {
        sim.melds_keeping_then_play_out(me, keep, PLAYOUT_LEVEL)
    });
    keeps[best]
}

/// Whether `hard`'s melds (keeping nothing) and a discard would empty `me`'s hand now.
fn can_go_out(board: &Board, me: usize, hand: &[Card]) -> bool {
    let side = board.side_of(me);
    let (mut board, mut hand) = (board.clone(), hand.to_vec());
    while let Some(mv) = policy::next_meld_keeping(Level::Hard, &board, side, &hand, 0) {
        if let Move::New(used) | Move::Join(_, used) = &mv {
            take_out(&mut hand, used);
        }
        board.apply(me, &mv);
    }
    hand.len() <= 1
}

/// The candidate with the best mean score over the same sampled worlds.
#[expect(clippy::too_many_arguments)]
fn choose<T>(
    board: &Board,
    me: usize,
    hand: &[Card],
    known: &Known,
    budget: Budget,
    rng: &mut Rng,
    candidates: &[T],
    play: impl Fn(&mut Sim, usize, &T),
) -> usize {
    let side = board.side_of(me);
    let worlds = (budget.playouts as usize / candidates.len()).max(1);
    let started = Instant::now();
    let mut totals = vec![0i64; candidates.len()];
    for _ in 0..worlds {
        let world = Sim::sample(board, me, hand, known, rng);
        for (i, mv) in candidates.iter().enumerate() {
            let mut sim = world.clone();
            play(&mut sim, me, mv);
            totals[i] += sim.value(side);
        }
        if started.elapsed().as_millis() as u64 >= budget.max_ms {
            break;
        }
    }
    // Ties go to the earlier candidate (`guard`'s preference).
    let mut best = 0;
    for i in 1..totals.len() {
        if totals[i] > totals[best] {
            best = i;
        }
    }
    best
}
