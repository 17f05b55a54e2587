//! The house Canasta bots against the real engine, in process: every line they send is legal
//! (with the default rules and with the classic initial meld), the same deal gives the same lines,
//! the counted table keeps the initial meld's minimum, and (ignored, a benchmark) how often each
//! level wins.

use crate::games::canasta::{CanastaEngine, CanastaRules};
use crate::games::{Awaiting, Engine, Outcome, TableSetup};
use crate::house::{Budget, Level};

use super::bot::Bot;
use super::kinds::{BLACK3, JOKER, Kind, TWO};
use super::sim::{Draw, KMeld, Play, Sim};

/// Plays one match of `levels[0]` (seat 0) against `levels[1]`; panics on any refused line, on a
/// seat that loses track of a card, and on a seat that disagrees with the engine about whether it
/// may take the pile. With `noise`, an unknown line comes before every turn's first line.
/// Returns the outcome and every line the bots sent.
fn match_of(levels: [Level; 2], seed: u64, budget: Budget, noise: bool) -> (Outcome, Vec<String>) {
    match_under(CanastaRules::classic(), levels, seed, budget, noise)
}

/// `match_of` under `rules`, which the bots are told as `juiz bot --rule` tells them.
fn match_under(
    rules: CanastaRules,
    levels: [Level; 2],
    seed: u64,
    budget: Budget,
    noise: bool,
) -> (Outcome, Vec<String>) {
    let setup =
        TableSetup { wire_ids: vec!["p1.a".into(), "p2.b".into()], seed, deal: None, options: Default::default() };
    let initial = rules.initial_meld;
    let mut engine = CanastaEngine::new(rules, &setup).expect("a canasta table");
    let mut bots = levels.map(|level| Bot::new(level, budget).with_initial_meld(initial));
    let mut sent = Vec::new();
    let mut outbox: [Vec<String>; 2] = Default::default();
    for _ in 0..200_000 {
        for delivery in engine.take_deliveries() {
            if noise && setup.wire_ids.contains(&delivery.line) && sent.len() > 2 {
                assert!(bots[delivery.seat].on_line("NEWS from a later protocol [ 5♥ ]").is_empty());
            }
            let replies = bots[delivery.seat].on_line(&delivery.line);
            let seat = bots[delivery.seat].seat();
            if !replies.is_empty() && !seat.stock_empty {
                // Conservation: what the seat knows places every card of the decks exactly once.
                let sim = seat.determinize(&mut rand::SeedableRng::seed_from_u64(seed));
                assert!(sim.is_whole(), "seed {seed}: seat {} lost track: {:?}", delivery.seat, sim.placed());
            }
            if !replies.is_empty() && !engine.has_drawn() && engine.current() == delivery.seat {
                let sim = seat.determinize(&mut rand::SeedableRng::seed_from_u64(seed));
                let ours = sim.legal_takes().is_empty();
                assert_eq!(
                    ours,
                    engine.legal_takes().is_empty(),
                    "seed {seed}: may seat {} take the pile?",
                    delivery.seat
                );
            }
            outbox[delivery.seat].extend(replies);
        }
        if let Some(outcome) = engine.outcome() {
            return (outcome, sent);
        }
        let Awaiting::One(seat) = engine.awaiting() else { panic!("canasta awaits one seat") };
        assert!(!outbox[seat].is_empty(), "seed {seed}: {levels:?} seat {seat} has nothing to say");
        let line = outbox[seat].remove(0);
        if let Err(v) = engine.submit(seat, &line) {
            panic!("seed {seed}: {levels:?} seat {seat} sent '{line}': {} ({:?})", v.rule, v.detail);
        }
        sent.push(format!("{seat} {line}"));
    }
    panic!("seed {seed}: the match did not end");
}

#[test]
fn every_level_plays_legal_lines_to_the_end_of_a_match() {
    let small = Budget { playouts: 24, max_ms: 10_000 };
    for seed in 0..4 {
        for pair in [[Level::Easy, Level::Medium], [Level::Medium, Level::Hard], [Level::Hard, Level::Easy]] {
            let (outcome, sent) = match_of(pair, seed, small, false);
            assert!(matches!(outcome.ending, crate::games::Ending::Finished { .. }));
            assert!(sent.len() > 20);
        }
    }
}

