//! A running bot: talking to it line by line with bounded waits, and what is known of it (pid,
//! work dir, timing, stderr). Starting it lives in `start.rs`, shutdown in `shutdown.rs`.

use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::poll::PollFlags;

use crate::games::Message;

use super::boxes::BotBox;
use super::cost::{Laps, Step};
use super::fault::{BotFault, ExitReport, FaultKind, Termination, Usage};
use super::limits::Limits;
use super::linebuf::LineBuffer;
use super::procfs::RunDelay;
use super::stderr::StderrDrain;
use super::sys;
use super::timing::{MoveClock, MoveTime, TimingTotals};
use super::watchdog::Verdict;
use super::workdir::WorkDirLease;

/// Where a bot runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkDir {
    /// A private, empty directory of its own, emptied at shutdown (and reused for another bot:
    /// see `workdir.rs`).
    Fresh,
    /// This directory (created if missing), left in place.
    Given(PathBuf),
    /// As `Fresh`, holding a copy of this folder's contents (data files a bot reads): games side
    /// by side never share files.
    CopyOf(PathBuf),
}

/// How long to wait, after an end of file or a broken pipe, for the bot to exit so that the
/// fault can say "crash" with its status rather than "closed" (an interpreter closes its
/// output before it exits: under load the two can be far apart). Within the move's time only.
const EXIT_SETTLE: Duration = Duration::from_secs(1);
/// Poll tick when the kernel has no pidfd to wake us at the bot's exit.
pub(super) const TICK: Duration = Duration::from_millis(5);
/// Bytes read from stdout per system call.
pub(super) const READ_CHUNK: usize = 64 * 1024;
/// How often a wait with a cancel flag looks at the flag.
const CANCEL_SLICE: Duration = Duration::from_millis(50);

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
    /// Lines queued for the bot and not yet written (see `flush`).
    pub(super) outbox: Vec<u8>,
    pub(super) stdout_eof: bool,
    pub(super) exited: Option<Exited>,
    /// SIGKILL was sent to the group when the main process was found dead.
    pub(super) group_killed: bool,
    pub(super) stderr: StderrDrain,
    pub(super) temp_dir: Option<WorkDirLease>,
    /// The bot's uid, cgroups and work dir when juiz is root (see `boxes.rs`).
    pub(super) jail: Option<BotBox>,
    pub(super) work_dir: PathBuf,
    pub(super) limits: Limits,
    pub(super) replies: u64,
    pub(super) report: Option<ExitReport>,
    /// The watchdog's view of the group (`None`: no group limit set).
    pub(super) verdict: Option<Arc<Verdict>>,
    pub(super) timing: TimingTotals,
    pub(super) last_move: Option<MoveTime>,
    /// The main thread's CPU wait, for fair move timing.
    pub(super) run_delay: RunDelay,
    /// Its process group and, without root, its user namespace: every process of it.
    pub(super) members: super::procfs::Members,
    /// Its user namespace, held open until the bot is dropped (see `Members::of`).
    pub(super) _userns: Option<std::fs::File>,
    /// The SIGCHLD count at the last look for the main process's exit.
    pub(super) seen_child_events: Option<usize>,
}

impl BotProcess {
    /// The main process id, which is also the process group id.
    pub fn pid(&self) -> u32 {
        self.pid as u32
    }

    /// The bot's working directory (emptied at shutdown if it was `WorkDir::Fresh` or `CopyOf`).
    /// Without root a fresh one with a disk quota is a tmpfs in the bot's own mount namespace:
    /// from outside its files are seen through `/proc/<pid>/root`.
    pub fn work_dir(&self) -> &Path {
        &self.work_dir
    }

    /// The limits the bot was spawned with.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// CPU time the bot has used so far: of all its processes and threads where it has
    /// cgroups; else of its main process (all threads), precise to the microsecond, plus that of
    /// its other processes, in any group or session of its user namespace (not root), as of the
    /// watchdog's last look (`watchdog::Verdict::others_cpu`): sample it around a move to
    /// charge the bot its own CPU time. After the main process ended without cgroups, the total
    /// from `wait4`.
    pub fn cpu_time(&self) -> Option<Duration> {
        if let Some(cpu) = self.jail.as_ref().and_then(|b| b.cgroup.as_ref()).and_then(|c| c.cpu_time()) {
            return Some(cpu);
        }
        let others = self.verdict.as_ref().map_or(Duration::ZERO, |v| v.others_cpu());
        match self.exited {
            Some(exited) => Some(exited.usage.cpu_time),
            None => sys::cpu_time(self.pid).map(|main| main + others),
        }
    }

