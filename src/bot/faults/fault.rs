//! Bot faults: the named kinds of misbehaviour, how a bot process ended, and the wording of both.

use std::fmt;

use crate::games::Message;
use std::time::Duration;

use nix::sys::signal::Signal;

/// The kind of a bot's misbehaviour. The referee loses the game for the offender's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaultKind {
    /// The bot could not be started (exec failure, no work dir, no log file).
    Spawn,
    /// No complete line within the allowed time, or the bot stopped reading its input.
    Timeout,
    /// The bot's main process exited or was killed by a signal.
    Crash,
    /// The bot closed its standard output but is still running.
    ClosedOutput,
    /// The bot closed its standard input but is still running.
    ClosedInput,
    /// A line longer than `Limits::max_line_bytes`.
    OversizedLine,
    /// A line that is not UTF-8.
    InvalidUtf8,
    /// The bot wrote before it was asked to (detected by the referee).
    PrematureOutput,
    /// A line the game's parser rejects (detected by the referee).
    Malformed,
    /// A well-formed action the rules forbid (detected by the referee).
    Illegal,
    /// The bot died after reaching its memory limit.
    Memory,
    /// The bot used up its CPU time limit.
    CpuTime,
    /// The bot's group had more processes at once than `Limits::max_processes`.
    Processes,
    /// A process of the bot wrote a file larger than `Limits::file_size_bytes` (SIGXFSZ).
    FileSize,
    /// The bot filled its work dir (`Limits::disk_bytes`).
    Disk,
    /// The wall-clock backstop of a reply ran out while the bot had not used up its own time:
    /// the host was overloaded. Tournaments may play such a game again.
    TimeoutOverload,
}

impl FaultKind {
    /// Every kind, in declaration order.
    pub const ALL: [FaultKind; 16] = [
        FaultKind::Spawn,
        FaultKind::Timeout,
        FaultKind::Crash,
        FaultKind::ClosedOutput,
        FaultKind::ClosedInput,
        FaultKind::OversizedLine,
        FaultKind::InvalidUtf8,
        FaultKind::PrematureOutput,
        FaultKind::Malformed,
        FaultKind::Illegal,
        FaultKind::Memory,
        FaultKind::CpuTime,
        FaultKind::Processes,
        FaultKind::FileSize,
        FaultKind::Disk,
        FaultKind::TimeoutOverload,
    ];

    /// The kebab-case name used in logs and results: `"timeout"`, `"closed-output"`, ...
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Spawn => "spawn",
            FaultKind::Timeout => "timeout",
            FaultKind::Crash => "crash",
            FaultKind::ClosedOutput => "closed-output",
            FaultKind::ClosedInput => "closed-input",
            FaultKind::OversizedLine => "oversized-line",
            FaultKind::InvalidUtf8 => "invalid-utf8",
            FaultKind::PrematureOutput => "premature-output",
            FaultKind::Malformed => "malformed",
            FaultKind::Illegal => "illegal",
            FaultKind::Memory => "memory",
            FaultKind::CpuTime => "cpu-time",
            FaultKind::Processes => "processes",
            FaultKind::FileSize => "file-size",
            FaultKind::Disk => "disk",
            FaultKind::TimeoutOverload => "timeout-overload",
        }
    }

    /// The kind with this kebab-case name, if any.
    pub fn from_name(name: &str) -> Option<FaultKind> {
        FaultKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl FaultKind {
    /// True for a fault the bot may not be to blame for (the host was overloaded): a tournament
    /// can play the game again instead of counting it.
    pub fn is_host_problem(self) -> bool {
        self == FaultKind::TimeoutOverload
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A recorded misbehaviour of a bot: a value, never a harness error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotFault {
    pub kind: FaultKind,
    /// In English, as logs and CSV record it.
    pub detail: String,
    /// The detail as a message, for a person in their language (`None`: only the English text is
    /// known, e.g. a fault read back from a log, or an operating system's error).
    pub message: Option<Message>,
}

impl BotFault {
    /// A fault whose detail is `message` (worded in English for the logs).
    pub fn new(kind: FaultKind, message: Message) -> BotFault {
        BotFault { kind, detail: crate::i18n::say_in(crate::i18n::Lang::En, &message), message: Some(message) }
    }

    /// A fault whose detail is only known as English text.
    pub fn text(kind: FaultKind, detail: impl Into<String>) -> BotFault {
        BotFault { kind, detail: detail.into(), message: None }
    }
}

impl fmt::Display for BotFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.detail)
    }
}

impl std::error::Error for BotFault {}

/// The most of a bot's line a fault quotes, in characters.
pub const QUOTED_LINE_CHARS: usize = 120;

