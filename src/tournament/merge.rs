//! `juiz merge DIR...`: the results of several shards (or runs) of one tournament combined into
//! one results directory, rows in schedule order, logs copied, standings recomputed.

use std::fs::File;
use std::path::{Path, PathBuf};

use super::config::Tournament;
use super::error::TournamentError;
use super::rows::{identity, write_atomic};
use super::runner::{belongs, write_results};
use super::schedule::Schedule;
use super::stream::{Entry, scan};
use super::summary::{Summary, assemble};

/// Merges the results directories `dirs` into `out` (which may be one of them). All must hold
/// the same tournament (equal `tournament.json`), every row with its checksum. A game found in
/// several directories must have the same outcome in each (it is taken from the first), else the
/// merge is refused; `out`'s `games.csv` becomes the union, in schedule order. Torn last lines
/// of the inputs are left out; the inputs are not changed.
pub fn merge(dirs: &[PathBuf], out: &Path) -> Result<Summary, TournamentError> {
    let Some(first) = dirs.first() else {
        return Err(TournamentError::Merge("no results directory given".to_string()));
    };
    let config_text = |dir: &Path| {
        let path = dir.join("tournament.json");
        std::fs::read_to_string(&path)
            .map_err(|e| TournamentError::Merge(format!("{}: {e} (is it a results directory?)", path.display())))
    };
    let json = config_text(first)?;
    for dir in &dirs[1..] {
        if config_text(dir)? != json {
            return Err(TournamentError::Merge(format!(
                "{} and {} hold different tournaments (their tournament.json differ)",
                first.display(),
                dir.display()
            )));
        }
    }
    let t = Tournament::parse(&json, false)
        .map_err(|source| TournamentError::Config { path: first.join("tournament.json"), source })?;
    let schedule = Schedule::new(&t);
    match std::fs::read_to_string(out.join("tournament.json")) {
        Ok(existing) if existing != json => {
            return Err(TournamentError::DifferentTournament { dir: out.to_path_buf() });
        }
        _ => {}
    }

    let out_games = out.join("games");
    std::fs::create_dir_all(&out_games).map_err(TournamentError::io(&out_games))?;
    let _lock = super::lock::lock_dir(out)?;
    let identity = identity(&json);
    // For each game taken: the digest of its outcome and the folder it came from.
    let mut taken: Vec<Option<(String, usize)>> = vec![None; schedule.len()];
    let mut sources = Vec::new();
    let mut entries = Vec::new();
    for (d, dir) in dirs.iter().enumerate() {
        let games_csv = dir.join("games.csv");
        // First every row checked (its checksum, its place in the schedule, and against the same
        // game from an earlier folder), then the new ones taken (and their logs copied).
        let mut seen = vec![false; schedule.len()];
        scan(&games_csv, &mut |row, _| {
            let index = belongs(&schedule, &identity, &mut seen, &row, dir)?;
            match &taken[index] {
                Some((outcome, from)) if *outcome != row.outcome_digest() => Err(TournamentError::ConflictingRows {
                    id: row.game_id,
                    first: dirs[*from].join("games.csv"),
                    second: games_csv.clone(),
                }),
                _ => Ok(()),
            }
        })?;
        let file = match File::open(&games_csv) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(TournamentError::io(&games_csv)(e)),
        };
        let source = u32::try_from(sources.len()).expect("fewer than 2^32 directories");
        let same_dir = same_path(dir, out);
        scan(&games_csv, &mut |row, span| {
            let index = schedule.index_of(&row.game_id).expect("checked above");
            if taken[index].is_some() {
                return Ok(());
            }
            taken[index] = Some((row.outcome_digest(), d));
            if !same_dir {
                copy_logs(&dir.join("games"), &out_games, &row.game_id)?;
            }
            entries.push(Entry { index: index as u32, source, span });
            Ok(())
        })?;
        sources.push((games_csv, file));
    }
    write_atomic(&out.join("tournament.json"), json.as_bytes())?;
    let counts = (schedule.len(), entries.len());
    let (standings, faulted) = write_results(&t, out, &sources, entries)?;
    Ok(assemble(&t, out, standings, faulted, counts, false))
}

fn same_path(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Copies a game's files (`<id>.csv`, `<id>.seat<N>.stderr`...) from one `games/` to another.
fn copy_logs(from: &Path, to: &Path, id: &str) -> Result<(), TournamentError> {
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(TournamentError::io(from)(e)),
    };
    let prefix = format!("{id}.");
    for entry in entries {
        let entry = entry.map_err(TournamentError::io(from))?;
        let name = entry.file_name();
        if name.to_str().is_some_and(|n| n.starts_with(&prefix)) {
            let target = to.join(&name);
            std::fs::copy(entry.path(), &target).map_err(TournamentError::io(&target))?;
        }
    }
    Ok(())
}
