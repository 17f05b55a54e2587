//! End-to-end tests of `juiz::bot` with real processes: the fixture bots in
//! `tests/fixtures/bot/` misbehave in every way the referee must survive.

use crate::common;

use common::short_limits;
use std::path::Path;
use std::time::{Duration, Instant};

use juiz::bot::{BotCommand, BotFault, BotProcess, FaultKind, Limits, Termination, WorkDir};
use nix::errno::Errno;
use nix::sys::signal::{kill, killpg};
use nix::unistd::Pid;

/// Slack for timing assertions on a shared, loaded machine.
const MARGIN: Duration = Duration::from_millis(1500);

fn fixture(name: &str) -> BotCommand {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bot").join(name);
    BotCommand::parse(&path.to_string_lossy())
        .and_then(BotCommand::resolve)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

fn spawn(name: &str, limits: &Limits) -> BotProcess {
    BotProcess::spawn(&fixture(name), WorkDir::Fresh, None, limits).unwrap_or_else(|f| panic!("spawning {name}: {f}"))
}

fn fault_of(result: Result<(String, Duration), BotFault>) -> BotFault {
    match result {
        Ok((line, _)) => panic!("expected a fault, got the line {line:?}"),
        Err(fault) => fault,
    }
}

fn assert_group_gone(pgid: u32) {
    let pgid = Pid::from_raw(pgid as i32);
    assert_eq!(killpg(pgid, None), Err(Errno::ESRCH), "group {pgid} still has processes");
}

/// The host's pid of the process the bot names `pid`: in a pid namespace of its own (under
/// juiz's init) its pids are not the host's. Read while the process lives.
fn on_host(bot: &BotProcess, pid: &str) -> i32 {
    let pid: i32 = pid.parse().unwrap();
    let namespace = |p: &str| std::fs::read_link(format!("/proc/{p}/ns/pid")).ok();
    let bots = namespace(&bot.main_pid().to_string());
    if bots == namespace("self") {
        return pid;
    }
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.parse::<i32>().is_err() || namespace(&name) != bots {
            continue;
        }
        let status = std::fs::read_to_string(format!("/proc/{name}/status")).unwrap_or_default();
        let inner = status.lines().find_map(|l| l.strip_prefix("NSpid:")).and_then(|ids| ids.split_whitespace().last());
        if inner == Some(pid.to_string().as_str()) {
            return name.parse().unwrap();
        }
    }
    panic!("no process {pid} in the bot's pid namespace")
}

fn assert_process_gone(pid: i32) {
    assert_eq!(kill(Pid::from_raw(pid), None), Err(Errno::ESRCH), "process {pid} is still there");
}

#[test]
fn echo_round_trip() {
    let mut bot = spawn("echo.sh", &short_limits());
    for line in ["hello", "MELD_NEW [ 3♥ 4♥ 5♥ ]", "", "with cr\r"] {
        bot.send(line).unwrap();
        let (got, took) = bot.receive(Duration::from_secs(5)).unwrap();
        assert_eq!(got, line.trim_end_matches('\r'));
        assert!(took < Duration::from_secs(5));
    }
    assert!(!bot.has_pending_output());
    let pgid = bot.pid();
    let report = bot.shutdown();
    assert!(report.group_cleared, "{report}");
    assert!(report.termination.is_some());
    assert_group_gone(pgid);
    assert_eq!(bot.shutdown(), report, "shutdown is idempotent");
    assert!(bot.send("late").is_err());
}

#[test]
fn sleeping_bot_times_out_on_time() {
    let mut bot = spawn("sleeper.sh", &short_limits());
    bot.send("your turn").unwrap();
    let timeout = Duration::from_millis(300);
    let start = Instant::now();
    let fault = fault_of(bot.receive(timeout));
    let took = start.elapsed();
    assert_eq!(fault.kind, FaultKind::Timeout);
    assert!(fault.to_string().starts_with("timeout: no line within 300ms ("), "{fault}");
    assert!(took >= timeout, "returned early: {took:?}");
    assert!(took < timeout + MARGIN, "returned late: {took:?}");
    let pgid = bot.pid();
    let report = bot.shutdown();
    assert!(report.sent_term);
    assert_group_gone(pgid);
}

