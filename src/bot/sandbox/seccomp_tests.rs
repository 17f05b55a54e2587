//! Tests of the seccomp filter: its size, its answers against the five seccompiler filters it
//! replaced, and a filtered child's calls.

use super::*;

#[test]
fn the_filter_fits_one_short_program() {
    let program = compile(62 | 0x8000_0000 | 0x4000_0000).unwrap();
    // 187 with the futex, futex2, AIO and io_uring rules (issue 34); a jump reaches 255.
    assert!(program.len() < 200, "{} instructions", program.len());
}

/// The filter as the five seccompiler programs it replaces had it, for comparison.
fn seccompiler_programs() -> Vec<seccompiler::BpfProgram> {
    use seccompiler::{SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule};
    FILTERS
        .iter()
        .map(|(calls, errno)| {
            let mut map: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
            for (nr, when) in calls.iter() {
                let rules: Vec<SeccompRule> = match when {
                    When::Always => Vec::new(),
                    When::Any(conditions) => conditions
                        .iter()
                        .map(|&(arg, cmp, value)| {
                            let op = match cmp {
                                Cmp::Eq => SeccompCmpOp::Eq,
                                Cmp::Ne => SeccompCmpOp::Ne,
                                Cmp::MaskedEq(mask) => SeccompCmpOp::MaskedEq(mask),
                            };
                            SeccompRule::new(vec![
                                SeccompCondition::new(arg, SeccompCmpArgLen::Dword, op, value).unwrap(),
                            ])
                            .unwrap()
                        })
                        .collect(),
                };
                map.insert(*nr, rules.clone());
                map.insert(*nr | X32_SYSCALL_BIT, rules);
            }
            let filter = SeccompFilter::new(
                map,
                SeccompAction::Allow,
                SeccompAction::Errno(*errno),
                seccompiler::TargetArch::x86_64,
            )
            .unwrap();
            filter.try_into().unwrap()
        })
        .collect()
}

/// The kernel's answer to a call under several filters: the one of highest precedence (the
/// lowest action as a signed number), the newest filter's among equals.
fn stacked(programs: &[seccompiler::BpfProgram], nr: i32, arch: u32, args: [u64; 6]) -> u32 {
    let mut answer: Option<u32> = None;
    for program in programs.iter().rev() {
        let program: Vec<libc::sock_filter> =
            program.iter().map(|i| libc::sock_filter { code: i.code, jt: i.jt, jf: i.jf, k: i.k }).collect();
        let this = bpf::run(&program, nr, arch, args).expect("seccompiler's program runs");
        let action = |a: u32| (a & libc::SECCOMP_RET_ACTION_FULL) as i32;
        if answer.is_none_or(|a| action(this) < action(a)) {
            answer = Some(this);
        }
    }
    answer.unwrap()
}

/// The one program answers every call, x32 numbers and arguments with high bits included,
/// exactly as the five filters did.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_one_program_answers_as_the_five_filters_did() {
    let x86_64 = 62 | 0x8000_0000 | 0x4000_0000;
    let program = compile(x86_64).unwrap();
    let old = seccompiler_programs();
    let mut values: Vec<u64> = vec![0, 1, 2, 12345, u64::from(u32::MAX), libc::CLONE_NEWNS as u64];
    for (set, _) in FILTERS {
        for (_, when) in set.iter() {
            if let When::Any(conditions) = when {
                for &(_, cmp, value) in conditions.iter() {
                    values.extend([value, value | 0xffff_0000_0000_0000, value ^ 1]);
                    if let Cmp::MaskedEq(mask) = cmp {
                        values.push(mask | libc::CLONE_NEWNS as u64);
                    }
                }
            }
        }
    }
    values.sort_unstable();
    values.dedup();
    let filtered: Vec<i64> = tests_by_call().keys().map(|&nr| i64::from(nr)).collect();
    let mut checked = 0;
    for base in 0..600i64 {
        for nr in [base, base | X32_SYSCALL_BIT] {
            let nr = nr as i32;
            let few = [[0u64; 6], [1, 2, 3, 4, 5, 6]];
            let product: Vec<[u64; 6]> = if filtered.contains(&base) {
                let mut all = Vec::new();
                for &a in &values {
                    for &b in &values {
                        for &c in &values {
                            all.push([a, b, c, 0, 0, 0]);
                        }
                    }
                }
                all
            } else {
                few.to_vec()
            };
            for args in product {
                let want = stacked(&old, nr, x86_64, args);
                assert_eq!(bpf::run(&program, nr, x86_64, args), Some(want), "call {nr:#x} with {args:x?}");
                checked += 1;
            }
        }
    }
    for arch in [0x4000_0003, 0] {
        assert_eq!(bpf::run(&program, 0, arch, [0; 6]), Some(libc::SECCOMP_RET_KILL_PROCESS));
        assert_eq!(stacked(&old, 0, arch, [0; 6]), libc::SECCOMP_RET_KILL_PROCESS);
    }
    assert!(checked > 100_000, "{checked}");
}

/// Whether a plain `fork` makes a child that exits 0 and is reaped. System calls only.
fn fork_works() -> bool {
    // SAFETY: the child only leaves; the parent reaps it.
    unsafe {
        let pid = libc::fork();
        if pid == 0 {
            libc::_exit(0);
        }
        let mut status = 1;
        pid >= 0 && libc::waitpid(pid, &mut status, 0) == pid && status == 0
    }
}

