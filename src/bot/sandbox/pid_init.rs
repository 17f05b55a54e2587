//! juiz's side of a bot's pid namespace: finding the init (`juiz-pid-init`, the program of
//! `pid1/main.rs`, which says what it does and why it is a program of its own), probing once
//! whether the kernel allows such a namespace here, the init's command line, and its reports.
//!
//! The bot is not pid 1 of its namespace (pid 1 ignores the default action of signals sent from
//! inside it, `abort` included, and must reap every orphan): juiz's spawned child enters the new
//! namespace as its pid 1, sets up the sandbox and execs the init (`spawn.rs`), which forks the
//! bot (pid 2). The bot's process enforces its Landlock ruleset (granting its own `/proc/<pid>`
//! in the bot's own `/proc`, mounted by the child: `view::own_proc`) and execs the bot's program.
//! The init reports over an inherited pipe (`pid1/wire.rs`): `STARTED` with the bot's pid in the
//! namespace (juiz finds its pid on the host from it: `host_pid_of`), or `FAILED` with the stage
//! and errno of a failed start, and at the end `ENDED` with the bot's wait status, which juiz
//! reports as the bot's (exit code, `SIGSEGV`, `SIGXCPU`, `SIGKILL`…). A `SIGKILL` of the init
//! kills the whole namespace. The bot's forks get pids of its own namespace (2, 3, …), which
//! count nothing of the host's.
//!
//! The init is looked for beside the running program, or one folder up (a test binary in
//! `target/<profile>/deps/`), and used only when it answers `juiz-pid-init probe` with this
//! wire's reply; without one, and with `JUIZ_PID_NS=off` (for measurement), bots share juiz's
//! pid namespace as before.

use std::ffi::{CString, OsStr};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

#[path = "pid1/wire.rs"]
#[expect(dead_code, reason = "shared with the init, which uses the rest")]
mod wire;

pub(crate) use wire::{ENDED, FAILED, STARTED};

/// The init program, opened for `execveat` (the bot's uid may not pass the folders above it).
#[derive(Debug)]
pub(crate) struct InitProgram {
    pub(crate) fd: OwnedFd,
}

/// The init program where bots get a pid namespace of their own: `juiz-pid-init`, found and
/// the kernel's support probed once; `None` with `JUIZ_PID_NS=off`, without one, or where the kernel
/// refuses a pid namespace with its own `/proc`.
pub(crate) fn program() -> Option<&'static InitProgram> {
    static PROGRAM: OnceLock<Option<InitProgram>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            if std::env::var_os("JUIZ_PID_NS").is_some_and(|v| v == "off") || !kernel_allows() {
                return None;
            }
            let Some(path) = find_binary() else {
                // Said, not silent: without it the bots of one run see each other's pids.
                eprintln!(
                    "juiz: warning: no {} beside {} (or one folder up): bots share juiz's pid namespace, so \
                     copies of one bot could pass information through pids; install both programs (`cargo \
                     install --path .` does), or say JUIZ_PID_NS=off to silence this",
                    wire::NAME,
                    std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_default()
                );
                return None;
            };
            let c_path = CString::new(path.as_os_str().as_bytes()).ok()?;
            // SAFETY: a NUL-terminated path; the descriptor is owned here.
            let fd = unsafe { libc::open(c_path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
            if fd < 0 {
                return None;
            }
            // SAFETY: the kernel just returned this descriptor. Not moved high (`sys::kept_high`):
            // the spawned child keeps juiz's descriptors below the floor only.
            let fd = unsafe { OwnedFd::from_raw_fd(fd) };
            Some(InitProgram { fd })
        })
        .as_ref()
}

/// The init: `juiz-pid-init` beside this program or one folder up (a test binary in
/// `target/<profile>/deps/`), one that answers the probe with this wire's reply.
fn find_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    [dir.join(wire::NAME), dir.parent()?.join(wire::NAME)].into_iter().find(|candidate| answers_probe(candidate))
}