#[test]
fn crash_reports_the_exit_code() {
    let mut bot = spawn("exit3.sh", &short_limits());
    bot.send("your turn").unwrap();
    let fault = fault_of(bot.receive(Duration::from_secs(5)));
    assert_eq!((fault.kind, fault.detail.as_str()), (FaultKind::Crash, "exited with code 3"));
    let report = bot.shutdown();
    assert_eq!(report.termination, Some(Termination::Exited(3)));
    assert!(!report.sent_term, "the bot had already exited");
}

#[test]
fn crash_reports_the_signal() {
    let mut bot = spawn("segv.sh", &short_limits());
    bot.send("your turn").unwrap();
    let fault = fault_of(bot.receive(Duration::from_secs(5)));
    assert_eq!(fault.kind, FaultKind::Crash);
    assert!(fault.detail.starts_with("killed by signal 11 (SIGSEGV)"), "{}", fault.detail);
}

#[test]
fn closed_stdout_while_alive() {
    let mut bot = spawn("close_stdout.sh", &short_limits());
    let start = Instant::now();
    let fault = fault_of(bot.receive(Duration::from_secs(5)));
    assert_eq!(fault.kind, FaultKind::ClosedOutput, "{fault}");
    assert!(start.elapsed() < Duration::from_secs(5), "waited for the full timeout");
}

#[test]
fn endless_line_is_oversized_without_waiting_for_the_timeout() {
    let limits = Limits { max_line_bytes: 1000, ..short_limits() };
    let mut bot = spawn("endless_line.py", &limits);
    bot.send("your turn").unwrap();
    let start = Instant::now();
    let fault = fault_of(bot.receive(Duration::from_secs(10)));
    assert_eq!(fault.kind, FaultKind::OversizedLine, "{fault}");
    assert!(start.elapsed() < Duration::from_secs(10) - MARGIN);
}

#[test]
fn invalid_utf8_is_a_fault() {
    let mut bot = spawn("invalid_utf8.sh", &short_limits());
    bot.send("your turn").unwrap();
    let fault = fault_of(bot.receive(Duration::from_secs(5)));
    assert_eq!(fault.kind, FaultKind::InvalidUtf8);
    assert!(fault.detail.contains("0xff at offset 5"), "{}", fault.detail);
}

#[test]
fn shutdown_kills_a_child_that_ignores_sigterm_and_holds_the_pipes() {
    let mut bot = spawn("fork_ignore_term.sh", &short_limits());
    let (child, _) = bot.receive(Duration::from_secs(5)).unwrap();
    let child = on_host(&bot, &child);
    bot.send("ping").unwrap();
    assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "ping");
    let pgid = bot.pid();
    // Under an init of its own (a pid namespace), the bot's end is its namespace's: the kernel
    // kills the child as the init exits after the bot, and no SIGKILL is needed.
    let own_init = bot.main_pid() != bot.pid();
    let start = Instant::now();
    let report = bot.shutdown();
    assert!(start.elapsed() < Duration::from_millis(100) + MARGIN, "{:?}", start.elapsed());
    assert!(report.sent_term && (report.sent_kill || own_init), "{report:?}");
    assert!(report.group_cleared);
    assert_group_gone(pgid);
    assert_process_gone(child);
}

#[test]
fn dropping_a_bot_leaves_nothing_running() {
    let mut bot = spawn("fork_ignore_term.sh", &short_limits());
    let (child, _) = bot.receive(Duration::from_secs(5)).unwrap();
    let child = on_host(&bot, &child);
    let pgid = bot.pid();
    drop(bot);
    assert_group_gone(pgid);
    assert_process_gone(child);
}

#[test]
fn death_is_seen_even_while_a_child_holds_the_pipes() {
    let mut bot = spawn("fork_then_exit.sh", &short_limits());
    let (child, _) = bot.receive(Duration::from_secs(5)).unwrap();
    let child = on_host(&bot, &child);
    bot.send("your turn").unwrap();
    let start = Instant::now();
    let fault = fault_of(bot.receive(Duration::from_secs(5)));
    assert_eq!((fault.kind, fault.detail.as_str()), (FaultKind::Crash, "exited with code 5"));
    assert!(start.elapsed() < Duration::from_secs(5) - MARGIN, "{:?}", start.elapsed());
    let pgid = bot.pid();
    assert!(bot.shutdown().group_cleared);
    assert_group_gone(pgid);
    assert_process_gone(child);
}

