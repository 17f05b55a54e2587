//! The searching seat's next own turn in an ITP playout, decided by a small inner search instead
//! of the racing policy: its draw (the racing draw, the stock, every other way to take the pile)
//! and then its discard (the guard's best few), each weighed by a handful of inner playouts to
//! the game's end from that world's state, the stock re-shuffled for each (the inner search does
//! not know the stock's order; it knows the world's hands, as the world does). The playout then
//! goes on racing.

use std::sync::OnceLock;

use crate::cards::Card;
use crate::house::Level;

use super::board::Move;
use super::guard;
use super::melds;
use super::policy::{self, Known};
use super::rng::Rng;
use super::sim::Sim;

/// What winning is worth beside the points in an inner playout's score (as the outer search's).
const WIN_VALUE: i64 = 200;

/// The inner playouts a candidate of the looked-ahead turn meets (the same re-shuffled stocks for
/// every candidate).
fn inner_playouts() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::env::var("JUIZ_INNER").ok().and_then(|v| v.parse().ok()).unwrap_or(4))
}

/// How many of the guard's best discards the looked-ahead turn weighs.
fn inner_discards() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::env::var("JUIZ_INNER_DISCARDS").ok().and_then(|v| v.parse().ok()).unwrap_or(3))
}

/// Plays `seat`'s turn in `sim` by the inner search (seeded by `seed`), the other side by `level`.
pub(super) fn turn(sim: &mut Sim, seat: usize, level: Level, seed: u64) {
    let mut rng = Rng::new(seed);
    let side = sim.board().side_of(seat);
    let racing = policy::draw(Level::Medium, sim.board(), side, sim.hand(seat), &mut Rng::new(0));
    let mut draws = vec![racing, Move::Stock];
    for pickup in melds::pickups(sim.board(), side, sim.hand(seat)) {
        if !draws.contains(&pickup) {
            draws.push(pickup);
        }
    }
    draws.dedup();
    let draw = if draws.len() == 1 {
        draws.swap_remove(0)
    } else {
        let best = best(sim, seat, level, &mut rng, &draws, |s, mv| {
            s.do_draw(seat, mv);
            race_rest_of_turn(s, seat, level);
        });
        draws.swap_remove(best)
    };
    sim.do_draw(seat, &draw);
    if inner_discards() == 0 {
        race_rest_of_turn(sim, seat, level);
        return;
    }
    if sim.over() {
        return;
    }
    sim.melds(seat, Level::Hard, 0);
    if sim.over() || sim.hand(seat).is_empty() {
        return;
    }
    let mut ranked: Vec<Card> = guard::ranked_discards(sim.board(), side, sim.hand(seat), &Known::default())
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    ranked.truncate(inner_discards());
    let card = if ranked.len() == 1 {
        ranked[0]
    } else {
        ranked[best(sim, seat, level, &mut rng, &ranked, |s, &card| s.do_discard(seat, card))]
    };
    sim.do_discard(seat, card);
}

/// The rest of a racing turn after its draw: `hard`'s melds, `level`'s discard.
fn race_rest_of_turn(sim: &mut Sim, seat: usize, level: Level) {
    if sim.over() {
        return;
    }
    sim.melds(seat, Level::Hard, 0);
    if sim.over() || sim.hand(seat).is_empty() {
        return;
    }
    let side = sim.board().side_of(seat);
    let card = match level {
        Level::Hard => guard::ranked_discards(sim.board(), side, sim.hand(seat), &Known::default())[0].0,
        _ => policy::ranked_discards(sim.board(), side, sim.hand(seat), &Known::default())[0],
    };
    sim.do_discard(seat, card);
}

/// The candidate whose inner playouts (`act`, then the game played out racing) score best for
/// `seat`'s side; ties go to the earlier candidate.
fn best<T>(sim: &Sim, seat: usize, level: Level, rng: &mut Rng, candidates: &[T], act: impl Fn(&mut Sim, &T)) -> usize {
    let side = sim.board().side_of(seat);
    let mut totals = vec![0i64; candidates.len()];
    for _ in 0..inner_playouts() {
        let mut world = sim.clone();
        rng.shuffle(world.stock_mut());
        for (candidate, total) in candidates.iter().zip(totals.iter_mut()) {
            let mut playout = world.clone();
            act(&mut playout, candidate);
            playout.play_out(seat, level);
            let lead = playout.value(side);
            *total += lead + WIN_VALUE * lead.signum();
        }
    }
    let mut best = 0;
    for i in 1..totals.len() {
        if totals[i] > totals[best] {
            best = i;
        }
    }
    best
}
