//! The game kinds juiz knows: a `GameKind` is a handle on one registered `GameDef` (see
//! `registry`), with its wire name, seats and options; and the setup an engine is built from.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use super::Engine;
use super::kit::{CheckGame, RuleOption};
use super::registry::{GAMES, GameDef};

/// A game juiz can referee, by its command-line name: a handle on its registered definition.
/// Two kinds are equal when their names are; they order as the registry lists them.
#[derive(Clone, Copy)]
pub struct GameKind(&'static GameDef);

impl GameKind {
    /// Every registered game, in the registry's order.
    pub const ALL: &'static [GameKind] = GAMES;
    /// The game commands play when `--game` is not given: the first registered.
    pub const DEFAULT: GameKind = GAMES[0];

    /// The kind of the game `def` defines (for the game's own folder; everything else finds a
    /// kind in `ALL` or by name).
    pub const fn new(def: &'static GameDef) -> GameKind {
        GameKind(def)
    }

    /// Everything the game declares about itself.
    pub fn def(self) -> &'static GameDef {
        self.0
    }

    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The seat counts the game can be played with.
    pub fn seat_counts(self) -> &'static [usize] {
        self.0.seat_counts
    }

    /// The seats of a table when nobody says how many: the first of `seat_counts`.
    pub fn usual_seats(self) -> usize {
        self.0.seat_counts[0]
    }

    /// The rule options the game has.
    pub fn options(self) -> &'static [RuleOption] {
        self.0.options
    }

    /// Every game of a `juiz check` of this game: its scripted games, then `random` seeded ones.
    pub fn check_plan(self, random: usize, seed: u64) -> Vec<CheckGame> {
        (self.0.check_plan)(random, seed)
    }

    /// The error for a table of `got` seats, if the game is not played by that many.
    pub fn check_seats(self, got: usize) -> Result<(), SetupError> {
        if self.seat_counts().contains(&got) {
            return Ok(());
        }
        let expected: Vec<String> = self.seat_counts().iter().map(|n| n.to_string()).collect();
        Err(SetupError::SeatCount { game: self, expected: expected.join(" or "), got })
    }

    /// The error for rule options the game does not have or values that do not parse.
    pub fn check_options(self, options: &RuleOptions) -> Result<(), SetupError> {
        (self.0.check_options)(options)
    }

    /// The known games' names, for error messages.
    pub fn known() -> String {
        let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        known.join(", ")
    }

    /// Position in the registry.
    fn index(self) -> usize {
        GameKind::ALL.iter().position(|k| k.name() == self.name()).unwrap_or(usize::MAX)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameKind({})", self.name())
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        self.name() == other.name()
    }
}

impl Eq for GameKind {}

impl Hash for GameKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl PartialOrd for GameKind {
    fn partial_cmp(&self, other: &GameKind) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for GameKind {
    fn cmp(&self, other: &GameKind) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl FromStr for GameKind {
    type Err = String;
    /// A registered game by its name or one of its aliases.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s || k.def().aliases.contains(&s))
            .ok_or_else(|| format!("unknown game '{s}' (known: {})", GameKind::known()))
    }
}

/// Everything an engine needs to start a game: who sits where, the seed, and optionally a fixed deal.
#[derive(Debug, Clone)]
pub struct TableSetup {
    /// The id each seat is known by on the wire (e.g. `p1.mybot`), in seat order.
    pub wire_ids: Vec<String>,
    /// Seeds the game's own random generator (shuffle, and any later randomness).
    pub seed: u64,
    /// The text of a deal file (the game's own format), if the deal is fixed.
    pub deal: Option<String>,
    /// Rule options chosen (`--rule NAME=VALUE`), by name; empty: the game's defaults.
    pub options: RuleOptions,
}

/// Rule options by name (sorted, as they are written to transcripts).
pub type RuleOptions = std::collections::BTreeMap<String, String>;

/// Each option as it is written on a command line and in a transcript: `NAME=VALUE`, in name order.
pub fn rule_words(options: &RuleOptions) -> impl Iterator<Item = String> + '_ {
    options.iter().map(|(name, value)| format!("{name}={value}"))
}

/// Why a game could not be set up: the user's input is wrong, no game is played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{game} is played by {expected} players, not {got}")]
    SeatCount { game: GameKind, expected: String, got: usize },
    #[error("deal file, line {line}: {message}")]
    Deal { line: usize, message: String },
    #[error("{message}")]
    RuleOption { message: String },
}

/// Builds the engine for `kind` at the table described by `setup`.
pub fn new_engine(kind: GameKind, setup: &TableSetup) -> Result<Box<dyn Engine>, SetupError> {
    (kind.def().new_engine)(setup)
}