#[test]
fn every_level_keeps_the_classic_initial_meld() {
    let options = crate::games::RuleOptions::from([
        ("initial-meld".to_owned(), "classic".to_owned()),
        ("target".to_owned(), "3000".to_owned()),
    ]);
    let rules = CanastaRules::classic().with_options(&options).unwrap();
    let small = Budget { playouts: 24, max_ms: 10_000 };
    for seed in 0..3 {
        for pair in [[Level::Easy, Level::Medium], [Level::Medium, Level::Hard], [Level::Hard, Level::Easy]] {
            let (outcome, sent) = match_under(rules.clone(), pair, seed, small, false);
            assert!(matches!(outcome.ending, crate::games::Ending::Finished { .. }));
            assert!(sent.len() > 20);
        }
    }
}

/// The classic initial meld on the counted table: a take for a first meld must reach the minimum
/// alone; a turn's first melds that fall short cannot end it (a turn that lays nothing can);
/// `medium` tops a short opening up with a wild card, or does not open.
#[test]
fn the_counted_table_keeps_the_initial_meld_minimum() {
    let (four, king) = (1, 10);
    let pair = KMeld { nat: 2, twos: 0, jokers: 0 };
    let four_to_eight = [four, four, four, 5, 6, 7, 8];
    let opening = |hand: &[Kind], pile: &[Kind], min: i32| {
        let mut sim = table(hand, &[], pile);
        sim.min_open = [Some(min), None];
        sim
    };
    // Three kings (30 points) by a take: enough under 15, not under 50.
    assert!(opening(&[king, king, 5, 6], &[king], 15).can_draw(Draw::TakeNew(pair)));
    assert!(!opening(&[king, king, 5, 6], &[king], 50).can_draw(Draw::TakeNew(pair)));
    // Three 4s laid (15 points) against a minimum of 50: no discard ends the turn.
    let mut short = opening(&four_to_eight, &[], 50);
    assert!(short.play(Play::Lay(four, KMeld { nat: 3, twos: 0, jokers: 0 })));
    assert!(short.opening_short() && !short.can_play(Play::Discard(8)));
    assert!(opening(&four_to_eight, &[], 50).can_play(Play::Discard(8)), "a turn that lays nothing ends");
    // Medium does not open short: it discards without a meld, or adds a joker to reach 65.
    let mut plays = Vec::new();
    let mut sim = opening(&four_to_eight, &[], 50);
    super::policy::medium_turn(&mut sim, super::policy::TurnStyle::MEDIUM, &mut plays);
    assert!(matches!(plays[..], [Play::Discard(_)]), "{plays:?}");
    let mut with_joker = four_to_eight.to_vec();
    with_joker.push(JOKER);
    let mut plays = Vec::new();
    let mut sim = opening(&with_joker, &[], 50);
    super::policy::medium_turn(&mut sim, super::policy::TurnStyle::MEDIUM, &mut plays);
    assert_eq!(
        plays[..2],
        [Play::Lay(four, KMeld { nat: 3, twos: 0, jokers: 0 }), Play::Lay(four, KMeld { nat: 0, twos: 0, jokers: 1 })]
    );
    assert!(matches!(plays[2], Play::Discard(_)) && sim.sides[0].melded_points() == 65, "{plays:?}");
}

#[test]
fn unknown_lines_are_ignored() {
    let budget = Budget { playouts: 24, max_ms: 10_000 };
    // Medium's moves do not depend on its seed: the same match, line for line.
    let quiet = match_of([Level::Medium, Level::Medium], 5, budget, false);
    let noisy = match_of([Level::Medium, Level::Medium], 5, budget, true);
    assert_eq!(quiet.1, noisy.1);
    let (outcome, _) = match_of([Level::Hard, Level::Easy], 6, budget, true);
    assert!(matches!(outcome.ending, crate::games::Ending::Finished { .. }));
}

#[test]
fn the_same_deal_gives_the_same_lines() {
    let budget = Budget { playouts: 40, max_ms: 10_000 };
    let first = match_of([Level::Hard, Level::Medium], 11, budget, false);
    let again = match_of([Level::Hard, Level::Medium], 11, budget, false);
    assert_eq!(first.1, again.1);
    assert_eq!(first.0.scores, again.0.scores);
}

/// Duplicate matches (each seed played twice, seats swapped) of `a` against `b`: `a`'s wins.
fn duplicate(a: Level, b: Level, seeds: u64, budget: Budget) -> (u32, u32, u32) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for seed in 0..seeds {
        for a_seat in 0..2 {
            let levels = if a_seat == 0 { [a, b] } else { [b, a] };
            let (outcome, _) = match_of(levels, 1000 + seed, budget, false);
            match outcome.winner {
                Some(w) if w == a_seat => wins += 1,
                Some(_) => losses += 1,
                None => draws += 1,
            }
        }
    }
    (wins, draws, losses)
}