#[test]
fn a_bot_ignoring_sigterm_is_killed() {
    let mut bot = spawn("ignore_term.sh", &short_limits());
    assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "ready");
    let pgid = bot.pid();
    let report = bot.shutdown();
    assert!(report.sent_kill);
    assert_eq!(report.termination.and_then(Termination::signal), Some(libc::SIGKILL));
    assert_group_gone(pgid);
}

#[test]
fn stderr_flood_is_capped_and_never_blocks_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("seat0.stderr");
    let limits = Limits { stderr_cap_bytes: 65536, ..short_limits() };
    let mut bot = BotProcess::spawn(&fixture("stderr_flood.sh"), WorkDir::Fresh, Some(&log), &limits).unwrap();
    bot.send("your turn").unwrap();
    assert_eq!(bot.receive(Duration::from_secs(20)).unwrap().0, "done");
    bot.send("again").unwrap();
    assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "again");
    let report = bot.shutdown();
    assert_eq!(report.stderr_bytes, 4_000_000);
    assert_eq!(report.stderr_dropped, 4_000_000 - 65536);
    let tail = bot.stderr_tail();
    assert!(tail.len() == 4096 && tail.bytes().all(|b| b == b'e'));
    let text = std::fs::read_to_string(&log).unwrap();
    let marker = format!("\n[... {} bytes dropped]\n", 4_000_000 - 65536);
    assert!(text.ends_with(&marker), "log ends {:?}", &text[text.len() - 60..]);
    assert_eq!(text.len(), 65536 + marker.len());
}

#[test]
fn sending_to_a_dead_bot_is_a_crash_fault() {
    let mut bot = spawn("exit_at_once.sh", &short_limits());
    let fault = send_until_fault(&mut bot);
    assert_eq!((fault.kind, fault.detail.as_str()), (FaultKind::Crash, "exited with code 3"));
}

#[test]
fn sending_to_a_bot_that_closed_its_input_is_a_fault() {
    let mut bot = spawn("close_stdin.sh", &short_limits());
    let fault = send_until_fault(&mut bot);
    assert_eq!(fault.kind, FaultKind::ClosedInput, "{fault}");
}

fn send_until_fault(bot: &mut BotProcess) -> BotFault {
    let until = Instant::now() + Duration::from_secs(5);
    while Instant::now() < until {
        match bot.send("your turn") {
            Ok(()) => std::thread::sleep(Duration::from_millis(20)),
            Err(fault) => return fault,
        }
    }
    panic!("sending never failed");
}

#[test]
fn a_bot_that_does_not_read_makes_send_time_out() {
    let mut bot = spawn("deaf.sh", &short_limits());
    let big = "x".repeat(1 << 20);
    let start = Instant::now();
    let fault = bot.send(&big).unwrap_err();
    assert_eq!(fault.kind, FaultKind::Timeout, "{fault}");
    assert!(start.elapsed() < Duration::from_millis(300) + MARGIN);
}

#[test]
fn fresh_work_dir_is_private_created_and_removed() {
    let mut bot = spawn("env_report.sh", &short_limits());
    let mut other = spawn("echo.sh", &short_limits());
    let dir = bot.work_dir().to_path_buf();
    assert!(dir.is_dir());
    assert_ne!(dir, other.work_dir());
    bot.send("go").unwrap();
    let mut seen = Vec::new();
    loop {
        let (line, _) = bot.receive(Duration::from_secs(5)).unwrap();
        if line == "end" {
            break;
        }
        seen.push(line);
    }
    let dir_text = dir.to_string_lossy();
    let canonical = std::fs::canonicalize(&dir).unwrap();
    assert!(seen.contains(&format!("pwd={}", canonical.display())), "{seen:?}");
    assert!(seen.contains(&format!("home={dir_text}")), "{seen:?}");
    assert!(seen.contains(&format!("tmpdir={dir_text}")), "{seen:?}");
    assert!(seen.contains(&"lang=C.UTF-8".to_string()), "{seen:?}");
    assert!(seen.contains(&"pythonhashseed=0".to_string()), "a Python bot's sets in a fixed order: {seen:?}");
    let vars = seen.iter().find(|l| l.starts_with("vars=")).unwrap();
    assert!(!vars.contains("CARGO"), "the environment leaks: {vars}");
    // Without root the work dir may be a tmpfs in the bot's own mount namespace: its files are seen
    // through the bot's root only.
    let in_its_view = std::path::PathBuf::from(format!("/proc/{}/root{}", bot.pid(), dir.display()));
    assert!(dir.join("my-notes.txt").is_file() || in_its_view.join("my-notes.txt").is_file());
    bot.shutdown();
    other.shutdown();
    // The folder is emptied for the next bot (or removed): nothing the bot wrote is left.
    assert!(!dir.join("my-notes.txt").exists(), "the bot's file outlived it in {}", dir.display());
    assert!(!dir.exists() || std::fs::read_dir(&dir).unwrap().next().is_none(), "{} is not empty", dir.display());
}

