//! Fair move timing: a reply is charged the wall-clock time it took minus the time the bot was
//! runnable but waiting for a CPU (the kernel's schedstat run delay), so a host busy with other
//! games does not make a bot time out, or the CPU time it used over all its threads and
//! processes, whichever is larger, so that threads thinking in parallel (and keeping the main
//! thread waiting for a CPU) cannot dodge the limit; a wall-clock backstop bounds every reply.
//! Per-bot totals.

use std::fmt;
use std::time::{Duration, Instant};

use crate::games::Message;

use crate::bot::faults::fault::{BotFault, FaultKind};
use crate::bot::host::procfs;

/// How one reply was timed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTime {
    /// From the call (the prompt flushed) to the complete line.
    pub wall: Duration,
    /// What the bot is charged: `wall` minus the time its main thread waited for a CPU, or
    /// `cpu`, whichever is larger.
    pub charged: Duration,
    /// CPU time the bot used meanwhile, all its threads (and with cgroups all its processes)
    /// together (counted from `QUICK_REPLY` on; zero for a quicker reply).
    pub cpu: Duration,
}

/// A bot's timing over the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimingTotals {
    pub replies: u64,
    pub wall: Duration,
    pub charged: Duration,
    pub cpu: Duration,
    /// The longest charged reply.
    pub max_charged: Duration,
    /// The longest reply by the wall clock.
    pub max_wall: Duration,
    /// The move (a reply after the first, which has the start-up allowance) that took longest
    /// by the wall clock, with what it was charged: `juiz check` judges a move slower than the
    /// limit by the clock, though charged under it on a busy machine (not in `Display`).
    pub slowest_move: MoveTime,
}

impl TimingTotals {
    pub(crate) fn add(&mut self, t: MoveTime) {
        if self.replies > 0 && t.wall > self.slowest_move.wall {
            self.slowest_move = t;
        }
        self.replies += 1;
        self.wall += t.wall;
        self.charged += t.charged;
        self.cpu += t.cpu;
        self.max_charged = self.max_charged.max(t.charged);
        self.max_wall = self.max_wall.max(t.wall);
    }
}

impl fmt::Display for TimingTotals {
    /// `replies=12 charged=1.204000s wall=1.310000s cpu=0.950000s max-charged=0.300000s
    /// max-wall=0.320000s` (microseconds: most replies take a few)
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "replies={} charged={:.6}s wall={:.6}s cpu={:.6}s max-charged={:.6}s max-wall={:.6}s",
            self.replies,
            self.charged.as_secs_f64(),
            self.wall.as_secs_f64(),
            self.cpu.as_secs_f64(),
            self.max_charged.as_secs_f64(),
            self.max_wall.as_secs_f64()
        )
    }
}

/// A reply that comes within this long is charged its wall-clock time, without reading the
/// kernel's counters: most replies take microseconds, and those reads cost the referee more
/// than the replies. A slower reply's counters start from this point (what the bot waited for
/// a CPU in these first milliseconds, if anything, is charged to it).
pub(crate) const QUICK_REPLY: Duration = Duration::from_millis(20);
/// After `QUICK_REPLY`, the counters are read again at least this often (a fraction of the
/// allowance): the CPU time of a bot's threads can run ahead of the wall clock.
const LOOKS_PER_ALLOWANCE: u32 = 20;

/// The clock of one reply. The run delay and CPU time are read once the reply is slower than
/// `QUICK_REPLY` (`take_baseline`), at its end, and when a wait runs past its deadline
/// (`refresh`), never on every look at the deadline.
pub(crate) struct MoveClock {
    start: Instant,
    /// Whether the counters' starting values were read.
    baseline: bool,
    delay0: Option<Duration>,
    /// The time the bot waited for a CPU as of the last reading.
    waited: Duration,
    cpu0: Option<Duration>,
    /// When the counters were last read.
    looked: Instant,
    /// The charged allowance.
    pub(crate) timeout: Duration,
    /// The wall-clock backstop.
    pub(crate) wall_limit: Duration,
}

impl MoveClock {
    pub(crate) fn start(timeout: Duration, wall_limit: Duration) -> MoveClock {
        let now = Instant::now();
        MoveClock {
            start: now,
            baseline: false,
            delay0: None,
            waited: Duration::ZERO,
            cpu0: None,
            looked: now,
            timeout,
            wall_limit: wall_limit.max(timeout),
        }
    }

    pub(crate) fn has_baseline(&self) -> bool {
        self.baseline
    }

    /// Reads the counters' starting values (once), for a reply slower than `QUICK_REPLY`.
    pub(crate) fn take_baseline(&mut self, delay: &procfs::RunDelay, cpu: Option<Duration>) {
        if !self.baseline {
            self.baseline = true;
            self.delay0 = delay.read();
            self.cpu0 = cpu;
            self.looked = Instant::now();
        }
    }

