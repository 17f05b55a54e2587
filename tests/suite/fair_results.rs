//! Only a bot's own play decides its result (issue 34): a game the host spoils is played again
//! and never counted against the honest seat; the two games of a duplicate deal are never played
//! at the same time; a bot that takes the CPU while its opponent is on move cannot make it lose;
//! control bytes a bot writes never reach `games.csv`, `faults.csv` or a transcript raw (and the
//! transcript still gives back every byte); in graded runs a bot learns only seat ids; pairs
//! whose results are far from their ratings are flagged.

use crate::common;

use std::path::Path;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use juiz::tournament::{self, GameResult, GameSetup, PlayError, Quiet, SeatFault, Tournament, run_with};

use common::*;

fn fake_tournament() -> Tournament {
    let text = r#"{"name": "fair", "seed": 34, "games_per_pairing": 4, "duplicate": true,
        "bots": [{"name": "honest", "command": "sh"}, {"name": "other", "command": "sh"}]}"#;
    Tournament::parse(text, false).unwrap()
}

/// A game `honest` wins, unless `spoil` says the attempt ends in `timeout-overload` of honest.
fn game(setup: &GameSetup, spoiled: bool) -> Result<GameResult, PlayError> {
    std::fs::write(&setup.log, format!("seq,ms,seat,dir,text\n0,0,,#,seed {}\n", setup.game.seed)).unwrap();
    let honest = setup.seats.iter().position(|b| b.name == "honest").unwrap_or(0);
    let fault = spoiled.then(|| SeatFault {
        seat: honest,
        kind: "timeout-overload".into(),
        detail: "no reply within 3s by the wall clock".into(),
    });
    let winner = Some(if spoiled { 1 - honest % 2 } else { honest % 2 });
    Ok(GameResult { scores: [10, 5], winner, fault, turns: 7, duration: Duration::from_millis(3) })
}

fn run(t: &Tournament, out: &Path, runner: &dyn tournament::GameRunner) -> tournament::Summary {
    let opts = run_options(out, 2);
    run_with(t, &opts, &Quiet, Arc::new(AtomicBool::new(false)), runner).unwrap()
}

#[test]
fn a_game_the_host_spoils_is_played_again_and_the_report_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let attempts: Mutex<std::collections::BTreeMap<String, usize>> = Mutex::default();
    // Every game's first attempt is spoiled, the second counts.
    let runner = |setup: &GameSetup| {
        let mut seen = attempts.lock().unwrap();
        let n = seen.entry(setup.game.id()).or_default();
        *n += 1;
        let spoiled = *n == 1;
        drop(seen);
        game(setup, spoiled)
    };
    let out = dir.path().join("out");
    let summary = run(&fake_tournament(), &out, &runner);
    let rows = tournament::read_games(&out.join("games.csv")).unwrap();
    assert_eq!(rows.len(), 4);
    for row in &rows {
        assert_eq!((row.winner.as_str(), row.fault_kind.as_str()), ("honest", ""), "{row:?}");
        assert_eq!(row.replays, "timeout-overload by honest", "{row:?}");
        assert!(out.join("games").join(format!("{}.replay1.csv", row.game_id)).is_file());
    }
    let honest = summary.standings.iter().find(|s| s.bot == "honest").unwrap();
    assert_eq!((honest.wins, honest.losses, honest.fault_count()), (4, 0, 0));
    let faults = std::fs::read_to_string(out.join("faults.csv")).unwrap();
    assert_eq!(faults.lines().count(), 5, "{faults}");
    assert!(faults.lines().next().unwrap().ends_with(",replays"), "{faults}");
    assert!(faults.contains("played again"), "{faults}");
}

#[test]
fn a_game_the_host_spoils_every_time_is_void_never_a_loss() {
    let dir = tempfile::tempdir().unwrap();
    let played = AtomicUsize::new(0);
    let runner = |setup: &GameSetup| {
        played.fetch_add(1, Ordering::SeqCst);
        game(setup, true)
    };
    let out = dir.path().join("out");
    let summary = run(&fake_tournament(), &out, &runner);
    assert_eq!(played.load(Ordering::SeqCst), 4 * (tournament::MAX_REPLAYS + 1), "a bounded number of attempts");
    let rows = tournament::read_games(&out.join("games.csv")).unwrap();
    for row in &rows {
        assert!(row.is_void(), "{row:?}");
        assert_eq!(row.winner, "", "nobody wins a void game: {row:?}");
        assert_eq!(row.replays.matches("timeout-overload by honest").count(), tournament::MAX_REPLAYS);
    }
    for line in &summary.standings {
        assert_eq!((line.games, line.wins, line.losses, line.fault_count()), (0, 0, 0, 0), "{line:?}");
    }
    let faults = std::fs::read_to_string(out.join("faults.csv")).unwrap();
    assert_eq!(faults.matches("void, counted for nobody").count(), 4, "{faults}");
}

