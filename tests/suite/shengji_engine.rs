//! Shengji engine properties: random legal play for two thousand matches (1, 2 and 3 decks) never
//! errors and always ends; every card is in exactly one place after every action; each deal's
//! points add up to 100 per deck; a refused line leaves the state unchanged; the same seed gives
//! the same game.

use juiz::cards::{Card, build_decks_with_two_jokers, format_list};
use juiz::games::shengji::{Phase, ShengjiEngine, ShengjiRules, legal};
use juiz::games::{Awaiting, Engine, RuleOptions, TableSetup};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

fn setup(seed: u64, decks: usize, max_deals: u32) -> TableSetup {
    let options: RuleOptions =
        [("decks".to_owned(), decks.to_string()), ("max-deals".to_owned(), max_deals.to_string())].into();
    TableSetup { wire_ids: (1..=4).map(|n| format!("p{n}.r")).collect(), seed, deal: None, options }
}

fn engine(seed: u64, decks: usize, max_deals: u32) -> ShengjiEngine {
    let s = setup(seed, decks, max_deals);
    ShengjiEngine::new(ShengjiRules::with_options(&s.options).unwrap(), &s).unwrap()
}

/// A random legal line for `seat`.
fn random_line(e: &ShengjiEngine, seat: usize, rng: &mut Pcg64) -> String {
    let deal = e.deal();
    let hand = &deal.hands[seat];
    let mut pick = |n: usize| rng.random_range(0..n);
    match deal.phase {
        Phase::Dealing | Phase::LastCall { .. } => {
            let d = legal::declaration(deal.rules.declare, &deal.trump, seat, hand, deal.declaration.as_ref());
            match d {
                Some(cards) if pick(3) == 0 => format!("DECLARE {}", format_list(&cards)),
                _ => "PASS".to_owned(),
            }
        }
        Phase::Burying => {
            let mut cards = hand.clone();
            let k = deal.rules.kitty_size();
            let buried: Vec<Card> = (0..k).map(|_| cards.remove(pick(cards.len()))).collect();
            format!("BURY {}", format_list(&buried))
        }
        Phase::Playing => match &deal.trick {
            Some(trick) => format!("PLAY {}", format_list(&legal::follow(&deal.trump, trick, hand, &mut pick))),
            None if pick(4) == 0 => {
                // A throw: every card of one effective suit (it may fail: that is legal).
                let suit = deal.trump.eff_suit(hand[pick(hand.len())]);
                let cards: Vec<Card> = hand.iter().copied().filter(|&c| deal.trump.eff_suit(c) == suit).collect();
                format!("PLAY {}", format_list(&cards))
            }
            None => format!("PLAY {}", format_list(&legal::lead(hand, &mut pick))),
        },
        Phase::Done => unreachable!("nobody is awaited once a deal is done"),
    }
}

/// How many of each card (52 suited cards by suit and rank, then SJ, BJ).
fn counts(cards: &[Card]) -> [u16; 54] {
    let mut m = [0; 54];
    for &c in cards {
        let i = match c {
            Card::Suited { rank, suit } => suit as usize * 13 + rank.index(),
            Card::SmallJoker => 52,
            _ => 53,
        };
        m[i] += 1;
    }
    m
}

/// Plays a whole match with random legal lines, checking conservation after every action.
fn play_out(e: &mut ShengjiEngine, rng: &mut Pcg64, decks: usize) -> Vec<String> {
    let deck = counts(&build_decks_with_two_jokers(decks));
    let mut lines = Vec::new();
    for step in 0.. {
        assert!(step < 1_000_000, "the match does not end");
        let Awaiting::One(seat) = e.awaiting() else { break };
        let line = random_line(e, seat, rng);
        e.submit(seat, &line).unwrap_or_else(|v| panic!("{line} refused: {v}\n{:?}", e.deal().hands[seat]));
        lines.extend(e.take_deliveries().into_iter().map(|d| format!("{} {}", d.seat, d.line)));
        assert_eq!(counts(&e.deal().all_cards()), deck, "every card in exactly one place");
    }
    lines
}

#[test]
fn random_legal_matches_end_and_conserve_cards_and_points() {
    let mut rng = Pcg64::seed_from_u64(12);
    let mut deals = 0;
    for (decks, matches, max_deals) in [(1, 1500, 1), (1, 100, 4), (2, 300, 2), (3, 100, 1), (2, 4, 1000)] {
        for m in 0..matches {
            let mut e = engine(m as u64 * 31 + decks as u64, decks, max_deals);
            play_out(&mut e, &mut rng, decks);
            let outcome = e.outcome().expect("an outcome at the end");
            assert_eq!(outcome.scores.len(), 2);
            for record in e.history() {
                assert_eq!(record.taken[0] + record.taken[1] + record.kitty_points, 100 * decks as u32, "{record:?}");
            }
            deals += e.history().len();
        }
    }
    assert!(deals > 2500, "{deals} deals");
}

#[test]
fn refused_lines_leave_the_state_unchanged() {
    let mut rng = Pcg64::seed_from_u64(5);
    let bad =
        ["", "PASS x", "PLAY [ 5♠", "PLAY [ JK ]", "BURY [ 2♠ ]", "DECLARE [ A♠ ]", "PLAY [ BJ BJ BJ BJ ]", "WHAT"];
    for seed in 0..4 {
        let mut e = engine(seed, 1 + seed as usize % 3, 1);
        while let Awaiting::One(seat) = e.awaiting() {
            for line in bad {
                let before = format!("{e:?}");
                if e.submit(seat, line).is_err() {
                    assert_eq!(format!("{e:?}"), before, "{line:?}");
                }
            }
            let other = (seat + 1) % 4;
            let before = format!("{e:?}");
            assert!(e.submit(other, "PASS").is_err());
            assert_eq!(format!("{e:?}"), before);
            let line = random_line(&e, seat, &mut rng);
            e.submit(seat, &line).unwrap();
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let run = || play_out(&mut engine(77, 2, 2), &mut Pcg64::seed_from_u64(1), 2);
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert!(a.iter().any(|l| l.contains("TRUMP")), "trump is fixed");
}
