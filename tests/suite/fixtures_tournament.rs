//! A tournament of the template bot against every misbehaving fixture of `bots/fixtures/`: it
//! finishes, with every game once in intact CSV files, each fault counted against its fixture,
//! and no process left behind.

use crate::common;
use crate::common::fixtures;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use juiz::bot::FaultKind;
use juiz::record::{Direction, Transcript};
use juiz::tournament;

use common::*;
use fixtures::*;

/// A tournament of the template bot against every fixture (a gauntlet, two games per pairing,
/// seats swapped), written as a JSON file: C fixtures by `build`, Python ones by `command`.
#[test]
fn a_tournament_with_every_fixture_completes_with_intact_files() {
    let dir = tempfile::tempdir().unwrap();
    let marker = format!("juiz-fx-tournament-{}", std::process::id());
    let mut bots = vec![format!(r#"{{"name": "template", "build": "{}"}}"#, path_str(&root().join("bots/template.c")))];
    for (file, _) in FIXTURES {
        let name = file.split('.').next().unwrap().replace('_', "-");
        let path = path_str(&fixture_path(file));
        bots.push(if file.ends_with(".c") {
            format!(r#"{{"name": "{name}", "build": "{path}"}}"#)
        } else {
            format!(r#"{{"name": "{name}", "command": "{} {path} 2 {marker}"}}"#, python())
        });
    }
    let json = format!(
        r#"{{"name": "fixtures", "seed": 9, "format": "gauntlet", "champion": "template",
            "games_per_pairing": 2, "duplicate": true, "move_timeout": "500ms", "players": 2,
            "bots": [{}]}}"#,
        bots.join(",\n")
    );
    let file = dir.path().join("fixtures.json");
    std::fs::write(&file, json).unwrap();
    let t = tournament::load(&file).unwrap();
    let out = dir.path().join("results");
    let opts = common::run_options(&out, 2);
    let start = Instant::now();
    let summary = tournament::run(&t, &opts, &tournament::Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    let took = start.elapsed();
    assert_eq!((summary.total, summary.done, summary.cancelled), (2 * FIXTURES.len(), 2 * FIXTURES.len(), false));

    // games.csv: every scheduled game once, each row whole, its transcript ending in a result.
    let rows = tournament::read_games(&out.join("games.csv")).unwrap();
    let schedule = tournament::schedule(&t);
    let mut ids: Vec<String> = schedule.iter().map(|g| g.id()).collect();
    let mut got: Vec<String> = rows.iter().map(|r| r.game_id.clone()).collect();
    ids.sort_unstable();
    got.sort_unstable();
    assert_eq!(ids, got);
    let text = std::fs::read_to_string(out.join("games.csv")).unwrap();
    assert_eq!(text.lines().count(), 1 + 2 * FIXTURES.len(), "a header and two rows a fixture");
    for row in &rows {
        let fixture = row.seat_bots().into_iter().find(|b| *b != "template").unwrap().to_owned();
        let file = FIXTURES.iter().find(|(f, _)| f.split('.').next().unwrap().replace('_', "-") == fixture).unwrap().0;
        match expected(file) {
            Expect::Clean => assert_eq!((row.verdict.as_str(), row.fault_kind.as_str()), ("OK", ""), "{row:?}"),
            Expect::Fault(kind) => {
                assert_eq!(row.verdict, "NOK", "{row:?}");
                assert_eq!(row.faulty_bot, fixture, "{row:?}");
                let got = FaultKind::from_name(&row.fault_kind).unwrap_or_else(|| panic!("{row:?}"));
                assert!(same_kind(got, kind), "expected {kind:?}: {row:?}");
                // A hang judged `timeout-overload` on a loaded machine is played again, and void
                // (no winner) if the host spoils every attempt.
                assert!(row.winner == "template" || row.is_void(), "{row:?}");
            }
        }
        let log = Transcript::read(&out.join(&row.log)).unwrap_or_else(|e| panic!("{}: {e}", row.log));
        assert_eq!(log.rows.last().map(|r| r.dir), Some(Direction::Result), "{} ends with its result", row.log);
    }

    // Each fixture's faults are counted in the summary, and the standings list every bot.
    for (file, expect) in FIXTURES {
        let name = file.split('.').next().unwrap().replace('_', "-");
        if let Expect::Fault(kind) = expect {
            // Counted as the rows are judged: a timeout may be a timeout-overload on a busy host.
            let counts = summary.faults.get(&name);
            let count: u32 = FaultKind::ALL
                .iter()
                .filter(|&&k| same_kind(k, kind))
                .filter_map(|k| counts.and_then(|c| c.get(k.name())))
                .sum();
            assert_eq!(count, 2, "{name}: {:?}", summary.faults);
        } else {
            assert!(!summary.faults.contains_key(&name), "{name}: {:?}", summary.faults);
        }
    }
    let standings = std::fs::read_to_string(out.join("standings.csv")).unwrap();
    assert_eq!(standings.lines().count(), 1 + FIXTURES.len() + 1, "{standings}");
    assert!(standings.lines().nth(1).unwrap().contains("template"), "the template bot leads:\n{standings}");

    // Nothing left running: Python fixtures carry the marker, C ones run from the results folder.
    for needle in [marker.as_str(), &path_str(&out)] {
        let left = processes_mentioning(needle);
        assert!(left.is_empty(), "processes left behind ({needle}): {left:?}");
    }
    assert!(took < Duration::from_secs(60), "the tournament took {took:?}");
}
