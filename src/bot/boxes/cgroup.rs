//! Kernel accounting of a bot: a cgroup of its own in every hierarchy juiz can write to (as root),
//! so the kernel counts and limits its tasks (`pids`), memory (shared memory, memfd and files of
//! its tmpfs work dir included) and CPU time whatever process groups or sessions its processes
//! join, and `cgroup.kill` (v2) ends all of them at once. Where the `cpu` controller is there (v2,
//! or the v1 `cpu` hierarchy), the box's CPU weight says whose turn it is (`cgroup_turn.rs`).
//!
//! Hierarchies are found in `/proc/self/mountinfo` and `/proc/self/cgroup`: a cgroup v2 with its
//! controllers enabled for juiz's children, or the v1 `pids`, `memory` and `cpuacct` hierarchies,
//! and a v2 hierarchy without controllers for membership and `cgroup.kill` (as on hosts that
//! mount both). A bot's cgroups are `juiz-box-<uid>` under juiz's own cgroup in each hierarchy:
//! the uid is held by one juiz at a time (`boxes.rs`), so the name is too.

use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use crate::bot::boxes::cgroup_counters::{CgroupUsage, CounterFiles, Counters, CpuFile};
use crate::bot::boxes::cgroup_turn::{Turn, WeightFile};

/// A controller's files, named as its hierarchy names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

/// Juiz's own cgroup directory in each hierarchy used.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hierarchies {
    /// Membership and `cgroup.kill` (a v2 hierarchy, with or without controllers).
    unified: Option<PathBuf>,
    pids: Option<(PathBuf, Version)>,
    memory: Option<(PathBuf, Version)>,
    cpu: Option<(PathBuf, Version)>,
    /// The CPU weight (`cpu.weight` in v2, `cpu.shares` in v1).
    weight: Option<(PathBuf, WeightFile)>,
}

impl Hierarchies {
    /// What this process can use, probed once (root only: juiz must create cgroups).
    pub(crate) fn get() -> &'static Hierarchies {
        static FOUND: OnceLock<Hierarchies> = OnceLock::new();
        FOUND.get_or_init(|| probe().unwrap_or_default())
    }

    /// `cgroup v2 (pids, memory, cpu)`, `cgroup v1 (pids, memory, cpuacct) + v2 kill`, or `None`.
    pub(crate) fn describe(&self) -> Option<String> {
        let names: Vec<String> = [(&self.pids, "pids"), (&self.memory, "memory"), (&self.cpu, "cpu")]
            .iter()
            .filter_map(|(c, name)| {
                c.as_ref().map(|(_, v)| match (v, *name) {
                    (Version::V1, "cpu") => "cpuacct v1".to_string(),
                    (Version::V1, n) => format!("{n} v1"),
                    (Version::V2, n) => format!("{n} v2"),
                })
            })
            .collect();
        if names.is_empty() && self.unified.is_none() {
            return None;
        }
        let kill = if self.unified.is_some() { ", cgroup.kill" } else { "" };
        // The file that says whose turn it is, named as the kernel names it (the line is not
        // translated: every other word of it is a name too).
        let weight = match &self.weight {
            Some((_, WeightFile::Weight)) => ", cpu.weight",
            Some((_, WeightFile::Shares)) => ", cpu.shares",
            None => "",
        };
        Some(format!("cgroups ({}{kill}{weight})", names.join(", ")))
    }

    /// Whether the kernel can count and limit a bot's tasks.
    pub(crate) fn usable(&self) -> bool {
        self.pids.is_some() || self.unified.is_some()
    }
}

