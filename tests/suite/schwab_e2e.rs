//! Schwab's Buraco with real bot processes: a tournament of the bundled bots (4 players in two
//! teams, duplicate deals, matches of several hands) ends without a fault and the competent C bot
//! beats the template, and misbehaving fixture
//! bots get the right fault at the right seat, leave nothing running, and replay to the same result.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use juiz::bot::{BotCommand, FaultKind};
use juiz::games::GameKind;
use juiz::referee::{self, GameConfig, Player, PlayerSpec};
use juiz::tournament::{Quiet, Tournament, run};

use common::*;

#[test]
fn the_bundled_schwab_bots_play_a_tournament_without_a_fault() {
    let r = root().display().to_string();
    let text = format!(
        r#"{{"name": "schwab-e2e", "game": "buraco-schwab", "seed": 3, "games_per_pairing": 4, "duplicate": true,
            "players": 4, "move_timeout": "3s", "bots": [
            {{"name": "smart_schwab", "build": "{r}/bots/smart_schwab.c"}},
            {{"name": "schwab", "command": "python3 {r}/bots/schwab_bot.py"}},
            {{"name": "template", "build": "{r}/bots/template.c"}}]}}"#
    );
    let dir = tempfile::tempdir().unwrap();
    let opts = common::run_options(dir.path(), 2);
    let t = Tournament::parse(&text, true).unwrap();
    let summary = run(&t, &opts, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert_eq!(summary.done, summary.total);
    assert!(summary.faulted.is_empty(), "{:?}", summary.faulted);
    let rows = juiz::tournament::read_games(&dir.path().join("games.csv")).unwrap();
    assert_eq!(rows.len(), summary.total);
    let against_template: Vec<_> = rows.iter().filter(|r| r.pairing == "smart_schwab-template").collect();
    let won = against_template.iter().filter(|r| r.winner == "smart_schwab").count();
    assert!(2 * won > against_template.len(), "smart_schwab won {won} of {}", against_template.len());
}

#[test]
fn the_schwab_demo_tournament_file_loads() {
    let text = std::fs::read_to_string(root().join("tournaments/buraco-schwab.json")).unwrap();
    let t = Tournament::parse(&text, false).unwrap();
    assert_eq!((t.game, t.players), (GameKind::BuracoSchwab, 4));
}

/// The template at seats 0 and 2, fixture `file` misbehaving on its second turn at seats 1 and 3.
fn check_fixture(file: &str, expected: FaultKind) {
    let template = BotCommand { argv: vec![path_str(&c_bot("template"))], display: "template".into() };
    check_fixture_in(GameKind::BuracoSchwab, 4, &template, file, expected);
}

#[test]
fn misbehaving_bots_are_faulted_in_schwab_too() {
    for (file, kind) in [
        ("garbage.py", FaultKind::Malformed),
        ("sleeper.py", FaultKind::Timeout),
        ("segfault.c", FaultKind::Crash),
        ("junk_flood.py", FaultKind::Illegal),
    ] {
        check_fixture(file, kind);
    }
}

/// A whole match of several hands between the Python bots replays from its transcript.
#[test]
fn a_schwab_match_replays_from_its_transcript() {
    let bot = || BotCommand {
        argv: vec!["python3".into(), path_str(&root().join("bots/schwab_bot.py"))],
        display: "schwab".into(),
    };
    let players = (0..4).map(|_| PlayerSpec { name: "schwab".into(), player: Player::Bot(bot()) }).collect();
    let dir = tempfile::tempdir().unwrap();
    let mut config = GameConfig::new(GameKind::BuracoSchwab, 11, players);
    config.log = Some(dir.path().join("game.csv"));
    let report = referee::play(&config, &mut referee::Quiet).unwrap();
    assert!(report.fault.is_none() && report.result_line().starts_with("OK 11 "), "{}", report.result_line());
    let text = std::fs::read_to_string(dir.path().join("game.csv")).unwrap();
    assert!(text.contains("HAND_END 1 "), "the transcript shows the hands");
    let transcript = juiz::record::Transcript::read(&dir.path().join("game.csv")).unwrap();
    let replayed = juiz::referee::replay(&transcript, &mut referee::Quiet).unwrap();
    assert!(replayed.matches(), "replayed '{}'", replayed.report.result_line());
}

/// Rule options: a tournament's `"rules"` reach the games and the transcripts; a bad one is
/// refused before any game, naming the game's options.
#[test]
fn tournament_rules_are_checked_and_recorded() {
    let r = root().display().to_string();
    let file = |rules: &str| {
        format!(
            r#"{{"name": "schwab-rules", "game": "buraco-schwab", "seed": 5, "games_per_pairing": 2, "players": 4,
                "rules": {rules}, "bots": [
                {{"name": "schwab", "command": "python3 {r}/bots/schwab_bot.py"}},
                {{"name": "template", "build": "{r}/bots/template.c"}}]}}"#
        )
    };
    let error = Tournament::parse(&file(r#"{"colour": 1}"#), true).unwrap_err().to_string();
    assert!(error.contains("unknown rule option 'colour'") && error.contains("target, max-hands"), "{error}");
    let t = Tournament::parse(&file(r#"{"target": 0, "negative-table": false}"#), true).unwrap();
    assert!(t.to_json().contains("\"negative-table\": \"false\""), "{}", t.to_json());
    let dir = tempfile::tempdir().unwrap();
    let opts = common::run_options(dir.path(), 2);
    let summary = run(&t, &opts, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert!(summary.faulted.is_empty() && summary.done == summary.total, "{:?}", summary.faulted);
    let logs: Vec<_> = walk(dir.path()).into_iter().filter(|p| p.extension().is_some_and(|e| e == "csv")).collect();
    let game_logs: Vec<_> =
        logs.iter().filter(|p| std::fs::read_to_string(p).unwrap().contains("#,rule=target=0")).collect();
    assert_eq!(game_logs.len(), summary.total, "every transcript records the rules");
    let transcript = juiz::record::Transcript::read(game_logs[0]).unwrap();
    assert_eq!(transcript.meta.options.get("negative-table").map(String::as_str), Some("false"));
    let replayed = juiz::referee::replay(&transcript, &mut referee::Quiet).unwrap();
    assert!(replayed.matches(), "replayed '{}'", replayed.report.result_line());
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() { found.extend(walk(&path)) } else { found.push(path) }
    }
    found
}
