//! `juiz replay LOG --seat N --bot BOT` for every kind of fault a bot commits (issue 35): a game
//! lost by the fault is recorded, then the unfixed bot replayed at its seat still commits it
//! (exit status 4, "still faults", the same kind) and a fixed bot (the template) gets past it
//! (0). Real bot processes; the premature output and the refused line have their own files
//! (`replay_premature.rs`, `replay_bot.rs`). A recorded memory or CPU-time fault is replayed
//! under the limit it names.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::*;

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn student(mistake: &str) -> String {
    format!("python3 {} {mistake}", path_str(&root().join("tests/fixtures/mistakes/student.py")))
}

fn leaker() -> String {
    path_str(&juiz::bot::build_c(&root().join("bots/fixtures/leaker.c"), &bot_cache()).unwrap())
}

/// Plays seed 3, the template at seat 0 and `bot` at seat 1 under `options`, logged; the log and
/// its fault row (empty: none).
fn lost_game(dir: &Path, bot: &str, options: &[&str]) -> (String, String) {
    let log = path_str(&dir.join("game.csv"));
    let output = juiz()
        .args(["play", "--silent", "--seed", "3", "--log", &log])
        .args(options)
        .arg(path_str(&c_bot("template")))
        .arg(bot)
        .output()
        .unwrap();
    let fault = std::fs::read_to_string(&log)
        .unwrap_or_default()
        .lines()
        .find(|l| l.contains(",!,"))
        .unwrap_or_default()
        .to_owned();
    assert!(!fault.is_empty(), "a game lost by a fault: {}", text(&output));
    (log, fault)
}

fn replay(log: &str, bot: &str, timeout: &str) -> (Option<i32>, String) {
    let output = juiz().args(["replay", log, "--seat", "1", "--timeout", timeout, "--bot", bot]).output().unwrap();
    (output.status.code(), text(&output))
}

/// One kind: `bot` loses by `kind` under `options`; replayed, it still does and the template
/// gets past. `timeout` bounds each wait of the replay. A fault the host caused skips the case.
fn still_faults_and_fixed_gets_past(name: &str, bot: &str, options: &[&str], kind: &str, timeout: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (log, fault) = lost_game(dir.path(), bot, options);
    if fault.contains("timeout-overload") {
        eprintln!("{name}: the host was overloaded, not checked: {fault}");
        return;
    }
    let recorded = fault.split_once(",!,").map_or("", |(_, text)| text.trim_start_matches('"'));
    assert!(recorded.starts_with(&format!("{kind}: ")), "{name}: the game was lost by {kind}: {fault:?}");
    let (status, said) = replay(&log, bot, timeout);
    if said.contains("timeout-overload") {
        eprintln!("{name}: the host was overloaded in the replay, not checked: {said}");
        return;
    }
    assert_eq!(status, Some(4), "{name}: {said}");
    assert!(said.starts_with("still faults: after the "), "{name}: {said}");
    assert!(said.contains(&format!("{kind}: ")), "{name}: {said}");
    let (status, said) = replay(&log, &path_str(&c_bot("template")), "10s");
    assert_eq!(status, Some(0), "{name}: {said}");
    assert!(said.starts_with("gets past the recorded fault (row "), "{name}: {said}");
}

#[test]
fn an_exit_still_faults_and_the_fixed_bot_gets_past() {
    still_faults_and_fixed_gets_past("exit", &student("crash"), &[], "crash", "10s");
}

#[test]
fn an_illegal_move_still_faults_and_the_fixed_bot_gets_past() {
    // On its second turn it discards before drawing: the template draws there.
    still_faults_and_fixed_gets_past("illegal", &student("discard-first"), &[], "illegal", "10s");
}

#[test]
fn a_lower_case_command_still_faults_and_the_fixed_bot_gets_past() {
    still_faults_and_fixed_gets_past("malformed", &student("lower-case"), &[], "malformed", "10s");
}

#[test]
fn a_python_syntax_error_still_faults_and_the_fixed_bot_gets_past() {
    let bot = format!("python3 {}", path_str(&root().join("tests/fixtures/mistakes/syntax_error.py")));
    still_faults_and_fixed_gets_past("syntax error", &bot, &[], "crash", "10s");
}

#[test]
fn a_timeout_while_reading_still_faults_and_the_fixed_bot_gets_past() {
    // Its answers sit in its stdout buffer: it waits for input that never comes.
    still_faults_and_fixed_gets_past("no flush", &student("no-flush"), &["--move-timeout", "1s"], "timeout", "1s");
}

#[test]
fn a_memory_fault_is_replayed_under_its_recorded_limit() {
    // Replayed under juiz's default limit (1 GiB) the leak would outlast the game: the replay
    // takes the 128 MiB the recorded fault names.
    still_faults_and_fixed_gets_past("memory", &format!("{} lazy", leaker()), &["--memory", "128M"], "memory", "10s");
}

#[test]
fn a_cpu_time_fault_is_replayed_under_its_recorded_limit() {
    // 0.8 s of CPU a move under a 2 s CPU limit for the game: the third move uses it up (1.6 s
    // and Python's start before it, 2.4 s at its end).
    still_faults_and_fixed_gets_past(
        "cpu time",
        &student("spin 0.8"),
        &["--cpu-time", "2s", "--move-timeout", "3s"],
        "cpu-time",
        "10s",
    );
}