#[test]
fn the_two_games_of_a_duplicate_deal_are_never_played_at_the_same_time() {
    let dir = tempfile::tempdir().unwrap();
    let running: Mutex<Vec<(usize, u32)>> = Mutex::default();
    let overlaps = AtomicUsize::new(0);
    let runner = |setup: &GameSetup| {
        let deal = (setup.game.pairing, setup.game.deal);
        {
            let mut now = running.lock().unwrap();
            if now.contains(&deal) {
                overlaps.fetch_add(1, Ordering::SeqCst);
            }
            now.push(deal);
        }
        std::thread::sleep(Duration::from_millis(30));
        running.lock().unwrap().retain(|d| *d != deal);
        game(setup, false)
    };
    let text = r#"{"name": "deals", "seed": 5, "games_per_pairing": 8, "duplicate": true,
        "bots": [{"name": "a", "command": "sh"}, {"name": "b", "command": "sh"}, {"name": "honest", "command": "sh"}]}"#;
    let t = Tournament::parse(text, false).unwrap();
    let out = dir.path().join("out");
    let opts = run_options(&out, 4);
    run_with(&t, &opts, &Quiet, Arc::new(AtomicBool::new(false)), &runner).unwrap();
    assert_eq!(overlaps.load(Ordering::SeqCst), 0);
    assert_eq!(tournament::read_games(&out.join("games.csv")).unwrap().len(), 24);
}

/// The honest bot burns 80 % of its 1 s move on each of its first three turns; the starver leaves
/// 24 helpers, each in a session of its own, burning CPU on the game's core from its first turn.
#[test]
fn a_bot_that_starves_its_opponent_never_makes_it_lose() {
    let dir = tempfile::tempdir().unwrap();
    let marker = format!("juiz-starver-{}", std::process::id());
    let honest = path_str(&c_bot("fixtures/busy_honest"));
    let starver = path_str(&c_bot("fixtures/starver"));
    let json = serde_json::json!({
        "name": "starve", "seed": 34, "games_per_pairing": 2, "duplicate": true, "move_timeout": "1s",
        "bots": [
            {"name": "honest", "command": format!("{honest} 1000 80 3")},
            {"name": "starver", "command": format!("{starver} 1 {marker} 24 20")},
        ]
    });
    let file = dir.path().join("starve.json");
    std::fs::write(&file, json.to_string()).unwrap();
    let t = tournament::load(&file).unwrap();
    let out = dir.path().join("out");
    // One job: the game's worker and its bots pinned to one core, the helpers too.
    let summary = tournament::run(&t, &run_options(&out, 1), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    let rows = tournament::read_games(&out.join("games.csv")).unwrap();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        // The honest bot is never at fault: the starver is (it took the CPU), or the game is void.
        assert!(row.faulty_bot != "honest" || row.is_void(), "{row:?}");
        if row.faulty_bot == "starver" {
            assert_eq!(row.winner, "honest", "{row:?}");
        }
    }
    let honest = summary.standings.iter().find(|s| s.bot == "honest").unwrap();
    assert_eq!(honest.fault_count(), 0, "{honest:?}");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(processes_mentioning(&marker), Vec::<u32>::new(), "every helper is killed");
}

