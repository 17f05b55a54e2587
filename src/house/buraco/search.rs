//! The `hard` bot's search: determinized (perfect-information) Monte Carlo over `sim`'s sampled
//! worlds, every candidate meeting the same worlds; the playouts decide the move, the cap on the
//! move's CPU time (`--max-ms`) only stops a move early. In STBL it weighs the discards `guard`
//! ranks near its best with a round of every seat (`medium`'s draw, `hard`'s melds, `guard`'s
//! discard), scoring the table with a card still in hand as material for melds to come. In ITP
//! (a short game that ends on an empty hand or an empty stock) it weighs its draw, how far it
//! melds (going out or staying in) and its discard by playing the game out to its end (the other
//! side as `medium`, its own side racing: `medium` melding as `hard`), scoring the real result
//! with a bonus for the win; there the playouts (twice `--playouts` a choice) go by successive
//! halving to the candidates that stay close. The cap (`MoveCap`) counts this thread's CPU time:
//! it is a safety far over a move's cost, never what ends a search on a busy machine.

use crate::cards::Card;
use crate::games::buraco::StockOut;
use crate::house::{Budget, Level, MoveCap};

use super::board::{Board, Move};
use super::guard;
use super::policy::{self, Known};
use super::rng::Rng;
use super::sim::Sim;
use crate::house::take_out;

/// At most this many discards are weighed (the best of `guard`'s ranking).
const DISCARD_CANDIDATES: usize = 5;

/// How much worse than the best (by the guard's cost) a weighed discard may be.
const CANDIDATE_MARGIN: i64 = 60;

/// The fewest cards `hard` may keep in hand after its melds in ITP: going out when it can, or
/// staying in with a hand that can still take the pile.
const KEEPS: [usize; 3] = [0, 3, 6];

/// The policy of the seats in a playout to the end of an ITP game (`hard`'s own, with its guard's
/// discard, played out worse: measured); the searching side melds as `hard` there (`sim`).
const PLAYOUT_LEVEL: Level = Level::Medium;

/// What winning is worth beside the points in an ITP playout's score: games are won, not points
/// (a lead of 10 counts 210).
const WIN_VALUE: i64 = 200;

