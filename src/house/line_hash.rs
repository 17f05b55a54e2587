//! The seed of a house bot's randomness: FNV-1a over every line it has read (newline included),
//! so the same lines always give the same moves.

/// FNV-1a over the lines read so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineHash(u64);

const BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

impl Default for LineHash {
    fn default() -> LineHash {
        LineHash(BASIS)
    }
}

impl LineHash {
    /// A hash whose start differs by `salt` (two bots of different levels reading the same lines
    /// draw differently).
    pub fn salted(salt: u64) -> LineHash {
        LineHash(BASIS ^ salt)
    }

    pub fn add(&mut self, line: &str) {
        for &b in line.as_bytes().iter().chain(b"\n") {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(PRIME);
        }
    }

    pub fn value(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_is_fnv1a_of_the_lines_with_their_newlines() {
        // FNV-1a 64 of "a\n", computed by hand from the published basis and prime.
        let mut h = LineHash::default();
        h.add("a");
        let expected = ((BASIS ^ 0x61).wrapping_mul(PRIME) ^ 0x0a).wrapping_mul(PRIME);
        assert_eq!(h.value(), expected);
        assert_ne!(LineHash::salted(1), LineHash::default());
    }
}
