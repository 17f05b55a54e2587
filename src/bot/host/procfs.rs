//! What the bot module reads from `/proc`: the processes, memory and CPU time of process groups
//! (for the watchdog), the time a process waited for a CPU (for fair move timing), and the load.

use std::time::Duration;

/// What a process group uses right now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GroupUsage {
    /// Processes in the group, zombies included.
    pub processes: u64,
    /// Their threads (tasks), for the task limit.
    pub tasks: u64,
    /// Resident memory of all of them.
    pub rss_bytes: u64,
    /// CPU time of the live processes plus that of the children they reaped.
    pub cpu_time: Duration,
    /// CPU time of the group's leader (the bot's main process) itself, all its threads.
    pub leader_cpu: Duration,
}

/// The processes of one bot: its process group and, when it has a user namespace of its own
/// (juiz not root), every process in that namespace, in whatever group or session: none can
/// leave it (seccomp refuses a nested one: `seccomp.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Members {
    /// The group's id: its leader's pid, the bot's main process or its init (`pid_init.rs`).
    pub pgid: i32,
    /// The bot's main process: `pgid`, or the init's child where the bot has an init, which is
    /// not counted as one of its processes (only the CPU time of the orphans it reaped is).
    pub leader: i32,
    /// The inode of the bot's user namespace, if it is not juiz's.
    pub userns: Option<u64>,
}

impl Members {
    /// The members of the bot whose main process is `pid` (also its group's id), with its user
    /// namespace held open when it has one of its own: a namespace's inode is reused once the
    /// namespace is gone, and the bot's must not name another bot's namespace while juiz counts,
    /// kills or spares by it (keep the descriptor until the bot's shutdown is over).
    pub(crate) fn of(pid: i32, leader: i32) -> (Members, Option<std::fs::File>) {
        use std::os::unix::fs::MetadataExt;
        let held = std::fs::File::open(format!("/proc/{pid}/ns/user"))
            .ok()
            .and_then(|file| Some((file.metadata().ok()?.ino(), file)))
            .filter(|&(ns, _)| Some(ns) != own_user_namespace());
        let userns = held.as_ref().map(|&(ns, _)| ns);
        (Members { pgid: pid, leader, userns }, held.map(|(_, file)| file))
    }

    /// The members of a bot known to share juiz's user namespace (it took a uid of its own,
    /// juiz being root): its process group only, without a look at `/proc` (`of` would find
    /// the namespace to be juiz's and answer the same).
    pub(crate) fn group_only(pid: i32, leader: i32) -> Members {
        Members { pgid: pid, leader, userns: None }
    }
}

/// The inode of juiz's own user namespace, read once: juiz never changes it (only its children,
/// before their `exec`, unshare theirs).
fn own_user_namespace() -> Option<u64> {
    static OWN: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *OWN.get_or_init(|| user_namespace("self"))
}

/// The processes in the user namespace `userns`, zombies excluded (they are dead already).
pub(crate) fn in_user_namespace(userns: u64) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    let mut found = Vec::new();
    let mut buf = String::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Ok(pid) = name.parse::<i32>() else { continue };
        if user_namespace(name) != Some(userns) {
            continue;
        }
        if !is_zombie(pid, &mut buf) {
            found.push(pid);
        }
    }
    found
}

/// Whether `pid` has ended and waits to be reaped (state `Z` in its `stat`); `buf` is scratch.
pub(crate) fn is_zombie(pid: i32, buf: &mut String) -> bool {
    buf.clear();
    read_to(format!("/proc/{pid}/stat"), buf).is_ok()
        && buf.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z'))
}

/// The inode of the user namespace of process `pid`.
pub(crate) fn user_namespace_of(pid: i32) -> Option<u64> {
    user_namespace(&pid.to_string())
}

/// The inode of the user namespace of process `pid` (a number or `self`).
fn user_namespace(pid: &str) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(format!("/proc/{pid}/ns/user")).ok().map(|m| m.ino())
}

/// The usage of each bot of `bots`, from one pass over `/proc`.
pub(crate) fn group_usage(bots: &[Members]) -> Vec<GroupUsage> {
    let mut usage = vec![GroupUsage::default(); bots.len()];
    if bots.is_empty() {
        return usage;
    }
    let by_namespace = bots.iter().any(|b| b.userns.is_some());
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return usage;
    };
    let page = page_size();
    let tick = clock_tick();
    let mut buf = String::with_capacity(512);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        buf.clear();
        if read_to(format!("/proc/{name}/stat"), &mut buf).is_err() {
            continue;
        }
        let Some(stat) = parse_stat(&buf) else { continue };
        let member = bots.iter().position(|b| b.pgid == stat.pgrp).or_else(|| {
            let ns = if by_namespace { user_namespace(name) } else { None };
            ns.and_then(|ns| bots.iter().position(|b| b.userns == Some(ns)))
        });
        if let Some(i) = member {
            let u = &mut usage[i];
            let pid = name.parse::<i32>();
            // The init of a bot is juiz's: only what it reaped (the bot's orphans) is the bot's.
            if pid != Ok(bots[i].pgid) || bots[i].pgid == bots[i].leader {
                u.processes += 1;
                u.tasks += stat.threads.max(1);
                u.rss_bytes = u.rss_bytes.saturating_add(stat.rss_pages.saturating_mul(page));
            }
            u.cpu_time += Duration::from_secs_f64(stat.cpu_ticks as f64 / tick as f64);
            if pid == Ok(bots[i].leader) {
                u.leader_cpu = Duration::from_secs_f64(stat.own_ticks as f64 / tick as f64);
            }
        }
    }
    usage
}

