//! The ladder's running sums, so that nothing after a game reads every game: per version
//! (`version_sums`: finished ranked games and their milliseconds, when it was first queued and
//! last finished, and the standings' counters of `tournament::BotSums`) and per pair of versions
//! (`pair_sums`: games met, rated games and each side's half points for Bradley–Terry). Each
//! finished ranked game is added once (`summed`), in the transaction that records it, its deal's
//! pair statistics when its other game is already in; a migration fills them from the rows of an
//! existing course (`rebuild`). The ratings (`ratings::standings_from_sums`) and the draw read
//! them; a game's row may then be folded away (`disk::fold`) without changing any number.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension, params};

use super::ratings::{ROW_COLUMNS, stored_row};
use crate::tournament::{BotSums, DealGame, DealSums, Sums, deal_game, deal_sums, game_sums};

/// Adds finished ranked game `id` to the sums, once (a game already `summed`, unfinished or
/// friendly adds nothing).
pub fn add_game(tx: &Connection, id: i64) -> rusqlite::Result<()> {
    let found = tx
        .query_row(
            &format!(
                "SELECT {ROW_COLUMNS}, created, finished FROM games
                 WHERE id = ?1 AND ranked = 1 AND state = 'done' AND summed = 0"
            ),
            [id],
            |r| Ok((stored_row(r, 2, &by_id)?, r.get::<_, i64>(4)?, r.get::<_, i64>(5)?, r.get(17)?, r.get(18)?)),
        )
        .optional()?;
    let Some((row, a, b, created, finished)) = found else { return Ok(()) };
    let (created, finished): (i64, Option<i64>) = (created, finished);
    let Some(game) = game_sums(&row) else { return Ok(()) };
    let sides = side_ids(&row);
    for (side, sums) in sides.iter().zip(&game.sides) {
        add_version(tx, *side, sums, row.duration_ms as i64, created, finished)?;
    }
    let (lo, hi) = (a.min(b), a.max(b));
    let halves = game.rated.map_or([0, 0], |h| if sides[0] == lo { h } else { [h[1], h[0]] });
    tx.execute(
        "INSERT INTO pair_sums (lo, hi, met, games, lo_halves, hi_halves) VALUES (?1, ?2, 1, ?3, ?4, ?5)
         ON CONFLICT(lo, hi) DO UPDATE SET met = met + 1, games = games + ?3, lo_halves = lo_halves + ?4,
           hi_halves = hi_halves + ?5",
        params![lo, hi, i64::from(game.rated.is_some()), halves[0], halves[1]],
    )?;
    // The deal's pair statistics, once both its games are in.
    let mut stmt = tx.prepare(&format!(
        "SELECT {ROW_COLUMNS} FROM games WHERE pair = (SELECT pair FROM games WHERE id = ?1) AND id != ?1
         AND ranked = 1 AND state = 'done' AND summed = 1"
    ))?;
    let others: Vec<_> = stmt.query_map([id], |r| stored_row(r, 2, &by_id))?.collect::<rusqlite::Result<_>>()?;
    if let [other] = others.as_slice() {
        let games: Vec<DealGame<i64>> = [other, &row].into_iter().filter_map(|g| deal_game(g, side_ids(g))).collect();
        for (version, deal) in deal_sums(&games).into_iter().flatten() {
            add_deal(tx, version, &deal)?;
        }
    }
    tx.execute("UPDATE games SET summed = 1 WHERE id = ?1", [id])?;
    Ok(())
}

/// A version named by its id, as `add_game` reads rows.
fn by_id(id: Option<i64>) -> String {
    id.map(|id| id.to_string()).unwrap_or_default()
}

/// The versions at side 0 and 1 of a row read with `by_id`.
fn side_ids(row: &crate::tournament::GameRow) -> [i64; 2] {
    let sides = row.side_bots().unwrap_or(["", ""]);
    [sides[0].parse().unwrap_or(0), sides[1].parse().unwrap_or(0)]
}

fn add_version(
    tx: &Connection,
    version: i64,
    s: &BotSums,
    ms: i64,
    created: i64,
    finished: Option<i64>,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO version_sums (version, first_created, last_finished) VALUES (?1, ?2, ?3)
         ON CONFLICT(version) DO UPDATE SET first_created = MIN(COALESCE(first_created, ?2), ?2),
           last_finished = MAX(COALESCE(last_finished, ?3), ?3)",
        params![version, created, finished],
    )?;
    let faults: String = tx.query_row("SELECT faults FROM version_sums WHERE version = ?1", [version], |r| r.get(0))?;
    let mut all: BTreeMap<String, u32> = serde_json::from_str(&faults).unwrap_or_default();
    for (kind, n) in &s.faults {
        *all.entry(kind.clone()).or_default() += n;
    }
    tx.execute(
        "UPDATE version_sums SET played = played + 1, ms = ms + ?2, games = games + ?3, wins = wins + ?4,
           draws = draws + ?5, losses = losses + ?6, score_for = score_for + ?7,
           score_against = score_against + ?8, lost_by_both = lost_by_both + ?9, faults = ?10
         WHERE version = ?1",
        params![
            version,
            ms,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.score_for,
            s.score_against,
            s.lost_by_both,
            serde_json::to_string(&all).expect("a map of counts serializes")
        ],
    )?;
    Ok(())
}

