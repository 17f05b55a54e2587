//! `juiz tournament` as a process: killed with SIGKILL half-way and resumed, it ends with the rows
//! of an uninterrupted run, none lost, none twice; two shards merged equal the unsharded run.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::*;

fn tournament_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("t.json");
    let text = format!(
        r#"{{"name": "kill", "game": "itp-buraco", "seed": 9, "format": "round-robin",
            "games_per_pairing": 40, "duplicate": true, "move_timeout": "3s",
            "bots": [{{"name": "smart", "build": "{}"}}, {{"name": "template", "build": "{}"}}]}}"#,
        root().join("bots/smart.c").display(),
        root().join("bots/template.c").display()
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// games.csv without the timing column (which differs from run to run) and its checksum.
fn rows_without_timing(dir: &Path) -> Vec<String> {
    let mut reader = csv::Reader::from_path(dir.join("games.csv")).unwrap();
    let headers = reader.headers().unwrap().clone();
    // The timing column, and the checksum that covers it.
    let timing: Vec<usize> =
        headers.iter().enumerate().filter(|(_, h)| ["duration_ms", "check"].contains(h)).map(|(i, _)| i).collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            r.iter().enumerate().filter(|(i, _)| !timing.contains(i)).map(|(_, f)| f).collect::<Vec<_>>().join(",")
        })
        .collect()
}

fn run(args: &[&str]) {
    let output = juiz().arg("tournament").args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn killed_with_sigkill_and_resumed_it_ends_like_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = path_str(&tournament_file(dir.path()));
    let full = dir.path().join("full");
    run(&[&file, "--jobs", "2", "--out", &path_str(&full)]);
    let expected = rows_without_timing(&full);
    assert_eq!(expected.len(), 40);

    let killed = dir.path().join("killed");
    let mut child = juiz()
        .args(["tournament", &file, "--jobs", "2", "--out", &path_str(&killed)])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let games = killed.join("games.csv");
    let start = Instant::now();
    loop {
        let rows = std::fs::read_to_string(&games).map(|t| t.lines().count()).unwrap_or(0);
        if rows > 8 || start.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let rows_at_kill = std::fs::read_to_string(&games).unwrap().lines().count();
    assert!(rows_at_kill < 41, "the run was killed before it finished ({rows_at_kill} lines)");

    run(&[&file, "--jobs", "2", "--out", &path_str(&killed), "--resume"]);
    let mut resumed = rows_without_timing(&killed);
    let mut sorted_expected = expected.clone();
    resumed.sort();
    sorted_expected.sort();
    assert_eq!(resumed, sorted_expected, "the resumed run has the same rows, none lost, none twice");
    assert_eq!(rows_without_timing(&killed), expected, "and in the same order");
    let standings = |d: &Path| std::fs::read_to_string(d.join("standings.csv")).unwrap();
    assert_eq!(standings(&killed), standings(&full));
}

#[test]
fn two_shards_merged_equal_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = path_str(&tournament_file(dir.path()));
    let full = dir.path().join("full");
    run(&[&file, "--jobs", "2", "--out", &path_str(&full)]);
    let (one, two, merged) = (dir.path().join("s1"), dir.path().join("s2"), dir.path().join("merged"));
    run(&[&file, "--jobs", "1", "--shard", "1/2", "--out", &path_str(&one)]);
    run(&[&file, "--jobs", "1", "--shard", "2/2", "--out", &path_str(&two)]);
    let output =
        juiz().args(["merge", &path_str(&one), &path_str(&two), "--out", &path_str(&merged)]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(rows_without_timing(&merged), rows_without_timing(&full));
    let standings = |d: &Path| std::fs::read_to_string(d.join("standings.csv")).unwrap();
    assert_eq!(standings(&merged), standings(&full));
}
