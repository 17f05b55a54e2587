//! The misbehaving fixture bots of `bots/fixtures/` against the referee, end to end: each one
//! gets the right verdict and fault kind against the right seat, ends its game within the time
//! limit plus a small margin and leaves no process behind; the file hunter finds no other seat's
//! cards (a tournament of them all: `fixtures_tournament.rs`).

use crate::common;
use crate::common::fixtures;

use std::path::Path;
use std::time::{Duration, Instant};

use juiz::bot::{BotCommand, FaultKind, Limits};
use juiz::games::GameKind;
use juiz::record::{Direction, Transcript};
use juiz::referee::{self, GameConfig, GameReport, Player, PlayerSpec};

use common::*;
use fixtures::*;

/// The move timeout of these games: short, so that hanging bots cost little.
const MOVE_TIMEOUT: Duration = Duration::from_millis(500);
/// What a game may take beyond the time its misbehaviour is allowed (a loaded 2-core machine).
const MARGIN: Duration = Duration::from_millis(2500);
/// The seat the fixture plays; the template bot plays seat 0.
const FIXTURE_SEAT: usize = 1;

/// The command that runs fixture `file` misbehaving on its turn 2, with `marker` on its command
/// line (C fixtures are compiled once into the test bot cache).
fn fixture_command(file: &str, marker: &str) -> BotCommand {
    let path = fixture_path(file);
    let program = if file.ends_with(".c") {
        vec![path_str(&juiz::bot::build_c(&path, &bot_cache()).unwrap_or_else(|e| panic!("building {file}: {e}")))]
    } else {
        vec![python().to_owned(), path_str(&path)]
    };
    let mut argv = program;
    argv.extend(["2".to_owned(), marker.to_owned()]);
    BotCommand { display: argv.join(" "), argv }
}

/// A marker for one game: two tests may play the same fixture at once (each must find only its
/// own processes).
fn unique_marker(file: &str) -> String {
    static GAMES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let game = GAMES.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!("juiz-fx-{}-{}-{game}", file.replace('.', "-"), std::process::id())
}

/// One game: the template bot at seat 0, the fixture at seat 1; transcript and stderr logs in `dir`.
struct Played {
    report: GameReport,
    took: Duration,
    marker: String,
}

fn play_fixture(file: &str, limits: Limits, dir: &Path) -> Played {
    let marker = unique_marker(file);
    let template = BotCommand { argv: vec![path_str(&c_bot("template"))], display: "template".into() };
    let players = vec![
        PlayerSpec { name: "template".into(), player: Player::Bot(template) },
        PlayerSpec {
            name: file.split('.').next().unwrap().into(),
            player: Player::Bot(fixture_command(file, &marker)),
        },
    ];
    let mut config = GameConfig::new(GameKind::ItpBuraco, 3, players);
    config.limits = limits;
    config.log = Some(dir.join("game.csv"));
    config.stderr_dir = Some(dir.to_path_buf());
    let start = Instant::now();
    let report = referee::play(&config, &mut referee::Quiet).unwrap_or_else(|e| panic!("{file}: harness error {e}"));
    Played { report, took: start.elapsed(), marker }
}

fn short_limits() -> Limits {
    Limits { move_timeout: MOVE_TIMEOUT, ..Limits::default() }
}

