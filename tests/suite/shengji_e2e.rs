//! Shengji with real bot processes: the demo tournament's bots play a tournament (duplicate
//! deals, 1–3 decks) without a fault; `juiz play` gives byte-identical transcripts for the same
//! seed; bad input is one line and exit 2; `juiz replay --seat N --bot` replays a seat; the
//! misbehaving fixture bots get the right fault at the right seat and leave nothing running.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use juiz::bot::{BotCommand, FaultKind};
use juiz::games::GameKind;
use juiz::tournament::{Quiet, Tournament, run};

use common::*;

fn tournament(decks: usize) -> Tournament {
    let r = root().display().to_string();
    let text = format!(
        r#"{{"name": "shengji-e2e", "game": "shengji", "seed": 3, "games_per_pairing": 2, "duplicate": true,
            "players": 4, "move_timeout": "3s", "rules": {{"decks": {decks}, "max-deals": 2}}, "bots": [
            {{"name": "smart", "build": "{r}/bots/shengji_smart.c"}},
            {{"name": "random", "build": "{r}/bots/shengji_random.c"}},
            {{"name": "python", "command": "python3 {r}/bots/shengji_bot.py"}}]}}"#
    );
    Tournament::parse(&text, true).unwrap()
}

#[test]
fn the_bundled_shengji_bots_play_tournaments_without_a_fault() {
    for decks in [1, 2, 3] {
        let dir = tempfile::tempdir().unwrap();
        let opts = common::run_options(dir.path(), 2);
        let summary = run(&tournament(decks), &opts, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
        assert_eq!(summary.done, summary.total, "{decks} decks");
        assert!(summary.faulted.is_empty(), "{decks} decks: {:?}", summary.faulted);
        let rows = juiz::tournament::read_games(&dir.path().join("games.csv")).unwrap();
        assert_eq!(rows.len(), summary.total);
    }
}

#[test]
fn the_shengji_demo_tournament_file_loads() {
    let text = std::fs::read_to_string(root().join("tournaments/shengji.json")).unwrap();
    let t = Tournament::parse(&text, false).unwrap();
    assert_eq!((t.game, t.players), (GameKind::Shengji, 4));
}

#[test]
fn the_same_seed_gives_the_same_match_and_a_replay_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let (smart, random) = (path_str(&c_bot("shengji_smart")), path_str(&c_bot("shengji_random")));
    let bots = [smart.as_str(), random.as_str(), smart.as_str(), "bots/shengji_bot.py"];
    let a = play_logged(dir.path(), "shengji", 5, &bots);
    let first = timeless(&a);
    let b = play_logged(dir.path(), "shengji", 5, &bots);
    assert_eq!(first, timeless(&b), "byte-identical transcripts");
    assert!(first.iter().any(|l| l.contains("DEAL_END")), "a whole match");
    let out = juiz().args(["replay", "--seat", "1", "--bot", &random]).arg(&b).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let out = juiz().args(["replay"]).arg(&b).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("wins the trick"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let bot = "bots/shengji_bot.py";
    let (_dir, short_deal) = deal_file("[ 2♠ ]\n[ 3♠ ]\n[ 4♠ ]\n[ 5♠ ]\n[ 6♠ ]\n0\n");
    let deal = format!("--deal={}", path_str(&short_deal));
    let cases: [(&[&str], &str); 5] = [
        (&[bot, bot, bot, bot, bot], "shengji is played by 4 players, not 6"),
        (&["--rule", "decks=4", bot, bot, bot, bot], "decks=4: expected 1, 2 or 3"),
        (&["--rule", "colour=red", bot, bot, bot, bot], "unknown rule option 'colour'"),
        (&["--rule", "max-deals=0", bot, bot, bot, bot], "max-deals=0"),
        (&[&deal, bot, bot, bot, bot], "hand of seat 0: 1 cards, expected 25"),
    ];
    for (args, expected) in cases {
        let out = juiz().args(["play", "--game", "shengji", "--silent"]).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: no game");
    }
}

/// The smart bot at seats 0 and 2, fixture `file` misbehaving on its second turn at seats 1/3.
fn check_fixture(file: &str, expected: FaultKind) {
    let smart = BotCommand { argv: vec![path_str(&c_bot("shengji_smart"))], display: "smart".into() };
    let report = check_fixture_in(GameKind::Shengji, 4, &smart, file, expected);
    assert!(report.result_line().ends_with(" p3.smart"), "{}", report.result_line());
}

#[test]
fn misbehaving_bots_are_faulted_in_shengji_too() {
    for (file, kind) in [
        ("garbage.py", FaultKind::Malformed),
        ("sleeper.py", FaultKind::Timeout),
        ("segfault.c", FaultKind::Crash),
        ("junk_flood.py", FaultKind::Malformed),
    ] {
        check_fixture(file, kind);
    }
}

#[test]
fn a_tournament_gives_the_same_transcripts_at_any_number_of_jobs() {
    let logs = |jobs: usize| -> Vec<(String, Vec<String>)> {
        let dir = tempfile::tempdir().unwrap();
        let opts = common::run_options(dir.path(), jobs);
        let summary = run(&tournament(2), &opts, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
        assert!(summary.faulted.is_empty());
        let mut files: Vec<_> =
            std::fs::read_dir(dir.path().join("games")).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        files.iter().map(|f| (f.file_name().unwrap().to_string_lossy().into_owned(), timeless(f))).collect()
    };
    let (one, two) = (logs(1), logs(2));
    assert!(one.len() >= 6, "{} games", one.len());
    assert_eq!(one, two);
}

#[test]
fn juiz_check_catches_a_bot_that_does_not_follow_suit_and_passes_the_bundled_ones() {
    let dir = tempfile::tempdir().unwrap();
    // The Python bot, but following with the last cards of its hand whatever the lead.
    let source = std::fs::read_to_string(root().join("bots/shengji_bot.py")).unwrap();
    let buggy = source.replace("\" \".join(g.follow())", "\" \".join(g.hand[len(g.hand) - len(g.lead):])");
    assert_ne!(buggy, source);
    let path = dir.path().join("buggy.py");
    std::fs::write(&path, buggy).unwrap();
    let out = juiz().args(["check", "--game", "shengji", "--seed", "2", "--games", "0"]).arg(&path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("must-follow-suit") && text.contains("shengji-follow-suit"), "{text}");
    let good = path_str(&root().join("bots/shengji_random.c"));
    let out = juiz().args(["check", "--game", "shengji", "--seed", "2", "--games", "1", &good]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

/// The terminal account tells declarations and the last call, not one "passes" per card dealt.
#[test]
fn the_account_of_a_deal_leaves_out_the_passes_while_dealing() {
    let random = path_str(&c_bot("shengji_random"));
    let output = juiz()
        .args(["play", "--game", "shengji", "--seed", "3", "--rule", "max-deals=1"])
        .args([&random, &random, &random, &random])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let account = String::from_utf8_lossy(&output.stdout);
    let passes = account.lines().filter(|l| l.ends_with(" passes") || l.contains(" passes;")).count();
    assert!((1..=8).contains(&passes), "{passes} passes told:\n{account}");
    assert!(account.contains("buries"), "{account}");
}
