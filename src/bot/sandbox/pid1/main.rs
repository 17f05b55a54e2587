//! `juiz-pid-init`: pid 1 of a bot's pid namespace, a program of its own (the binary beside
//! `juiz`). Why it exists: pid 1 of a namespace ignores the default action of every signal sent
//! from inside it (`abort`, `kill -SEGV $$`), must reap every orphan, and its end kills the
//! namespace, so the bot must not be pid 1. juiz's spawned child enters the new namespace as its
//! pid 1, sets up the sandbox and execs this program (`spawn.rs`), which forks the bot (pid 2),
//! reports on a pipe (`wire.rs`: `STARTED` with the bot's pid, or `FAILED` with the stage and
//! errno, then `ENDED` with the bot's wait status, since pid 1 cannot die of a signal raised on
//! itself), forwards every signal it gets to the bot, reaps every orphan, and exits as soon as
//! the bot has; the kernel then kills whatever is left in the namespace.
//!
//! Why a program of its own, and this small one (issue 34, measured in
//! `docs/benchmarks-containment.md`): the init used to be juiz's own 15 MB binary, whose loader,
//! relocations and C library start cost about 2 ms of the bot's CPU per bot; this one is linked
//! without the C library (no loader, no relocations, `sys.rs`) and costs about 0.1 ms to start.
//! Running the init loop in juiz's spawned child without any `exec` was weighed and left: that
//! child shares juiz's memory until its `exec` (`CLONE_VM`, see `spawn.rs`), so to outlive it the
//! init would be a `fork` of the multi-threaded referee (its page tables copied, each page its
//! threads then write faulted: about a millisecond per bot), holding a copy of everything juiz
//! holds (other games' hands) in a process of the bot's uid; or it would keep sharing juiz's
//! memory for the whole game, and an out-of-memory kill in the bot's cgroup, which kills every
//! process of the chosen one's memory, could take juiz with it. This folder (`main.rs`, `sys.rs`,
//! `wire.rs`) is the whole of what runs as pid 1: a few hundred lines of system calls on its own
//! stack, which a reviewer reads without knowing juiz.

#![no_main]
#![deny(clippy::indexing_slicing, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod sys;
#[expect(dead_code, reason = "shared with juiz, which uses the rest")]
mod wire;

use sys::{check, close, exit, syscall, write};

/// The init's arguments (see `wire.rs`), pointers into its own `argv`.
struct Init {
    report: i32,
    ruleset: i32,
    file_rights: u64,
    dir_rights: u64,
    /// The programs to try, each with its descriptor (-1: none).
    programs: Args,
    /// The `/proc` files the bot may read in its own `/proc`.
    proc_files: Args,
    /// The bot's command line: the rest of `argv`, NULL-terminated as the kernel left it.
    argv: *const *const u8,
    envp: *const *const u8,
}

/// A run of the init's arguments.
#[derive(Clone, Copy)]
struct Args {
    first: *const *const u8,
    len: usize,
}

impl Args {
    /// Argument `i` of the run, as bytes without its NUL.
    fn get(&self, i: usize) -> Option<&'static [u8]> {
        if i >= self.len {
            return None;
        }
        // SAFETY: `i` is inside the run, which lies inside the kernel's NULL-terminated `argv`.
        let arg = unsafe { *self.first.add(i) };
        if arg.is_null() {
            return None;
        }
        // SAFETY: every argument is a NUL-terminated string that lives as long as the process.
        Some(unsafe { core::ffi::CStr::from_ptr(arg.cast()) }.to_bytes())
    }

    fn pointer(&self, i: usize) -> *const u8 {
        // SAFETY: callers ask only for `i < len` (checked by `get` first).
        unsafe { *self.first.add(i) }
    }

    fn number(&self, i: usize) -> Option<i64> {
        wire::number(self.get(i)?)
    }

    /// The run of `len` arguments from `i`, if they are all there.
    fn run(&self, i: usize, len: usize) -> Option<Args> {
        let end = i.checked_add(len)?;
        if end > self.len {
            return None;
        }
        // SAFETY: inside the run, as checked.
        Some(Args { first: unsafe { self.first.add(i) }, len })
    }
}

/// Where the kernel enters (from `sys::_start`): `stack` points at `argc`.
///
/// # Safety
/// Called once, by `_start`, with the stack the kernel set up.
unsafe extern "C" fn entry(stack: *const usize) -> ! {
    // SAFETY: the kernel's layout: argc, then argc pointers, NULL, then the environment.
    let (argc, argv) = unsafe { (*stack, stack.add(1).cast::<*const u8>()) };
    // SAFETY: the environment starts after argv's NULL.
    let envp = unsafe { argv.add(argc + 1) };
    let all = Args { first: argv, len: argc };
    if argc == 2 && all.get(1) == Some(wire::PROBE) {
        write(1, wire::PROBE_REPLY);
        exit(0);
    }
    match Init::of(all, envp) {
        Some(init) => exit(init.run()),
        None => {
            write(2, b"juiz-pid-init: this program is for juiz's own use\n");
            exit(2)
        }
    }
}

