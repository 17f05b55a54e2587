//! A seccomp filter that keeps a bot off the network and away from other processes: `socket()`,
//! `socketpair()` and `io_uring_setup()` fail with `EACCES` (a bot needs no socket: with none,
//! `connect`, `bind` and `sendto` have nothing to work on; pipes and files are untouched), and so does
//! every system call made through another architecture's entry (x32, i386). With it, network
//! isolation needs no network namespace, which costs about 0.3 ms of kernel time per bot.
//! The calls that change another process's limits, priority or CPU set (`ON_OTHERS`) work
//! only on the caller itself: a bot that shares its uid with juiz (not root) cannot lower them.

use std::io;

#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: Option<u32> = Some(0xC000_003E);
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: Option<u32> = Some(0xC000_00B7);
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const AUDIT_ARCH: Option<u32> = None;

/// On x86_64, system call numbers at or above this are the x32 ABI.
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

// Classic BPF, as seccomp reads it (linux/filter.h, linux/seccomp.h).
/// BPF_LD | BPF_W | BPF_ABS (the first two are zero).
const BPF_LD_W_ABS: u16 = 0x20;
const BPF_JMP_JEQ_K: u16 = 0x05 | 0x10;
const BPF_JMP_JGE_K: u16 = 0x05 | 0x30;
const BPF_RET_K: u16 = 0x06;
const RET_ALLOW: u32 = 0x7fff_0000;
const RET_ERRNO: u32 = 0x0005_0000;
/// Offsets in `struct seccomp_data`.
const DATA_NR: u32 = 0;
const DATA_ARCH: u32 = 4;

fn stmt(code: u16, k: u32) -> libc::sock_filter {
    libc::sock_filter { code, jt: 0, jf: 0, k }
}

/// Calls that act on another process named by an argument (its index): allowed on the caller
/// itself (0) only, else `EPERM`: without root a bot's uid is juiz's and its opponent's, so the
/// kernel's own checks would let it lower their limits, priority or CPU set.
const ON_OTHERS: [(libc::c_long, u32); 7] = [
    (libc::SYS_prlimit64, 0),
    (libc::SYS_setpriority, 1),
    (libc::SYS_sched_setaffinity, 0),
    (libc::SYS_sched_setscheduler, 0),
    (libc::SYS_sched_setparam, 0),
    (libc::SYS_sched_setattr, 0),
    (libc::SYS_ioprio_set, 1),
];
/// Offset of the system call's arguments in `struct seccomp_data` (after nr, arch, ip).
const DATA_ARGS: u32 = 16;
/// Instructions of the check of one call of `ON_OTHERS`.
const BLOCK: usize = 5;

/// The filter: the architecture, then each denied call (to `EACCES`), then for each call of
/// `ON_OTHERS` a check that its target argument is 0 (to allow, else `EPERM`), then allow.
fn program(arch: u32) -> Vec<libc::sock_filter> {
    let denied = [libc::SYS_socket as u32, libc::SYS_socketpair as u32, libc::SYS_io_uring_setup as u32];
    let mut checks: Vec<(u16, u32)> = Vec::new();
    if cfg!(target_arch = "x86_64") {
        checks.push((BPF_JMP_JGE_K, X32_SYSCALL_BIT));
    }
    checks.extend(denied.iter().map(|&nr| (BPF_JMP_JEQ_K, nr)));
    let mut filter = vec![
        stmt(BPF_LD_W_ABS, DATA_ARCH),
        // Our architecture: go on (skip the next instruction); another: deny.
        libc::sock_filter { code: BPF_JMP_JEQ_K, jt: 1, jf: 0, k: arch },
        stmt(BPF_RET_K, RET_ERRNO | libc::EACCES as u32),
        stmt(BPF_LD_W_ABS, DATA_NR),
    ];
    let allow = filter.len() + checks.len() + BLOCK * ON_OTHERS.len();
    let (perm, eacces) = (allow + 1, allow + 2);
    // A jump from instruction `from` to `to`, as BPF counts it (from the next instruction).
    let hop = |from: usize, to: usize| (to - from - 1) as u8;
    for (code, k) in checks {
        let at = filter.len();
        filter.push(libc::sock_filter { code, jt: hop(at, eacces), jf: 0, k });
    }
    for &(nr, arg) in &ON_OTHERS {
        let at = filter.len();
        let low = DATA_ARGS + 8 * arg;
        filter.extend([
            // Another call: on to the next block, the number still loaded.
            libc::sock_filter { code: BPF_JMP_JEQ_K, jt: 0, jf: (BLOCK - 1) as u8, k: nr as u32 },
            stmt(BPF_LD_W_ABS, low),
            libc::sock_filter { code: BPF_JMP_JEQ_K, jt: 0, jf: hop(at + 2, perm), k: 0 },
            stmt(BPF_LD_W_ABS, low + 4),
            libc::sock_filter { code: BPF_JMP_JEQ_K, jt: hop(at + 4, allow), jf: hop(at + 4, perm), k: 0 },
        ]);
    }
    filter.push(stmt(BPF_RET_K, RET_ALLOW));
    filter.push(stmt(BPF_RET_K, RET_ERRNO | libc::EPERM as u32));
    filter.push(stmt(BPF_RET_K, RET_ERRNO | libc::EACCES as u32));
    filter
}

