//! Which cores a game runs on: a tournament worker pins itself to one core, and the bots it
//! starts inherit that core, so a game's conversation (referee writes, bot wakes, bot answers)
//! stays on one core instead of paying a cross-core wake-up for every line.

use std::sync::OnceLock;

use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
use nix::unistd::Pid;

/// The cores juiz may run on: the main thread's affinity (only workers pin themselves), read once.
pub fn allowed_cpus() -> &'static [usize] {
    static ALLOWED: OnceLock<Vec<usize>> = OnceLock::new();
    // The main thread's id is the process id.
    ALLOWED.get_or_init(|| match sched_getaffinity(Pid::this()) {
        Ok(set) => (0..CpuSet::count()).filter(|&cpu| set.is_set(cpu).unwrap_or(false)).collect(),
        Err(_) => Vec::new(),
    })
}

/// Pins the calling thread (and every process or thread it starts later) to the `slot`-th
/// allowed core, wrapping around. A failure leaves the thread where it was: pinning only
/// makes games faster.
pub fn pin_current_thread(slot: usize) {
    let cpus = allowed_cpus();
    if cpus.is_empty() {
        return;
    }
    set_current(&[cpus[slot % cpus.len()]]);
}

/// Lets the calling thread run on every allowed core again (for helper threads that a pinned
/// worker happens to start, such as the watchdog).
pub fn unpin_current_thread() {
    let cpus = allowed_cpus();
    if !cpus.is_empty() {
        set_current(cpus);
    }
}

fn set_current(cpus: &[usize]) {
    let mut set = CpuSet::new();
    for &cpu in cpus {
        if set.set(cpu).is_err() {
            return;
        }
    }
    let _ = sched_setaffinity(Pid::from_raw(0), &set);
}
