//! Where the CPU and the wall time of a bot's start, lines and end go: a thread-CPU counter and a
//! wall-clock counter per step, summed over every bot in this process, for `juiz bench`'s
//! breakdown. Off unless `measure(true)`: then each step reads its thread's CPU clock (a system
//! call) and the monotonic clock before and after. The child's steps before `exec` are counted in
//! the child (it shares juiz's memory until then: plain atomic adds). A step's wall time beyond
//! its CPU is time it waited: for another process, a timer, or a CPU under load.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// A step whose CPU is counted, in the order the breakdown lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// juiz: the box (a pooled uid, a new tmpfs on its work dir, its cgroups' limits).
    StartBox,
    /// juiz: the sandbox plan (Landlock ruleset, the program opened for its copy, argv, env).
    StartPrepare,
    /// juiz: clone, pipes, the wait for the child's exec (not the child's own CPU).
    StartSpawn,
    /// juiz: after exec (pidfd, stderr thread, namespace look-up, watchdog, non-blocking pipes).
    StartAfter,
    /// The child: signal dispositions, streams, close-on-exec, work dir, session.
    ChildStreams,
    /// The child: joining the box's cgroups.
    ChildCgroup,
    /// The child: namespaces (IPC, cgroup, user, network, mount) and its uid, tmpfs, keyring.
    ChildNamespaces,
    /// The child: the private copy of its program.
    ChildCopy,
    /// The child: RLIMIT_NPROC, no_new_privs and the Landlock ruleset enforced.
    ChildLandlock,
    /// The child: the seccomp filter installed.
    ChildSeccomp,
    /// The child: resource limits.
    ChildLimits,
    /// juiz: lines written to a bot (the write, a broken pipe's fault).
    LineWrite,
    /// juiz: a reply awaited and read (poll, read, line split, move timing, premature output).
    LineRead,
    /// juiz: end of input, TERM/KILL and the group reaped, stdout drained, stderr thread joined.
    EndShutdown,
    /// juiz: the escapee sweep and, without root, the user namespace emptied.
    EndSweep,
    /// juiz: the box released (cgroups emptied, work dir emptied) or the work dir removed.
    EndRelease,
}

const STEPS: usize = 16;

impl Step {
    pub const ALL: [Step; STEPS] = [
        Step::StartBox,
        Step::StartPrepare,
        Step::StartSpawn,
        Step::StartAfter,
        Step::ChildStreams,
        Step::ChildCgroup,
        Step::ChildNamespaces,
        Step::ChildCopy,
        Step::ChildLandlock,
        Step::ChildSeccomp,
        Step::ChildLimits,
        Step::LineWrite,
        Step::LineRead,
        Step::EndShutdown,
        Step::EndSweep,
        Step::EndRelease,
    ];

    /// Its short name in the breakdown.
    pub fn name(self) -> &'static str {
        match self {
            Step::StartBox => "start: box (uid, tmpfs, cgroup limits)",
            Step::StartPrepare => "start: landlock ruleset, program opened",
            Step::StartSpawn => "start: clone, pipes, wait for exec",
            Step::StartAfter => "start: pidfd, stderr thread, watchdog",
            Step::ChildStreams => "start: signals, streams, session",
            Step::ChildCgroup => "start: cgroup attach",
            Step::ChildNamespaces => "start: namespaces, uid, tmpfs, keyring",
            Step::ChildCopy => "start: private program copy",
            Step::ChildLandlock => "start: no_new_privs, landlock",
            Step::ChildSeccomp => "start: seccomp filter",
            Step::ChildLimits => "start: resource limits",
            Step::LineWrite => "line: write",
            Step::LineRead => "line: poll, read, timing, checks",
            Step::EndShutdown => "end: kill, reap, drain",
            Step::EndSweep => "end: escapee sweep",
            Step::EndRelease => "end: cgroup and work-dir cleanup",
        }
    }

    /// Whether the bot's process pays it (before its exec), not juiz.
    pub fn in_child(self) -> bool {
        matches!(
            self,
            Step::ChildStreams
                | Step::ChildCgroup
                | Step::ChildNamespaces
                | Step::ChildCopy
                | Step::ChildLandlock
                | Step::ChildSeccomp
                | Step::ChildLimits
        )
    }
}

static ON: AtomicBool = AtomicBool::new(false);
static NANOS: [AtomicU64; STEPS] = [const { AtomicU64::new(0) }; STEPS];
static WALL_NANOS: [AtomicU64; STEPS] = [const { AtomicU64::new(0) }; STEPS];
/// Counts started (`Laps::start` with the counters on): each leaves about one pair of clock
/// reads outside every step (the start's before its reading, the last lap's after it).
static COUNTS: AtomicU64 = AtomicU64::new(0);

