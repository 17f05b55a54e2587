//! Waiting for a bot's lines: one complete line within its time, charged fairly (`timing.rs`),
//! the faults that end a wait (exit, closed output, the watchdog), and what a bot wrote out of
//! turn. Writing to it lives in `process.rs`.

use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nix::errno::Errno;
use nix::poll::PollFlags;

use crate::games::Message;

use crate::bot::faults::fault::{BotFault, FaultKind};
use crate::bot::host::cost::{Laps, Step};
use crate::bot::host::sys;
use crate::bot::host::timing::{MoveClock, MoveTime};
use crate::bot::process::{BotProcess, EXIT_SETTLE, TICK};

/// How often a wait with a cancel flag looks at the flag.
const CANCEL_SLICE: Duration = Duration::from_millis(50);

impl BotProcess {
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
        let mut ready = std::mem::take(&mut self.output_ready);
        // A whole line already read from the pipe was written before the last prompt.
        let mut before_prompt = self.lines.first_line().len() < self.lines.len();
        loop {
            if let Some(line) = self.line_or_end(&clock)? {
                return Ok(Some(self.replied(line, &mut clock, before_prompt)));
            }
            before_prompt = false;
            if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Ok(None);
            }
            match self.next_wait(&mut clock)? {
                Waited::Line(line) => return Ok(Some(self.replied(line, &mut clock, false))),
                // Known readable: the poll would return at once, so read instead (a wrong
                // guess reads nothing and the next turn of the loop polls).
                Waited::For(_) if std::mem::take(&mut ready) => self.fill(),
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
        if self.exited.is_some() || (self.may_have_exited() && sys::has_exited(self.group)) {
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
            return Err(crate::bot::faults::blocked::noted(fault, self.pid));
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

    fn replied(&mut self, line: String, clock: &mut MoveClock, before_prompt: bool) -> (String, MoveTime) {
        let time = if clock.has_baseline() {
            clock.refresh(&self.run_delay);
            clock.reading(self.cpu_time())
        } else {
            clock.reading(None)
        };
        self.note_reply_input(&line, before_prompt);
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

    /// Says that a look made just now, before the wait for the bot's next line, found its stdout
    /// readable (its `output_to_look_at` pipe in a `sys::readable_now`): that wait reads the
    /// pipe at the point where it would have polled it first, which saves the `poll` of a reply
    /// that came while the referee was writing. Only the next wait uses it.
    pub(crate) fn output_seen_ready(&mut self) {
        self.output_ready = true;
    }

    /// True if the bot has written anything (a line or partial bytes) not yet received.
    pub fn has_pending_output(&mut self) -> bool {
        if self.report.is_none() {
            self.fill();
        }
        !self.lines.is_empty()
    }

    /// Waits up to `wait` for the bot to write something not yet received (`juiz replay --bot`
    /// at a recorded premature output); true when it did.
    pub fn output_within(&mut self, wait: Duration) -> bool {
        let deadline = std::time::Instant::now() + wait;
        loop {
            if self.has_pending_output() {
                return true;
            }
            let left = sys::left(deadline);
            if left.is_zero() || self.stdout_eof || self.report.is_some() {
                return false;
            }
            self.wait_for_output(left, false);
        }
    }

    /// The first line the bot wrote and was not yet received (the bytes so far when no line is
    /// complete): what it wrote out of turn, to quote.
    pub fn pending_line(&self) -> Vec<u8> {
        self.lines.first_line().to_vec()
    }

    /// Reads whatever stdout holds without blocking, up to what the line cap can use.
    pub(in crate::bot) fn fill(&mut self) {
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

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use crate::bot::{BotCommand, BotProcess, FaultKind, Limits, WorkDir};

    fn echo_bot() -> BotProcess {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bot/echo.sh");
        let command = BotCommand::parse(&path.to_string_lossy()).and_then(BotCommand::resolve).unwrap();
        let limits = Limits { move_timeout: Duration::from_millis(300), ..Limits::default() };
        BotProcess::spawn(&command, WorkDir::Fresh, None, &limits).unwrap()
    }

    #[test]
    fn a_reply_the_look_found_is_read_where_the_wait_would_have_polled() {
        let mut bot = echo_bot();
        bot.send("one").unwrap();
        // Looked at as the referee looks before a wait, until the echo is in the pipe.
        while !crate::bot::readable_now(&[bot.output_to_look_at().unwrap()])[0] {
            std::thread::sleep(Duration::from_millis(1));
        }
        bot.output_seen_ready();
        assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "one");
        assert!(!bot.output_ready, "only the next wait uses the look");
        bot.send("two").unwrap();
        assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "two");
        assert_eq!(bot.timing().replies, 2);
    }

    #[test]
    fn a_look_that_was_wrong_leaves_the_wait_as_it_was() {
        let mut bot = echo_bot();
        // Nothing was asked: the read finds nothing and the wait polls to its deadline.
        bot.output_seen_ready();
        let fault = bot.receive(Duration::from_millis(300)).unwrap_err();
        assert_eq!(fault.kind, FaultKind::Timeout, "{fault}");
        assert!(!bot.has_pending_output());
    }
}
