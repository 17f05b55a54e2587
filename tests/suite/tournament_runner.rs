//! The runner, resume, shards and merge, with a fake game function in place of the referee: a
//! deterministic result from each game's seed, so the files can be compared byte for byte.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use juiz::tournament::{
    GameResult, GameRow, GameSetup, PlayError, Progress, Quiet, RunOptions, SeatFault, Shard, Summary, Tournament,
    TournamentError, merge, run_with, schedule,
};

fn tournament(extra: &str) -> Tournament {
    let text = format!(
        r#"{{"name": "fake", "seed": 3, "games_per_pairing": 4, {extra}
            "bots": [{{"name": "strong", "command": "sh"}}, {{"name": "mid", "command": "sh -c true"}},
                     {{"name": "weak", "command": "sh"}}, {{"name": "crashy", "command": "sh"}}]}}"#
    );
    Tournament::parse(&text, false).unwrap()
}

fn strength(bot: &str) -> i64 {
    match bot {
        "strong" => 150,
        "mid" => 60,
        _ => 0,
    }
}

/// A game decided by the seed and the bots' strengths; `crashy` crashes in one deal out of three.
fn fake(setup: &GameSetup) -> Result<GameResult, PlayError> {
    let seed = setup.game.seed;
    let sides = setup.game.sides();
    let scores = [(seed % 200) as i64 + strength(sides[0]), ((seed >> 8) % 200) as i64 + strength(sides[1])];
    let fault = setup
        .seats
        .iter()
        .position(|b| b.name == "crashy")
        .filter(|_| seed.is_multiple_of(3))
        .map(|seat| SeatFault { seat, kind: "crash".into(), detail: "exited with\ncode 139".into() });
    let winner = match &fault {
        Some(f) => Some(1 - f.seat % 2),
        None if scores[0] == scores[1] => None,
        None => Some(usize::from(scores[1] > scores[0])),
    };
    std::fs::write(&setup.log, format!("seq,ms,seat,dir,text\n0,0,,#,seed {seed}\n")).unwrap();
    let duration = Duration::from_millis(seed % 50);
    Ok(GameResult { scores, winner, fault, turns: (seed % 90) as u32, duration })
}

fn opts(out: &Path, jobs: usize) -> RunOptions {
    RunOptions { jobs: Some(jobs), out: Some(out.to_path_buf()), ..RunOptions::default() }
}

fn go(t: &Tournament, o: &RunOptions) -> Result<Summary, TournamentError> {
    run_with(t, o, &Quiet, Arc::new(AtomicBool::new(false)), &fake)
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap()
}

/// A reference run of the whole tournament with one job.
fn reference(t: &Tournament) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ref");
    let summary = go(t, &opts(&out, 1)).unwrap();
    assert_eq!((summary.total, summary.done, summary.cancelled), (24, 24, false));
    (dir, out)
}

#[test]
fn one_job_or_two_give_the_same_files_in_schedule_order() {
    let t = tournament("");
    let (_keep, one) = reference(&t);
    let two = one.with_file_name("two");
    go(&t, &opts(&two, 2)).unwrap();
    for file in ["games.csv", "standings.csv", "tournament.json"] {
        assert_eq!(read(&one, file), read(&two, file), "{file}");
    }
    let ids: Vec<String> =
        read(&one, "games.csv").lines().skip(1).map(|l| l.split(',').next().unwrap().to_string()).collect();
    let expected: Vec<String> = schedule(&t).into_iter().map(|g| g.id()).collect();
    assert_eq!(ids, expected);
    assert!(one.join("games").join(format!("{}.csv", expected[5])).is_file());
    assert_eq!(read(&one, "tournament.json"), t.to_json());
}

