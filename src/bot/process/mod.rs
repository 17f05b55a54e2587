//! A running bot: talking to it line by line with bounded waits, and what is known of it (pid,
//! work dir, timing, stderr). Starting it lives in `start.rs`, waiting for its lines in
//! `receive.rs`, shutdown in `shutdown.rs`.

pub(in crate::bot) mod bare;
pub(in crate::bot) mod command;
pub(in crate::bot) mod death;
pub(in crate::bot) mod input_log;
pub(in crate::bot) mod linebuf;
pub(in crate::bot) mod receive;
pub(in crate::bot) mod shutdown;
pub(in crate::bot) mod start;
pub(in crate::bot) mod stderr;
pub(in crate::bot) mod watchdog;

use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::poll::PollFlags;

use crate::games::Message;

use crate::bot::boxes::BotBox;
use crate::bot::boxes::workdir::WorkDirLease;
use crate::bot::faults::fault::{BotFault, ExitReport, FaultKind, Termination, Usage};
use crate::bot::host::cost::{Laps, Step};
use crate::bot::host::limits::Limits;
use crate::bot::host::procfs::RunDelay;
use crate::bot::host::sys;
use crate::bot::host::timing::{MoveTime, TimingTotals};
use linebuf::LineBuffer;
use stderr::StderrDrain;
use watchdog::Verdict;

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
pub(in crate::bot) const EXIT_SETTLE: Duration = Duration::from_secs(1);
/// Poll tick when the kernel has no pidfd to wake us at the bot's exit.
pub(in crate::bot) const TICK: Duration = Duration::from_millis(5);
/// Bytes read from stdout per system call.
pub(in crate::bot) const READ_CHUNK: usize = 64 * 1024;
/// Read buffers kept per thread for the next bots it starts (see `read_buffer`).
const KEPT_READ_BUFFERS: usize = 4;

