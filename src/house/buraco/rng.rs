//! The house bots' seeded randomness: a small generator (SplitMix64) seeded from a hash of the
//! input seen so far, so the same lines always give the same moves.

/// FNV-1a over the lines read so far: the seed of a move's randomness.
#[derive(Debug, Clone, Copy)]
pub struct LineHash(u64);

impl Default for LineHash {
    fn default() -> LineHash {
        LineHash(0xcbf2_9ce4_8422_2325)
    }
}

impl LineHash {
    pub fn add(&mut self, line: &str) {
        for &b in line.as_bytes().iter().chain(b"\n") {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn value(self) -> u64 {
        self.0
    }
}

/// SplitMix64: fast, seedable, good enough for sampling hidden cards.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_lines_seed_the_same_draws() {
        let seed = |lines: &[&str]| {
            let mut h = LineHash::default();
            lines.iter().for_each(|l| h.add(l));
            h.value()
        };
        assert_eq!(seed(&["a", "b"]), seed(&["a", "b"]));
        assert_ne!(seed(&["a", "b"]), seed(&["ab"]));
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let mut v: Vec<u32> = (0..20).collect();
        a.shuffle(&mut v);
        let mut w: Vec<u32> = (0..20).collect();
        b.shuffle(&mut w);
        assert_eq!(v, w);
        assert!((0..1000).all(|_| a.below(3) < 3));
    }
}
