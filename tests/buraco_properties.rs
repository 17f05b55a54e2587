//! Properties of the ITP Buraco engine over many seeded games played by a random legal strategy:
//! legal play never errors and always ends, refused lines change nothing, the same seed gives the
//! same game, `deal_text()` replays the game exactly, and no card is ever created or lost.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use juiz::cards::{Card, Rank, format_list};
use juiz::games::buraco::{BuracoEngine, BuracoRules, Meld};
use juiz::games::{Awaiting, Delivery, Engine, Outcome, TableSetup};

fn setup(seats: usize, seed: u64, deal: Option<String>) -> TableSetup {
    TableSetup { wire_ids: (1..=seats).map(|i| format!("p{i}.rnd")).collect(), seed, deal }
}

/// Cards that could share a run with `card`: its suit, or any 2.
fn companions(hand: &[Card], card: Card) -> Vec<Card> {
    hand.iter().copied().filter(|c| c.suit() == card.suit() || c.is(Rank::Two) || card.is(Rank::Two)).collect()
}

/// A random legal line for the seat to play, found with the public meld validator.
fn legal_line(e: &BuracoEngine, rng: &mut Pcg64) -> String {
    let seat = e.current();
    let hand = e.hand(seat).cards().to_vec();
    let policy = e.rules().melds;
    if !e.has_drawn() {
        if let Some(&top) = e.discard_pile().last()
            && rng.random_range(0..10) < 8
        {
            let pool = companions(&hand, top);
            let mut options = Vec::new();
            for i in 0..pool.len() {
                for j in i + 1..pool.len() {
                    if Meld::new(&[top, pool[i], pool[j]], &policy).is_ok() {
                        options.push([pool[i], pool[j]]);
                    }
                }
            }
            if !options.is_empty() {
                let pick = options[rng.random_range(0..options.len())];
                return format!("GET_DISCARD {}", format_list(&pick));
            }
        }
        return "GET_STOCK".into();
    }
    let side = seat % 2;
    match rng.random_range(0..3) {
        0 if hand.len() >= 3 => {
            for _ in 0..10 {
                let pool = companions(&hand, hand[rng.random_range(0..hand.len())]);
                if pool.len() < 3 {
                    continue;
                }
                let mut picked = pool.clone();
                while picked.len() > 3 {
                    picked.remove(rng.random_range(0..picked.len()));
                }
                if Meld::new(&picked, &policy).is_ok() {
                    return format!("MELD_NEW {}", format_list(&picked));
                }
            }
        }
        1 if !e.melds(side).is_empty() => {
            for _ in 0..10 {
                let index = rng.random_range(0..e.melds(side).len());
                let card = hand[rng.random_range(0..hand.len())];
                if e.melds(side)[index].join(&[card], &policy).is_ok() {
                    return format!("MELD_JOIN {index} [ {card} ]");
                }
            }
        }
        _ => {}
    }
    format!("DISCARD {}", hand[rng.random_range(0..hand.len())])
}

/// A line the engine must refuse in the current state.
fn bad_line(e: &BuracoEngine, rng: &mut Pcg64) -> (usize, String) {
    let seat = e.current();
    let hand = e.hand(seat);
    let absent = (0..52)
        .map(|i| {
            format!(
                "{}{}",
                ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][i % 13],
                ["♥", "♦", "♣", "♠"][i / 13]
            )
        })
        .find(|t| hand.count(t.parse().unwrap()) == 0)
        .unwrap_or_else(|| "A♠".into());
    let any_card = hand.cards()[0];
    let other = (seat + 1) % e.seat_count();
    let lines: Vec<(usize, String)> = vec![
        (seat, "FOO".into()),
        (seat, String::new()),
        (seat, "get_stock".into()),
        (other, "GET_STOCK".into()),
        (other, format!("DISCARD {}", e.hand(other).cards()[0])),
        (seat, format!("DISCARD {absent}")),
        (seat, format!("DISCARD {any_card} {any_card}")),
        (seat, "MELD_JOIN 99 [ 3♥ ]".into()),
        (seat, "MELD_JOIN x [ 3♥ ]".into()),
        (seat, "MELD_JOIN 0 3♥".into()),
        (seat, "MELD_NEW [ 2♣ 2♦ 2♥ ]".into()),
        (seat, format!("MELD_NEW [ {any_card} {any_card} {any_card} ]")),
        (seat, "GET_DISCARD [ A♠ ]".into()),
        (seat, "DISCARD 5♥x".into()),
        (seat, if e.has_drawn() { "GET_STOCK".into() } else { format!("DISCARD {any_card}") }),
    ];
    lines[rng.random_range(0..lines.len())].clone()
}