/// A line a bot wrote, as a fault quotes it: cut to `QUOTED_LINE_CHARS` characters (`…` after a
/// cut), control characters escaped (`\t`, `\r`, `\u{1b}`) and bytes that are not UTF-8 shown
/// as `\xNN`, so that it reads safely on a terminal, in a CSV cell and in a page.
pub fn quote_line(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut chars = 0;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if chars == QUOTED_LINE_CHARS {
                out.push('…');
                return out;
            }
            chars += 1;
            if c.is_control() {
                out.extend(c.escape_debug());
            } else {
                out.push(c);
            }
        }
        for byte in chunk.invalid() {
            if chars == QUOTED_LINE_CHARS {
                out.push('…');
                return out;
            }
            chars += 1;
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// How a process ended, as `wait` reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    Exited(i32),
    Signaled { signal: i32, core_dumped: bool },
}

impl Termination {
    /// Decodes a raw `wait` status; `None` for a stopped or continued process.
    pub(crate) fn from_wait_status(status: libc::c_int) -> Option<Termination> {
        if libc::WIFEXITED(status) {
            Some(Termination::Exited(libc::WEXITSTATUS(status)))
        } else if libc::WIFSIGNALED(status) {
            Some(Termination::Signaled { signal: libc::WTERMSIG(status), core_dumped: libc::WCOREDUMP(status) })
        } else {
            None
        }
    }

    /// The signal that killed the process, if one did.
    pub fn signal(self) -> Option<i32> {
        match self {
            Termination::Exited(_) => None,
            Termination::Signaled { signal, .. } => Some(signal),
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Termination::Exited(code) => write!(f, "exited with code {code}"),
            Termination::Signaled { signal, core_dumped } => {
                write!(f, "killed by signal {signal} ({})", signal_name(signal))?;
                if core_dumped {
                    f.write_str(", core dumped")?;
                }
                Ok(())
            }
        }
    }
}

impl Termination {
    /// How the process ended, as a message (`Display` is its English).
    pub fn message(&self) -> Message {
        match *self {
            Termination::Exited(code) => Message::new("bf-exited").text("code", code),
            Termination::Signaled { signal, core_dumped } => {
                let id = if core_dumped { "bf-signaled-core" } else { "bf-signaled" };
                Message::new(id).text("signal", signal).text("name", signal_name(signal))
            }
        }
    }
}

/// `"SIGSEGV"` for 11; `"signal 99"` for a number the platform does not name.
pub fn signal_name(signal: i32) -> String {
    match Signal::try_from(signal) {
        Ok(sig) => sig.as_str().to_string(),
        Err(_) => format!("signal {signal}"),
    }
}

/// Resources the bot's main process used, from `wait4`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User plus system CPU time.
    pub cpu_time: Duration,
    /// Peak resident set size.
    pub max_rss_bytes: u64,
}

/// How close to its memory limit a bot must have been seen (in percent of the limit) for its
/// death by a signal or an error exit to be named `memory`: a `malloc` refused at the limit
/// (RLIMIT_DATA) returns NULL, and the bot's own use of it dies of SIGSEGV (or `abort`s). Far
/// below the limit the same SIGSEGV is a plain crash: juiz does not guess.
pub const NEAR_MEMORY_LIMIT_PERCENT: u64 = 90;

/// The most memory a bot was seen to hold: resident (`ru_maxrss`, or the cgroup's peak) and its
/// data segment (heap and stack, `/proc/PID/statm`: what RLIMIT_DATA counts, touched or not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryPeak {
    pub resident: u64,
    pub heap: u64,
}

impl MemoryPeak {
    /// Whether it was seen within `NEAR_MEMORY_LIMIT_PERCENT` of `limit`.
    pub fn near(&self, limit: u64) -> bool {
        let most = u128::from(self.resident.max(self.heap));
        most * 100 >= u128::from(limit) * u128::from(NEAR_MEMORY_LIMIT_PERCENT)
    }

    /// The clause a memory fault's detail ends with: what grew and how far (empty when nothing
    /// was measured).
    pub fn message(&self) -> Message {
        // A size as measured, beside a limit: `127.8 MiB`, `1.00 GiB`, `900 KiB`.
        let format_bytes = |bytes: u64| match bytes {
            b if b >= 1 << 30 => format!("{:.2} GiB", b as f64 / f64::from(1u32 << 30)),
            b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / f64::from(1u32 << 20)),
            b => format!("{} KiB", b.div_ceil(1 << 10)),
        };
        match (self.heap, self.resident) {
            (0, 0) => Message::new("empty"),
            (0, resident) => Message::new("bf-memory-peak-resident").text("resident", format_bytes(resident)),
            (heap, resident) => {
                Message::new("bf-memory-peak").text("heap", format_bytes(heap)).text("resident", format_bytes(resident))
            }
        }
    }
}

