//! The child `spawn.rs` starts, between `clone` and `exec`: it shares juiz's memory
//! (`CLONE_VM | CLONE_VFORK`) while juiz's thread waits, so it only makes system calls on data
//! the parent prepared (`ChildArgs`), never allocates, never unwinds. In order: a descriptor table
//! of its own, default signals, its streams on 0, 1 and 2, its work dir, its own session, the
//! sandbox (`confine_in_child`), the resource limits, then the `exec` of the bot's program, or,
//! with a pid namespace of its own, of the init (`pid1/main.rs`). A failure is written, with its
//! stage and errno, where the parent reads it after `clone` returns.

use std::ffi::CString;
use std::io;
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};

use crate::bot::host::cost::{Laps, Step};
use crate::bot::host::limits::{Rlimit, apply_in_child};
use crate::bot::sandbox::{ChildPlan, confine_in_child};

/// Everything the child reads, prepared in the parent (the child must not allocate).
pub(super) struct ChildArgs<'a> {
    /// The program, or for a bare name every file of that name along `PATH`, tried in order as
    /// `execvp` does (one the sandbox forbids is skipped for the next).
    pub(super) programs: &'a [CString],
    /// Each program opened by juiz (`O_PATH`), when the bot takes a uid of its own: it is
    /// started through this descriptor, so that folders only juiz may pass through (a results
    /// folder of mode 0700 holding the built bots) do not stop it; -1 where not opened.
    pub(super) program_fds: &'a [RawFd],
    pub(super) argv: &'a [*const libc::c_char],
    pub(super) envp: &'a [*const libc::c_char],
    pub(super) work_dir: &'a CString,
    /// The child's ends: stdin (read), stdout (write), stderr (write); all at fd 3 or above.
    pub(super) fds: [RawFd; 3],
    /// The child copies juiz's descriptors below this one only: every descriptor it uses is.
    pub(super) keep_below: RawFd,
    /// Where a child that fails before `exec` writes its stage (plus one) and errno.
    pub(super) report: &'a AtomicU64,
    pub(super) rlimits: &'a [Rlimit],
    pub(super) plan: &'a ChildPlan,
    pub(super) announce: &'a AtomicI32,
    /// With a pid namespace: the init to exec in place of the bot, its arguments, and the
    /// descriptors it inherits (the report pipe, the ruleset, the programs').
    pub(super) init: Option<InitExec<'a>>,
}

pub(super) struct InitExec<'a> {
    pub(super) fd: RawFd,
    pub(super) argv: &'a [*const libc::c_char],
    pub(super) inherit: &'a [RawFd],
}

