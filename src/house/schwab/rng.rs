//! The Schwab house bots' randomness: a `Pcg64` seeded from the hash of the lines read so far
//! (`house::LineHash`), so the same lines always give the same moves.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// A seeded generator with the two draws the bots need.
#[derive(Debug, Clone)]
pub struct Rng(Pcg64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(Pcg64::seed_from_u64(seed))
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
