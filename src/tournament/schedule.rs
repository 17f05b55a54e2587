//! The schedule (pure): every game of a tournament with its stable id, pairing, deal, seats and
//! seed, in a fixed order; the per-game seed derivation; and `--shard I/N` subsets.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::config::{Format, Tournament};
use super::error::TournamentError;
use super::secret::SeedKey;
use crate::games::GameKind;

/// One game of the schedule. Compact (a few words and a shared list of the bots' names), so
/// that a tournament of many games costs little memory: the id and the seats are derived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledGame {
    /// Position in the schedule (0-based); results are kept in this order.
    pub index: usize,
    /// Pairing number (0-based).
    pub pairing: usize,
    /// Deal number within the pairing, from 1. With `duplicate` two games share each deal.
    pub deal: u32,
    /// False: `a` sits at seat 0 (side 0); true: the seats are swapped and `b` sits there.
    pub swapped: bool,
    /// The game's own seed, derived from the tournament seed and the game's identity.
    pub seed: u64,
    /// Seats at the table (2, or 4: A B A B, each side a team of two copies of one bot).
    players: u8,
    /// The pairing's two bots, as indices into `names`, in the order the pairing lists them.
    a: u16,
    b: u16,
    names: Arc<[String]>,
}

impl ScheduledGame {
    /// Stable id, also the name of the game's log: `r0001-alice-bob-d003-s1`.
    pub fn id(&self) -> String {
        format!("r{:04}-{}-{}-d{:03}-s{}", self.pairing + 1, self.a(), self.b(), self.deal, u8::from(self.swapped))
    }

    /// The first bot of the pairing.
    pub fn a(&self) -> &str {
        &self.names[usize::from(self.a)]
    }

    /// The second bot of the pairing.
    pub fn b(&self) -> &str {
        &self.names[usize::from(self.b)]
    }

    /// The bot at each seat.
    pub fn seats(&self) -> Vec<&str> {
        let (first, second) = if self.swapped { (self.b(), self.a()) } else { (self.a(), self.b()) };
        (0..usize::from(self.players)).map(|seat| if seat % 2 == 0 { first } else { second }).collect()
    }

    /// `alice-bob`: the pairing as written in `games.csv`.
    pub fn pairing_label(&self) -> String {
        format!("{}-{}", self.a(), self.b())
    }

    /// The bot playing for side 0 and for side 1.
    pub fn sides(&self) -> [&str; 2] {
        if self.swapped { [self.b(), self.a()] } else { [self.a(), self.b()] }
    }
}

/// The schedule as a view: every game is computed from its index (pairing, deal, seats and seed
/// are arithmetic on it), so a tournament of any size costs only its list of pairings.
#[derive(Debug, Clone)]
pub struct Schedule {
    names: Arc<[String]>,
    /// The pairings' two bots, as indices into `names`, in schedule order.
    pairings: Vec<(u16, u16)>,
    /// Deals per pairing, and games per deal (2 with `duplicate`, else 1).
    deals: u32,
    per_deal: u32,
    game: GameKind,
    players: u8,
    key: SeedKey,
}

impl Schedule {
    /// The schedule of `t`, its games' seeds drawn from `key`: pairing by pairing, deal by deal,
    /// and with `duplicate` each deal first as dealt (`s0`) then with the seats swapped (`s1`).
    pub fn new(t: &Tournament, key: SeedKey) -> Schedule {
        let names: Arc<[String]> = t.bots.iter().map(|b| b.name.clone()).collect();
        let (deals, per_deal) = Self::deals(t);
        Schedule {
            pairings: Self::pairings(t, &names),
            names,
            deals,
            per_deal,
            game: t.game,
            players: u8::try_from(t.players).expect("2 or 4 players"),
            key,
        }
    }

    /// The number of games of `t`'s schedule (known before its seeds are).
    pub fn count(t: &Tournament) -> usize {
        let names: Vec<String> = t.bots.iter().map(|b| b.name.clone()).collect();
        let (deals, per_deal) = Self::deals(t);
        Self::pairings(t, &names).len() * deals as usize * per_deal as usize
    }

    /// Deals per pairing, and games per deal.
    fn deals(t: &Tournament) -> (u32, u32) {
        if t.duplicate { (t.games_per_pairing / 2, 2) } else { (t.games_per_pairing, 1) }
    }

    /// The pairings' two bots, as indices into `names`, in schedule order.
    fn pairings(t: &Tournament, names: &[String]) -> Vec<(u16, u16)> {
        let count = names.len();
        let bot = |i: usize| u16::try_from(i).expect("fewer than 65536 bots");
        match &t.format {
            Format::RoundRobin => (0..count).flat_map(|i| ((i + 1)..count).map(move |j| (bot(i), bot(j)))).collect(),
            Format::Gauntlet { champion } => {
                let c = names.iter().position(|n| n == champion).expect("the champion is a bot of the tournament");
                (0..count).filter(|&i| i != c).map(|i| (bot(c), bot(i))).collect()
            }
        }
    }

