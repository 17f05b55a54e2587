//! Bot processes: the only module of juiz that touches child processes — command lines, C
//! builds, spawning in a process group and a private work dir, line I/O with deadlines, faults,
//! resource limits (kernel limits, a group watchdog), fair move timing, the sandbox (Landlock,
//! namespaces), and cleanup that leaves nothing running.
//!
//! Process-wide effect: the first `BotProcess::spawn` makes juiz a child subreaper
//! (`PR_SET_CHILD_SUBREAPER`), so orphans of a bot's group are re-parented to juiz and reaped by
//! `shutdown` at once instead of lingering as zombies until init collects them. A process that
//! leaves its group (`setsid`, `setpgid`) escapes the group kill; containing it needs cgroups.
//!
//! Its rooms, each naming only rooms above it in this list (`tests/suite/layers.rs` checks):
//! - `faults/`: what a bot did wrong, the evidence read about it and the hint that names the fix;
//! - `host/`: the kernel and clocks — system-call wrappers, `/proc`, CPU sets, limits, timing;
//! - `boxes/`: where a bot runs — as root its uid, cgroups and tmpfs, its work dir, and what a
//!   killed bot or juiz leaves behind;
//! - `sandbox/`: how it is confined — Landlock, seccomp, namespaces, its own copy of its program,
//!   and the spawn that applies them;
//! - `process/`: the running bot — its start, lines, stderr, watchdog and shutdown;
//! - `build/`: a command line and the C/C++ sources it names made into a program (builds run as
//!   bot processes).

mod boxes;
mod build;
mod faults;
mod host;
mod process;
mod sandbox;

pub use boxes::workdir::check_copyable;
pub use build::command::CommandError;
pub use build::{
    BuildError, BuildLimits, Built, CPP_EXTENSIONS, Content, SourceKind, build_c, build_c_with, build_source,
    default_build_cache, failed_build_hints, first_error, kind_by_content, kind_by_name, looks_like_cpp, warning_count,
};
pub use faults::fault::{
    BotFault, ExitReport, FaultKind, QUOTED_LINE_CHARS, Termination, Usage, quote_line, signal_name,
};
pub use faults::fault_hint::{fault_hint, hint_for_recorded, kind_label, looks_like_debugging, recorded_hint_texts};
pub use host::affinity::{CorePicker, allowed_cpus, unpin_current_thread};
pub use host::cost::{Costs, Step, clock_pair_cost, measure as measure_costs, thread_cpu};
pub use host::limits::{Limits, format_bytes, parse_size};
#[cfg(test)]
pub(crate) use host::sys::readable_now;
pub(crate) use host::sys::readable_now_into;
pub use host::timing::{MoveTime, TimingTotals};
pub use process::bare::BareBot;
pub use process::command::BotCommand;
pub use process::death::stderr_cause;
pub use process::input_log::{EarlyAnswer, InputEvidence, reads_to_the_end};
pub use process::{BotProcess, WorkDir};
pub use sandbox::grants::refuse_in_granted;
pub(crate) use sandbox::own_program::OWN_FOLDER_MARK;
pub use sandbox::support::{SandboxSupport, sandbox_support};
