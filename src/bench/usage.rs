//! What the harness process has used: CPU time of itself (every thread) and of its reaped
//! children (the bots) from `getrusage`, and its resident memory from `/proc/self/status`.

use std::time::Duration;

/// CPU time (user + system) of this process and of its waited-for descendants, at one moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CpuSnapshot {
    /// `RUSAGE_SELF`: every thread of juiz (referee loops, stderr drains, the results writer).
    pub harness: Duration,
    /// `RUSAGE_CHILDREN`: every reaped child and orphan (the bots), and the C compiler if any.
    pub children: Duration,
}

impl CpuSnapshot {
    /// The CPU used between `earlier` and `self`.
    pub fn since(&self, earlier: &CpuSnapshot) -> CpuSnapshot {
        CpuSnapshot {
            harness: self.harness.saturating_sub(earlier.harness),
            children: self.children.saturating_sub(earlier.children),
        }
    }
}

fn rusage(who: libc::c_int) -> Duration {
    // SAFETY: rusage is plain data.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid `who` and a valid pointer to an rusage.
    if unsafe { libc::getrusage(who, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let time =
        |t: libc::timeval| Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// The CPU used so far by juiz and by its reaped children.
pub fn cpu_snapshot() -> CpuSnapshot {
    CpuSnapshot { harness: rusage(libc::RUSAGE_SELF), children: rusage(libc::RUSAGE_CHILDREN) }
}

/// Resident memory of this process, in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Memory {
    /// `VmHWM`: the peak since the process started or since `reset_peak_memory`.
    pub peak: u64,
    /// `VmRSS`: now.
    pub current: u64,
}

/// Reads `VmHWM` and `VmRSS` of this process; `None` without `/proc`.
pub fn memory() -> Option<Memory> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| {
        status.lines().find_map(|line| {
            let rest = line.strip_prefix(name)?.strip_prefix(':')?;
            let kib: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
            Some(kib * 1024)
        })
    };
    Some(Memory { peak: field("VmHWM")?, current: field("VmRSS")? })
}

/// Resets the peak (`VmHWM`) to the current resident size (writing 5 to `/proc/self/clear_refs`,
/// Linux 4.0+), so the peak of one run can be told from an earlier one. False if not possible.
pub fn reset_peak_memory() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows_with_work() {
        // Work until this thread has used 20 ms of CPU by its own clock, not for a time by the
        // wall clock: on a loaded machine 30 ms of wall time gave it less than 8 ms of CPU
        // (issue 34). The process's count holds at least the thread's.
        let before = cpu_snapshot();
        let start = crate::bot::thread_cpu();
        let mut x = 0u64;
        while crate::bot::thread_cpu().saturating_sub(start) < 20_000_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(std::hint::black_box(1));
        }
        std::hint::black_box(x);
        let used = cpu_snapshot().since(&before);
        assert!(used.harness >= Duration::from_millis(19), "{used:?}");
    }

    #[test]
    fn peak_memory_is_read_and_reset() {
        let Some(first) = memory() else { return };
        assert!(first.peak >= first.current && first.current > 0, "{first:?}");
        let block = vec![1u8; 64 << 20];
        std::hint::black_box(&block);
        let touched = memory().unwrap();
        assert!(touched.peak >= first.current + (32 << 20), "{first:?} then {touched:?}");
        drop(block);
        if reset_peak_memory() {
            let after = memory().unwrap();
            assert!(after.peak < touched.peak, "{touched:?} then {after:?}");
        }
    }
}