#[test]
fn rows_and_summary_carry_faults_and_how_to_reproduce_them() {
    let t = tournament("");
    let (_keep, out) = reference(&t);
    let games = read(&out, "games.csv");
    let faulted: Vec<&str> = games.lines().filter(|l| l.contains(",NOK,crash,crashy,")).collect();
    assert!(!faulted.is_empty());
    assert!(faulted.iter().all(|l| l.contains(",exited with code 139,")), "detail kept on one line");
    let summary = go(&t, &RunOptions { resume: true, ..opts(&out, 1) }).unwrap();
    assert_eq!(summary.faulted.len(), faulted.len());
    assert_eq!(summary.faults["crashy"]["crash"] as usize, faulted.len());
    let f = &summary.faulted[0];
    assert_eq!(f.replay.as_deref(), Some(format!("juiz replay {}/games/{}.csv", out.display(), f.game_id).as_str()));
    assert!(f.play.starts_with("juiz play --game itp-buraco --seed "), "{}", f.play);
    assert!(f.play.contains("--move-timeout 3s --log "), "{}", f.play);
    // Each seat under its tournament name, which is not the name of its command's file.
    assert!(f.play.contains(" crashy=sh"), "{}", f.play);
    assert!(f.play.ends_with("=sh") || f.play.ends_with("'mid=sh -c true'"), "{}", f.play);
    assert_eq!(summary.standings[0].bot, "strong");
}

