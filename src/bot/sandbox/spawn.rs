//! Starting a bot's process the way `posix_spawn` does: `clone(CLONE_VM | CLONE_VFORK)`, so
//! juiz's memory is neither copied nor write-protected. (A `fork` of the multi-threaded referee
//! copies its page tables, and every page any of its threads then writes takes a fault and a
//! TLB shootdown: about a millisecond per bot on a 2-core VM.) This file is the parent's side:
//! everything the child will need, prepared here (the child must not allocate: `child.rs` is
//! what it runs until its `exec`), the `clone`, and what the child reported. A failure before
//! `exec` is reported in the memory the child still shares with the parent (as glibc's
//! `posix_spawn` does): `clone` returns once the child has called `exec` or exited, and only a
//! failing child writes there.
//!
//! With a pid namespace per bot (`pid_init.rs`) the child is made the new namespace's pid 1
//! (`CLONE_NEWPID`, with `CLONE_NEWUSER` when juiz is not root: the namespace must belong to the
//! bot's user namespace for its `/proc` to be mounted) and execs the init (`juiz-pid-init`,
//! `pid1/main.rs`) in place of the bot, which reports over a pipe the bot's pid
//! (`Spawned::bot_pid`) or why it did not start.

use std::ffi::{CString, OsStr};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};

use crate::bot::host::limits::Rlimit;
use crate::bot::host::sys::LONG_LIVED_FLOOR;
use crate::bot::sandbox::ChildPlan;
use crate::bot::sandbox::child::{ChildArgs, InitExec, child_main};

/// A started child: its pid, a pidfd of it (from `clone` itself) and juiz's ends of its
/// standard streams.
pub(crate) struct Spawned {
    /// The process juiz waits for, the leader of the bot's group: the bot, or its init.
    pub pid: i32,
    /// The bot's own main process (its pid on the host): `pid` without a pid namespace.
    pub bot_pid: i32,
    /// Juiz's end of the init's report pipe, which ends with the bot's wait status.
    pub report: Option<OwnedFd>,
    /// Readable once the child has exited; `None` where the kernel gave none (before 5.2, which
    /// ignores `CLONE_PIDFD`): the caller then asks for one with `pidfd_open`.
    pub pidfd: Option<OwnedFd>,
    pub stdin: OwnedFd,
    pub stdout: OwnedFd,
    pub stderr: OwnedFd,
}

/// What to start.
pub(crate) struct Request<'a> {
    pub argv: &'a [String],
    /// `KEY=VALUE` entries: the whole environment.
    pub env: &'a [(String, PathBuf)],
    pub work_dir: &'a Path,
    pub rlimits: &'a [Rlimit],
    pub plan: &'a ChildPlan,
    /// Where the child writes its pid before it leaves juiz's process group (see `escapees`).
    pub announce: &'a AtomicI32,
}

/// Stack of the child until its `exec` (it runs only `child.rs`'s few calls).
const CHILD_STACK: usize = 256 * 1024;

