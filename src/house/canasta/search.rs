//! `hard`: flat Monte Carlo over determinizations. Each candidate (a way to draw, or a way to
//! play the rest of the turn) is tried on the same sampled deals of the unseen cards, the round is
//! played on by `medium` for both players for a few turns, and the candidate with the best mean
//! score difference is chosen. The playouts count decides the move; the time cap only stops a
//! search that would run far over its normal cost (`MoveCap`: this thread's CPU time, not the
//! clock, which a loaded machine stretches).

use rand_pcg::Pcg64;

use crate::house::{Budget, MoveCap};

use super::kinds::Kind;
use super::policy::{TurnStyle, best_discards, go_out, medium_draw, medium_lays, medium_turn};
use super::seat::Seat;
use super::sim::{Draw, KMeld, Play, Sim};

/// Most turns a playout plays after the candidate's, both players counted (a round rarely lasts
/// longer: the playout plays it to its end).
const HORIZON: u32 = 80;

/// Plays the round on from `sim` with `medium` for both players, for `HORIZON` turns at most.
fn playout(sim: &mut Sim) {
    let end = sim.turns + HORIZON;
    let mut plays = Vec::new();
    while !sim.over && sim.turns < end {
        let Some(draw) = medium_draw(sim) else { break };
        if !sim.draw(draw) {
            break;
        }
        if sim.over {
            break;
        }
        let turn = sim.turns;
        plays.clear();
        medium_turn(sim, TurnStyle::MEDIUM, &mut plays);
        if sim.turns == turn && !sim.over {
            break;
        }
    }
}

/// Our score minus the other player's, as the table stands at the playout's end.
fn value(sim: &Sim, me: usize) -> i64 {
    let scores = sim.scores();
    i64::from(scores[me] - scores[1 - me])
}

/// The index of the candidate with the best mean value over the budget's playouts; `apply`
/// plays candidate `c` on a sampled table.
fn best(seat: &Seat, budget: Budget, rng: &mut Pcg64, candidates: usize, apply: &dyn Fn(&mut Sim, usize)) -> usize {
    if candidates <= 1 {
        return 0;
    }
    let cap = MoveCap::start(budget.max_ms);
    let samples = (budget.playouts as usize / candidates).max(2);
    let mut totals = vec![0i64; candidates];
    for done in 1..=samples {
        let base = seat.determinize(rng);
        for (c, total) in totals.iter_mut().enumerate() {
            let mut sim = base.clone();
            apply(&mut sim, c);
            playout(&mut sim);
            *total += value(&sim, seat.me);
        }
        if cap.reached(done, samples) {
            break;
        }
    }
    (0..candidates).max_by_key(|&c| (totals[c], std::cmp::Reverse(c))).unwrap_or(0)
}

/// Hard's draw: the stock or one of a few ways to take the pile, by playouts.
pub fn hard_draw(seat: &Seat, budget: Budget, rng: &mut Pcg64) -> Option<Draw> {
    let sim = seat.determinize(rng);
    let mut candidates: Vec<Draw> = Vec::new();
    if sim.can_draw(Draw::Stock) {
        candidates.push(Draw::Stock);
    }
    let takes = sim.legal_takes();
    let wilds = |d: &Draw| match d {
        Draw::TakeNew(m) => m.wilds(),
        _ => 0,
    };
    for pick in [
        takes.iter().find(|d| **d == Draw::TakeJoin),
        takes.iter().find(|d| wilds(d) == 0),
        takes.iter().filter(|d| wilds(d) == 0).max_by_key(|d| used(d).nat),
        takes.iter().find(|d| wilds(d) == 1),
        takes.first(),
    ]
    .into_iter()
    .flatten()
    {
        if !candidates.contains(pick) {
            candidates.push(*pick);
        }
    }
    if candidates.is_empty() {
        return None;
    }
    let apply = |sim: &mut Sim, c: usize| {
        if sim.draw(candidates[c]) && !sim.over {
            medium_turn(sim, TurnStyle::MEDIUM, &mut Vec::new());
        }
    };
    Some(candidates[best(seat, budget, rng, candidates.len(), &apply)])
}

fn used(draw: &Draw) -> KMeld {
    match draw {
        Draw::TakeNew(m) => *m,
        _ => KMeld::default(),
    }
}

/// Hard's turn after the draw: the plays of the best of a few ways to finish it (going out or
/// not, melding pairs with wild cards or not, one of the best discards), by playouts.
pub fn hard_turn(seat: &Seat, budget: Budget, rng: &mut Pcg64) -> Vec<Play> {
    let sim = seat.determinize(rng);
    let can_go_out = go_out(&mut sim.clone(), &mut Vec::new());
    let mut styles = Vec::new();
    let discards: Vec<Option<Kind>> = {
        let mut melded = sim.clone();
        medium_lays(&mut melded, TurnStyle::MEDIUM, &mut Vec::new());
        best_discards(&melded).into_iter().take(3).map(Some).collect()
    };
    for go in if can_go_out { vec![true, false] } else { vec![false] } {
        for pair_wilds in [false, true] {
            for &discard in &discards {
                styles.push(TurnStyle { go_out: go, pair_wilds, discard });
            }
            if discards.is_empty() {
                styles.push(TurnStyle { go_out: go, pair_wilds, discard: None });
            }
            if go {
                break;
            }
        }
    }
    let mut plans: Vec<Vec<Play>> = Vec::new();
    for style in styles {
        let mut plays = Vec::new();
        medium_turn(&mut sim.clone(), style, &mut plays);
        if !plans.contains(&plays) {
            plans.push(plays);
        }
    }
    let apply = |sim: &mut Sim, c: usize| {
        for &play in &plans[c] {
            sim.play(play);
        }
    };
    let chosen = best(seat, budget, rng, plans.len(), &apply);
    plans.swap_remove(chosen)
}
