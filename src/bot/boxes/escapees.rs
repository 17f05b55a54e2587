//! Processes that left their bot's process group (`setsid`, `setpgid`) to outlive the game: juiz
//! is a child subreaper, so such a process becomes juiz's child once the group it came from is
//! gone, and `sweep` kills every child of juiz that is in no live bot's group (a bot is live
//! from its start until its shutdown has cleared its group) and not in juiz's own group (a
//! compiler juiz runs), nor in a bot's box in use (`boxes/mod.rs` says which: its cgroups end all of its
//! processes with the bot), nor in a live bot's user namespace (not root: the bot's watchdog
//! counts them, and its shutdown kills them).
//! Without it an escaped process would live on after juiz, and could lurk in a work dir given to
//! another bot.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use nix::sys::signal::Signal;

use crate::bot::{host::procfs, host::sys};

/// The process groups of the bots alive now (a group's id is its bot's pid), counted: a pid can be
/// reused by a new bot before the shutdown of the one that had it is over.
static LIVE: Mutex<BTreeMap<i32, usize>> = Mutex::new(BTreeMap::new());

/// The user namespaces of the bots alive now (without root), counted: a process of a live bot
/// that left its group is still that bot's (its watchdog counts it), never an escapee.
/// The uids of the boxes in use (`boxes/`, as root): their processes are their bot's, whatever
/// their group, until the box is released.
static BOXES_IN_USE: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());

/// A box of uid `uid` is taken by a bot: its processes are no escapees.
pub(crate) fn box_taken(uid: u32) {
    BOXES_IN_USE.lock().unwrap_or_else(PoisonError::into_inner).insert(uid);
}

/// The box of uid `uid` is released: what still runs under it is its bot's leftovers.
pub(crate) fn box_freed(uid: u32) {
    BOXES_IN_USE.lock().unwrap_or_else(PoisonError::into_inner).remove(&uid);
}

/// Whether process `pid` runs in a box in use (its uid is the box's).
fn in_a_box_in_use(pid: i32) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(format!("/proc/{pid}")) else { return false };
    let uids = BOXES_IN_USE.lock().unwrap_or_else(PoisonError::into_inner);
    !uids.is_empty() && uids.contains(&meta.uid())
}

static LIVE_NAMESPACES: Mutex<BTreeMap<u64, usize>> = Mutex::new(BTreeMap::new());

/// Bots being started, one slot each: the child writes its own pid in its slot before it leaves
/// juiz's process group, and the slot is cleared once the bot is recorded as live, so a sweep never
/// takes a bot being started for an escaped process, and never waits for a start (the child runs
/// until its `exec` meanwhile).
static STARTING: [AtomicI32; SLOTS] = [const { AtomicI32::new(FREE) }; SLOTS];
/// Bots started at once beyond this wait for a slot.
const SLOTS: usize = 64;
const FREE: i32 = 0;
const RESERVED: i32 = -1;

/// A slot of `STARTING`, freed on drop.
pub(crate) struct StartSlot(&'static AtomicI32);

impl StartSlot {
    fn take() -> StartSlot {
        loop {
            for slot in &STARTING {
                if slot.compare_exchange(FREE, RESERVED, Ordering::SeqCst, Ordering::SeqCst).is_ok() {
                    return StartSlot(slot);
                }
            }
            std::thread::yield_now();
        }
    }

    /// Where the child writes its pid (an atomic store: allowed between `clone` and `exec`).
    pub(crate) fn cell(&self) -> &'static AtomicI32 {
        self.0
    }
}

impl Drop for StartSlot {
    fn drop(&mut self) {
        self.0.store(FREE, Ordering::SeqCst);
    }
}

/// Whether `pid` is a bot being started.
fn starting(pid: i32) -> bool {
    STARTING.iter().any(|slot| slot.load(Ordering::SeqCst) == pid)
}

fn live() -> MutexGuard<'static, BTreeMap<i32, usize>> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts a bot with `start` (which returns its pid, and whose child must write its pid in the
/// slot it is given before leaving juiz's process group) and records it as live.
pub(crate) fn start<T>(start: impl FnOnce(&StartSlot) -> io::Result<T>, pid: impl Fn(&T) -> i32) -> io::Result<T> {
    reap_adopted_in_the_background();
    let slot = StartSlot::take();
    let started = start(&slot)?;
    *live().entry(pid(&started)).or_default() += 1;
    drop(slot);
    Ok(started)
}

/// Starts, once, a thread that every 200 ms reaps the ended orphans juiz adopted as a child
/// subreaper (`sys::become_subreaper`): the processes of another juiz's bots, when that juiz ran
/// under this one and was killed with -9 (its bots' inits, their children). Nobody else waits for
/// them, and a zombie keeps its cgroup from being emptied, so without this every later bot given
/// that box would fail to start. Only zombies are taken, never a process juiz waits for itself:
/// one in juiz's own process group (a compiler, a command run with `std::process`), a live bot
/// or one starting.
fn reap_adopted_in_the_background() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = std::thread::Builder::new().name("juiz-reaper".into()).spawn(|| {
            loop {
                std::thread::sleep(std::time::Duration::from_millis(200));
                reap_adopted();
            }
        });
    });
}

/// Reaps the ended orphans of `reap_adopted_in_the_background`; returns how many.
pub(crate) fn reap_adopted() -> usize {
    // SAFETY: getpgrp cannot fail.
    let own_group = unsafe { libc::getpgrp() };
    let mut stat = String::new();
    let mut reaped = 0;
    for pid in children() {
        if !procfs::is_zombie(pid, &mut stat) {
            continue;
        }
        let Some(pgid) = procfs::process_group(pid) else { continue };
        let ours = {
            let live = live();
            pgid == own_group || live.contains_key(&pid) || live.contains_key(&pgid) || starting(pid) || starting(pgid)
        };
        if !ours && sys::reap(pid, false).is_ok_and(|r| r.is_some()) {
            reaped += 1;
        }
    }
    reaped
}