thread_local! {
    /// The child's stack, kept by each thread that starts bots: the thread waits while its child
    /// runs on it (`CLONE_VFORK`), so one is enough, and a new one per bot was an `mmap`, page
    /// faults and an `munmap` (with its TLB shootdown across juiz's threads) each time. What a
    /// child leaves on it is juiz's own memory, which no bot sees: its `exec` replaces it all.
    static CHILD_STACKS: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Stage codes written with the errno when the child fails before `exec`.
const STAGES: [&str; 5] = ["set up its streams", "enter its work dir", "apply its limits", "enter the sandbox", "exec"];

pub(crate) fn spawn(req: &Request<'_>) -> io::Result<Spawned> {
    let programs: Vec<CString> = candidates(req.argv.first().ok_or_else(|| io::Error::other("empty command"))?)?
        .iter()
        .map(|p| cstring(p.as_os_str()))
        .collect::<io::Result<_>>()?;
    let argv_c: Vec<CString> = req.argv.iter().map(|a| cstring(OsStr::new(a))).collect::<io::Result<_>>()?;
    let env_c: Vec<CString> = req
        .env
        .iter()
        .map(|(k, v)| {
            let mut entry = k.as_bytes().to_vec();
            entry.push(b'=');
            entry.extend_from_slice(v.as_os_str().as_bytes());
            CString::new(entry).map_err(|_| io::Error::other("a NUL byte in the environment"))
        })
        .collect::<io::Result<_>>()?;
    let opened: Vec<Option<OwnedFd>> =
        programs.iter().map(|p| if req.plan.has_identity() { open_path(p) } else { None }).collect();
    let program_fds: Vec<RawFd> = opened.iter().map(|fd| fd.as_ref().map_or(-1, AsRawFd::as_raw_fd)).collect();
    let argv: Vec<*const libc::c_char> = argv_c.iter().map(|c| c.as_ptr()).chain([std::ptr::null()]).collect();
    let envp: Vec<*const libc::c_char> = env_c.iter().map(|c| c.as_ptr()).chain([std::ptr::null()]).collect();
    let work_dir = cstring(req.work_dir.as_os_str())?;

    let (stdin_child, stdin_parent) = pipe()?;
    let (stdout_parent, stdout_child) = pipe()?;
    let (stderr_parent, stderr_child) = pipe()?;
    let report = AtomicU64::new(0);
    let fds = [stdin_child.as_raw_fd(), stdout_child.as_raw_fd(), stderr_child.as_raw_fd()];
    let init = if req.plan.uses_pid_ns() { crate::bot::sandbox::pid_init::program() } else { None };
    let init_pipe = init.map(|_| pipe()).transpose()?;
    let init_args: Vec<CString> = match (init, &init_pipe) {
        (Some(_), Some((_, write))) => crate::bot::sandbox::pid_init::init_argv(
            write.as_raw_fd(),
            req.plan.ruleset_fd(),
            &programs,
            &program_fds,
            req.argv,
        ),
        _ => Vec::new(),
    };
    let init_argv: Vec<*const libc::c_char> = init_args.iter().map(|c| c.as_ptr()).chain([std::ptr::null()]).collect();
    let inherit: Vec<RawFd> = init_pipe
        .iter()
        .map(|(_, write)| write.as_raw_fd())
        .chain([req.plan.ruleset_fd()])
        .chain(program_fds.iter().copied())
        .filter(|&fd| fd >= 0)
        .collect();
    let init_fd = init.map(|program| program.fd.as_raw_fd());
    let highest = fds
        .iter()
        .chain(&program_fds)
        .chain(&inherit)
        .chain(&init_fd)
        .copied()
        .max()
        .unwrap_or(-1)
        .max(req.plan.highest_fd());
    let args = ChildArgs {
        programs: &programs,
        program_fds: &program_fds,
        argv: &argv,
        envp: &envp,
        work_dir: &work_dir,
        fds,
        keep_below: (highest + 1).max(LONG_LIVED_FLOOR),
        report: &report,
        rlimits: req.rlimits,
        plan: req.plan,
        announce: req.announce,
        init: init_fd.map(|fd| InitExec { fd, argv: &init_argv, inherit: &inherit }),
    };
    let dumpable = req.plan.maps_its_ids().then(DumpableWhileStarting::take);
    let mut stack = CHILD_STACKS.with(|kept| std::mem::take(&mut *kept.borrow_mut()));
    if stack.len() != CHILD_STACK {
        stack = vec![0u8; CHILD_STACK];
    }
    // The stack grows down from its end, 16-byte aligned.
    let top = (stack.as_mut_ptr() as usize + CHILD_STACK) & !15;
    // Signals stay blocked from here until the child has reset its handlers: a handler of juiz's
    // must never run on the child's stack.
    // SAFETY: sigset_t is plain data, valid when all zeros.
    let mut all: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    let mut old: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointers to sigset_t values.
    unsafe {
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
    }
    // `CLONE_PIDFD`: the kernel stores a pidfd of the child (close-on-exec) here, which names
    // this very child whatever happens to its pid later; a `pidfd_open` per bot less. A kernel
    // before 5.2 ignores the flag and leaves -1.
    let mut pidfd: libc::c_int = -1;
    // The child as pid 1 of a new pid namespace, in a new user namespace when the bot gets no
    // uid of its own (`confine_in_child` then makes no other).
    let pid_ns = match (init.is_some(), req.plan.has_identity()) {
        (false, _) => 0,
        (true, true) => libc::CLONE_NEWPID,
        (true, false) => libc::CLONE_NEWPID | libc::CLONE_NEWUSER,
    };
    // SAFETY: `child_main` only makes system calls on `args`, which outlives the child's use of
    // it (CLONE_VFORK: this thread waits until the child has called exec or exited); the stack is
    // ours until then too. The fifth argument is where `CLONE_PIDFD` writes the pidfd.
    let pid = unsafe {
        libc::clone(
            child_main,
            top as *mut libc::c_void,
            libc::CLONE_VM | libc::CLONE_FILES | libc::CLONE_VFORK | libc::CLONE_PIDFD | libc::SIGCHLD | pid_ns,
            &args as *const ChildArgs as *mut libc::c_void,
            &mut pidfd as *mut libc::c_int,
        )
    };
    let clone_error = io::Error::last_os_error();
    // SAFETY: a descriptor the kernel just installed for this thread's process, owned here.
    let pidfd = (pid > 0 && pidfd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(pidfd) });
    drop(dumpable);
    // SAFETY: restoring the mask saved above.
    unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut()) };
    CHILD_STACKS.with(|kept| *kept.borrow_mut() = stack);
    drop((stdin_child, stdout_child, stderr_child));
    let init_report = init_pipe.map(|(read, write)| {
        drop(write);
        read
    });
    if pid < 0 {
        return Err(clone_error);
    }
    // The child has called exec or exited (CLONE_VFORK); after a successful exec it wrote nothing.
    let word = report.load(Ordering::SeqCst);
    if word != 0 {
        let stage = (word >> 32) as usize - 1;
        let errno = word as u32 as i32;
        let mut status = 0;
        // SAFETY: reaping the child that failed before exec.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        let error = io::Error::from_raw_os_error(errno);
        let stage = STAGES.get(stage).copied().unwrap_or("start");
        return Err(io::Error::new(error.kind(), format!("could not {stage}: {error}")));
    }
    let bot_pid = match &init_report {
        Some(fd) => started(pid, fd)?,
        None => pid,
    };
    Ok(Spawned {
        pid,
        bot_pid,
        report: init_report,
        pidfd,
        stdin: stdin_parent,
        stdout: stdout_parent,
        stderr: stderr_parent,
    })
}