/// A futex wait of 1 ms with operation `op` on a word that holds the value waited for: 0 when the
/// call returns at once, else its errno. System calls only.
fn futex_wait(op: i32) -> i32 {
    let word: u32 = 7;
    let timeout = libc::timespec { tv_sec: 0, tv_nsec: 1_000_000 };
    // SAFETY: a valid word and timeout that outlive the call.
    unsafe {
        if libc::syscall(libc::SYS_futex, &word as *const u32, op, 7u32, &timeout as *const libc::timespec) == 0 {
            0
        } else {
            *libc::__errno_location()
        }
    }
}

/// Whether `mincore` on a page of our own answers `EPERM`. System calls only.
fn mincore_refused() -> bool {
    // SAFETY: an anonymous mapping of one page, probed, never touched.
    unsafe {
        let page = libc::sysconf(libc::_SC_PAGESIZE) as usize;
        let map =
            libc::mmap(std::ptr::null_mut(), page, libc::PROT_READ, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0);
        let mut resident = [0u8; 1];
        map != libc::MAP_FAILED
            && libc::mincore(map, page, resident.as_mut_ptr()) != 0
            && *libc::__errno_location() == libc::EPERM
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
        // SAFETY: in the child, system calls only, then _exit.
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
            } else if libc::prlimit(libc::getppid(), libc::RLIMIT_CORE, std::ptr::null(), std::ptr::null_mut()) == 0 {
                16
            } else if libc::setpriority(libc::PRIO_PROCESS, 0, 19) != 0 // raising its own nice value needs no privilege
                || libc::prlimit(0, libc::RLIMIT_CORE, std::ptr::null(), std::ptr::null_mut()) != 0
            {
                17
            } else if {
                *libc::__errno_location() = 0;
                libc::getpriority(libc::PRIO_PROCESS, libc::getppid() as libc::id_t);
                *libc::__errno_location() == 0
            } || {
                *libc::__errno_location() = 0;
                libc::getpriority(libc::PRIO_USER, 0);
                *libc::__errno_location() == 0
            } {
                18
            } else if {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                libc::sched_getaffinity(libc::getppid(), std::mem::size_of::<libc::cpu_set_t>(), &mut set) == 0
            } || libc::sched_getscheduler(libc::getppid()) >= 0
            {
                19
            } else if libc::flock(-1, libc::LOCK_EX) != 0 {
                // A lock on no file at all succeeds: the call never reaches the kernel.
                20
            } else if libc::inotify_init1(0) >= 0 {
                21
            } else if libc::unshare(libc::CLONE_NEWUSER) == 0 {
                22
            } else if libc::syscall(libc::SYS_clone3, std::ptr::null::<u8>(), 0usize) != -1
                || *libc::__errno_location() != libc::ENOSYS
            {
                23
            } else if !fork_works() {
                24
            } else if !mincore_refused() {
                25
            } else if libc::syscall(libc::SYS_keyctl, 0 /* KEYCTL_GET_KEYRING_ID */, -3, 0) >= 0
                || libc::syscall(libc::SYS_add_key, c"user".as_ptr(), c"k".as_ptr(), c"v".as_ptr(), 1usize, -3) >= 0
                || libc::syscall(libc::SYS_request_key, c"user".as_ptr(), c"k".as_ptr(), 0usize, 0) >= 0
            {
                26
            } else if libc::fsetxattr(0, c"user.hand".as_ptr(), c"x".as_ptr().cast(), 1, 0) == 0
                || *libc::__errno_location() != libc::EPERM
                || libc::setxattr(c"/tmp".as_ptr(), c"user.hand".as_ptr(), c"x".as_ptr().cast(), 1, 0) == 0
            {
                27
            } else if libc::posix_fadvise(0, 0, 0, libc::POSIX_FADV_DONTNEED) != 0 {
                // Advice on stdin, a pipe (ESPIPE in the kernel): taken as read, never reaching it.
                28
            } else if futex_wait(libc::FUTEX_WAIT) != 0 {
                // A shared wait returns at once (a spurious wake-up), never reaching the kernel.
                29
            } else if futex_wait(libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG) != libc::ETIMEDOUT {
                // A private one reaches it, and times out.
                30
            } else if [libc::SYS_io_setup, 449 /* futex_waitv */, libc::SYS_io_uring_enter].iter().any(|&nr| {
                libc::syscall(nr, 1usize, 0usize, 0usize, 0usize, 0usize) != -1
                    || *libc::__errno_location() != libc::ENOSYS
            }) || libc::syscall(libc::SYS_futex, std::ptr::null::<u32>(), libc::FUTEX_LOCK_PI, 0, 0) != -1
                || *libc::__errno_location() != libc::ENOSYS
            {
                31
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
                 on the parent, 16: prlimit on the parent, 17: no setpriority or prlimit on itself, 18: getpriority \
                 of the parent or the user, 19: the parent's CPU set or scheduler, 20: flock reached the \
                 kernel, 21: inotify, 22: a nested user namespace, 23: clone3 not ENOSYS, 24: \
                 fork failed, 25: mincore not EPERM, 26: a keyring, 27: an xattr written, 28: fadvise \
                 reached the kernel, 29: a shared futex wait reached the kernel, 30: a private one did not, \
                 31: AIO, futex_waitv, io_uring_enter or a shared PI futex not ENOSYS"
            );
        }
    }
}
