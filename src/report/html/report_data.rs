//! What the tournament report shows, read from a results folder: the standings (`standings.csv`,
//! with their 95% intervals), each pair's wins, draws, losses and mean score margin and the faults
//! per bot by kind (`games.csv`), and each bot's slowest moves (the `timing` rows at the end of
//! the transcripts).

use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use rayon::prelude::*;

use crate::tournament::{GameRow, read_games};

/// Why a results folder cannot be reported on.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{path}: {message} (give `juiz report` a tournament's results folder, --out of `juiz tournament`)")]
    Read { path: String, message: String },
    #[error("--games: no game '{0}' in games.csv")]
    NoSuchGame(String),
    #[error("cannot write {path}: {message}")]
    Write { path: String, message: String },
}

/// One bot's line of `standings.csv`, the columns the report shows.
#[derive(Debug, Clone, Default)]
pub struct Standing {
    pub rank: String,
    pub bot: String,
    pub games: String,
    pub wins: String,
    pub draws: String,
    pub losses: String,
    pub points: String,
    pub faults: String,
    pub elo: f64,
    pub elo_ci95: f64,
    pub pair_points: String,
    /// The pair points' 95% interval, within 0 to 2 (empty with fewer than two pairs).
    pub pair_points_low: String,
    pub pair_points_high: String,
    pub margin: String,
    pub margin_ci95: String,
}

/// One ordered pair's record: games, wins, draws, losses, and the sum of score margins.
#[derive(Debug, Clone, Copy, Default)]
pub struct PairRecord {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub margin_sum: i64,
}

/// A bot's slow move: the game, and the longest time charged for one of its lines there.
#[derive(Debug, Clone, PartialEq)]
pub struct SlowMove {
    pub game_id: String,
    pub seconds: f64,
}

/// How many slowest moves are listed per bot.
pub const SLOWEST: usize = 5;

#[derive(Debug, Default)]
pub struct ReportData {
    pub name: String,
    pub standings: Vec<Standing>,
    pub games: Vec<GameRow>,
    /// `(bot, opponent)` → the bot's record against the opponent.
    pub pairs: BTreeMap<(String, String), PairRecord>,
    /// Bot → fault kind → count.
    pub faults: BTreeMap<String, BTreeMap<String, u32>>,
    /// Bot → its slowest moves, slowest first.
    pub slowest: BTreeMap<String, Vec<SlowMove>>,
    /// Pairs whose results are far from their ratings' prediction (`tournament::unexpected`).
    pub unexpected: Vec<crate::tournament::UnexpectedPair>,
}

fn read_err(path: &Path, message: impl ToString) -> ReportError {
    ReportError::Read { path: path.display().to_string(), message: message.to_string() }
}

