//! End-to-end tests of the limits, fair timing and sandbox of `juiz::bot`, with bots written as
//! small scripts at test time: each limit is its own fault against the right seat, the wait ends
//! on time, nothing is left running; CPU time is charged to the bot; a sandboxed bot cannot read
//! files outside its work dir nor reach the network (skipped, with a note, where the host lacks
//! Landlock or namespaces).

use crate::common;

use std::io::Read;
use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use juiz::bot::{BotCommand, BotFault, BotProcess, FaultKind, Limits, WorkDir, sandbox_support};
use juiz::tournament::Tournament;
use nix::errno::Errno;
use nix::sys::signal::killpg;
use nix::unistd::Pid;

/// Slack for timing assertions on a shared, loaded machine.
const MARGIN: Duration = Duration::from_secs(3);

/// Writes an executable script into `dir` and returns its command.
fn script(dir: &Path, name: &str, text: &str) -> BotCommand {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    BotCommand::parse(&path.to_string_lossy()).and_then(BotCommand::resolve).unwrap()
}

fn limits() -> Limits {
    Limits { move_timeout: Duration::from_secs(5), kill_grace: Duration::from_millis(100), ..Limits::default() }
}

/// Spawns `cmd`, prompts it, and returns the fault it must give within `within`, checking that
/// the wait ended in time and that the whole group is gone after shutdown.
fn fault_within(cmd: &BotCommand, limits: &Limits, within: Duration) -> BotFault {
    let mut bot = BotProcess::spawn(cmd, WorkDir::Fresh, None, limits).unwrap();
    let start = Instant::now();
    let result = bot.send("your turn").and_then(|()| bot.receive(within));
    let took = start.elapsed();
    let fault = match result {
        Ok((line, _)) => panic!("expected a fault, got {line:?}"),
        Err(fault) => fault,
    };
    assert!(took < within + MARGIN, "the fault took {took:?}: {fault}");
    let pgid = bot.pid();
    let report = bot.shutdown();
    assert!(report.group_cleared, "{report}");
    assert_eq!(killpg(Pid::from_raw(pgid as i32), None), Err(Errno::ESRCH), "group {pgid} is left");
    fault
}

#[test]
fn too_many_processes_is_its_own_fault() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = script(dir.path(), "forker.sh", "#!/bin/sh\nfor i in $(seq 20); do sleep 30 & done\nread x\nsleep 30\n");
    let limits = Limits { max_processes: Some(8), ..limits() };
    let fault = fault_within(&cmd, &limits, Duration::from_secs(5));
    assert_eq!(fault.kind, FaultKind::Processes, "{fault}");
    assert!(fault.detail.contains("limit 8"), "{fault}");
}

#[test]
fn memory_spread_over_processes_is_its_own_fault() {
    let dir = tempfile::tempdir().unwrap();
    // Four children of 60 MiB each: every one is under the per-process limit, the group is not.
    // (The child's code is in the script: a file beside it is out of the bot's reach.)
    let child = "import time; b = bytearray(b'1') * (60 << 20); time.sleep(30)";
    let text = format!("#!/bin/sh\nfor i in 1 2 3 4; do /usr/bin/python3 -c \"{child}\" & done\nread x\nsleep 30\n");
    let cmd = script(dir.path(), "spread.sh", &text);
    let limits = Limits { memory_bytes: Some(150 << 20), ..limits() };
    let fault = fault_within(&cmd, &limits, Duration::from_secs(5));
    assert_eq!(fault.kind, FaultKind::Memory, "{fault}");
}

#[test]
fn cpu_time_over_the_game_is_its_own_fault() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = script(dir.path(), "spin.sh", "#!/bin/sh\nread x\nwhile :; do :; done\n");
    let limits = Limits { cpu_seconds: Some(1), ..limits() };
    let fault = fault_within(&cmd, &limits, Duration::from_secs(8));
    assert_eq!(fault.kind, FaultKind::CpuTime, "{fault}");
}

#[test]
fn a_file_over_the_size_limit_is_its_own_fault() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = script(dir.path(), "big.sh", "#!/bin/sh\nread x\nexec 3>&1\nexec head -c 3000000 /dev/zero > big\n");
    let limits = Limits { file_size_bytes: Some(1 << 20), ..limits() };
    let fault = fault_within(&cmd, &limits, Duration::from_secs(5));
    assert_eq!(fault.kind, FaultKind::FileSize, "{fault}");
}

