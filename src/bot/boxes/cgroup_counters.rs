//! A box's cgroup counters (fork refusals at the task limit, OOM kills, CPU time, tasks now),
//! read through files opened once per box and kept with it: a read at offset 0 of an open
//! cgroup file costs about a microsecond here, its open, read and close five to twelve, and a
//! bot's start reads three of them, its end `pids.current` twice.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::PathBuf;
use std::time::Duration;

use crate::bot::host::sys::kept_high;

/// What a bot's cgroups have seen since its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CgroupUsage {
    /// Processes in it now.
    pub processes: u64,
    /// A fork or clone failed at the task limit.
    pub hit_task_limit: bool,
    /// The kernel's OOM killer killed one of its processes.
    pub oom_killed: bool,
    /// CPU time of all its processes and threads since the start.
    pub cpu_time: Duration,
}

/// The kernel's counters, which cannot all be reset: read at a bot's start and subtracted.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::bot) struct Counters {
    pub(in crate::bot) task_limit_hits: u64,
    pub(in crate::bot) oom_kills: u64,
    pub(in crate::bot) cpu_ns: u64,
}

/// How the CPU time file counts: `cpuacct.usage` (v1, nanoseconds) or `cpu.stat` (v2,
/// `usage_usec`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::bot) enum CpuFile {
    Nanoseconds,
    StatMicroseconds,
}

/// The counter files of one box, open for reading; a file that could not be opened reads as
/// empty (its counter as 0), as a failed read did.
#[derive(Debug)]
pub(in crate::bot) struct CounterFiles {
    /// `pids.events`.
    task_limit_hits: Option<File>,
    /// `memory.oom_control` (v1) or `memory.events` (v2).
    oom_kills: Option<File>,
    cpu: Option<(File, CpuFile)>,
    /// `pids.current`.
    tasks: Option<File>,
}

impl CounterFiles {
    /// Opens the files at these paths (`None`: the controller is not used).
    pub(in crate::bot) fn open(
        task_limit_hits: Option<PathBuf>,
        oom_kills: Option<PathBuf>,
        cpu: Option<(PathBuf, CpuFile)>,
        tasks: Option<PathBuf>,
    ) -> CounterFiles {
        // Kept with the box: above the descriptors a bot's start copies (`sys.rs`).
        let open_kept = |path: PathBuf| File::open(path).ok().map(|f| File::from(kept_high(f.into())));
        let open = |path: Option<PathBuf>| path.and_then(open_kept);
        CounterFiles {
            task_limit_hits: open(task_limit_hits),
            oom_kills: open(oom_kills),
            cpu: cpu.and_then(|(p, kind)| Some((open_kept(p)?, kind))),
            tasks: open(tasks),
        }
    }

    /// The counters now.
    pub(in crate::bot) fn read(&self) -> Counters {
        let keyed = |text: &str, key: &str| {
            text.lines().find_map(|l| l.strip_prefix(key).and_then(|v| v.trim().parse::<u64>().ok())).unwrap_or(0)
        };
        Counters {
            task_limit_hits: self.task_limit_hits.as_ref().map_or(0, |f| keyed(&read_text(f), "max ")),
            oom_kills: self.oom_kills.as_ref().map_or(0, |f| keyed(&read_text(f), "oom_kill ")),
            cpu_ns: match &self.cpu {
                Some((f, CpuFile::Nanoseconds)) => read_text(f).trim().parse::<u64>().unwrap_or(0),
                Some((f, CpuFile::StatMicroseconds)) => keyed(&read_text(f), "usage_usec ").saturating_mul(1000),
                None => 0,
            },
        }
    }

    /// The CPU time counter alone, in nanoseconds (0 when it cannot be read): one `pread` of a
    /// file a few bytes long, where `read` reads every counter file to its end. The referee
    /// reads it at every change of turn (`referee::turns`) and around a slow reply.
    pub(in crate::bot) fn cpu_ns(&self) -> u64 {
        let Some((file, kind)) = &self.cpu else { return 0 };
        let mut buf = [0u8; 512];
        let text = match file.read_at(&mut buf, 0) {
            // `cpuacct.usage` is one number; `cpu.stat` a few lines: a short read is the whole file.
            Ok(n) if n < buf.len() => std::str::from_utf8(&buf[..n]).unwrap_or_default().to_string(),
            _ => read_text(file),
        };
        match kind {
            CpuFile::Nanoseconds => text.trim().parse::<u64>().unwrap_or(0),
            CpuFile::StatMicroseconds => text
                .lines()
                .find_map(|l| l.strip_prefix("usage_usec ").and_then(|v| v.trim().parse::<u64>().ok()))
                .unwrap_or(0)
                .saturating_mul(1000),
        }
    }

    /// Whether `pids.current` reads 0 (false when it cannot be read).
    pub(in crate::bot) fn no_tasks(&self) -> bool {
        self.tasks.as_ref().is_some_and(|f| read_text(f).trim() == "0")
    }
}

/// The whole of a cgroup file, read from its start (the kernel makes it anew for each read at
/// offset 0); empty when it cannot be read.
fn read_text(file: &File) -> String {
    let mut text = Vec::new();
    let mut chunk = [0u8; 1024];
    loop {
        match file.read_at(&mut chunk, text.len() as u64) {
            Ok(0) | Err(_) => break,
            Ok(n) => text.extend_from_slice(&chunk[..n]),
        }
    }
    String::from_utf8(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_file_reads_what_it_holds_now_at_every_read() {
        let dir = tempfile::tempdir().unwrap();
        let (events, stat) = (dir.path().join("pids.events"), dir.path().join("cpu.stat"));
        let tasks = dir.path().join("pids.current");
        std::fs::write(&events, "max 0\n").unwrap();
        std::fs::write(&stat, "usage_usec 7\nuser_usec 5\n").unwrap();
        std::fs::write(&tasks, "2\n").unwrap();
        let files = CounterFiles::open(
            Some(events.clone()),
            Some(dir.path().join("missing")),
            Some((stat.clone(), CpuFile::StatMicroseconds)),
            Some(tasks.clone()),
        );
        let first = files.read();
        assert_eq!((first.task_limit_hits, first.oom_kills, first.cpu_ns), (0, 0, 7000));
        assert!(!files.no_tasks());
        std::fs::write(&events, "max 3\n").unwrap();
        std::fs::write(&stat, "usage_usec 12345678\nuser_usec 5\n").unwrap();
        std::fs::write(&tasks, "0\n").unwrap();
        let later = files.read();
        assert_eq!((later.task_limit_hits, later.cpu_ns), (3, 12_345_678_000));
        assert_eq!(files.cpu_ns(), 12_345_678_000);
        assert!(files.no_tasks());
    }
}