/// How long juiz waits for the init to say the bot has started (its exec, not its run).
const INIT_REPORT: std::time::Duration = std::time::Duration::from_secs(60);

/// The bot's pid on the host, once the init `pid` reported on `report` that the bot started;
/// an error with the stage and errno where it did not (the init is then reaped).
fn started(pid: i32, report: &OwnedFd) -> io::Result<i32> {
    use crate::bot::sandbox::pid_init::{FAILED, STARTED};
    let record = crate::bot::sandbox::pid_init::read_record(report, INIT_REPORT);
    if let Some((STARTED, ns_pid, _)) = record {
        // A bot already gone (reaped by its init) is found no more: its init stands for it.
        return Ok(crate::bot::sandbox::pid_init::host_pid_of(pid, ns_pid).unwrap_or(pid));
    }
    // SAFETY: killing and reaping the init started above, which has no bot to wait for.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
        libc::waitpid(pid, std::ptr::null_mut(), 0);
    }
    match record {
        Some((FAILED, stage, errno)) => {
            let error = io::Error::from_raw_os_error(errno);
            let stage = STAGES.get(stage as usize).copied().unwrap_or("start");
            Err(io::Error::new(error.kind(), format!("could not {stage}: {error}")))
        }
        _ => Err(io::Error::other("the bot's init ended before the bot started")),
    }
}

