//! Processes that left their bot's process group (`setsid`, `setpgid`) to outlive the game: juiz
//! is a child subreaper, so such a process becomes juiz's child once the group it came from is
//! gone, and `sweep` kills every child of juiz that is in no live bot's group (a bot is live
//! until its shutdown has cleared its group) and not in juiz's own group (a compiler juiz runs).
//! Without it an escaped process would live on after juiz, and could lurk in a work dir given to
//! another bot.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Mutex, MutexGuard, PoisonError, RwLock};

use nix::sys::signal::Signal;

use super::{procfs, sys};

/// The process groups of the bots alive now (a group's id is its bot's pid), counted: a pid can be
/// reused by a new bot before the shutdown of the one that had it is over.
static LIVE: Mutex<BTreeMap<i32, usize>> = Mutex::new(BTreeMap::new());

/// Held shared while bots are being started (several at once), exclusively by a sweep: a sweep
/// never sees a bot that is started but not yet recorded as live.
static STARTING: RwLock<()> = RwLock::new(());

fn live() -> MutexGuard<'static, BTreeMap<i32, usize>> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts a bot with `start` (which returns its pid) and records it as live, with no sweep in
/// between: a sweep never takes a bot being started for an escaped process.
pub(crate) fn start<T>(start: impl FnOnce() -> io::Result<T>, pid: impl Fn(&T) -> i32) -> io::Result<T> {
    let _starting = STARTING.read().unwrap_or_else(PoisonError::into_inner);
    let started = start()?;
    *live().entry(pid(&started)).or_default() += 1;
    Ok(started)
}

/// The bot whose group is `pgid` is over: its group is gone (or it never started properly).
pub(crate) fn ended(pgid: i32) {
    let mut live = live();
    if let Some(count) = live.get_mut(&pgid) {
        *count -= 1;
        if *count == 0 {
            live.remove(&pgid);
        }
    }
}

/// Kills and reaps every escaped process there is now (their own children, re-parented to juiz
/// in turn, with them). Returns how many there were.
pub(crate) fn sweep() -> usize {
    let _no_start = STARTING.write().unwrap_or_else(PoisonError::into_inner);
    let live = live();
    // SAFETY: getpgrp cannot fail.
    let own_group = unsafe { libc::getpgrp() };
    let mut killed = 0;
    for _ in 0..16 {
        let escaped: Vec<(i32, i32)> = children()
            .into_iter()
            .filter_map(|pid| process_group(pid).map(|pgid| (pid, pgid)))
            .filter(|&(pid, pgid)| pgid != own_group && !live.contains_key(&pgid) && !live.contains_key(&pid))
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

/// The process group of `pid`, from `/proc/<pid>/stat` (field 5, after the command's parentheses).
fn process_group(pid: i32) -> Option<i32> {
    let mut stat = String::new();
    procfs::read_to(format!("/proc/{pid}/stat"), &mut stat).ok()?;
    stat[stat.rfind(')')? + 1..].split_whitespace().nth(2)?.parse().ok()
}
