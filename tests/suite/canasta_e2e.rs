//! Canasta with real bot processes: a tournament of the bundled bots (duplicate deals, matches to
//! 5000) ends without a fault; misbehaving fixture bots get the right fault at the right seat,
//! leave nothing running, and replay to the same result; a match replays from its transcript;
//! `juiz replay --seat N --bot` and `juiz check --game canasta` catch a bot that takes a frozen pile.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use juiz::bot::{BotCommand, FaultKind};
use juiz::games::GameKind;
use juiz::referee::{self, GameConfig, Player, PlayerSpec};
use juiz::tournament::{Quiet, Tournament, run};

use common::*;

fn smart() -> BotCommand {
    BotCommand { argv: vec![path_str(&c_bot("canasta_smart"))], display: "canasta_smart".into() }
}

#[test]
fn the_bundled_canasta_bots_play_a_tournament_without_a_fault() {
    let r = root().display().to_string();
    let text = format!(
        r#"{{"name": "canasta-e2e", "game": "canasta", "seed": 3, "games_per_pairing": 4, "duplicate": true,
            "move_timeout": "3s", "bots": [
            {{"name": "canasta_bot", "command": "python3 {r}/bots/canasta_bot.py"}},
            {{"name": "canasta_smart", "build": "{r}/bots/canasta_smart.c"}},
            {{"name": "canasta_simple", "build": "{r}/bots/canasta_simple.c"}}]}}"#
    );
    let dir = tempfile::tempdir().unwrap();
    let opts = common::run_options(dir.path(), 2);
    let t = Tournament::parse(&text, true).unwrap();
    let summary = run(&t, &opts, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert_eq!(summary.done, summary.total);
    assert!(summary.faulted.is_empty(), "{:?}", summary.faulted);
    let rows = juiz::tournament::read_games(&dir.path().join("games.csv")).unwrap();
    assert_eq!(rows.len(), 12);
}

#[test]
fn the_canasta_demo_tournament_file_loads() {
    let text = std::fs::read_to_string(root().join("tournaments/canasta.json")).unwrap();
    let t = Tournament::parse(&text, false).unwrap();
    assert_eq!((t.game, t.players), (GameKind::Canasta, 2));
}

/// The smart bot at seat 0, fixture `file` misbehaving on its second turn at seat 1.
fn check_fixture(file: &str, expected: FaultKind) {
    let smart = BotCommand { display: "canasta_smart".into(), ..smart() };
    check_fixture_in(GameKind::Canasta, 2, &smart, file, expected);
}

#[test]
fn misbehaving_bots_are_faulted_in_canasta_too() {
    for (file, kind) in [
        ("garbage.py", FaultKind::Malformed),
        ("sleeper.py", FaultKind::Timeout),
        ("segfault.c", FaultKind::Crash),
        ("junk_flood.py", FaultKind::Illegal),
    ] {
        check_fixture(file, kind);
    }
}