fn answers_probe(candidate: &Path) -> bool {
    std::process::Command::new(candidate)
        .arg(OsStr::from_bytes(wire::PROBE))
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .is_ok_and(|out| out.status.success() && out.stdout == wire::PROBE_REPLY)
}

/// Whether a pid namespace with a `/proc` of its own can be made here (root, or in a user
/// namespace): tried in a throwaway child, whose child (the new namespace's pid 1) mounts it.
fn kernel_allows() -> bool {
    // SAFETY: the child makes system calls only and leaves with _exit.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: (the whole block) system calls only, in a single-threaded child.
        unsafe {
            let user = if libc::geteuid() == 0 { 0 } else { libc::CLONE_NEWUSER };
            if libc::unshare(user | libc::CLONE_NEWPID | libc::CLONE_NEWNS) != 0 {
                libc::_exit(1);
            }
            let inner = libc::fork();
            if inner == 0 {
                let private = libc::mount(
                    std::ptr::null(),
                    c"/".as_ptr(),
                    std::ptr::null(),
                    libc::MS_REC | libc::MS_PRIVATE,
                    std::ptr::null(),
                ) == 0;
                libc::_exit(if private && crate::bot::sandbox::view::own_proc().is_ok() { 0 } else { 1 });
            }
            let mut status = 0;
            let ok = inner > 0 && libc::waitpid(inner, &mut status, 0) == inner && status == 0;
            libc::_exit(if ok { 0 } else { 1 });
        }
    }
    if pid < 0 {
        return false;
    }
    let mut status = 0;
    loop {
        // SAFETY: waiting for the child forked above.
        let rc = unsafe { libc::waitpid(pid, &mut status, 0) };
        if rc == pid {
            return libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
        }
        if rc < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return false;
        }
    }
}

/// The init's command line (`pid1/wire.rs`): the report pipe, the Landlock ruleset (-1: none)
/// with the rights the bot's process adds for the `/proc` files every bot may read and for its
/// own `/proc/<pid>`, the programs to try with their descriptors (-1: none), the `/proc` files,
/// then the bot's command.
pub(crate) fn init_argv(
    report: RawFd,
    ruleset: RawFd,
    programs: &[CString],
    fds: &[RawFd],
    argv: &[String],
) -> Vec<CString> {
    let number = |n: i64| cs(n.to_string().as_bytes());
    let rights = |r: u64| cs(r.to_string().as_bytes());
    let mut args = vec![cs(wire::NAME.as_bytes()), number(report.into()), number(ruleset.into())];
    args.push(rights(crate::bot::sandbox::landlock::PROC_FILE_RIGHTS));
    args.push(rights(crate::bot::sandbox::landlock::OWN_PROC_RIGHTS));
    args.push(number(programs.len() as i64));
    for (program, fd) in programs.iter().zip(fds) {
        args.push(program.clone());
        args.push(number((*fd).into()));
    }
    let files: Vec<&str> = crate::bot::sandbox::grants::proc_files().collect();
    args.push(number(files.len() as i64));
    args.extend(files.iter().map(|f| cs(f.as_bytes())));
    args.push(cs(wire::SEPARATOR));
    args.extend(argv.iter().map(|a| cs(a.as_bytes())));
    args
}

fn cs(text: &[u8]) -> CString {
    CString::new(text).unwrap_or_default()
}

/// The host's pid of the process whose pid in the namespace of `init` (a pid of the host) is
/// `ns_pid`: among the init's children, the one whose `NSpid` ends with it.
pub(crate) fn host_pid_of(init: i32, ns_pid: i32) -> Option<i32> {
    let mut text = String::new();
    crate::bot::host::procfs::read_to(format!("/proc/{init}/task/{init}/children"), &mut text).ok()?;
    text.split_whitespace().filter_map(|p| p.parse::<i32>().ok()).find(|&child| {
        let mut status = String::new();
        crate::bot::host::procfs::read_to(format!("/proc/{child}/status"), &mut status).is_ok()
            && status
                .lines()
                .find_map(|line| line.strip_prefix("NSpid:"))
                .and_then(|ids| ids.split_whitespace().last())
                .is_some_and(|last| last.parse() == Ok(ns_pid))
    })
}