fn probe() -> Option<Hierarchies> {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return None;
    }
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut found = Hierarchies::default();
    for line in mountinfo.lines() {
        let Some((left, right)) = line.split_once(" - ") else { continue };
        let left: Vec<&str> = left.split(' ').collect();
        let right: Vec<&str> = right.split(' ').collect();
        let (Some(&root), Some(&mount), Some(&fstype), Some(&options)) =
            (left.get(3), left.get(4), right.first(), right.get(2))
        else {
            continue;
        };
        if root != "/" {
            continue;
        }
        let options: Vec<&str> = options.split(',').collect();
        let dir = |controller_list: &dyn Fn(&str) -> bool| {
            own.lines().find_map(|l| {
                let mut parts = l.splitn(3, ':');
                let (_, list, path) = (parts.next()?, parts.next()?, parts.next()?);
                controller_list(list).then(|| Path::new(mount).join(path.trim_start_matches('/')))
            })
        };
        match fstype {
            "cgroup2" => {
                let Some(dir) = dir(&|list| list.is_empty()) else { continue };
                if !writable(&dir, "cgroup.procs") {
                    continue;
                }
                let controllers = std::fs::read_to_string(dir.join("cgroup.controllers")).unwrap_or_default();
                let wanted: Vec<&str> = ["pids", "memory", "cpu"]
                    .into_iter()
                    .filter(|c| controllers.split_whitespace().any(|x| x == *c))
                    .collect();
                let enabled = !wanted.is_empty() && {
                    let text: Vec<String> = wanted.iter().map(|c| format!("+{c}")).collect();
                    std::fs::write(dir.join("cgroup.subtree_control"), text.join(" ")).is_ok()
                };
                if enabled {
                    if wanted.contains(&"cpu") && found.weight.is_none() {
                        found.weight = Some((dir.clone(), WeightFile::Weight));
                    }
                    for c in &wanted {
                        let slot = match *c {
                            "pids" => &mut found.pids,
                            "memory" => &mut found.memory,
                            _ => &mut found.cpu,
                        };
                        *slot = Some((dir.clone(), Version::V2));
                    }
                }
                found.unified = Some(dir);
            }
            "cgroup" => {
                if options.contains(&"cpu")
                    && found.weight.is_none()
                    && let Some(dir) = dir(&|list| list.split(',').any(|c| c == "cpu"))
                    && writable(&dir, "cpu.shares")
                {
                    found.weight = Some((dir, WeightFile::Shares));
                }
                for (name, file) in
                    [("pids", "pids.max"), ("memory", "memory.limit_in_bytes"), ("cpuacct", "cpuacct.usage")]
                {
                    if !options.contains(&name) {
                        continue;
                    }
                    let Some(dir) = dir(&|list| list.split(',').any(|c| c == name)) else { continue };
                    if !writable(&dir, file) {
                        continue;
                    }
                    let slot = match name {
                        "pids" => &mut found.pids,
                        "memory" => &mut found.memory,
                        _ => &mut found.cpu,
                    };
                    if slot.is_none() {
                        *slot = Some((dir, Version::V1));
                    }
                }
            }
            _ => {}
        }
    }
    // `JUIZ_CPU_WEIGHT=off`: no CPU weight by turn (to measure what it costs: `juiz bench`).
    if std::env::var_os("JUIZ_CPU_WEIGHT").is_some_and(|v| v == "off") {
        found.weight = None;
    }
    Some(found)
}

/// Whether juiz can make a child cgroup in `dir` that has `file` (tried, then removed).
fn writable(dir: &Path, file: &str) -> bool {
    let probe = dir.join(format!("juiz-probe-{}", std::process::id()));
    if std::fs::create_dir(&probe).is_err() {
        return false;
    }
    let has = probe.join(file).exists();
    let _ = std::fs::remove_dir(&probe);
    has
}

/// Most cgroup directories of one box: the unified one, three controllers and the CPU weight's.
pub(crate) const MAX_DIRS: usize = 5;

/// The cgroups of one bot box, reused from game to game once empty.
#[derive(Debug)]
pub(crate) struct BoxCgroup {
    dirs: Vec<PathBuf>,
    /// `cgroup.procs` of each directory, open for the child to write `0` into (it joins).
    procs: Vec<File>,
    h: &'static Hierarchies,
    name: String,
    /// Its counter files, open (`cgroup_counters.rs`).
    counters: CounterFiles,
    base: Mutex<Counters>,
    /// The limits set last (tasks, memory): the same for the next bot are not written again.
    set: Mutex<Option<(Option<u64>, Option<u64>)>>,
    /// Its CPU weight, by turn.
    turn: Turn,
}

