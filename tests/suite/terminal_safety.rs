//! Bot text never reaches the operator's terminal raw: a bot that writes escape sequences (in
//! its lines, its stderr) gets them shown escaped by `juiz play`, `juiz check` and the end of a
//! tournament.

use crate::common;

use common::*;

fn fixture_bot() -> String {
    path_str(&root().join("bots/fixtures/terminal_escape.py"))
}

/// No raw escape, bell, carriage return, C1 CSI or bidi override anywhere in `text`.
fn assert_clean(what: &str, text: &str) {
    let raw: Vec<char> = text.chars().filter(|c| matches!(c, '\x1b' | '\x07' | '\r' | '\u{9b}' | '\u{202e}')).collect();
    assert!(raw.is_empty(), "{what} printed raw control characters {raw:?}:\n{text}");
}

#[test]
fn play_shows_a_bots_line_and_stderr_escaped() {
    let output = juiz()
        .args(["play", "--seed", "3", "--move-timeout", "2s", &fixture_bot(), &path_str(&c_bot("template"))])
        .output()
        .unwrap();
    let (out, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(out.contains("malformed"), "{out}");
    assert!(out.contains("\\x1b]0;pwned\\x07"), "the fault line shows the escapes: {out}");
    assert!(out.contains("stderr of") && out.contains("debug \\x1b"), "the stderr tail shows them: {out}");
    assert_clean("juiz play (stdout)", &out);
    assert_clean("juiz play (stderr)", &err);
}

#[test]
fn a_tournament_summary_shows_fault_details_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    two_bot_tournament(&file, "esc", 2, "2s", [("nasty", fixture_bot()), ("template", path_str(&c_bot("template")))]);
    let output = juiz()
        .arg("tournament")
        .arg(&file)
        .arg("--out")
        .arg(dir.path().join("out"))
        .arg("--jobs")
        .arg("2")
        .output()
        .unwrap();
    let (out, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{out}{err}");
    assert!(out.contains("malformed") && out.contains("\\x1b"), "{out}");
    assert_clean("juiz tournament (stdout)", &out);
    assert_clean("juiz tournament (stderr)", &err);
}

#[test]
fn replay_against_the_bot_shows_its_fault_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.csv");
    let played = juiz()
        .args(["play", "--silent", "--seed", "3", "--move-timeout", "2s", "--log", &path_str(&log)])
        .args([&fixture_bot(), &path_str(&c_bot("template"))])
        .output()
        .unwrap();
    assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
    let output = juiz()
        .args(["replay", &path_str(&log), "--seat", "0", "--bot", &fixture_bot(), "--timeout", "5s"])
        .output()
        .unwrap();
    let (out, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(out.contains("\\x1b"), "the fault is shown, escaped: {out}{err}");
    assert_clean("juiz replay --bot (stdout)", &out);
    assert_clean("juiz replay --bot (stderr)", &err);
}
