//! `juiz merge DIR...`: the results of several shards (or runs) of one tournament combined into
//! one results directory, rows in schedule order, logs copied, standings recomputed.

use std::fs::File;
use std::path::{Path, PathBuf};

use super::config::Tournament;
use super::error::TournamentError;
use super::results_files::{belongs, write_results};
use super::rows::{identity, write_atomic};
use super::schedule::{Schedule, Shard};
use super::secret::{DealSecret, SECRET_FILE, SeedKey, publish, read, record};
use super::stream::{Entry, scan};
use super::summary::{Missing, Summary, assemble};

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
    let (key, secret) = shared_key(&t, dirs, out)?;
    let schedule = Schedule::new(&t, key);
    match std::fs::read_to_string(out.join("tournament.json")) {
        Ok(existing) if existing != json => {
            return Err(TournamentError::DifferentTournament { dir: out.to_path_buf() });
        }
        _ => {}
    }

    let out_games = out.join("games");
    super::results_dir::create(out)?;
    let _lock = super::results_dir::lock_dir(out)?;
    super::fingerprint::merge_check(dirs, out)?;
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
    if let Some(secret) = secret
        && !out.join(SECRET_FILE).exists()
    {
        record(out, &secret)?;
    }
    if entries.len() == schedule.len() {
        publish(out)?;
    } else {
        hide(out)?;
    }
    let counts = (schedule.len(), entries.len());
    let (standings, faulted, pairs) = write_results(&t, out, &sources, entries)?;
    let mut summary = assemble(&t, out, standings, faulted, counts, false);
    summary.flag_pairs(&pairs);
    let shards: Vec<Shard> = dirs.iter().filter_map(|dir| read_shard(dir)).collect();
    summary.missing = missing(&schedule, &taken, &shards);
    // The merged folder holds every shard's games: it is no shard of its own.
    let _ = std::fs::remove_file(out.join(SHARD_FILE));
    Ok(summary)
}

/// The seeds' key of the merged tournament: its seed, or the one secret every input folder (and
/// `out`, if it has one) holds.
fn shared_key(t: &Tournament, dirs: &[PathBuf], out: &Path) -> Result<(SeedKey, Option<DealSecret>), TournamentError> {
    if let Some(seed) = t.seed {
        return Ok((SeedKey::Fixed(seed), None));
    }
    let mut found: Option<(DealSecret, &Path)> = None;
    for dir in dirs.iter().map(PathBuf::as_path).chain([out].into_iter().filter(|o| o.join(SECRET_FILE).exists())) {
        let Some(secret) = read(&dir.join(SECRET_FILE))? else {
            return Err(TournamentError::Merge(format!(
                "{} holds no {SECRET_FILE}: the deals of a tournament without a seed come from it",
                dir.display()
            )));
        };
        match &found {
            Some((first, from)) if *first != secret => {
                return Err(TournamentError::Merge(format!(
                    "{} and {} were dealt from different secrets: run every shard with the same --secret FILE",
                    from.display(),
                    dir.display()
                )));
            }
            Some(_) => {}
            None => found = Some((secret, dir)),
        }
    }
    let secret = found.expect("at least one folder").0;
    Ok((SeedKey::Secret(secret.clone()), Some(secret)))
}

/// Keeps `out`'s secret private while the merged folder lacks games (a shard may still play).
fn hide(out: &Path) -> Result<(), TournamentError> {
    use std::os::unix::fs::PermissionsExt;
    let path = out.join(SECRET_FILE);
    match std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(TournamentError::io(&path)(e)),
        _ => Ok(()),
    }
}

/// The file in which a run records the part of the schedule it played (`2/4`, or `1/1`).
pub(super) const SHARD_FILE: &str = "shard.txt";

fn read_shard(dir: &Path) -> Option<Shard> {
    std::fs::read_to_string(dir.join(SHARD_FILE)).ok()?.trim().parse().ok()
}

/// What the merged games lack, if anything: the games, and which shards of the inputs' split
/// are absent or short.
fn missing<T>(schedule: &Schedule, taken: &[Option<T>], shards: &[Shard]) -> Option<Missing> {
    let lacking: Vec<usize> = (0..schedule.len()).filter(|&i| taken[i].is_none()).collect();
    if lacking.is_empty() {
        return None;
    }
    let first = lacking.iter().take(3).filter_map(|&i| schedule.get(i)).map(|g| g.id()).collect();
    let mut absent_shards = Vec::new();
    let mut short_shards = Vec::new();
    // Shards are named only when the inputs agree on one split.
    if let Some(count) = shards.first().map(|s| s.count)
        && count > 1
        && shards.iter().all(|s| s.count == count)
    {
        for index in 1..=count {
            let shard = Shard { index, count };
            let short = lacking.iter().filter(|&&i| shard.contains_index(i)).count();
            if !shards.contains(&shard) {
                absent_shards.push(shard);
            } else if short > 0 {
                short_shards.push((shard, short));
            }
        }
    }
    Some(Missing { games: lacking.len(), first, absent_shards, short_shards })
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