impl BoxCgroup {
    /// Makes (or takes over, emptied) the cgroups `juiz-box-<uid>`.
    pub(crate) fn open(uid: u32) -> io::Result<BoxCgroup> {
        let h = Hierarchies::get();
        let name = format!("juiz-box-{uid}");
        let mut dirs: Vec<PathBuf> = Vec::new();
        let parents = [
            h.unified.as_ref(),
            h.pids.as_ref().map(|p| &p.0),
            h.memory.as_ref().map(|p| &p.0),
            h.cpu.as_ref().map(|p| &p.0),
            h.weight.as_ref().map(|p| &p.0),
        ];
        for parent in parents.into_iter().flatten() {
            let dir = parent.join(&name);
            if !dirs.contains(&dir) {
                match std::fs::create_dir(&dir) {
                    Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
                    _ => {}
                }
                dirs.push(dir);
            }
        }
        let procs = dirs
            .iter()
            .map(|d| std::fs::OpenOptions::new().write(true).open(d.join("cgroup.procs")))
            .collect::<io::Result<_>>()?;
        let file = |controller: &Option<(PathBuf, Version)>, v1: &str, v2: &str| {
            controller.as_ref().map(|(parent, version)| {
                (parent.join(&name).join(if *version == Version::V1 { v1 } else { v2 }), *version)
            })
        };
        let counters = CounterFiles::open(
            file(&h.pids, "pids.events", "pids.events").map(|(p, _)| p),
            file(&h.memory, "memory.oom_control", "memory.events").map(|(p, _)| p),
            file(&h.cpu, "cpuacct.usage", "cpu.stat").map(|(p, version)| match version {
                Version::V1 => (p, CpuFile::Nanoseconds),
                Version::V2 => (p, CpuFile::StatMicroseconds),
            }),
            file(&h.pids, "pids.current", "pids.current").map(|(p, _)| p),
        );
        let weight = h.weight.as_ref().map(|(parent, kind)| {
            (parent.join(&name).join(if *kind == WeightFile::Shares { "cpu.shares" } else { "cpu.weight" }), *kind)
        });
        let turn = Turn::open(weight.as_ref().map(|(path, kind)| (path.as_path(), *kind)));
        let cgroup = BoxCgroup {
            dirs,
            procs,
            h,
            name,
            counters,
            base: Mutex::new(Counters::default()),
            set: Mutex::new(None),
            turn,
        };
        // Whatever a juiz killed with -9 left in it goes now.
        if !cgroup.kill_and_wait(Duration::from_secs(2)) {
            return Err(io::Error::other(format!("cgroup {} cannot be emptied", cgroup.name)));
        }
        Ok(cgroup)
    }

    /// Whether the kernel limits the tasks of the box (`pids`).
    pub(crate) fn limits_tasks(&self) -> bool {
        self.h.pids.is_some()
    }

    /// The open `cgroup.procs` files the child joins before `exec`.
    pub(crate) fn join_fds(&self) -> Vec<i32> {
        self.procs.iter().map(AsRawFd::as_raw_fd).collect()
    }

    fn file(&self, controller: &Option<(PathBuf, Version)>, v1: &str, v2: &str) -> Option<(PathBuf, Version)> {
        let (parent, version) = controller.as_ref()?;
        let name = if *version == Version::V1 { v1 } else { v2 };
        Some((parent.join(&self.name).join(name), *version))
    }

    /// Sets the limits of the next bot and takes its counters' starting values.
    pub(crate) fn prepare(&self, tasks: Option<u64>, memory: Option<u64>) -> io::Result<()> {
        *self.base() = self.counters();
        self.turn.reset();
        let mut set = self.set.lock().unwrap_or_else(PoisonError::into_inner);
        if *set == Some((tasks, memory)) {
            return Ok(());
        }
        *set = None;
        let write = |path: PathBuf, value: &str| {
            std::fs::write(&path, value).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        };
        if let Some((path, _)) = self.file(&self.h.pids, "pids.max", "pids.max") {
            write(path, &tasks.map_or_else(|| "max".to_string(), |n| n.to_string()))?;
        }
        match self.file(&self.h.memory, "memory.limit_in_bytes", "memory.max") {
            Some((path, Version::V2)) => {
                write(path.clone(), &memory.map_or_else(|| "max".to_string(), |n| n.to_string()))?;
                let _ = write(path.with_file_name("memory.swap.max"), "0");
            }
            Some((path, Version::V1)) => {
                // Swap is counted with memory where the kernel accounts it (`memsw`), whose
                // limit may never be below the memory limit: lifted first, set last.
                let memsw = path.with_file_name("memory.memsw.limit_in_bytes");
                let accounted = memsw.exists();
                if accounted {
                    write(memsw.clone(), "-1")?;
                }
                let limit = memory.map_or_else(|| "-1".to_string(), |n| n.to_string());
                write(path, &limit)?;
                if accounted {
                    write(memsw, &limit)?;
                }
            }
            None => {}
        }
        *set = Some((tasks, memory));
        Ok(())
    }