#[test]
fn given_work_dir_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("seat1");
    let cmd = fixture("env_report.sh");
    let mut bot = BotProcess::spawn(&cmd, WorkDir::Given(work.clone()), None, &short_limits()).unwrap();
    bot.send("go").unwrap();
    while bot.receive(Duration::from_secs(5)).unwrap().0 != "end" {}
    bot.shutdown();
    assert!(work.join("my-notes.txt").is_file());
}

#[test]
fn output_before_the_prompt_is_pending() {
    let mut early = spawn("early.sh", &short_limits());
    let until = Instant::now() + Duration::from_secs(5);
    while !early.has_pending_output() {
        assert!(Instant::now() < until, "the early line never showed up");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(early.receive(Duration::from_secs(1)).unwrap().0, "GET_STOCK");
    assert!(!early.has_pending_output());
    let mut quiet = spawn("echo.sh", &short_limits());
    std::thread::sleep(Duration::from_millis(50));
    assert!(!quiet.has_pending_output());
}

#[test]
fn memory_limit_is_its_own_fault() {
    let limits = Limits { memory_bytes: Some(256 << 20), ..short_limits() };
    let mut bot = spawn("memory_hog.py", &limits);
    bot.send("your turn").unwrap();
    let fault = fault_of(bot.receive(Duration::from_secs(20)));
    assert_eq!(fault.kind, FaultKind::Memory, "{fault}");
}

#[test]
fn cpu_limit_is_its_own_fault() {
    let limits = Limits { cpu_seconds: Some(1), ..short_limits() };
    let mut bot = spawn("spinner.py", &limits);
    bot.send("your turn").unwrap();
    let fault = fault_of(bot.receive(Duration::from_secs(20)));
    assert_eq!(fault.kind, FaultKind::CpuTime, "{fault}");
    assert!(fault.detail.contains("SIGXCPU"), "{fault}");
}

#[test]
fn a_reply_written_before_exiting_is_delivered_then_the_exit_is_a_crash() {
    let mut bot = spawn("answer_then_exit.sh", &short_limits());
    bot.send("your turn").unwrap();
    assert_eq!(bot.receive_reply().unwrap().0, "GET_STOCK");
    std::thread::sleep(Duration::from_millis(100));
    assert!(!bot.has_pending_output());
    let fault = fault_of(bot.receive(Duration::from_secs(5)));
    assert_eq!((fault.kind, fault.detail.as_str()), (FaultKind::Crash, "exited with code 0"));
    assert_eq!(bot.send("next").unwrap_err(), fault);
}

#[test]
fn cpu_time_is_charged_to_the_bot() {
    let mut bot = spawn("spinner.py", &short_limits());
    let before = bot.cpu_time().unwrap();
    bot.send("your turn").unwrap();
    assert!(bot.receive(Duration::from_millis(400)).is_err());
    let after = bot.cpu_time().unwrap();
    assert!(after > before, "{before:?} then {after:?}");
    let report = bot.shutdown();
    assert!(report.usage.cpu_time >= after);
}

#[test]
fn a_line_already_waiting_is_taken_even_with_a_zero_timeout() {
    let mut bot = spawn("echo.sh", &short_limits());
    bot.send("ready").unwrap();
    // The line sits in the pipe, unread: only a read at the deadline can find it.
    let until = Instant::now() + Duration::from_secs(5);
    let line = loop {
        match bot.receive(Duration::ZERO) {
            Ok((line, _)) => break line,
            Err(fault) => assert_eq!(fault.kind, FaultKind::Timeout),
        }
        assert!(Instant::now() < until, "a zero timeout never saw the line");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(line, "ready");
    assert_eq!(fault_of(bot.receive(Duration::ZERO)).kind, FaultKind::Timeout);
}
