//! A pid namespace per bot, with an init of juiz's own as its pid 1. The bot is not pid 1 (pid 1
//! ignores the default action of signals sent from inside its namespace, `abort` included, and
//! must reap every orphan): juiz's spawned child enters the new namespace as its pid 1, sets up
//! the sandbox (`sandbox.rs`) and execs this program, the running juiz binary with the hidden
//! first argument `INIT_ARG` (handled in `main.rs` before anything else). The init forks the bot
//! (pid 2), which enforces its Landlock ruleset (granting its own `/proc/<pid>` in the bot's own
//! `/proc`, mounted by the child: `view::own_proc`) and execs the bot's program; the init then
//! reports over an inherited pipe, in records of three 32-bit words: `STARTED` with the bot's
//! pid in the namespace (juiz finds its pid on the host from it: `host_pid_of`), or `FAILED`
//! with the stage and errno of a failed start, and at the end `ENDED` with the bot's wait status
//! (pid 1 cannot die of a signal raised on itself, so the status travels in the pipe, and juiz
//! reports it as the bot's: exit code, `SIGSEGV`, `SIGXCPU`, `SIGKILL`…). It forwards every
//! signal it gets (`SIGTERM`…) to the bot, reaps every orphan, and exits once the bot has: the
//! kernel then kills whatever else is left in the namespace. A `SIGKILL` of the init kills the
//! whole namespace. The bot's forks get pids of its own namespace (2, 3, …), which count
//! nothing of the host's.
//!
//! Library hosts (test binaries) that are not juiz find the juiz binary beside them (cargo's
//! `target/<profile>/juiz`), checked by running it once with `INIT_ARG probe`; without one, and
//! with `JUIZ_PID_NS=off` (for measurement), bots share juiz's pid namespace as before.

use std::ffi::{CString, OsStr, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The hidden first argument that makes the juiz binary a bot's init.
pub const INIT_ARG: &str = "--juiz-pid-init";
/// What `INIT_ARG probe` prints: this binary speaks this module's records.
const PROBE_REPLY: &str = "juiz-pid-init 1";

/// Record tags on the report pipe.
pub(crate) const STARTED: u32 = 1;
pub(crate) const FAILED: u32 = 2;
pub(crate) const ENDED: u32 = 3;
/// Stage of a failure in the bot's own process (the `spawn.rs` stages: 3 sandbox, 4 exec).
const STAGE_SANDBOX: i32 = 3;
const STAGE_EXEC: i32 = 4;

/// Whether the running binary is juiz itself (its `main` called `run_if_asked`).
static JUIZ_BINARY: AtomicBool = AtomicBool::new(false);

/// For `main.rs`, first thing: runs the init and exits when asked to by `INIT_ARG`; otherwise
/// notes that this binary can serve as the init, and returns.
pub fn run_if_asked() {
    let mut args = std::env::args_os();
    let _ = args.next();
    if args.next().as_deref() != Some(OsStr::new(INIT_ARG)) {
        JUIZ_BINARY.store(true, Ordering::SeqCst);
        return;
    }
    let rest: Vec<OsString> = args.collect();
    if rest.len() == 1 && rest[0] == "probe" {
        println!("{PROBE_REPLY}");
        std::process::exit(0);
    }
    std::process::exit(init_main(&rest));
}

/// The init program, opened for `execveat` (the bot's uid may not pass the folders above it).
#[derive(Debug)]
pub(crate) struct InitProgram {
    pub(crate) fd: OwnedFd,
}

/// The init program where bots get a pid namespace of their own: juiz's binary, found and the
/// kernel's support probed once; `None` with `JUIZ_PID_NS=off`, without one, or where the kernel
/// refuses a pid namespace with its own `/proc`.
pub(crate) fn program() -> Option<&'static InitProgram> {
    static PROGRAM: OnceLock<Option<InitProgram>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            if std::env::var_os("JUIZ_PID_NS").is_some_and(|v| v == "off") || !kernel_allows() {
                return None;
            }
            let path = find_binary()?;
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

/// The juiz binary: this one when it is juiz, else a `juiz` beside this program or one folder
/// up (a test binary in `target/<profile>/deps/`) that answers the probe.
fn find_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    if JUIZ_BINARY.load(Ordering::SeqCst) {
        return Some(exe);
    }
    let dir = exe.parent()?;
    [dir.join("juiz"), dir.parent()?.join("juiz")].into_iter().find(|candidate| answers_probe(candidate))
}

