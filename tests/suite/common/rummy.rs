//! The one property harness of the Buraco presets (ITP, STBL, Schwab): a random strategy that
//! tries candidate lines (runs, sets, melds of wilds, joins, pickups, discards) on the engine, the
//! first accepted being played; after every action every card of the decks is in exactly one
//! place, a refused line (with `garbage`, also deliberately bad ones and other seats' lines)
//! leaves the state unchanged, and some candidate is always accepted (no seat is ever stuck).
//! Used by `rummy_properties`.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use juiz::cards::{Card, build_decks, format_list};
use juiz::games::buraco::{BuracoEngine, BuracoRules, Meld};
use juiz::games::{Awaiting, Delivery, Engine, Outcome, TableSetup};

pub fn setup(seats: usize, seed: u64, deal: Option<String>) -> TableSetup {
    TableSetup { wire_ids: (1..=seats).map(|i| format!("p{i}.rnd")).collect(), seed, deal, options: Default::default() }
}

/// Candidate lines for the seat to move, most wanted first.
fn candidates(e: &BuracoEngine, rng: &mut Pcg64) -> Vec<String> {
    let seat = e.current();
    let side = seat % 2;
    let mut hand = e.hand(seat).cards().to_vec();
    hand.shuffle(rng);
    let policy = e.rules().melds;
    let mut out = Vec::new();
    if !e.has_drawn() {
        if let Some(&top) = e.discard_pile().last()
            && rng.random_range(0..10) < 8
        {
            for i in 0..e.melds(side).len() {
                out.push(format!("GET_DISCARD_JOIN {i}"));
            }
            for i in 0..hand.len() {
                for j in i + 1..hand.len() {
                    if Meld::new(&[top, hand[i], hand[j]], &policy).is_ok() {
                        out.push(format!("GET_DISCARD {}", format_list(&[hand[i], hand[j]])));
                    }
                }
            }
            if rng.random_range(0..4) == 0 {
                out.push("GET_DISCARD [ ]".into());
            }
        }
        out.push("GET_STOCK".into());
        return out;
    }
    for _ in 0..12 {
        let first = hand[rng.random_range(0..hand.len())];
        let same_rank = rng.random_range(0..2) == 0 && first.rank().is_some();
        let mut pool: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|&c| {
                policy.is_wild(c) || if same_rank { c.rank() == first.rank() } else { c.suit() == first.suit() }
            })
            .collect();
        pool.truncate(rng.random_range(3..8).min(pool.len()));
        if pool.len() >= 3 && Meld::new(&pool, &policy).is_ok() {
            out.push(format!("MELD_NEW {}", format_list(&pool)));
        }
    }
    for (index, meld) in e.melds(side).iter().enumerate() {
        for &card in &hand {
            if meld.join(&[card], &policy).is_ok() {
                out.push(format!("MELD_JOIN {index} [ {card} ]"));
            }
        }
    }
    out.shuffle(rng);
    // A few melds first, then the discards, then every other meld (a last card may only be melded).
    let later = out.split_off(rng.random_range(0..3).min(out.len()));
    out.extend(hand.iter().map(|c| format!("DISCARD {c}")));
    out.extend(later);
    out
}

/// Lines that must be refused (or at least change nothing when refused), from any seat.
fn bad_lines(e: &BuracoEngine) -> Vec<(usize, String)> {
    let seat = e.current();
    let other = (seat + 1) % e.seat_count();
    let any_card = e.hand(seat).cards()[0];
    vec![
        (seat, "FOO".into()),
        (seat, String::new()),
        (other, "GET_STOCK".into()),
        (other, format!("DISCARD {}", e.hand(other).cards()[0])),
        (seat, format!("DISCARD {any_card} {any_card}")),
        (seat, "MELD_JOIN 99 [ 3♥ ]".into()),
        (seat, "MELD_NEW [ 3♥ 3♥ 3♥ 3♥ 3♥ 3♥ 3♥ 3♥ 3♥ ]".into()),
        (seat, "DISCARD 5♥x".into()),
        (seat, if e.has_drawn() { "GET_STOCK".into() } else { format!("DISCARD {any_card}") }),
    ]
}