    fn per_pairing(&self) -> usize {
        self.deals as usize * self.per_deal as usize
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.pairings.len() * self.per_pairing()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The game at `index`, or `None` past the end.
    pub fn get(&self, index: usize) -> Option<ScheduledGame> {
        if index >= self.len() {
            return None;
        }
        let pairing = index / self.per_pairing();
        let within = index % self.per_pairing();
        let deal = u32::try_from(within / self.per_deal as usize).expect("deals fit in u32") + 1;
        let swapped = if self.per_deal == 2 { within % 2 == 1 } else { deal % 2 == 0 };
        let (a, b) = self.pairings[pairing];
        let names = &self.names;
        let seed = self.key.game_seed(
            self.game,
            usize::from(self.players),
            &names[usize::from(a)],
            &names[usize::from(b)],
            deal,
        );
        Some(ScheduledGame {
            index,
            pairing,
            deal,
            swapped,
            seed,
            players: self.players,
            a,
            b,
            names: Arc::clone(names),
        })
    }

    /// Every game, in schedule order.
    pub fn iter(&self) -> impl Iterator<Item = ScheduledGame> + '_ {
        (0..self.len()).map(|i| self.get(i).expect("an index below len"))
    }

    /// The index of the game with this id (`r0001-alice-bob-d003-s1`), or `None` if no game of
    /// the schedule has it. Parsed, then checked against the game at that index.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        let rest = id.strip_prefix('r')?;
        let (pairing, rest) = rest.split_once('-')?;
        let (rest, swapped) = rest.rsplit_once("-s")?;
        let (_, deal) = rest.rsplit_once("-d")?;
        let pairing = pairing.parse::<usize>().ok()?.checked_sub(1)?;
        let deal = deal.parse::<usize>().ok()?.checked_sub(1)?;
        let swapped = match swapped {
            "0" => 0,
            "1" => 1,
            _ => return None,
        };
        if pairing >= self.pairings.len() || deal >= self.deals as usize {
            return None;
        }
        let within = if self.per_deal == 2 { deal * 2 + swapped } else { deal };
        let index = pairing * self.per_pairing() + within;
        self.get(index).filter(|g| g.id() == id).map(|g| g.index)
    }
}

/// Every game of a tournament with a fixed `"seed"`, in schedule order, materialised (see
/// [`Schedule`] for a view that costs no memory per game, and for a tournament dealt from a
/// secret).
///
/// # Panics
/// If the tournament sets no seed: its games' seeds depend on the secret of its run.
pub fn schedule(t: &Tournament) -> Vec<ScheduledGame> {
    let seed = t.seed.expect("a tournament without a seed is scheduled with its secret: Schedule::new");
    Schedule::new(t, SeedKey::Fixed(seed)).iter().collect()
}

/// One SplitMix64 step: a bijective, well-mixed function of a 64-bit word.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The fixed text encoding of a deal's identity (game, seat count, the pairing's bots, deal
/// number) from which its seed is derived.
pub(super) fn deal_identity(game: GameKind, players: usize, a: &str, b: &str, deal: u32) -> String {
    format!("juiz/1|{}|{players}|{a}|{b}|{deal}", game.name())
}

/// The seed of one deal of a tournament with a fixed seed: SplitMix64 folded over the tournament
/// seed and the deal's identity (`deal_identity`). Public: anyone who knows the seed and the
/// names computes every deal, which is why a tournament over students' bots sets no seed
/// (`secret`). Both games of a duplicate deal share it, so the same cards are dealt to the same
/// seats. The result has 49 bits so that it survives spreadsheets (15 decimal digits at most).
/// Stable across versions: changing it changes every recorded tournament.
pub fn game_seed(seed: u64, game: GameKind, players: usize, a: &str, b: &str, deal: u32) -> u64 {
    let identity = deal_identity(game, players, a, b, deal);
    let bytes = identity.as_bytes();
    let mut h = splitmix64(seed);
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = splitmix64(h ^ u64::from_le_bytes(word));
    }
    h = splitmix64(h ^ bytes.len() as u64);
    h >> 15
}

/// `--shard I/N`: the games whose schedule index is I-1 modulo N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 1-based shard number.
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole schedule.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    pub fn contains(&self, game: &ScheduledGame) -> bool {
        self.contains_index(game.index)
    }

    /// Whether the game at this schedule index is in the shard.
    pub fn contains_index(&self, index: usize) -> bool {
        index % self.count == self.index - 1
    }

    /// How many of `total` games the shard holds.
    pub fn size(&self, total: usize) -> usize {
        total / self.count + usize::from(total % self.count > self.index - 1)
    }
}

impl FromStr for Shard {
    type Err = TournamentError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || TournamentError::BadShard(s.to_string());
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