/// Whether this build can install the filter (the kernel may still refuse: see `install`).
pub(crate) fn supported_arch() -> bool {
    AUDIT_ARCH.is_some()
}

/// The filter, built once in the parent: the child between clone and exec must not allocate.
static FILTER: std::sync::OnceLock<Vec<libc::sock_filter>> = std::sync::OnceLock::new();

/// Builds the filter (before any child needs it).
pub(crate) fn prepare() {
    if let Some(arch) = AUDIT_ARCH {
        FILTER.get_or_init(|| program(arch));
    }
}

/// Installs the filter built by `prepare` on the calling thread (and what it executes). Sets
/// no_new_privs first, as an unprivileged filter requires. System calls only: safe between
/// clone and exec.
pub(crate) fn install() -> io::Result<()> {
    let Some(filter) = FILTER.get() else {
        return Err(io::Error::from_raw_os_error(libc::ENOSYS));
    };
    let prog = libc::sock_fprog { len: filter.len() as u16, filter: filter.as_ptr() as *mut libc::sock_filter };
    // SAFETY: prctl with PR_SET_NO_NEW_PRIVS takes one integer.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a valid pointer to a sock_fprog whose filter outlives the call.
    if unsafe { libc::prctl(libc::PR_SET_SECCOMP, libc::SECCOMP_MODE_FILTER, &prog as *const libc::sock_fprog) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_jump_lands_on_a_decision_or_the_next_block() {
        let filter = program(0xC000_003E);
        let deny = filter.len() - 1;
        assert_eq!(filter[deny].k, RET_ERRNO | libc::EACCES as u32);
        assert_eq!(filter[deny - 1].k, RET_ERRNO | libc::EPERM as u32);
        assert_eq!(filter[deny - 2].k, RET_ALLOW);
        let blocks = deny - 2 - BLOCK * ON_OTHERS.len();
        for (i, ins) in filter.iter().enumerate().skip(4).take(blocks - 4) {
            assert_eq!(i + 1 + ins.jt as usize, deny, "instruction {i}");
        }
        for b in 0..ON_OTHERS.len() {
            let at = blocks + BLOCK * b;
            assert_eq!(at + 1 + filter[at].jf as usize, at + BLOCK, "block {b}");
            assert_eq!(at + 3 + filter[at + 2].jf as usize, deny - 1, "block {b}");
            assert_eq!(at + 5 + filter[at + 4].jt as usize, deny - 2, "block {b}");
            assert_eq!(at + 5 + filter[at + 4].jf as usize, deny - 1, "block {b}");
        }
    }

    #[test]
    fn a_filtered_child_cannot_open_a_socket_but_can_use_pipes() {
        if !supported_arch() {
            return;
        }
        prepare();
        // SAFETY: the child only makes system calls and leaves with _exit.
        match unsafe { libc::fork() } {
            0 => unsafe {
                let code = if install().is_err() {
                    10
                } else if libc::socket(libc::AF_INET, libc::SOCK_DGRAM, 0) >= 0 {
                    11
                } else if libc::socket(libc::AF_UNIX, libc::SOCK_STREAM, 0) >= 0 {
                    12
                } else if libc::socketpair(libc::AF_UNIX, libc::SOCK_DGRAM, 0, [0; 2].as_mut_ptr()) >= 0 {
                    14
                } else if libc::setpriority(libc::PRIO_PROCESS, libc::getppid() as libc::id_t, 0) == 0 {
                    15
                } else if libc::prlimit(libc::getppid(), libc::RLIMIT_CORE, std::ptr::null(), std::ptr::null_mut()) == 0
                {
                    16
                } else if libc::setpriority(libc::PRIO_PROCESS, 0, 1) != 0
                    || libc::prlimit(0, libc::RLIMIT_CORE, std::ptr::null(), std::ptr::null_mut()) != 0
                {
                    17
                } else {
                    let mut fds = [0; 2];
                    if libc::pipe(fds.as_mut_ptr()) != 0 { 13 } else { 0 }
                };
                libc::_exit(code)
            },
            pid => {
                let mut status = 0;
                // SAFETY: waiting for the child forked above.
                unsafe { libc::waitpid(pid, &mut status, 0) };
                assert!(libc::WIFEXITED(status));
                assert_eq!(
                    libc::WEXITSTATUS(status),
                    0,
                    "10: no filter, 11: inet socket, 12: unix socket, 13: no pipe, 14: socketpair, 15: setpriority \
                     on the parent, 16: prlimit on the parent, 17: no setpriority or prlimit on itself"
                );
            }
        }
    }
}
