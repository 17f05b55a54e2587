//! Starting a bot: its work dir (fresh, given or a copy), its box as root, the sandbox plan,
//! the spawn itself and the pipes made non-blocking; a failure at any step is a `spawn` fault
//! that says why.

use std::os::fd::AsFd;
use std::path::{Path, PathBuf};

use nix::sys::signal::Signal;

use crate::games::Message;

use crate::bot::boxes::escapees;
use crate::bot::boxes::workdir::{self, WorkDirLease};
use crate::bot::boxes::{self, BotBox};
use crate::bot::faults::exec_check::{self, ExecProblem};
use crate::bot::faults::fault::{BotFault, FaultKind};
use crate::bot::host::cost::{Laps, Step};
use crate::bot::host::limits::Limits;
use crate::bot::host::procfs::{self, RunDelay};
use crate::bot::host::sys;
use crate::bot::host::timing::TimingTotals;
use crate::bot::process::command::BotCommand;
use crate::bot::process::linebuf::LineBuffer;
use crate::bot::process::stderr::StderrDrain;
use crate::bot::process::watchdog;
use crate::bot::process::{BotProcess, WorkDir};
use crate::bot::sandbox::spawn;
use crate::bot::sandbox::{Confinement, tasks_allowed};

/// Why a bot in a box may not start: its uid cannot reach its program.
fn access_hint(error: &std::io::Error, jail: Option<&BotBox>) -> String {
    match jail {
        Some(bx) if error.kind() == std::io::ErrorKind::PermissionDenied => format!(
            " (bots run as uid {}: their interpreters and the folders above them must be readable by \
             others, or set JUIZ_BOT_UIDS=off)",
            bx.uid
        ),
        _ => String::new(),
    }
}

fn spawn_fault(detail: String) -> BotFault {
    BotFault::text(FaultKind::Spawn, detail)
}

/// The program of `cmd` when it is a file named by a path (not a name looked up in PATH).
fn program_file(cmd: &BotCommand) -> Option<&Path> {
    cmd.argv.first().filter(|p| p.contains('/')).map(Path::new)
}

/// A `spawn` fault that says what is wrong with the program file (`error`: the failed start's).
fn exec_fault(cmd: &BotCommand, file: &Path, error: Option<&std::io::Error>, problem: &ExecProblem) -> BotFault {
    let message = match error {
        Some(e) => Message::new("bf-cannot-start").text("error", e),
        None => Message::new("bf-will-not-start"),
    };
    BotFault::new(FaultKind::Spawn, message.text("command", &cmd.display).clause("why", problem.message(file)))
}

impl BotProcess {
    /// Spawns the bot in its own process group with `cwd` = its work dir, stdin and stdout piped,
    /// stderr drained continuously on its own thread into `stderr_log` (capped at
    /// `limits.stderr_cap_bytes`, a "[... N bytes dropped]" marker at the end) or into nothing.
    /// The environment is cleared except PATH; HOME and TMPDIR are the work dir, LANG and
    /// LC_ALL are C.UTF-8. The resource limits of `limits` are set in the child before exec.
    /// The first spawn makes this process a child subreaper (see `sys::become_subreaper`).
    pub fn spawn(
        cmd: &BotCommand,
        work: WorkDir,
        stderr_log: Option<&Path>,
        limits: &Limits,
    ) -> Result<BotProcess, BotFault> {
        BotProcess::start(cmd, work, stderr_log, limits, None)
    }

    /// `spawn` for a compiler building a bot (`build/`): the same box, limits and sandbox, but
    /// the build's own Landlock rules (`Confinement::prepare_build`: the toolchain `toolchain`,
    /// the system headers and the work dir, nothing else).
    pub(in crate::bot) fn spawn_build(
        cmd: &BotCommand,
        work: WorkDir,
        stderr_log: &Path,
        limits: &Limits,
        toolchain: &[PathBuf],
    ) -> Result<BotProcess, BotFault> {
        BotProcess::start(cmd, work, Some(stderr_log), limits, Some(toolchain))
    }