    /// The last few KiB the bot wrote on stderr, lossily decoded.
    pub fn stderr_tail(&self) -> String {
        self.stderr.tail()
    }

    /// Adds `line` and '\n' to what the next `flush` writes: nothing reaches the bot before.
    pub fn queue(&mut self, line: &str) {
        self.outbox.extend_from_slice(line.as_bytes());
        self.outbox.push(b'\n');
    }

    /// Whether lines are queued and not yet written.
    pub fn has_queued(&self) -> bool {
        !self.outbox.is_empty()
    }

    /// Writes `line` and '\n' (after whatever was queued) at once: `queue` then `flush`.
    pub fn send(&mut self, line: &str) -> Result<(), BotFault> {
        self.queue(line);
        self.flush()
    }

    /// Writes every queued line in one go, never blocking longer than `limits.move_timeout`.
    /// A dead bot is a `Crash` fault with its status; a bot that closed its input is
    /// `ClosedInput`; a bot that does not read its input in time is a `Timeout`. Nothing queued:
    /// nothing is checked or written.
    pub fn flush(&mut self) -> Result<(), BotFault> {
        if self.outbox.is_empty() {
            return Ok(());
        }
        let mut data = std::mem::take(&mut self.outbox);
        let written = self.write_all(&data);
        data.clear();
        self.outbox = data; // keeps its capacity for the next lines
        written
    }

    /// Writes what the pipe takes at once of the queued lines, without waiting and without
    /// looking at the bot: for the end of a game cut short, when nothing it does matters.
    pub fn flush_without_waiting(&mut self) {
        let data = std::mem::take(&mut self.outbox);
        if let Some(stdin) = self.stdin.as_ref()
            && !data.is_empty()
        {
            let _ = sys::write(stdin, &data);
        }
    }

    fn write_all(&mut self, data: &[u8]) -> Result<(), BotFault> {
        let mut laps = Laps::start();
        let written = self.write_all_counted(data);
        laps.lap(Step::LineWrite);
        written
    }

