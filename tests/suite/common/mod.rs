//! Shared helpers of the end-to-end tests: building the bundled C bots once, running `juiz`, and
//! checking that no bot process is left behind.
#![allow(dead_code)]

pub mod fixtures;
pub mod rummy;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where the tests keep compiled bots (inside target/, never in the source tree).
pub fn bot_cache() -> PathBuf {
    root().join("target").join("test-bots")
}

/// Compiles `bots/<name>.c` once per test binary and returns the executable.
pub fn c_bot(name: &str) -> PathBuf {
    static BUILT: OnceLock<std::sync::Mutex<std::collections::BTreeMap<String, PathBuf>>> = OnceLock::new();
    let built = BUILT.get_or_init(Default::default);
    let mut built = built.lock().unwrap();
    built
        .entry(name.to_owned())
        .or_insert_with(|| {
            let source = root().join("bots").join(format!("{name}.c"));
            juiz::bot::build_c(&source, &bot_cache()).unwrap_or_else(|e| panic!("building {name}: {e}"))
        })
        .clone()
}

/// A fixture bot script under tests/fixtures/bots/.
pub fn fixture(name: &str) -> PathBuf {
    root().join("tests").join("fixtures").join("bots").join(name)
}

/// Limits for bot-process tests: a 300 ms move timeout and a 100 ms grace before a kill.
pub fn short_limits() -> juiz::bot::Limits {
    juiz::bot::Limits {
        move_timeout: std::time::Duration::from_millis(300),
        kill_grace: std::time::Duration::from_millis(100),
        ..juiz::bot::Limits::default()
    }
}

/// The `juiz` binary of this build.
pub fn juiz() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_juiz"));
    // English messages, whatever the machine's locale (tests of Portuguese set their own).
    command.current_dir(root()).env("NO_COLOR", "1").env("LC_ALL", "C.UTF-8");
    command
}

/// A deal file with `text`, in a temporary folder kept alive by the returned guard.
pub fn deal_file(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deal.txt");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// Process ids of every live process whose command line mentions `marker`.
pub fn processes_mentioning(marker: &str) -> Vec<u32> {
    let mut found = Vec::new();
    let me = std::process::id();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        if pid == me {
            continue;
        }
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else { continue };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        let state = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = state.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z'));
        if cmdline.contains(marker) && !zombie {
            found.push(pid);
        }
    }
    found
}

