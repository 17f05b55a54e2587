//! `juiz merge DIR...`: the results of several shards (or runs) of one tournament combined into
//! one results directory, rows in schedule order, logs copied, standings recomputed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::config::Tournament;
use super::error::TournamentError;
use super::rows::{GameRow, encode_all, read_games, write_atomic};
use super::runner::{check_rows_belong, sort_by_schedule};
use super::schedule::schedule;
use super::standings::{standings, standings_csv};
use super::summary::{Summary, summarize};

/// Merges the results directories `dirs` into `out` (which may be one of them). All must hold
/// the same tournament (equal `tournament.json`). A game found in several directories is taken
/// from the first; `out`'s `games.csv` becomes the union, in schedule order. Torn last lines of
/// the inputs are left out; the inputs are not changed.
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
    let schedule = schedule(&t);
    match std::fs::read_to_string(out.join("tournament.json")) {
        Ok(existing) if existing != json => {
            return Err(TournamentError::DifferentTournament { dir: out.to_path_buf() });
        }
        _ => {}
    }

    let out_games = out.join("games");
    std::fs::create_dir_all(&out_games).map_err(TournamentError::io(&out_games))?;
    let mut taken: BTreeSet<String> = BTreeSet::new();
    let mut rows: Vec<GameRow> = Vec::new();
    for dir in dirs {
        let dir_rows = read_games(&dir.join("games.csv"))?;
        check_rows_belong(&schedule, &dir_rows, dir)?;
        let same_dir = same_path(dir, out);
        for row in dir_rows {
            if !taken.insert(row.game_id.clone()) {
                continue;
            }
            if !same_dir {
                copy_logs(&dir.join("games"), &out_games, &row.game_id)?;
            }
            rows.push(row);
        }
    }
    sort_by_schedule(&mut rows, &schedule);
    write_atomic(&out.join("tournament.json"), json.as_bytes())?;
    write_atomic(&out.join("games.csv"), &encode_all(&rows))?;
    write_atomic(&out.join("standings.csv"), &standings_csv(&standings(&t, &rows)))?;
    let counts = (schedule.len(), rows.len());
    Ok(summarize(&t, out, &rows, counts, false))
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
