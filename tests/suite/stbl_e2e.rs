//! Buraco Fechado STBL with real bot processes: tournaments of the bundled STBL bots (2 and 4
//! players, duplicate deals) end without a fault and the competent C bot beats the template,
//! and misbehaving fixture bots get the right fault at the right seat, leave nothing running,
//! and their games replay to the same result.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use juiz::bot::{BotCommand, FaultKind};
use juiz::games::GameKind;
use juiz::tournament::{Quiet, Tournament, run};

use common::*;

fn tournament(players: usize) -> Tournament {
    let r = root().display().to_string();
    let text = format!(
        r#"{{"name": "stbl-e2e", "game": "buraco-stbl", "seed": 3, "games_per_pairing": 4, "duplicate": true,
            "players": {players}, "move_timeout": "3s", "bots": [
            {{"name": "smart_stbl", "build": "{r}/bots/smart_stbl.c"}},
            {{"name": "stbl", "command": "python3 {r}/bots/stbl_bot.py"}},
            {{"name": "template", "build": "{r}/bots/template.c"}}]}}"#
    );
    Tournament::parse(&text, true).unwrap()
}

#[test]
fn the_bundled_stbl_bots_play_tournaments_without_a_fault() {
    for players in [2, 4] {
        let dir = tempfile::tempdir().unwrap();
        let opts = common::run_options(dir.path(), 2);
        let summary = run(&tournament(players), &opts, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
        assert_eq!(summary.done, summary.total, "{players} players");
        assert!(summary.faulted.is_empty(), "{players} players: {:?}", summary.faulted);
        let rows = juiz::tournament::read_games(&dir.path().join("games.csv")).unwrap();
        assert_eq!(rows.len(), summary.total);
        let against_template: Vec<_> = rows.iter().filter(|r| r.pairing == "smart_stbl-template").collect();
        let won = against_template.iter().filter(|r| r.winner == "smart_stbl").count();
        assert!(
            2 * won > against_template.len(),
            "{players} players: smart_stbl won {won} of {}",
            against_template.len()
        );
    }
}

#[test]
fn the_stbl_demo_tournament_file_loads() {
    let text = std::fs::read_to_string(root().join("tournaments/buraco-stbl.json")).unwrap();
    let t = Tournament::parse(&text, false).unwrap();
    assert_eq!((t.game, t.players), (GameKind::BuracoStbl, 2));
}

/// The template at seat 0, fixture `file` misbehaving on its second turn at seat 1.
fn check_fixture(file: &str, expected: FaultKind) {
    let template = BotCommand { argv: vec![path_str(&c_bot("template"))], display: "template".into() };
    let report = check_fixture_in(GameKind::BuracoStbl, 2, &template, file, expected);
    assert!(report.result_line().ends_with(" p1.template"), "{}", report.result_line());
}

#[test]
fn misbehaving_bots_are_faulted_in_stbl_too() {
    for (file, kind) in [
        ("garbage.py", FaultKind::Malformed),
        ("sleeper.py", FaultKind::Timeout),
        ("segfault.c", FaultKind::Crash),
        ("junk_flood.py", FaultKind::Illegal),
    ] {
        check_fixture(file, kind);
    }
}

#[test]
fn the_python_stbl_bot_plays_matches_of_several_hands() {
    // With a match target, hands follow one another (HAND_END, then the new hand and pile lines):
    // the bundled bot must read them and play on, 2 and 4 players.
    let mut hands = 0;
    for (seed, bots) in [(1, 2), (3, 2), (1, 4), (3, 4)] {
        let mut command = juiz();
        command.args(["play", "--game", "buraco-stbl", "--seed", &seed.to_string(), "--rule", "target=1500"]);
        let out = command.args(vec!["bots/stbl_bot.py"; bots]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "seed {seed}, {bots} players: {text}{}", String::from_utf8_lossy(&out.stderr));
        assert!(!text.contains("fault"), "seed {seed}, {bots} players: {text}");
        hands += text.matches(" ends: ").count();
    }
    assert!(hands >= 4, "the matches should have several hands each: {hands} hand ends seen");
}

#[test]
fn the_c_stbl_bot_plays_matches_of_several_hands() {
    let smart = path_str(&c_bot("smart_stbl"));
    let mut hands = 0;
    for (seed, bots) in [(2, 2), (2, 4)] {
        let mut command = juiz();
        command.args(["play", "--game", "buraco-stbl", "--seed", &seed.to_string(), "--rule", "target=1500"]);
        let seats: Vec<&str> = [smart.as_str(), "bots/stbl_bot.py"].into_iter().cycle().take(bots).collect();
        let out = command.args(seats).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "seed {seed}, {bots} players: {text}{}", String::from_utf8_lossy(&out.stderr));
        assert!(!text.contains("fault"), "seed {seed}, {bots} players: {text}");
        hands += text.matches(" ends: ").count();
    }
    assert!(hands >= 2, "the matches should have several hands each: {hands} hand ends seen");
}