/// The bot whose group is `pgid` is over: its group is gone (or it never started properly).
pub(crate) fn ended(pgid: i32) {
    uncount(&mut live(), &pgid);
}

/// A bot that lives in the user namespace `userns` has started.
pub(crate) fn namespace_started(userns: u64) {
    *LIVE_NAMESPACES.lock().unwrap_or_else(PoisonError::into_inner).entry(userns).or_default() += 1;
}

/// The bot of the user namespace `userns` is over: what is left in it escaped.
pub(crate) fn namespace_ended(userns: u64) {
    uncount(&mut LIVE_NAMESPACES.lock().unwrap_or_else(PoisonError::into_inner), &userns);
}

fn uncount<K: Ord>(counts: &mut BTreeMap<K, usize>, key: &K) {
    if let Some(count) = counts.get_mut(key) {
        *count -= 1;
        if *count == 0 {
            counts.remove(key);
        }
    }
}

/// Whether `pid` is in the user namespace of a live bot.
fn in_live_namespace(pid: i32) -> bool {
    let live = LIVE_NAMESPACES.lock().unwrap_or_else(PoisonError::into_inner);
    !live.is_empty() && procfs::user_namespace_of(pid).is_some_and(|ns| live.contains_key(&ns))
}

/// Kills and reaps every escaped process there is now (their own children, re-parented to juiz
/// in turn, with them). Returns how many there were.
pub(crate) fn sweep() -> usize {
    let live = live();
    // SAFETY: getpgrp cannot fail.
    let own_group = unsafe { libc::getpgrp() };
    let mut killed = 0;
    for _ in 0..16 {
        let escaped: Vec<(i32, i32)> = children()
            .into_iter()
            // A live bot's main process, or one starting, is no escapee: its group is not read.
            .filter(|pid| !live.contains_key(pid) && !starting(*pid))
            .filter_map(|pid| procfs::process_group(pid).map(|pgid| (pid, pgid)))
            // Read after the process group: a bot being started is in its slot before it is in a
            // group of its own.
            .filter(|&(pid, pgid)| {
                pgid != own_group
                    && !live.contains_key(&pgid)
                    && !live.contains_key(&pid)
                    && !starting(pgid)
                    && !starting(pid)
                    && !in_a_box_in_use(pid)
                    && !in_live_namespace(pid)
            })
            .collect();
        if escaped.is_empty() {
            break;
        }
        for &(pid, pgid) in &escaped {
            sys::signal_group(pgid, Signal::SIGKILL);
            sys::signal_process(pid, Signal::SIGKILL);
        }
        for &(pid, _) in &escaped {
            let _ = sys::reap(pid, true);
        }
        killed += escaped.len();
    }
    killed
}

/// Whether every child of juiz is the main process of a live bot or one being started. Then no
/// process of an ended bot is left anywhere: each would descend from a child of juiz, the
/// subreaper its orphans go to (a bot cannot leave its user namespace or set up another
/// reaper above itself), so its namespace need not be looked for in all of `/proc`.
pub(crate) fn only_live_bots_remain() -> bool {
    let live = live();
    children().into_iter().all(|pid| live.contains_key(&pid) || starting(pid))
}

/// Whether some child of juiz has ended and waits to be reaped (one `waitid` that reaps nothing).
/// An orphan juiz became the reaper of (of a bot, or of anything a killed juiz left) shows up
/// here once it has died; a bot's own zombie too, until its shutdown reaps it.
pub(crate) fn a_child_waits_to_be_reaped() -> bool {
    // SAFETY: a zeroed siginfo for the kernel to fill; WNOWAIT leaves the child as it is.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to that siginfo; no child is reaped (WNOWAIT) or waited for.
    let rc = unsafe { libc::waitid(libc::P_ALL, 0, &mut info, libc::WEXITED | libc::WNOHANG | libc::WNOWAIT) };
    // SAFETY: si_pid is set (or left 0) by a successful waitid.
    rc == 0 && unsafe { info.si_pid() } != 0
}

/// Kills every process in the user namespace `userns` (a bot's, without root), until none is
/// left or a bound of rounds has passed (each round finds what forked meanwhile); the killed
/// become juiz's orphans, which `sweep` reaps. Returns how many were found, and whether the
/// namespace was seen empty.
pub(crate) fn kill_namespace(userns: u64) -> (usize, bool) {
    kill_namespace_but(userns, &|_| false)
}

/// `kill_namespace`, sparing the processes for which `spare` is true.
pub(crate) fn kill_namespace_but(userns: u64, spare: &dyn Fn(i32) -> bool) -> (usize, bool) {
    let mut killed = 0;
    for _ in 0..16 {
        let found: Vec<i32> = procfs::in_user_namespace(userns).into_iter().filter(|&pid| !spare(pid)).collect();
        if found.is_empty() {
            return (killed, true);
        }
        for &pid in &found {
            sys::signal_process(pid, Signal::SIGKILL);
        }
        killed += found.len();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    (killed, false)
}

/// The children of every thread of juiz.
fn children() -> Vec<i32> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return Vec::new() };
    let mut found = Vec::new();
    for task in tasks.flatten() {
        let mut text = String::new();
        if procfs::read_to(task.path().join("children"), &mut text).is_ok() {
            found.extend(text.split_whitespace().filter_map(|p| p.parse::<i32>().ok()));
        }
    }
    found
}