#[test]
fn too_many_open_files_fails_inside_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let text = "#!/usr/bin/python3\nimport sys\nsys.stdin.readline()\nfs = []\ntry:\n    \
                for i in range(100): fs.append(open('/dev/null'))\n    print('ALL', flush=True)\n\
                except OSError as e:\n    print('EMFILE', len(fs), flush=True)\n";
    let cmd = script(dir.path(), "files.py", text);
    let mut bot = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &Limits { open_files: Some(32), ..limits() }).unwrap();
    bot.send("go").unwrap();
    let (line, _) = bot.receive(Duration::from_secs(5)).unwrap();
    assert!(line.starts_with("EMFILE"), "{line}");
}

#[test]
fn a_busy_bot_is_charged_its_cpu_and_a_sleeping_one_none() {
    let dir = tempfile::tempdir().unwrap();
    let busy = script(
        dir.path(),
        "busy.py",
        "#!/usr/bin/python3\nimport sys, time\nsys.stdin.readline()\nt = time.process_time()\n\
         while time.process_time() - t < 0.5: pass\nprint('DONE', flush=True)\nsys.stdin.readline()\n",
    );
    let idle = script(dir.path(), "idle.sh", "#!/bin/sh\nread x\nsleep 0.5\necho DONE\nread x\n");
    for (cmd, busy) in [(busy, true), (idle, false)] {
        let mut bot = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &limits()).unwrap();
        bot.send("go").unwrap();
        let (line, wall) = bot.receive(Duration::from_secs(10)).unwrap();
        assert_eq!(line, "DONE");
        let t = bot.last_move().unwrap();
        assert_eq!(t.wall, wall);
        assert!(t.charged <= t.wall && t.charged >= Duration::from_millis(450), "{t:?}");
        if busy {
            assert!(t.cpu >= Duration::from_millis(400), "the busy bot was charged {t:?}");
        } else {
            assert!(t.cpu < Duration::from_millis(150), "the sleeping bot used cpu: {t:?}");
        }
        assert_eq!(bot.timing().replies, 1);
        bot.shutdown();
    }
}

/// A bot that, for each line, starts a process in a session of its own (`setsid`, then orphaned)
/// that burns `secs` of CPU, waits for it to end, and answers `DONE`.
const SESSION_PONDERER: &str = "#!/usr/bin/python3\nimport os, sys, time\nsecs = float(sys.argv[1])\n\
    for line in sys.stdin:\n    r, w = os.pipe()\n    if os.fork() == 0:\n        os.setsid()\n        \
    if os.fork() == 0:\n            os.close(r)\n            t = time.process_time()\n            \
    while time.process_time() - t < secs: pass\n            os._exit(0)\n        os._exit(0)\n    \
    os.close(w)\n    os.wait()\n    os.read(r, 1)\n    os.close(r)\n    print('DONE', flush=True)\n";

fn session_ponderer(dir: &Path, secs: &str) -> BotCommand {
    let mut cmd = script(dir, "ponder.py", SESSION_PONDERER);
    cmd.argv.push(secs.to_string());
    cmd
}

#[test]
fn cpu_burnt_in_another_session_is_charged_to_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut bot = BotProcess::spawn(&session_ponderer(dir.path(), "0.5"), WorkDir::Fresh, None, &limits()).unwrap();
    bot.send("go").unwrap();
    let (line, _) = bot.receive(Duration::from_secs(10)).unwrap();
    assert_eq!(line, "DONE");
    // The burner's 500 ms, as of the watchdog's last look before it ended (one look a PERIOD).
    let t = bot.last_move().unwrap();
    assert!(t.cpu >= Duration::from_millis(350), "the move was charged {t:?}");
    bot.shutdown();
}

#[test]
fn cpu_burnt_in_other_sessions_faults_the_bot_during_the_game() {
    let dir = tempfile::tempdir().unwrap();
    // 400 ms a move, each in a process of its own that ends: 2.4 s in six moves, against 1 s.
    let limits = Limits { cpu_seconds: Some(1), ..limits() };
    let mut bot = BotProcess::spawn(&session_ponderer(dir.path(), "0.4"), WorkDir::Fresh, None, &limits).unwrap();
    let mut fault = None;
    for _ in 0..6 {
        if let Err(f) = bot.send("go").and_then(|()| bot.receive(Duration::from_secs(10)).map(|_| ())) {
            fault = Some(f);
            break;
        }
    }
    let fault = fault.expect("six moves of 400 ms of CPU each under a 1 s limit, and no fault");
    assert_eq!(fault.kind, FaultKind::CpuTime, "{fault}");
    bot.shutdown();
}