/// A whole match of several rounds replays from its transcript, each round visible in it.
#[test]
fn a_canasta_match_replays_from_its_transcript() {
    let python = BotCommand {
        argv: vec!["python3".into(), path_str(&root().join("bots/canasta_bot.py"))],
        display: "canasta_bot".into(),
    };
    let players = vec![
        PlayerSpec { name: "canasta_bot".into(), player: Player::Bot(python) },
        PlayerSpec { name: "canasta_smart".into(), player: Player::Bot(smart()) },
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut config = GameConfig::new(GameKind::Canasta, 11, players);
    config.log = Some(dir.path().join("game.csv"));
    let report = referee::play(&config, &mut referee::Quiet).unwrap();
    assert!(report.fault.is_none() && report.result_line().starts_with("OK 11 "), "{}", report.result_line());
    let text = std::fs::read_to_string(dir.path().join("game.csv")).unwrap();
    assert!(text.contains("HAND_END 1 ") && text.contains("HAND_END 2 "), "the transcript shows the rounds");
    let transcript = juiz::record::Transcript::read(&dir.path().join("game.csv")).unwrap();
    let replayed = juiz::referee::replay(&transcript, &mut referee::Quiet).unwrap();
    assert!(replayed.matches(), "replayed '{}'", replayed.report.result_line());
}

/// A bot that takes the pile with a pair although a joker froze it: `juiz check` fails it on the
/// frozen-pile position with the rule's id, and `juiz replay --seat 0 --bot` with the smart bot
/// gets past the fault.
#[test]
fn check_and_replay_catch_a_bot_that_takes_a_frozen_pile() {
    let dir = tempfile::tempdir().unwrap();
    // The bot in a folder marked as its own (the sandbox lets a bot read such a folder).
    std::fs::create_dir_all(dir.path().join("bot")).unwrap();
    std::fs::write(dir.path().join("bot/.juiz-bot-folder"), "").unwrap();
    let bot = dir.path().join("bot/frozen_taker");
    let script = dir.path().join("bot/scripted.py");
    std::fs::copy(root().join("tests/fixtures/scripted.py"), &script).unwrap();
    std::fs::write(&bot, format!("#!/bin/sh\nexec python3 '{}' 'GET_DISCARD [ 9♥ 9♣ ]'\n", script.display())).unwrap();
    std::fs::set_permissions(&bot, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let logs = dir.path().join("logs");
    let output = juiz()
        .args(["check", "--game", "canasta", "--games", "0", "--seed", "1", "--keep-logs", &path_str(&logs)])
        .arg(path_str(&bot))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("pile-frozen") && said.contains("the discard pile is frozen"), "{said}");
    let log = path_str(&logs.join("01-canasta-frozen-pile.csv"));
    let smart = path_str(&c_bot("canasta_smart"));
    let output = juiz().args(["replay", &log, "--seat", "0", "--timeout", "10s", "--bot", &smart]).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{said}");
    assert!(said.contains("gets past the recorded fault") && said.contains("it writes: GET_STOCK"), "{said}");
}

/// Bad input is one clear line and exit status 2, before any game: a red 3 in a hand of the deal
/// file, a card named more often than the two decks hold, an unknown rule option, three players.
#[test]
fn bad_canasta_input_is_one_line_and_exit_2() {
    let smart = path_str(&c_bot("canasta_smart"));
    let dir = tempfile::tempdir().unwrap();
    let deal = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path_str(&path)
    };
    let red = deal("red.deal", "[ 3♥ 5♠ ]\n[ 6♠ ]\n[  ]\n[  ]\n[ 9♣ ]\n0\n");
    let many = deal("many.deal", "[ JK JK JK ]\n[ JK JK ]\n[  ]\n[  ]\n[ 9♣ ]\n0\n");
    for (args, expected) in [
        (vec!["--deal", red.as_str()], "deal file, line 1: hand of seat 0 holds the red 3 3♥"),
        (vec!["--deal", many.as_str()], "deal file, line 2: JK is named more times than the 2 deck(s) hold (4)"),
        (
            vec!["--rule", "colour=1"],
            "unknown rule option 'colour' (canasta's rule options: target, max-rounds, initial-meld)",
        ),
    ] {
        let output = juiz().args(["play", "--game", "canasta", "--silent"]).args(&args).args([&smart, &smart]).output();
        let output = output.unwrap();
        let said = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(2), "{said}");
        assert!(said.contains(expected) && said.trim().lines().count() == 1, "{said}");
        assert!(output.stdout.is_empty());
    }
    let output = juiz().args(["play", "--game", "canasta", "--silent", &smart, &smart, &smart, &smart]).output();
    let output = output.unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("canasta is played by 2 players, not 4"));
}

/// A human seat in Canasta: the terminal shows the laid-out red 3s, the melds by rank (a canasta
/// named mixed), the frozen pile and the round of the match; a discarded red 3 is explained and
/// asked again.
#[test]
fn a_human_sees_red_threes_melds_the_frozen_pile_and_the_round() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let deal = dir.path().join("deal.txt");
    std::fs::write(
        &deal,
        "[ 7♥ 7♥ 7♠ 7♣ 7♣ 2♠ JK K♠ K♥ 5♦ ]\n[ 9♥ 9♦ 4♣ 8♠ Q♦ ]\n[ 3♥ ]\n[  ]\n[ 9♠ 2♦ ]\n0\n[ 7♦ ]\n",
    )
    .unwrap();
    let mut child = juiz()
        .args(["play", "--game", "canasta", "--seed", "4", "--deal", &path_str(&deal)])
        .arg(path_str(&c_bot("canasta_simple")))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = "GET_STOCK\nMELD_NEW [ 7♥ 7♥ 7♠ 7♣ 7♣ 7♦ 2♠ ]\nDISCARD 3♥\nDISCARD JK\n";
    child.stdin.take().unwrap().write_all(lines.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{text}");
    assert!(text.contains("user · red 3s (1): [ 3♥ ]"), "{text}");
    assert!(text.contains("[ 7♥ 7♥ 7♦ 7♣ 7♣ 7♠ 2♠ ] (mixed canasta)"), "{text}");
    assert!(text.contains("red-three-discard"), "{text}");
    assert!(text.contains("discard pile (frozen)"), "{text}");
    assert!(text.contains("round 1 · match totals"), "{text}");
}
