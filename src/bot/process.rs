//! A running bot: spawning it in its own process group and work directory, and talking to it
//! line by line with bounded waits. Shutdown lives in `shutdown.rs`.

use std::fs::File;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::poll::PollFlags;
use nix::sys::signal::Signal;
use tempfile::TempDir;

use super::command::BotCommand;
use super::fault::{BotFault, ExitReport, FaultKind, Termination, Usage};
use super::limits::{Limits, apply_in_child};
use super::linebuf::LineBuffer;
use super::stderr::StderrDrain;
use super::sys;

/// Where a bot runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkDir {
    /// A new private temporary directory, removed at shutdown.
    Fresh,
    /// This directory (created if missing), left in place.
    Given(PathBuf),
}

/// How long to wait, after an end of file or a broken pipe, for the bot to exit so that the
/// fault can say "crash" with its status rather than "closed".
const EXIT_SETTLE: Duration = Duration::from_millis(250);
/// Poll tick when the kernel has no pidfd to wake us at the bot's exit.
pub(super) const TICK: Duration = Duration::from_millis(5);
/// Bytes read from stdout per system call.
const READ_CHUNK: usize = 64 * 1024;

/// The main process of a bot, once it has exited: reaped, with its status and usage.
#[derive(Clone, Copy, Debug)]
pub(super) struct Exited {
    pub termination: Option<Termination>,
    pub usage: Usage,
}

/// A bot process in its own process group, talked to over pipes.
#[derive(Debug)]
pub struct BotProcess {
    pub(super) pid: i32,
    pub(super) stdin: Option<OwnedFd>,
    pub(super) stdout: Option<OwnedFd>,
    pub(super) pidfd: Option<OwnedFd>,
    pub(super) lines: LineBuffer,
    pub(super) scratch: Vec<u8>,
    pub(super) stdout_eof: bool,
    pub(super) exited: Option<Exited>,
    /// SIGKILL was sent to the group when the main process was found dead.
    pub(super) group_killed: bool,
    pub(super) stderr: StderrDrain,
    pub(super) temp_dir: Option<TempDir>,
    pub(super) work_dir: PathBuf,
    pub(super) limits: Limits,
    pub(super) replies: u64,
    pub(super) report: Option<ExitReport>,
}