    fn write_all_counted(&mut self, data: &[u8]) -> Result<(), BotFault> {
        if self.report.is_some() {
            return Err(BotFault::new(FaultKind::ClosedInput, Message::new("bf-shut-down")));
        }
        if let Some(fault) = self.watchdog_fault() {
            return Err(fault);
        }
        if self.may_have_exited()
            && let Some(fault) = self.exit_fault(Duration::ZERO)
        {
            return Err(fault);
        }
        // Read at the first full pipe only: most writes go through at once, and a clock read per
        // line for nothing is what the referee's loop is made of.
        let mut deadline: Option<Instant> = None;
        let mut written = 0;
        while written < data.len() {
            let Some(stdin) = self.stdin.as_ref() else {
                return Err(BotFault::new(FaultKind::ClosedInput, Message::new("bf-input-closed")));
            };
            match sys::write(stdin, &data[written..]) {
                Ok(n) => written += n,
                Err(Errno::EINTR) => {}
                Err(Errno::EAGAIN) => {
                    let left = sys::left(*deadline.get_or_insert_with(|| Instant::now() + self.limits.move_timeout));
                    if left.is_zero() {
                        return Err(BotFault::new(
                            FaultKind::Timeout,
                            Message::new("bf-not-reading")
                                .text("duration", humantime::format_duration(self.limits.move_timeout)),
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
                            Message::new("bf-closed-input")
                        } else {
                            Message::new("bf-cannot-write").text("error", err.desc())
                        };
                        BotFault::new(FaultKind::ClosedInput, what)
                    }));
                }
            }
        }
        Ok(())
    }

    /// Waits for one complete line ('\n' and a trailing '\r' stripped) and returns it with the
    /// wall-clock time it took. The bot is charged `timeout` of its own time (see `timing.rs`:
    /// the wall clock minus the time it waited for a CPU) with a wall-clock backstop of
    /// `limits.wall_limit(timeout)`: over its time it is a `Timeout`, over the backstop first a
    /// `TimeoutOverload`.
    pub fn receive(&mut self, timeout: Duration) -> Result<(String, Duration), BotFault> {
        match self.receive_timed(timeout, None)? {
            Some((line, time)) => Ok((line, time.wall)),
            None => unreachable!("only a cancel flag stops a wait early"),
        }
    }

    /// `receive` that also stops, with `Ok(None)`, soon after `cancel` is set; the line comes
    /// with how it was timed.
    pub fn receive_cancellable(
        &mut self,
        timeout: Duration,
        cancel: &AtomicBool,
    ) -> Result<Option<(String, MoveTime)>, BotFault> {
        self.receive_timed(timeout, Some(cancel))
    }

    fn receive_timed(
        &mut self,
        timeout: Duration,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<(String, MoveTime)>, BotFault> {
        let mut laps = Laps::start();
        let received = self.receive_counted(timeout, cancel);
        laps.lap(Step::LineRead);
        received
    }

    fn receive_counted(
        &mut self,
        timeout: Duration,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<(String, MoveTime)>, BotFault> {
        let mut clock = MoveClock::start(timeout, self.limits.wall_limit(timeout));
        loop {
            if let Some(line) = self.line_or_end(&clock)? {
                return Ok(Some(self.replied(line, &mut clock)));
            }
            if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Ok(None);
            }
            match self.next_wait(&mut clock)? {
                Waited::Line(line) => return Ok(Some(self.replied(line, &mut clock))),
                Waited::For(left) => self.wait_for_output(left, cancel.is_some()),
            }
        }
    }

    /// A whole line the bot wrote, or the fault that ends the wait for one (the bot shut down,
    /// killed by the watchdog, its output closed, its process dead after what it wrote);
    /// `Ok(None)`: nothing yet.
    fn line_or_end(&mut self, clock: &MoveClock) -> Result<Option<String>, BotFault> {
        if let Some(line) = self.lines.take_line()? {
            return Ok(Some(line));
        }
        if self.report.is_some() {
            return Err(BotFault::new(FaultKind::ClosedOutput, Message::new("bf-shut-down")));
        }
        if let Some(fault) = self.watchdog_fault() {
            return Err(fault);
        }
        if self.stdout_eof {
            let settle = sys::left(clock.final_deadline()).min(EXIT_SETTLE);
            return Err(self.exit_fault(settle).unwrap_or_else(|| {
                BotFault::new(
                    FaultKind::ClosedOutput,
                    Message::new("bf-closed-output").clause("partial", self.partial_note()),
                )
            }));
        }
        if self.exited.is_some() || (self.may_have_exited() && sys::has_exited(self.pid)) {
            // Deliver what the bot wrote before it died, then report the death.
            self.fill();
            if let Some(line) = self.lines.take_line()? {
                return Ok(Some(line));
            }
            if let Some(fault) = self.exit_fault(Duration::ZERO) {
                return Err(fault);
            }
        }
        Ok(None)
    }

    /// How long to wait for output before looking again: until the clock's next deadline. At a
    /// deadline a line already in the pipe still counts; otherwise the bot is charged what its
    /// own counters say, which is a timeout if it used its time, and more time if it was
    /// waiting for a CPU.
    fn next_wait(&mut self, clock: &mut MoveClock) -> Result<Waited, BotFault> {
        let mut left = sys::left(clock.next_deadline());
        if !clock.has_baseline() && left.is_zero() {
            // Not a quick reply: from here on the bot's own counters tell what to charge.
            clock.take_baseline(&self.run_delay, self.cpu_time());
            left = sys::left(clock.next_deadline());
        }
        if !left.is_zero() {
            return Ok(Waited::For(left));
        }
        self.fill();
        if let Some(line) = self.lines.take_line()? {
            return Ok(Waited::Line(line));
        }
        clock.refresh(&self.run_delay);
        if let Some(fault) = clock.expired(self.cpu_time(), self.partial_note()) {
            return Err(super::blocked::noted(fault, self.pid));
        }
        // The bot was waiting for a CPU: its allowance moved on.
        Ok(Waited::For(sys::left(clock.next_deadline()).max(Duration::from_millis(1))))
    }

    /// Waits up to `left` (less without a pidfd, or when a cancel flag must be looked at) for the
    /// bot's output or its exit, and reads what came.
    fn wait_for_output(&mut self, left: Duration, cancellable: bool) {
        let mut wait = if self.pidfd.is_some() { left } else { left.min(TICK) };
        if cancellable {
            wait = wait.min(CANCEL_SLICE);
        }
        let Some(stdout) = self.stdout.as_ref() else {
            self.stdout_eof = true;
            return;
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

    fn replied(&mut self, line: String, clock: &mut MoveClock) -> (String, MoveTime) {
        let time = if clock.has_baseline() {
            clock.refresh(&self.run_delay);
            clock.reading(self.cpu_time())
        } else {
            clock.reading(None)
        };
        self.replies += 1;
        self.timing.add(time);
        self.last_move = Some(time);
        (line, time)
    }

    /// `receive` with the limits' timeout: `startup_timeout` until the bot's first reply of
    /// the game, `move_timeout` after.
    pub fn receive_reply(&mut self) -> Result<(String, Duration), BotFault> {
        self.receive(self.reply_timeout())
    }

    /// The allowance of the next reply: at least `startup_timeout` for the first of the game.
    pub fn reply_timeout(&self) -> Duration {
        if self.replies == 0 {
            self.limits.startup_timeout.max(self.limits.move_timeout)
        } else {
            self.limits.move_timeout
        }
    }

    /// How the last reply was timed.
    pub fn last_move(&self) -> Option<MoveTime> {
        self.last_move
    }

    /// The bot's timing over all its replies so far.
    pub fn timing(&self) -> TimingTotals {
        self.timing
    }

    /// The fault the watchdog found when it killed the group, if it did.
    pub(super) fn watchdog_fault(&self) -> Option<BotFault> {
        self.verdict.as_ref().and_then(|v| v.fault())
    }

    /// For a look at many bots at once (`sys::readable_now`): `Ok(fd)` when whether the bot has
    /// written something depends on its stdout pipe, which is readable then; `Err(answer)` when
    /// the answer is known without looking (bytes already buffered, or a pipe closed or gone).
    pub fn output_to_look_at(&self) -> Result<std::os::fd::BorrowedFd<'_>, bool> {
        if !self.lines.is_empty() {
            return Err(true);
        }
        match self.stdout.as_ref() {
            Some(stdout) if self.report.is_none() && !self.stdout_eof => Ok(stdout.as_fd()),
            _ => Err(false),
        }
    }

    /// True if the bot has written anything (a line or partial bytes) not yet received.
    pub fn has_pending_output(&mut self) -> bool {
        if self.report.is_none() {
            self.fill();
        }
        !self.lines.is_empty()
    }

    /// The first line the bot wrote and was not yet received (the bytes so far when no line is
    /// complete): what it wrote out of turn, to quote.
    pub fn pending_line(&self) -> Vec<u8> {
        self.lines.first_line().to_vec()
    }

    /// Reads whatever stdout holds without blocking, up to what the line cap can use.
    /// Whether the main process may have exited since the last look: a SIGCHLD came since (or
    /// they are not counted). Read before the `waitid`, so an exit just after it is seen next time.
    pub(super) fn may_have_exited(&mut self) -> bool {
        match sys::child_events() {
            None => true,
            Some(now) => self.seen_child_events.replace(now) != Some(now),
        }
    }

    pub(super) fn fill(&mut self) {
        let Some(stdout) = self.stdout.as_ref() else {
            return;
        };
        while !self.stdout_eof && self.lines.wants_more() {
            match sys::read(stdout, &mut self.scratch) {
                Ok(0) => self.stdout_eof = true,
                Ok(n) => {
                    self.lines.extend(&self.scratch[..n]);
                    if n < self.scratch.len() {
                        break; // the pipe is empty for now: the next poll says when it is not
                    }
                }
                Err(Errno::EINTR) => {}
                Err(Errno::EAGAIN) => break,
                Err(_) => self.stdout_eof = true,
            }
        }
    }

    fn partial_note(&self) -> Message {
        match self.lines.len() {
            0 => Message::new("empty"),
            n => Message::new("bf-unfinished-line").text("bytes", n),
        }
    }
}

/// What `next_wait` found: a line that arrived by the deadline, or how long to wait.
enum Waited {
    Line(String),
    For(Duration),
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.shutdown();
    }
}
