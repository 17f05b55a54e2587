//! The group watchdog: one thread for the whole program that, every `PERIOD`, reads `/proc` once
//! and checks each watched bot's process group against its limits on processes, resident memory
//! and CPU time. A group over a limit is killed (SIGKILL) and the verdict kept for the fault.
//!
//! This is what enforces the number of processes when RLIMIT_NPROC cannot (it counts per user,
//! and root is exempt), and what keeps a bot from multiplying its memory or CPU limit by forking.
//! A group that grows faster than one `PERIOD` can go over a limit for that long.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Duration;

use nix::sys::signal::Signal;

use super::fault::{BotFault, FaultKind};
use super::limits::{Limits, format_bytes};
use super::{procfs, sys};

/// How often the groups are checked.
pub(crate) const PERIOD: Duration = Duration::from_millis(50);
/// CPU time the group may use beyond `cpu_seconds` before the watchdog steps in: the per-process
/// RLIMIT_CPU acts first and names its signal.
const CPU_SLACK: Duration = Duration::from_secs(2);

/// What the watchdog checks for one group.
#[derive(Clone, Copy, Debug)]
struct GroupLimits {
    processes: Option<u64>,
    memory: Option<u64>,
    cpu: Option<Duration>,
}

/// A watched group's state, shared with its `BotProcess`.
#[derive(Debug, Default)]
pub(crate) struct Verdict {
    fault: Mutex<Option<BotFault>>,
    active: AtomicBool,
}

impl Verdict {
    /// The fault the watchdog found, if it killed the group.
    pub(crate) fn fault(&self) -> Option<BotFault> {
        lock(&self.fault).clone()
    }

    /// Stops watching: called before the group's id can be reused (the main process reaped).
    /// Taken under the fault lock, which the watchdog holds from its last look at `active` to
    /// its signal: once `stop` returns, no signal can reach a group id given to someone else.
    /// The group leaves the registry at once, which holds only the groups of live bots.
    pub(crate) fn stop(&self) {
        let stopped = {
            let _no_signal_meanwhile = lock(&self.fault);
            self.active.swap(false, Ordering::SeqCst)
        };
        if stopped {
            lock(&registry().0).entries.retain(|e| !std::ptr::eq(Arc::as_ptr(&e.verdict), self));
        }
    }
}

struct Entry {
    pgid: i32,
    limits: GroupLimits,
    verdict: Arc<Verdict>,
}

#[derive(Default)]
struct Registry {
    entries: Vec<Entry>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn registry() -> &'static (Mutex<Registry>, Condvar) {
    static REGISTRY: OnceLock<(Mutex<Registry>, Condvar)> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let started = std::thread::Builder::new().name("juiz-watchdog".into()).stack_size(256 * 1024).spawn(run);
        if let Err(e) = started {
            eprintln!("juiz: cannot start the bot watchdog ({e}): group limits are not enforced");
        }
        (Mutex::new(Registry::default()), Condvar::new())
    })
}

/// Starts watching group `pgid` with `limits`; `None` when no group limit is set.
pub(crate) fn watch(pgid: i32, limits: &Limits) -> Option<Arc<Verdict>> {
    let group = GroupLimits {
        processes: limits.max_processes,
        memory: limits.memory_bytes,
        cpu: limits.cpu_seconds.map(|s| Duration::from_secs(s) + CPU_SLACK),
    };
    if group.processes.is_none() && group.memory.is_none() && group.cpu.is_none() {
        return None;
    }
    let verdict = Arc::new(Verdict { fault: Mutex::new(None), active: AtomicBool::new(true) });
    let (reg, wake) = registry();
    lock(reg).entries.push(Entry { pgid, limits: group, verdict: Arc::clone(&verdict) });
    wake.notify_all();
    Some(verdict)
}

/// The watchdog thread: sleeps while nothing is watched, else checks every `PERIOD`.
fn run() {
    super::affinity::unpin_current_thread();
    let (reg, wake) = registry();
    loop {
        let groups: Vec<(i32, GroupLimits, Arc<Verdict>)> = {
            let mut guard = lock(reg);
            guard.entries.retain(|e| e.verdict.active.load(Ordering::SeqCst) && Arc::strong_count(&e.verdict) > 1);
            while guard.entries.is_empty() {
                guard = wake.wait(guard).unwrap_or_else(PoisonError::into_inner);
            }
            guard.entries.iter().map(|e| (e.pgid, e.limits, Arc::clone(&e.verdict))).collect()
        };
        let pgids: Vec<i32> = groups.iter().map(|g| g.0).collect();
        let usage = procfs::group_usage(&pgids);
        for ((pgid, limits, verdict), usage) in groups.iter().zip(usage) {
            if let Some(fault) = judge(limits, &usage) {
                let mut slot = lock(&verdict.fault);
                // Under the lock `stop` takes: the group id is still the bot's.
                if slot.is_none() && verdict.active.load(Ordering::SeqCst) {
                    sys::signal_group(*pgid, Signal::SIGKILL);
                    *slot = Some(fault);
                }
            }
        }
        std::thread::sleep(PERIOD);
    }
}

/// The fault of a group over one of its limits, if it is.
fn judge(limits: &GroupLimits, usage: &procfs::GroupUsage) -> Option<BotFault> {
    if let Some(max) = limits.processes
        && usage.processes > max
    {
        return Some(BotFault::new(
            FaultKind::Processes,
            format!("had {} processes at once (limit {max})", usage.processes),
        ));
    }
    if let Some(max) = limits.memory
        && usage.rss_bytes > max
    {
        return Some(BotFault::new(
            FaultKind::Memory,
            format!("its processes used {} of memory (limit {})", format_bytes(usage.rss_bytes), format_bytes(max)),
        ));
    }
    if let Some(max) = limits.cpu
        && usage.cpu_time > max
    {
        return Some(BotFault::new(
            FaultKind::CpuTime,
            format!(
                "its processes used {:.1}s of cpu time (limit {}s)",
                usage.cpu_time.as_secs_f64(),
                max.saturating_sub(CPU_SLACK).as_secs()
            ),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_each_limit() {
        let limits = GroupLimits { processes: Some(4), memory: Some(100 << 20), cpu: Some(Duration::from_secs(3)) };
        let fine = procfs::GroupUsage { processes: 4, rss_bytes: 50 << 20, cpu_time: Duration::from_secs(1) };
        assert!(judge(&limits, &fine).is_none());
        let many = procfs::GroupUsage { processes: 5, ..fine };
        assert_eq!(judge(&limits, &many).unwrap().kind, FaultKind::Processes);
        let fat = procfs::GroupUsage { rss_bytes: 200 << 20, ..fine };
        assert_eq!(judge(&limits, &fat).unwrap().kind, FaultKind::Memory);
        let busy = procfs::GroupUsage { cpu_time: Duration::from_secs(4), ..fine };
        assert_eq!(judge(&limits, &busy).unwrap().kind, FaultKind::CpuTime);
    }
}