/// The playouts of a searched ITP choice, in `--playouts`: a playout became about 2.5 times cheaper
/// (`melds::joins`), and twice as many, spent by successive halving, won more (measured).
const ITP_PLAYOUTS_PER_CHOICE: usize = 2;

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
    let best = if plays_out(board) {
        choose(board, me, hand, known, budget, rng, &ranked, |sim, me, &card| {
            sim.discard_then_play_out(me, card, PLAYOUT_LEVEL)
        })
    } else {
        let candidates: Vec<Move> = ranked.iter().map(|&c| Move::Discard(c)).collect();
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

/// The fewest cards `hard` keeps after its melds in ITP, of `KEEPS` (0: it melds all it can and
/// goes out when it can), whichever plays out best; only keeps whose melds differ are weighed.
pub fn keep(board: &Board, me: usize, hand: &[Card], known: &Known, budget: Budget, rng: &mut Rng) -> usize {
    let mut keeps: Vec<usize> = Vec::new();
    let mut plans: Vec<usize> = Vec::new();
    for keep in KEEPS {
        let left = left_after_melds(board, me, hand, keep);
        if !plans.contains(&left) {
            plans.push(left);
            keeps.push(keep);
        }
    }
    if keeps.len() == 1 {
        return keeps[0];
    }
    let best = choose(board, me, hand, known, budget, rng, &keeps, |sim, me, &keep| {
        sim.melds_keeping_then_play_out(me, keep, PLAYOUT_LEVEL)
    });
    keeps[best]
}

/// The cards left in `me`'s hand after `hard`'s melds keeping `keep`.
fn left_after_melds(board: &Board, me: usize, hand: &[Card], keep: usize) -> usize {
    let side = board.side_of(me);
    let (mut board, mut hand) = (board.clone(), hand.to_vec());
    while let Some(mv) = policy::next_meld_keeping(Level::Hard, &board, side, &hand, keep) {
        if let Move::New(used) | Move::Join(_, used) = &mv {
            take_out(&mut hand, used);
        }
        board.apply(me, &mv);
    }
    hand.len()
}

/// The candidate with the best mean score over the same sampled worlds: in STBL every candidate
/// meets every world; in ITP by successive halving (`halve`).
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
    if plays_out(board) {
        let playouts = budget.playouts as usize * ITP_PLAYOUTS_PER_CHOICE;
        return halve(board, me, hand, known, playouts, budget.max_ms, rng, candidates, play);
    }
    let side = board.side_of(me);
    let worlds = (budget.playouts as usize / candidates.len()).max(1);
    // The cap is on this thread's CPU time, a safety only: a loaded machine, which stretches the
    // wall clock and the process's CPU, does not change the move.
    let cap = MoveCap::start(budget.max_ms);
    let mut totals = vec![0i64; candidates.len()];
    for done in 1..=worlds {
        let world = Sim::sample(board, me, hand, known, rng);
        for (i, mv) in candidates.iter().enumerate() {
            let mut sim = world.clone();
            play(&mut sim, me, mv);
            totals[i] += sim.value(side);
        }
        if cap.reached(done, worlds) {
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

/// The ITP choice: `halving` over the candidates, each world sampled once and played by every
/// candidate still in, scored by the real result with `WIN_VALUE` for the win.
#[expect(clippy::too_many_arguments)]
fn halve<T>(
    board: &Board,
    me: usize,
    hand: &[Card],
    known: &Known,
    playouts: usize,
    max_ms: u64,
    rng: &mut Rng,
    candidates: &[T],
    play: impl Fn(&mut Sim, usize, &T),
) -> usize {
    let side = board.side_of(me);
    let cap = MoveCap::start(max_ms);
    let mut done = 0;
    halving(candidates.len(), playouts, |alive, scores| {
        done += 1;
        let world = Sim::sample(board, me, hand, known, rng);
        for (&i, score) in alive.iter().zip(scores.iter_mut()) {
            let mut sim = world.clone();
            play(&mut sim, me, &candidates[i]);
            let lead = sim.value(side);
            *score = lead + WIN_VALUE * lead.signum();
        }
        !cap.reached(done, playouts / alive.len().max(1))
    })
}

/// Successive halving over `n` candidates: `playouts` split evenly among ⌈log2 n⌉ rounds, each
/// round's worlds met by the candidates still in; after each round the worse half (by their
/// totals over the same worlds; ties to the earlier) drops out, so the close candidates meet the
/// most worlds (5 candidates: rounds of 5, 3 and 2; 2 candidates: one round). `world(alive,
/// scores)` plays one world for the candidates `alive`, writing their scores in that order; false
/// once the CPU cap stops the choice (the best so far is taken).
fn halving(n: usize, playouts: usize, mut world: impl FnMut(&[usize], &mut [i64]) -> bool) -> usize {
    let mut alive: Vec<usize> = (0..n).collect();
    let mut totals = vec![0i64; n];
    let mut scores = vec![0i64; n];
    let rounds = (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1) as usize;
    let per_round = playouts / rounds;
    let mut going = true;
    while going && alive.len() > 1 {
        for _ in 0..(per_round / alive.len()).max(1) {
            going = world(&alive, &mut scores[..alive.len()]);
            for (&i, score) in alive.iter().zip(&scores) {
                totals[i] += score;
            }
            if !going {
                break;
            }
        }
        alive.sort_by_key(|&i| (std::cmp::Reverse(totals[i]), i));
        alive.truncate(alive.len().div_ceil(2));
        alive.sort_unstable();
    }
    alive.sort_by_key(|&i| (std::cmp::Reverse(totals[i]), i));
    alive.first().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::halving;

    #[test]
    fn successive_halving_gives_the_close_candidates_the_most_worlds() {
        let value = [5, 1, 9, 10, 0];
        let mut met = [0; 5];
        let best = halving(5, 300, |alive, scores| {
            for (&i, score) in alive.iter().zip(scores.iter_mut()) {
                met[i] += 1;
                *score = value[i];
            }
            true
        });
        assert_eq!(best, 3);
        // Rounds of 100 playouts: 20 worlds for all five, 33 for the best three, 50 for two.
        assert_eq!(met, [53, 20, 103, 103, 20]);
        // Two candidates: one round, every world plays both; a tie goes to the earlier.
        let mut worlds = 0;
        assert_eq!(
            halving(2, 400, |_, scores| {
                worlds += 1;
                scores.fill(7);
                true
            }),
            0
        );
        assert_eq!(worlds, 200);
    }

    #[test]
    fn a_stopped_halving_takes_the_best_so_far() {
        let mut worlds = 0;
        let best = halving(5, 300, |alive, scores| {
            worlds += 1;
            for (&i, score) in alive.iter().zip(scores.iter_mut()) {
                *score = if i == 4 { 3 } else { 1 };
            }
            false
        });
        assert_eq!((best, worlds), (4, 1));
    }
}
