//! The course referee's (`buraco.js`) shuffle, so that a seed noted under it deals the same cards
//! under juiz: its generator, Steve Gibson's UHEPRNG as published in the npm package
//! `random-seed` (0.3), seeded with the seed's decimal text (what `JSON.stringify` makes of it),
//! and its way of shuffling two decks into one. Pure arithmetic on `f64`, step for step as
//! JavaScript does it, so every number matches the original bit for bit.

use crate::cards::{Card, build_decks};

use super::rules::BuracoRules;

impl BuracoRules {
    /// The deal is shuffled as `buraco.js` shuffles it (the ITP preset: a seed noted under the
    /// course's referee deals the same cards under juiz); other variants shuffle with the game's
    /// `Pcg64`.
    pub fn shuffles_as_buraco_js(&self) -> bool {
        self.game == crate::games::GameKind::ItpBuraco
    }
}

/// 2^-32.
const TWO_POW_M32: f64 = 2.328_306_436_538_696_3e-10;
/// 2^-53.
const TWO_POW_M53: f64 = 1.110_223_024_625_156_5e-16;
/// Entropy words of the generator.
const ORDER: usize = 48;

/// Johannes Baagoe's `Mash` hash, which seeds the generator.
struct Mash {
    n: f64,
}

impl Mash {
    const START: f64 = 4_022_871_197.0; // 0xefc8249d

    fn new() -> Self {
        Mash { n: Self::START }
    }

    /// Hashes `text` (its UTF-16 code units, as JavaScript reads a string) into the state.
    fn mash(&mut self, text: &str) -> f64 {
        for unit in text.encode_utf16() {
            self.n += f64::from(unit);
            let mut h = 0.025_196_032_824_169_38 * self.n;
            self.n = to_uint32(h);
            h -= self.n;
            h *= self.n;
            self.n = to_uint32(h);
            h -= self.n;
            self.n += h * 4_294_967_296.0;
        }
        to_uint32(self.n) * TWO_POW_M32
    }
}

/// JavaScript's `x >>> 0` for the finite, non-negative values the hash produces.
fn to_uint32(x: f64) -> f64 {
    if x > 0.0 && x < TWO_POW_64 {
        // The same integer, by integer operations (see `trunc`).
        return (x as u64 & 0xffff_ffff) as f64;
    }
    x.trunc().rem_euclid(4_294_967_296.0)
}

/// 2^64.
const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;

/// `x.trunc()`, bit for bit, by a conversion to an integer and back where `x` is positive and
/// below 2^64 (every value the generator truncates): without SSE4.1 in the build's target,
/// `f64::trunc` is a call into libm, some thousand of them per deal. Zeros (whose sign `trunc`
/// keeps), larger values and the others go to `f64::trunc`.
fn trunc(x: f64) -> f64 {
    if x > 0.0 && x < TWO_POW_64 { x as u64 as f64 } else { x.trunc() }
}

/// The generator of npm `random-seed`, seeded as `require('random-seed').create(seed)` is.
pub struct Uheprng {
    s: [f64; ORDER],
    c: f64,
    p: usize,
}

impl Uheprng {
    /// `create(seed)` for an integer seed: the seed's JSON text (`"42"`) hashed into the state.
    pub fn new(seed: u64) -> Self {
        let text = seed.to_string();
        let mut mash = Mash::new();
        let mut s = [0.0; ORDER];
        for word in &mut s {
            *word = mash.mash(" ");
        }
        mash.mash(&text);
        for unit in text.encode_utf16() {
            // `mash(k)` of a character code hashes the code's decimal text.
            let code = unit.to_string();
            for word in &mut s {
                *word -= mash.mash(&code);
                if *word < 0.0 {
                    *word += 1.0;
                }
            }
        }
        Uheprng { s, c: 1.0, p: ORDER }
    }

    /// The multiply-with-carry step.
    fn raw(&mut self) -> f64 {
        self.p += 1;
        if self.p >= ORDER {
            self.p = 0;
        }
        let t = 1_768_863.0 * self.s[self.p] + self.c * TWO_POW_M32;
        self.c = trunc(t);
        self.s[self.p] = t - self.c;
        self.s[self.p]
    }

