//! What a juiz killed with -9 leaves running when it is not root: while a bot lives, the inode of
//! its user namespace is recorded as an empty file `userns-<inode>` in this juiz's work root
//! (`workdir.rs`, whose lock is held while juiz lives); the next juiz of the same user, finding a
//! root whose lock is free, kills every process still in a recorded namespace before it removes
//! the root. No process can leave its bot's user namespace (seccomp refuses a nested one), so a
//! chain of `setsid` children is found whatever groups or sessions it went through. As root the
//! boxes (`boxes.rs`) do this with uids and cgroups instead.

use std::path::Path;

use crate::bot::{boxes::escapees, host::procfs};

/// The name of a record, before the namespace's inode (`workdir::record_namespace` writes it).
pub(crate) const PREFIX: &str = "userns-";

/// In the root of a juiz that is gone: kills every process of this user still in a namespace it
/// recorded, unless a live juiz is among the process's ancestors (a namespace's inode can be
/// reused once the namespace is gone: a live juiz's bot never pays for a dead one's). Returns
/// how many processes were killed.
pub(crate) fn sweep(dead_root: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dead_root) else { return 0 };
    let recorded: Vec<u64> =
        entries.flatten().filter_map(|e| e.file_name().to_str()?.strip_prefix(PREFIX)?.parse().ok()).collect();
    recorded.into_iter().map(|userns| escapees::kill_namespace_but(userns, &under_a_live_juiz).0).sum()
}

/// Whether a process running this juiz's program is an ancestor of `pid`.
fn under_a_live_juiz(pid: i32) -> bool {
    let Ok(me) = std::fs::read_link("/proc/self/exe") else { return true };
    let mut current = pid;
    for _ in 0..64 {
        let Some(parent) = procfs::parent_of(current) else { return false };
        if parent <= 1 {
            return false;
        }
        if std::fs::read_link(format!("/proc/{parent}/exe")).is_ok_and(|exe| exe == me) {
            return true;
        }
        current = parent;
    }
    true
}