#[test]
fn a_second_run_needs_resume_and_another_tournament_is_refused() {
    let t = tournament("");
    let (_keep, out) = reference(&t);
    // A complete run, run again: nothing is played, nothing changes, the results are reported.
    let before = read(&out, "games.csv");
    let again = go(&t, &opts(&out, 1)).unwrap();
    assert_eq!((again.done, again.total), (24, 24));
    assert_eq!(read(&out, "games.csv"), before);
    // A partial run is only continued on request.
    let partial: String = before.lines().take(5).map(|l| format!("{l}\n")).collect();
    std::fs::write(out.join("games.csv"), &partial).unwrap();
    let err = go(&t, &opts(&out, 1)).unwrap_err().to_string();
    assert!(err.contains("already holds games of this tournament: add --resume"), "{err}");
    assert_eq!(read(&out, "games.csv"), partial, "a refused run leaves the file alone");
    std::fs::write(out.join("games.csv"), &before).unwrap();
    let other = tournament(r#""move_timeout": "5s","#);
    let err = go(&other, &RunOptions { resume: true, ..opts(&out, 1) }).unwrap_err().to_string();
    assert!(err.contains("results of another tournament"), "{err}");
    let summary = go(&t, &RunOptions { resume: true, ..opts(&out, 2) }).unwrap();
    assert_eq!(summary.done, 24);
    assert_eq!(read(&out, "games.csv"), before);
}

#[test]
fn resume_after_a_crash_with_a_torn_line_ends_like_an_uninterrupted_run() {
    let t = tournament("");
    let (keep, full) = reference(&t);
    let crashed = keep.path().join("crashed");
    std::fs::create_dir_all(&crashed).unwrap();
    std::fs::copy(full.join("tournament.json"), crashed.join("tournament.json")).unwrap();
    let games = read(&full, "games.csv");
    // Ten rows in finishing order (not schedule order), then half of a row.
    let lines: Vec<&str> = games.lines().collect();
    let mut partial: Vec<&str> = vec![lines[0]];
    partial.extend([7, 2, 9, 1, 3, 4, 12, 5, 6, 8].iter().map(|&i| lines[i]));
    let torn = &lines[10][..lines[10].len() / 2];
    std::fs::write(crashed.join("games.csv"), format!("{}\n{torn}", partial.join("\n"))).unwrap();
    let played = AtomicUsize::new(0);
    let counting = |s: &GameSetup| {
        played.fetch_add(1, Ordering::SeqCst);
        fake(s)
    };
    let summary = run_with(
        &t,
        &RunOptions { resume: true, ..opts(&crashed, 2) },
        &Quiet,
        Arc::new(AtomicBool::new(false)),
        &counting,
    )
    .unwrap();
    assert_eq!(played.load(Ordering::SeqCst), 24 - 10, "only the missing games are played");
    assert_eq!(summary.done, 24);
    assert_eq!(read(&crashed, "games.csv"), games);
    assert_eq!(read(&crashed, "standings.csv"), read(&full, "standings.csv"));
}

#[test]
fn cancelling_leaves_whole_files_and_resume_finishes_the_job() {
    let t = tournament("");
    let (keep, full) = reference(&t);
    let out = keep.path().join("cancelled");
    let cancel = Arc::new(AtomicBool::new(false));
    let started = AtomicUsize::new(0);
    let flag = cancel.clone();
    let stopping = move |s: &GameSetup| {
        if started.fetch_add(1, Ordering::SeqCst) == 9 {
            flag.store(true, Ordering::SeqCst);
            assert!(s.cancel.load(Ordering::SeqCst), "the game sees the same flag");
            return Err(PlayError::Cancelled);
        }
        fake(s)
    };
    let summary = run_with(&t, &opts(&out, 2), &Quiet, cancel, &stopping).unwrap();
    assert!(summary.cancelled);
    assert!(summary.done < 24 && summary.done >= 8, "{}", summary.done);
    let text = read(&out, "games.csv");
    assert!(text.ends_with('\n'));
    assert_eq!(text.lines().count(), summary.done + 1);
    go(&t, &RunOptions { resume: true, ..opts(&out, 2) }).unwrap();
    assert_eq!(read(&out, "games.csv"), read(&full, "games.csv"));
    assert_eq!(read(&out, "standings.csv"), read(&full, "standings.csv"));
}

#[test]
fn two_shards_merged_equal_the_unsharded_run() {
    let t = tournament("");
    let (keep, full) = reference(&t);
    let mut dirs = Vec::new();
    for index in 1..=2 {
        let dir = keep.path().join(format!("shard{index}"));
        let summary = go(&t, &RunOptions { shard: Some(Shard { index, count: 2 }), ..opts(&dir, 1) }).unwrap();
        assert_eq!((summary.total, summary.done), (12, 12));
        dirs.push(dir);
    }
    let merged = keep.path().join("merged");
    let summary = merge(&dirs, &merged).unwrap();
    assert_eq!((summary.total, summary.done), (24, 24));
    for file in ["games.csv", "standings.csv", "tournament.json"] {
        assert_eq!(read(&merged, file), read(&full, file), "{file}");
    }
    let logs = std::fs::read_dir(merged.join("games")).unwrap().count();
    assert_eq!(logs, 24);
    // Merging into one of the shards works too, and merging again changes nothing.
    merge(&dirs, &dirs[0]).unwrap();
    assert_eq!(read(&dirs[0], "games.csv"), read(&full, "games.csv"));
    merge(std::slice::from_ref(&merged), &merged).unwrap();
    assert_eq!(read(&merged, "games.csv"), read(&full, "games.csv"));
}

#[test]
fn merging_different_tournaments_is_refused() {
    let keep = tempfile::tempdir().unwrap();
    let a = keep.path().join("a");
    let b = keep.path().join("b");
    go(&tournament(""), &RunOptions { shard: Some(Shard { index: 1, count: 2 }), ..opts(&a, 1) }).unwrap();
    go(
        &tournament(r#""points": {"win": 2},"#),
        &RunOptions { shard: Some(Shard { index: 2, count: 2 }), ..opts(&b, 1) },
    )
    .unwrap();
    let err = merge(&[a.clone(), b], &keep.path().join("m")).unwrap_err().to_string();
    assert!(err.contains("hold different tournaments"), "{err}");
    let err = merge(&[a, keep.path().join("nothing")], &keep.path().join("m")).unwrap_err().to_string();
    assert!(err.contains("is it a results directory?"), "{err}");
    assert!(merge(&[], &keep.path().join("m")).is_err());
}

#[test]
fn a_harness_failure_stops_the_run_and_names_the_game() {
    let t = tournament("");
    let dir = tempfile::tempdir().unwrap();
    let failing = |s: &GameSetup| {
        if s.game.index == 5 {
            return Err(PlayError::Failed("cannot write the log".into()));
        }
        fake(s)
    };
    let err = run_with(&t, &opts(dir.path(), 1), &Quiet, Arc::new(AtomicBool::new(false)), &failing).unwrap_err();
    let id = &schedule(&t)[5].id();
    assert_eq!(err.to_string(), format!("game {id}: cannot write the log"));
    let rows = read(dir.path(), "games.csv");
    assert_eq!(rows.lines().count(), 1 + 5, "the games before it are kept");
}

#[derive(Default)]
struct Recorder {
    events: Mutex<Vec<String>>,
}

impl Progress for Recorder {
    fn started(&self, total: usize, already_done: usize) {
        self.events.lock().unwrap().push(format!("started {total} {already_done}"));
    }
    fn build_failed(&self, bot: &str, _message: &str) {
        self.events.lock().unwrap().push(format!("build {bot}"));
    }
    fn game_finished(&self, row: &GameRow) {
        self.events.lock().unwrap().push(format!("game {}", row.fault_kind));
    }
    fn finished(&self) {
        self.events.lock().unwrap().push("finished".into());
    }
}

#[test]
fn a_bot_that_does_not_build_loses_only_its_own_games() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("broken.c");
    std::fs::write(&source, "int main(void) { return syntax error; }\n").unwrap();
    let text = format!(
        r#"{{"name": "b", "games_per_pairing": 2, "bots": [{{"name": "good", "command": "sh"}},
            {{"name": "broken", "build": "{}"}}, {{"name": "fine", "command": "sh"}}]}}"#,
        source.display()
    );
    let t = Tournament::parse(&text, true).unwrap();
    let out = dir.path().join("out");
    let recorder = Recorder::default();
    let summary = run_with(&t, &opts(&out, 2), &recorder, Arc::new(AtomicBool::new(false)), &fake).unwrap();
    let events = recorder.events.into_inner().unwrap();
    assert_eq!(events[0], "build broken");
    assert_eq!(events[1], "started 6 0");
    assert_eq!(events.iter().filter(|e| *e == "game build").count(), 4);
    assert_eq!(events.iter().filter(|e| *e == "game ").count(), 2);
    assert_eq!(events.last().unwrap(), "finished");
    let broken = summary.standings.iter().find(|s| s.bot == "broken").unwrap();
    assert_eq!((broken.games, broken.losses, broken.faults["build"]), (4, 4, 4));
    let rows = read(&out, "games.csv");
    let row = rows.lines().find(|l| l.contains(",build,broken,")).unwrap();
    assert!(row.contains("compiling ") && row.contains("broken.c failed"), "{row}");
    assert!(summary.faulted.iter().all(|f| f.kind != "build" || f.replay.is_none()));
}

