//! What a game's `juiz check` plan is made of: the games of a check (scripted deals in the
//! game's deal-file format, then seeded random games), the bundled opponents they are played
//! against (C sources built into juiz), and the seed mixing every plan uses. Each game's plan is
//! in its own folder and named by its `GameDef`.

use std::fmt;

use crate::games::Seat;

/// One game of a check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckGame {
    /// Position in the check, from 1.
    pub number: usize,
    /// What the game is about, in words.
    pub title: String,
    /// A file-name stem for its logs: `03-opponent-goes-out`.
    pub stem: String,
    pub players: usize,
    /// The seats the checked bot plays (two partners in a 4-player game).
    pub bot_seats: Vec<Seat>,
    /// The bundled bot at every other seat.
    pub opponent: Opponent,
    pub seed: u64,
    /// A fixed deal (deal-file text), for the scripted games.
    pub deal: Option<String>,
}

impl CheckGame {
    pub fn is_scripted(&self) -> bool {
        self.deal.is_some()
    }
}

/// A bundled bot a checked bot plays against: its name (`smart`, shown as `bots/smart.c`) and
/// its C source, built into juiz so that a check works from any directory; or a house bot, named
/// by its level (juiz itself plays it). Equal by name.
#[derive(Clone, Copy)]
pub struct Opponent {
    name: &'static str,
    source: &'static str,
    house: Option<&'static str>,
}

impl Opponent {
    /// The bot `name` (the stem of its file under `bots/`) with its C source.
    pub const fn new(name: &'static str, source: &'static str) -> Opponent {
        Opponent { name, source, house: None }
    }

    /// The house bot of `level` (`easy`, `medium`, `hard`), playing as `name` (`house-hard`).
    pub const fn house(name: &'static str, level: &'static str) -> Opponent {
        Opponent { name, source: "", house: Some(level) }
    }

    /// The level, for a house bot.
    pub fn house_level(self) -> Option<&'static str> {
        self.house
    }

    pub fn name(self) -> &'static str {
        self.name
    }

    /// The C source the bot is built from.
    pub fn source(self) -> &'static str {
        self.source
    }
}

impl fmt::Debug for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Opponent({})", self.name)
    }
}

impl PartialEq for Opponent {
    fn eq(&self, other: &Opponent) -> bool {
        self.name == other.name
    }
}

impl Eq for Opponent {}

impl PartialOrd for Opponent {
    fn partial_cmp(&self, other: &Opponent) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Opponent {
    fn cmp(&self, other: &Opponent) -> std::cmp::Ordering {
        self.name.cmp(other.name)
    }
}

/// Appends a scripted game, numbered on from `games`: a fixed deal (deal-file text) at a table of
/// `players`, the checked bot at seat 0, `opponent` at the others.
pub fn push_scripted(
    games: &mut Vec<CheckGame>,
    seed: u64,
    (players, opponent): (usize, Opponent),
    (title, slug): (&str, &str),
    deal: String,
) {
    let number = games.len() + 1;
    games.push(CheckGame {
        number,
        title: title.to_owned(),
        stem: format!("{number:02}-{slug}"),
        players,
        bot_seats: vec![0],
        opponent,
        seed: mix(seed, number as u64),
        deal: Some(deal),
    });
}

/// Appends `random` seeded games of a game of 2 or 4 players, alternating 2 and 4 players, the checked bot's side and (two
/// games each) the given opponents.
pub fn push_random(games: &mut Vec<CheckGame>, random: usize, seed: u64, opponents: &[Opponent]) {
    for i in 0..random {
        let number = games.len() + 1;
        let players = [2, 4][i % 2];
        let opponent = opponents[(i / 2) % opponents.len()];
        let side = [0, 1, 1, 0][i % 4];
        games.push(CheckGame {
            number,
            title: format!("random deal, {players} players, against {}", opponent.name()),
            stem: format!("{number:02}-random-{players}p-{}", opponent.name()),
            players,
            bot_seats: (0..players).filter(|s| s % 2 == side).collect(),
            opponent,
            seed: mix(seed, number as u64),
            deal: None,
        });
    }
}

/// Appends `random` seeded games of a two-player game, alternating the checked bot's seat and
/// (two games each) the given opponents.
pub fn push_random_two(games: &mut Vec<CheckGame>, random: usize, seed: u64, opponents: &[Opponent]) {
    for i in 0..random {
        let number = games.len() + 1;
        let opponent = opponents[(i / 2) % opponents.len()];
        games.push(CheckGame {
            number,
            title: format!("random deal, 2 players, against {}", opponent.name()),
            stem: format!("{number:02}-random-2p-{}", opponent.name()),
            players: 2,
            bot_seats: vec![i % 2],
            opponent,
            seed: mix(seed, number as u64),
            deal: None,
        });
    }
}

/// SplitMix64 of `seed` and `n`, kept below 2^53 like the original referee's seeds.
pub fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) >> 11
}