impl Init {
    fn of(all: Args, envp: *const *const u8) -> Option<Init> {
        let layout = wire::layout(all.len, |i| all.get(i))?;
        Some(Init {
            report: layout.report,
            ruleset: layout.ruleset,
            file_rights: layout.file_rights,
            dir_rights: layout.dir_rights,
            programs: all.run(layout.programs, 2 * layout.program_count)?,
            proc_files: all.run(layout.proc_files, layout.proc_file_count)?,
            // SAFETY: inside argv: `layout` found an argument there.
            argv: unsafe { all.first.add(layout.bot_argv) },
            envp,
        })
    }

    /// The init itself (see the module's doc); its exit code.
    fn run(&self) -> i32 {
        for i in 0..self.programs.len / 2 {
            set_cloexec(self.programs.number(2 * i + 1).unwrap_or(-1) as i32);
        }
        set_cloexec(self.report);
        set_cloexec(self.ruleset);
        // Every signal blocked: the init takes them with `rt_sigtimedwait` (SIGCHLD to reap,
        // the others to forward), and none is lost between the fork and the wait.
        sigmask(!0);
        let mut failed = [0i32; 2];
        // SAFETY: a valid pointer to two ints.
        if let Err(errno) = check(unsafe {
            syscall(libc::SYS_pipe2, [failed.as_mut_ptr() as usize, libc::O_CLOEXEC as usize, 0, 0, 0, 0])
        }) {
            self.send(wire::FAILED, wire::STAGE_SANDBOX, errno);
            return 127;
        }
        let [failed_read, failed_write] = failed;
        // A plain fork: this process has no C library and no other thread to disturb.
        // SAFETY: the child continues on a copy of this stack.
        let bot = unsafe { syscall(libc::SYS_clone, [libc::SIGCHLD as usize, 0, 0, 0, 0, 0]) };
        if bot == 0 {
            close(failed_read);
            let (stage, errno) = self.start_bot();
            write(failed_write, &wire::encode(wire::FAILED, stage, errno));
            exit(127);
        }
        close(failed_write);
        if self.ruleset >= 0 {
            close(self.ruleset);
        }
        let bot = match check(bot) {
            Ok(pid) => pid as i32,
            Err(errno) => {
                self.send(wire::FAILED, wire::STAGE_SANDBOX, errno);
                return 127;
            }
        };
        // Nothing comes before the bot's exec (the pipe closes then) or its failure.
        let mut record = [0u8; 12];
        if read_full(failed_read, &mut record) == record.len() {
            let (_, stage, errno) = wire::decode(&record);
            self.send(wire::FAILED, stage, errno);
            wait(bot, 0, &mut 0);
            return 127;
        }
        self.send(wire::STARTED, bot, 0);
        // The bot's streams are the bot's: the init holds none of them open.
        for fd in [failed_read, 0, 1, 2] {
            close(fd);
        }
        let status = wait_for(bot);
        self.send(wire::ENDED, status, 0);
        if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { 128 + libc::WTERMSIG(status) }
    }

    /// In the bot's process, between the fork and the exec: default signals, an empty mask, its
    /// Landlock ruleset (with its own `/proc/<pid>` and the `/proc` files every bot may read, in
    /// its own `/proc`), then the exec. Returns the stage and errno of the failure.
    fn start_bot(&self) -> (i32, i32) {
        default_signals();
        if self.ruleset >= 0 {
            if let Err(errno) = self.enforce_landlock() {
                return (wire::STAGE_SANDBOX, errno);
            }
            close(self.ruleset);
        }
        let mut errno = libc::ENOENT;
        for i in 0..self.programs.len / 2 {
            let (program, fd) = (self.programs.pointer(2 * i), self.programs.number(2 * i + 1).unwrap_or(-1));
            if fd >= 0 {
                // SAFETY: NUL-terminated strings and NULL-terminated arrays from the kernel.
                unsafe {
                    syscall(
                        libc::SYS_execveat,
                        [
                            fd as usize,
                            c"".as_ptr() as usize,
                            self.argv as usize,
                            self.envp as usize,
                            libc::AT_EMPTY_PATH as usize,
                            0,
                        ],
                    )
                };
            }
            // SAFETY: as above.
            let ret = unsafe {
                syscall(libc::SYS_execve, [program as usize, self.argv as usize, self.envp as usize, 0, 0, 0])
            };
            errno = check(ret).err().unwrap_or(libc::ENOEXEC);
        }
        (wire::STAGE_EXEC, errno)
    }

    fn enforce_landlock(&self) -> Result<(), i32> {
        for i in 0..self.proc_files.len {
            allow(self.ruleset, self.proc_files.pointer(i), 0, self.file_rights)?;
        }
        // `/proc/self`, which only this process resolves to itself.
        allow(self.ruleset, c"/proc/self".as_ptr().cast(), libc::O_DIRECTORY, self.dir_rights)?;
        // SAFETY: prctl with PR_SET_NO_NEW_PRIVS takes one integer; required before restrict_self.
        check(unsafe { syscall(libc::SYS_prctl, [libc::PR_SET_NO_NEW_PRIVS as usize, 1, 0, 0, 0, 0]) })?;
        // SAFETY: an open ruleset descriptor and no flags.
        check(unsafe { syscall(libc::SYS_landlock_restrict_self, [self.ruleset as usize, 0, 0, 0, 0, 0]) })?;
        Ok(())
    }

