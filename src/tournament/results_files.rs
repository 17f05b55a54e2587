//! A results folder's files from run to run: on a resume `games.csv` cut back to its last whole
//! row and every row checked against the schedule; the folder claimed for one tournament
//! (`tournament.json`); and at the end `games.csv` put in schedule order, with `standings.csv`
//! and `faults.csv` rewritten from it, all atomically.

use std::path::{Path, PathBuf};

use super::config::Tournament;
use super::error::TournamentError;
use super::rows::{GameRow, identity, write_atomic};
use super::schedule::{Schedule, Shard};
use super::standings::{Standings, StandingsRow, standings_csv};
use super::stream::{Entry, rewrite_sorted, scan};
use super::summary::{FaultedGame, faulted_game};
use super::unexpected::PairTally;

/// Cuts a torn last line off `games_csv` (as `repair_games`), and checks that every row is a game
/// of the schedule, once. Returns which games have a row, by schedule index.
pub(super) fn repair_and_check(
    games_csv: &Path,
    schedule: &Schedule,
    identity: &str,
    dir: &Path,
) -> Result<Vec<bool>, TournamentError> {
    let mut done = vec![false; schedule.len()];
    let mut wrong = None;
    let scanned = scan(games_csv, &mut |row, _| {
        if wrong.is_none() {
            wrong = belongs(schedule, identity, &mut done, &row, dir).err();
        }
        Ok(())
    })?;
    if scanned.good_len < scanned.file_len {
        let io = |e| TournamentError::io(games_csv)(e);
        let file = std::fs::OpenOptions::new().write(true).open(games_csv).map_err(io)?;
        file.set_len(scanned.good_len).map_err(io)?;
        file.sync_all().map_err(io)?;
    }
    match wrong {
        Some(e) => Err(e),
        None => Ok(done),
    }
}

/// The schedule index of a row of `dir`'s `games.csv`, which must carry the checksum of the
/// tournament of `identity` and be a game of the schedule not `seen` yet (it is marked seen).
pub(super) fn belongs(
    schedule: &Schedule,
    identity: &str,
    seen: &mut [bool],
    row: &GameRow,
    dir: &Path,
) -> Result<usize, TournamentError> {
    let path = || dir.join("games.csv");
    let id = &row.game_id;
    let Some(index) = schedule.index_of(id) else {
        return Err(TournamentError::UnknownGame { path: path(), id: id.to_string() });
    };
    if !row.sealed_by(identity) {
        return Err(TournamentError::TamperedRow { path: path(), id: id.to_string() });
    }
    if std::mem::replace(&mut seen[index], true) {
        return Err(TournamentError::RepeatedGame { path: path(), id: id.to_string() });
    }
    Ok(index)
}

/// Checks that `out` is free for `t`, or holds `t`'s results and `resume` is set, or holds all
/// `games` of this run already (running it again then plays nothing and reports the results);
/// writes `tournament.json` on first use. Returns how many rows `games.csv` holds.
pub(super) fn claim_dir(
    t: &Tournament,
    out: &Path,
    games_csv: &Path,
    resume: bool,
    games: usize,
) -> Result<usize, TournamentError> {
    let config = out.join("tournament.json");
    let json = t.to_json();
    match std::fs::read_to_string(&config) {
        Ok(existing) if existing != json => {
            return Err(TournamentError::DifferentTournament { dir: out.to_path_buf() });
        }
        Ok(_) => {
            let mut recorded = 0;
            scan(games_csv, &mut |_, _| {
                recorded += 1;
                Ok(())
            })?;
            if !resume && recorded > 0 && recorded < games {
                return Err(TournamentError::AlreadyStarted { dir: out.to_path_buf() });
            }
            return Ok(recorded);
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if games_csv.exists() {
                return Err(TournamentError::DifferentTournament { dir: out.to_path_buf() });
            }
            write_atomic(&config, json.as_bytes())?;
        }
        Err(e) => return Err(TournamentError::io(&config)(e)),
    }
    Ok(0)
}

/// Puts `games.csv` in schedule order and rewrites `standings.csv`, both atomically, so the files
/// of a run do not depend on which game finished first. Streams the rows: returns the standings,
/// the faulted games, how many games of `shard` have a row, and each pair's results.
pub(super) fn finish_files(
    t: &Tournament,
    out: &Path,
    schedule: &Schedule,
    shard: Shard,
) -> Result<(Vec<StandingsRow>, Vec<FaultedGame>, usize, PairTally), TournamentError> {
    let games_csv = out.join("games.csv");
    let identity = identity(&t.to_json());
    let mut seen = vec![false; schedule.len()];
    let mut entries = Vec::new();
    let mut done = 0;
    scan(&games_csv, &mut |row, span| {
        let index = belongs(schedule, &identity, &mut seen, &row, out)?;
        done += usize::from(shard.contains_index(index));
        entries.push(Entry { index: index as u32, source: 0, span });
        Ok(())
    })?;
    let sources = match std::fs::File::open(&games_csv) {
        Ok(file) => vec![(games_csv.clone(), file)],
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(TournamentError::io(&games_csv)(e)),
    };
    let (standings, faulted, pairs) = write_results(t, out, &sources, entries)?;
    Ok((standings, faulted, done, pairs))
}

/// Writes `out`'s `games.csv` from the rows `entries` of `sources`, in schedule order, and its
/// `standings.csv` and `faults.csv` from those rows, all atomically. Returns the standings, the
/// faulted games and each pair's results (`unexpected`).
pub(super) fn write_results(
    t: &Tournament,
    out: &Path,
    sources: &[(PathBuf, std::fs::File)],
    entries: Vec<Entry>,
) -> Result<(Vec<StandingsRow>, Vec<FaultedGame>, PairTally), TournamentError> {
    let mut standings = Standings::new(t);
    let mut faulted = Vec::new();
    let mut pairs = PairTally::default();
    rewrite_sorted(&out.join("games.csv"), sources, entries, &mut |row| {
        standings.add(row);
        pairs.add(row);
        faulted.extend(faulted_game(t, out, row));
    })?;
    let standings = standings.finish();
    write_atomic(&out.join("standings.csv"), &standings_csv(&standings))?;
    write_atomic(&out.join("faults.csv"), &super::summary::faults_csv(&faulted))?;
    Ok((standings, faulted, pairs))
}
