//! Keeping a game's hand-offs inside one scheduling group: with the kernel's autogroups on
//! (`kernel.sched_autogroup_enabled`), every session is a group of its own for the CPU scheduler,
//! and every bot starts a session (`setsid`, see `spawn.rs`). Each line of a game then hands the
//! CPU from juiz's group to a bot's and back, and under load (other work runnable on the cores)
//! juiz's group, asleep at every hand-off, is picked again only after the others' time slices:
//! a few lines per scheduler tick instead of hundreds (2026-11-26 lab notes in
//! `docs/benchmarks-containment.md`). Autogroups apply only to tasks in the root group of the
//! `cpu` controller, so juiz, as root, moves itself into the `cpu` cgroup `juiz` (v1 hierarchy;
//! made once, shared by every juiz, left in place like a slice); its bots inherit it. Without
//! root, or when juiz already is in a `cpu` cgroup, or on cgroup v2 (where the box cgroups are
//! cpu groups of their own), nothing is changed.

use std::path::{Path, PathBuf};

/// The `cpu` cgroup juiz moves into, under the hierarchy's root.
const GROUP: &str = "juiz";

/// What `leave_autogroups` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Placement {
    /// Autogroups are off, or juiz is not root, or has no v1 `cpu` hierarchy at its root: as it was.
    Unchanged,
    /// juiz moved into this `cpu` cgroup.
    Moved(PathBuf),
    /// The move was refused (the reason): juiz runs as before.
    Failed(String),
}

/// Moves this process (every thread) into the shared `cpu` cgroup when the kernel would give each
/// bot's session a scheduling group of its own; once per process (later calls return the first
/// answer). Call it before the box cgroups are probed: on a hierarchy that also holds `cpuacct`,
/// they are then made under the new group.
pub(crate) fn leave_autogroups() -> &'static Placement {
    static DONE: std::sync::OnceLock<Placement> = std::sync::OnceLock::new();
    DONE.get_or_init(|| {
        // SAFETY: geteuid cannot fail.
        if unsafe { libc::geteuid() } != 0 || !autogroups_on() {
            return Placement::Unchanged;
        }
        let (Ok(mountinfo), Ok(own)) =
            (std::fs::read_to_string("/proc/self/mountinfo"), std::fs::read_to_string("/proc/self/cgroup"))
        else {
            return Placement::Unchanged;
        };
        match group_to_join(&mountinfo, &own) {
            Some(dir) => join(&dir),
            None => Placement::Unchanged,
        }
    })
}

fn autogroups_on() -> bool {
    std::fs::read_to_string("/proc/sys/kernel/sched_autogroup_enabled").is_ok_and(|v| v.trim() == "1")
}

/// The directory of the shared group in the v1 `cpu` hierarchy, when this process sits at that
/// hierarchy's root (the scheduler's root group, where autogroups apply). `mountinfo` and `own`
/// are the texts of `/proc/self/mountinfo` and `/proc/self/cgroup`.
pub(crate) fn group_to_join(mountinfo: &str, own: &str) -> Option<PathBuf> {
    let mount = mountinfo.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        let left: Vec<&str> = left.split(' ').collect();
        let right: Vec<&str> = right.split(' ').collect();
        let (root, point, fstype, options) = (left.get(3)?, left.get(4)?, right.first()?, right.get(2)?);
        (*fstype == "cgroup" && *root == "/" && options.split(',').any(|o| o == "cpu")).then_some(*point)
    })?;
    let at_root = own.lines().any(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, list, path) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        list.split(',').any(|c| c == "cpu") && path == "/"
    });
    at_root.then(|| Path::new(mount).join(GROUP))
}

fn join(dir: &Path) -> Placement {
    if let Err(e) = std::fs::create_dir(dir)
        && e.kind() != std::io::ErrorKind::AlreadyExists
    {
        return Placement::Failed(format!("cannot make {}: {e}", dir.display()));
    }
    // `cgroup.procs` moves the whole process, every thread.
    match std::fs::write(dir.join("cgroup.procs"), std::process::id().to_string()) {
        Ok(()) => Placement::Moved(dir.to_path_buf()),
        Err(e) => Placement::Failed(format!("cannot join {}: {e}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTS: &str = "\
40 31 0:35 / /sys/fs/cgroup/cpuacct rw,relatime shared:15 - cgroup cgroup rw,cpuacct
41 31 0:36 / /sys/fs/cgroup/cpu rw,relatime shared:16 - cgroup cgroup rw,cpu
42 31 0:37 / /sys/fs/cgroup/unified rw,relatime shared:17 - cgroup2 cgroup2 rw
";

    #[test]
    fn a_process_at_the_cpu_root_joins_the_shared_group() {
        let own = "4:memory:/process_api/x\n2:cpuacct:/\n1:cpu:/\n0::/\n";
        assert_eq!(group_to_join(MOUNTS, own), Some(PathBuf::from("/sys/fs/cgroup/cpu/juiz")));
        let comounted = "41 31 0:36 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n";
        assert_eq!(
            group_to_join(comounted, "3:cpu,cpuacct:/\n"),
            Some(PathBuf::from("/sys/fs/cgroup/cpu,cpuacct/juiz"))
        );
    }

    #[test]
    fn a_process_already_in_a_cpu_group_or_without_v1_cpu_stays() {
        assert_eq!(group_to_join(MOUNTS, "2:cpuacct:/\n1:cpu:/juiz\n0::/\n"), None);
        assert_eq!(group_to_join(MOUNTS, "1:cpu:/user.slice\n"), None);
        let v2_only = "42 31 0:37 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        assert_eq!(group_to_join(v2_only, "0::/\n"), None);
        // A bind of a sub-folder of the hierarchy is not its root.
        let bound = "41 31 0:36 /docker/x /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n";
        assert_eq!(group_to_join(bound, "1:cpu:/\n"), None);
    }

    #[test]
    fn as_root_with_autogroups_and_a_v1_cpu_hierarchy_juiz_leaves_them() {
        let placement = leave_autogroups();
        let now = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        match placement {
            Placement::Moved(dir) => {
                assert!(dir.ends_with(GROUP), "{dir:?}");
                let in_group = |text: &str| {
                    text.lines().any(|l| {
                        let mut parts = l.splitn(3, ':');
                        let (_, list, path) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                        list.split(',').any(|c| c == "cpu") && path == "/juiz"
                    })
                };
                assert!(in_group(&now), "{now}");
                // A thread started now is in the group too.
                let thread = std::thread::spawn(|| std::fs::read_to_string("/proc/thread-self/cgroup").unwrap());
                let thread = thread.join().unwrap();
                assert!(in_group(&thread), "{thread}");
            }
            Placement::Unchanged => {
                // Only where autogroups cannot split a game: not root, autogroups off, or juiz
                // not at the root of a v1 cpu hierarchy.
                let mounts = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
                // SAFETY: geteuid cannot fail.
                let root = unsafe { libc::geteuid() } == 0;
                assert!(!(root && autogroups_on() && group_to_join(&mounts, &now).is_some()), "{now}");
            }
            Placement::Failed(why) => panic!("{why}"),
        }
    }
}