    /// `random(range)`: an integer in `0..range` from 53 random bits.
    fn range(&mut self, range: f64) -> f64 {
        let low = self.raw();
        let high = trunc(self.raw() * 2_097_152.0);
        (range * (low + high * TWO_POW_M53)).floor()
    }

    /// `random.random()`: a number in [0, 1), as `random(MAX_VALUE - 1) / MAX_VALUE`.
    pub fn random(&mut self) -> f64 {
        self.range(f64::MAX - 1.0) / f64::MAX
    }

    /// `Math.floor(random.random() * n)`: the conversion to `usize` rounds toward zero, which
    /// is the floor of the non-negative product (and gives what `floor` then `as` gave for any).
    pub fn below(&mut self, n: usize) -> usize {
        (self.random() * n as f64) as usize
    }

    /// The Fisher–Yates shuffle of `buraco.js`: from the last index down to 1, swap with
    /// `floor(random() * (i + 1))`.
    fn shuffle(&mut self, cards: &mut [Card]) {
        for i in (1..cards.len()).rev() {
            let j = self.below(i + 1);
            cards.swap(i, j);
        }
    }
}

/// The stock `buraco.js` deals from with `-seed seed` (cards dealt from the end), and the
/// generator as it stands after the shuffle (it draws the start seat next). Deck A (suits ♥ ♦ ♣ ♠,
/// values 2 … A) shuffled twice, deck B likewise, B popped card by card onto A, A shuffled once
/// more.
pub fn shuffled_decks(seed: u64) -> (Vec<Card>, Uheprng) {
    let mut rng = Uheprng::new(seed);
    let mut a = build_decks(1, 0);
    rng.shuffle(&mut a);
    rng.shuffle(&mut a);
    let mut b = build_decks(1, 0);
    rng.shuffle(&mut b);
    rng.shuffle(&mut b);
    a.extend(b.into_iter().rev());
    rng.shuffle(&mut a);
    (a, rng)
}

