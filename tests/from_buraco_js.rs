//! End-to-end tests of what a student coming from the course's referee (`node buraco.js`) relies
//! on: its single-dash flags, bare names of executables in the current folder, and the same seed
//! dealing the same cards.

mod common;

use std::path::Path;
use std::process::Output;

use common::*;

/// A folder holding the template and smart bots under bare names, as a student's folder does.
fn student_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["template", "smart"] {
        std::fs::copy(c_bot(name), dir.path().join(name)).unwrap();
    }
    dir
}

fn play_in(dir: &Path, args: &[&str]) -> Output {
    juiz().current_dir(dir).arg("play").args(args).output().unwrap()
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[test]
fn the_original_flags_and_bare_names_play_the_originals_seed_42() {
    let dir = student_folder();
    // Test T8 of the rules: two bots that draw and discard the drawn card, seed 42. buraco.js
    // says `OK 42 -180 -280 p1.template` because of its hand penalty (Q4); juiz charges card
    // values only: both hands are worth 80.
    let output = play_in(dir.path(), &["-silent", "-seed", "42", "-i", "/dev/null", "template", "template"]);
    assert_eq!(output.status.code(), Some(2), "an empty -i file is refused like --deal: {}", text(&output));
    assert!(text(&output).contains("deal file"), "{}", text(&output));

    let output = play_in(dir.path(), &["-silent", "-seed", "42", "template", "template"]);
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "OK 42 -80 -80 empate\n");
}

#[test]
fn the_same_seed_deals_what_buraco_js_deals() {
    let dir = student_folder();
    // The rules' test vector for `-seed 42`, 2 players: both hands, the discard top, player
    // index 1 starts, and the first cards of the stock (the drawn cards of the first turns).
    let output = play_in(dir.path(), &["-d", "-seed", "42", "template", "template"]);
    let shown = text(&output);
    assert!(output.status.success(), "{shown}");
    for expected in [
        "→ p1.template [ 5♠ 6♥ 2♦ 5♠ 3♠ 9♦ 6♠ 2♥ 3♦ 10♥ 9♣ ]",
        "→ p2.template [ J♥ 3♥ 6♦ K♠ 3♦ 5♥ K♠ 4♠ J♠ 8♣ 6♠ ]",
        "→ p1.template A♥",
    ] {
        assert!(shown.contains(expected), "missing '{expected}' in:\n{shown}");
    }
    let draws: Vec<&str> = shown.lines().filter(|l| l.contains(" draws from the stock: ")).take(3).collect();
    assert_eq!(draws.len(), 3, "{shown}");
    for (draw, expected) in draws.iter().zip([
        "p2.template draws from the stock: 4♥",
        "p1.template draws from the stock: 9♠",
        "p2.template draws from the stock: 9♠",
    ]) {
        assert!(draw.ends_with(expected), "player index 1 starts; the stock gives 4♥ 9♠ 9♠: {draw}\n{shown}");
    }
}

#[test]
fn a_bare_name_that_is_not_in_the_folder_says_where_it_was_looked_for() {
    let dir = student_folder();
    let output = play_in(dir.path(), &["-silent", "template", "nosuchbot"]);
    assert_eq!(output.status.code(), Some(2));
    let message = text(&output);
    assert!(message.contains("`nosuchbot` is neither a file in the current folder nor in PATH"), "{message}");
}
