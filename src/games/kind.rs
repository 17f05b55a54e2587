//! The game kinds juiz knows, their wire names, and the factory that builds an engine for one.

use std::fmt;
use std::str::FromStr;

use super::Engine;
use super::buraco::{BuracoEngine, BuracoRules};
use super::canasta::{CanastaEngine, CanastaRules};
use super::shengji::{ShengjiEngine, ShengjiRules};

/// A game juiz can referee, by its command-line name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// The UFRN ITP course's simplified Buraco (`buraco.js`), 2 or 4 players.
    ItpBuraco,
    /// Buraco Fechado STBL: jokers, mortos, a closed discard pile, 2 or 4 players.
    BuracoStbl,
    /// Schwab's Buraco (CardCol): sets and runs, cerrados of 7, buracos, 4 players, to 2000.
    BuracoSchwab,
    /// Two-player Canasta (a C++ course's rules): rank melds, red 3s, a frozen pile, to 5000.
    Canasta,
    /// Shengji / 升级 (Tractor): 4 players in two teams, 1–3 decks, trump declared during the deal.
    Shengji,
}

impl GameKind {
    pub const ALL: &'static [GameKind] =
        &[GameKind::ItpBuraco, GameKind::BuracoStbl, GameKind::BuracoSchwab, GameKind::Canasta, GameKind::Shengji];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::ItpBuraco => "itp-buraco",
            GameKind::BuracoStbl => "buraco-stbl",
            GameKind::BuracoSchwab => "buraco-schwab",
            GameKind::Canasta => "canasta",
            GameKind::Shengji => "shengji",
        }
    }

    /// The seat counts the game can be played with.
    pub fn seat_counts(self) -> &'static [usize] {
        match self {
            GameKind::Canasta => &[2],
            GameKind::Shengji => &[4],
            _ => BuracoRules::of(self).seat_counts,
        }
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
        match self {
            GameKind::Canasta => CanastaRules::classic().with_options(options).map(|_| ()),
            GameKind::Shengji => ShengjiRules::with_options(options).map(|_| ()),
            _ => BuracoRules::of(self).with_options(options).map(|_| ()),
        }
    }

    /// The known games' names, for error messages.
    pub fn known() -> String {
        let known: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        known.join(", ")
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
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
    if kind == GameKind::Canasta {
        let rules = CanastaRules::classic().with_options(&setup.options)?;
        return Ok(Box::new(CanastaEngine::new(rules, setup)?));
    }
    if kind == GameKind::Shengji {
        let rules = ShengjiRules::with_options(&setup.options)?;
        return Ok(Box::new(ShengjiEngine::new(rules, setup)?));
    }
    let rules = BuracoRules::of(kind).with_options(&setup.options)?;
    Ok(Box::new(BuracoEngine::new(rules, setup)?))
}
