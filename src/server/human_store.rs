//! Where games with a human seat are kept: `human/<student>/h<N>.csv` (the transcript, the seat
//! marked `human`), the bots' stderr beside it, and `h<N>.json`, the few facts the student page
//! lists (opponent, seat, scores, who won, the fault). Files only: these games are not in the
//! database, so no rating, ladder or bar ever counts them.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::referee::GameReport;

/// The student's folder of human games: their id when it is a plain name, else its hash.
pub(super) fn folder(data: &Path, student: &str) -> PathBuf {
    let plain = !student.is_empty()
        && !student.starts_with('.')
        && student.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
    let name =
        if plain { student.to_string() } else { super::accounts::sha256_hex(student.as_bytes())[..24].to_string() };
    data.join("human").join(name)
}

/// The numbers of the games in `dir` (`h<N>.csv` or `h<N>.json`), ascending.
fn numbers(dir: &Path) -> Vec<u32> {
    let mut found: Vec<u32> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let stem = name.strip_suffix(".csv").or_else(|| name.strip_suffix(".json"))?;
            stem.strip_prefix('h')?.parse().ok()
        })
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// The number of the student's next game.
pub(super) fn next_number(dir: &Path) -> u32 {
    numbers(dir).last().map_or(1, |n| n + 1)
}

/// What the student page lists of a finished game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct Sidecar {
    pub opponent: String,
    /// The human's seat.
    pub seat: usize,
    /// Whether the opponent was one of the student's own versions (its files are theirs).
    pub own_bot: bool,
    /// The human's side's score, then the other side's.
    pub scores: [i64; 2],
    /// `won`, `lost` or `draw`, for the human.
    pub result: String,
    /// The faulty seat's id and the fault's kind, if the game ended on a fault.
    pub fault: Option<(String, String)>,
    pub turns: u32,
}

impl Sidecar {
    pub(super) fn of(report: &GameReport, seat: usize, opponent: &str, own_bot: bool) -> Sidecar {
        let mine = report.sides.get(seat).copied().unwrap_or(0);
        let score = |side: usize| report.outcome.scores.get(side).copied().unwrap_or(0);
        Sidecar {
            opponent: opponent.to_string(),
            seat,
            own_bot,
            scores: [score(mine), score(1 - mine.min(1))],
            result: match report.outcome.winner {
                None => "draw",
                Some(side) if side == mine => "won",
                Some(_) => "lost",
            }
            .to_string(),
            fault: report.fault.as_ref().map(|f| {
                let id = report.seats.get(f.seat).map_or(String::new(), |s| s.id.clone());
                (id, f.kind.name().to_string())
            }),
            turns: report.turns,
        }
    }
}

/// Writes the sidecar beside the transcript `log`.
pub(super) fn write_sidecar(log: Option<&Path>, sidecar: &Sidecar) -> std::io::Result<()> {
    let Some(log) = log else { return Err(std::io::Error::other("no transcript")) };
    let text = serde_json::to_string(sidecar).map_err(std::io::Error::other)?;
    std::fs::write(log.with_extension("json"), text)
}

/// Removes a game's transcript, sidecar and stderr logs (a game the server stopped halfway).
pub(super) fn remove(log: &Path) {
    let _ = std::fs::remove_file(log);
    let _ = std::fs::remove_file(log.with_extension("json"));
    let (Some(dir), Some(stem)) = (log.parent(), log.file_stem().and_then(|s| s.to_str())) else { return };
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_name().to_str().is_some_and(|n| n.starts_with(&format!("{stem}.seat")) && n.ends_with(".stderr"))
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// One finished game of the student's list, newest first.
#[derive(Debug, Clone, Serialize)]
pub(super) struct HumanLine {
    /// `h<N>`, the game's key in its URL.
    pub key: String,
    pub opponent: String,
    pub result: String,
    pub class: &'static str,
    pub score: String,
    pub fault: String,
}

/// The student's finished human games (those with a sidecar), newest first, at most 50.
pub(super) fn list(
    data: &Path,
    student: &str,
    w: &std::collections::BTreeMap<&'static str, &'static str>,
) -> Vec<HumanLine> {
    let dir = folder(data, student);
    let mut lines = Vec::new();
    for number in numbers(&dir).into_iter().rev().take(50) {
        let Some(sidecar) = read_sidecar(&dir, number) else { continue };
        let (result, class) = match sidecar.result.as_str() {
            "won" => (w["won"], "ok"),
            "lost" => (w["lost"], "bad"),
            _ => (w["draw"], ""),
        };
        lines.push(HumanLine {
            key: format!("h{number}"),
            opponent: sidecar.opponent,
            result: result.to_string(),
            class,
            score: format!("{}:{}", sidecar.scores[0], sidecar.scores[1]),
            fault: sidecar.fault.map(|(id, kind)| format!("{kind} ({id})")).unwrap_or_default(),
        });
    }
    lines
}

fn read_sidecar(dir: &Path, number: u32) -> Option<Sidecar> {
    let text = std::fs::read_to_string(dir.join(format!("h{number}.json"))).ok()?;
    serde_json::from_str(&text).ok()
}

/// The finished human game `key` (`h<N>`) of `student`: its folder, transcript, and the seats
/// whose files are the student's (theirs, and their own bot's when it was the opponent).
pub(super) fn game(data: &Path, student: &str, key: &str, players: usize) -> Option<(PathBuf, PathBuf, Vec<usize>)> {
    let number: u32 = key.strip_prefix('h')?.parse().ok()?;
    let dir = folder(data, student);
    let sidecar = read_sidecar(&dir, number)?;
    let log = dir.join(format!("h{number}.csv"));
    let seats = (0..players).filter(|&s| s == sidecar.seat || sidecar.own_bot).collect();
    log.is_file().then_some((dir, log, seats))
}