/// A bot that writes NUL and ESC in its line: `games.csv` and `faults.csv` show them escaped.
#[test]
fn control_bytes_a_bot_writes_never_reach_the_csv_files_raw() {
    let dir = tempfile::tempdir().unwrap();
    let bot = dir.path().join("controls.py");
    std::fs::write(
        &bot,
        "import sys\nlines = iter(sys.stdin)\nnext(lines)\nme = next(lines).strip()\nfor line in lines:\n    \
         if line.strip() == me:\n        sys.stdout.write('GET_STOCK\\x00\\x1b[2J\\x1b]0;owned\\x07\\n'); sys.stdout.flush()\n",
    )
    .unwrap();
    let template = path_str(&c_bot("template"));
    let json = serde_json::json!({
        "name": "controls", "seed": 7, "games_per_pairing": 2, "duplicate": true,
        "bots": [{"name": "template", "command": template},
                 {"name": "controls", "command": format!("python3 {}", path_str(&bot))}]
    });
    let file = dir.path().join("controls.json");
    std::fs::write(&file, json.to_string()).unwrap();
    let t = tournament::load(&file).unwrap();
    let out = dir.path().join("out");
    tournament::run(&t, &run_options(&out, 1), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    for name in ["games.csv", "faults.csv", "standings.csv"] {
        let bytes = std::fs::read(out.join(name)).unwrap();
        assert!(
            !bytes.iter().any(|&b| b == 0 || b == 0x1b || b == 0x07),
            "{name}: {}",
            String::from_utf8_lossy(&bytes)
        );
    }
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    assert!(games.contains("controls"), "{games}");
    let rows = tournament::read_games(&out.join("games.csv")).unwrap();
    assert!(rows.iter().all(|r| r.faulty_bot == "controls"), "{rows:?}");
    // The transcripts too hold them escaped, and give back the very line the bot wrote.
    for row in &rows {
        let bytes = std::fs::read(out.join(&row.log)).unwrap();
        assert!(!bytes.iter().any(|&b| b == 0 || b == 0x1b || b == 0x07), "{}", String::from_utf8_lossy(&bytes));
        let log = juiz::record::Transcript::read(&out.join(&row.log)).unwrap();
        assert!(log.rows.iter().any(|r| r.text == "GET_STOCK\x00\x1b[2J\x1b]0;owned\x07"), "{:?}", log.rows);
        let replayed = juiz::referee::replay(&log, &mut juiz::referee::Quiet).unwrap();
        assert!(replayed.matches(), "{}", replayed.report.result_line());
    }
}

/// In a tournament over submissions (graded) a bot is told seat ids only, never the other
/// bots' names; its full id stays in every output.
#[test]
fn graded_runs_tell_a_bot_seat_ids_only() {
    let dir = tempfile::tempdir().unwrap();
    let subs = dir.path().join("subs");
    for student in ["ana", "eve"] {
        std::fs::create_dir_all(subs.join(student)).unwrap();
        std::fs::copy(root().join("bots/template.c"), subs.join(student).join("bot.c")).unwrap();
    }
    let json = serde_json::json!({"name": "graded", "seed": 8, "games_per_pairing": 2, "submissions": path_str(&subs)});
    let file = dir.path().join("graded.json");
    std::fs::write(&file, json.to_string()).unwrap();
    let t = tournament::load(&file).unwrap();
    assert!(t.anonymous_seats);
    let out = dir.path().join("out");
    tournament::run(&t, &run_options(&out, 1), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    let rows = tournament::read_games(&out.join("games.csv")).unwrap();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert_eq!(row.fault_kind, "", "{row:?}");
        let log = juiz::record::Transcript::read(&out.join(&row.log)).unwrap();
        let sent: Vec<&str> =
            log.rows.iter().filter(|r| r.dir == juiz::record::Direction::ToSeat).map(|r| r.text.as_str()).collect();
        assert_eq!(sent[0], "p1.bot p2.bot", "{sent:?}");
        assert!(sent.iter().all(|line| !line.contains("ana") && !line.contains("eve")), "{sent:?}");
        assert!(log.meta.seat_ids.iter().any(|id| id == "p1.ana" || id == "p1.eve"), "{:?}", log.meta.seat_ids);
        // The game replays from its transcript with the ids it had.
        let replayed = juiz::referee::replay(&log, &mut juiz::referee::Quiet).unwrap();
        assert!(replayed.matches(), "{}", replayed.report.result_line());
    }
    // Without submissions (a bundled tournament) the names stay on the wire.
    let named = Tournament::parse(
        r#"{"name": "n", "bots": [{"name": "a", "command": "sh"}, {"name": "b", "command": "sh"}]}"#,
        false,
    )
    .unwrap();
    assert!(!named.anonymous_seats);
}

/// A friend's bot that throws its games to ana: the pair is flagged at the end of the run and in
/// the report.
#[test]
fn a_pair_whose_results_are_far_from_the_ratings_is_flagged() {
    let dir = tempfile::tempdir().unwrap();
    let text = r#"{"name": "throw", "seed": 1, "games_per_pairing": 8, "duplicate": true,
        "bots": [{"name": "ana", "command": "sh"}, {"name": "bob", "command": "sh"},
                 {"name": "cal", "command": "sh"}, {"name": "eve", "command": "sh"}]}"#;
    let t = Tournament::parse(text, false).unwrap();
    let rank = |name: &str| ["ana", "bob", "cal", "eve"].iter().position(|n| *n == name).unwrap();
    let runner = |setup: &GameSetup| {
        std::fs::write(&setup.log, "seq,ms,seat,dir,text\n").unwrap();
        let sides = setup.game.sides();
        // The stronger (later) bot wins, but eve loses every game to ana.
        let thrown = sides.contains(&"ana") && sides.contains(&"eve");
        let winner = if thrown { usize::from(sides[1] == "ana") } else { usize::from(rank(sides[1]) > rank(sides[0])) };
        Ok(GameResult { scores: [1, 0], winner: Some(winner), fault: None, turns: 1, duration: Duration::ZERO })
    };
    let out = dir.path().join("out");
    let summary = run(&t, &out, &runner);
    let flagged: Vec<(&str, &str)> = summary.unexpected.iter().map(|p| (p.better.as_str(), p.worse.as_str())).collect();
    assert_eq!(flagged.first(), Some(&("ana", "eve")), "{:?}", summary.unexpected);
    let text = juiz::report::summary_text(&summary);
    assert!(text.contains("eve took 0 of 8 games from ana"), "{text}");
    juiz::report::html::write_report(&out, &juiz::report::html::PageChoice::default()).unwrap();
    let page = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(page.contains("Results far from the ratings") && page.contains("eve took 0 of 8 games from ana"));
}
