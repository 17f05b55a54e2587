//! The end of a bot: noticing that its main process died and naming the fault, and `shutdown`,
//! which leaves no process of the bot's group behind (end of input and a grace to exit on it,
//! TERM, grace while draining, KILL, reap).

use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use nix::poll::PollFlags;
use nix::sys::signal::Signal;

use crate::bot::boxes::escapees;
use crate::bot::host::cost::{Laps, Step};
use crate::games::Message;

use crate::bot::faults::fault::{BotFault, ExitReport, FaultKind, MemoryPeak, Termination};
use crate::bot::process::{BotProcess, Exited, TICK};
use crate::bot::{host::sys, process::watchdog};

/// How long `shutdown` gives a bot, once its input is closed, to read to its end and exit before
/// SIGTERM: a bot that exits on end of input (as the protocol asks) is never signalled, and the
/// last lines it was sent reach it whatever the load.
const EOF_GRACE: Duration = Duration::from_millis(500);
/// How long `shutdown` keeps reaping after SIGKILL before it reports the group as not cleared.
const CLEANUP_BOUND: Duration = Duration::from_secs(2);
/// Words in a dying bot's stderr that say it ran out of memory.
const OOM_MARKERS: [&str; 4] = ["MemoryError", "bad_alloc", "Cannot allocate memory", "out of memory"];

impl BotProcess {
    /// The fault for a main process that has exited, waiting at most `wait` for it to exit.
    /// `None` if it is still running.
    pub(in crate::bot) fn exit_fault(&mut self, wait: Duration) -> Option<BotFault> {
        let exited = self.observe_exit(wait)?;
        Some(self.classify(exited))
    }

    /// Whether the main process has exited, waiting at most `wait`. On the first sight of its
    /// death, while its zombie still pins the group id, the rest of the group is killed (the
    /// bot has lost; nothing of it may linger), then the main process is reaped for its status.
    fn observe_exit(&mut self, wait: Duration) -> Option<Exited> {
        if let Some(exited) = self.exited {
            return Some(exited);
        }
        let deadline = Instant::now() + wait;
        loop {
            if sys::has_exited(self.group) {
                sys::signal_group(self.group, Signal::SIGKILL);
                self.kill_box();
                self.group_killed = true;
                if let Some(verdict) = &self.verdict {
                    verdict.stop();
                }
                let exited = match sys::reap(self.group, true) {
                    Ok(Some(reaped)) => {
                        Exited { termination: self.bots_termination(reaped.termination), usage: reaped.usage }
                    }
                    _ => Exited { termination: None, usage: Default::default() },
                };
                self.exited = Some(exited);
                return Some(exited);
            }
            let left = sys::left(deadline);
            if left.is_zero() {
                return None;
            }
            let pidfd = self.pidfd.as_ref().map(|fd| (fd.as_fd(), PollFlags::POLLIN));
            let wait = if pidfd.is_some() { left } else { left.min(TICK) };
            sys::poll_two(pidfd, None, wait);
        }
    }

    /// Names the fault of a dead main process: the watchdog's verdict if it killed the group;
    /// `CpuTime`, `FileSize` or `Memory` where a limit explains the death; else `Crash` with
    /// the exit code or the signal.
    fn classify(&self, exited: Exited) -> BotFault {
        if let Some(fault) = self.watchdog_fault() {
            return fault;
        }
        let init = self.group != self.pid;
        if let Some(fault) = self.jail.as_ref().and_then(|bx| watchdog::box_fault(&self.limits, bx, init)) {
            return fault;
        }
        let Some(term) = exited.termination else {
            return BotFault::new(FaultKind::Crash, Message::new("bf-ended-unknown"));
        };
        let limits = &self.limits;
        let signal = term.signal();
        if let Some(secs) = limits.cpu_seconds {
            let used_up = exited.usage.cpu_time >= Duration::from_secs(secs);
            if signal == Some(libc::SIGXCPU) || (signal == Some(libc::SIGKILL) && used_up) {
                return BotFault::new(
                    FaultKind::CpuTime,
                    Message::new("bf-cpu-used-up").text("secs", secs).clause("term", term.message()),
                );
            }
        }
        if let Some(bytes) = limits.file_size_bytes
            && (signal == Some(libc::SIGXFSZ)
                || (!matches!(term, Termination::Exited(0)) && self.stderr.tail().contains("File too large")))
        {
            return BotFault::new(
                FaultKind::FileSize,
                Message::new("bf-file-size")
                    .text("size", crate::bot::host::limits::format_bytes(bytes))
                    .clause("term", term.message()),
            );
        }
        if let Some(bytes) = limits.memory_bytes {
            let abnormal = !matches!(term, Termination::Exited(0));
            // Its resident memory, or a heap seen mapped (`input_log.rs`): untouched `malloc`s
            // count against the limit (RLIMIT_DATA) without being resident, and a NULL from
            // `malloc` at the limit dies of SIGSEGV. Only a death seen near the limit is named
            // so (`NEAR_MEMORY_LIMIT_PERCENT`), or one its stderr says was out of memory.
            let peak = MemoryPeak { resident: exited.usage.max_rss_bytes, heap: self.input.data_seen };
            let tail = self.stderr.tail();
            let said_so = OOM_MARKERS.iter().any(|m| tail.contains(m));
            if abnormal && (peak.near(bytes) || said_so) {
                let out = Message::new("bf-memory-out")
                    .text("size", crate::bot::host::limits::format_bytes(bytes))
                    .clause("term", term.message());
                return BotFault::new(
                    FaultKind::Memory,
                    Message::new("bf-two-notes").clause("first", out).clause("second", peak.message()),
                );
            }
        }
        BotFault::new(FaultKind::Crash, term.message())
    }

