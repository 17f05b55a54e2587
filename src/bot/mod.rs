//! Bot processes: the only module of juiz that touches child processes — command lines, C
//! builds, spawning in a process group and a private work dir, line I/O with deadlines, faults,
//! resource limits, and cleanup that leaves nothing running.

mod build;
mod command;
mod fault;
mod limits;
mod linebuf;
mod process;
mod shutdown;
mod stderr;
mod sys;

pub use build::{BuildError, build_c, default_build_cache};
pub use command::{BotCommand, CommandError};
pub use fault::{BotFault, ExitReport, FaultKind, Termination, Usage, signal_name};
pub use limits::Limits;
pub use process::{BotProcess, WorkDir};