/// `buraco.js -seed TEXT` read as the original reads it: `parseInt(TEXT)` (leading blanks, a
/// sign, `0x` for hexadecimal, the longest run of digits), a JavaScript number. `Ok(None)` where
/// the original draws a random seed (0, or no digits); `Ok(Some(n))` the seed that deals the same
/// cards under juiz (above 2^53 the number is rounded to a double first, as there); an error
/// where no juiz seed can (a negative number, or one of 2^64 or more).
pub fn read_seed(text: &str) -> Result<Option<u64>, String> {
    let trimmed = text.trim_start();
    let (negative, rest) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let (radix, rest) = match rest.get(..2) {
        Some("0x" | "0X") => (16, &rest[2..]),
        _ => (10, rest),
    };
    let digits: String = rest.chars().take_while(|c| c.is_digit(radix)).collect();
    let value = match radix {
        10 => digits.parse::<f64>().unwrap_or(0.0),
        _ => digits.chars().fold(0.0, |n, c| n * 16.0 + f64::from(c.to_digit(16).unwrap_or(0))),
    };
    if value == 0.0 {
        return Ok(None);
    }
    if negative {
        return Err(format!(
            "-seed {text}: buraco.js shuffles with the text -{value}, and juiz's seeds are 0 to {}: no juiz \
             seed deals those cards (use a seed from 1 to 9007199254740991)",
            u64::MAX
        ));
    }
    // JavaScript writes numbers of 1e21 and more in exponent form; below, as the integer itself.
    if value >= 1e21 || value >= 18_446_744_073_709_551_616.0 {
        return Err(format!(
            "-seed {text}: buraco.js reads the number {value:e}, above juiz's largest seed ({}): no \
             juiz seed deals those cards (use a seed from 1 to 9007199254740991)",
            u64::MAX
        ));
    }
    Ok(Some(value as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_integer_truncations_are_libms_bit_for_bit() {
        let mut values = vec![
            0.0,
            -0.0,
            0.5,
            1.0,
            1.5,
            -1.5,
            4_294_967_295.9,
            4_294_967_296.0,
            4_294_967_297.5,
            9_007_199_254_740_993.0,
            TWO_POW_64 - 4096.0,
            TWO_POW_64,
            1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let mut x = 0.123_456_789_f64;
        for _ in 0..100_000 {
            x = (x * 1_768_863.0 + 0.5).fract();
            values.extend([x, x * 2_097_152.0, x * 8_589_934_592.0, x * 1e12, x * 3e19, -x * 1e6]);
        }
        for v in values {
            assert_eq!(trunc(v).to_bits(), v.trunc().to_bits(), "trunc {v:e}");
            if v.is_finite() && v >= 0.0 {
                let by_libm = v.trunc().rem_euclid(4_294_967_296.0);
                assert_eq!(to_uint32(v).to_bits(), by_libm.to_bits(), "to_uint32 {v:e}");
            }
            for n in [1, 2, 52, 104] {
                let product = v * n as f64;
                assert_eq!(product as usize, product.floor() as usize, "below {v:e} x {n}");
            }
        }
    }

    /// `require('random-seed').create(seed).random()`, three times, printed by node 20.
    #[test]
    fn the_generator_matches_random_seed() {
        let cases: [(u64, [f64; 3]); 4] = [
            (42, [0.30633539534482257, 0.751544305199601, 0.5355901703802329]),
            (7, [0.36713844839322696, 0.8926806965432038, 0.5088789674084214]),
            (9_007_199_254_740_991, [0.3738467981598287, 0.8356658908065148, 0.0699611404845838]),
            (0, [0.18639055523512282, 0.05082624103724054, 0.04093958675719833]),
        ];
        for (seed, expected) in cases {
            let mut rng = Uheprng::new(seed);
            let got = [rng.random(), rng.random(), rng.random()];
            assert_eq!(got, expected, "seed {seed}");
        }
    }

    /// `-seed` as `parseInt` reads it: 0 and no digits draw a random seed; above 2^53 the nearest
    /// double; negative numbers and 2^64 or more are refused, saying why.
    #[test]
    fn seeds_are_read_as_buraco_js_reads_them() {
        for (text, seed) in [
            ("42", Some(42)),
            ("  42", Some(42)),
            ("+42", Some(42)),
            ("12abc", Some(12)),
            ("1.9", Some(1)),
            ("0x10", Some(16)),
            ("0", None),
            ("-0", None),
            ("abc", None),
            ("9007199254740991", Some(9_007_199_254_740_991)),
            ("9007199254740993", Some(9_007_199_254_740_992)),
            ("18446744073709549568", Some(18_446_744_073_709_549_568)),
        ] {
            assert_eq!(read_seed(text), Ok(seed), "{text}");
        }
        assert!(read_seed("-5").unwrap_err().contains("buraco.js shuffles with the text -5"));
        assert!(read_seed("18446744073709551615").unwrap_err().contains("above juiz's largest seed"));
        assert!(read_seed("1e30").is_ok(), "parseInt stops at the e: seed 1");
    }

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    /// The test vector of the course referee's rules (seed 42, 2 players): the hands, the
    /// discard top, the start seat and the next three stock cards.
    #[test]
    fn seed_42_deals_as_buraco_js() {
        let (mut stock, mut rng) = shuffled_decks(42);
        let mut hands = [Vec::new(), Vec::new()];
        for _ in 0..11 {
            for hand in &mut hands {
                hand.push(stock.pop().unwrap());
            }
        }
        assert_eq!(hands[0], cards("5♠ 6♥ 2♦ 5♠ 3♠ 9♦ 6♠ 2♥ 3♦ 10♥ 9♣"));
        assert_eq!(hands[1], cards("J♥ 3♥ 6♦ K♠ 3♦ 5♥ K♠ 4♠ J♠ 8♣ 6♠"));
        assert_eq!(stock.pop(), Some("A♥".parse().unwrap()));
        assert_eq!(rng.below(2), 1);
        assert_eq!(stock[stock.len() - 3..], cards("9♠ 9♠ 4♥")[..]);
    }
}
