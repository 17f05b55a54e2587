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

    #[test]
    fn other_threads_burning_cpu_do_not_reach_a_moves_cap() {
        // Until issue 34 the cap counted the whole process's CPU, which other threads (rayon's,
        // in-process harnesses) inflate: a move then stopped early, and played differently.
        let cap = MoveCap::start(50);
        let burners: Vec<_> = (0..2)
            .map(|_| {
                std::thread::spawn(|| {
                    let started = super::thread_cpu();
                    while super::thread_cpu().saturating_sub(started) < std::time::Duration::from_millis(150) {
                        std::hint::black_box(0u64);
                    }
                })
            })
            .collect();
        for burner in burners {
            burner.join().unwrap();
        }
        assert!(!cap.reached(1, 10), "this thread used almost no CPU; the other threads 300 ms");
    }
}
