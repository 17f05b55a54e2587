//! `juiz bench` end to end on a tiny run: every figure is there and consistent (no timing
//! thresholds: machines are noisy).

use crate::common;

use juiz::bench::{self, BenchOptions};

#[test]
fn tiny_bench_reports_every_figure() {
    let scratch = tempfile::tempdir().unwrap();
    let options = BenchOptions {
        game: juiz::games::GameKind::ItpBuraco,
        games: 20,
        jobs_list: vec![1, 2],
        players: 2,
        big: 20,
        bot_source: common::root().join("bots").join("template.c"),
        build_cache: common::bot_cache(),
        scratch: Some(scratch.path().to_path_buf()),
        floor: true,
        unpinned: false,
    };
    let mut said = Vec::new();
    let report = bench::run(&options, &mut |what| said.push(what.to_string())).unwrap();
    assert!(said.iter().any(|s| s.contains("20 games at --jobs 1")), "{said:?}");

    assert_eq!(report.runs.len(), 2);
    for run in &report.runs {
        assert_eq!((run.games, run.faults), (20, 0), "{run:?}");
        assert!(run.games_per_second > 0.0 && run.wall_seconds > 0.0, "{run:?}");
        assert!(run.harness_cpu_ms_per_game > 0.0 && run.bots_cpu_ms_per_game > 0.0, "{run:?}");
        assert!(run.harness_cpu_share > 0.0 && run.harness_cpu_share < 1.0, "{run:?}");
        // Every turn of the template bot is two lines, each answered by the referee.
        assert!(run.messages >= 20 * 4, "{run:?}");
        let floor = run.floor.as_ref().expect("the bare relay ran");
        assert_eq!(floor.games, 20, "{floor:?}");
        assert!(floor.harness_cpu_ms_per_game > 0.0 && floor.bots_cpu_ms_per_game > 0.0, "{floor:?}");
        // The relay plays games as long as the tournament's (other seeds, the same bots).
        assert!(floor.bot_lines >= 20 * 4, "{floor:?}");
        let l = &run.latency_us;
        assert!(0.0 < l.p50 && l.p50 <= l.p99 && l.p99 <= l.max && l.mean <= l.max, "{l:?}");
    }
    assert_eq!(report.memory.iter().map(|m| m.games).collect::<Vec<_>>(), [2, 20]);
    assert!(report.memory.iter().all(|m| m.peak_bytes >= m.end_bytes && m.end_bytes > 0));
    assert!(
        report.memory.iter().all(|m| m.peak_bytes >= m.playing_peak_bytes && m.playing_peak_bytes > 0),
        "{:?}",
        report.memory
    );
    assert!(report.targets.memory_growth.is_some() && report.targets.speedup.is_some());

    let table = report.to_table();
    for figure in [
        "games/s",
        "harness cpu/game",
        "bots cpu/game",
        "harness share of cpu",
        "latency/msg p50",
        "latency/msg p99",
        "bare relay share of cpu",
        "peak rss playing",
        "peak rss with standings",
        "targets",
    ] {
        assert!(table.contains(figure), "no '{figure}' in:\n{table}");
    }
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(json["runs"][1]["jobs"], 2);
    assert!(json["runs"][0]["latency_us"]["p99"].is_number(), "{json}");
    assert!(json["memory"][1]["peak_bytes"].as_u64().unwrap() > 0, "{json}");
    // The results folders are removed once measured.
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 0);
}

#[test]
fn bad_options_are_refused_before_anything_runs() {
    let options = BenchOptions {
        game: juiz::games::GameKind::ItpBuraco,
        games: 5,
        jobs_list: vec![1],
        players: 3,
        big: 0,
        bot_source: common::root().join("bots").join("template.c"),
        build_cache: common::bot_cache(),
        scratch: None,
        floor: true,
        unpinned: false,
    };
    let err = bench::run(&options, &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("--players must be 2 or 4"), "{err}");
}
