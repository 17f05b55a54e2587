//! The Buraco house bots as real processes: `juiz play house:A house:B` at every level of ITP and
//! STBL plays to the end with no fault, and the same seed twice gives the same transcript; a
//! tournament file's `"house"` key adds them, and unknown levels are refused with the known ones.

use std::path::Path;
use std::process::Command;

use juiz::tournament::Tournament;

use crate::common;
use common::timeless;

const PAIRS: [(&str, &str); 3] = [("easy", "medium"), ("medium", "hard"), ("hard", "easy")];

/// Plays one game; returns the result line.
fn play(game: &str, a: &str, b: &str, seed: u64, log: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_juiz"))
        .args(["play", "--silent", "--game", game, "--seed", &seed.to_string(), "--log"])
        .arg(log)
        .args([format!("house:{a}"), format!("house:{b}")])
        .output()
        .unwrap();
    assert!(out.status.success(), "{game} {a} {b} seed {seed}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn house_bots_play_every_level_to_the_end_and_the_same_seed_gives_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["itp-buraco", "buraco-stbl"] {
        for (i, (a, b)) in PAIRS.into_iter().enumerate() {
            for seed in [11, 12] {
                let first = dir.path().join(format!("{game}-{i}-{seed}-a.csv"));
                let again = dir.path().join(format!("{game}-{i}-{seed}-b.csv"));
                let result = play(game, a, b, seed, &first);
                assert!(result.starts_with(&format!("OK {seed} ")), "{game} {a} {b}: {result}");
                assert_eq!(play(game, a, b, seed, &again), result, "{game} {a} {b} seed {seed}");
                let (one, two) = (timeless(&first), timeless(&again));
                assert!(one.len() > 20, "{game}: a game of a few lines only: {one:?}");
                assert_eq!(one, two, "{game} {a} {b} seed {seed}: the transcripts differ");
            }
        }
    }
}

#[test]
fn a_tournament_names_house_bots_by_level_and_refuses_unknown_ones() {
    let text = r#"{"name": "h", "game": "buraco-stbl", "seed": 1, "house": ["medium", "hard"],
        "bots": [{"name": "x", "command": "house:easy"}]}"#;
    let t = Tournament::parse(text, true).unwrap();
    let names: Vec<&str> = t.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["x", "house-medium", "house-hard"]);
    assert!(t.to_json().contains(r#""command": "house:hard""#), "{}", t.to_json());
    assert_eq!(Tournament::parse(&t.to_json(), true).unwrap().bots, t.bots);
    let bad = r#"{"name": "h", "house": ["easy", "expert"]}"#;
    let err = Tournament::parse(bad, true).unwrap_err().to_string();
    assert!(err.contains("unknown house bot level 'expert'") && err.contains("easy, medium, hard"), "{err}");
    let bad = r#"{"name": "h", "house": ["easy"], "bots": [{"name": "y", "command": "house:best"}]}"#;
    let err = Tournament::parse(bad, true).unwrap_err().to_string();
    assert!(err.contains("bot 'y'") && err.contains("house:medium"), "{err}");
}

#[test]
fn an_unknown_house_level_on_the_command_line_names_the_known_ones() {
    let out = Command::new(env!("CARGO_BIN_EXE_juiz"))
        .args(["play", "--silent", "--game", "itp-buraco", "house:expert", "house:easy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown house bot level 'expert'") && err.contains("house:hard"), "{err}");
}
