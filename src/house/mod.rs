//! House bots: opponents of known strength (easy, medium, hard) for the games whose `GameDef`
//! names them (`house`), run as separate bot processes (`juiz bot LEVEL --game G`) that know only what their
//! seat is told.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use crate::cards::Card;
use crate::games::{GameKind, RuleOptions};

pub mod buraco;
pub mod canasta;
mod cap;
mod line_hash;
pub mod schwab;
pub mod shengji;
mod spec;

pub use cap::{MoveCap, thread_cpu};
pub use line_hash::LineHash;
pub use spec::{HOUSE_PREFIX, house_argv, house_level, house_name, house_program, house_spec};

/// A house bot's strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Legal and simple.
    Easy,
    /// The sound heuristics a good student writes.
    Medium,
    /// Search over what the seat cannot see, within a move budget.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == text)
            .ok_or_else(|| format!("unknown house bot level '{text}' (known: easy, medium, hard)"))
    }
}

/// How much thinking a searching bot may do for one move. The playouts make the game: the same
/// input gives the same moves whatever the machine's speed or load; the time is only a safety cap
/// on the searching thread's CPU time (`MoveCap`), far over a move's normal cost and under the
/// referee's 3 s move timeout (a move that reaches it plays the best found so far, says so on
/// stderr, and the game may then differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Simulations (determinized playouts) per move.
    pub playouts: u32,
    /// The safety cap: most CPU time a move may think, in milliseconds.
    pub max_ms: u64,
}

/// The default safety cap, in milliseconds of the searching thread's CPU: about 3.5 times the
/// longest move measured (278 ms, Shengji with 3 decks, docs/house-bots.md) and a third of the
/// default move timeout (3 s). Until 2026-11-27 it was 200 ms of the process's CPU (or of the
/// wall clock), which a loaded machine reached: the moves changed with the load (issue 34).
pub const DEFAULT_MAX_MS: u64 = 1000;

impl Default for Budget {
    fn default() -> Budget {
        Budget { playouts: 200, max_ms: DEFAULT_MAX_MS }
    }
}

/// Plays one game as a house bot of `game` at `level` under the game's rule `options` (checked by
/// the caller against the game, as for any game): reads the referee's lines from `input`, writes
/// the seat's lines to `output`, until the referee ends the game or closes the input.
pub fn run(
    game: GameKind,
    level: Level,
    budget: Budget,
    options: &RuleOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    match player(game) {
        Some(play) => play(game, level, budget, options, input, output),
        None => Err(io::Error::other(format!("no house bot for {game} yet"))),
    }
}

/// Removes one copy of each of `cards` from `hand`; false (and `hand` unchanged) if one is missing.
pub(crate) fn take_out(hand: &mut Vec<Card>, cards: &[Card]) -> bool {
    let mut left = hand.clone();
    for card in cards {
        match left.iter().position(|c| c == card) {
            Some(at) => {
                left.swap_remove(at);
            }
            None => return false,
        }
    }
    *hand = left;
    true
}

/// Maximal windows `(first, last)` of consecutive held positions of a suit's `have`, from `low`
/// (the low ace) to its last position (the high ace), never both aces in one window.
pub(crate) fn run_windows(have: &[bool], low: usize) -> Vec<(usize, usize)> {
    let high = have.len() - 1;
    let mut found = Vec::new();
    let mut p = low;
    while p <= high {
        if !have[p] {
            p += 1;
            continue;
        }
        let start = p;
        while p < high && have[p + 1] && !(start == low && p + 1 == high) {
            p += 1;
        }
        found.push((start, p));
        p += 1;
    }
    found
}

/// Runs a house bot on a process's pipes: each line read (its line end cut) goes to `on_line`,
/// whose replies are written and flushed before the next line is read, until the referee closes
/// the input (or the output: the game is over for this seat either way).
pub(crate) fn serve_lines(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    mut on_line: impl FnMut(&str) -> Vec<String>,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let replies = on_line(String::from_utf8_lossy(&line).trim_end_matches(['\n', '\r']));
        if replies.is_empty() {
            continue;
        }
        let written = replies
            .iter()
            .try_for_each(|reply| output.write_all(reply.as_bytes()).and_then(|()| output.write_all(b"\n")))
            .and_then(|()| output.flush());
        match written {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            other => other?,
        }
    }
}

/// A game's house bots: they play a game of it at a level, as `run` says.
pub type Play = fn(GameKind, Level, Budget, &RuleOptions, &mut dyn BufRead, &mut dyn Write) -> io::Result<()>;

/// The house bots of each game: the one place that joins a game (`games/`, which never names its
/// house bots) to its bots' code here; a game not listed has none yet (the conformance suite
/// says which games lack them).
const HOUSE: &[(GameKind, Play)] = &[
    (GameKind::ItpBuraco, buraco::play),
    (GameKind::BuracoStbl, buraco::play),
    (GameKind::BuracoSchwab, schwab::play),
    (GameKind::Canasta, canasta::play),
    (GameKind::Shengji, shengji::play),
];

fn player(game: GameKind) -> Option<Play> {
    HOUSE.iter().find(|(kind, _)| *kind == game).map(|&(_, play)| play)
}

/// Whether `game` has house bots.
pub fn has_house_bots(game: GameKind) -> bool {
    player(game).is_some()
}