    /// Ends the bot: closes its input, waits `EOF_GRACE` for its main process to exit on end of
    /// input, then (unless the group is gone) sends SIGTERM to the whole group, waits
    /// `kill_grace` while still draining its output, sends SIGKILL to the group, reaps the main process and
    /// every orphan of the group, and removes a fresh work dir. Idempotent; `Drop` calls it.
    /// `sent_term`/`sent_kill` in the report say which signals shutdown sent to the group; a
    /// group already killed when a crash was noticed is only reaped.
    pub fn shutdown(&mut self) -> ExitReport {
        if let Some(report) = &self.report {
            return report.clone();
        }
        let mut laps = Laps::start();
        self.stdin = None;
        if let Some(verdict) = &self.verdict {
            verdict.stop();
        }
        let (mut sent_term, mut sent_kill) = (false, false);
        // End of input first: a bot that reads to its end and exits has written all it had to.
        let cpu_at_end = if self.group_killed { None } else { self.cpu_time() };
        let left_on_eof = !self.group_killed && self.exit_on_end_of_input(EOF_GRACE);
        // What it computed in that grace, read again only when it did not exit in it: a loop
        // that never ends with its input, or an exit slowed by a busy machine (next to nothing).
        let cpu_after_end = match cpu_at_end {
            Some(before) if !left_on_eof => {
                self.cpu_time().map_or(Duration::ZERO, |after| after.saturating_sub(before))
            }
            _ => Duration::ZERO,
        };
        if !self.group_killed && (!left_on_eof || sys::group_exists(self.group)) {
            // The main process is alive or an unreaped zombie, so the group id is still ours.
            // (With an init, a SIGTERM it gets is forwarded to the bot, and its SIGKILL kills
            // every process of the bot's pid namespace.)
            sys::signal_group(self.group, Signal::SIGTERM);
            sys::signal_process(self.group, Signal::SIGTERM);
            sent_term = true;
            if !self.wait_for_group(self.limits.kill_grace) {
                sys::signal_group(self.group, Signal::SIGKILL);
                if self.exited.is_none() {
                    sys::signal_process(self.group, Signal::SIGKILL);
                }
                self.kill_box();
                sent_kill = true;
            }
        }
        let mut group_cleared = self.wait_for_group(CLEANUP_BOUND);
        self.stdout = None;
        self.pidfd = None;
        self.lines.clear();
        let stderr_wait = if group_cleared { Duration::from_secs(1) } else { Duration::from_millis(50) };
        let (stderr_bytes, stderr_dropped) = self.stderr.finish(stderr_wait);
        // Processes that left the group are juiz's children now: none may outlive the game, and
        // a work dir is reused only when none turned up.
        // The group is over: its members, if any are left, are escapees like the others.
        escapees::ended(self.group);
        laps.lap(Step::EndShutdown);
        // Without root, every process in the bot's user namespace is the bot's, wherever it went:
        // a chain of `setsid` children whose parents still live is no orphan of juiz's yet.
        let mut nothing_left = false;
        let in_namespace = self.members.userns.map_or(0, |userns| {
            escapees::namespace_ended(userns);
            // Its main process reaped and juiz with no other child than live bots: nothing of it
            // is left, and the look through `/proc` (a millisecond and more) is not needed.
            let gone = self.exited.is_some() && group_cleared && escapees::only_live_bots_remain();
            nothing_left = gone;
            let (killed, cleared) = if gone { (0, true) } else { escapees::kill_namespace(userns) };
            if cleared {
                crate::bot::boxes::workdir::forget_namespace(userns);
            }
            killed
        });
        // As root, every process the bot started is in its box's cgroups (a bot cannot leave
        // them), and with the `pids` controller (`limits_tasks`) `is_empty` reads `pids.current`,
        // which counts each until it is reaped, zombies included: a box that counts none holds
        // nothing of the bot, not even an orphan for juiz to reap. The sweep then runs only if
        // some other child of juiz waits to be reaped (an orphan of something else, such as
        // what a juiz killed with -9 left to this one as its subreaper); a box that counts any
        // is swept as before (and its release kills and reaps until it is empty).
        nothing_left |=
            self.jail.as_ref().and_then(|bx| bx.cgroup.as_ref()).is_some_and(|c| c.limits_tasks() && c.is_empty())
                && !escapees::a_child_waits_to_be_reaped();
        let escaped = if nothing_left { 0 } else { escapees::sweep() } + in_namespace;
        laps.lap(Step::EndSweep);
        // Everything the bot started, in any group or session, is in its box.
        if let Some(bx) = self.jail.take() {
            group_cleared &= bx.release(CLEANUP_BOUND);
        }
        if let Some(dir) = self.temp_dir.take() {
            dir.release(group_cleared && escaped == 0);
        }
        laps.lap(Step::EndRelease);
        let exited = self.exited.unwrap_or(Exited { termination: None, usage: Default::default() });
        let report = ExitReport {
            termination: exited.termination,
            sent_term,
            sent_kill,
            group_cleared,
            usage: exited.usage,
            stderr_bytes,
            stderr_dropped,
            cpu_after_end,
        };
        self.report = Some(report.clone());
        report
    }

