//! The seccomp filter every bot runs under, assembled once in the parent (`bpf.rs`: one short
//! program, a binary search over the call numbers) and installed between clone and exec. Six
//! rule sets, each with its own answer:
//! - **`EACCES`, no network and no watching**: `socket()`, `socketpair()`, `io_uring_setup()`
//!   (with no socket, `connect`, `bind` and `sendto` have nothing to work on; pipes and files are
//!   untouched), and `inotify`/`fanotify`, which would let a bot see the files another one opens.
//!   With it, network isolation needs no network namespace (about 0.3 ms of kernel time per bot).
//! - **`EPERM`, hands off other processes**: reading or changing another process's limits,
//!   priority, I/O priority, scheduling or CPU set (`prlimit`, `get/setpriority`, `ioprio_*`,
//!   `sched_*`) works only on the caller itself (or its own group), never on a user's processes
//!   as a whole. Without root a bot's uid is juiz's and its opponent's, so the kernel's own checks
//!   would let it lower their limits; with any uid, reading them is a channel between bots (one
//!   sets its nice value, the other reads it). Asking who holds a file lock (`F_GETLK`,
//!   `F_OFD_GETLK`, `F_GETLEASE`) is refused too, and so is a user namespace inside the bot's
//!   (`unshare`/`clone` with `CLONE_NEWUSER`): without root the watchdog counts a bot's processes
//!   by its user namespace (`procfs::Members`).
//! - **`EPERM`, no shared state to write or probe**: `mincore` and `cachestat` (which pages of a
//!   file are in the page cache: two bots reading one file would signal through it), the
//!   keyrings (`keyctl`, `add_key`, `request_key`: a key left in a user's or a session's keyring
//!   outlives the bot), and writing extended attributes (`setxattr`, `removexattr` and their
//!   `l`, `f` and `at` forms: a `user.*` attribute on a file both bots can name would carry a
//!   hand, and one on a reused folder would reach the next game).
//! - **`0`, locks that lock nothing, advice taken as read**: `flock()` and the `fcntl` locks and
//!   leases succeed without doing anything, so a lock on a system file both bots may read carries
//!   nothing from one to the other, and a bot that locks its own files for its own use runs
//!   unchanged; so do `posix_fadvise` and `madvise(MADV_COLD | MADV_PAGEOUT)`, which would let a
//!   bot evict a shared file's pages for another to time.
//! - **`0`, shared futexes that wait for nobody**: a `futex` call without `FUTEX_PRIVATE_FLAG`
//!   returns 0 at once without doing anything. A shared futex is keyed by the file page under
//!   its address, so two bots that map one page of a system file (both map the C library) would
//!   meet there: the count a `FUTEX_WAKE` wakes, or when a wait returns, carries bits from one to
//!   the other. A private futex (what the C library, Python, Go and the JVM use for threads) is
//!   keyed by the caller's own memory and untouched. To a process-shared mutex or semaphore the
//!   answer is a spurious wake-up, which every futex user must expect: it still works, spinning.
//! - **`ENOSYS`, calls that share kernel state or hide their arguments**: `clone3` (its flags
//!   are in a structure a filter cannot read; the C library then falls back to `clone`, as on
//!   kernels before 5.3); `futex_waitv` and the futex2 calls (their private flag is in a
//!   structure, or they are newer than every runtime); a shared priority-inheritance futex (a
//!   lock taken by nobody must not look taken); the kernel's AIO (`io_setup` moves the host-wide
//!   `/proc/sys/fs/aio-nr` by the count asked for; the C library's POSIX AIO uses threads) and
//!   `io_uring`'s other calls (the kernel answers so when AIO or `io_uring` is compiled out).
//!
//! A call through another architecture's entry (i386) kills the bot (seccompiler's architecture
//! check); on x86_64 every rule also covers the call's x32 number.

use std::collections::BTreeMap;
use std::io;

use crate::bot::sandbox::bpf::{self, Asm, To};