    fn start(
        cmd: &BotCommand,
        work: WorkDir,
        stderr_log: Option<&Path>,
        limits: &Limits,
        build: Option<&[PathBuf]>,
    ) -> Result<BotProcess, BotFault> {
        let mut laps = Laps::start();
        if cmd.argv.is_empty() {
            return Err(spawn_fault("empty bot command".to_string()));
        }
        let path_var = std::env::var("PATH").unwrap_or_else(|_| "/usr/local/bin:/usr/bin:/bin".into());
        if let Some(file) = program_file(cmd)
            && let Some(problem) = exec_check::before_start(file, &path_var)
        {
            return Err(exec_fault(cmd, file, None, &problem));
        }
        let jail = match boxes::uid_range().map_err(spawn_fault)? {
            Some(range) => Some(
                BotBox::take(range, limits.disk_bytes, limits.max_processes.map(tasks_allowed), limits.memory_bytes)
                    .map_err(|e| spawn_fault(format!("cannot set up the bot's box: {e}")))?,
            ),
            None => None,
        };
        laps.lap(Step::StartBox);
        let fresh = || -> Result<(Option<WorkDirLease>, PathBuf), BotFault> {
            if let Some(bx) = &jail {
                return Ok((None, bx.dir().to_path_buf()));
            }
            let dir = WorkDirLease::take().map_err(|e| spawn_fault(format!("cannot create a work dir: {e}")))?;
            let path = dir.path().to_path_buf();
            Ok((Some(dir), path))
        };
        // Without root, only an empty work dir can be a tmpfs of the bot's own (mounted by the
        // child: it would hide what a copy or a given folder holds).
        let empty_work_dir = matches!(work, WorkDir::Fresh);
        let (temp_dir, work_dir) = match work {
            WorkDir::Fresh => fresh()?,
            WorkDir::CopyOf(source) => {
                let (lease, path) = fresh()?;
                let copied = workdir::copy_tree(&source, &path).and_then(|()| match &jail {
                    Some(bx) => bx.hand_over(&path),
                    None => Ok(()),
                });
                copied.map_err(|e| spawn_fault(format!("cannot copy work dir {}: {e}", source.display())))?;
                (lease, path)
            }
            WorkDir::Given(path) => {
                std::fs::create_dir_all(&path)
                    .map_err(|e| spawn_fault(format!("cannot create work dir {}: {e}", path.display())))?;
                if let Some(bx) = &jail {
                    std::os::unix::fs::chown(&path, Some(bx.uid), Some(bx.uid))
                        .map_err(|e| spawn_fault(format!("cannot give work dir {} to the bot: {e}", path.display())))?;
                }
                (None, path)
            }
        };
        // The log is created when the bot first writes to stderr; one left by an earlier run of
        // the same game must not pass for this one's.
        if let Some(path) = stderr_log {
            match std::fs::remove_file(path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(spawn_fault(format!("cannot replace stderr log {}: {e}", path.display())));
                }
                _ => {}
            }
        }
        let log = stderr_log.map(Path::to_path_buf);

