//! A closed stdout is not a crash (issue 19 point 8): `juiz play`, `replay`, `check` and
//! `tournament` whose reader is gone before they write (`juiz … | head`) stop quietly with the
//! status a shell shows for a tool stopped by SIGPIPE (141), no panic on stderr, no bot left
//! running, and the tournament's results complete.

use crate::common;

use std::process::{Command, Output};

use common::*;

/// Runs `command` with a stdout whose reading end is already closed.
fn with_closed_stdout(mut command: Command) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    command.stdout(writer).stderr(std::process::Stdio::piped()).output().unwrap()
}

fn quiet_stop(output: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(141), "{what}: {stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{what}: {stderr}");
}

/// A python bot in a folder of its own, its command line marked with `marker`.
fn random_bot(dir: &std::path::Path, marker: &str) -> String {
    let bot = dir.join("random_bot.py");
    std::fs::copy(root().join("bots/random_bot.py"), &bot).unwrap();
    format!("python3 {} {marker}", bot.display())
}

#[test]
fn play_replay_and_check_stop_quietly_when_stdout_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let marker = format!("closed-stdout-{}", std::process::id());
    let bot = random_bot(dir.path(), &marker);
    let log = dir.path().join("g.csv");
    let mut play = juiz();
    play.args(["play", "-d", "--seed", "3", "--log"]).arg(&log).args([&bot, &bot]);
    quiet_stop(&with_closed_stdout(play), "play -d");
    let mut silent = juiz();
    silent.args(["play", "--silent", "--seed", "3"]).args([&bot, &bot]);
    quiet_stop(&with_closed_stdout(silent), "play --silent");
    let mut replay = juiz();
    replay.arg("replay").arg(&log);
    quiet_stop(&with_closed_stdout(replay), "replay");
    let mut check = juiz();
    check.args(["check", "--game", "itp-buraco", "--games", "2", &bot]);
    quiet_stop(&with_closed_stdout(check), "check");
    assert!(processes_mentioning(&marker).is_empty(), "bots left running");
    let transcript = juiz::record::Transcript::read(&log).unwrap();
    assert!(juiz::referee::replay(&transcript, &mut juiz::referee::Quiet).unwrap().matches(), "the log is whole");
}

#[test]
fn a_tournament_stops_quietly_with_its_results_complete_when_stdout_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let marker = format!("closed-stdout-t-{}", std::process::id());
    let bot = random_bot(dir.path(), &marker);
    let file = dir.path().join("t.json");
    two_bot_tournament(&file, "closed-stdout", 2, "3s", [("a", bot.clone()), ("b", bot)]);
    let results = dir.path().join("results");
    let mut tournament = juiz();
    tournament.arg("tournament").arg(&file).arg("--out").arg(&results);
    quiet_stop(&with_closed_stdout(tournament), "tournament");
    assert!(processes_mentioning(&marker).is_empty(), "bots left running");
    let rows = juiz::tournament::read_games(&results.join("games.csv")).unwrap();
    assert_eq!(rows.len(), 2, "every game is in the results");
}
