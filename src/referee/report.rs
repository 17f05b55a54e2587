//! What a game leaves for its reports: who sat where, the fault that ended it (if any), the
//! verdict, the winner and the result line.

use std::time::Duration;

use crate::bot::FaultKind;
use crate::games::{Outcome, Seat, Violation};

/// Who sat where, for reports and outputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatReport {
    /// The full id, `p1.mybot` (used in every output).
    pub id: String,
    /// The id on the wire, at most 9 bytes.
    pub wire_id: String,
    pub name: String,
    /// The command line as given, or `human`.
    pub command: String,
}

/// `text` from an engine, which names seats by their wire ids, with every wire id replaced by
/// the seat's full id: every output uses the full ids.
pub fn full_ids(text: &str, seats: &[SeatReport]) -> String {
    let word = |word: &str| -> String {
        let bare = word.trim_end_matches([':', ';', ',', '.', ')']).trim_start_matches('(');
        match seats.iter().find(|s| s.wire_id == bare) {
            Some(seat) if !bare.is_empty() => word.replacen(bare, &seat.id, 1),
            _ => word.to_owned(),
        }
    };
    text.split('\n').map(|line| line.split(' ').map(word).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n")
}

/// A misbehaviour that ended the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultRecord {
    pub seat: Seat,
    pub kind: FaultKind,
    /// In English, as the transcript records it (for a refused line: `detail (rule r): line`).
    pub detail: String,
    /// The rule a refused line broke and why, as the engine said it (malformed or illegal
    /// lines only; not in a replay of the recorded faults).
    pub violation: Option<Violation>,
    /// The refused line as the seat sent it, beside `violation` (so that no view parses it back
    /// out of `detail`).
    pub line: Option<String>,
    /// What the bot did, as a message, for faults outside the rules (timeouts, crashes, limits)
    /// when juiz worded it itself (not read back from a log).
    pub message: Option<crate::games::Message>,
}

/// `text` from an engine, with every wire id replaced by the seat's full id (see `full_ids`).
pub fn full_ids_message(message: &crate::games::Message, seats: &[SeatReport]) -> crate::games::Message {
    message.map_texts(&|text| full_ids(text, seats))
}

/// The record of one finished game.
#[derive(Debug, Clone)]
pub struct GameReport {
    pub game: crate::games::GameKind,
    pub seed: u64,
    pub seats: Vec<SeatReport>,
    pub outcome: Outcome,
    /// Each side's points where the scores are not points (`Engine::side_points`).
    pub points: Option<Vec<i64>>,
    /// Which side each seat plays for.
    pub sides: Vec<usize>,
    pub fault: Option<FaultRecord>,
    pub turns: u32,
    pub duration: Duration,
    /// How each seat's replies were timed (`None`: not a bot).
    pub timing: Vec<Option<crate::bot::TimingTotals>>,
    /// What each bot did once its input closed at the end of a game played to its end, when it
    /// did not simply exit (`ExitReport::after_end_of_input`).
    pub after_end: Vec<Option<crate::games::Message>>,
}

/// How a game ended for the record, as the original referee's result line says it: `OK` when it
/// was played to its end, `NOK` when a fault ended it. The `verdict` column of `games.csv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    #[serde(rename = "OK")]
    Ok,
    #[serde(rename = "NOK")]
    Nok,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ok => "OK",
            Verdict::Nok => "NOK",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Verdict {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "OK" => Ok(Verdict::Ok),
            "NOK" => Ok(Verdict::Nok),
            _ => Err(format!("unknown verdict '{s}' (known: OK, NOK)")),
        }
    }
}

/// `verdict == "OK"`: the text of the result line and of `games.csv`.
impl PartialEq<&str> for Verdict {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl GameReport {
    /// `OK` for a game played to its end, `NOK` when a fault ended it (as the original referee).
    pub fn verdict(&self) -> Verdict {
        if self.fault.is_some() { Verdict::Nok } else { Verdict::Ok }
    }

    /// The full ids of the seats of `side`, in seat order.
    pub fn side_ids(&self, side: usize) -> Vec<&str> {
        self.seats.iter().zip(&self.sides).filter(|(_, s)| **s == side).map(|(seat, _)| seat.id.as_str()).collect()
    }

    /// Each side's seats and score: `p1.a & p3.c 120`, in side order.
    pub fn side_scores(&self) -> Vec<String> {
        let ids = |side| self.side_ids(side).join(" & ");
        self.outcome.scores.iter().enumerate().map(|(side, score)| format!("{} {score}", ids(side))).collect()
    }

    /// The winners' full ids: one id, or `<a> e <b>` for a team; `empate` for a draw.
    pub fn winner_text(&self) -> String {
        match self.outcome.winner {
            None => "empate".to_owned(),
            Some(side) => self.side_ids(side).join(" e "),
        }
    }

    /// The original referee's `-silent` line: `OK|NOK <seed> <score0> <score1> <winner>`; where
    /// the scores are not points (Shengji's levels), each score is `<score>/<points>`.
    pub fn result_line(&self) -> String {
        let scores: Vec<String> = match &self.points {
            Some(points) => self.outcome.scores.iter().zip(points).map(|(s, p)| format!("{s}/{p}")).collect(),
            None => self.outcome.scores.iter().map(|s| s.to_string()).collect(),
        };
        format!("{} {} {} {}", self.verdict(), self.seed, scores.join(" "), self.winner_text())
    }
}