    fn counters(&self) -> Counters {
        self.counters.read()
    }

    /// Usage since `prepare`.
    pub(crate) fn usage(&self) -> CgroupUsage {
        let now = self.counters();
        let base = *self.base();
        let procs =
            self.dirs.first().and_then(|d| std::fs::read_to_string(d.join("cgroup.procs")).ok()).unwrap_or_default();
        CgroupUsage {
            processes: procs.lines().count() as u64,
            hit_task_limit: now.task_limit_hits > base.task_limit_hits,
            oom_killed: now.oom_kills > base.oom_kills,
            cpu_time: Duration::from_nanos(now.cpu_ns.saturating_sub(base.cpu_ns)),
        }
    }

    /// CPU time of everything in the box since `prepare` (for move timing).
    pub(crate) fn cpu_time(&self) -> Option<Duration> {
        self.h.cpu.as_ref()?;
        let base = self.base().cpu_ns;
        Some(Duration::from_nanos(self.counters.cpu_ns().saturating_sub(base)))
    }

    fn base(&self) -> MutexGuard<'_, Counters> {
        self.base.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Says whether the box's bot is on move (or out of a game) or waits while another bot of
    /// its game moves (`cgroup_turn.rs`); false when the scheduler cannot be told.
    pub(crate) fn set_on_move(&self, on_move: bool) -> bool {
        self.turn.set(on_move);
        self.turn.works()
    }

    /// The watchdog's look at the box's CPU time `cpu`: a waiting bot found computing gets the
    /// least CPU weight (`cgroup_turn.rs`).
    pub(crate) fn look_at_turn(&self, cpu: Duration) {
        self.turn.look(cpu);
    }

    /// Kills every process in the box, in any group or session.
    pub(crate) fn kill(&self) {
        if let Some(dir) = self.h.unified.as_ref().map(|u| u.join(&self.name))
            && std::fs::write(dir.join("cgroup.kill"), "1").is_ok()
        {
            return;
        }
        // Without cgroup.kill: kill what is listed until nothing is (a bomb stops at pids.max).
        for _ in 0..64 {
            let pids = self.pids();
            if pids.is_empty() {
                return;
            }
            for pid in pids {
                // SAFETY: kill takes two integers.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        }
    }

    fn pids(&self) -> Vec<i32> {
        let mut pids = Vec::new();
        for dir in &self.dirs {
            let text = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
            pids.extend(text.lines().filter_map(|l| l.trim().parse::<i32>().ok()));
        }
        pids.sort_unstable();
        pids.dedup();
        pids
    }

    /// Whether no task of the box is left, zombies included (`pids.current` counts them until
    /// they are reaped).
    pub(crate) fn is_empty(&self) -> bool {
        if self.h.pids.is_some() {
            return self.counters.no_tasks();
        }
        self.pids().is_empty()
    }

    /// Empties the box and removes its cgroups (juiz is done with the uid); they stay if
    /// something could not be killed, for the next juiz that takes the uid.
    pub(crate) fn remove(&self) {
        if self.kill_and_wait(Duration::from_secs(1)) {
            for dir in &self.dirs {
                let _ = std::fs::remove_dir(dir);
            }
        }
    }

    /// Kills the box and waits (reaping what juiz must) until it is empty or `bound` passed.
    pub(crate) fn kill_and_wait(&self, bound: Duration) -> bool {
        let deadline = Instant::now() + bound;
        loop {
            if self.is_empty() {
                return true;
            }
            self.kill();
            crate::bot::boxes::escapees::sweep();
            if Instant::now() >= deadline {
                return self.is_empty();
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// In the child before `exec`: joins the box's cgroups. System calls only.
pub(crate) fn join_in_child(fds: &[i32]) -> io::Result<()> {
    for &fd in fds {
        // SAFETY: writing two bytes from a static buffer to an open descriptor.
        if unsafe { libc::write(fd, b"0\n".as_ptr().cast(), 2) } < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}
