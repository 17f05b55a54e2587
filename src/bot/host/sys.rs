//! Thin wrappers over the Linux calls the bot module needs: non-blocking pipes, poll, pidfd,
//! waiting with and without reaping, signalling a process group, and the child subreaper.

use std::io;
use std::os::fd::{AsFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::Pid;

use crate::bot::faults::fault::{Termination, Usage};

/// Makes reads and writes on `fd`, an end of a pipe juiz just made, return `EAGAIN` instead of
/// blocking. Such a pipe has none of the status flags `F_SETFL` sets (append, async, direct,
/// noatime), so `O_NONBLOCK` is set alone, without reading them first.
pub(crate) fn set_nonblocking(fd: BorrowedFd<'_>) -> io::Result<()> {
    fcntl(fd, FcntlArg::F_SETFL(OFlag::O_NONBLOCK))?;
    Ok(())
}

/// A descriptor that becomes readable when the process exits (Linux 5.3+); `None` if the
/// kernel lacks `pidfd_open`, in which case callers poll with a short tick instead.
pub(crate) fn pidfd_open(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if fd < 0 {
        return None;
    }
    let fd = i32::try_from(fd).ok()?;
    // SAFETY: the kernel just returned this descriptor and nothing else owns it.
    Some(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Makes this process the reaper of orphaned descendants, once: a grandchild whose parent in
/// the bot's group died is then re-parented to us, so `reap_any_in_group` can collect it and
/// `shutdown` can prove that the group is empty instead of waiting for init.
pub(crate) fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes one integer argument.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// How many SIGCHLDs this process has received (a child, or an orphan re-parented to us, ended
/// or stopped): a bot's exit needs a `waitid` only when this has moved since the last look.
static CHILD_EVENTS: AtomicUsize = AtomicUsize::new(0);
static COUNTING: AtomicBool = AtomicBool::new(false);

/// Starts counting SIGCHLDs, once (the handler only counts: it reaps nothing).
pub(crate) fn count_child_events() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let count = || {
            CHILD_EVENTS.fetch_add(1, Ordering::SeqCst);
        };
        // SAFETY: the action only increments an atomic, which is async-signal-safe.
        if unsafe { signal_hook::low_level::register(libc::SIGCHLD, count) }.is_ok() {
            COUNTING.store(true, Ordering::SeqCst);
        }
    });
}

/// The SIGCHLD count; `None` when it is not kept (then every look must check).
pub(crate) fn child_events() -> Option<usize> {
    COUNTING.load(Ordering::SeqCst).then(|| CHILD_EVENTS.load(Ordering::SeqCst))
}

/// Makes this process non-dumpable, once: its `/proc/<pid>/environ`, `fd/`, `mem` and `maps`
/// become unreadable to other processes of the same (non-root) user, bots included, and it
/// cannot be attached to with a debugger. Executed bots are dumpable again.
pub(crate) fn become_undumpable() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with PR_SET_DUMPABLE takes one integer argument.
        unsafe {
            libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
        }
    });
}

/// Whether `pid` (our child) has exited, without reaping it, so its pid and process group id
/// stay reserved while we signal the group.
pub(crate) fn has_exited(pid: i32) -> bool {
    // SAFETY: siginfo_t is plain data; waitid fills it or leaves si_pid zero.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
    // SAFETY: a valid pointer to a siginfo_t; pid is an id_t for P_PID.
    let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
    // SAFETY: si_pid is valid to read for the SIGCHLD-style info waitid returns.
    rc == 0 && unsafe { info.si_pid() } != 0
}

/// One reaped process.
pub(crate) struct Reaped {
    pub pid: i32,
    pub termination: Option<Termination>,
    pub usage: Usage,
}

/// `wait4(target, WNOHANG)`: target is a pid, or `-pgid` for any child in that group.
/// `Ok(None)` when nothing has exited yet; `Err(ECHILD)` when there is no such child.
pub(crate) fn reap(target: i32, block: bool) -> Result<Option<Reaped>, Errno> {
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data.
    let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    loop {
        // SAFETY: valid pointers to a status word and an rusage.
        let rc = unsafe { libc::wait4(target, &mut status, flags, &mut rusage) };
        if rc > 0 {
            return Ok(Some(Reaped {
                pid: rc,
                termination: Termination::from_wait_status(status),
                usage: usage_of(&rusage),
            }));
        }
        if rc == 0 {
            return Ok(None);
        }
        match Errno::last() {
            Errno::EINTR => continue,
            err => return Err(err),
        }
    }
}

fn usage_of(r: &libc::rusage) -> Usage {
    let time =
        |t: libc::timeval| Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64);
    Usage {
        cpu_time: time(r.ru_utime) + time(r.ru_stime),
        max_rss_bytes: (r.ru_maxrss.max(0) as u64).saturating_mul(1024),
    }
}

/// CPU time (user + system, all threads) used so far by a live process, from its CPU clock.
pub(crate) fn cpu_time(pid: i32) -> Option<Duration> {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: a valid pointer to a clockid_t.
    if unsafe { libc::clock_getcpuclockid(pid, &mut clock) } != 0 {
        return None;
    }
    // SAFETY: timespec is plain data.
    let mut ts: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: a valid clock id and a valid pointer to a timespec.
    if unsafe { libc::clock_gettime(clock, &mut ts) } != 0 {
        return None;
    }
    Some(Duration::new(ts.tv_sec.max(0) as u64, ts.tv_nsec.clamp(0, 999_999_999) as u32))
}

/// Sends `signal` to every process of group `pgid`; a missing group is not an error.
pub(crate) fn signal_group(pgid: i32, signal: Signal) {
    let _ = killpg(Pid::from_raw(pgid), signal);
}

