//! The carriers of issue 34, attacked by a real bot process (`bots/fixtures/carrier.c`), root and
//! not: kernel state two bots share that once passed a hand from one to the other (a shared
//! futex on a page of the C library, the host's AIO counter, access times, another box's work
//! dir, the operator's files' metadata, host-wide counters), and a submission's link followed
//! when juiz copies a script into the box. Each test fails on a juiz without the protection it
//! names (docs/containment.md, "Threat model").

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use juiz::bot::{BotCommand, FaultKind, Limits};
use juiz::games::GameKind;
use juiz::referee::{self, GameConfig, GameReport, Player, PlayerSpec};

use common::*;

/// The carrier bot, probing `probes` on its first turn.
fn carrier(probes: &[&str]) -> BotCommand {
    let source = root().join("bots").join("fixtures").join("carrier.c");
    let binary = juiz::bot::build_c(&source, &bot_cache()).unwrap_or_else(|e| panic!("building carrier.c: {e}"));
    let mut argv = vec![path_str(&binary), "1".into(), format!("juiz-carrier-{}", std::process::id())];
    argv.extend(probes.iter().map(|p| p.to_string()));
    BotCommand { display: "carrier".into(), argv }
}

trait CommandLine {
    /// The command as one line for `juiz play`.
    fn display_line(&self) -> String;
}

impl CommandLine for BotCommand {
    fn display_line(&self) -> String {
        self.argv.join(" ")
    }
}

fn template() -> BotCommand {
    BotCommand { argv: vec![path_str(&c_bot("template"))], display: "template".into() }
}

/// Plays one game, the probes' findings kept in `logs`.
fn play(seats: [BotCommand; 2], logs: &Path) -> GameReport {
    let players = seats.into_iter().map(|bot| PlayerSpec { name: bot.display.clone(), player: Player::Bot(bot) });
    let mut config = GameConfig::new(GameKind::ItpBuraco, 7, players.collect());
    // The futex probe waits up to 5 s for a waiter that a filtered kernel never parks.
    config.limits = Limits { move_timeout: Duration::from_secs(30), ..Limits::default() };
    config.log = Some(logs.join("game.csv"));
    config.stderr_dir = Some(logs.to_path_buf());
    referee::play(&config, &mut referee::Quiet).unwrap_or_else(|e| panic!("harness error {e}"))
}

/// What each seat's probes wrote on stderr.
fn findings(logs: &Path) -> String {
    (0..2)
        .map(|seat| std::fs::read_to_string(referee::stderr_log_path(logs, "game", seat)).unwrap_or_default())
        .collect()
}

/// Asserts that no seat found a channel (the carrier's `CHANNEL <name>` line is a fault).
fn assert_no_channel(report: &GameReport, logs: &Path) {
    eprintln!("{}", findings(logs));
    assert!(report.fault.is_none(), "a carrier found a channel: {:?}\nits probes: {}", report.fault, findings(logs));
    assert!(report.turns > 3, "the game ended before the probes ran: {}", report.result_line());
}

/// A folder every user may read (bots run under uids of their own as root).
fn open_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

#[test]
fn a_futex_on_a_shared_page_of_the_c_library_wakes_nobody() {
    let logs = tempfile::tempdir().unwrap();
    let report = play([carrier(&["futex"]), template()], logs.path());
    assert_no_channel(&report, logs.path());
    assert!(findings(logs.path()).contains("futex: nobody woken"), "{}", findings(logs.path()));
}

#[test]
fn io_setup_moves_no_counter_a_bot_can_read() {
    let logs = tempfile::tempdir().unwrap();
    let report = play([carrier(&["aio"]), template()], logs.path());
    assert_no_channel(&report, logs.path());
}

#[test]
fn reading_a_file_moves_no_access_time() {
    // A folder granted to the bot (named as an argument), its files read a day and more ago: on
    // a `relatime` mount the next read would set their access time, for any bot to `stat`.
    let shared = open_folder();
    let long_ago = libc::timespec { tv_sec: 1_000_000_000, tv_nsec: 0 };
    for name in ["a.txt", "b.txt"] {
        let file = shared.path().join(name);
        std::fs::write(&file, "opening book\n").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        let c = std::ffi::CString::new(file.as_os_str().as_encoded_bytes()).unwrap();
        let times = [long_ago, libc::timespec { tv_sec: 0, tv_nsec: libc::UTIME_OMIT }];
        // SAFETY: a NUL-terminated path and two valid timespecs.
        assert_eq!(unsafe { libc::utimensat(libc::AT_FDCWD, c.as_ptr(), times.as_ptr(), 0) }, 0);
    }
    let logs = tempfile::tempdir().unwrap();
    let probe = format!("atime={}", path_str(shared.path()));
    // The folder named alone, too: juiz grants a folder given as an argument.
    let report = play([carrier(&[&probe, &path_str(shared.path())]), template()], logs.path());
    assert_no_channel(&report, logs.path());
    assert!(findings(logs.path()).contains("atime: /"), "the probe read no file: {}", findings(logs.path()));
}

