//! `juiz bench`: what the harness itself costs beside the bots — games per second, its own CPU
//! time, the referee's latency per message and its peak memory over a large tournament.

mod breakdown;
mod floor;
pub mod house;
mod latency;
mod report;
mod run;
mod table;
mod usage;

pub use breakdown::{Breakdown, BreakdownRow};
pub use latency::{Histogram, LatencyObserver};
pub use report::{BenchReport, JobsRun, MemoryRun, Targets};
pub use run::{BenchError, BenchOptions, cores, run};
pub use usage::{CpuSnapshot, Memory, cpu_snapshot, memory, reset_peak_memory};