    fn send(&self, tag: u32, a: i32, b: i32) {
        write(self.report, &wire::encode(tag, a, b));
    }
}

/// Allows `rights` beneath `path` (skipped when it cannot be opened: not on this kernel).
fn allow(ruleset: i32, path: *const u8, flags: libc::c_int, rights: u64) -> Result<(), i32> {
    /// The kernel's `struct landlock_path_beneath_attr`.
    #[repr(C, packed)]
    struct PathBeneath {
        allowed_access: u64,
        parent_fd: i32,
    }
    let open = libc::O_PATH | libc::O_CLOEXEC | flags;
    // SAFETY: a NUL-terminated path; O_PATH opens without reading.
    let Ok(fd) =
        check(unsafe { syscall(libc::SYS_openat, [libc::AT_FDCWD as usize, path as usize, open as usize, 0, 0, 0]) })
    else {
        return Ok(());
    };
    let attr = PathBeneath { allowed_access: rights, parent_fd: fd as i32 };
    const RULE_PATH_BENEATH: usize = 1;
    // SAFETY: a valid pointer to a path-beneath attribute; both descriptors are open.
    let added = check(unsafe {
        syscall(
            libc::SYS_landlock_add_rule,
            [ruleset as usize, RULE_PATH_BENEATH, &attr as *const PathBeneath as usize, 0, 0, 0],
        )
    });
    close(fd as i32);
    added.map(|_| ())
}

/// Reaps every child until `bot` has ended, forwarding every other signal to it; its status.
fn wait_for(bot: i32) -> i32 {
    let all: u64 = !0;
    loop {
        let mut info = [0u64; 16];
        // SAFETY: a valid set of the kernel's size (8 bytes) and a siginfo buffer (128 bytes).
        let signal = unsafe {
            syscall(libc::SYS_rt_sigtimedwait, [&all as *const u64 as usize, info.as_mut_ptr() as usize, 0, 8, 0, 0])
        };
        if signal == libc::SIGCHLD as isize {
            loop {
                let mut status = 0;
                let pid = wait(-1, libc::WNOHANG as usize, &mut status);
                if pid == bot as isize {
                    return status;
                }
                if pid <= 0 {
                    break;
                }
            }
        } else if signal > 0 {
            // SAFETY: sends the signal to the bot.
            unsafe { syscall(libc::SYS_kill, [bot as usize, signal as usize, 0, 0, 0, 0]) };
        }
    }
}

/// `wait4(pid, &status, options)`: the pid reaped, 0, or `-errno`.
fn wait(pid: i32, options: usize, status: &mut i32) -> isize {
    // SAFETY: a valid pointer to an int.
    unsafe { syscall(libc::SYS_wait4, [pid as usize, status as *mut i32 as usize, options, 0, 0, 0]) }
}

/// Default dispositions for every signal (the one the init blocks and juiz's spawned child left
/// default already), then an empty mask: the bot starts as any program does.
fn default_signals() {
    /// The kernel's `struct sigaction`; all zero is SIG_DFL, no flags, an empty mask.
    #[repr(C)]
    struct KernelSigaction {
        handler: usize,
        flags: u64,
        restorer: usize,
        mask: u64,
    }
    let default = KernelSigaction { handler: 0, flags: 0, restorer: 0, mask: 0 };
    for signal in 1..=64usize {
        // SAFETY: a valid kernel sigaction of the kernel's size; SIGKILL and SIGSTOP only fail.
        unsafe { syscall(libc::SYS_rt_sigaction, [signal, &default as *const KernelSigaction as usize, 0, 8, 0, 0]) };
    }
    sigmask(0);
}

fn sigmask(set: u64) {
    // SAFETY: a valid set of the kernel's size (8 bytes).
    unsafe { syscall(libc::SYS_rt_sigprocmask, [libc::SIG_SETMASK as usize, &set as *const u64 as usize, 0, 8, 0, 0]) };
}

fn set_cloexec(fd: i32) {
    if fd >= 0 {
        // SAFETY: F_SETFD on a descriptor number; a wrong one only fails.
        unsafe { syscall(libc::SYS_fcntl, [fd as usize, libc::F_SETFD as usize, libc::FD_CLOEXEC as usize, 0, 0, 0]) };
    }
}

/// Reads until `buf` is full or the end of the pipe; how much was read.
fn read_full(fd: i32, buf: &mut [u8]) -> usize {
    let mut got = 0;
    while let Some(rest) = buf.get_mut(got..) {
        if rest.is_empty() {
            break;
        }
        match check(sys::read(fd, rest)) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(libc::EINTR) => {}
            Err(_) => break,
        }
    }
    got
}