/// Sends `signal` to one process; a missing process is not an error.
pub(crate) fn signal_process(pid: i32, signal: Signal) {
    let _ = kill(Pid::from_raw(pid), signal);
}

/// Whether any process (zombies included) still belongs to group `pgid`.
pub(crate) fn group_exists(pgid: i32) -> bool {
    !matches!(killpg(Pid::from_raw(pgid), None), Err(Errno::ESRCH))
}

/// Milliseconds to hand to `poll` for `left`, rounded up so that waits never spin.
pub(crate) fn poll_timeout(left: Duration) -> PollTimeout {
    let mut ms = left.as_millis();
    if Duration::from_millis(ms as u64) < left {
        ms += 1;
    }
    PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX)
}

/// Polls up to two descriptors for `events`; returns which became ready (or had an error or
/// hang-up). Interrupted polls report nothing ready.
pub(crate) fn poll_two(
    first: Option<(BorrowedFd<'_>, PollFlags)>,
    second: Option<(BorrowedFd<'_>, PollFlags)>,
    wait: Duration,
) -> (bool, bool) {
    // On the stack: this runs once per line a bot sends.
    let (mut fds, slots) = match (first, second) {
        (Some(a), Some(b)) => ([PollFd::new(a.0, a.1), PollFd::new(b.0, b.1)], [Some(0), Some(1)]),
        (Some(a), None) => ([PollFd::new(a.0, a.1), PollFd::new(a.0, a.1)], [Some(0), None]),
        (None, Some(b)) => ([PollFd::new(b.0, b.1), PollFd::new(b.0, b.1)], [None, Some(0)]),
        (None, None) => {
            std::thread::sleep(wait);
            return (false, false);
        }
    };
    let used = if slots[1] == Some(1) { 2 } else { 1 };
    if poll(&mut fds[..used], poll_timeout(wait)).is_err() {
        return (false, false);
    }
    let ready = |slot: Option<usize>| slot.and_then(|i| fds[i].revents()).is_some_and(|r| !r.is_empty());
    (ready(slots[0]), ready(slots[1]))
}

/// Which of `fds` are readable (or closed, or in error) right now, in one `poll` that does not
/// wait: one call for many pipes where a `read` of each would make as many. An interrupted or
/// failed poll reports every descriptor as ready, so that the caller reads them to be sure.
#[cfg(test)]
pub(crate) fn readable_now(fds: &[BorrowedFd<'_>]) -> Vec<bool> {
    let raw: Vec<RawFd> = fds.iter().map(std::os::fd::AsRawFd::as_raw_fd).collect();
    let (mut polled, mut readable) = (Vec::new(), Vec::new());
    readable_now_into(&raw, &mut polled, &mut readable);
    readable
}

/// `readable_now` into the caller's buffers, reused from call to call (the referee looks
/// before every line: nothing is allocated there once they have grown). `readable` gets one
/// entry per descriptor of `fds`, which must stay open for the call; none, and no `poll`, for
/// none.
pub(crate) fn readable_now_into(fds: &[RawFd], polled: &mut Vec<libc::pollfd>, readable: &mut Vec<bool>) {
    readable.clear();
    if fds.is_empty() {
        return;
    }
    polled.clear();
    polled.extend(fds.iter().map(|&fd| libc::pollfd { fd, events: libc::POLLIN, revents: 0 }));
    // SAFETY: a valid array of `polled.len()` pollfd entries; a timeout of 0 does not wait.
    if unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, 0) } < 0 {
        readable.resize(fds.len(), true);
        return;
    }
    readable.extend(polled.iter().map(|p| p.revents != 0));
}

/// Time left until `deadline`, zero if it has passed.
pub(crate) fn left(deadline: Instant) -> Duration {
    deadline.saturating_duration_since(Instant::now())
}

/// A raw read that reports `EAGAIN` and `EINTR` as errors for the caller to handle.
pub(crate) fn read(fd: &OwnedFd, buf: &mut [u8]) -> Result<usize, Errno> {
    nix::unistd::read(fd.as_fd(), buf)
}

/// A raw write; `EPIPE` comes back as an error (SIGPIPE is ignored by Rust programs).
pub(crate) fn write(fd: &OwnedFd, buf: &[u8]) -> Result<usize, Errno> {
    nix::unistd::write(fd.as_fd(), buf)
}

/// The lowest descriptor number of juiz's long-lived descriptors (the system paths' Landlock
/// rules, the boxes' locks and counter files): below it live those a bot's start uses, so that
/// its child copies only the descriptors below it (`spawn.rs`), and when they are fewer than 64
/// into the table the kernel keeps inside the process, without allocating one.
pub(crate) const LONG_LIVED_FLOOR: i32 = 64;

/// `fd` moved to the lowest free number at `LONG_LIVED_FLOOR` or above (close-on-exec), for a
/// descriptor juiz keeps for its life; `fd` itself where it cannot be (a low limit on open
/// files), which costs each bot's start a copy and a close, nothing else.
pub(crate) fn kept_high(fd: OwnedFd) -> OwnedFd {
    use std::os::fd::AsRawFd;
    if fd.as_raw_fd() >= LONG_LIVED_FLOOR {
        return fd;
    }
    // SAFETY: duplicating a descriptor we own; the copy is new and owned here.
    let moved = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, LONG_LIVED_FLOOR) };
    if moved < 0 {
        return fd;
    }
    // SAFETY: the kernel just returned this descriptor; `fd` is closed on drop (an `flock` on
    // it holds: the lock belongs to the open file, which the copy shares).
    unsafe { OwnedFd::from_raw_fd(moved) }
}