#[test]
fn a_bot_starved_of_cpu_gets_timeout_overload_not_timeout() {
    let dir = tempfile::tempdir().unwrap();
    // The bot and five spinning children share one core: it runs a sixth of the time.
    let text = "#!/usr/bin/python3\nimport os, sys\nos.sched_setaffinity(0, {0})\nsys.stdin.readline()\n\
                for i in range(5):\n    if os.fork() == 0:\n        while True: pass\nwhile True: pass\n";
    let cmd = script(dir.path(), "starved.py", text);
    let limits = Limits { move_timeout: Duration::from_secs(1), wall_factor: 2, ..limits() };
    let fault = fault_within(&cmd, &limits, Duration::from_secs(1));
    if fault.kind == FaultKind::Timeout && fault.detail.contains("charged") {
        // Where the kernel keeps no run delay, the bot is charged the wall clock.
        println!("note: no schedstat run delay on this host: {fault}");
        return;
    }
    assert_eq!(fault.kind, FaultKind::TimeoutOverload, "{fault}");
    assert!(fault.detail.starts_with("host overloaded: "), "{fault}");
    assert!(fault.detail.contains("wall, load "), "{fault}");
}

/// A bot that prints the first line of `path`, or DENIED.
fn reader(dir: &Path, path: &Path) -> BotCommand {
    let text = format!(
        "#!/bin/sh\nread x\nif v=$(head -n1 '{}' 2>/dev/null); then echo \"READ $v\"; else echo DENIED; fi\n\
         echo own > mine && echo \"OWN $(cat mine)\"\nread x\n",
        path.display()
    );
    script(dir, "reader.sh", &text)
}

fn ask(cmd: &BotCommand, limits: &Limits) -> (String, String) {
    let mut bot = BotProcess::spawn(cmd, WorkDir::Fresh, None, limits).unwrap();
    bot.send("go").unwrap();
    let first = bot.receive(Duration::from_secs(5)).unwrap().0;
    let second = bot.receive(Duration::from_secs(5)).unwrap().0;
    bot.shutdown();
    (first, second)
}

#[test]
fn a_sandboxed_bot_cannot_read_outside_its_work_dir() {
    let bots = tempfile::tempdir().unwrap();
    // Stands for another game's work dir or a transcript being written.
    let other = tempfile::tempdir().unwrap();
    let secret = other.path().join("game.csv");
    std::fs::write(&secret, "p2 hand: 3♥ 4♥ 5♥\n").unwrap();
    let cmd = reader(bots.path(), &secret);
    let (first, second) = ask(&cmd, &Limits { sandbox: false, ..limits() });
    assert_eq!((first.as_str(), second.as_str()), ("READ p2 hand: 3♥ 4♥ 5♥", "OWN own"), "control");
    if sandbox_support().landlock_abi.is_none() {
        println!("note: landlock is not available here; the file system is not restricted");
        return;
    }
    let (first, second) = ask(&cmd, &limits());
    assert_eq!((first.as_str(), second.as_str()), ("DENIED", "OWN own"));
    // Nor the referee's command line (a seed gives the deal away).
    let cmdline = PathBuf::from(format!("/proc/{}/cmdline", std::process::id()));
    let (first, _) = ask(&reader(bots.path(), &cmdline), &limits());
    assert_eq!(first, "DENIED");
}

#[test]
fn a_sandboxed_bot_has_no_network() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "#!/usr/bin/python3\nimport socket, sys\nsys.stdin.readline()\ntry:\n    \
         socket.create_connection(('127.0.0.1', {port}), timeout=2)\n    print('CONNECTED', flush=True)\n\
         except OSError:\n    print('NO NETWORK', flush=True)\nprint('END', flush=True)\nsys.stdin.readline()\n"
    );
    let cmd = script(dir.path(), "net.py", &text);
    let (first, _) = ask(&cmd, &Limits { sandbox: false, ..limits() });
    assert_eq!(first, "CONNECTED", "control");
    let support = sandbox_support();
    if !support.namespaces && support.landlock_abi.is_none_or(|abi| abi < 4) {
        println!("note: neither network namespaces nor landlock tcp rules here; the network is open");
        return;
    }
    let (first, _) = ask(&cmd, &limits());
    assert_eq!(first, "NO NETWORK");
}

