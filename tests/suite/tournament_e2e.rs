//! Tournaments with real bot processes: the bundled bots, a misbehaving bot that costs only its
//! own games, the same results with one job or two, and a stopped run resumed to the same end.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use juiz::tournament::{GameRow, Progress, Quiet, RunOptions, Tournament, run};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tournament(players: usize, games: u32, extra_bot: Option<(&str, String)>) -> Tournament {
    let r = root().display().to_string();
    let mut bots = vec![
        format!(r#"{{"name": "smart", "build": "{r}/bots/smart.c"}}"#),
        format!(r#"{{"name": "template", "build": "{r}/bots/template.c"}}"#),
    ];
    if let Some((name, command)) = extra_bot {
        bots.push(format!(r#"{{"name": "{name}", "command": "{command}"}}"#));
    }
    let text = format!(
        r#"{{"name": "e2e", "seed": 5, "games_per_pairing": {games}, "players": {players},
            "move_timeout": "1s", "bots": [{}]}}"#,
        bots.join(",")
    );
    Tournament::parse(&text, true).unwrap()
}

fn opts(out: &Path, jobs: usize) -> RunOptions {
    RunOptions { jobs: Some(jobs), out: Some(out.to_path_buf()), ..RunOptions::default() }
}

/// `games.csv` without the timing column and the checksum (which covers the timing).
fn without_timings(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let timing = |h: &str| h == "duration_ms" || h == "check";
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut lines = Vec::new();
    for record in reader.records() {
        let record = record.unwrap();
        let fields: Vec<&str> =
            record.iter().enumerate().filter(|(i, _)| !timing(juiz::tournament::HEADER[*i])).map(|(_, f)| f).collect();
        lines.push(fields.join(","));
    }
    lines.join("\n")
}

#[test]
fn bundled_bots_give_the_same_games_with_one_job_or_two() {
    let t = tournament(2, 2, Some(("random", format!("python3 {}/bots/random_bot.py", root().display()))));
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    let summary = run(&t, &opts(&one, 1), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert_eq!((summary.total, summary.done), (6, 6));
    assert!(summary.faulted.is_empty(), "{:?}", summary.faulted);
    run(&t, &opts(&two, 2), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert_eq!(without_timings(&one), without_timings(&two));
    for row in juiz::tournament::read_games(&one.join("games.csv")).unwrap() {
        assert_eq!(row.verdict, "OK", "{row:?}");
        let log = std::fs::read_to_string(one.join(&row.log)).unwrap();
        assert!(log.starts_with("seq,ms,seat,dir,text"), "{}", row.log);
    }
    assert_eq!(std::fs::read_to_string(one.join("standings.csv")).unwrap().lines().count(), 4);
}

#[test]
fn four_player_teams_play_to_the_end() {
    let t = tournament(4, 2, None);
    let dir = tempfile::tempdir().unwrap();
    let summary = run(&t, &opts(dir.path(), 2), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert_eq!(summary.done, 2);
    let rows = juiz::tournament::read_games(&dir.path().join("games.csv")).unwrap();
    assert_eq!(rows[0].seats, "smart template smart template");
    assert!(rows.iter().all(|r| r.verdict == "OK"), "{rows:?}");
}

#[test]
fn a_crashing_or_hanging_bot_costs_only_its_own_games() {
    let fixture = root().join("bots/fixtures/misbehave.py");
    for how in ["crash 2", "sleep 2"] {
        let t = tournament(2, 2, Some(("bad", format!("python3 {} {how}", fixture.display()))));
        let dir = tempfile::tempdir().unwrap();
        let summary = run(&t, &opts(dir.path(), 2), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
        let rows = juiz::tournament::read_games(&dir.path().join("games.csv")).unwrap();
        assert_eq!(rows.len(), 6);
        for row in &rows {
            if row.seats.contains("bad") {
                assert_eq!((row.verdict.as_str(), row.faulty_bot.as_str()), ("NOK", "bad"), "{how}: {row:?}");
                assert_ne!(row.winner, "bad");
            } else {
                assert_eq!(row.verdict, "OK", "{how}: {row:?}");
            }
        }
        let kind = if how.starts_with("crash") { "crash" } else { "timeout" };
        assert_eq!(summary.faults["bad"][kind], 4, "{how}");
    }
}

/// Stops the run after the first finished game, as Ctrl-C would.
struct StopAfterFirst(Arc<AtomicBool>);

impl Progress for StopAfterFirst {
    fn started(&self, _total: usize, _already_done: usize) {}
    fn game_finished(&self, _row: &GameRow) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[test]
fn a_stopped_run_resumes_to_the_uninterrupted_result() {
    let t = tournament(2, 4, None);
    let dir = tempfile::tempdir().unwrap();
    let (full, stopped) = (dir.path().join("full"), dir.path().join("stopped"));
    run(&t, &opts(&full, 2), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    let cancel = Arc::new(AtomicBool::new(false));
    let summary = run(&t, &opts(&stopped, 2), &StopAfterFirst(cancel.clone()), cancel).unwrap();
    assert!(summary.cancelled && summary.done < 4, "{} done", summary.done);
    let resumed = RunOptions { resume: true, ..opts(&stopped, 2) };
    let summary = run(&t, &resumed, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert_eq!(summary.done, 4);
    assert_eq!(without_timings(&full), without_timings(&stopped));
}

#[test]
fn the_bundled_tournament_files_load() {
    // Bot paths in these files are relative to the repository root, the tests' working directory.
    let files = [
        ("demo.json", 30),
        ("demo-teams.json", 8),
        ("house-itp-buraco.json", 600),
        ("house-itp-buraco-bundled.json", 120),
        ("house-buraco-stbl.json", 600),
        ("house-buraco-stbl-bundled.json", 120),
    ];
    for (file, games) in files {
        let t = juiz::tournament::load(&root().join("tournaments").join(file)).unwrap();
        assert_eq!(juiz::tournament::schedule(&t).len(), games, "{file}");
    }
}

/// A bot's `workdir` is copied into each game's fresh work dir: a bot that needs a data file
/// finds it, and the copy it writes to is its own (games side by side share nothing).
#[test]
fn a_bot_finds_its_workdir_files_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("sub")).unwrap();
    std::fs::write(data.join("sub/needed.txt"), "ok").unwrap();
    // Plays like the template bot, but only if its data file is there; appends to it (a bot that
    // shared the folder with another game would see the other game's line).
    let bot = dir.path().join("needs_data.sh");
    std::fs::write(
        &bot,
        "#!/bin/sh\nread ids; read me; read hand; read top\n\
         [ \"$(cat sub/needed.txt)\" = ok ] || exit 7\necho game >> sub/needed.txt\n\
         while read line; do [ \"$line\" = \"$me\" ] || continue; echo GET_STOCK; read card; echo \"DISCARD $card\"; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&bot, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let text = format!(
        r#"{{"name": "data", "games_per_pairing": 6, "bots": [
            {{"name": "template", "build": "{}"}},
            {{"name": "reader", "command": "{}", "workdir": "{}"}}]}}"#,
        root().join("bots/template.c").display(),
        bot.display(),
        data.display()
    );
    let t = Tournament::parse(&text, true).unwrap();
    let out = dir.path().join("out");
    let summary = run(&t, &opts(&out, 2), &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    assert_eq!(summary.done, 6);
    let games = std::fs::read_to_string(out.join("games.csv")).unwrap();
    assert!(!games.contains(",NOK,"), "every game is clean: {games}");
    assert_eq!(std::fs::read_to_string(data.join("sub/needed.txt")).unwrap(), "ok", "the original is untouched");
}

/// The cores each bot of a tournament of `affinity.py` bots could run on, read from their
/// stderr logs.
fn bots_cores(jobs: usize, unpinned: bool) -> Vec<Vec<usize>> {
    let probe = root().join("tests/fixtures/bot/affinity.py").display().to_string();
    let text = format!(
        r#"{{"name": "cores", "seed": 1, "games_per_pairing": 2,
            "bots": [{{"name": "a", "command": "{probe}"}}, {{"name": "b", "command": "{probe}"}}]}}"#
    );
    let t = Tournament::parse(&text, true).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    run(&t, &RunOptions { unpinned, ..opts(&out, jobs) }, &Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    let mut found = Vec::new();
    for entry in std::fs::read_dir(out.join("games")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".stderr") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let line = text.lines().find(|l| l.starts_with("cpus ")).unwrap_or_else(|| panic!("{name}: {text}"));
        found.push(line["cpus ".len()..].split(' ').map(|c| c.parse().unwrap()).collect());
    }
    assert!(!found.is_empty(), "no bot wrote its cores");
    found
}

#[test]
fn each_game_runs_on_one_core_unless_asked_not_to() {
    let allowed = juiz::bot::allowed_cpus().to_vec();
    for cores in bots_cores(allowed.len(), false) {
        assert_eq!(cores.len(), 1, "a pinned game's bot may run on {cores:?}");
        assert!(allowed.contains(&cores[0]), "{cores:?} is not among {allowed:?}");
    }
    for cores in bots_cores(allowed.len(), true) {
        assert_eq!(cores, allowed, "--no-pin");
    }
    // More jobs than cores: the system places the games.
    for cores in bots_cores(allowed.len() + 1, false) {
        assert_eq!(cores, allowed, "more jobs than cores");
    }
}