        sys::become_subreaper();
        sys::count_child_events();
        if limits.sandbox {
            sys::become_undumpable();
        }
        // Juiz's working folder and the folder of the logs: the results are there or below.
        let keep_out: Vec<PathBuf> =
            [std::env::current_dir().ok(), log.as_ref().and_then(|l| l.parent().map(Path::to_path_buf))]
                .into_iter()
                .flatten()
                .map(|p| std::path::absolute(&p).unwrap_or(p))
                .collect();
        let confinement = match build {
            Some(toolchain) => Confinement::prepare_build(&work_dir, limits, jail.as_ref(), toolchain),
            None => Confinement::prepare(&cmd.argv, &work_dir, empty_work_dir, limits, jail.as_ref(), &keep_out),
        }
        .map_err(spawn_fault)?;
        let plan = confinement.child_plan();
        let env: Vec<(String, PathBuf)> = vec![
            (
                "PATH".into(),
                std::env::var_os("PATH").map_or_else(|| "/usr/local/bin:/usr/bin:/bin".into(), PathBuf::from),
            ),
            ("HOME".into(), work_dir.clone()),
            ("TMPDIR".into(), work_dir.clone()),
            ("LANG".into(), "C.UTF-8".into()),
            ("LC_ALL".into(), "C.UTF-8".into()),
            // Python's string hashes (and so the order of its sets) fixed: the same seed and bots
            // give the same game.
            ("PYTHONHASHSEED".into(), "0".into()),
        ];
        let rlimits = limits.rlimits();
        laps.lap(Step::StartPrepare);
        let child = escapees::start(
            |slot| {
                let request = spawn::Request {
                    argv: confinement.argv(&cmd.argv),
                    env: &env,
                    work_dir: &work_dir,
                    rlimits: &rlimits,
                    plan: &plan,
                    announce: slot.cell(),
                };
                spawn::spawn(&request)
            },
            |c| c.pid,
        )
        .map_err(|e| {
            match program_file(cmd).and_then(|file| Some((file, exec_check::after_failure(file)?))) {
                Some((file, problem)) => exec_fault(cmd, file, Some(&e), &problem),
                None => spawn_fault(format!("cannot start `{}`: {e}{}", cmd.display, access_hint(&e, jail.as_ref()))),
            }
        })?;
        laps.lap(Step::StartSpawn);
        let pid_i32 = child.pid;
        let bot_pid = child.bot_pid;
        let quota = confinement.quota_dir(pid_i32, limits);
        drop(confinement);
        let (stdin, stdout, stderr_pipe) = (child.stdin, child.stdout, std::fs::File::from(child.stderr));
        if let Some(report) = &child.report {
            let _ = sys::set_nonblocking(report.as_fd());
        }
        let pidfd = child.pidfd.or_else(|| sys::pidfd_open(pid_i32));
        let stderr = StderrDrain::start(stderr_pipe, log, limits.stderr_cap_bytes);
        // After exec: the bot is in its own user namespace, if it has one (never with a uid of
        // its own: then it stays in juiz's, and there is nothing to look up).
        let (members, held_userns) = match plan.has_identity() {
            true => (procfs::Members::group_only(pid_i32, bot_pid), None),
            false => procfs::Members::of(pid_i32, bot_pid),
        };
        if let Some(userns) = members.userns {
            escapees::namespace_started(userns);
            crate::bot::boxes::workdir::record_namespace(userns);
        }
        let mut bot = BotProcess {
            pid: bot_pid,
            group: pid_i32,
            init_report: child.report,
            stdin: Some(stdin),
            stdout: Some(stdout),
            pidfd,
            lines: LineBuffer::new(limits.max_line_bytes),
            scratch: crate::bot::process::read_buffer(),
            outbox: Vec::new(),
            stdout_eof: false,
            exited: None,
            group_killed: false,
            stderr: match stderr {
                Ok(drain) => drain,
                Err(e) => {
                    sys::signal_group(pid_i32, Signal::SIGKILL);
                    let _ = sys::reap(pid_i32, true);
                    escapees::ended(pid_i32);
                    if let Some(userns) = members.userns {
                        escapees::namespace_ended(userns);
                    }
                    return Err(spawn_fault(format!("cannot start a stderr thread: {e}")));
                }
            },
            verdict: watchdog::watch(members, limits, jail.as_ref(), quota),
            members,
            _userns: held_userns,
            temp_dir,
            jail,
            work_dir,
            limits: limits.clone(),
            replies: 0,
            report: None,
            timing: TimingTotals::default(),
            last_move: None,
            run_delay: RunDelay::open(bot_pid),
            seen_child_events: None,
            output_ready: false,
            input: Default::default(),
        };
        let nonblocking =
            [&bot.stdin, &bot.stdout].into_iter().flatten().try_for_each(|fd| sys::set_nonblocking(fd.as_fd()));
        if let Err(e) = nonblocking {
            bot.shutdown();
            return Err(spawn_fault(format!("cannot configure the bot's pipes: {e}")));
        }
        laps.lap(Step::StartAfter);
        Ok(bot)
    }
}

#[cfg(test)]
mod tests {
    use std::os::fd::AsRawFd;
    use std::path::Path;
    use std::time::Duration;

    use crate::bot::{BotCommand, BotProcess, Limits, WorkDir};

    use crate::bot::process::READ_CHUNK;

    fn echo_bot() -> BotProcess {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bot/echo.sh");
        let command = BotCommand::parse(&path.to_string_lossy()).and_then(BotCommand::resolve).unwrap();
        BotProcess::spawn(&command, WorkDir::Fresh, None, &Limits::default()).unwrap()
    }

    #[test]
    fn a_read_buffer_an_ended_bot_left_serves_the_next_bot_whole_and_without_its_bytes() {
        let mut first = echo_bot();
        let long = "x".repeat(3000);
        first.send(&long).unwrap();
        assert_eq!(first.receive(Duration::from_secs(20)).unwrap().0, long);
        let kept = first.scratch.as_ptr();
        drop(first);
        let mut next = echo_bot();
        assert_eq!(next.scratch.as_ptr(), kept, "the ended bot's buffer is taken again");
        assert!(next.scratch.starts_with(b"xxx"), "not a new buffer: what the ended bot wrote is still in it");
        assert_eq!(next.scratch.len(), READ_CHUNK);
        next.send("ab").unwrap();
        assert_eq!(next.receive(Duration::from_secs(20)).unwrap().0, "ab", "only what this bot wrote is read");
    }

    #[test]
    fn the_pidfd_names_the_bot_and_wakes_at_its_exit() {
        let mut bot = echo_bot();
        let pidfd = bot.pidfd.as_ref().expect("a pidfd (Linux 5.3 or later)").as_raw_fd();
        let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{pidfd}")).unwrap();
        assert!(info.lines().any(|line| line == format!("Pid:\t{}", bot.group)), "{info}");
        bot.stdin = None; // the echo bot ends at the end of its input
        let mut polled = libc::pollfd { fd: pidfd, events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd; waits at most a minute for the exit.
        let ready = unsafe { libc::poll(&mut polled, 1, 60_000) };
        assert_eq!((ready, polled.revents & libc::POLLIN), (1, libc::POLLIN), "readable once the bot exited");
    }
}