#[test]
fn rows_of_another_schedule_are_refused_on_resume() {
    let t = tournament("");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tournament.json"), t.to_json()).unwrap();
    let header = juiz::tournament::HEADER.join(",");
    std::fs::write(
        dir.path().join("games.csv"),
        format!("{header}\nr0009-x-y-d001-s0,x-y,1,x y,5,1,2,y,OK,,,,3,4,games/r0009-x-y-d001-s0.csv,,\n"),
    )
    .unwrap();
    let err = go(&t, &RunOptions { resume: true, ..opts(dir.path(), 1) }).unwrap_err().to_string();
    assert!(err.ends_with("games.csv: game r0009-x-y-d001-s0 is not in this tournament's schedule"), "{err}");
}

#[test]
fn the_text_summary_shows_faults_per_bot_then_the_standings_last() {
    let t = tournament("");
    let (_keep, out) = reference(&t);
    let summary = go(&t, &RunOptions { resume: true, ..opts(&out, 1) }).unwrap();
    let text = juiz::report::summary_text(&summary);
    assert!(text.starts_with(&format!("fake: 24/24 games, results in {}", out.display())), "{text}");
    let crashes = summary.faults["crashy"]["crash"];
    assert!(text.contains(&format!("crashy: {crashes} crash\n  crash first in r")), "{text}");
    assert_eq!(text.matches("    juiz replay ").count(), 1, "one command per bot and kind: {text}");
    assert_eq!(text.matches("    juiz play ").count(), 1, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().position(|l| l.trim_start().starts_with("rank")).unwrap();
    assert_eq!(header + 5, lines.len(), "the standings are last: {text}");
    assert!(lines[header + 1].trim_start().starts_with("1  strong"), "{text}");
    // Every faulted game is in faults.csv, with its commands.
    let faults = read(&out, "faults.csv");
    assert_eq!(faults.lines().count(), 1 + crashes as usize, "{faults}");
    assert!(faults.starts_with("game_id,bot,kind,detail,replay,play,hint,hint_pt,replays\n"), "{faults}");
    assert!(faults.lines().skip(1).all(|l| l.contains(",crashy,crash,") && l.contains("juiz play ")), "{faults}");
}