fn spawn_fault(detail: String) -> BotFault {
    BotFault::new(FaultKind::Spawn, detail)
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
        let program = cmd.argv.first().ok_or_else(|| spawn_fault("empty bot command".to_string()))?;
        let (temp_dir, work_dir) = match work {
            WorkDir::Fresh => {
                let dir = tempfile::Builder::new()
                    .prefix("juiz-bot-")
                    .tempdir()
                    .map_err(|e| spawn_fault(format!("cannot create a work dir: {e}")))?;
                let path = dir.path().to_path_buf();
                (Some(dir), path)
            }
            WorkDir::Given(path) => {
                std::fs::create_dir_all(&path)
                    .map_err(|e| spawn_fault(format!("cannot create work dir {}: {e}", path.display())))?;
                (None, path)
            }
        };
        let log = match stderr_log {
            Some(path) => Some(
                File::create(path)
                    .map_err(|e| spawn_fault(format!("cannot create stderr log {}: {e}", path.display())))?,
            ),
            None => None,
        };

        sys::become_subreaper();
        let mut command = Command::new(program);
        command
            .args(&cmd.argv[1..])
            .current_dir(&work_dir)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into()))
            .env("HOME", &work_dir)
            .env("TMPDIR", &work_dir)
            .env("LANG", "C.UTF-8")
            .env("LC_ALL", "C.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let rlimits = limits.rlimits();
        if !rlimits.is_empty() {
            // SAFETY: the closure only calls setrlimit, which is async-signal-safe, on data
            // prepared before the fork.
            unsafe {
                command.pre_exec(move || apply_in_child(&rlimits));
            }
        }
        let mut child = command.spawn().map_err(|e| spawn_fault(format!("cannot start `{}`: {e}", cmd.display)))?;
        let pid = child.id();
        let pid_i32 = i32::try_from(pid).unwrap_or(i32::MAX);
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr_pipe)) = pipes else {
            unreachable!("all three pipes were requested");
        };
        let stdin = OwnedFd::from(stdin);
        let stdout = OwnedFd::from(stdout);
        let pidfd = sys::pidfd_open(pid_i32);
        let stderr = StderrDrain::start(stderr_pipe, log, limits.stderr_cap_bytes, pid);
        let mut bot = BotProcess {
            pid: pid_i32,
            stdin: Some(stdin),
            stdout: Some(stdout),
            pidfd,
            lines: LineBuffer::new(limits.max_line_bytes),
            scratch: vec![0; READ_CHUNK],
            stdout_eof: false,
            exited: None,
            group_killed: false,
            stderr: match stderr {
                Ok(drain) => drain,
                Err(e) => {
                    sys::signal_group(pid_i32, Signal::SIGKILL);
                    let _ = sys::reap(pid_i32, true);
                    return Err(spawn_fault(format!("cannot start a stderr thread: {e}")));
                }
            },
            temp_dir,
            work_dir,
            limits: limits.clone(),
            replies: 0,
            report: None,
        };
        let nonblocking =
            [&bot.stdin, &bot.stdout].into_iter().flatten().try_for_each(|fd| sys::set_nonblocking(fd.as_fd()));
        if let Err(e) = nonblocking {
            bot.shutdown();
            return Err(spawn_fault(format!("cannot configure the bot's pipes: {e}")));
        }
        Ok(bot)
    }

    /// The main process id, which is also the process group id.
    pub fn pid(&self) -> u32 {
        self.pid as u32
    }

    /// The bot's working directory (removed at shutdown if it was `WorkDir::Fresh`).
    pub fn work_dir(&self) -> &Path {
        &self.work_dir
    }

    /// The limits the bot was spawned with.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// CPU time the bot's main process has used so far (its children not counted), precise to
    /// the nanosecond: sample it around a move to charge the bot its own CPU time rather than
    /// the wall clock of a loaded host. After the process ended, the total from `wait4`.
    pub fn cpu_time(&self) -> Option<Duration> {
        match self.exited {
            Some(exited) => Some(exited.usage.cpu_time),
            None => sys::cpu_time(self.pid),
        }
    }

    /// The last few KiB the bot wrote on stderr, lossily decoded.
    pub fn stderr_tail(&self) -> String {
        self.stderr.tail()
    }

    /// Writes `line` and '\n' and flushes, never blocking longer than `limits.move_timeout`.
    /// A dead bot is a `Crash` fault with its status; a bot that closed its input is
    /// `ClosedInput`; a bot that does not read its input in time is a `Timeout`.
    pub fn send(&mut self, line: &str) -> Result<(), BotFault> {
        if self.report.is_some() {
            return Err(BotFault::new(FaultKind::ClosedInput, "the bot was shut down"));
        }
        if let Some(fault) = self.exit_fault(Duration::ZERO) {
            return Err(fault);
        }
        let deadline = Instant::now() + self.limits.move_timeout;
        let mut data = Vec::with_capacity(line.len() + 1);
        data.extend_from_slice(line.as_bytes());
        data.push(b'\n');
        let mut written = 0;
        while written < data.len() {
            let Some(stdin) = self.stdin.as_ref() else {
                return Err(BotFault::new(FaultKind::ClosedInput, "the bot's input is closed"));
            };
            match sys::write(stdin, &data[written..]) {
                Ok(n) => written += n,
                Err(Errno::EINTR) => {}
                Err(Errno::EAGAIN) => {
                    let left = sys::left(deadline);
                    if left.is_zero() {
                        return Err(BotFault::new(
                            FaultKind::Timeout,
                            format!(
                                "the bot did not read its input for {}",
                                humantime::format_duration(self.limits.move_timeout)
                            ),
                        ));
                    }
                    let wait = if self.pidfd.is_some() { left } else { left.min(TICK) };
                    let (_, died) = sys::poll_two(
                        Some((stdin.as_fd(), PollFlags::POLLOUT)),
                        self.pidfd.as_ref().map(|fd| (fd.as_fd(), PollFlags::POLLIN)),
                        wait,
                    );
                    if (died || self.pidfd.is_none())
                        && let Some(fault) = self.exit_fault(Duration::ZERO)
                    {
                        return Err(fault);
                    }
                }
                Err(err) => {
                    self.stdin = None;
                    return Err(self.exit_fault(EXIT_SETTLE).unwrap_or_else(|| {
                        let what = if err == Errno::EPIPE {
                            "the bot closed its input".to_string()
                        } else {
                            format!("cannot write to the bot: {}", err.desc())
                        };
                        BotFault::new(FaultKind::ClosedInput, what)
                    }));
                }
            }
        }
        Ok(())
    }

    /// Waits at most `timeout` from the call for one complete line ('\n' and a trailing '\r'
    /// stripped) and returns it with the time it took.
    pub fn receive(&mut self, timeout: Duration) -> Result<(String, Duration), BotFault> {
        let start = Instant::now();
        let deadline = start + timeout;
        loop {
            if let Some(line) = self.lines.take_line()? {
                self.replies += 1;
                return Ok((line, start.elapsed()));
            }
            if self.report.is_some() {
                return Err(BotFault::new(FaultKind::ClosedOutput, "the bot was shut down"));
            }
            if self.stdout_eof {
                let settle = sys::left(deadline).min(EXIT_SETTLE);
                return Err(self.exit_fault(settle).unwrap_or_else(|| {
                    BotFault::new(FaultKind::ClosedOutput, format!("the bot closed its output{}", self.partial_note()))
                }));
            }
            if self.exited.is_some() || sys::has_exited(self.pid) {
                // Deliver what the bot wrote before it died, then report the death.
                self.fill();
                if let Some(line) = self.lines.take_line()? {
                    self.replies += 1;
                    return Ok((line, start.elapsed()));
                }
                if let Some(fault) = self.exit_fault(Duration::ZERO) {
                    return Err(fault);
                }
            }
            let left = sys::left(deadline);
            if left.is_zero() {
                // A line already in the pipe at the deadline still counts.
                self.fill();
                if let Some(line) = self.lines.take_line()? {
                    self.replies += 1;
                    return Ok((line, start.elapsed()));
                }
                return Err(BotFault::new(
                    FaultKind::Timeout,
                    format!("no line within {}{}", humantime::format_duration(timeout), self.partial_note()),
                ));
            }
            let wait = if self.pidfd.is_some() { left } else { left.min(TICK) };
            let Some(stdout) = self.stdout.as_ref() else {
                self.stdout_eof = true;
                continue;
            };
            let (readable, _) = sys::poll_two(
                Some((stdout.as_fd(), PollFlags::POLLIN)),
                self.pidfd.as_ref().map(|fd| (fd.as_fd(), PollFlags::POLLIN)),
                wait,
            );
            if readable {
                self.fill();
            }
        }
    }

    /// `receive` with the limits' timeout: `startup_timeout` until the bot's first reply of
    /// the game, `move_timeout` after.
    pub fn receive_reply(&mut self) -> Result<(String, Duration), BotFault> {
        let timeout = if self.replies == 0 { self.limits.startup_timeout } else { self.limits.move_timeout };
        self.receive(timeout)
    }

    /// True if the bot has written anything (a line or partial bytes) not yet received.
    pub fn has_pending_output(&mut self) -> bool {
        if self.report.is_none() {
            self.fill();
        }
        !self.lines.is_empty()
    }

    /// Reads whatever stdout holds without blocking, up to what the line cap can use.
    pub(super) fn fill(&mut self) {
        let Some(stdout) = self.stdout.as_ref() else {
            return;
        };
        while !self.stdout_eof && self.lines.wants_more() {
            match sys::read(stdout, &mut self.scratch) {
                Ok(0) => self.stdout_eof = true,
                Ok(n) => self.lines.extend(&self.scratch[..n]),
                Err(Errno::EINTR) => {}
                Err(Errno::EAGAIN) => break,
                Err(_) => self.stdout_eof = true,
            }
        }
    }

    fn partial_note(&self) -> String {
        match self.lines.len() {
            0 => String::new(),
            n => format!(" ({n} bytes of an unfinished line)"),
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.shutdown();
    }
}