/// The process group of `pid`, from its `/proc/<pid>/stat`.
pub(crate) fn process_group(pid: i32) -> Option<i32> {
    let mut buf = String::new();
    read_to(format!("/proc/{pid}/stat"), &mut buf).ok()?;
    parse_stat(&buf).map(|stat| stat.pgrp)
}

/// The parent of `pid`, from its `/proc/<pid>/stat`.
pub(crate) fn parent_of(pid: i32) -> Option<i32> {
    let mut buf = String::new();
    read_to(format!("/proc/{pid}/stat"), &mut buf).ok()?;
    parse_stat(&buf).map(|stat| stat.ppid)
}

/// The fields of `/proc/<pid>/stat` the watchdog uses.
#[derive(Debug, PartialEq, Eq)]
struct Stat {
    ppid: i32,
    pgrp: i32,
    /// Its own CPU time and that of the children it reaped.
    cpu_ticks: u64,
    /// Its own CPU time.
    own_ticks: u64,
    threads: u64,
    rss_pages: u64,
}

/// Parses a stat line; the command name in parentheses may hold spaces and parentheses.
fn parse_stat(text: &str) -> Option<Stat> {
    let after = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    // fields[0] is field 3 (state) of proc(5).
    let field = |n: usize| fields.get(n - 3).copied();
    let num = |n: usize| field(n).and_then(|f| f.parse::<i64>().ok()).map(|v| v.max(0) as u64);
    Some(Stat {
        ppid: field(4)?.parse().ok()?,
        pgrp: field(5)?.parse().ok()?,
        cpu_ticks: num(14)? + num(15)? + num(16)? + num(17)?,
        own_ticks: num(14)? + num(15)?,
        threads: num(20)?,
        rss_pages: num(24)?,
    })
}

/// Reads how long a bot's main thread has spent runnable but waiting for a CPU (the second
/// field of `/proc/<pid>/schedstat`), through a file opened once per process: one `pread` a
/// reading, as it is read on every move. `None` where the kernel does not keep it.
#[derive(Debug)]
pub(crate) struct RunDelay(Option<std::fs::File>);

impl RunDelay {
    pub(crate) fn open(pid: i32) -> RunDelay {
        RunDelay(std::fs::File::open(format!("/proc/{pid}/schedstat")).ok())
    }

    pub(crate) fn read(&self) -> Option<Duration> {
        use std::os::unix::fs::FileExt;
        let file = self.0.as_ref()?;
        let mut buf = [0u8; 96];
        let n = file.read_at(&mut buf, 0).ok()?;
        let text = std::str::from_utf8(&buf[..n]).ok()?;
        text.split_whitespace().nth(1)?.parse::<u64>().ok().map(Duration::from_nanos)
    }
}

/// The one-minute load average.
pub(crate) fn load_average() -> Option<f64> {
    let mut buf = String::new();
    read_to("/proc/loadavg", &mut buf).ok()?;
    buf.split_whitespace().next()?.parse().ok()
}

/// Processors this program may run on: the main thread's CPU set (a tournament worker, and
/// the bots it starts, are pinned to one core of it).
pub(crate) fn cores() -> usize {
    crate::bot::host::affinity::allowed_cpus().len().max(1)
}

/// Appends the whole of a small file (a `/proc` file) to `buf` with plain reads: `read_to_string`
/// on a `File` first asks for its size and position, two more system calls for nothing, as
/// `/proc` files have no size. Called for every process on each look of the watchdog.
pub(crate) fn read_to(path: impl AsRef<std::path::Path>, buf: &mut String) -> std::io::Result<()> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    buf.push_str(&String::from_utf8_lossy(&bytes));
    Ok(())
}

fn page_size() -> u64 {
    // SAFETY: sysconf has no memory-safety preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if size > 0 { size as u64 } else { 4096 }
}

fn clock_tick() -> u64 {
    // SAFETY: sysconf has no memory-safety preconditions.
    let tick = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if tick > 0 { tick as u64 } else { 100 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_stat_with_a_tricky_name() {
        let line = "1234 (a (b) c) S 1 1230 1230 0 -1 4194560 100 0 0 0 7 3 2 1 20 0 1 0 5 1000 250 rest";
        assert_eq!(
            parse_stat(line),
            Some(Stat { ppid: 1, pgrp: 1230, cpu_ticks: 13, own_ticks: 10, threads: 1, rss_pages: 250 })
        );
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn sees_our_own_group() {
        let pgid = nix::unistd::getpgrp().as_raw();
        let members = [Members { pgid, leader: pgid, userns: None }, Members { pgid: -5, leader: -5, userns: None }];
        let usage = group_usage(&members);
        assert!(usage[0].processes >= 1, "{usage:?}");
        assert!(usage[0].rss_bytes > 0);
        assert_eq!(usage[1], GroupUsage::default());
        assert!(load_average().is_some());
        // Our own user namespace is no bot's.
        let own = std::process::id() as i32;
        assert_eq!(Members::of(own, own).0.userns, None);
    }

    #[test]
    fn reads_our_own_run_delay_and_nothing_for_a_missing_process() {
        let delay = RunDelay::open(std::process::id() as i32);
        assert!(delay.read().is_some(), "this kernel keeps schedstat");
        assert!(delay.read().unwrap() >= Duration::ZERO);
        assert!(RunDelay::open(-1).read().is_none());
    }
}