/// Juiz made dumpable while a child that writes its own `/proc/self/uid_map` starts: the child
/// shares juiz's memory until its exec, and the `/proc` files of a non-dumpable process belong
/// to root. One such start at a time (a lock), non-dumpable again on drop (`sys.rs` says why
/// juiz is not dumpable; a bot under Landlock cannot look at juiz meanwhile).
struct DumpableWhileStarting(#[expect(dead_code, reason = "held for its drop")] std::sync::MutexGuard<'static, ()>);

impl DumpableWhileStarting {
    fn take() -> DumpableWhileStarting {
        static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let guard = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // SAFETY: prctl with PR_SET_DUMPABLE takes one integer argument.
        unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 1, 0, 0, 0) };
        DumpableWhileStarting(guard)
    }
}

impl Drop for DumpableWhileStarting {
    fn drop(&mut self) {
        // SAFETY: as above.
        unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) };
    }
}

/// A close-on-exec pipe (read end, write end), both at fd 3 or above so that moving the child's
/// ends onto 0, 1 and 2 never overwrites one with another.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: a valid pointer to two ints.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let lift = |fd: RawFd| -> io::Result<OwnedFd> {
        // SAFETY: `fd` was just returned by pipe2 and is owned here.
        let owned = unsafe { OwnedFd::from_raw_fd(fd) };
        if fd > 2 {
            return Ok(owned);
        }
        // SAFETY: duplicating an open descriptor to the lowest free one at 3 or above.
        let moved = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3) };
        if moved < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `moved` is a new descriptor owned here; `owned` is closed on drop.
        Ok(unsafe { OwnedFd::from_raw_fd(moved) })
    };
    Ok((lift(fds[0])?, lift(fds[1])?))
}

/// `path` opened with `O_PATH` (to run it through the descriptor), if it can be.
fn open_path(path: &CString) -> Option<OwnedFd> {
    // SAFETY: a NUL-terminated path; the new descriptor is owned here.
    let fd = unsafe { libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
    // SAFETY: the kernel just returned this descriptor.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) })
}

/// The programs to try: `name` itself when it holds a `/`, else every executable file of that
/// name along `PATH`, in order (the search `execvp` makes, done here: the child must not
/// allocate).
fn candidates(name: &str) -> io::Result<Vec<PathBuf>> {
    if name.contains('/') {
        return Ok(vec![PathBuf::from(name)]);
    }
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    let found: Vec<PathBuf> = std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .filter(|candidate| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::metadata(candidate).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .collect();
    if found.is_empty() {
        return Err(io::Error::new(io::ErrorKind::NotFound, format!("{name} is not in PATH")));
    }
    Ok(found)
}

fn cstring(text: &OsStr) -> io::Result<CString> {
    CString::new(text.as_bytes()).map_err(|_| io::Error::other("a NUL byte in the command"))
}

#[cfg(test)]
mod tests {
    use std::os::fd::AsRawFd;
    use std::path::PathBuf;
    use std::sync::atomic::AtomicI32;

    use super::{Request, spawn};
    use crate::bot::sandbox::Confinement;

    #[test]
    fn the_pidfd_comes_from_clone_and_names_the_child() {
        let plan = Confinement::default().child_plan();
        let announce = AtomicI32::new(0);
        let argv: Vec<String> = ["/bin/sh", "-c", "read line"].map(String::from).to_vec();
        let env = [("PATH".to_string(), PathBuf::from("/usr/bin:/bin"))];
        let dir = tempfile::tempdir().unwrap();
        let request =
            Request { argv: &argv, env: &env, work_dir: dir.path(), rlimits: &[], plan: &plan, announce: &announce };
        let child = spawn(&request).unwrap();
        let pidfd = child.pidfd.expect("clone gives a pidfd (CLONE_PIDFD, Linux 5.2 or later)");
        let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{}", pidfd.as_raw_fd())).unwrap();
        assert!(info.lines().any(|line| line == format!("Pid:\t{}", child.pid)), "{info}");
        // SAFETY: F_GETFD on a descriptor owned here.
        let flags = unsafe { libc::fcntl(pidfd.as_raw_fd(), libc::F_GETFD) };
        assert_eq!(flags & libc::FD_CLOEXEC, libc::FD_CLOEXEC, "no later child inherits it");
        drop(child.stdin); // `read` gets the end of its input and the shell exits
        let mut status = 0;
        // SAFETY: reaping the child started here.
        assert_eq!(unsafe { libc::waitpid(child.pid, &mut status, 0) }, child.pid);
    }
}
