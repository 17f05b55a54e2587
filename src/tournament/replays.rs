//! Games the host spoiled, played again. A game that ends on a fault the bot may not be to blame
//! for (`FaultKind::is_host_problem`: `timeout-overload`, the wall-clock backstop of a reply
//! reached while the bot had not used its own time, because the host or another seat's processes
//! kept the CPU from it) is played again, same seed, same seats, at most `MAX_REPLAYS` times.
//! Each attempt set aside is named in the game's row (`GameRow::replays`) and its transcript
//! kept beside the game's as `<id>.replay<N>.csv`. A game the host still spoils after them is
//! void: it stays in `games.csv` and `faults.csv`, and counts for nobody (`GameRow::is_void`).
//! Tournaments (and so the course's final) and the server's ladder play every game through here.

use std::path::{Path, PathBuf};

use super::runner::{GameResult, GameRunner, GameSetup, PlayError, SeatFault};
use crate::bot::FaultKind;

/// How many times a spoiled game is played again (three attempts in all).
pub const MAX_REPLAYS: usize = 2;

/// Whether a fault of kind `kind` (its kebab-case name) is the host's, not the bot's.
pub fn is_host_problem(kind: &str) -> bool {
    FaultKind::from_name(kind).is_some_and(FaultKind::is_host_problem)
}

/// A played game and the attempts set aside before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub result: GameResult,
    /// One entry per attempt set aside: `timeout-overload by eve`.
    pub set_aside: Vec<String>,
}

impl Replayed {
    /// The `replays` cell of the game's row: the attempts set aside, `; `-separated.
    pub fn note(&self) -> String {
        self.set_aside.join("; ")
    }
}

/// Plays `setup`'s game with `runner`, again while it ends on a host problem (at most
/// `MAX_REPLAYS` times more); the last attempt is the game's result.
pub fn play_replaying(runner: &dyn GameRunner, setup: &GameSetup) -> Result<Replayed, PlayError> {
    let mut set_aside = Vec::new();
    loop {
        let result = runner.play(setup)?;
        let spoiled = result.fault.as_ref().filter(|f| is_host_problem(&f.kind));
        match spoiled {
            Some(fault) if set_aside.len() < MAX_REPLAYS => {
                set_aside.push(describe(setup, fault));
                keep_transcript(&setup.log, set_aside.len());
            }
            _ => return Ok(Replayed { result, set_aside }),
        }
    }
}

/// `timeout-overload by eve`.
fn describe(setup: &GameSetup, fault: &SeatFault) -> String {
    let bot = setup.seats.get(fault.seat).map_or("?", |b| b.name.as_str());
    format!("{} by {bot}", fault.kind)
}

/// Renames the transcript of an attempt set aside to `<id>.replay<N>.csv` (nothing if there is none).
fn keep_transcript(log: &Path, attempt: usize) {
    let _ = std::fs::rename(log, replay_path(log, attempt));
}

/// `games/<id>.replay<N>.csv` for the transcript `games/<id>.csv`.
pub fn replay_path(log: &Path, attempt: usize) -> PathBuf {
    let stem = log.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    log.with_file_name(format!("{stem}.replay{attempt}.csv"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_overload_is_the_hosts_problem() {
        assert!(is_host_problem("timeout-overload"));
        for kind in ["timeout", "crash", "cpu-time", "build", ""] {
            assert!(!is_host_problem(kind), "{kind}");
        }
        assert_eq!(
            replay_path(Path::new("games/r0001-a-b-d001-s0.csv"), 2),
            Path::new("games/r0001-a-b-d001-s0.replay2.csv")
        );
    }
}