/// Reads until `buf` is full or the end of the pipe; how much was read.
fn read_full(fd: RawFd, buf: &mut [u8]) -> usize {
    let mut got = 0;
    while got < buf.len() {
        // SAFETY: reading into the rest of a local buffer.
        let n = unsafe { libc::read(fd, buf[got..].as_mut_ptr().cast(), buf.len() - got) };
        if n > 0 {
            got += n as usize;
        } else if n == 0 || errno() != libc::EINTR {
            break;
        }
    }
    got
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(libc::EINVAL)
}

/// Whether bots get a pid namespace of their own on a host that offers `support` (the
/// transcript's `sandbox=` row says `pidns`): a read-only view to mount their `/proc` in, and a
/// uid of their own or a user namespace (`sandbox.rs` decides so for each bot).
pub(crate) fn in_use(support: &crate::bot::SandboxSupport) -> bool {
    support.read_only_view && (support.bot_uids.is_some() || support.namespaces) && program().is_some()
}

/// Reads one record from juiz's end of the report pipe, waiting at most `wait`: `None` at the
/// end of the pipe (the init is gone) or when nothing came.
pub(crate) fn read_record(fd: &OwnedFd, wait: std::time::Duration) -> Option<(u32, i32, i32)> {
    let mut polled = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
    let deadline = std::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        // SAFETY: one valid pollfd.
        let ready = unsafe { libc::poll(&mut polled, 1, left.as_millis().min(i32::MAX as u128) as i32) };
        if ready > 0 {
            break;
        }
        if ready == 0 || errno() != libc::EINTR {
            return None;
        }
    }
    let mut record = [0u8; 12];
    (read_full(fd.as_raw_fd(), &mut record) == record.len()).then(|| wire::decode(&record))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_and_arguments_survive_the_trip() {
        assert_eq!(wire::decode(&wire::encode(ENDED, 0x8b, -1)), (ENDED, 0x8b, -1));
        let programs = [c"/usr/bin/python3".to_owned(), c"/bin/python3".to_owned()];
        let argv = ["python3".to_string(), "bot.py".to_string(), "--".to_string()];
        let args = init_argv(7, -1, &programs, &[9, -1], &argv);
        let arg = |i: usize| args.get(i).map(|c| c.as_bytes());
        let layout = wire::layout(args.len(), arg).expect("a layout");
        assert_eq!((layout.report, layout.ruleset, layout.program_count), (7, -1, 2));
        assert_eq!(arg(layout.programs + 2), Some(&b"/bin/python3"[..]));
        assert_eq!(arg(layout.programs + 3), Some(&b"-1"[..]));
        let files: Vec<&[u8]> = (0..layout.proc_file_count).filter_map(|i| arg(layout.proc_files + i)).collect();
        let expected: Vec<&[u8]> = crate::bot::sandbox::grants::proc_files().map(str::as_bytes).collect();
        assert_eq!(files, expected);
        let words: Vec<&[u8]> = args[layout.bot_argv..].iter().map(|c| c.as_bytes()).collect();
        assert_eq!(words, [&b"python3"[..], b"bot.py", b"--"], "a `--` of the bot's own is kept");
        // Cut anywhere before the bot's command, it is no command line of juiz's.
        for len in 0..=layout.bot_argv {
            assert!(wire::layout(len, arg).is_none(), "{len} arguments");
        }
        assert_eq!(wire::number(b"-12"), Some(-12));
        assert_eq!(wire::number(b"1x"), None);
        assert_eq!(wire::number(b"-"), None);
    }
}