/// How a bot process ended at `shutdown`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitReport {
    /// How the main process ended; `None` if it could not be reaped in time.
    pub termination: Option<Termination>,
    /// `shutdown` sent SIGTERM to the group (it skips the group killed when a crash was seen).
    pub sent_term: bool,
    /// Something of the group outlived the grace period and `shutdown` sent SIGKILL.
    pub sent_kill: bool,
    /// No process of the bot's group was left when `shutdown` returned.
    pub group_cleared: bool,
    /// Resources the main process used.
    pub usage: Usage,
    /// Bytes the bot wrote on stderr in total.
    pub stderr_bytes: u64,
    /// Bytes of stderr that went over the cap and were not stored.
    pub stderr_dropped: u64,
    /// CPU time it used in the grace after its input closed, when it did not exit in it.
    pub cpu_after_end: std::time::Duration,
}

/// CPU time in the half second after its input closed that says a bot was still computing:
/// a loop spinning gets far more even on a busy machine, an exit far less.
const AFTER_END_COMPUTING: std::time::Duration = std::time::Duration::from_millis(50);

impl ExitReport {
    /// What the bot did once its input closed at the end of a game, when it did not simply exit
    /// as the protocol asks: killed by a signal (it read on past the end of its input without
    /// looking at what its read returned), or still running when juiz stopped it.
    pub fn after_end_of_input(&self) -> Option<Message> {
        // Stopped while computing; one stopped while it waited was slowed, not looping.
        if (self.sent_term || self.sent_kill) && self.cpu_after_end >= AFTER_END_COMPUTING {
            let cpu = format!("{:.2}", self.cpu_after_end.as_secs_f64());
            return Some(Message::new("bf-after-end-running").text("cpu", cpu));
        }
        match self.termination {
            Some(how @ Termination::Signaled { .. }) => {
                Some(Message::new("bf-after-end-signaled").clause("how", how.message()))
            }
            _ => None,
        }
    }
}

impl fmt::Display for ExitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.termination {
            Some(t) => write!(f, "{t}")?,
            None => f.write_str("not reaped")?,
        }
        if self.sent_kill {
            f.write_str(" after SIGKILL from the referee")?;
        } else if self.sent_term {
            f.write_str(" after SIGTERM from the referee")?;
        }
        if !self.group_cleared {
            f.write_str("; some of its processes could not be removed")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_kebab_case_and_round_trip() {
        for kind in FaultKind::ALL {
            let name = kind.name();
            assert!(name.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c == '8'));
            assert_eq!(FaultKind::from_name(name), Some(kind));
        }
        assert_eq!(FaultKind::ClosedOutput.name(), "closed-output");
        assert_eq!(FaultKind::from_name("nonsense"), None);
    }

    #[test]
    fn quoted_lines_are_cut_and_escaped() {
        assert_eq!(quote_line(b"my hand is 5\xe2\x99\xa0"), "my hand is 5♠");
        assert_eq!(quote_line(b"a\tb\r\x1b[2J"), "a\\tb\\r\\u{1b}[2J");
        assert_eq!(quote_line(b"ok \xff"), "ok \\xff");
        let long = quote_line("x".repeat(500).as_bytes());
        assert_eq!(long.chars().count(), QUOTED_LINE_CHARS + 1);
        assert!(long.ends_with("x…"));
    }

    #[test]
    fn a_memory_peak_is_near_its_limit_only_within_ten_percent() {
        let limit = 128 << 20;
        assert!(MemoryPeak { heap: 116 << 20, resident: 2 << 20 }.near(limit));
        assert!(MemoryPeak { heap: 0, resident: 120 << 20 }.near(limit));
        assert!(!MemoryPeak { heap: 100 << 20, resident: 90 << 20 }.near(limit), "78 % is far below");
        let text = crate::i18n::say_in(
            crate::i18n::Lang::En,
            &MemoryPeak { heap: 134_053_888, resident: 9_392_128 }.message(),
        );
        assert_eq!(
            text,
            "; the most it was seen to hold: 127.8 MiB of heap (its data segment, what the limit counts), 9.0 MiB resident"
        );
    }

    #[test]
    fn display_forms() {
        let fault = BotFault::text(FaultKind::Timeout, "no line within 3s");
        assert_eq!(fault.to_string(), "timeout: no line within 3s");
        assert_eq!(Termination::Exited(3).to_string(), "exited with code 3");
        let segv = Termination::Signaled { signal: 11, core_dumped: false };
        assert_eq!(segv.to_string(), "killed by signal 11 (SIGSEGV)");
        assert_eq!(signal_name(9), "SIGKILL");
        assert_eq!(signal_name(999), "signal 999");
    }
}