    /// Waits at most `bound` for the main process to exit (not reaped: its zombie keeps the group
    /// id the bot's), draining its output meanwhile; true if it did.
    fn exit_on_end_of_input(&mut self, bound: Duration) -> bool {
        self.drain_until(bound, |s| sys::has_exited(s.group))
    }

    /// Reaps the group until it is empty (true) or `bound` has passed (false), draining and
    /// discarding stdout meanwhile so that no bot blocks on a full pipe.
    fn wait_for_group(&mut self, bound: Duration) -> bool {
        self.drain_until(bound, |s| {
            s.reap_group();
            s.exited.is_some() && !sys::group_exists(s.group)
        })
    }

    /// Drains and discards stdout until `done` says so (true) or `bound` has passed (false),
    /// waking on output, on the main process's exit (while it is not reaped) or every `TICK`.
    fn drain_until(&mut self, bound: Duration, mut done: impl FnMut(&mut Self) -> bool) -> bool {
        let deadline = Instant::now() + bound;
        loop {
            self.fill();
            self.lines.clear();
            if done(self) {
                return true;
            }
            let left = sys::left(deadline);
            if left.is_zero() {
                return false;
            }
            let stdout = match (&self.stdout, self.stdout_eof) {
                (Some(fd), false) => Some((fd.as_fd(), PollFlags::POLLIN)),
                _ => None,
            };
            let pidfd = match (&self.pidfd, self.exited) {
                (Some(fd), None) => Some((fd.as_fd(), PollFlags::POLLIN)),
                _ => None,
            };
            sys::poll_two(stdout, pidfd, left.min(TICK));
        }
    }

    /// Reaps every exited process of the group that is our child: the main process and the
    /// orphans re-parented to us as subreaper.
    fn reap_group(&mut self) {
        while let Ok(Some(reaped)) = sys::reap(-self.group, false) {
            if reaped.pid == self.group {
                let termination = self.bots_termination(reaped.termination);
                self.record_exit(termination, reaped.usage);
            }
        }
        if self.exited.is_none()
            && let Ok(Some(reaped)) = sys::reap(self.group, false)
        {
            let termination = self.bots_termination(reaped.termination);
            self.record_exit(termination, reaped.usage);
        }
    }

    /// Kills every process of the bot's box, whatever its group or session.
    fn kill_box(&self) {
        if let Some(cgroup) = self.jail.as_ref().and_then(|bx| bx.cgroup.as_ref()) {
            cgroup.kill();
        }
    }

    /// How the bot ended, its group's leader reaped with `leader`: without an init, that; with
    /// one, the bot's own wait status from the init's last record (`pid_init.rs`), which the
    /// init wrote before it exited (none when it was killed first: then the init's status).
    fn bots_termination(&mut self, leader: Option<Termination>) -> Option<Termination> {
        let Some(report) = self.init_report.take() else { return leader };
        let mut last = None;
        while let Some(record) = crate::bot::sandbox::pid_init::read_record(&report, Duration::ZERO) {
            last = Some(record);
        }
        match last {
            Some((crate::bot::sandbox::pid_init::ENDED, status, _)) => Termination::from_wait_status(status),
            _ => leader,
        }
    }

    fn record_exit(&mut self, termination: Option<Termination>, usage: crate::bot::faults::fault::Usage) {
        self.exited = Some(Exited { termination, usage });
    }
}