/// Turns the counters on or off (for the whole process).
pub fn measure(on: bool) {
    ON.store(on, Ordering::SeqCst);
}

/// The CPU time of the calling thread, in nanoseconds. A system call only: safe in the child.
pub fn thread_cpu() -> u64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid pointer to a timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (now.tv_sec as u64).saturating_mul(1_000_000_000).saturating_add(now.tv_nsec as u64)
}

/// The monotonic clock, in nanoseconds. A system call at most (the vDSO): safe in the child.
fn wall() -> u64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid pointer to a timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    (now.tv_sec as u64).saturating_mul(1_000_000_000).saturating_add(now.tv_nsec as u64)
}

/// A running count: each `lap` adds the thread's CPU and the wall time since the last one to a
/// step.
pub(crate) struct Laps(Option<(u64, u64)>);

impl Laps {
    /// Starts counting, if the counters are on.
    pub(crate) fn start() -> Laps {
        Laps(ON.load(Ordering::Relaxed).then(|| {
            COUNTS.fetch_add(1, Ordering::Relaxed);
            (thread_cpu(), wall())
        }))
    }

    /// Adds the CPU and the wall time since the start or the last lap to `step`.
    pub(crate) fn lap(&mut self, step: Step) {
        if let Some((last_cpu, last_wall)) = self.0 {
            let (cpu, now) = (thread_cpu(), wall());
            NANOS[step as usize].fetch_add(cpu.saturating_sub(last_cpu), Ordering::Relaxed);
            WALL_NANOS[step as usize].fetch_add(now.saturating_sub(last_wall), Ordering::Relaxed);
            self.0 = Some((cpu, now));
        }
    }
}

/// The thread CPU one pair of the counters' clock reads costs (a thread-CPU read, a system
/// call, then a monotonic one), measured now on the calling thread over many pairs.
pub fn clock_pair_cost() -> Duration {
    const PAIRS: u64 = 2_000;
    let before = thread_cpu();
    for _ in 0..PAIRS {
        std::hint::black_box((thread_cpu(), wall()));
    }
    Duration::from_nanos(thread_cpu().saturating_sub(before) / PAIRS)
}

/// The counters at one moment: CPU, then wall time, per step, and how many counts were started.
#[derive(Clone, Copy, Debug, Default)]
pub struct Costs([u64; STEPS], [u64; STEPS], u64);

impl Costs {
    pub fn now() -> Costs {
        Costs(
            std::array::from_fn(|i| NANOS[i].load(Ordering::Relaxed)),
            std::array::from_fn(|i| WALL_NANOS[i].load(Ordering::Relaxed)),
            COUNTS.load(Ordering::Relaxed),
        )
    }

    /// What was counted between `earlier` and `self`.
    pub fn since(&self, earlier: &Costs) -> Costs {
        Costs(
            std::array::from_fn(|i| self.0[i].saturating_sub(earlier.0[i])),
            std::array::from_fn(|i| self.1[i].saturating_sub(earlier.1[i])),
            self.2.saturating_sub(earlier.2),
        )
    }

    /// How many counts were started (each a `Laps`: a line written, a reply read, a start...).
    pub fn counts(&self) -> u64 {
        self.2
    }

    /// The CPU counted for `step`.
    pub fn get(&self, step: Step) -> Duration {
        Duration::from_nanos(self.0[step as usize])
    }

    /// The wall time counted for `step` (the CPU it used and the time it waited).
    pub fn wall(&self, step: Step) -> Duration {
        Duration::from_nanos(self.1[step as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laps_count_only_when_on() {
        let before = Costs::now();
        Laps::start().lap(Step::EndSweep);
        assert_eq!(Costs::now().since(&before).get(Step::EndSweep), Duration::ZERO);
        measure(true);
        let mut laps = Laps::start();
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(std::hint::black_box(i));
        }
        std::hint::black_box(x);
        laps.lap(Step::EndSweep);
        std::thread::sleep(Duration::from_millis(2));
        laps.lap(Step::EndRelease);
        measure(false);
        let counted = Costs::now().since(&before);
        assert!(counted.counts() >= 1, "the count started while on is counted");
        assert!(counted.get(Step::EndSweep) > Duration::ZERO);
        assert!(counted.wall(Step::EndSweep) > Duration::ZERO);
        // A sleep is wall time, not CPU.
        assert!(counted.wall(Step::EndRelease) >= Duration::from_millis(2));
    }
}