fn add_deal(tx: &Connection, version: i64, d: &DealSums) -> rusqlite::Result<()> {
    let p = d.pentanomial;
    tx.execute(
        "UPDATE version_sums SET pairs = pairs + ?2, halves = halves + ?3, halves_sq = halves_sq + ?4,
           pent0 = pent0 + ?5, pent1 = pent1 + ?6, pent2 = pent2 + ?7, pent3 = pent3 + ?8, pent4 = pent4 + ?9,
           margins = margins + ?10, margin = margin + ?11, margin_sq = margin_sq + ?12
         WHERE version = ?1",
        params![
            version,
            d.pairs,
            d.halves,
            d.halves_sq,
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            d.margins,
            d.margin,
            d.margin_sq
        ],
    )?;
    Ok(())
}

/// Empties the sums and adds every finished ranked game stored again, oldest first: what a
/// course had before the sums (the migration), and a recount to compare them with.
pub fn rebuild(tx: &Connection) -> rusqlite::Result<()> {
    tx.execute_batch("DELETE FROM version_sums; DELETE FROM pair_sums; UPDATE games SET summed = 0 WHERE summed = 1;")?;
    let ids: Vec<i64> = tx
        .prepare("SELECT id FROM games WHERE ranked = 1 AND state = 'done' ORDER BY id")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in ids {
        add_game(tx, id)?;
    }
    Ok(())
}

/// The sums as the standings take them: every version with a finished ranked game (by name),
/// and how many stored rows were read (one a version and one a pair: never a game).
pub struct Loaded {
    pub names: Vec<(i64, String)>,
    pub sums: Sums,
    pub rows_read: usize,
}

pub fn load(conn: &Connection) -> rusqlite::Result<Loaded> {
    let mut stmt = conn.prepare(
        "SELECT s.version, v.name, s.games, s.wins, s.draws, s.losses, s.score_for, s.score_against,
                s.lost_by_both, s.faults, s.pairs, s.halves, s.halves_sq, s.pent0, s.pent1, s.pent2, s.pent3,
                s.pent4, s.margins, s.margin, s.margin_sq
         FROM version_sums s JOIN versions v ON v.id = s.version ORDER BY v.name",
    )?;
    let rows: Vec<((i64, String), BotSums)> = stmt
        .query_map([], |r| {
            let faults: String = r.get(9)?;
            Ok((
                (r.get(0)?, r.get(1)?),
                BotSums {
                    games: r.get(2)?,
                    wins: r.get(3)?,
                    draws: r.get(4)?,
                    losses: r.get(5)?,
                    score_for: r.get(6)?,
                    score_against: r.get(7)?,
                    lost_by_both: r.get(8)?,
                    faults: serde_json::from_str(&faults).unwrap_or_default(),
                    deals: DealSums {
                        pairs: r.get(10)?,
                        halves: r.get(11)?,
                        halves_sq: r.get(12)?,
                        pentanomial: [r.get(13)?, r.get(14)?, r.get(15)?, r.get(16)?, r.get(17)?],
                        margins: r.get(18)?,
                        margin: r.get(19)?,
                        margin_sq: r.get(20)?,
                    },
                },
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut rows_read = rows.len();
    let mut sums = Sums::new(rows.len());
    let index: BTreeMap<i64, usize> = rows.iter().enumerate().map(|(i, ((id, _), _))| (*id, i)).collect();
    let mut names = Vec::with_capacity(rows.len());
    for (i, (name, bot)) in rows.into_iter().enumerate() {
        sums.bots[i] = bot;
        names.push(name);
    }
    let mut stmt = conn.prepare("SELECT lo, hi, games, lo_halves, hi_halves FROM pair_sums WHERE games > 0")?;
    let pairs =
        stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?;
    for pair in pairs {
        let (lo, hi, games, lo_halves, hi_halves): (i64, i64, u32, i64, i64) = pair?;
        rows_read += 1;
        if let (Some(&i), Some(&j)) = (index.get(&lo), index.get(&hi)) {
            sums.add_rated([i, j], games, [lo_halves, hi_halves]);
        }
    }
    Ok(Loaded { names, sums, rows_read })
}

/// A version's finished ranked games, their seconds, and when it was first queued.
pub type Played = (u32, f64, Option<i64>);

/// What the draw needs of every version's past: its finished ranked games and their seconds,
/// and when it was first queued (of the finished ones: the draw adds those still to play).
pub fn versions_played(conn: &Connection) -> rusqlite::Result<BTreeMap<i64, Played>> {
    let mut stmt = conn.prepare("SELECT version, played, ms, first_created FROM version_sums")?;
    let rows = stmt.query_map([], |r| {
        Ok((r.get::<_, i64>(0)?, (r.get::<_, u32>(1)?, r.get::<_, i64>(2)? as f64 / 1000.0, r.get(3)?)))
    })?;
    rows.collect()
}

/// Finished ranked games between each pair of versions (lower id first).
pub fn met(conn: &Connection) -> rusqlite::Result<BTreeMap<(i64, i64), u32>> {
    let mut stmt = conn.prepare("SELECT lo, hi, met FROM pair_sums")?;
    let rows = stmt.query_map([], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))?;
    rows.collect()
}

/// Finished ranked games between `x` and `y`.
pub fn met_pair(conn: &Connection, x: i64, y: i64) -> rusqlite::Result<u32> {
    let found = conn
        .query_row("SELECT met FROM pair_sums WHERE lo = ?1 AND hi = ?2", [x.min(y), x.max(y)], |r| r.get(0))
        .optional()?;
    Ok(found.unwrap_or(0))
}

/// Finished ranked games in all, folded or not (the board's count).
pub fn ranked_games(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT COALESCE(SUM(met), 0) FROM pair_sums", [], |r| r.get(0))
}
