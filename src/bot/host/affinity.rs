//! Which cores a game runs on: a tournament worker pins itself to one core (`CorePicker`), and
//! the bots it starts inherit that core, so a game's conversation (referee writes, bot wakes,
//! bot answers) stays on one core instead of paying a cross-core wake-up for every line.

use std::sync::{Mutex, OnceLock, PoisonError};

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

/// Hands out cores to the workers of one pool, one each: a worker keeps the core the system
/// started it on (so that two juiz runs on one machine spread over the cores as the system
/// placed them) unless another worker of the pool has it, and then takes the first free one.
#[derive(Debug, Default)]
pub struct CorePicker {
    taken: Mutex<Vec<usize>>,
}

impl CorePicker {
    pub fn new() -> Self {
        CorePicker::default()
    }

    /// Pins the calling thread, and every process or thread it starts later, to one core. A
    /// failure leaves the thread where it was: pinning only makes games faster.
    pub fn pin_current_thread(&self) {
        let cpus = allowed_cpus();
        let mut taken = self.taken.lock().unwrap_or_else(PoisonError::into_inner);
        // SAFETY: sched_getcpu has no preconditions; it returns -1 on failure.
        let current = usize::try_from(unsafe { libc::sched_getcpu() }).ok();
        let free = |cpu: &usize| !taken.contains(cpu);
        let chosen = current
            .filter(|cpu| cpus.contains(cpu) && free(cpu))
            .or_else(|| cpus.iter().copied().find(free))
            .or_else(|| current.filter(|cpu| cpus.contains(cpu)));
        if let Some(cpu) = chosen {
            taken.push(cpu);
            set_current(&[cpu]);
        }
    }
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
