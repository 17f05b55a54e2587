//! The watchdog: one thread for the whole program that, every `PERIOD`, checks each bot against
//! its limits and kills one over a limit, keeping the verdict for the fault. A bot in a box
//! (`boxes.rs`) is judged by its cgroups, where the kernel enforces the limits at once and the
//! watchdog names what happened (a fork refused at the task limit, an OOM kill, CPU time, too
//! many processes, a full work dir); any other bot by its process group, from one pass over
//! `/proc`: the processes, resident memory and CPU time of the group, which a bot can leave
//! (`setsid`), and which can grow for a `PERIOD` before it is seen.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Duration;

use nix::sys::signal::Signal;

use std::path::PathBuf;

use crate::games::Message;

use crate::bot::boxes::cgroup::BoxCgroup;
use crate::bot::boxes::cgroup_counters::CgroupUsage;
use crate::bot::boxes::{BotBox, disk_full};
use crate::bot::faults::fault::{BotFault, FaultKind, MemoryPeak};
use crate::bot::host::limits::{Limits, format_bytes};
use crate::bot::sandbox::tasks_allowed;
use crate::bot::{host::procfs, host::sys};

/// How often the groups are checked.
pub(crate) const PERIOD: Duration = Duration::from_millis(50);
/// CPU time the group may use beyond `cpu_seconds` before the watchdog steps in: for a bot of one
/// process the per-process RLIMIT_CPU acts first and names its signal; a bot of many processes
/// (in any group or session) is stopped by the watchdog within a few looks of its limit.
const CPU_SLACK: Duration = Duration::from_millis(250);

/// What the watchdog checks for one bot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupLimits {
    processes: Option<u64>,
    memory: Option<u64>,
    cpu: Option<Duration>,
    /// Processes of juiz's counted with the bot's (its init, in its box's cgroups).
    init: u64,
}

/// A watched group's state, shared with its `BotProcess`.
#[derive(Debug, Default)]
pub(crate) struct Verdict {
    fault: Mutex<Option<BotFault>>,
    active: AtomicBool,
    cpu: Mutex<CpuTally>,
}

/// The CPU time of a bot watched by its group (not in a box), added up look by look: every rise
/// of the total over its processes (live ones, and what they reaped) is charged, and a fall
/// (a process gone without its parent among the bot's, reaped by juiz) takes nothing back, so
/// the charge never goes down and never counts twice what moved from a child to its parent.
#[derive(Debug, Default)]
struct CpuTally {
    last: Duration,
    charged: Duration,
    /// The part of `charged` that is not the main process's own: its other processes'.
    others: Duration,
}

impl Verdict {
    /// The fault the watchdog found, if it killed the group.
    pub(crate) fn fault(&self) -> Option<BotFault> {
        lock(&self.fault).clone()
    }

    /// CPU time of the bot's processes other than its main one, as of the watchdog's last look
    /// (zero for a bot in a box, whose cgroups count every process).
    pub(crate) fn others_cpu(&self) -> Duration {
        lock(&self.cpu).others
    }