/// The architecture a filtered call must come through (`AUDIT_ARCH_*`, linux/audit.h); any
/// other kills the bot.
#[cfg(target_arch = "x86_64")]
const ARCH: Option<u32> = Some(62 | 0x8000_0000 | 0x4000_0000);
#[cfg(target_arch = "aarch64")]
const ARCH: Option<u32> = Some(183 | 0x8000_0000 | 0x4000_0000);
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const ARCH: Option<u32> = None;

/// On x86_64, system call numbers with this bit are the x32 ABI's.
const X32_SYSCALL_BIT: i64 = 0x4000_0000;
/// `ioprio_set`/`ioprio_get`'s `which` for all processes of a user (linux/ioprio.h).
const IOPRIO_WHO_USER: u64 = 3;

/// When a call matches: `Always`, or when any of these (argument, comparison, value) holds. Every
/// argument compared is a C `int`, compared as the kernel reads it (its low 32 bits).
enum When {
    Always,
    Any(&'static [(u8, Cmp, u64)]),
}

/// How an argument is compared with a value.
#[derive(Clone, Copy, Debug, PartialEq, std::cmp::Eq, PartialOrd, Ord)]
enum Cmp {
    Eq,
    Ne,
    /// The argument under this mask equals the value.
    MaskedEq(u64),
}

use Cmp::{Eq, Ne};

/// Another process than the caller, named by argument 0.
const OTHER_0: When = When::Any(&[(0, Ne, 0)]);
/// Another process, group or user, named by (which, who) in arguments 0 and 1.
const OTHER_PRIORITY: When = When::Any(&[(1, Ne, 0), (0, Eq, libc::PRIO_USER as u64)]);
const OTHER_IOPRIO: When = When::Any(&[(1, Ne, 0), (0, Eq, IOPRIO_WHO_USER)]);

const NO_NETWORK: &[(libc::c_long, When)] = &[
    (libc::SYS_socket, When::Always),
    (libc::SYS_socketpair, When::Always),
    (libc::SYS_io_uring_setup, When::Always),
    (libc::SYS_inotify_init1, When::Always),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_inotify_init, When::Always),
    (libc::SYS_fanotify_init, When::Always),
];

const HANDS_OFF: &[(libc::c_long, When)] = &[
    (libc::SYS_prlimit64, OTHER_0),
    (libc::SYS_setpriority, OTHER_PRIORITY),
    (libc::SYS_getpriority, OTHER_PRIORITY),
    (libc::SYS_ioprio_set, OTHER_IOPRIO),
    (libc::SYS_ioprio_get, OTHER_IOPRIO),
    (libc::SYS_sched_setaffinity, OTHER_0),
    (libc::SYS_sched_getaffinity, OTHER_0),
    (libc::SYS_sched_setscheduler, OTHER_0),
    (libc::SYS_sched_getscheduler, OTHER_0),
    (libc::SYS_sched_setparam, OTHER_0),
    (libc::SYS_sched_getparam, OTHER_0),
    (libc::SYS_sched_setattr, OTHER_0),
    (libc::SYS_sched_getattr, OTHER_0),
    (libc::SYS_sched_rr_get_interval, OTHER_0),
    (
        libc::SYS_fcntl,
        When::Any(&[
            (1, Eq, libc::F_GETLK as u64),
            (1, Eq, libc::F_OFD_GETLK as u64),
            (1, Eq, libc::F_GETLEASE as u64),
        ]),
    ),
    // A user namespace inside the bot's would hide its processes from the watchdog, which counts
    // a bot's processes by its namespace when juiz is not root (`procfs::Members`).
    (libc::SYS_unshare, NEW_USER_NS),
    (libc::SYS_clone, NEW_USER_NS),
];

/// `cachestat` (Linux 6.5) and the `*xattrat` calls (6.13), numbered alike on every
/// architecture; older kernels answer `ENOSYS` anyway.
const SYS_CACHESTAT: libc::c_long = 451;
const SYS_SETXATTRAT: libc::c_long = 463;
const SYS_REMOVEXATTRAT: libc::c_long = 466;

