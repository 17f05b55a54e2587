//! Fair move timing: a reply is charged the wall-clock time it took minus the time the bot was
//! runnable but waiting for a CPU (the kernel's schedstat run delay), so a host busy with other
//! games does not make a bot time out; a wall-clock backstop bounds every reply. Per-bot totals.

use std::fmt;
use std::time::{Duration, Instant};

use super::fault::{BotFault, FaultKind};
use super::procfs;

/// How one reply was timed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTime {
    /// From the call (the prompt flushed) to the complete line.
    pub wall: Duration,
    /// What the bot is charged: `wall` minus the time it waited for a CPU.
    pub charged: Duration,
    /// CPU time the bot's main process used meanwhile.
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
}

impl TimingTotals {
    pub(crate) fn add(&mut self, t: MoveTime) {
        self.replies += 1;
        self.wall += t.wall;
        self.charged += t.charged;
        self.cpu += t.cpu;
        self.max_charged = self.max_charged.max(t.charged);
        self.max_wall = self.max_wall.max(t.wall);
    }
}

impl fmt::Display for TimingTotals {
    /// `replies=12 charged=1.204s wall=1.310s cpu=0.950s max-charged=0.300s max-wall=0.320s`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "replies={} charged={:.3}s wall={:.3}s cpu={:.3}s max-charged={:.3}s max-wall={:.3}s",
            self.replies,
            self.charged.as_secs_f64(),
            self.wall.as_secs_f64(),
            self.cpu.as_secs_f64(),
            self.max_charged.as_secs_f64(),
            self.max_wall.as_secs_f64()
        )
    }
}

/// The clock of one reply. The run delay is read at the start, at the end, and when a wait runs
/// past its deadline (`refresh`), not on every look at the deadline: most replies take
/// microseconds and the referee's own cost per message matters.
pub(crate) struct MoveClock {
    start: Instant,
    delay0: Option<Duration>,
    /// The time the bot waited for a CPU as of the last reading.
    waited: Duration,
    cpu0: Option<Duration>,
    /// The charged allowance.
    pub(crate) timeout: Duration,
    /// The wall-clock backstop.
    pub(crate) wall_limit: Duration,
}

impl MoveClock {
    pub(crate) fn start(
        delay: &procfs::RunDelay,
        timeout: Duration,
        wall_limit: Duration,
        cpu: Option<Duration>,
    ) -> MoveClock {
        MoveClock {
            start: Instant::now(),
            delay0: delay.read(),
            waited: Duration::ZERO,
            cpu0: cpu,
            timeout,
            wall_limit: wall_limit.max(timeout),
        }
    }

    /// Reads the run delay again.
    pub(crate) fn refresh(&mut self, delay: &procfs::RunDelay) {
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
        MoveTime { wall, charged: wall.saturating_sub(self.waited), cpu }
    }

    /// When to look again: the moment the charge would reach the timeout if the bot got a CPU
    /// from now on, or the backstop, whichever is first.
    pub(crate) fn next_deadline(&self) -> Instant {
        let by_charge = self.start + self.timeout + self.waited;
        by_charge.min(self.start + self.wall_limit)
    }

    /// The fault for a reply that is over its time, if it is: `timeout` when the bot was
    /// charged its whole allowance, `timeout-overload` when the backstop ran out first (or the
    /// run delay is unknown and the host is overloaded).
    pub(crate) fn expired(&self, cpu_now: Option<Duration>, note: &str) -> Option<BotFault> {
        let t = self.reading(cpu_now);
        let known = self.delay0.is_some();
        if t.charged >= self.timeout {
            if !known && let Some(load) = overloaded() {
                return Some(overload_fault(t, self.timeout, load, note));
            }
            return Some(BotFault::new(
                FaultKind::Timeout,
                format!(
                    "no line within {} ({:.2}s charged, {:.2}s cpu, {:.2}s wall){note}",
                    humantime::format_duration(self.timeout),
                    t.charged.as_secs_f64(),
                    t.cpu.as_secs_f64(),
                    t.wall.as_secs_f64()
                ),
            ));
        }
        if t.wall >= self.wall_limit {
            let load = procfs::load_average().unwrap_or(f64::NAN);
            return Some(overload_fault(t, self.timeout, load, note));
        }
        None
    }
}

fn overload_fault(t: MoveTime, timeout: Duration, load: f64, note: &str) -> BotFault {
    BotFault::new(
        FaultKind::TimeoutOverload,
        format!(
            "host overloaded: {:.2}s charged and {:.2}s cpu of {}, {:.2}s wall, load {load:.1} on {} cores{note}",
            t.charged.as_secs_f64(),
            t.cpu.as_secs_f64(),
            humantime::format_duration(timeout),
            t.wall.as_secs_f64(),
            procfs::cores()
        ),
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
            "replies=2 charged=0.300s wall=0.400s cpu=0.200s max-charged=0.200s max-wall=0.300s"
        );
    }

    #[test]
    fn a_clock_of_our_own_thread_charges_the_wall_clock_when_idle() {
        let delay = procfs::RunDelay::open(std::process::id() as i32);
        let mut clock = MoveClock::start(&delay, Duration::from_millis(20), Duration::from_millis(60), None);
        assert!(clock.expired(None, "").is_none());
        std::thread::sleep(Duration::from_millis(40));
        clock.refresh(&delay);
        let fault = clock.expired(None, "").expect("expired");
        assert!(matches!(fault.kind, FaultKind::Timeout | FaultKind::TimeoutOverload), "{fault}");
        assert!(clock.next_deadline() <= Instant::now());
    }
}
