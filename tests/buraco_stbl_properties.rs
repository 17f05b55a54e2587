//! Properties of the Buraco engine under the STBL preset over many seeded games played by a random
//! strategy that tries candidate lines on a copy of the engine: some candidate is always accepted
//! (no seat is ever stuck), every game ends, refused lines change nothing, every card of the 108
//! is in exactly one place after every action, the same seed gives the same game and `deal_text()`
//! (mortos included) replays it exactly.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use juiz::cards::{Card, build_decks, format_list};
use juiz::games::buraco::{BuracoEngine, BuracoRules, Meld};
use juiz::games::{Awaiting, Delivery, Ending, Engine, Outcome, TableSetup};

fn setup(seats: usize, seed: u64, deal: Option<String>) -> TableSetup {
    TableSetup { wire_ids: (1..=seats).map(|i| format!("p{i}.rnd")).collect(), seed, deal }
}

/// Candidate lines for the seat to move, most wanted first (the first the engine accepts is played).
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
        }
        out.push("GET_STOCK".into());
        return out;
    }
    for _ in 0..12 {
        let first = hand[rng.random_range(0..hand.len())];
        let mut pool: Vec<Card> =
            hand.iter().copied().filter(|c| c.suit() == first.suit() || c.suit().is_none()).collect();
        pool.truncate(rng.random_range(3..6).min(pool.len()));
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

/// Every card of the decks, wherever it is now, sorted.
fn all_cards(e: &BuracoEngine) -> Vec<Card> {
    let mut all: Vec<Card> = (0..e.seat_count()).flat_map(|s| e.hand(s).cards().to_vec()).collect();
    all.extend((0..2).flat_map(|side| e.melds(side).iter().flat_map(|m| m.cards().to_vec())));
    all.extend((0..2).flat_map(|side| e.morto(side).unwrap_or_default().to_vec()));
    all.extend(e.discard_pile());
    all.extend(e.stock_cards());
    all.sort();
    all
}

struct Game {
    lines: Vec<(usize, String)>,
    deliveries: Vec<Delivery>,
    outcome: Outcome,
    deal_text: String,
}

fn play(seats: usize, seed: u64, garbage: bool) -> Game {
    let mut e = BuracoEngine::new(BuracoRules::stbl(), &setup(seats, seed, None)).unwrap();
    let mut full = build_decks(2, 2);
    full.sort();
    assert_eq!(all_cards(&e), full);
    let mut rng = Pcg64::seed_from_u64(seed ^ 0x57b1);
    let (mut lines, mut deliveries) = (Vec::new(), e.take_deliveries());
    for step in 0.. {
        assert!(step < 20_000, "seed {seed}: the game does not end");
        if e.outcome().is_some() {
            break;
        }
        let seat = e.current();
        assert_eq!(e.awaiting(), Awaiting::One(seat));
        let mut played = None;
        for line in candidates(&e, &mut rng) {
            let before = (e.render(None), e.current(), e.has_drawn(), e.clone().take_deliveries());
            match e.submit(seat, &line) {
                Ok(_) => {
                    played = Some(line);
                    break;
                }
                Err(_) if garbage => {
                    let after = (e.render(None), e.current(), e.has_drawn(), e.clone().take_deliveries());
                    assert_eq!(before, after, "seed {seed}: refused {line:?} changed the state");
                }
                Err(_) => {}
            }
        }
        let line = played.unwrap_or_else(|| panic!("seed {seed}: seat {seat} has no legal line\n{}", e.render(None)));
        assert_eq!(all_cards(&e), full, "seed {seed}: after {line:?}");
        deliveries.extend(e.take_deliveries());
        lines.push((seat, line));
    }
    assert_eq!(e.awaiting(), Awaiting::Nobody);
    Game { lines, deliveries, outcome: e.outcome().unwrap(), deal_text: e.deal_text() }
}

#[test]
fn random_play_never_sticks_always_ends_and_conserves_cards() {
    let (mut went_out, mut stock_out, mut mortos, mut joins) = (0, 0, 0, 0);
    for seed in 0..600 {
        for seats in [2, 4] {
            let game = play(seats, seed, seed % 10 == 0);
            joins += game.lines.iter().filter(|(_, l)| l.starts_with("GET_DISCARD_JOIN")).count();
            mortos += game.deliveries.iter().filter(|d| d.line == "MORTO").count();
            match &game.outcome.ending {
                Ending::Finished { reason } if reason.id == "end-went-out" => went_out += 1,
                Ending::Finished { reason } if reason.id == "end-stock-out" => stock_out += 1,
                other => panic!("seed {seed}: unexpected ending {other:?}"),
            }
        }
    }
    assert!(joins > 100, "the strategy should join the top card to a meld sometimes ({joins})");
    assert!(mortos > 100, "mortos should be taken ({mortos})");
    assert!(went_out > 0 && stock_out > 0, "both endings should happen ({went_out}, {stock_out})");
}

#[test]
fn same_seed_same_game_and_deal_text_replays_it() {
    for seed in 1000..1040 {
        let seats = 2 + 2 * (seed as usize % 2);
        let game = play(seats, seed, false);
        let again = play(seats, seed, false);
        assert_eq!((&game.deliveries, &game.outcome), (&again.deliveries, &again.outcome), "seed {seed}");
        let mut replay =
            BuracoEngine::new(BuracoRules::stbl(), &setup(seats, seed, Some(game.deal_text.clone()))).unwrap();
        let mut deliveries = replay.take_deliveries();
        for (seat, line) in &game.lines {
            replay.submit(*seat, line).unwrap();
            deliveries.extend(replay.take_deliveries());
        }
        assert_eq!(deliveries, game.deliveries, "seed {seed}: replay from deal_text");
        assert_eq!(replay.outcome(), Some(game.outcome));
    }
}