/// The child, between `clone` and `exec`: system calls only, no allocation, no unwinding.
pub(super) extern "C" fn child_main(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` points to the parent's `ChildArgs`, alive while the parent waits.
    let args = unsafe { &*(arg as *const ChildArgs) };
    let mut laps = Laps::start();
    let fail = |stage: u32, error: io::Error| child_failed(args.report, stage, error);
    // SAFETY: (the whole block) plain system calls on prepared, valid data.
    unsafe {
        // The child shares juiz's descriptor table (`CLONE_FILES`) until here, and now takes a
        // table of its own holding only the descriptors below `keep_below` (its own among them):
        // juiz's long-lived ones live above it (`sys::kept_high`), so they are neither copied
        // for each bot nor closed again at its `exec`. Nothing before this touches a descriptor.
        // Where the kernel lacks `close_range` (before 5.9), the whole table is copied, as
        // without `CLONE_FILES`.
        if libc::syscall(libc::SYS_close_range, args.keep_below as u32, u32::MAX, libc::CLOSE_RANGE_UNSHARE) != 0
            && libc::unshare(libc::CLONE_FILES) != 0
        {
            fail(0, io::Error::last_os_error());
        }
        default_signals();
        for (target, &fd) in args.fds.iter().enumerate() {
            if libc::dup2(fd, target as RawFd) < 0 {
                fail(0, io::Error::last_os_error());
            }
        }
        // Nothing juiz inherited without close-on-exec (a socket, a jobserver pipe) may reach
        // the bot: everything from 3 up closes at exec.
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, libc::CLOSE_RANGE_CLOEXEC) != 0 {
            for fd in 3..4096 {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
        if let Some(init) = &args.init {
            // The init's descriptors stay open across its exec (it closes them at the bot's).
            for &fd in init.inherit {
                libc::fcntl(fd, libc::F_SETFD, 0);
            }
        }
        if libc::chdir(args.work_dir.as_ptr()) != 0 {
            fail(1, io::Error::last_os_error());
        }
        // Announced before it leaves juiz's group: from then on a sweep knows it is no escapee.
        // In a pid namespace of its own it is pid 1 to itself: its pid on the host is read from
        // juiz's `/proc` (its own is mounted later).
        let own = if args.init.is_some() { host_pid() } else { libc::getpid() };
        args.announce.store(own, Ordering::SeqCst);
        // A session of its own, not only a group: `setpgid` works only within a session, so no
        // process of this bot can join the group of juiz or of another bot (and be counted,
        // killed or spared as theirs), nor any process of theirs join this bot's group.
        if libc::setsid() < 0 {
            fail(0, io::Error::last_os_error());
        }
    }
    laps.lap(Step::ChildStreams);
    // The sandbox first: it opens `/proc/self`, which a low limit on open files could refuse.
    if let Err(e) = confine_in_child(args.plan, &mut laps) {
        fail(3, e);
    }
    if let Err(e) = apply_in_child(args.rlimits) {
        fail(2, e);
    }
    laps.lap(Step::ChildLimits);
    if let Some(init) = &args.init {
        // SAFETY: NUL-terminated strings and NULL-terminated pointer arrays prepared in the parent.
        unsafe {
            libc::syscall(
                libc::SYS_execveat,
                init.fd,
                c"".as_ptr(),
                init.argv.as_ptr(),
                args.envp.as_ptr(),
                libc::AT_EMPTY_PATH,
            );
        }
        fail(4, io::Error::last_os_error());
    }
    let mut error = io::Error::from_raw_os_error(libc::ENOENT);
    for (program, &fd) in args.programs.iter().zip(args.program_fds) {
        // SAFETY: NUL-terminated strings and NULL-terminated pointer arrays prepared in the parent.
        unsafe {
            if fd >= 0 {
                // A script needs its path (its interpreter opens it): then the path is tried.
                libc::syscall(
                    libc::SYS_execveat,
                    fd,
                    c"".as_ptr(),
                    args.argv.as_ptr(),
                    args.envp.as_ptr(),
                    libc::AT_EMPTY_PATH,
                );
            }
            libc::execve(program.as_ptr(), args.argv.as_ptr(), args.envp.as_ptr());
        }
        error = io::Error::last_os_error();
    }
    fail(4, error)
}

/// Default dispositions for every signal (juiz ignores SIGPIPE and handles others), then an
/// empty mask: the bot starts as any program does. The raw system call: glibc's wrapper refuses
/// the signals it reserves (32, 33), and an ignored disposition would survive exec. System
/// calls only.
fn default_signals() {
    let default = KernelSigaction::default();
    // SAFETY: (the whole block) a valid kernel sigaction and sigset.
    unsafe {
        for signal in 1..=64 {
            libc::syscall(libc::SYS_rt_sigaction, signal, &default as *const KernelSigaction, 0usize, 8usize);
        }
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
    }
}

/// The caller's pid in juiz's `/proc` (`/proc/self` names it in the pid namespace of the
/// `/proc`, the host's here), 0 if unreadable. System calls only.
fn host_pid() -> i32 {
    let mut buf = [0u8; 16];
    // SAFETY: a NUL-terminated path and a buffer of the size given.
    let n = unsafe { libc::readlink(c"/proc/self".as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
    let digits = &buf[..n.max(0) as usize];
    digits.iter().try_fold(0i32, |pid, &d| d.is_ascii_digit().then(|| pid * 10 + i32::from(d - b'0'))).unwrap_or(0)
}

/// The kernel's `struct sigaction` (not glibc's): handler, flags, restorer, mask. All zero is
/// SIG_DFL with no flags and an empty mask.
#[repr(C)]
#[derive(Default)]
struct KernelSigaction {
    handler: usize,
    flags: libc::c_ulong,
    restorer: usize,
    mask: u64,
}

/// Reports the stage and errno of a failure before `exec` to the parent and leaves.
fn child_failed(report: &AtomicU64, stage: u32, error: io::Error) -> ! {
    let errno = error.raw_os_error().unwrap_or(libc::EINVAL) as u32;
    report.store(((u64::from(stage) + 1) << 32) | u64::from(errno), Ordering::SeqCst);
    // SAFETY: leaving without cleanup (the parent's memory is shared until here).
    unsafe { libc::_exit(127) }
}
