//! The Shengji house bots as real processes (`juiz bot LEVEL --game shengji`): a few matches with
//! every level seated play to the end without a fault, and the same seed twice gives
//! byte-identical transcripts (the clock's columns aside). The strength figures are a tournament
//! (`tournaments/house-shengji.json`), not a test.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;

fn house(level: &str) -> String {
    format!("{} bot {level} --game shengji", env!("CARGO_BIN_EXE_juiz"))
}

/// Plays one match logged in `dir`; returns the log and the result line.
fn play(dir: &Path, name: &str, seed: u64, decks: usize, levels: [&str; 4]) -> (PathBuf, String) {
    let bots: Vec<String> = levels.iter().map(|l| house(l)).collect();
    let bots: Vec<&str> = bots.iter().map(String::as_str).collect();
    let decks = format!("decks={decks}");
    play_logged_as(dir, name, "shengji", seed, &["--rule", &decks, "--rule", "max-deals=2"], &bots)
}

#[test]
fn house_bots_of_every_level_play_shengji_without_a_fault_and_deterministically() {
    let dir = tempfile::tempdir().unwrap();
    let tables = [
        (11, 2, ["hard", "medium", "hard", "medium"]),
        (12, 1, ["medium", "easy", "medium", "easy"]),
        (13, 3, ["easy", "hard", "easy", "hard"]),
    ];
    for (seed, decks, levels) in tables {
        let (a, result) = play(dir.path(), &format!("a{seed}"), seed, decks, levels);
        assert!(result.starts_with(&format!("OK {seed} ")), "{levels:?}: {result}");
        let (b, again) = play(dir.path(), &format!("b{seed}"), seed, decks, levels);
        assert_eq!(result, again);
        let first = timeless(&a);
        assert!(first.iter().any(|l| l.contains("DEAL_END")), "a whole deal");
        assert_eq!(first, timeless(&b), "{levels:?}: byte-identical transcripts");
    }
}