const NO_SHARED_STATE: &[(libc::c_long, When)] = &[
    (libc::SYS_mincore, When::Always),
    (SYS_CACHESTAT, When::Always),
    (libc::SYS_keyctl, When::Always),
    (libc::SYS_add_key, When::Always),
    (libc::SYS_request_key, When::Always),
    (libc::SYS_setxattr, When::Always),
    (libc::SYS_lsetxattr, When::Always),
    (libc::SYS_fsetxattr, When::Always),
    (SYS_SETXATTRAT, When::Always),
    (libc::SYS_removexattr, When::Always),
    (libc::SYS_lremovexattr, When::Always),
    (libc::SYS_fremovexattr, When::Always),
    (SYS_REMOVEXATTRAT, When::Always),
];

/// `madvise`'s advice (argument 2) that pushes a file's pages out of memory (linux/mman.h).
const MADV_COLD: u64 = 20;
const MADV_PAGEOUT: u64 = 21;

/// `clone`'s or `unshare`'s flags (argument 0) ask for a new user namespace.
const NEW_USER_NS: When = When::Any(&[(0, Cmp::MaskedEq(libc::CLONE_NEWUSER as u64), libc::CLONE_NEWUSER as u64)]);

/// `futex`'s operation (argument 1): the flag of a private futex, and the mask of the flag and
/// the command (the clock flag, 256, aside).
const FUTEX_PRIVATE_FLAG: u64 = 128;
const FUTEX_PRIVATE_AND_CMD: u64 = 0xff;
/// The priority-inheritance commands (linux/futex.h: `LOCK_PI`, `UNLOCK_PI`, `TRYLOCK_PI`,
/// `WAIT_REQUEUE_PI`, `CMP_REQUEUE_PI`, `LOCK_PI2`).
const FUTEX_PI_CMDS: [u64; 6] = [6, 7, 8, 11, 12, 13];
/// A shared priority-inheritance futex: the private flag clear and one of those commands.
const SHARED_PI: When = When::Any(&[
    (1, Cmp::MaskedEq(FUTEX_PRIVATE_AND_CMD), FUTEX_PI_CMDS[0]),
    (1, Cmp::MaskedEq(FUTEX_PRIVATE_AND_CMD), FUTEX_PI_CMDS[1]),
    (1, Cmp::MaskedEq(FUTEX_PRIVATE_AND_CMD), FUTEX_PI_CMDS[2]),
    (1, Cmp::MaskedEq(FUTEX_PRIVATE_AND_CMD), FUTEX_PI_CMDS[3]),
    (1, Cmp::MaskedEq(FUTEX_PRIVATE_AND_CMD), FUTEX_PI_CMDS[4]),
    (1, Cmp::MaskedEq(FUTEX_PRIVATE_AND_CMD), FUTEX_PI_CMDS[5]),
]);

/// Every futex call on a shared futex (answered 0: a spurious wake-up, see the module's doc).
const NO_SHARED_FUTEX: &[(libc::c_long, When)] =
    &[(libc::SYS_futex, When::Any(&[(1, Cmp::MaskedEq(FUTEX_PRIVATE_FLAG), 0)]))];

/// `io_pgetevents` (Linux 4.18), numbered alike on every architecture but x86_64's own.
#[cfg(target_arch = "x86_64")]
const SYS_IO_PGETEVENTS: libc::c_long = 333;
#[cfg(not(target_arch = "x86_64"))]
const SYS_IO_PGETEVENTS: libc::c_long = 292;
/// The futex2 calls (Linux 5.16 and 6.7), numbered alike on every architecture.
const SYS_FUTEX_WAITV: libc::c_long = 449;
const SYS_FUTEX_WAKE: libc::c_long = 454;
const SYS_FUTEX_WAIT: libc::c_long = 455;
const SYS_FUTEX_REQUEUE: libc::c_long = 456;

