//! The safety cap on a house bot's move. The playouts decide a move (`Budget::playouts`); the cap
//! only stops a search that runs far over its normal cost, and it counts the CPU time of the
//! thread that searches (`CLOCK_THREAD_CPUTIME_ID`), never the clock nor the whole process's
//! CPU, which a loaded machine (or other threads) would stretch. A move that reaches it says so
//! on stderr (the seat's stderr log), since that move may differ on another machine.

use std::cell::Cell;
use std::time::Duration;

/// A move's cap: started when the move's line arrives, checked after every sampled world.
#[derive(Debug)]
pub struct MoveCap {
    started: Duration,
    cap: Duration,
    /// Whether the cap was reached (and logged) during this move.
    reached: Cell<bool>,
}

impl MoveCap {
    /// A cap of `max_ms` milliseconds of this thread's CPU time, from now.
    pub fn start(max_ms: u64) -> MoveCap {
        MoveCap { started: thread_cpu(), cap: Duration::from_millis(max_ms), reached: Cell::new(false) }
    }

    /// True once the move has used its cap; the first time, a line on stderr names the cap and
    /// how far the search got (`done` of `planned` sampled worlds).
    pub fn reached(&self, done: usize, planned: usize) -> bool {
        if self.reached.get() {
            return true;
        }
        let used = thread_cpu().saturating_sub(self.started);
        if used < self.cap {
            return false;
        }
        self.reached.set(true);
        eprintln!(
            "juiz house bot: the move reached its safety cap of {} ms of CPU after {done} of {planned} \
             sampled worlds; it plays the best found so far (this move may differ on another machine)",
            self.cap.as_millis()
        );
        true
    }

    /// Whether the cap was reached during this move.
    pub fn was_reached(&self) -> bool {
        self.reached.get()
    }
}

/// The CPU time of the calling thread.
pub fn thread_cpu() -> Duration {
    Duration::from_nanos(crate::bot::thread_cpu())
}

#[cfg(test)]
mod tests {
    use super::MoveCap;

    #[test]
    fn a_cap_of_zero_is_reached_and_a_large_cap_is_not() {
        let cap = MoveCap::start(0);
        assert!(cap.reached(0, 10));
        assert!(cap.was_reached());
        let cap = MoveCap::start(3_600_000);
        assert!(!cap.reached(5, 10));
        assert!(!cap.was_reached());
    }
}