pub fn path_str(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Writes `path`: a round-robin tournament `name` of two bots (`[(name, command); 2]`), `games`
/// games per pairing, each move limited to `move_timeout`.
pub fn two_bot_tournament(path: &Path, name: &str, games: u32, move_timeout: &str, bots: [(&str, String); 2]) {
    let bots: Vec<_> =
        bots.iter().map(|(name, command)| serde_json::json!({"name": name, "command": command})).collect();
    let text =
        serde_json::json!({"name": name, "games_per_pairing": games, "move_timeout": move_timeout, "bots": bots});
    std::fs::write(path, text.to_string()).unwrap();
}

/// Plays one game of `game` with `bots` (`juiz play --silent`), logged in `dir`; returns the log.
pub fn play_logged(dir: &Path, game: &str, seed: u64, bots: &[&str]) -> PathBuf {
    play_logged_as(dir, &format!("{game}-{seed}"), game, seed, &[], bots).0
}

/// `play_logged` with the log named `NAME.csv` and more arguments before the bots (`--rule ...`);
/// returns the log and what `juiz play` printed (the result line).
pub fn play_logged_as(
    dir: &Path,
    name: &str,
    game: &str,
    seed: u64,
    args: &[&str],
    bots: &[&str],
) -> (PathBuf, String) {
    let log = dir.join(format!("{name}.csv"));
    let out = juiz()
        .args(["play", "--game", game, "--seed", &seed.to_string(), "--silent", "--log"])
        .arg(&log)
        .args(args)
        .args(bots)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    (log, stdout)
}

/// The rows of `/proc/sysvipc/<table>` (`shm`, `msg`, `sem`) with SysV key `key`, in this
/// process's IPC namespace: what a bot left behind.
pub fn sysv_objects(table: &str, key: i64) -> Vec<String> {
    let text = std::fs::read_to_string(format!("/proc/sysvipc/{table}")).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter(|l| l.split_whitespace().next().and_then(|k| k.parse::<i64>().ok()) == Some(key))
        .map(str::to_owned)
        .collect()
}

/// Plays `game` (seed 3, 500 ms a move) with the misbehaving fixture `bots/fixtures/<file>` (it
/// misbehaves on its turn 2) at every odd seat and `other` at every even one, and checks what
/// every game owes a fixture: the fault is `expected` (a timeout may be `timeout-overload` on a
/// loaded machine) at one of the fixture's seats, the result line is `NOK 3 …`, nothing of the
/// fixture is left running, and the transcript replays to the same result. Returns the report.
pub fn check_fixture_in(
    game: juiz::games::GameKind,
    seats: usize,
    other: &juiz::bot::BotCommand,
    file: &str,
    expected: juiz::bot::FaultKind,
) -> juiz::referee::GameReport {
    use juiz::bot::{BotCommand, FaultKind, Limits};
    use juiz::referee::{self, GameConfig, Player, PlayerSpec};
    let marker = format!("juiz-{game}-{}-{}", file.replace('.', "-"), std::process::id());
    let path = root().join("bots/fixtures").join(file);
    let mut argv = if file.ends_with(".c") {
        vec![path_str(&juiz::bot::build_c(&path, &bot_cache()).unwrap())]
    } else {
        vec!["python3".to_owned(), path_str(&path)]
    };
    argv.extend(["2".to_owned(), marker.clone()]);
    let fixture = BotCommand { display: argv.join(" "), argv };
    let players = (0..seats)
        .map(|seat| match seat % 2 {
            0 => PlayerSpec { name: other.display.clone(), player: Player::Bot(other.clone()) },
            _ => PlayerSpec { name: "fixture".into(), player: Player::Bot(fixture.clone()) },
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let mut config = GameConfig::new(game, 3, players);
    config.limits = Limits { move_timeout: std::time::Duration::from_millis(500), ..Limits::default() };
    config.log = Some(dir.path().join("game.csv"));
    let report = referee::play(&config, &mut referee::Quiet).unwrap();
    let fault = report.fault.as_ref().unwrap_or_else(|| panic!("{file}: no fault: {}", report.result_line()));
    let kind_ok =
        fault.kind == expected || (expected == FaultKind::Timeout && fault.kind == FaultKind::TimeoutOverload);
    assert!(kind_ok && fault.seat % 2 == 1, "{file}: {fault:?}");
    assert!(report.result_line().starts_with("NOK 3 "), "{file}: {}", report.result_line());
    assert!(processes_mentioning(&marker).is_empty(), "{file}: processes left behind");
    let transcript = juiz::record::Transcript::read(&dir.path().join("game.csv")).unwrap();
    let replayed = juiz::referee::replay(&transcript, &mut referee::Quiet).unwrap();
    assert!(replayed.matches(), "{file}: replayed '{}'", replayed.report.result_line());
    report
}

/// A tournament run's options with `jobs` games at once into `out`, everything else default.
pub fn run_options(out: &Path, jobs: usize) -> juiz::tournament::RunOptions {
    juiz::tournament::RunOptions { jobs: Some(jobs), out: Some(out.to_path_buf()), ..Default::default() }
}

/// The browser for the pages' tests (`JUIZ_CHROMIUM`, else Debian's), or `None` outside CI only,
/// with the reason printed: in CI a missing browser fails the test.
pub fn chromium() -> Option<PathBuf> {
    let given = std::env::var_os("JUIZ_CHROMIUM").map(PathBuf::from);
    let found = given
        .into_iter()
        .chain(["/usr/bin/chromium", "/usr/bin/chromium-browser"].map(PathBuf::from))
        .find(|p| p.is_file());
    if found.is_none() {
        let why = "no chromium (/usr/bin/chromium or JUIZ_CHROMIUM): install Debian's `chromium` package";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "browser tests cannot run in CI: {why}");
        eprintln!("skipped: {why}");
    }
    found
}

/// A transcript without the rows and the column that depend on the clock (milliseconds, timing
/// rows, the sandbox line), for comparing two plays of the same game.
pub fn timeless(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap();
    text.lines()
        .filter(|l| !l.contains("timing ") && !l.contains("sandbox"))
        .map(|l| {
            let mut cols: Vec<&str> = l.splitn(3, ',').collect();
            if cols.len() == 3 {
                cols[1] = "";
            }
            cols.join(",")
        })
        .collect()
}