/// Plays `file` and checks the verdict, the fault and its seat, the time taken and that nothing
/// is left running. Returns the game for further checks.
fn check_fixture(file: &str, expect: Expect, limits: Limits) -> (Played, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let move_timeout = limits.move_timeout;
    let played = play_fixture(file, limits, dir.path());
    let report = &played.report;
    match expect {
        Expect::Clean => {
            assert!(report.fault.is_none(), "{file}: unexpected fault {:?}", report.fault);
            assert_eq!(report.verdict(), "OK", "{file}");
        }
        Expect::Fault(kind) => {
            let fault = report.fault.as_ref().unwrap_or_else(|| panic!("{file}: no fault: {}", report.result_line()));
            assert_eq!(fault.seat, FIXTURE_SEAT, "{file}: {fault:?}");
            assert!(same_kind(fault.kind, kind), "{file}: expected {kind:?}, got {fault:?}");
            assert_eq!(report.verdict(), "NOK", "{file}");
            assert!(
                report.result_line().ends_with(" p1.template"),
                "{file}: the other side wins: {}",
                report.result_line()
            );
        }
    }
    // A hanging bot costs one move timeout; the file hunter spends up to 1.5 s of its start-up
    // allowance hunting (BUDGET_SECONDS in file_hunter.py).
    let allowed = match (expect, file) {
        (Expect::Fault(FaultKind::Timeout), _) => move_timeout + MARGIN,
        (_, "file_hunter.py") => Duration::from_millis(1500) + MARGIN,
        _ => MARGIN,
    };
    assert!(played.took < allowed, "{file}: the game took {:?} (allowed {allowed:?})", played.took);
    let left = processes_mentioning(&played.marker);
    assert!(left.is_empty(), "{file}: processes left behind: {left:?}");
    // Whatever went wrong, the transcript replays to the same result.
    let transcript = juiz::record::Transcript::read(&dir.path().join("game.csv")).unwrap();
    let replayed = juiz::referee::replay(&transcript, &mut referee::Quiet)
        .unwrap_or_else(|e| panic!("{file}: the replay failed: {e}"));
    assert!(
        replayed.matches(),
        "{file}: replayed '{}', recorded {:?}",
        replayed.report.result_line(),
        replayed.recorded_result
    );
    (played, dir)
}

fn check(file: &str) -> (Played, tempfile::TempDir) {
    check_fixture(file, expected(file), short_limits())
}

#[test]
fn sleeper_times_out() {
    let (played, _dir) = check("sleeper.py");
    assert!(played.report.fault.unwrap().detail.contains("500ms"));
}

#[test]
fn segfault_is_a_crash_by_sigsegv() {
    let (played, _dir) = check("segfault.c");
    let detail = played.report.fault.unwrap().detail;
    assert!(detail.contains("SIGSEGV"), "{detail}");
}

#[test]
fn early_exit_is_a_crash_with_its_code() {
    let (played, _dir) = check("early_exit.py");
    let detail = played.report.fault.unwrap().detail;
    assert!(detail.contains("code 3"), "{detail}");
}

#[test]
fn garbage_is_malformed_and_quoted() {
    let (played, _dir) = check("garbage.py");
    let detail = played.report.fault.unwrap().detail;
    assert!(detail.contains("Pegue do lixo"), "{detail}");
}

#[test]
fn endless_line_is_oversized() {
    check("endless_line.py");
}

#[test]
fn junk_flood_is_illegal_without_blocking_the_referee() {
    check("junk_flood.py");
}

#[test]
fn stderr_flood_is_capped_and_not_a_fault() {
    let (_played, dir) = check("stderr_flood.py");
    let log = dir.path().join(format!("game.seat{FIXTURE_SEAT}.stderr"));
    let size = std::fs::metadata(&log).unwrap().len();
    let cap = Limits::default().stderr_cap_bytes;
    assert!(size > cap / 2 && size <= cap + 128, "stderr log of {size} bytes, cap {cap}");
    assert!(std::fs::read_to_string(&log).unwrap().contains("bytes dropped]"));
}

#[test]
fn fork_holder_is_a_crash_and_its_child_is_killed() {
    let (played, _dir) = check("fork_holder.c");
    let detail = played.report.fault.unwrap().detail;
    assert!(detail.contains("code 0"), "{detail}");
}

#[test]
fn ignoring_sigint_and_sigterm_does_not_save_a_bot() {
    check("ignore_signals.c");
}

#[test]
fn many_children_are_all_killed() {
    // The default limit is 32 processes at once in the bot's group: the watchdog faults the bot
    // (`processes`) and every child is killed with it (`check` asserts nothing is left).
    // (The watchdog may kill it in the middle of its fork loop, before it reports on stderr.)
    let (played, _dir) = check("spawn_many.c");
    let fault = played.report.fault.expect("a processes fault");
    assert!(fault.detail.contains("processes at once (limit 32)"), "{}", fault.detail);
}

