//! The host's kernel and clocks as the bot module sees them: thin system-call wrappers
//! (`sys.rs`), `/proc` readings, CPU sets, the limits' values, fair move timing and the cost
//! counters of `juiz bench`. No bot is started here.

pub(in crate::bot) mod affinity;
pub(in crate::bot) mod cost;
pub(in crate::bot) mod limits;
pub(in crate::bot) mod procfs;
pub(in crate::bot) mod sys;
pub(in crate::bot) mod timing;
