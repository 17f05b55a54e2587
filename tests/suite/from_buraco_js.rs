//! End-to-end tests of what a student coming from the course's referee (`node buraco.js`) relies
//! on: its single-dash flags, bare names of executables in the current folder, and the same seed
//! dealing the same cards.

use crate::common;

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

/// Two deal files without a stock line and the stock `buraco.js` deals from after reading them
/// with `-i FILE -seed N` (top card first): dumped from the original's own code (node 20, the
/// course repository at dae6f6b, its stock printed right after `initFromFile`). The original
/// takes each named card's first copy out of its seeded deck (the bottom-most), and so does juiz.
const ORIGINAL_STOCKS: [(u64, usize, &str, &str); 2] = [
    (
        42,
        2,
        "[ 5♠ 6♥ 2♦ 5♠ 3♠ ]\n[ J♥ 3♥ 6♦ K♠ ]\nA♥\n1\n",
        "J♥ 6♥ 3♥ 2♦ 6♦ K♠ 3♠ 3♦ 9♦ 5♥ 6♠ 2♥ 4♠ 3♦ J♠ 10♥ 8♣ 9♣ 6♠ A♥ 4♥ 9♠ 9♠ 6♣ 9♥ 4♦ K♦ K♦ 10♣ J♦ 10♦ \
         10♥ 8♠ 8♠ 10♠ Q♣ 6♣ 2♠ 10♠ 9♣ Q♥ 4♠ 2♥ 9♥ 8♣ 9♦ Q♠ 7♥ 3♣ 8♥ J♠ 8♦ 4♥ 5♥ 2♣ A♠ J♣ Q♦ 7♣ 3♣ 5♦ Q♥ \
         A♣ 7♥ 5♣ Q♣ 7♦ Q♦ 8♦ 5♦ K♣ 7♠ J♣ 7♠ K♣ 4♣ 2♣ 8♥ K♥ 10♣ 7♣ 2♠ 10♦ Q♠ 4♣ 7♦ A♦ J♦ 4♦ A♦ A♣ A♠ 5♣ K♥",
    ),
    (
        1002,
        4,
        "[ 9♣ 9♣ A♥ 2♠ K♦ ]\n[ Q♥ Q♥ 7♠ ]\n[ 4♦ 4♦ 10♣ ]\n[ J♣ ]\n3♠\n2\n",
        "K♥ 2♠ A♦ Q♣ 2♣ 10♠ 6♥ 9♥ 10♣ 8♠ 5♠ 3♠ 6♣ K♦ 4♣ 3♥ 3♦ J♦ 3♦ 6♣ A♥ 7♥ 2♦ A♠ 5♥ 4♥ 7♦ A♣ 5♦ K♥ 6♦ \
         J♠ J♣ 10♥ 10♦ 9♠ 4♣ J♥ 7♠ 2♥ 2♦ 5♥ A♦ Q♠ 5♠ 8♥ 7♣ 3♥ 9♦ 9♠ 8♠ K♠ 6♠ 7♥ 6♦ A♣ 4♠ 7♣ 5♦ 4♠ 6♥ \
         8♦ K♣ 9♥ J♦ 6♠ J♠ 8♦ K♣ 3♣ Q♦ 9♦ 7♦ Q♦ 8♣ 8♣ Q♠ 10♠ 8♥ A♠ 4♥ 2♥ 3♣ 10♦ K♠ 2♣ 10♥ 5♣ J♥ 5♣ Q♣",
    ),
];

/// Issue 19 point 6, at the engine: a deal file without a stock line under a seed gives the
/// original's stock, card for card.
#[test]
fn a_deal_file_without_a_stock_line_gives_the_originals_stock_seed_for_seed() {
    use juiz::games::{GameKind, TableSetup, new_engine};
    for (seed, seats, file, stock) in ORIGINAL_STOCKS {
        let setup = TableSetup {
            wire_ids: (1..=seats).map(|n| format!("p{n}.x")).collect(),
            seed,
            deal: Some(file.to_owned()),
            options: Default::default(),
        };
        let engine = new_engine(GameKind::ItpBuraco, &setup).unwrap();
        let text = engine.deal_text();
        let last = text.lines().last().unwrap();
        assert_eq!(last, format!("[ {stock} ]"), "seed {seed}");
    }
}

/// Issue 19 point 6, through a game: `juiz play -d -seed 42 -i FILE` with two bots that draw
/// from the stock: seat 1 starts and the draws are the original's stock top, J♥ 6♥ 3♥.
#[test]
fn a_deal_file_and_a_seed_draw_the_originals_stock_in_play() {
    let dir = student_folder();
    let file = dir.path().join("game.in");
    std::fs::write(&file, ORIGINAL_STOCKS[0].2).unwrap();
    let output = play_in(dir.path(), &["-d", "-seed", "42", "-i", "game.in", "template", "template"]);
    let shown = text(&output);
    assert!(output.status.success(), "{shown}");
    let draws: Vec<&str> = shown.lines().filter(|l| l.contains(" draws from the stock: ")).take(3).collect();
    for (draw, expected) in
        draws.iter().zip(["p2.template", "p1.template", "p2.template"].iter().zip(["J♥", "6♥", "3♥"]))
    {
        assert!(draw.ends_with(&format!("{} draws from the stock: {}", expected.0, expected.1)), "{draw}\n{shown}");
    }
    assert_eq!(draws.len(), 3, "{shown}");
}

/// Issue 19 point 7: `-seed` read as the original reads it: 0 draws a random seed (printed in
/// the result line), a number above 2^53 is rounded to a double, a negative one is refused
/// saying why (exit status 2, before any game); juiz's own `--seed 0` is seed 0.
#[test]
fn original_seeds_are_read_as_buraco_js_reads_them() {
    let dir = student_folder();
    let output = play_in(dir.path(), &["-silent", "-seed", "0", "template", "template"]);
    let line = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success() && line.starts_with("OK ") && !line.starts_with("OK 0 "), "{}", text(&output));
    let output = play_in(dir.path(), &["--silent", "--seed", "0", "template", "template"]);
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("OK 0 "), "{}", text(&output));
    let output = play_in(dir.path(), &["-silent", "-seed", "9007199254740993", "template", "template"]);
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("OK 9007199254740992 "), "{}", text(&output));
    let output = play_in(dir.path(), &["-silent", "-seed", "-5", "template", "template"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output).contains("buraco.js shuffles with the text -5"), "{}", text(&output));
    assert!(output.stdout.is_empty());
}