#[test]
fn memory_hog_under_a_memory_limit_is_a_memory_fault() {
    // A small limit, reached in a few milliseconds, and time to spare: allocating is slow on a
    // loaded machine, and the fault must be `memory`, not a timeout.
    let limits = Limits { memory_bytes: Some(64 << 20), move_timeout: Duration::from_secs(3), ..Limits::default() };
    check_fixture("memory_hog.c", Expect::Fault(FaultKind::Memory), limits);
}

#[test]
fn memory_hog_without_a_limit_hangs_at_its_safety_cap() {
    check("memory_hog.c");
}

#[test]
fn invalid_utf8_is_named() {
    check("invalid_utf8.py");
}

#[test]
fn closing_stdout_and_lingering_is_closed_output() {
    check("close_stdout.py");
}

#[test]
fn writing_before_its_turn_is_premature() {
    check("premature.py");
}

/// The other seat's hand as dealt (the third line the referee sent it), from the transcript.
fn other_hand(transcript: &Transcript, seat_id: &str) -> String {
    let to_seat: Vec<&str> = transcript
        .rows
        .iter()
        .filter(|r| r.seat == seat_id && r.dir == Direction::ToSeat)
        .map(|r| r.text.as_str())
        .collect();
    assert!(to_seat.len() >= 3, "{seat_id} was sent its setup lines");
    assert!(to_seat[2].starts_with("[ "), "{seat_id}'s hand: {}", to_seat[2]);
    to_seat[2].to_owned()
}

/// The hunter's findings: the card lists it reported (with where it found them) and its summary.
fn hunt_log(dir: &Path) -> (Vec<(String, String)>, String) {
    let log = std::fs::read_to_string(dir.join(format!("game.seat{FIXTURE_SEAT}.stderr"))).unwrap();
    let found = log
        .lines()
        .filter_map(|l| l.strip_prefix("hunt-found-list: "))
        .map(|l| {
            let (list, place) = l.split_once(" | ").unwrap_or((l, ""));
            (list.to_owned(), place.to_owned())
        })
        .collect();
    let summary = log.lines().find(|l| l.starts_with("hunt-summary: ")).unwrap_or_default().to_owned();
    (found, summary)
}

#[test]
fn a_process_that_escapes_its_group_does_not_outlive_the_game() {
    // `check` asserts that no process with the fixture's marker is left once the game is over.
    let (played, _dir) = check("escape_session.py");
    assert!(played.report.fault.is_none(), "{:?}", played.report.fault);
}

#[test]
fn file_hunter_plays_legally_and_reports_its_hunt() {
    let (_played, dir) = check("file_hunter.py");
    let (found, summary) = hunt_log(dir.path());
    assert!(summary.starts_with("hunt-summary: processes="), "the hunt happened and was reported: {summary}");
    // What holds today: the environment a bot is given carries no cards.
    for (list, place) in &found {
        assert!(!place.starts_with("environment"), "a hand in the environment: {list} ({place})");
    }
}

/// The hunter walks /tmp, its home, its work dir's parents, /proc (other processes' command
/// lines, environments and open files) and every transcript it can find: with the sandbox it finds
/// none of the other seat's cards. On a kernel without Landlock this cannot be promised: the test
/// says so and checks nothing more.
#[test]
fn file_hunter_finds_no_other_seats_hand() {
    if juiz::bot::sandbox_support().landlock_abi.is_none() {
        eprintln!("skipped: this kernel has no Landlock, so bots can read what the user can");
        return;
    }
    let (played, dir) = check("file_hunter.py");
    let transcript = Transcript::read(&dir.path().join("game.csv")).unwrap();
    let hand = other_hand(&transcript, &played.report.seats[0].id);
    let (found, _) = hunt_log(dir.path());
    let leaks: Vec<&(String, String)> = found.iter().filter(|(list, _)| *list == hand).collect();
    assert!(leaks.is_empty(), "the hunter found the other seat's hand {hand}: {leaks:?}");
}
