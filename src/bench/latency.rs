//! The referee's added latency per message: an observer that times each bot line from its
//! arrival to the next line the referee writes, into a histogram of microseconds.

use std::time::{Duration, Instant};

use crate::games::Seat;
use crate::referee::{Observer, TimingPoint};

/// Buckets of one microsecond each; slower samples go to the last bucket (the maximum is kept
/// exactly).
const BUCKETS: usize = 4096;

/// A latency histogram with one-microsecond buckets up to 4 ms, the exact sum and maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Histogram {
    counts: Vec<u64>,
    count: u64,
    sum_ns: u128,
    max_ns: u64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram { counts: vec![0; BUCKETS], count: 0, sum_ns: 0, max_ns: 0 }
    }
}

impl Histogram {
    pub fn record(&mut self, sample: Duration) {
        let ns = u64::try_from(sample.as_nanos()).unwrap_or(u64::MAX);
        let bucket = usize::try_from(ns / 1000).unwrap_or(usize::MAX).min(BUCKETS - 1);
        self.counts[bucket] += 1;
        self.count += 1;
        self.sum_ns += u128::from(ns);
        self.max_ns = self.max_ns.max(ns);
    }

    pub fn merge(&mut self, other: &Histogram) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
        self.count += other.count;
        self.sum_ns += other.sum_ns;
        self.max_ns = self.max_ns.max(other.max_ns);
    }

    pub fn count(&self) -> u64 {
        self.count
    }

    pub fn mean(&self) -> Duration {
        match self.count {
            0 => Duration::ZERO,
            n => Duration::from_nanos(u64::try_from(self.sum_ns / u128::from(n)).unwrap_or(u64::MAX)),
        }
    }

    pub fn max(&self) -> Duration {
        Duration::from_nanos(self.max_ns)
    }

    /// The upper edge of the bucket holding the `q`-quantile (0 < q <= 1), at most the maximum:
    /// a bound good to one microsecond (past 4 ms, the maximum).
    pub fn quantile(&self, q: f64) -> Duration {
        if self.count == 0 {
            return Duration::ZERO;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.count as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (bucket, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen >= rank {
                if bucket == BUCKETS - 1 {
                    return self.max();
                }
                let edge = Duration::from_micros(bucket as u64 + 1);
                return edge.min(self.max());
            }
        }
        self.max()
    }
}

/// Times the referee loop of one game: for each bot line, from its arrival to the next line
/// written to any seat. A line followed by another line from a bot (no reply in between) is
/// not counted.
#[derive(Debug, Default)]
pub struct LatencyObserver {
    arrived: Option<Instant>,
    pub histogram: Histogram,
}

impl Observer for LatencyObserver {
    fn timing(&mut self, point: TimingPoint, _seat: Seat) {
        match point {
            TimingPoint::LineArrived => self.arrived = Some(Instant::now()),
            TimingPoint::LineWritten => {
                if let Some(arrived) = self.arrived.take() {
                    self.histogram.record(arrived.elapsed());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_bucket_edges_capped_by_the_maximum() {
        let mut h = Histogram::default();
        for us in [3u64, 3, 5, 9, 120] {
            h.record(Duration::from_nanos(us * 1000 + 400));
        }
        assert_eq!(h.count(), 5);
        assert_eq!(h.quantile(0.5), Duration::from_micros(6));
        assert_eq!(h.quantile(0.2), Duration::from_micros(4));
        assert_eq!(h.quantile(1.0), Duration::from_nanos(120_400));
        assert_eq!(h.max(), Duration::from_nanos(120_400));
        assert_eq!(h.mean(), Duration::from_nanos(28_400));
    }

    #[test]
    fn slow_samples_keep_their_maximum_and_merge_adds_up() {
        let mut a = Histogram::default();
        a.record(Duration::from_millis(50));
        let mut b = Histogram::default();
        b.record(Duration::from_micros(2));
        a.merge(&b);
        assert_eq!(a.count(), 2);
        assert_eq!(a.max(), Duration::from_millis(50));
        assert_eq!(a.quantile(0.5), Duration::from_micros(3));
        assert_eq!(a.quantile(0.99), Duration::from_millis(50));
    }

    #[test]
    fn observer_pairs_an_arrival_with_the_next_write_only() {
        let mut observer = LatencyObserver::default();
        observer.timing(TimingPoint::LineWritten, 0);
        observer.timing(TimingPoint::LineArrived, 0);
        observer.timing(TimingPoint::LineWritten, 1);
        observer.timing(TimingPoint::LineWritten, 0);
        observer.timing(TimingPoint::LineArrived, 1);
        assert_eq!(observer.histogram.count(), 1);
    }
}
