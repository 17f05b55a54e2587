//! Bot processes: the only module of juiz that touches child processes — command lines, C
//! builds, spawning in a process group and a private work dir, line I/O with deadlines, faults,
//! resource limits (kernel limits, a group watchdog), fair move timing, the sandbox (Landlock,
//! namespaces), and cleanup that leaves nothing running.
//!
//! Process-wide effect: the first `BotProcess::spawn` makes juiz a child subreaper
//! (`PR_SET_CHILD_SUBREAPER`), so orphans of a bot's group are re-parented to juiz and reaped by
//! `shutdown` at once instead of lingering as zombies until init collects them. A process that
//! leaves its group (`setsid`, `setpgid`) escapes the group kill; containing it needs cgroups.

mod affinity;
mod bare;
mod blocked;
mod boxes;
mod bpf;
mod build;
mod cgroup;
mod cgroup_counters;
mod cgroup_turn;
mod command;
mod cost;
mod escapees;
mod exec_check;
mod fault;
mod fault_hint;
mod grants;
mod hint_evidence;
mod input_log;
mod landlock;
mod leftovers;
mod limits;
mod linebuf;
mod own_folder;
mod own_program;
mod pid_init;
mod process;
mod procfs;
mod receive;
mod sandbox;
mod seccomp;
mod shutdown;
mod spawn;
mod start;
mod stderr;
mod support;
mod sys;
mod timing;
mod view;
mod watchdog;
mod work_tmpfs;
mod workdir;

pub use affinity::{CorePicker, allowed_cpus, unpin_current_thread};
pub use bare::BareBot;
pub use build::{
    BuildError, BuildLimits, Built, CPP_EXTENSIONS, Content, SourceKind, build_c, build_c_with, build_source,
    default_build_cache, first_error, kind_by_content, kind_by_name, looks_like_cpp, warning_count,
};
pub use command::{BotCommand, CommandError};
pub use cost::{Costs, Step, clock_pair_cost, measure as measure_costs, thread_cpu};
pub use fault::{BotFault, ExitReport, FaultKind, QUOTED_LINE_CHARS, Termination, Usage, quote_line, signal_name};
pub use fault_hint::{fault_hint, hint_for_recorded, kind_label, looks_like_debugging, recorded_hint_texts};
pub use grants::refuse_in_granted;
pub use hint_evidence::stderr_cause;
pub use input_log::{EarlyAnswer, InputEvidence, reads_to_the_end};
pub use limits::{Limits, format_bytes, parse_size};
pub(crate) use own_program::OWN_FOLDER_MARK;
pub use pid_init::{INIT_ARG as PID_INIT_ARG, run_if_asked as run_as_pid_init_if_asked};
pub use process::{BotProcess, WorkDir};
pub use support::{SandboxSupport, sandbox_support};
#[cfg(test)]
pub(crate) use sys::readable_now;
pub(crate) use sys::readable_now_into;
pub use timing::{MoveTime, TimingTotals};
pub use workdir::check_copyable;
