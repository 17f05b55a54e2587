//! The Buraco house bots' seeded randomness: a small generator (SplitMix64), seeded from the
//! hash of the input seen so far (`house::LineHash`), so the same lines always give the same moves.

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
    use crate::house::LineHash;

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
