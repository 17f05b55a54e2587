//! Per-bot limits: timeouts, line and stderr caps, the kernel resource limits set in the child,
//! the limits the watchdog enforces on the whole process group, and their defaults.

use std::time::Duration;

use nix::sys::resource::{Resource, setrlimit};

/// One mebibyte.
const MIB: u64 = 1024 * 1024;

/// What a bot may use. Every resource limit is on by default; `None` lifts it.
///
/// Memory, CPU time, file size and open files are also kernel limits (`setrlimit`) on each
/// process of the bot; memory, CPU time and the number of processes are in addition checked on
/// the bot's whole process group by a watchdog thread every `watchdog::PERIOD` (see
/// `watchdog.rs`), so forking does not multiply them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time for one reply, from the flushed prompt to the complete line (default 3 s). The bot
    /// is charged the wall-clock time of the move minus the time it was runnable but waiting
    /// for a CPU (`timing.rs`), so a loaded host does not turn into false timeouts.
    pub move_timeout: Duration,
    /// Time for the first reply of the game, start-up included (default 10 s).
    pub startup_timeout: Duration,
    /// Wall-clock backstop: a reply never takes more than this many times its timeout, however
    /// loaded the host (default 3). Reaching it is `timeout-overload`, not `timeout`.
    pub wall_factor: u32,
    /// The longest line accepted, without its newline (default 64 KiB).
    pub max_line_bytes: usize,
    /// Bytes of stderr stored per seat; the rest is counted, not stored (default 1 MiB).
    pub stderr_cap_bytes: u64,
    /// Time between SIGTERM and SIGKILL of the group at shutdown (default 100 ms).
    pub kill_grace: Duration,
    /// Memory (default 1 GiB): the data segment of each process (RLIMIT_DATA: heap and private
    /// writable mappings, not reserved address space, so JVM and Go runtimes start) and the
    /// resident memory of the whole group (watchdog).
    pub memory_bytes: Option<u64>,
    /// CPU seconds over the whole game (default 60): each process (RLIMIT_CPU; SIGXCPU, then
    /// SIGKILL 1 s later) and the whole group, with 250 ms of slack (watchdog).
    pub cpu_seconds: Option<u64>,
    /// Processes alive at once in the bot's group, zombies included (default 32; watchdog,
    /// and RLIMIT_NPROC inside the bot's own user namespace where that is enforced).
    pub max_processes: Option<u64>,
    /// Largest file a process may write (default 64 MiB; RLIMIT_FSIZE, SIGXFSZ beyond).
    pub file_size_bytes: Option<u64>,
    /// Open file descriptors of each process (default 256; RLIMIT_NOFILE).
    pub open_files: Option<u64>,
    /// What the bot's work dir may hold in all (default 64 MiB): when juiz is root the work dir
    /// is a tmpfs of this size, and filling it is a `disk` fault (`boxes.rs`). Otherwise only
    /// `file_size_bytes` bounds each file.
    pub disk_bytes: Option<u64>,
    /// Restrict the bot's file system, sockets, signals and view of other processes where the
    /// kernel allows it without root (Landlock, seccomp, a user namespace, or a network
    /// namespace where seccomp is missing; see `sandbox.rs`).
    pub sandbox: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            move_timeout: Duration::from_secs(3),
            startup_timeout: Duration::from_secs(10),
            wall_factor: 3,
            max_line_bytes: 64 * 1024,
            stderr_cap_bytes: MIB,
            kill_grace: Duration::from_millis(100),
            memory_bytes: Some(1024 * MIB),
            cpu_seconds: Some(60),
            max_processes: Some(32),
            file_size_bytes: Some(64 * MIB),
            open_files: Some(256),
            disk_bytes: Some(64 * MIB),
            sandbox: true,
        }
    }
}

/// One `setrlimit` call to make in the child: resource, soft, hard.
pub(crate) type Rlimit = (Resource, u64, u64);

impl Limits {
    /// Limits with every resource limit and the sandbox off: only the timeouts and caps.
    pub fn unlimited() -> Limits {
        Limits {
            memory_bytes: None,
            cpu_seconds: None,
            max_processes: None,
            file_size_bytes: None,
            open_files: None,
            disk_bytes: None,
            sandbox: false,
            ..Limits::default()
        }
    }

    /// The wall-clock backstop for a reply allowed `timeout`.
    pub fn wall_limit(&self, timeout: Duration) -> Duration {
        timeout.saturating_mul(self.wall_factor.max(1))
    }

