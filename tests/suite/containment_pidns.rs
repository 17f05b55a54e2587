//! A pid namespace per bot under juiz's init (`juiz-pid-init`, `src/bot/sandbox/pid1/`): the bot
//! is pid 2 there, sees none of the host's processes in its `/proc`, and ends exactly as it would
//! without the init: its exit code, the signal that killed it (`SIGSEGV`, `SIGABRT`), its CPU
//! limit's `SIGXCPU`, a `SIGTERM` at shutdown it handles; the init reaps the orphans it adopts
//! and counts as none of the bot's processes. Root and not (skipped, with a note, where the host
//! gives bots no pid namespace).

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use juiz::bot::{BotCommand, BotProcess, FaultKind, Limits, Termination, WorkDir};

/// Writes an executable script into `dir` and returns its command.
fn script(dir: &Path, text: &str) -> BotCommand {
    let path = dir.join("bot.sh");
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    BotCommand::parse(&path.to_string_lossy()).and_then(BotCommand::resolve).unwrap()
}

fn limits() -> Limits {
    Limits { move_timeout: Duration::from_secs(20), kill_grace: Duration::from_secs(5), ..Limits::default() }
}

/// Whether this host gives bots a pid namespace (a sandboxed bot whose own pid is 2).
fn pid_namespaces() -> bool {
    let dir = tempfile::tempdir().unwrap();
    let mut bot = BotProcess::spawn(&script(dir.path(), "#!/bin/sh\necho $$\n"), WorkDir::Fresh, None, &limits())
        .expect("the bot starts");
    let (line, _) = bot.receive(Duration::from_secs(20)).expect("it says its pid");
    if line != "2" {
        eprintln!("note: bots share juiz's pid namespace here (the bot's pid is {line}): skipped");
    }
    line == "2"
}

/// How `text` ends when it runs to its end (its input closed at once).
fn ending(text: &str, limits: &Limits) -> Termination {
    let dir = tempfile::tempdir().unwrap();
    let mut bot = BotProcess::spawn(&script(dir.path(), text), WorkDir::Fresh, None, limits).expect("it starts");
    let report = bot.shutdown();
    report.termination.expect("its end is known")
}

#[test]
fn the_bot_is_not_pid_1_and_sees_none_of_the_hosts_processes() {
    if !pid_namespaces() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "#!/bin/sh\nread host\n\
                child=$(sh -c 'echo $$')\n\
                if [ -e /proc/$host ]; then seen=yes; else seen=no; fi\n\
                echo \"$$ $child $(readlink /proc/self) $seen\"\n";
    let mut bot = BotProcess::spawn(&script(dir.path(), text), WorkDir::Fresh, None, &limits()).unwrap();
    // The test's own pid: far above the few pids of a namespace of the bot's own.
    bot.send(&std::process::id().to_string()).unwrap();
    let (line, _) = bot.receive(Duration::from_secs(20)).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{line}");
    assert_eq!(words[0], "2", "the bot is its init's child: {line}");
    let child: u32 = words[1].parse().unwrap();
    assert!((3..20).contains(&child), "a fork's pid counts only the bot's own forks: {line}");
    let reader: u32 = words[2].parse().unwrap();
    assert!(child < reader && reader < 20, "`/proc/self` (of `readlink`) is in the bot's own `/proc`: {line}");
    assert_eq!(words[3], "no", "the host's processes are not in the bot's `/proc`: {line}");
    assert_ne!(bot.main_pid(), bot.pid(), "juiz measures the bot, not its init");
    assert!(bot.shutdown().group_cleared);
}

#[test]
fn an_exit_code_reaches_juiz_as_the_bots() {
    if !pid_namespaces() {
        return;
    }
    assert_eq!(ending("#!/bin/sh\nexit 3\n", &limits()), Termination::Exited(3));
    assert_eq!(ending("#!/bin/sh\nexit 0\n", &limits()), Termination::Exited(0));
}

#[test]
fn a_crash_and_an_abort_are_the_signals_that_killed_the_bot() {
    if !pid_namespaces() {
        return;
    }
    // As pid 1 the bot would survive the signals it sends itself (and exit 0).
    for (signal, name) in [(libc::SIGSEGV, "SEGV"), (libc::SIGABRT, "ABRT")] {
        let end = ending(&format!("#!/bin/sh\nkill -{name} $$\nexit 0\n"), &limits());
        assert_eq!(end.signal(), Some(signal), "{name}: {end:?}");
    }
}

#[test]
fn the_cpu_limit_is_a_cpu_time_fault() {
    if !pid_namespaces() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let burner = script(dir.path(), "#!/bin/sh\nread line\nwhile :; do :; done\n");
    let limits = Limits { cpu_seconds: Some(1), ..limits() };
    let mut bot = BotProcess::spawn(&burner, WorkDir::Fresh, None, &limits).unwrap();
    let fault = bot.send("go").and_then(|()| bot.receive(Duration::from_secs(60))).expect_err("it burns to its limit");
    assert_eq!(fault.kind, FaultKind::CpuTime, "{fault}");
    let end = bot.shutdown().termination.expect("known");
    assert!(matches!(end.signal(), Some(libc::SIGXCPU | libc::SIGKILL)), "{end:?}");
}