/// UDP too, and the address space itself: with the seccomp filter a bot cannot make a socket,
/// nor a socket pair, so two bots cannot signal each other, even by which ports they hold, nor
/// reach a host's Unix socket.
#[test]
fn a_sandboxed_bot_cannot_make_any_socket() {
    if !sandbox_support().seccomp {
        println!("note: no seccomp filter here; bots are kept apart by network namespaces instead");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "#!/usr/bin/python3\nimport socket, sys\nsys.stdin.readline()\nmade = []\n\
                for family, kind in [(socket.AF_INET, socket.SOCK_DGRAM), (socket.AF_INET6, socket.SOCK_DGRAM), \
                (socket.AF_UNIX, socket.SOCK_STREAM), (socket.AF_INET, socket.SOCK_STREAM)]:\n    \
                try:\n        socket.socket(family, kind); made.append(str(family))\n    except OSError:\n        pass\n\
                try:\n    socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM); made.append('pair')\nexcept OSError:\n    pass\n\
                r, w = __import__('os').pipe()\nprint('MADE ' + ','.join(made) if made else 'NONE', flush=True)\n\
                print('END', flush=True)\nsys.stdin.readline()\n";
    let cmd = script(dir.path(), "sockets.py", text);
    let (first, _) = ask(&cmd, &Limits { sandbox: false, ..limits() });
    assert!(first.starts_with("MADE "), "control: {first}");
    let (first, _) = ask(&cmd, &limits());
    assert_eq!(first, "NONE", "no socket of any kind (a socketpair bound to a path let two bots talk); pipes work");
}

#[test]
fn a_game_with_a_bot_over_a_limit_ends_on_time_against_its_seat() {
    let dir = tempfile::tempdir().unwrap();
    let forker = dir.path().join("forker.sh");
    std::fs::write(&forker, "#!/bin/sh\nfor i in $(seq 12); do sleep 30 & done\nwhile read x; do :; done\n").unwrap();
    std::fs::set_permissions(&forker, std::fs::Permissions::from_mode(0o755)).unwrap();
    let template = common::c_bot("template");
    let log = dir.path().join("game.csv");
    let start = Instant::now();
    let out = common::juiz()
        .args(["play", "--silent", "--seed", "7", "--max-processes", "4", "--log"])
        .arg(&log)
        .arg(&template)
        .arg(&forker)
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("NOK 7 ") && stdout.trim_end().ends_with("p1.template"), "{stdout}");
    let mut text = String::new();
    std::fs::File::open(&log).unwrap().read_to_string(&mut text).unwrap();
    assert!(text.contains("p2.forker,!,processes: "), "{text}");
    assert!(text.contains(",#,sandbox=") || text.contains(",#,\"sandbox="), "{text}");
    std::thread::sleep(Duration::from_millis(200));
    assert!(common::processes_mentioning(&forker.to_string_lossy()).is_empty(), "a bot process is left");
}

#[test]
fn tournament_limits_per_tournament_and_per_bot() {
    let json = r#"{"name": "t", "limits": {"memory": "512MiB", "cpu_time": "30s", "max_processes": 8,
        "sandbox": false}, "bots": [{"name": "a", "command": "sh"},
        {"name": "b", "command": "sh", "limits": {"memory": "unlimited", "open_files": 64}}]}"#;
    let t = Tournament::parse(json, false).unwrap();
    assert_eq!(
        (t.limits.memory_bytes, t.limits.cpu_seconds, t.limits.max_processes),
        (Some(512 << 20), Some(30), Some(8))
    );
    assert!(!t.limits.sandbox);
    assert_eq!(t.limits.file_size_bytes, Limits::default().file_size_bytes);
    assert!(t.bot("a").unwrap().limits.is_none());
    let b = t.bot("b").unwrap().limits.clone().unwrap();
    assert_eq!((b.memory_bytes, b.open_files, b.cpu_seconds, b.sandbox), (None, Some(64), Some(30), false));
    let back = Tournament::parse(&t.to_json(), false).unwrap();
    assert_eq!(back, t);

    let bad = |limits: &str| {
        let json = format!(
            r#"{{"name": "t", "limits": {limits}, "bots": [{{"name": "a", "command": "sh"}}, {{"name": "b", "command": "sh"}}]}}"#
        );
        Tournament::parse(&json, false).unwrap_err().to_string()
    };
    assert!(bad(r#"{"memmory": "1GiB"}"#).contains("unknown field `memmory`"), "{}", bad(r#"{"memmory": "1GiB"}"#));
    assert!(bad(r#"{"memory": "lots"}"#).contains("\"limits\".memory 'lots'"), "{}", bad(r#"{"memory": "lots"}"#));
    assert!(bad(r#"{"max_processes": 0}"#).contains("max_processes"));
    assert!(bad(r#"{"cpu_time": "soon"}"#).contains("cpu_time 'soon'"));
}