/// Every card of the decks, wherever it is now, sorted.
pub fn all_cards(e: &BuracoEngine) -> Vec<Card> {
    let mut all: Vec<Card> = (0..e.seat_count()).flat_map(|s| e.hand(s).cards().to_vec()).collect();
    all.extend((0..2).flat_map(|side| e.melds(side).iter().flat_map(|m| m.cards().to_vec())));
    all.extend((0..2).flat_map(|side| e.morto(side).unwrap_or_default().to_vec()));
    all.extend(e.discard_pile());
    all.extend(e.stock_cards());
    all.sort();
    all
}

pub struct Game {
    pub lines: Vec<(usize, String)>,
    pub deliveries: Vec<Delivery>,
    pub outcome: Outcome,
    pub deal_text: String,
}

fn snapshot(e: &BuracoEngine) -> (juiz::games::table::Table, usize, bool, Vec<Delivery>, u32) {
    (e.table(None), e.current(), e.has_drawn(), e.clone().take_deliveries(), e.turns())
}

/// Plays one game of `rules` with the random strategy (checking the properties above).
pub fn play(rules: &BuracoRules, seats: usize, seed: u64, garbage: bool) -> Game {
    let mut e = BuracoEngine::new(rules.clone(), &setup(seats, seed, None)).unwrap();
    let mut full = build_decks(rules.decks, rules.jokers_per_deck);
    full.sort();
    assert_eq!(all_cards(&e), full);
    let mut rng = Pcg64::seed_from_u64(seed ^ 0x57b1);
    let (mut lines, mut deliveries) = (Vec::new(), e.take_deliveries());
    for step in 0.. {
        assert!(step < 200_000, "seed {seed}: the game does not end");
        if e.outcome().is_some() {
            break;
        }
        let seat = e.current();
        assert_eq!(e.awaiting(), Awaiting::One(seat));
        if garbage && rng.random_range(0..4) == 0 {
            for (from, line) in bad_lines(&e) {
                let before = snapshot(&e);
                assert!(e.submit(from, &line).is_err(), "seed {seed}: {line:?} from seat {from} was accepted");
                assert_eq!(before, snapshot(&e), "seed {seed}: refused {line:?} changed the state");
            }
        }
        let mut played = None;
        for line in candidates(&e, &mut rng) {
            let before = snapshot(&e);
            match e.submit(seat, &line) {
                Ok(_) => {
                    played = Some(line);
                    break;
                }
                Err(_) => assert_eq!(before, snapshot(&e), "seed {seed}: refused {line:?} changed the state"),
            }
        }
        let line = played.unwrap_or_else(|| panic!("seed {seed}: seat {seat} has no legal line\n{:?}", e.table(None)));
        assert_eq!(all_cards(&e), full, "seed {seed}: after {line:?}");
        deliveries.extend(e.take_deliveries());
        lines.push((seat, line));
    }
    assert_eq!(e.awaiting(), Awaiting::Nobody);
    assert!(e.take_deliveries().is_empty());
    Game { lines, deliveries, outcome: e.outcome().unwrap(), deal_text: e.deal_text() }
}

/// The same seed gives the same game, and `deal_text()` with the same seed replays it exactly.
pub fn check_replay(rules: &BuracoRules, seats: usize, seed: u64) {
    let game = play(rules, seats, seed, false);
    let again = play(rules, seats, seed, false);
    assert_eq!((&game.deliveries, &game.outcome), (&again.deliveries, &again.outcome), "seed {seed}");
    let mut replay = BuracoEngine::new(rules.clone(), &setup(seats, seed, Some(game.deal_text.clone()))).unwrap();
    let mut deliveries = replay.take_deliveries();
    for (seat, line) in &game.lines {
        replay.submit(*seat, line).unwrap();
        deliveries.extend(replay.take_deliveries());
    }
    assert_eq!(deliveries, game.deliveries, "seed {seed}: replay from deal_text");
    assert_eq!(replay.outcome(), Some(game.outcome));
    assert_eq!(replay.deal_text(), game.deal_text);
}
