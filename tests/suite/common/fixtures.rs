//! The misbehaving fixture bots of `bots/fixtures/`: each one and the verdict the referee must
//! give it, shared by the end-to-end tests of single games and of a tournament.

use std::path::PathBuf;
use std::sync::OnceLock;

use juiz::bot::FaultKind;

use crate::common::root;

/// The fault a fixture must get, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    Fault(FaultKind),
    Clean,
}

/// Every fixture and what the referee must make of it with default limits (no memory limit).
pub const FIXTURES: [(&str, Expect); 16] = [
    ("sleeper.py", Expect::Fault(FaultKind::Timeout)),
    ("segfault.c", Expect::Fault(FaultKind::Crash)),
    ("early_exit.py", Expect::Fault(FaultKind::Crash)),
    ("garbage.py", Expect::Fault(FaultKind::Malformed)),
    ("endless_line.py", Expect::Fault(FaultKind::OversizedLine)),
    ("junk_flood.py", Expect::Fault(FaultKind::Illegal)),
    ("stderr_flood.py", Expect::Clean),
    ("fork_holder.c", Expect::Fault(FaultKind::Crash)),
    ("ignore_signals.c", Expect::Fault(FaultKind::Timeout)),
    ("spawn_many.c", Expect::Fault(FaultKind::Processes)),
    // Without a memory limit the hog stops at its 1 GiB safety cap and hangs.
    ("memory_hog.c", Expect::Fault(FaultKind::Timeout)),
    ("invalid_utf8.py", Expect::Fault(FaultKind::InvalidUtf8)),
    ("close_stdout.py", Expect::Fault(FaultKind::ClosedOutput)),
    ("premature.py", Expect::Fault(FaultKind::PrematureOutput)),
    ("file_hunter.py", Expect::Clean),
    // Leaves a process that escaped its group (double fork, setsid): not a fault, but it must be gone.
    ("escape_session.py", Expect::Clean),
];

/// The Python interpreter itself, found once: `python3` may be a slow wrapper script (pyenv),
/// whose start-up would eat into the time limits measured here.
pub fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let output = std::process::Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 runs");
        let path = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        if path.is_empty() { "python3".to_owned() } else { path }
    })
}

pub fn fixture_path(file: &str) -> PathBuf {
    root().join("bots").join("fixtures").join(file)
}

/// Whether a fault of kind `got` is the `expected` one. A bot that hangs is `timeout`, or
/// `timeout-overload` when the machine running the tests is so loaded that the wall-clock
/// backstop comes before the bot was charged its allowance: the referee says so rather than
/// blame the bot, and both end the game against the same seat within the same bound.
pub fn same_kind(got: FaultKind, expected: FaultKind) -> bool {
    got == expected || (expected == FaultKind::Timeout && got == FaultKind::TimeoutOverload)
}

pub fn expected(file: &str) -> Expect {
    FIXTURES.iter().find(|(f, _)| *f == file).map(|(_, e)| *e).unwrap()
}