    /// The kernel limits to set in the child, computed before `fork`. RLIMIT_NPROC is not among
    /// them: it counts every process of the user, so the sandbox sets it only inside the bot's
    /// own user namespace (`sandbox.rs`).
    pub(crate) fn rlimits(&self) -> Vec<Rlimit> {
        let mut list = Vec::new();
        if let Some(bytes) = self.memory_bytes {
            list.push((Resource::RLIMIT_DATA, bytes, bytes));
        }
        if let Some(secs) = self.cpu_seconds {
            // The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL.
            list.push((Resource::RLIMIT_CPU, secs, secs.saturating_add(1)));
        }
        if let Some(bytes) = self.file_size_bytes {
            list.push((Resource::RLIMIT_FSIZE, bytes, bytes));
        }
        if let Some(n) = self.open_files {
            list.push((Resource::RLIMIT_NOFILE, n, n));
        }
        list
    }

    /// One line for headers and logs: `memory 1 GiB, cpu 60s, processes 32, ...`.
    pub fn describe(&self) -> String {
        let opt = |v: Option<u64>, f: &dyn Fn(u64) -> String| v.map_or_else(|| "unlimited".to_string(), f);
        format!(
            "move {}, start-up {}, wall ×{}, memory {}, cpu {}, processes {}, file size {}, open files {}, disk {}",
            humantime::format_duration(self.move_timeout),
            humantime::format_duration(self.startup_timeout),
            self.wall_factor,
            opt(self.memory_bytes, &format_bytes),
            opt(self.cpu_seconds, &|s| format!("{s}s")),
            opt(self.max_processes, &|n| n.to_string()),
            opt(self.file_size_bytes, &format_bytes),
            opt(self.open_files, &|n| n.to_string()),
            opt(self.disk_bytes, &format_bytes),
        )
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

/// Parses a size: `1GiB`, `512MiB`, `64M`, `100k`, `1000000` (bytes); `K`/`M`/`G` and the
/// `KiB`/`MiB`/`GiB` forms are powers of 1024, `KB`/`MB`/`GB` powers of 1000. `unlimited` or
/// `none` gives `None`.
pub fn parse_size(text: &str) -> Result<Option<u64>, String> {
    let text = text.trim();
    if matches!(text.to_ascii_lowercase().as_str(), "unlimited" | "none" | "off") {
        return Ok(None);
    }
    let split = text.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().map_err(|_| bad_size(text))?;
    let factor: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kib" => 1 << 10,
        "m" | "mib" => 1 << 20,
        "g" | "gib" => 1 << 30,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        _ => return Err(bad_size(text)),
    };
    let bytes = number * factor as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(format!("size '{text}' must be at least one byte"));
    }
    Ok(Some(bytes as u64))
}

fn bad_size(text: &str) -> String {
    format!("bad size '{text}' (examples: 1GiB, 512MiB, 64M, unlimited)")
}

/// `1 GiB`, `64 MiB`, `1500 bytes`.
pub fn format_bytes(bytes: u64) -> String {
    for (unit, size) in [("GiB", 1u64 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] {
        if bytes >= size && bytes.is_multiple_of(size) {
            return format!("{} {unit}", bytes / size);
        }
    }
    if bytes >= 1 << 20 { format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64) } else { format!("{bytes} bytes") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_keep_the_original_timeout_and_limit_everything() {
        let limits = Limits::default();
        assert_eq!(limits.move_timeout, Duration::from_secs(3));
        assert_eq!(limits.max_line_bytes, 65536);
        let list = limits.rlimits();
        assert!(list.contains(&(Resource::RLIMIT_DATA, 1 << 30, 1 << 30)));
        assert!(list.contains(&(Resource::RLIMIT_FSIZE, 64 << 20, 64 << 20)));
        assert!(list.contains(&(Resource::RLIMIT_NOFILE, 256, 256)));
        assert!(Limits::unlimited().rlimits().is_empty());
        assert_eq!(limits.wall_limit(Duration::from_secs(3)), Duration::from_secs(9));
    }

    #[test]
    fn cpu_limit_leaves_a_second_between_sigxcpu_and_sigkill() {
        let limits = Limits { cpu_seconds: Some(5), ..Limits::default() };
        assert!(limits.rlimits().contains(&(Resource::RLIMIT_CPU, 5, 6)));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1GiB"), Ok(Some(1 << 30)));
        assert_eq!(parse_size("512 MiB"), Ok(Some(512 << 20)));
        assert_eq!(parse_size("64M"), Ok(Some(64 << 20)));
        assert_eq!(parse_size("1.5k"), Ok(Some(1536)));
        assert_eq!(parse_size("2MB"), Ok(Some(2_000_000)));
        assert_eq!(parse_size("4096"), Ok(Some(4096)));
        assert_eq!(parse_size("unlimited"), Ok(None));
        assert!(parse_size("lots").unwrap_err().contains("bad size 'lots'"));
        assert!(parse_size("0").is_err());
        assert_eq!(format_bytes(1 << 30), "1 GiB");
        assert_eq!(format_bytes(1000), "1000 bytes");
    }
}
