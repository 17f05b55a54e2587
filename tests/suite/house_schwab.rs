//! The Schwab's Buraco house bots as real processes (`juiz bot LEVEL --game buraco-schwab`): a few
//! matches with every level seated play to the end without a fault (every line legal), over
//! several hands, and the same seed twice gives byte-identical transcripts (the clock's columns
//! aside). The strength figures are a tournament (`tournaments/house-buraco-schwab.json`).

use crate::common;

use std::path::{Path, PathBuf};

use common::*;

/// A house bot; the time cap is raised far above a move's cost so that a loaded machine cannot
/// cut a search short (the playouts alone decide, and the transcripts must repeat).
fn house(level: &str) -> String {
    format!("{} bot {level} --game buraco-schwab --max-ms 2000", env!("CARGO_BIN_EXE_juiz"))
}

/// Plays one match logged in `dir`; returns the log and the result line.
fn play(dir: &Path, name: &str, seed: u64, levels: [&str; 4]) -> (PathBuf, String) {
    let bots: Vec<String> = levels.iter().map(|l| house(l)).collect();
    let bots: Vec<&str> = bots.iter().map(String::as_str).collect();
    play_logged_as(dir, name, "buraco-schwab", seed, &[], &bots)
}

#[test]
fn house_bots_of_every_level_play_schwab_without_a_fault_and_deterministically() {
    let dir = tempfile::tempdir().unwrap();
    let tables = [
        (21, ["hard", "medium", "hard", "medium"]),
        (22, ["medium", "easy", "medium", "easy"]),
        (23, ["easy", "hard", "easy", "hard"]),
    ];
    let mut hands = 0;
    for (seed, levels) in tables {
        let (a, result) = play(dir.path(), &format!("a{seed}"), seed, levels);
        assert!(result.starts_with(&format!("OK {seed} ")), "{levels:?}: {result}");
        let (b, again) = play(dir.path(), &format!("b{seed}"), seed, levels);
        assert_eq!(result, again);
        let first = timeless(&a);
        hands += first.iter().filter(|l| l.contains(">,HAND_END ")).count();
        assert_eq!(first, timeless(&b), "{levels:?}: byte-identical transcripts");
    }
    assert!(hands > 0, "the matches last several hands");
}

#[test]
fn the_schwab_house_tournament_files_load() {
    // The bots' paths are relative to the repository root, the tests' working directory.
    for (file, games) in [("house-buraco-schwab.json", 600), ("house-buraco-schwab-bundled.json", 120)] {
        let t = juiz::tournament::load(&root().join("tournaments").join(file)).unwrap();
        assert_eq!(juiz::tournament::schedule(&t).len(), games, "{file}");
    }
}
