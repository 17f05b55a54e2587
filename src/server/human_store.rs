//! Where games with a human seat are kept: `human/<student>/h<N>.csv` (the transcript, the seat
//! marked `human`), the bots' stderr beside it, and `h<N>.json`, the few facts the student page
//! lists (opponent, seat, scores, who won, the fault). Files only: these games are not in the
//! database, so no rating, ladder or bar ever counts them. A finished game's transcript and logs
//! are kept compressed (`record::packed`), and each student keeps the last `keep_games` of them
//! (`keep`, `prune_all`): they are in the course folder, so the disk budget counts them.

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
            let stem = name
                .strip_suffix(".csv")
                .or_else(|| name.strip_suffix(".csv.zst"))
                .or_else(|| name.strip_suffix(".json"))?;
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

/// The files of game `stem` (`h<N>`) in `dir`: its transcript, sidecar and stderr logs, plain
/// or packed, in name order.
fn files_of(dir: &Path, stem: &str) -> Vec<PathBuf> {
    let prefix = format!("{stem}.");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_str().is_some_and(|n| n.starts_with(&prefix)))
        .map(|e| e.path())
        .collect();
    files.sort();
    files
}

/// Removes a game's transcript, sidecar and stderr logs (a game the server stopped halfway, or
/// one pruned), plain or packed.
pub(super) fn remove(log: &Path) {
    let (Some(dir), Some(stem)) = (log.parent(), log.file_stem().and_then(|s| s.to_str())) else { return };
    for file in files_of(dir, stem) {
        let _ = std::fs::remove_file(file);
    }
}

/// After a finished game (its sidecar written): packs its transcript and stderr logs, and
/// prunes the student's older games to the last `keep` (`prune`); returns how many went.
pub(super) fn keep(log: &Path, keep: usize) -> std::io::Result<usize> {
    let (Some(dir), Some(stem)) = (log.parent(), log.file_stem().and_then(|s| s.to_str())) else { return Ok(0) };
    for file in files_of(dir, stem) {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if !name.ends_with(".json") && !name.ends_with(".zst") {
            crate::record::packed::pack(&file)?;
        }
    }
    Ok(prune(dir, keep))
}

/// Removes from one student's folder the finished games (those with a sidecar) older than the
/// last `keep`, and what a killed server left of a game older than the newest finished one (a
/// transcript without a sidecar); the game being played, the newest, is never touched.
pub(super) fn prune(dir: &Path, keep: usize) -> usize {
    let finished: Vec<u32> = numbers(dir).into_iter().filter(|n| dir.join(format!("h{n}.json")).is_file()).collect();
    let Some(&newest) = finished.last() else { return 0 };
    let kept = &finished[finished.len().saturating_sub(keep)..];
    let mut gone = 0;
    for n in numbers(dir).into_iter().filter(|n| *n < newest && !kept.contains(n)) {
        remove(&dir.join(format!("h{n}.csv")));
        gone += 1;
    }
    gone
}

/// Prunes every student's folder of human games to their last `keep` (`prune`); returns how
/// many games went.
pub fn prune_all(data: &Path, keep: usize) -> usize {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(data.join("human"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    dirs.sort();
    dirs.iter().map(|dir| prune(dir, keep)).sum()
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
    crate::record::packed::exists(&log).then_some((dir, log, seats))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes finished game `n` (transcript, sidecar, a stderr log) in `dir`.
    fn finished(dir: &Path, n: u32) -> PathBuf {
        let log = dir.join(format!("h{n}.csv"));
        std::fs::write(&log, "seq,ms,seat,dir,text\n".repeat(200)).unwrap();
        std::fs::write(dir.join(format!("h{n}.seat1.stderr")), "thinking\n".repeat(100)).unwrap();
        let sidecar = Sidecar {
            opponent: "house-easy".into(),
            seat: 0,
            own_bot: false,
            scores: [1, 2],
            result: "lost".into(),
            fault: None,
            turns: 3,
        };
        write_sidecar(Some(&log), &sidecar).unwrap();
        log
    }

    #[test]
    fn a_student_keeps_the_last_games_packed_and_the_older_ones_go() {
        let data = tempfile::tempdir().unwrap();
        let dir = folder(data.path(), "ana");
        std::fs::create_dir_all(&dir).unwrap();
        for n in 1..=5 {
            finished(&dir, n);
        }
        // A killed server's leftover (no sidecar) below the newest, and the game in play above.
        std::fs::write(dir.join("h3x.csv"), "not a game's name").unwrap();
        std::fs::remove_file(dir.join("h2.json")).unwrap();
        let log = finished(&dir, 6);
        std::fs::write(dir.join("h7.csv"), "seq,ms,seat,dir,text\n").unwrap();
        assert_eq!(keep(&log, 3).unwrap(), 3, "games 1 and 3 are over the 3 kept, 2 was left half-written");
        let mut names: Vec<String> =
            std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name().into_string().unwrap()).collect();
        names.sort();
        assert_eq!(
            names,
            [
                "h3x.csv",
                "h4.csv",
                "h4.json",
                "h4.seat1.stderr",
                "h5.csv",
                "h5.json",
                "h5.seat1.stderr",
                "h6.csv.zst",
                "h6.json",
                "h6.seat1.stderr.zst",
                "h7.csv",
            ]
        );
        // The packed game is still found, listed and read as before.
        let (_, found, seats) = game(data.path(), "ana", "h6", 2).expect("h6 is kept");
        assert_eq!((found, seats), (log.clone(), vec![0]));
        assert_eq!(crate::record::packed::read(&log).unwrap(), "seq,ms,seat,dir,text\n".repeat(200).as_bytes());
        assert!(game(data.path(), "ana", "h1", 2).is_none());
        // The sweep of every student's folder keeps the same games: nothing more goes.
        assert_eq!(prune_all(data.path(), 3), 0);
        assert_eq!(prune_all(data.path(), 1), 2, "h4 and h5");
        assert!(game(data.path(), "ana", "h6", 2).is_some() && dir.join("h7.csv").is_file());
    }
}