    /// Adds a look at the group to the tally; returns the CPU time charged so far.
    fn tally(&self, usage: &procfs::GroupUsage) -> Duration {
        let mut tally = lock(&self.cpu);
        let rise = usage.cpu_time.saturating_sub(tally.last);
        tally.charged += rise;
        tally.last = usage.cpu_time;
        tally.others = tally.charged.saturating_sub(usage.leader_cpu);
        tally.charged
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

/// What is watched: a process group, or a box's cgroups and work dir.
#[derive(Clone)]
enum Target {
    /// Its work dir's quota when it has one (a tmpfs in its own mount namespace, not root).
    Group(procfs::Members, Option<(PathBuf, u64)>),
    Box {
        cgroup: Arc<BoxCgroup>,
        quota: Option<(PathBuf, u64)>,
    },
}

struct Entry {
    target: Target,
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

/// The limits of `limits` for a bot judged by a count that includes `extra` processes of juiz's
/// (its init, counted by its box's cgroups).
fn group_limits(limits: &Limits, extra: u64) -> GroupLimits {
    GroupLimits {
        init: extra,
        processes: limits.max_processes,
        memory: limits.memory_bytes,
        cpu: limits.cpu_seconds.map(|s| Duration::from_secs(s) + CPU_SLACK),
    }
}

/// The fault of a bot in a box with cgroups, judged now (for a bot found dead before the
/// watchdog's next look); `init`: the bot has an init of juiz's in its box.
pub(crate) fn box_fault(limits: &Limits, bx: &BotBox, init: bool) -> Option<BotFault> {
    let cgroup = bx.cgroup.as_ref()?;
    judge_box(&group_limits(limits, u64::from(init)), &cgroup.usage(), bx.quota_dir().as_ref())
}

/// Starts watching the bot of group `pgid` (by its box's cgroups when it has them) with
/// `limits`; `None` when there is nothing to watch.
pub(crate) fn watch(
    members: procfs::Members,
    limits: &Limits,
    bx: Option<&BotBox>,
    quota: Option<(PathBuf, u64)>,
) -> Option<Arc<Verdict>> {
    // A bot's init is counted by its box's cgroups, not by a look at its group (`procfs`).
    let init = u64::from(members.leader != members.pgid && bx.is_some_and(|b| b.cgroup.is_some()));
    let group = group_limits(limits, init);
    let target = match bx {
        Some(bx) if bx.cgroup.is_some() => {
            Target::Box { cgroup: Arc::clone(bx.cgroup.as_ref().expect("checked")), quota: bx.quota_dir() }
        }
        _ => Target::Group(members, quota),
    };
    let quota = matches!(&target, Target::Box { quota: Some(_), .. } | Target::Group(_, Some(_)));
    if group.processes.is_none() && group.memory.is_none() && group.cpu.is_none() && !quota {
        return None;
    }
    let verdict = Arc::new(Verdict { active: AtomicBool::new(true), ..Verdict::default() });
    let (reg, wake) = registry();
    let mut registry = lock(reg);
    // The thread waits for the condition only while nothing is watched (else it sleeps a
    // `PERIOD` and looks again): a wake-up (a `futex` call) is needed for the first bot only.
    let idle = registry.entries.is_empty();
    registry.entries.push(Entry { target, limits: group, verdict: Arc::clone(&verdict) });
    drop(registry);
    if idle {
        wake.notify_all();
    }
    Some(verdict)
}

/// The watchdog thread: sleeps while nothing is watched, else checks every `PERIOD`.
fn run() {
    crate::bot::host::affinity::unpin_current_thread();
    let (reg, wake) = registry();
    loop {
        let watched: Vec<(Target, GroupLimits, Arc<Verdict>)> = {
            let mut guard = lock(reg);
            guard.entries.retain(|e| e.verdict.active.load(Ordering::SeqCst) && Arc::strong_count(&e.verdict) > 1);
            while guard.entries.is_empty() {
                guard = wake.wait(guard).unwrap_or_else(PoisonError::into_inner);
            }
            guard.entries.iter().map(|e| (e.target.clone(), e.limits, Arc::clone(&e.verdict))).collect()
        };
        let groups: Vec<procfs::Members> = watched
            .iter()
            .filter_map(|w| if let Target::Group(members, _) = w.0 { Some(members) } else { None })
            .collect();
        let mut group_usage = procfs::group_usage(&groups).into_iter();
        for (target, limits, verdict) in &watched {
            let fault = match target {
                Target::Group(_, quota) => {
                    let usage =
                        group_usage.next().map(|usage| procfs::GroupUsage { cpu_time: verdict.tally(&usage), ..usage });
                    usage.and_then(|usage| judge(limits, &usage)).or_else(|| quota.as_ref().and_then(disk_fault))
                }
                Target::Box { cgroup, quota } => {
                    let usage = cgroup.usage();
                    // A waiting bot found computing gets the least CPU weight (issue 34).
                    cgroup.look_at_turn(usage.cpu_time);
                    judge_box(limits, &usage, quota.as_ref())
                }
            };
            if let Some(fault) = fault {
                let mut slot = lock(&verdict.fault);
                // Under the lock `stop` takes: the group id (or the box) is still the bot's.
                if slot.is_none() && verdict.active.load(Ordering::SeqCst) {
                    match target {
                        Target::Group(members, _) => sys::signal_group(members.pgid, Signal::SIGKILL),
                        Target::Box { cgroup, .. } => cgroup.kill(),
                    }
                    *slot = Some(fault);
                }
            }
        }
        std::thread::sleep(PERIOD);
    }
}

/// The fault of a bot in a box over one of its limits, if it is: the kernel refused a fork at
/// its task limit or killed a process at its memory limit, or the work dir is full, or the bot
/// has more processes than allowed or has used up its CPU time.
pub(crate) fn judge_box(limits: &GroupLimits, usage: &CgroupUsage, quota: Option<&(PathBuf, u64)>) -> Option<BotFault> {
    if usage.hit_task_limit {
        let tasks = limits.processes.map_or_else(
            || Message::new("empty"),
            |n| Message::new("bf-task-limit-of").text("processes", n).text("tasks", tasks_allowed(n)),
        );
        return Some(BotFault::new(FaultKind::Processes, Message::new("bf-task-limit-hit").clause("limit", tasks)));
    }
    if usage.oom_killed {
        let limit = limits
            .memory
            .map_or_else(|| Message::new("empty"), |m| Message::new("bf-of-size").text("size", format_bytes(m)));
        return Some(BotFault::new(FaultKind::Memory, Message::new("bf-oom-killed").clause("limit", limit)));
    }
    if let Some(fault) = quota.and_then(disk_fault) {
        return Some(fault);
    }
    let group = procfs::GroupUsage { processes: usage.processes, cpu_time: usage.cpu_time, ..Default::default() };
    judge(limits, &group)
}

/// The `disk` fault of a bot whose work dir (a tmpfs of `size`) is full.
fn disk_fault((dir, size): &(PathBuf, u64)) -> Option<BotFault> {
    disk_full(dir)
        .then(|| BotFault::new(FaultKind::Disk, Message::new("bf-disk-full").text("size", format_bytes(*size))))
}

/// The fault of a group over one of its limits, if it is.
fn judge(limits: &GroupLimits, usage: &procfs::GroupUsage) -> Option<BotFault> {
    if let Some(max) = limits.processes
        && usage.tasks >= tasks_allowed(max)
    {
        return Some(BotFault::new(
            FaultKind::Processes,
            Message::new("bf-task-limit")
                .text("threads", usage.tasks)
                .text("processes", max)
                .text("tasks", tasks_allowed(max)),
        ));
    }
    if let Some(max) = limits.processes
        && usage.processes.saturating_sub(limits.init) > max
    {
        return Some(BotFault::new(
            FaultKind::Processes,
            Message::new("bf-processes").text("count", usage.processes.saturating_sub(limits.init)).text("max", max),
        ));
    }
    if let Some(max) = limits.memory
        && usage.rss_bytes > max
    {
        // Named like a death at the limit (`shutdown.rs`), with what was seen held, so that the
        // hint can say what grew.
        let used =
            Message::new("bf-memory-used").text("used", format_bytes(usage.rss_bytes)).text("limit", format_bytes(max));
        let peak = MemoryPeak { resident: usage.rss_bytes, heap: 0 };
        return Some(BotFault::new(
            FaultKind::Memory,
            Message::new("bf-two-notes").clause("first", used).clause("second", peak.message()),
        ));
    }
    if let Some(max) = limits.cpu
        && usage.cpu_time > max
    {
        return Some(BotFault::new(
            FaultKind::CpuTime,
            Message::new("bf-cpu-time")
                .text("used", format!("{:.1}", usage.cpu_time.as_secs_f64()))
                .text("limit", max.saturating_sub(CPU_SLACK).as_secs()),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_each_limit() {
        let limits =
            GroupLimits { processes: Some(4), memory: Some(100 << 20), cpu: Some(Duration::from_secs(3)), init: 0 };
        let fine = procfs::GroupUsage {
            processes: 4,
            tasks: 63,
            rss_bytes: 50 << 20,
            cpu_time: Duration::from_secs(1),
            ..Default::default()
        };
        assert!(judge(&limits, &fine).is_none());
        let many = procfs::GroupUsage { processes: 5, ..fine };
        assert_eq!(judge(&limits, &many).unwrap().kind, FaultKind::Processes);
        let threads = procfs::GroupUsage { tasks: 64, ..fine };
        assert!(judge(&limits, &threads).unwrap().detail.contains("64 threads"));
        let fat = procfs::GroupUsage { rss_bytes: 200 << 20, ..fine };
        assert_eq!(judge(&limits, &fat).unwrap().kind, FaultKind::Memory);
        let busy = procfs::GroupUsage { cpu_time: Duration::from_secs(4), ..fine };
        assert_eq!(judge(&limits, &busy).unwrap().kind, FaultKind::CpuTime);
    }

    #[test]
    fn the_cpu_tally_charges_every_rise_and_gives_nothing_back() {
        let verdict = Verdict::default();
        let look = |total: u64, leader: u64| procfs::GroupUsage {
            cpu_time: Duration::from_millis(total),
            leader_cpu: Duration::from_millis(leader),
            ..Default::default()
        };
        assert_eq!(verdict.tally(&look(300, 100)), Duration::from_millis(300));
        assert_eq!(verdict.others_cpu(), Duration::from_millis(200));
        // A child of 200 ms reaped by juiz: the total falls, the charge stays.
        assert_eq!(verdict.tally(&look(100, 100)), Duration::from_millis(300));
        // Then another burns 50 ms: charged on top.
        assert_eq!(verdict.tally(&look(150, 100)), Duration::from_millis(350));
        assert_eq!(verdict.others_cpu(), Duration::from_millis(250));
    }
}