/// Reads the results folder `dir`.
pub fn read(dir: &Path) -> Result<ReportData, ReportError> {
    let games_path = dir.join("games.csv");
    if !games_path.is_file() {
        return Err(read_err(&games_path, "no such file"));
    }
    let games = read_games(&games_path).map_err(|e| read_err(&games_path, e))?;
    let standings = read_standings(&dir.join("standings.csv"))?;
    let name = std::fs::read_to_string(dir.join("tournament.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["name"].as_str().map(str::to_owned))
        .unwrap_or_else(|| dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
    let mut data = ReportData { name, standings, ..ReportData::default() };
    for row in &games {
        if let Some([a, b]) = row.side_bots().filter(|_| !row.is_void()) {
            let margin = row.score0 - row.score1;
            for (me, other, sign) in [(a, b, 1), (b, a, -1)] {
                let rec = data.pairs.entry((me.to_owned(), other.to_owned())).or_default();
                rec.games += 1;
                rec.margin_sum += sign * margin;
                match row.winner.as_str() {
                    _ if row.lost_by_both() => rec.losses += 1,
                    "" => rec.draws += 1,
                    w if w == me => rec.wins += 1,
                    _ => rec.losses += 1,
                }
            }
        }
        if !row.faulty_bot.is_empty() {
            *data.faults.entry(row.faulty_bot.clone()).or_default().entry(row.fault_kind.clone()).or_default() += 1;
        }
    }
    // The logs' tails are read in parallel (a file each), then merged in games.csv order.
    let timings: Vec<Vec<(usize, f64)>> = games.par_iter().map(|row| slowest_in(&dir.join(&row.log))).collect();
    for (row, timing) in games.iter().zip(timings) {
        for (seat, seconds) in timing {
            if let Some(bot) = row.seat_bots().get(seat) {
                let list = data.slowest.entry((*bot).to_owned()).or_default();
                list.push(SlowMove { game_id: row.game_id.clone(), seconds });
                list.sort_by(|x, y| y.seconds.total_cmp(&x.seconds).then_with(|| x.game_id.cmp(&y.game_id)));
                list.truncate(SLOWEST);
            }
        }
    }
    data.unexpected =
        crate::tournament::unexpected_pairs_rated(&games, data.standings.iter().map(|s| (s.bot.as_str(), s.elo)));
    data.games = games;
    Ok(data)
}

fn read_standings(path: &Path) -> Result<Vec<Standing>, ReportError> {
    let mut reader = csv::Reader::from_path(path).map_err(|e| read_err(path, e))?;
    let header = reader.headers().map_err(|e| read_err(path, e))?.clone();
    let column = |name: &str| header.iter().position(|h| h == name);
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| read_err(path, e))?;
        let get = |name: &str| column(name).and_then(|i| record.get(i)).unwrap_or("").to_owned();
        let number = |name: &str| get(name).parse::<f64>().unwrap_or(f64::NAN);
        out.push(Standing {
            rank: get("rank"),
            bot: get("bot"),
            games: get("games"),
            wins: get("wins"),
            draws: get("draws"),
            losses: get("losses"),
            points: get("points"),
            faults: get("faults"),
            elo: number("elo"),
            elo_ci95: number("elo_ci95"),
            pair_points: get("pair_points"),
            pair_points_low: get("pair_points_low"),
            pair_points_high: get("pair_points_high"),
            margin: get("margin"),
            margin_ci95: get("margin_ci95"),
        });
    }
    Ok(out)
}

/// Bytes read from the end of a transcript to find its `timing` rows.
const TAIL_BYTES: u64 = 4096;

/// Each seat's longest charged reply in the game logged at `log` (from its `timing` rows, seat
/// `pN.` being seat N-1); nothing when the log is missing or has none.
fn slowest_in(log: &Path) -> Vec<(usize, f64)> {
    let Ok(mut file) = std::fs::File::open(log) else { return Vec::new() };
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut tail = Vec::new();
    if file.seek(SeekFrom::Start(len.saturating_sub(TAIL_BYTES))).is_err() || file.read_to_end(&mut tail).is_err() {
        return Vec::new();
    }
    let tail = String::from_utf8_lossy(&tail);
    let mut out = Vec::new();
    for line in tail.lines() {
        let mut fields = line.splitn(5, ',');
        let (Some(_), Some(_), Some(seat), Some("*"), Some(text)) =
            (fields.next(), fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Some(timing) = text.strip_prefix("timing ") else { continue };
        let seat = seat.strip_prefix('p').and_then(|s| s.split('.').next()).and_then(|n| n.parse::<usize>().ok());
        let charged = timing
            .split(' ')
            .find_map(|kv| kv.strip_prefix("max-charged="))
            .and_then(|v| v.trim_end_matches('s').parse::<f64>().ok());
        if let (Some(seat), Some(seconds)) = (seat.filter(|&n| n > 0), charged) {
            out.push((seat - 1, seconds));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_rows_give_each_seats_slowest_reply() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("g.csv");
        let rows = "seq,ms,seat,dir,text\n9,1,p1.a,<,GET_STOCK\n\
                    10,2,p1.a,*,timing replies=3 charged=0.1s wall=0.1s cpu=0s max-charged=0.250000s max-wall=0.3s\n\
                    11,2,p2.b,*,timing replies=3 charged=0.1s wall=0.1s cpu=0s max-charged=0.001000s max-wall=0.3s\n";
        std::fs::write(&log, rows).unwrap();
        assert_eq!(slowest_in(&log), vec![(0, 0.25), (1, 0.001)]);
        assert!(slowest_in(&dir.path().join("missing.csv")).is_empty());
    }
}