/// Answered `ENOSYS`, as by a kernel without them (see the module's doc).
const NOT_HERE: &[(libc::c_long, When)] = &[
    (libc::SYS_clone3, When::Always),
    (libc::SYS_futex, SHARED_PI),
    (SYS_FUTEX_WAITV, When::Always),
    (SYS_FUTEX_WAKE, When::Always),
    (SYS_FUTEX_WAIT, When::Always),
    (SYS_FUTEX_REQUEUE, When::Always),
    (libc::SYS_io_setup, When::Always),
    (libc::SYS_io_destroy, When::Always),
    (libc::SYS_io_submit, When::Always),
    (libc::SYS_io_cancel, When::Always),
    (libc::SYS_io_getevents, When::Always),
    (SYS_IO_PGETEVENTS, When::Always),
    (libc::SYS_io_uring_enter, When::Always),
    (libc::SYS_io_uring_register, When::Always),
];

const NO_LOCKS: &[(libc::c_long, When)] = &[
    (libc::SYS_flock, When::Always),
    (
        libc::SYS_fcntl,
        When::Any(&[
            (1, Eq, libc::F_SETLK as u64),
            (1, Eq, libc::F_SETLKW as u64),
            (1, Eq, libc::F_OFD_SETLK as u64),
            (1, Eq, libc::F_OFD_SETLKW as u64),
            (1, Eq, libc::F_SETLEASE as u64),
        ]),
    ),
    (libc::SYS_fadvise64, When::Always),
    (libc::SYS_madvise, When::Any(&[(2, Eq, MADV_COLD), (2, Eq, MADV_PAGEOUT)])),
];

/// The rule sets with the errno each answers (a later set's answer wins where two match, as
/// as if they were filters installed in this order).
const FILTERS: [(&[(libc::c_long, When)], u32); 6] = [
    (NO_NETWORK, libc::EACCES as u32),
    (HANDS_OFF, libc::EPERM as u32),
    (NO_SHARED_STATE, libc::EPERM as u32),
    (NO_LOCKS, 0),
    (NO_SHARED_FUTEX, 0),
    (NOT_HERE, libc::ENOSYS as u32),
];

/// One test of a call's arguments (`None`: any arguments) and the filter's answer when it holds.
type Test = (Option<(u8, Cmp, u64)>, u32);

fn errno(e: u32) -> u32 {
    libc::SECCOMP_RET_ERRNO | (e & libc::SECCOMP_RET_DATA)
}

/// Each filtered call's tests, in the order they are tried: the later rule sets' first, and
/// none after one that holds for any arguments.
fn tests_by_call() -> BTreeMap<u32, Vec<Test>> {
    let mut calls: BTreeMap<u32, Vec<Test>> = BTreeMap::new();
    for (set, answer) in FILTERS.iter().rev() {
        for (nr, when) in set.iter() {
            let tests = calls.entry(*nr as u32).or_default();
            if tests.last().is_some_and(|t| t.0.is_none()) {
                continue;
            }
            match when {
                When::Always => tests.push((None, errno(*answer))),
                When::Any(conditions) => {
                    tests.extend(conditions.iter().map(|&(arg, cmp, value)| (Some((arg, cmp, value)), errno(*answer))));
                }
            }
        }
    }
    calls
}

