//! The ladder's draw: the next ranked game a worker plays, and the pairs drawn for it. A version
//! has one game running at a time while others can play (a slow bot then holds one worker at
//! most, never all of them), and a pair is drawn by `fair::pair` from each version's share of
//! the workers' seconds over the last ten minutes, counted from its first ranked game if later
//! (so a new version starts at once but cannot claim the seconds the others spent before it
//! came, nor those its own check took); a game's seconds are charged to each side up to twice
//! its usual game (a slow bot's games cost it, not its opponents), and a version whose games
//! held more than `fair::MAX_HELD` of the workers' time waits while others can play.

use std::collections::{BTreeMap, BTreeSet};

use rusqlite::Transaction;

use super::bar::Bar;
use super::db::now;
use super::fair::{Entry, pair};
use super::ladder::{DONE, QUEUED, RUNNING, active_versions};

/// The window over which each version's seconds are counted.
pub(super) const WINDOW_SECS: f64 = 600.0;

/// The next ranked game (not yet marked running): a queued one none of whose versions is
/// playing; else one of a new pair of versions that have no game running or queued; else any
/// queued one; else one of a new pair of any versions.
pub fn next_ranked(
    tx: &Transaction,
    house: &[String],
    bar: Option<&Bar>,
    workers: usize,
) -> rusqlite::Result<Option<i64>> {
    let busy = |states: &[&str]| -> rusqlite::Result<BTreeSet<i64>> {
        let mut stmt =
            tx.prepare("SELECT a, b FROM games WHERE ranked = 1 AND state IN (SELECT value FROM json_each(?1))")?;
        let states = serde_json::to_string(states).expect("strings serialize");
        let rows = stmt.query_map([states], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
        let mut set = BTreeSet::new();
        for row in rows {
            let (a, b) = row?;
            set.extend([a, b]);
        }
        Ok(set)
    };
    let playing = busy(&[RUNNING])?;
    // Never a game of a deal whose other game is running (two copies of a bot could pass each
    // other's hands): the two games of a deal are played one after the other.
    let mut stmt = tx.prepare(
        "SELECT id, a, b FROM games WHERE state = ?1 AND ranked = 1
         AND pair NOT IN (SELECT pair FROM games WHERE state = ?2) ORDER BY id",
    )?;
    let queued: Vec<(i64, i64, i64)> = stmt
        .query_map([QUEUED, RUNNING], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    drop(stmt);
    if let Some(&(id, ..)) = queued.iter().find(|(_, a, b)| !playing.contains(a) && !playing.contains(b)) {
        return Ok(Some(id));
    }
    if let Some(id) = draw_pair(tx, house, bar, &busy(&[RUNNING, QUEUED])?, workers)? {
        return Ok(Some(id));
    }
    if let Some(&(id, ..)) = queued.first() {
        return Ok(Some(id));
    }
    draw_pair(tx, house, bar, &BTreeSet::new(), workers)
}

/// Chooses a pair of the active versions, none of them in `busy`, by `fair::pair` and queues
/// its two games (one deal, the seats swapped); the course's bar comes first while the version
/// has played fewer games against it than the bar asks for. Returns the first game's id, or
/// `None` when no student's version and another are there to play. `workers`: the games the
/// server plays at once.
fn draw_pair(
    tx: &Transaction,
    house: &[String],
    bar: Option<&Bar>,
    busy: &BTreeSet<i64>,
    workers: usize,
) -> rusqlite::Result<Option<i64>> {
    let players = active_versions(tx)?;
    if players.iter().filter(|(id, _)| !busy.contains(id)).count() < 2 {
        return Ok(None);
    }
    let now = now();
    let since = now - WINDOW_SECS as i64;
    let mut spent: BTreeMap<i64, f64> = BTreeMap::new();
    // The past from the running sums (`sums.rs`): each version's finished games, their seconds
    // and its first queuing; the pairs' meetings. Only the window's games and those still to
    // play are read row by row (indexed: `games_finished`, `games_state`).
    let played = super::sums::versions_played(tx)?;
    let games: BTreeMap<i64, (u32, f64)> = played.iter().map(|(v, p)| (*v, (p.0, p.1))).collect();
    let mut met = super::sums::met(tx)?;
    // When each version joined the ladder: its first ranked game's queuing.
    let mut joined: BTreeMap<i64, i64> = played.iter().filter_map(|(v, p)| Some((*v, p.2?))).collect();
    let mut recent = (0.0, 0u32);
    let mut in_window: Vec<(i64, i64, f64)> = Vec::new();
    let mut stmt = tx.prepare(
        "SELECT a, b, duration_ms FROM games WHERE finished >= ?1 AND ranked = 1 AND state = ?2
         AND duration_ms IS NOT NULL",
    )?;
    for row in stmt.query_map(rusqlite::params![since, DONE], |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)?)))? {
        let (a, b, ms) = row?;
        let seconds = ms as f64 / 1000.0;
        recent = (recent.0 + seconds, recent.1 + 1);
        in_window.push((a, b, seconds));
    }
    drop(stmt);
    let mut unfinished: Vec<(i64, i64)> = Vec::new();
    let mut stmt = tx.prepare("SELECT a, b, created FROM games WHERE state IN (?1, ?2) AND ranked = 1")?;
    for row in stmt.query_map([QUEUED, RUNNING], |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)?)))? {
        let (a, b, created) = row?;
        for v in [a, b] {
            joined.entry(v).and_modify(|t| *t = (*t).min(created)).or_insert(created);
        }
        *met.entry((a.min(b), a.max(b))).or_default() += 1;
        unfinished.push((a, b));
    }
    drop(stmt);
    let all: (f64, u32) = games.values().fold((0.0, 0), |t, g| (t.0 + g.1, t.1 + g.0));
    let typical = match (recent.1, all.1) {
        (0, 0) => 1.0,
        (0, n) => all.0 / f64::from(n),
        (n, _) => recent.0 / f64::from(n),
    };
    // A game queued or running counts as one of its slower version's usual length.
    let mean = |v: i64| games.get(&v).filter(|g| g.0 > 0).map_or(typical, |g| g.1 / f64::from(g.0));
    // A game's seconds are charged to each side up to twice that side's usual game: a slow
    // bot's games are its own cost, not its opponents'. The workers' time a game held is split
    // between its sides by their usual games (`fair::split`).
    let mut whole: BTreeMap<i64, f64> = BTreeMap::new();
    for (a, b, seconds) in in_window {
        for v in [a, b] {
            *spent.entry(v).or_default() += seconds.min(2.0 * mean(v));
        }
        let parts = super::fair::split(seconds, [mean(a), mean(b)]);
        *whole.entry(a).or_default() += parts[0];
        *whole.entry(b).or_default() += parts[1];
    }
    let mut count: BTreeMap<i64, u32> = games.iter().map(|(v, g)| (*v, g.0)).collect();
    for (a, b) in unfinished {
        let seconds = mean(a).max(mean(b));
        for v in [a, b] {
            *spent.entry(v).or_default() += seconds;
            *count.entry(v).or_default() += 1;
        }
        let parts = super::fair::split(seconds, [mean(a), mean(b)]);
        *whole.entry(a).or_default() += parts[0];
        *whole.entry(b).or_default() += parts[1];
    }
    let mut rating: BTreeMap<i64, (f64, f64)> = BTreeMap::new();
    let mut stmt = tx.prepare("SELECT version, elo, ci95 FROM ratings")?;
    for r in stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, f64>(1)?, r.get::<_, f64>(2)?)))? {
        let (v, elo, ci) = r?;
        rating.insert(v, (elo, if ci.is_finite() { ci } else { 1000.0 }));
    }
    drop(stmt);
    let entries: Vec<Entry> = players
        .iter()
        .map(|(id, name)| {
            let (elo, ci) = rating.get(id).copied().unwrap_or((1500.0, 1000.0));
            let seconds = spent.get(id).copied().unwrap_or(0.0);
            let here = (now - joined.get(id).copied().unwrap_or(now)) as f64;
            Entry {
                id: *id,
                // House bots meet students, never each other alone: a pair has a student's version.
                house: house.contains(name),
                spent: super::fair::share(seconds, here, WINDOW_SECS),
                games: count.get(id).copied().unwrap_or(0),
                elo,
                ci,
                held: super::fair::held(whole.get(id).copied().unwrap_or(0.0), here, WINDOW_SECS, workers),
                busy: busy.contains(id),
            }
        })
        .collect();
    let seed: u64 = rand::random::<u64>() >> 11;
    let Some((first, second)) = pair(&entries, &met, typical, seed) else {
        return Ok(None);
    };
    let bar_first = match bar {
        Some(bar) => match super::bar::bar_version(tx, bar)?
            .filter(|id| players.iter().any(|p| p.0 == *id) && !busy.contains(id))
        {
            Some(id) if super::bar::games_against(tx, id, first)? < bar.games => Some(id),
            _ => None,
        },
        None => None,
    };
    let second = bar_first.unwrap_or(second);
    let number: i64 = tx.query_row("SELECT COALESCE(MAX(pair), 0) + 1 FROM games", [], |r| r.get(0))?;
    let mut ids = Vec::new();
    for swapped in [0, 1] {
        tx.execute(
            "INSERT INTO games (pair, seed, swapped, a, b, ranked, state, created) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7)",
            rusqlite::params![number, seed as i64, swapped, first, second, QUEUED, now],
        )?;
        ids.push(tx.last_insert_rowid());
    }
    Ok(ids.first().copied())
}