    /// Reads the run delay again (after `take_baseline`).
    pub(crate) fn refresh(&mut self, delay: &procfs::RunDelay) {
        self.looked = Instant::now();
        if let (Some(before), Some(now)) = (self.delay0, delay.read()) {
            self.waited = now.saturating_sub(before);
        }
    }

    /// The time so far, as of the last `refresh`; `cpu_now` is the main process's CPU time now.
    pub(crate) fn reading(&self, cpu_now: Option<Duration>) -> MoveTime {
        let wall = self.start.elapsed();
        let cpu = match (self.cpu0, cpu_now) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => Duration::ZERO,
        };
        MoveTime { wall, charged: wall.saturating_sub(self.waited).max(cpu), cpu }
    }

    /// The end of the reply's time as of the last reading: the moment the charge reaches the
    /// timeout if the bot gets a CPU from now on, or the backstop, whichever is first.
    pub(crate) fn final_deadline(&self) -> Instant {
        let by_charge = self.start + self.timeout + self.waited;
        by_charge.min(self.start + self.wall_limit)
    }

    /// When to look again: the moment the charge would reach the timeout if the bot got a CPU
    /// from now on, or the backstop, whichever is first, and a twentieth of the allowance after
    /// the last look at the latest (its CPU time may run ahead); before the baseline, the end of
    /// the quick-reply window at the latest.
    pub(crate) fn next_deadline(&self) -> Instant {
        let deadline = self.final_deadline();
        if self.baseline {
            deadline.min(self.looked + (self.timeout / LOOKS_PER_ALLOWANCE).max(QUICK_REPLY))
        } else {
            deadline.min(self.start + QUICK_REPLY)
        }
    }

    /// The fault for a reply that is over its time, if it is: `timeout` when the bot was
    /// charged its whole allowance, `timeout-overload` when the backstop ran out first (or the
    /// run delay is unknown and the host is overloaded).
    pub(crate) fn expired(&self, cpu_now: Option<Duration>, note: Message) -> Option<BotFault> {
        let t = self.reading(cpu_now);
        let known = self.baseline && self.delay0.is_some();
        if t.charged >= self.timeout {
            if !known && let Some(load) = overloaded() {
                return Some(overload_fault(t, self.timeout, load, note));
            }
            return Some(BotFault::new(
                FaultKind::Timeout,
                Message::new("bf-timeout")
                    .text("timeout", humantime::format_duration(self.timeout))
                    .text("charged", format!("{:.2}", t.charged.as_secs_f64()))
                    .text("cpu", format!("{:.2}", t.cpu.as_secs_f64()))
                    .text("wall", format!("{:.2}", t.wall.as_secs_f64()))
                    .clause("note", note),
            ));
        }
        if t.wall >= self.wall_limit {
            let load = procfs::load_average().unwrap_or(f64::NAN);
            return Some(overload_fault(t, self.timeout, load, note));
        }
        None
    }
}

fn overload_fault(t: MoveTime, timeout: Duration, load: f64, note: Message) -> BotFault {
    BotFault::new(
        FaultKind::TimeoutOverload,
        Message::new("bf-overload")
            .text("charged", format!("{:.2}", t.charged.as_secs_f64()))
            .text("cpu", format!("{:.2}", t.cpu.as_secs_f64()))
            .text("timeout", humantime::format_duration(timeout))
            .text("wall", format!("{:.2}", t.wall.as_secs_f64()))
            .text("load", format!("{load:.1}"))
            .text("cores", procfs::cores())
            .clause("note", note),
    )
}

/// The load average when it exceeds the number of cores.
fn overloaded() -> Option<f64> {
    let load = procfs::load_average()?;
    (load > procfs::cores() as f64).then_some(load)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_add_up() {
        let mut totals = TimingTotals::default();
        let ms = Duration::from_millis;
        totals.add(MoveTime { wall: ms(300), charged: ms(200), cpu: ms(100) });
        totals.add(MoveTime { wall: ms(100), charged: ms(100), cpu: ms(100) });
        assert_eq!(totals.replies, 2);
        assert_eq!(totals.charged, ms(300));
        assert_eq!(totals.max_wall, ms(300));
        assert_eq!(
            totals.to_string(),
            "replies=2 charged=0.300000s wall=0.400000s cpu=0.200000s max-charged=0.200000s max-wall=0.300000s"
        );
    }

    #[test]
    fn a_clock_of_our_own_thread_charges_the_wall_clock_when_idle() {
        let delay = procfs::RunDelay::open(std::process::id() as i32);
        let mut clock = MoveClock::start(Duration::from_millis(20), Duration::from_millis(60));
        clock.take_baseline(&delay, None);
        assert!(clock.expired(None, Message::new("empty")).is_none());
        std::thread::sleep(Duration::from_millis(40));
        clock.refresh(&delay);
        let fault = clock.expired(None, Message::new("empty")).expect("expired");
        assert!(matches!(fault.kind, FaultKind::Timeout | FaultKind::TimeoutOverload), "{fault}");
        assert!(clock.next_deadline() <= Instant::now());
    }
}