#[test]
fn a_sigterm_at_shutdown_reaches_the_bot_through_its_init() {
    if !pid_namespaces() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "#!/bin/sh\ntrap 'exit 7' TERM\necho ready\nwhile :; do sleep 0.2; done\n";
    let mut bot = BotProcess::spawn(&script(dir.path(), text), WorkDir::Fresh, None, &limits()).unwrap();
    assert_eq!(bot.receive(Duration::from_secs(20)).unwrap().0, "ready");
    let report = bot.shutdown();
    assert!(report.sent_term && !report.sent_kill, "{report}");
    assert_eq!(report.termination, Some(Termination::Exited(7)), "{report}");
}

#[test]
fn the_init_is_none_of_the_bots_processes() {
    if !pid_namespaces() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "#!/bin/sh\nread line\necho \"$line\"\nread line\necho \"$line\"\n";
    let limits = Limits { max_processes: Some(1), ..limits() };
    let mut bot = BotProcess::spawn(&script(dir.path(), text), WorkDir::Fresh, None, &limits).unwrap();
    bot.send("one").unwrap();
    assert_eq!(bot.receive(Duration::from_secs(20)).unwrap().0, "one");
    // The watchdog has looked at it meanwhile (every 50 ms).
    std::thread::sleep(Duration::from_millis(300));
    bot.send("two").unwrap();
    assert_eq!(bot.receive(Duration::from_secs(20)).expect("no `processes` fault for the init").0, "two");
}

#[test]
fn an_orphan_is_reaped_by_the_init() {
    if !pid_namespaces() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The subshell outlives the `sh -c` that started it: an orphan, adopted by the namespace's
    // pid 1, which must reap it once it ends (else `/proc/<pid>` stays, a zombie).
    let text = "#!/bin/sh\nread line\n\
                orphan=$(sh -c '(sleep 0.1) >/dev/null 2>&1 & echo $!')\n\
                i=0\n\
                while [ -e /proc/$orphan ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done\n\
                if [ -e /proc/$orphan ]; then echo \"$orphan kept\"; else echo \"$orphan reaped\"; fi\n";
    let mut bot = BotProcess::spawn(&script(dir.path(), text), WorkDir::Fresh, None, &limits()).unwrap();
    bot.send("go").unwrap();
    let (line, _) = bot.receive(Duration::from_secs(60)).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 2, "{line}");
    assert!(words[0].parse::<u32>().is_ok_and(|pid| pid > 2 && pid < 20), "a pid of the bot's namespace: {line}");
    assert_eq!(words[1], "reaped", "{line}");
    assert_eq!(bot.shutdown().termination, Some(Termination::Exited(0)));
}

/// The init is `juiz-pid-init`, a program without the C library (`src/bot/sandbox/pid1/`): an
/// executable the kernel starts at its own entry, with no loader (no `PT_INTERP`) and no
/// relocation to apply (not position-independent); it says which wire it speaks when probed.
#[test]
fn the_init_is_a_small_program_without_a_loader() {
    let path = env!("CARGO_BIN_EXE_juiz-pid-init");
    let elf = std::fs::read(path).unwrap();
    assert_eq!(&elf[..4], b"\x7fELF", "{path}");
    assert_eq!(elf[4], 2, "64-bit");
    let half = |at: usize| u16::from_ne_bytes([elf[at], elf[at + 1]]);
    assert_eq!(half(0x10), 2, "ET_EXEC: nothing to relocate at its start");
    let phoff = u64::from_ne_bytes(elf[0x20..0x28].try_into().unwrap()) as usize;
    let (size, count) = (half(0x36) as usize, half(0x38) as usize);
    let types: Vec<u32> = (0..count)
        .map(|i| u32::from_ne_bytes(elf[phoff + i * size..phoff + i * size + 4].try_into().unwrap()))
        .collect();
    assert!(!types.contains(&3), "no PT_INTERP (no loader runs before it): {types:?}");
    let probe = std::process::Command::new(path).arg("probe").output().unwrap();
    assert!(probe.status.success());
    assert_eq!(String::from_utf8_lossy(&probe.stdout), "juiz-pid-init 2\n");
    let misuse = std::process::Command::new(path).args(["1", "2"]).output().unwrap();
    assert_eq!(misuse.status.code(), Some(2), "anything but juiz's command line is refused");
}

/// As root with `JUIZ_BOT_UIDS=off` (bots run as root, in a user namespace of their own) a bot
/// gets a pid namespace too, through the path of a juiz without root. Through `juiz play`,
/// which reads `JUIZ_BOT_UIDS` afresh.
#[test]
fn without_bot_uids_a_root_juizs_bot_is_pid_2_too() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("note: not root: the path of `JUIZ_BOT_UIDS=off` is the one every test here takes");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let teller = dir.path().join("teller.sh");
    std::fs::write(&teller, "#!/bin/sh\necho \"pid-in-its-namespace=$$\" >&2\nexit 1\n").unwrap();
    std::fs::set_permissions(&teller, std::fs::Permissions::from_mode(0o755)).unwrap();
    let log = dir.path().join("game.csv");
    let out = crate::common::juiz()
        .env("JUIZ_BOT_UIDS", "off")
        .args(["play", "--seed", "7", "--log"])
        .arg(&log)
        .arg(crate::common::c_bot("template"))
        .arg(&teller)
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("JUIZ_BOT_UIDS=off"), "{text}");
    assert!(text.contains("pid-in-its-namespace=2\n"), "the bot's stderr, shown by `play`: {text}");
    let transcript = std::fs::read_to_string(&log).unwrap();
    assert!(transcript.contains(",pidns"), "the transcript's `sandbox=` row: {transcript}");
}