fn card_count(e: &BuracoEngine) -> usize {
    let hands: usize = (0..e.seat_count()).map(|s| e.hand(s).len()).sum();
    let melds: usize = (0..2).flat_map(|side| e.melds(side)).map(Meld::len).sum();
    hands + melds + e.discard_pile().len() + e.stock_len()
}

struct Game {
    lines: Vec<(usize, String)>,
    deliveries: Vec<Delivery>,
    outcome: Outcome,
    deal_text: String,
}

/// Plays one game with the random strategy; with `garbage`, also submits refused lines and
/// checks that they change nothing.
fn play(seats: usize, seed: u64, garbage: bool) -> Game {
    let mut e = BuracoEngine::new(BuracoRules::itp(), &setup(seats, seed, None)).unwrap();
    let mut rng = Pcg64::seed_from_u64(seed ^ 0x5eed);
    let mut lines = Vec::new();
    let mut deliveries = e.take_deliveries();
    let total = e.rules().card_count();
    for step in 0.. {
        assert!(step < 20_000, "seed {seed}: the game does not end");
        if e.outcome().is_some() {
            break;
        }
        assert_eq!(e.awaiting(), Awaiting::One(e.current()));
        if garbage && rng.random_range(0..4) == 0 {
            let (seat, line) = bad_line(&e, &mut rng);
            let before = (e.render(None), e.deal_text(), e.clone().take_deliveries(), e.current(), e.has_drawn());
            assert!(e.submit(seat, &line).is_err(), "seed {seed}: {line:?} from seat {seat} was accepted");
            let after = (e.render(None), e.deal_text(), e.clone().take_deliveries(), e.current(), e.has_drawn());
            assert_eq!(before, after, "seed {seed}: refused {line:?} changed the state");
        }
        let seat = e.current();
        let line = legal_line(&e, &mut rng);
        if let Err(v) = e.submit(seat, &line) {
            panic!("seed {seed}: legal {line:?} refused: {v}\n{}", e.render(None));
        }
        assert_eq!(card_count(&e), total, "seed {seed}: after {line:?}");
        deliveries.extend(e.take_deliveries());
        lines.push((seat, line));
    }
    assert_eq!(e.awaiting(), Awaiting::Nobody);
    assert!(e.take_deliveries().is_empty());
    Game { lines, deliveries, outcome: e.outcome().unwrap(), deal_text: e.deal_text() }
}

#[test]
fn random_legal_play_always_ends_and_conserves_cards() {
    let mut went_out = 0;
    let mut pickups = 0;
    for seed in 0..60 {
        for seats in [2, 4] {
            let game = play(seats, seed, false);
            pickups += game.lines.iter().filter(|(_, l)| l.starts_with("GET_DISCARD")).count();
            if let juiz::games::Ending::Finished { reason } = &game.outcome.ending
                && reason.id == "end-went-out"
            {
                went_out += 1;
            }
        }
    }
    assert!(pickups > 100, "the strategy should take the discard pile sometimes ({pickups})");
    assert!(went_out > 0, "some games should end by going out");
}

#[test]
fn refused_lines_change_nothing() {
    for seed in 100..140 {
        play(2 + 2 * (seed as usize % 2), seed, true);
    }
}

#[test]
fn same_seed_same_game_and_deal_text_replays_it() {
    for seed in 200..240 {
        let seats = 2 + 2 * (seed as usize % 2);
        let game = play(seats, seed, false);
        let again = play(seats, seed, false);
        assert_eq!(game.deliveries, again.deliveries, "seed {seed}");
        assert_eq!(game.outcome, again.outcome);

        let mut replay =
            BuracoEngine::new(BuracoRules::itp(), &setup(seats, seed, Some(game.deal_text.clone()))).unwrap();
        let mut deliveries = replay.take_deliveries();
        for (seat, line) in &game.lines {
            replay.submit(*seat, line).unwrap();
            deliveries.extend(replay.take_deliveries());
        }
        assert_eq!(deliveries, game.deliveries, "seed {seed}: replay from deal_text");
        assert_eq!(replay.outcome(), Some(game.outcome));
        assert_eq!(replay.deal_text(), game.deal_text);
    }
}
