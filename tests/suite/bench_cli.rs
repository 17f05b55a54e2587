//! `juiz bench` from the command line, on a tiny run: the table and the JSON carry the figures.

use crate::common;

#[test]
fn bench_command_prints_the_figures() {
    let scratch = tempfile::tempdir().unwrap();
    let out = common::juiz()
        .args(["bench", "--games", "20", "--jobs-list", "1,2", "--big", "20", "--scratch"])
        .arg(scratch.path())
        .env("JUIZ_BUILD_CACHE", common::bot_cache())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    for figure in
        ["games/s", "harness cpu/game", "harness share of cpu", "latency/msg p99", "peak rss playing", "bare relay"]
    {
        assert!(stdout.contains(figure), "no '{figure}' in:\n{stdout}");
    }

    let out = common::juiz()
        .args([
            "bench",
            "--games",
            "20",
            "--jobs-list",
            "2",
            "--big",
            "0",
            "--no-floor",
            "--no-pin",
            "--json",
            "--scratch",
        ])
        .arg(scratch.path())
        .env("JUIZ_BUILD_CACHE", common::bot_cache())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["runs"][0]["games"], 20);
    assert!(json["runs"][0]["games_per_second"].as_f64().unwrap() > 0.0);
    assert!(json["runs"][0]["floor"].is_null(), "--no-floor: {json}");
}

/// Every game's bench bot plays its game through juiz and through the bare relay, which stops at
/// the first line the engine refuses (Schwab's once was ITP's template, lost at its first
/// `HAND_END`).
#[test]
fn every_games_bench_runs_through_juiz_and_the_relay() {
    let scratch = tempfile::tempdir().unwrap();
    // Every registered game but the default one, whose bench the tests above run.
    for kind in juiz::games::GameKind::ALL.iter().filter(|&&k| k != juiz::games::GameKind::DEFAULT) {
        let game = kind.name();
        let out = common::juiz()
            .args(["bench", "--game", game, "--games", "4", "--jobs-list", "1", "--big", "0", "--json", "--scratch"])
            .arg(scratch.path())
            .env("JUIZ_BUILD_CACHE", common::bot_cache())
            .output()
            .unwrap();
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["runs"][0]["games"], 4, "{game}: {json}");
        assert!(json["runs"][0]["floor"]["games_per_second"].as_f64().is_some_and(|g| g > 0.0), "{game}: {json}");
    }
}

#[test]
fn bench_refuses_a_missing_bot() {
    let out = common::juiz().args(["bench", "--bot", "nowhere/bot.c", "--games", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bot source nowhere/bot.c not found"));
}

#[test]
fn bench_house_plays_the_levels_and_prints_their_shares() {
    let scratch = tempfile::tempdir().unwrap();
    let out = common::juiz()
        .args(["bench", "--house", "itp-buraco", "--house-games", "2", "--jobs-list", "2", "--scratch"])
        .arg(scratch.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    for pairing in ["hard-medium", "medium-easy", "hard-easy"] {
        let line = stdout.lines().find(|l| l.contains(pairing)).unwrap_or_else(|| panic!("no {pairing} in:\n{stdout}"));
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[..3], ["itp-buraco", pairing, "2"], "{line}");
        assert!(line.ends_with("met") || line.ends_with("MISSED"), "{line}");
    }
    for level in ["easy", "medium", "hard"] {
        assert!(stdout.lines().any(|l| l.split_whitespace().take(2).eq(["itp-buraco", level])), "{stdout}");
    }
    assert!(stdout.contains("faults: none"), "{stdout}");

    let out = common::juiz().args(["bench", "--house", "no-such-game"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));

    // Two levels: their one pairing only.
    let out = common::juiz()
        .args(["bench", "--house", "itp-buraco", "--house-levels", "hard,medium", "--house-games", "2", "--scratch"])
        .arg(scratch.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(" hard-medium ") && !stdout.contains("-easy"), "{stdout}");
    assert!(!stdout.lines().any(|l| l.split_whitespace().take(2).eq(["itp-buraco", "easy"])), "{stdout}");
    assert!(stdout.contains("targets met: ") && stdout.contains(" of 1"), "{stdout}");
    let out = common::juiz().args(["bench", "--house", "itp-buraco", "--house-levels", "hard"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--house-levels needs two levels"));
}