#[test]
fn no_bot_can_stat_another_bots_work_dir() {
    // Both seats look for the other's box: as root each runs in one, under uids of this test's
    // own (a juiz of another version on the host may have boxes of its own); without root there
    // are none. Through `juiz play`, which reads `JUIZ_BOT_UIDS` afresh.
    let carrier = carrier(&["box-root=/run/juiz-boxes/box-250098"]);
    let output = juiz()
        .env("JUIZ_BOT_UIDS", "2500980-2500989")
        .args(["play", "--seed", "7", "--move-timeout", "30s", &carrier.display_line(), &carrier.display_line()])
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{text}");
    // The probe writes `box-root: stat PATH: seen` on its stderr, which `play` shows, and then
    // answers `CHANNEL box-root`: a fault, and a forfeit.
    assert!(!text.contains(": seen") && !text.contains("forfeits"), "a carrier found another bot's work dir: {text}");
}

#[test]
fn no_bot_changes_the_metadata_of_a_file_outside_its_work_dir() {
    let folder = open_folder();
    let file = folder.path().join("tournament.json");
    std::fs::write(&file, "{}").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let before = std::fs::metadata(&file).unwrap();
    let logs = tempfile::tempdir().unwrap();
    let probe = format!("metadata={}", path_str(&file));
    let report = play([carrier(&[&probe]), template()], logs.path());
    assert_no_channel(&report, logs.path());
    let after = std::fs::metadata(&file).unwrap();
    assert_eq!(after.permissions().mode(), before.permissions().mode());
    use std::os::unix::fs::MetadataExt;
    assert_eq!((after.mtime(), after.atime()), (before.mtime(), before.atime()));
}

#[test]
fn host_wide_counters_are_out_of_reach() {
    let logs = tempfile::tempdir().unwrap();
    let report = play([carrier(&["counters"]), template()], logs.path());
    assert_no_channel(&report, logs.path());
}

#[test]
fn the_hosts_fork_count_in_proc_stat_is_out_of_reach() {
    let logs = tempfile::tempdir().unwrap();
    let report = play([carrier(&["proc-stat"]), template()], logs.path());
    assert_no_channel(&report, logs.path());
}

/// Without a pid namespace of the bot's own, the pid of each child it forks counts the host's
/// forks, which a twin moves by forking k times: each bot has one, under juiz's init
/// (`src/bot/pid_init.rs`), where its children get pids 3, 4, …
#[test]
fn a_forked_childs_pid_does_not_count_the_hosts_forks() {
    let logs = tempfile::tempdir().unwrap();
    let report = play([carrier(&["fork-pid"]), template()], logs.path());
    assert_no_channel(&report, logs.path());
}

#[test]
fn a_submission_linked_to_a_file_outside_it_is_refused_and_never_read() {
    let class = open_folder();
    let secret = class.path().join("secret");
    std::fs::write(&secret, "root:$6$s3cret-hash:19000:0:99999:7:::\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644)).unwrap();
    let eve = class.path().join("subs").join("eve");
    std::fs::create_dir_all(&eve).unwrap();
    for dir in [class.path().join("subs"), eve.clone()] {
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::os::unix::fs::symlink(&secret, eve.join("bot.py")).unwrap();
    let python =
        BotCommand::parse(&format!("python3 {}", path_str(&eve.join("bot.py")))).and_then(BotCommand::resolve).unwrap();
    let logs = tempfile::tempdir().unwrap();
    let report = play([python, template()], logs.path());
    let fault = report.fault.as_ref().expect("eve's linked bot.py is refused");
    assert_eq!((fault.seat, fault.kind), (0, FaultKind::Spawn), "{fault:?}");
    assert!(fault.detail.contains("symbolic link"), "the refusal says why: {}", fault.detail);
    assert!(!findings(logs.path()).contains("s3cret"), "the linked file reached the bot: {}", findings(logs.path()));
}