/// The whole filter as one program, so that the kernel checks, converts, compiles and caches one
/// short filter per bot rather than five long ones (which was most of a bot's start): the
/// architecture, then the call's number (on x86_64 without its x32 bit, so that every rule
/// covers the x32 call too), a binary search over the filtered numbers, and each call's tests
/// on its arguments (their low 32 bits); a call no rule names is allowed.
fn compile(arch: u32) -> Result<Vec<libc::sock_filter>, String> {
    let mut asm = Asm::default();
    // Calls with the same tests share their code.
    let mut bodies: BTreeMap<Vec<Test>, usize> = BTreeMap::new();
    let entries: Vec<(u32, usize)> = tests_by_call()
        .into_iter()
        .map(|(nr, tests)| {
            let next = bodies.len();
            (nr, *bodies.entry(tests).or_insert(next))
        })
        .collect();
    let labels: Vec<usize> = (0..bodies.len()).map(|_| asm.label()).collect();
    let wrong_arch = asm.label();
    asm.load(bpf::ARCH);
    asm.jeq(arch, To::Next, To::Label(wrong_arch));
    asm.load(bpf::NR);
    if cfg!(target_arch = "x86_64") {
        asm.and(!(X32_SYSCALL_BIT as u32));
    }
    search(&mut asm, &entries, &labels);
    let mut ordered: Vec<(&Vec<Test>, usize)> = bodies.iter().map(|(t, &i)| (t, i)).collect();
    ordered.sort_by_key(|&(_, i)| i);
    for (tests, i) in ordered {
        asm.place(labels[i]);
        for &(condition, answer) in tests {
            let Some((arg, cmp, value)) = condition else {
                asm.ret(answer);
                break;
            };
            let (hit, miss) = (asm.label(), asm.label());
            asm.load(bpf::arg_low(arg));
            if let Cmp::MaskedEq(mask) = cmp {
                asm.and(mask as u32);
            }
            let (on_equal, otherwise) = if cmp == Cmp::Ne { (miss, hit) } else { (hit, miss) };
            asm.jeq(value as u32, To::Label(on_equal), To::Label(otherwise));
            asm.place(hit);
            asm.ret(answer);
            asm.place(miss);
        }
        if tests.last().is_some_and(|t| t.0.is_some()) {
            asm.ret(libc::SECCOMP_RET_ALLOW);
        }
    }
    asm.place(wrong_arch);
    asm.ret(libc::SECCOMP_RET_KILL_PROCESS);
    asm.finish()
}

/// Jumps to the label of the entry whose number is in A; allows any other call. Each entry:
/// (call number, index into `labels`), sorted by number.
fn search(asm: &mut Asm, entries: &[(u32, usize)], labels: &[usize]) {
    if entries.len() <= 3 {
        for &(nr, body) in entries {
            asm.jeq(nr, To::Label(labels[body]), To::Next);
        }
        asm.ret(libc::SECCOMP_RET_ALLOW);
        return;
    }
    let (low, high) = entries.split_at(entries.len() / 2);
    let upper = asm.label();
    asm.jge(high[0].0, To::Label(upper), To::Next);
    search(asm, low, labels);
    asm.place(upper);
    search(asm, high, labels);
}

/// Whether this build can install the filter (the kernel may still refuse: see `install`).
pub(crate) fn supported_arch() -> bool {
    ARCH.is_some()
}

/// The filter, built once in the parent: the child between clone and exec must not allocate.
static PROGRAM: std::sync::OnceLock<Vec<libc::sock_filter>> = std::sync::OnceLock::new();

/// Builds the filter (before any child needs it).
pub(crate) fn prepare() {
    if let Some(arch) = ARCH {
        PROGRAM.get_or_init(|| compile(arch).expect("the filter's rules fit one program (see the tests)"));
    }
}

/// Installs the filter built by `prepare` on the calling thread (and what it executes). Sets
/// no_new_privs first, as an unprivileged filter requires. System calls only: safe between
/// clone and exec.
pub(crate) fn install() -> io::Result<()> {
    let Some(program) = PROGRAM.get() else {
        return Err(io::Error::from_raw_os_error(libc::ENOSYS));
    };
    // SAFETY: prctl with PR_SET_NO_NEW_PRIVS takes one integer.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let prog = libc::sock_fprog { len: program.len() as u16, filter: program.as_ptr() as *mut libc::sock_filter };
    // SAFETY: a valid pointer to a sock_fprog whose filter outlives the call.
    if unsafe { libc::prctl(libc::PR_SET_SECCOMP, libc::SECCOMP_MODE_FILTER, &prog as *const libc::sock_fprog) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(test)]
#[path = "seccomp_tests.rs"]
mod tests;