/// A benchmark, not a check: `cargo test --release --lib house::canasta -- --ignored --nocapture`.
#[test]
#[ignore]
fn strength_of_each_level() {
    let seeds = std::env::var("JUIZ_HOUSE_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let budget = Budget::default();
    for (a, b) in [(Level::Medium, Level::Easy), (Level::Hard, Level::Medium), (Level::Hard, Level::Easy)] {
        let started = std::time::Instant::now();
        let (w, d, l) = duplicate(a, b, seeds, budget);
        println!("{a} vs {b}: {w} won, {d} drawn, {l} lost of {} ({:.1?})", w + d + l, started.elapsed());
    }
}

/// A table for the rule tests: the player to move holds `hand`, has the melds `melds`, the pile
/// is `pile` (top last), the stock holds ten 4s.
fn table(hand: &[Kind], melds: &[(Kind, KMeld)], pile: &[Kind]) -> Sim {
    let mut sim = Sim {
        sides: Default::default(),
        stock: vec![1; 10],
        discard: pile.iter().map(|&k| k as u8).collect(),
        current: 0,
        over: false,
        went_out: None,
        turns: 0,
        min_open: [None; 2],
        opening: true,
    };
    for &k in hand {
        sim.sides[0].hand[k] += 1;
    }
    for &(k, meld) in melds {
        sim.sides[0].melds[k] = meld;
    }
    sim
}

/// `protocol.md` §8.2's checklist, point by point, on the counted table.
#[test]
fn the_take_checklist_of_section_8_2() {
    let (nine, king, seven) = (6, 10, 4);
    let pair = KMeld { nat: 2, twos: 0, jokers: 0 };
    // Six kings melded, K 9 9 in hand, a 9 on the pile: the take leaves the K that makes a canasta.
    let six_kings = (king, KMeld { nat: 6, twos: 0, jokers: 0 });
    let sim = table(&[king, nine, nine], &[six_kings], &[nine]);
    assert!(sim.can_draw(Draw::TakeNew(pair)));
    // Without the kings the same take would leave a single card: refused.
    assert!(!table(&[king, nine, nine], &[], &[nine]).can_draw(Draw::TakeNew(pair)));
    // A frozen pile (a wild card or a black 3 on top), an empty pile, a single natural: refused.
    assert!(table(&[nine, nine, seven, seven], &[], &[TWO]).legal_takes().is_empty());
    assert!(table(&[nine, nine, seven, seven], &[], &[BLACK3]).legal_takes().is_empty());
    assert!(table(&[nine, nine, seven, seven], &[], &[]).legal_takes().is_empty());
    assert!(table(&[nine, seven, seven, seven], &[], &[nine]).legal_takes().is_empty());
    // A natural and a wild card will do; so does joining a meld of the top's rank.
    let one_and_wild = table(&[nine, JOKER, seven, seven], &[], &[seven, nine]);
    assert_eq!(one_and_wild.legal_takes(), [Draw::TakeNew(KMeld { nat: 1, twos: 0, jokers: 1 })]);
    assert_eq!(table(&[seven, seven], &[(nine, pair.plus(pair))], &[nine]).legal_takes(), [Draw::TakeJoin]);
}

#[test]
fn going_out_needs_a_canasta() {
    let (nine, king) = (6, 10);
    let kings = |n| (king, KMeld { nat: n, twos: 0, jokers: 0 });
    // Two cards, no canasta: the last discard is refused, melding down to one card too.
    let mut sim = table(&[king, nine], &[kings(5)], &[]);
    assert!(sim.can_play(Play::Discard(nine)));
    assert!(!sim.can_play(Play::Lay(king, KMeld { nat: 1, twos: 0, jokers: 0 })));
    // With a canasta the player may meld then discard his last card, and the round ends.
    let mut with_canasta = table(&[king, nine], &[kings(7)], &[]);
    assert!(with_canasta.play(Play::Lay(king, KMeld { nat: 1, twos: 0, jokers: 0 })));
    assert!(with_canasta.play(Play::Discard(nine)));
    assert_eq!((with_canasta.over, with_canasta.went_out), (true, Some(0)));
    assert!(sim.play(Play::Discard(nine)) && !sim.over && sim.current == 1);
}