fn answers_probe(candidate: &Path) -> bool {
    std::process::Command::new(candidate)
        .args([INIT_ARG, "probe"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .is_ok_and(|out| out.status.success() && out.stdout.starts_with(PROBE_REPLY.as_bytes()))
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

/// The arguments the spawned child hands the init: the report pipe, the Landlock ruleset
/// (-1: none), the programs to try with their descriptors (-1: none), then the bot's command.
pub(crate) fn init_argv(
    report: RawFd,
    ruleset: RawFd,
    programs: &[CString],
    fds: &[RawFd],
    argv: &[String],
) -> Vec<CString> {
    let mut args: Vec<CString> = vec![c"juiz-pid-init".into(), cs(INIT_ARG), cs(&report.to_string())];
    args.push(cs(&ruleset.to_string()));
    args.push(cs(&programs.len().to_string()));
    for (program, fd) in programs.iter().zip(fds) {
        args.push(program.clone());
        args.push(cs(&fd.to_string()));
    }
    args.push(cs("--"));
    args.extend(argv.iter().map(|a| CString::new(a.as_bytes()).unwrap_or_default()));
    args
}

fn cs(text: &str) -> CString {
    CString::new(text).unwrap_or_default()
}

/// A record of the report pipe.
pub(crate) fn encode(tag: u32, a: i32, b: i32) -> [u8; 12] {
    let mut record = [0u8; 12];
    record[..4].copy_from_slice(&tag.to_ne_bytes());
    record[4..8].copy_from_slice(&a.to_ne_bytes());
    record[8..].copy_from_slice(&b.to_ne_bytes());
    record
}

pub(crate) fn decode(record: &[u8; 12]) -> (u32, i32, i32) {
    let word = |i: usize| [record[i], record[i + 1], record[i + 2], record[i + 3]];
    (u32::from_ne_bytes(word(0)), i32::from_ne_bytes(word(4)), i32::from_ne_bytes(word(8)))
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

/// The init itself (see the module's doc); returns its exit code.
fn init_main(args: &[OsString]) -> i32 {
    let Some(parsed) = Parsed::of(args) else {
        eprintln!("juiz: {INIT_ARG} is for juiz's own use");
        return 2;
    };
    let report = parsed.report;
    for fd in [report, parsed.ruleset].into_iter().chain(parsed.fds.iter().copied()).filter(|&fd| fd >= 0) {
        // SAFETY: F_SETFD on a descriptor number; a wrong one only fails.
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    }
    // Every signal blocked: the init takes them with `sigwaitinfo` (SIGCHLD to reap, the others
    // to forward), and none is lost between the fork and the wait.
    // SAFETY: sigset_t is plain data; valid pointers.
    let mut all: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    unsafe {
        libc::sigfillset(&mut all);
        libc::sigprocmask(libc::SIG_SETMASK, &all, std::ptr::null_mut());
    }
    let mut failed = [0 as RawFd; 2];
    // SAFETY: a valid pointer to two ints.
    if unsafe { libc::pipe2(failed.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        send(report, FAILED, STAGE_SANDBOX, errno());
        return 127;
    }
    let argv: Vec<*const libc::c_char> = parsed.argv.iter().map(|c| c.as_ptr()).chain([std::ptr::null()]).collect();
    // SAFETY: the init is single-threaded: the child may do anything until its exec.
    let bot = unsafe { libc::fork() };
    if bot == 0 {
        // SAFETY: closing descriptors the bot must not keep.
        unsafe { libc::close(failed[0]) };
        let (stage, error) = start_bot(&parsed, &argv);
        let word = encode(FAILED, stage, error);
        // SAFETY: writing a record to the pipe; then leaving without cleanup.
        unsafe {
            libc::write(failed[1], word.as_ptr().cast(), word.len());
            libc::_exit(127);
        }
    }
    // SAFETY: the write end belongs to the bot now; the ruleset is the bot's business.
    unsafe {
        libc::close(failed[1]);
        if parsed.ruleset >= 0 {
            libc::close(parsed.ruleset);
        }
    }
    if bot < 0 {
        send(report, FAILED, STAGE_SANDBOX, errno());
        return 127;
    }
    // Nothing comes back before the bot's exec (the pipe closes then) or its failure.
    let mut record = [0u8; 12];
    let got = read_full(failed[0], &mut record);
    if got == record.len() {
        let (_, stage, error) = decode(&record);
        send(report, FAILED, stage, error);
        let mut status = 0;
        // SAFETY: reaping the failed bot.
        unsafe { libc::waitpid(bot, &mut status, 0) };
        return 127;
    }
    send(report, STARTED, bot, 0);
    // The bot's streams are the bot's: the init holds none of them open.
    // SAFETY: closing descriptors of this process.
    unsafe {
        libc::close(failed[0]);
        for fd in 0..3 {
            libc::close(fd);
        }
    }
    let status = wait_for(bot, &all);
    send(report, ENDED, status, 0);
    if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { 128 + libc::WTERMSIG(status) }
}

/// Reaps every child until `bot` has ended, forwarding every other signal to it; its status.
fn wait_for(bot: i32, set: &libc::sigset_t) -> i32 {
    loop {
        // SAFETY: siginfo_t is plain data; a valid set and pointer.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        let signal = unsafe { libc::sigwaitinfo(set, &mut info) };
        if signal == libc::SIGCHLD {
            loop {
                let mut status = 0;
                // SAFETY: reaping any child, without waiting.
                let pid = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
                if pid == bot {
                    return status;
                }
                if pid <= 0 {
                    break;
                }
            }
        } else if signal > 0 {
            // SAFETY: forwarding the signal to the bot.
            unsafe { libc::kill(bot, signal) };
        }
    }
}

/// In the bot's process, between the fork and the exec: default signals, an empty mask, its
/// Landlock ruleset (with its own `/proc/<pid>` and the `/proc` files every bot may read, in
/// its own `/proc`), then the exec. Returns the stage and errno of the failure.
fn start_bot(parsed: &Parsed, argv: &[*const libc::c_char]) -> (i32, i32) {
    crate::bot::sandbox::spawn::default_signals();
    if parsed.ruleset >= 0 {
        for file in crate::bot::sandbox::grants::proc_files() {
            let Ok(path) = CString::new(file) else { continue };
            // SAFETY: a NUL-terminated path; the descriptor is closed below.
            let fd = unsafe { libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
            if fd >= 0 {
                let added = crate::bot::sandbox::landlock::add_file_rule(parsed.ruleset, fd);
                // SAFETY: closing the descriptor opened above.
                unsafe { libc::close(fd) };
                if let Err(e) = added {
                    return (STAGE_SANDBOX, e.raw_os_error().unwrap_or(libc::EINVAL));
                }
            }
        }
        if let Err(e) = crate::bot::sandbox::landlock::enforce_in_child(parsed.ruleset) {
            return (STAGE_SANDBOX, e.raw_os_error().unwrap_or(libc::EINVAL));
        }
        // SAFETY: the ruleset is enforced; its descriptor is not the bot's.
        unsafe { libc::close(parsed.ruleset) };
    }
    unsafe extern "C" {
        static environ: *const *const libc::c_char;
    }
    let mut error = libc::ENOENT;
    for (program, &fd) in parsed.programs.iter().zip(&parsed.fds) {
        // SAFETY: NUL-terminated strings and NULL-terminated pointer arrays; `environ` is the
        // environment juiz gave the init, the bot's.
        unsafe {
            if fd >= 0 {
                libc::syscall(libc::SYS_execveat, fd, c"".as_ptr(), argv.as_ptr(), environ, libc::AT_EMPTY_PATH);
            }
            libc::execve(program.as_ptr(), argv.as_ptr(), environ);
        }
        error = errno();
    }
    (STAGE_EXEC, error)
}

/// The init's arguments (see `init_argv`).
struct Parsed {
    report: RawFd,
    ruleset: RawFd,
    programs: Vec<CString>,
    fds: Vec<RawFd>,
    argv: Vec<CString>,
}

impl Parsed {
    fn of(args: &[OsString]) -> Option<Parsed> {
        let number = |i: usize| args.get(i)?.to_str()?.parse::<i32>().ok();
        let (report, ruleset, count) = (number(0)?, number(1)?, usize::try_from(number(2)?).ok()?);
        let mut programs = Vec::new();
        let mut fds = Vec::new();
        for i in 0..count {
            programs.push(CString::new(args.get(3 + 2 * i)?.as_bytes()).ok()?);
            fds.push(number(4 + 2 * i)?);
        }
        let rest = args.get(3 + 2 * count..)?;
        if rest.first()? != "--" || rest.len() < 2 {
            return None;
        }
        let argv = rest[1..].iter().map(|a| CString::new(a.as_bytes()).ok()).collect::<Option<Vec<_>>>()?;
        Some(Parsed { report, ruleset, programs, fds, argv })
    }
}

fn send(fd: RawFd, tag: u32, a: i32, b: i32) {
    let record = encode(tag, a, b);
    // SAFETY: writing 12 bytes from a local buffer (atomic on a pipe).
    unsafe { libc::write(fd, record.as_ptr().cast(), record.len()) };
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
    support.read_only_view && (support.bot_uids.is_some() || support.namespaces && !support.root) && program().is_some()
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
    (read_full(fd.as_raw_fd(), &mut record) == record.len()).then(|| decode(&record))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_and_arguments_survive_the_trip() {
        assert_eq!(decode(&encode(ENDED, 0x8b, -1)), (ENDED, 0x8b, -1));
        let programs = [c"/usr/bin/python3".to_owned(), c"/bin/python3".to_owned()];
        let argv = ["python3".to_string(), "bot.py".to_string(), "--".to_string()];
        let args: Vec<OsString> = init_argv(7, -1, &programs, &[9, -1], &argv)
            .iter()
            .skip(2)
            .map(|c| OsStr::from_bytes(c.as_bytes()).to_os_string())
            .collect();
        let parsed = Parsed::of(&args).expect("parsed");
        assert_eq!((parsed.report, parsed.ruleset, parsed.fds.as_slice()), (7, -1, &[9, -1][..]));
        assert_eq!(parsed.programs, programs);
        let words: Vec<&[u8]> = parsed.argv.iter().map(|c| c.as_bytes()).collect();
        assert_eq!(words, [&b"python3"[..], b"bot.py", b"--"], "a `--` of the bot's own is kept");
        assert!(Parsed::of(&args[..4]).is_none());
    }
}
