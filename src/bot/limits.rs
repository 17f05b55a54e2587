//! Per-bot limits: timeouts, line and stderr caps, and the kernel resource limits set in the child.

use std::time::Duration;

use nix::sys::resource::{Resource, setrlimit};

/// What a bot may use. The `Option` resource limits are `None` (no limit) by default and are
/// applied with `setrlimit` in the child before `exec`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time for one reply, from the flushed prompt to the complete line (default 3 s).
    pub move_timeout: Duration,
    /// Time for the first reply of the game, start-up included (default 10 s).
    pub startup_timeout: Duration,
    /// The longest line accepted, without its newline (default 64 KiB).
    pub max_line_bytes: usize,
    /// Bytes of stderr stored per seat; the rest is counted, not stored (default 1 MiB).
    pub stderr_cap_bytes: u64,
    /// Time between SIGTERM and SIGKILL of the group at shutdown (default 100 ms).
    pub kill_grace: Duration,
    /// Address space of each process (RLIMIT_AS).
    pub memory_bytes: Option<u64>,
    /// CPU seconds of each process over the whole game (RLIMIT_CPU; SIGXCPU, then SIGKILL 1 s later).
    pub cpu_seconds: Option<u64>,
    /// Processes of the user (RLIMIT_NPROC). The kernel counts every process of the real user
    /// id, not only the bot's, and does not enforce it for root: set it with care.
    pub max_processes: Option<u64>,
    /// Largest file a process may write (RLIMIT_FSIZE; SIGXFSZ beyond).
    pub file_size_bytes: Option<u64>,
    /// Open file descriptors of each process (RLIMIT_NOFILE).
    pub open_files: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            move_timeout: Duration::from_secs(3),
            startup_timeout: Duration::from_secs(10),
            max_line_bytes: 64 * 1024,
            stderr_cap_bytes: 1024 * 1024,
            kill_grace: Duration::from_millis(100),
            memory_bytes: None,
            cpu_seconds: None,
            max_processes: None,
            file_size_bytes: None,
            open_files: None,
        }
    }
}

/// One `setrlimit` call to make in the child: resource, soft, hard.
pub(crate) type Rlimit = (Resource, u64, u64);

impl Limits {
    /// The kernel limits to set in the child, computed before `fork`.
    pub(crate) fn rlimits(&self) -> Vec<Rlimit> {
        let mut list = Vec::new();
        if let Some(bytes) = self.memory_bytes {
            list.push((Resource::RLIMIT_AS, bytes, bytes));
        }
        if let Some(secs) = self.cpu_seconds {
            // The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL.
            list.push((Resource::RLIMIT_CPU, secs, secs.saturating_add(1)));
        }
        if let Some(n) = self.max_processes {
            list.push((Resource::RLIMIT_NPROC, n, n));
        }
        if let Some(bytes) = self.file_size_bytes {
            list.push((Resource::RLIMIT_FSIZE, bytes, bytes));
        }
        if let Some(n) = self.open_files {
            list.push((Resource::RLIMIT_NOFILE, n, n));
        }
        list
    }
}

/// Sets the limits; runs in the forked child before `exec`, so it only makes system calls
/// (no allocation, no locks).
pub(crate) fn apply_in_child(list: &[Rlimit]) -> std::io::Result<()> {
    for &(resource, soft, hard) in list {
        setrlimit(resource, soft, hard).map_err(std::io::Error::from)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_original_referee() {
        let limits = Limits::default();
        assert_eq!(limits.move_timeout, Duration::from_secs(3));
        assert_eq!(limits.max_line_bytes, 65536);
        assert!(limits.rlimits().is_empty());
    }

    #[test]
    fn cpu_limit_leaves_a_second_between_sigxcpu_and_sigkill() {
        let limits = Limits { cpu_seconds: Some(5), memory_bytes: Some(1 << 30), ..Limits::default() };
        let list = limits.rlimits();
        assert!(list.contains(&(Resource::RLIMIT_CPU, 5, 6)));
        assert!(list.contains(&(Resource::RLIMIT_AS, 1 << 30, 1 << 30)));
    }
}