thread_local! {
    /// The read buffers of ended bots: a fresh zeroed 64 KiB buffer per bot was a `calloc`, its
    /// page faults and a `free` (a trim of the heap) each time. What one holds is juiz's own
    /// memory, bytes an earlier bot wrote: a read overwrites what it returns, and only that is
    /// used (`fill`).
    static READ_BUFFERS: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A buffer of `READ_CHUNK` bytes for a new bot's reads: one an ended bot left, or a new one.
pub(in crate::bot) fn read_buffer() -> Vec<u8> {
    READ_BUFFERS
        .try_with(|kept| kept.borrow_mut().pop())
        .ok()
        .flatten()
        .filter(|buffer| buffer.len() == READ_CHUNK)
        .unwrap_or_else(|| vec![0; READ_CHUNK])
}

/// Keeps an ended bot's read buffer for the next bot this thread starts (a few at most).
fn keep_read_buffer(buffer: Vec<u8>) {
    if buffer.len() == READ_CHUNK {
        let _ = READ_BUFFERS.try_with(|kept| {
            let mut kept = kept.borrow_mut();
            if kept.len() < KEPT_READ_BUFFERS {
                kept.push(buffer);
            }
        });
    }
}

/// The main process of a bot, once it has exited: reaped, with its status and usage.
#[derive(Clone, Copy, Debug)]
pub(in crate::bot) struct Exited {
    pub termination: Option<Termination>,
    pub usage: Usage,
}

/// A bot process in its own process group, talked to over pipes.
#[derive(Debug)]
pub struct BotProcess {
    /// The bot's main process (its pid on the host): what is measured (CPU time, run delay,
    /// `/proc` evidence).
    pub(in crate::bot) pid: i32,
    /// The leader of its process group, which juiz waits for and signals: `pid`, or the bot's
    /// init where it has a pid namespace of its own (`pid_init.rs`).
    pub(in crate::bot) group: i32,
    /// The init's report pipe, whose last record is the bot's wait status.
    pub(in crate::bot) init_report: Option<OwnedFd>,
    pub(in crate::bot) stdin: Option<OwnedFd>,
    pub(in crate::bot) stdout: Option<OwnedFd>,
    pub(in crate::bot) pidfd: Option<OwnedFd>,
    pub(in crate::bot) lines: LineBuffer,
    pub(in crate::bot) scratch: Vec<u8>,
    /// Lines queued for the bot and not yet written (see `flush`).
    pub(in crate::bot) outbox: Vec<u8>,
    pub(in crate::bot) stdout_eof: bool,
    pub(in crate::bot) exited: Option<Exited>,
    /// SIGKILL was sent to the group when the main process was found dead.
    pub(in crate::bot) group_killed: bool,
    pub(in crate::bot) stderr: StderrDrain,
    pub(in crate::bot) temp_dir: Option<WorkDirLease>,
    /// The bot's uid, cgroups and work dir when juiz is root (see `boxes.rs`).
    pub(in crate::bot) jail: Option<BotBox>,
    pub(in crate::bot) work_dir: PathBuf,
    pub(in crate::bot) limits: Limits,
    pub(in crate::bot) replies: u64,
    pub(in crate::bot) report: Option<ExitReport>,
    /// The watchdog's view of the group (`None`: no group limit set).
    pub(in crate::bot) verdict: Option<Arc<Verdict>>,
    pub(in crate::bot) timing: TimingTotals,
    pub(in crate::bot) last_move: Option<MoveTime>,
    /// The main thread's CPU wait, for fair move timing.
    pub(in crate::bot) run_delay: RunDelay,
    /// Its process group and, without root, its user namespace: every process of it.
    pub(in crate::bot) members: crate::bot::host::procfs::Members,
    /// Its user namespace, held open until the bot is dropped (see `Members::of`).
    pub(in crate::bot) _userns: Option<std::fs::File>,
    /// The SIGCHLD count at the last look for the main process's exit.
    pub(in crate::bot) seen_child_events: Option<usize>,
    /// A look made just before the wait for its line found its stdout readable
    /// (`output_seen_ready`): the wait reads the pipe where it would have polled it first.
    pub(in crate::bot) output_ready: bool,
    /// What was sent to it, for the diagnosis of a timeout (`input_log.rs`).
    pub(in crate::bot) input: input_log::InputLog,
}

impl BotProcess {
    /// Tells the scheduler whether this bot is on move (or out of a game: the default) or waits
    /// while another bot of its game moves: as root with the `cpu` cgroup controller its box's
    /// CPU weight drops to the least (`cgroup_turn.rs`); otherwise nothing changes.
    pub fn set_on_move(&self, on_move: bool) {
        if let Some(cgroup) = self.jail.as_ref().and_then(|b| b.cgroup.as_ref()) {
            cgroup.set_on_move(on_move);
        }
    }

    /// The process group id: the pid of the bot's main process, or of its init where the bot
    /// has a pid namespace of its own (the init ends with the bot, and every process of the
    /// bot with the init).
    pub fn pid(&self) -> u32 {
        self.group as u32
    }

    /// The pid of the bot's main process on the host.
    pub fn main_pid(&self) -> u32 {
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
        self.input.sent(&data);
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

    /// How the last reply was timed.
    pub fn last_move(&self) -> Option<MoveTime> {
        self.last_move
    }

    /// The bot's timing over all its replies so far.
    pub fn timing(&self) -> TimingTotals {
        self.timing
    }

    /// The fault the watchdog found when it killed the group, if it did.
    pub(in crate::bot) fn watchdog_fault(&self) -> Option<BotFault> {
        self.verdict.as_ref().and_then(|v| v.fault())
    }

    /// Whether the main process may have exited since the last look: a SIGCHLD came since (or
    /// they are not counted). Read before the `waitid`, so an exit just after it is seen next time.
    pub(in crate::bot) fn may_have_exited(&mut self) -> bool {
        match sys::child_events() {
            None => true,
            Some(now) => self.seen_child_events.replace(now) != Some(now),
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.shutdown();
        keep_read_buffer(std::mem::take(&mut self.scratch));
    }
}
