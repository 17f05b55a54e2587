//! Ratings, recomputed after each ranked game with the tournament's own standings code
//! (Bradley–Terry with its 95% interval, wins, faults) from the running sums every ranked game
//! adds to (`sums.rs`: per version and per pair, so the cost does not grow with the games),
//! every version a bot. Kept in the `ratings` table, so a restart shows them at once, and each
//! version's rating over time in `rating_points` (a bounded number of points per version). The
//! ladder's order (`active_order`) is the one the board, `standings.csv` and `grades.csv` share.

use std::collections::BTreeMap;

use super::error::ServerError;
use super::state::Shared;
use crate::referee::Verdict;
use crate::tournament::{GameRow, StandingsRow, Tournament, standings_of};

/// The columns `stored_row` reads, in its order.
pub(super) const ROW_COLUMNS: &str = "id, pair, seed, swapped, a, b, score0, score1, winner, verdict, fault_kind,
    faulty, fault_detail, turns, duration_ms, log, replays";

/// A finished game read by `ROW_COLUMNS` as a row of `games.csv` (the game id is `g<id>`, the
/// deal number the pair's, `players` seats), each version named by `name`.
pub(super) fn stored_row(
    r: &rusqlite::Row,
    players: usize,
    name: &dyn Fn(Option<i64>) -> String,
) -> rusqlite::Result<GameRow> {
    let (a, b) = (name(Some(r.get(4)?)), name(Some(r.get(5)?)));
    let swapped: bool = r.get(3)?;
    let sides = if swapped { [&b, &a] } else { [&a, &b] };
    let seats: Vec<&str> = (0..players).map(|s| sides[s % 2].as_str()).collect();
    let verdict: String = r.get(9)?;
    Ok(GameRow {
        game_id: format!("g{}", r.get::<_, i64>(0)?),
        pairing: format!("{a}-{b}"),
        deal: r.get(1)?,
        seats: seats.join(" "),
        seed: r.get::<_, i64>(2)? as u64,
        score0: r.get(6)?,
        score1: r.get(7)?,
        winner: name(r.get(8)?),
        verdict: if verdict == "NOK" { Verdict::Nok } else { Verdict::Ok },
        fault_kind: r.get(10)?,
        faulty_bot: name(r.get(11)?),
        fault_detail: r.get(12)?,
        turns: r.get(13)?,
        duration_ms: r.get::<_, i64>(14)? as u64,
        log: r.get(15)?,
        replays: r.get(16)?,
        check: String::new(),
    })
}

/// The finished games still stored (ranked only, or all), as rows of `games.csv`, oldest
/// first: the admin's `games.csv` (the games folded into the sums are no longer in it).
pub fn game_rows(shared: &Shared, ranked_only: bool) -> Result<Vec<GameRow>, ServerError> {
    let conn = shared.db.read();
    let names: BTreeMap<i64, String> = conn
        .prepare("SELECT id, name FROM versions")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let name = |id: Option<i64>| id.and_then(|id| names.get(&id).cloned()).unwrap_or_default();
    let players = shared.course.tournament.players;
    let mut stmt = conn.prepare(&format!(
        "SELECT {ROW_COLUMNS} FROM games WHERE state = 'done' AND (ranked = 1 OR ?1 = 0) ORDER BY id"
    ))?;
    let rows = stmt.query_map([ranked_only], |r| stored_row(r, players, &name))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The ladder's standings: every version with ranked games, by the tournament's standings code
/// fed from the running sums (`sums::load`), never from the games' rows.
pub fn ladder_standings(shared: &Shared) -> Result<Vec<StandingsRow>, ServerError> {
    Ok(standings_from_sums(&shared.db.read(), &shared.course.tournament)?.0)
}

/// The standings of the course (`course`: its points) from the sums stored in `conn`, and how
/// many stored rows were read for them (the versions' and the pairs' sums: never the games).
pub(super) fn standings_from_sums(
    conn: &rusqlite::Connection,
    course: &Tournament,
) -> rusqlite::Result<(Vec<StandingsRow>, usize)> {
    let loaded = super::sums::load(conn)?;
    if loaded.names.len() < 2 {
        return Ok((Vec::new(), loaded.rows_read));
    }
    let names: Vec<&str> = loaded.names.iter().map(|(_, n)| n.as_str()).collect();
    Ok((standings_of(&course.points, &names, loaded.sums), loaded.rows_read))
}

/// The ladder's order, the one truth the board, `standings.csv` and `grades.csv` share: the
/// active versions (every house bot, each student's active version), best rating first,
/// versions without a rating last, ties by name.
pub fn active_order(conn: &rusqlite::Connection) -> rusqlite::Result<Vec<(i64, String)>> {
    let mut stmt = conn.prepare(
        "SELECT v.id, v.name FROM versions v LEFT JOIN ratings r ON r.version = v.id
         WHERE v.state = 'ready' AND (v.student IS NULL OR v.id IN
           (SELECT active_version FROM students WHERE on_roster = 1))
         ORDER BY r.elo IS NULL, r.elo DESC, v.name",
    )?;
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect()
}

/// The ladder's standings split in two: the active versions in the ladder's order, ranked 1, 2...
/// as on the board; and the retired versions (an older version of a student, a version of a
/// student no longer on the roster) that have ranked games, by rating, ranked apart.
pub fn standings_split(shared: &Shared) -> Result<(Vec<StandingsRow>, Vec<StandingsRow>), ServerError> {
    let mut all = ladder_standings(shared)?;
    let order = active_order(&shared.db.read())?;
    let mut active = Vec::new();
    for (_, name) in &order {
        if let Some(at) = all.iter().position(|l| &l.bot == name) {
            active.push(all.remove(at));
        }
    }
    for (i, line) in active.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    all.sort_by(|x, y| y.rating.elo.total_cmp(&x.rating.elo).then(x.bot.cmp(&y.bot)));
    for (i, line) in all.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    Ok((active, all))
}

/// Recomputes every version's rating from the sums of all ranked games and stores them in one
/// transaction.
pub fn recompute(shared: &Shared) -> Result<(), ServerError> {
    recompute_db(&shared.db, &shared.course.tournament)
}

/// `recompute` in the course database `db` of a course whose tournament is `course`.
pub(super) fn recompute_db(db: &super::db::Db, course: &Tournament) -> Result<(), ServerError> {
    let lines = standings_from_sums(&db.read(), course)?.0;
    let ids: BTreeMap<String, i64> = db
        .read()
        .prepare("SELECT name, id FROM versions")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    db.tx(|tx| {
        tx.execute("DELETE FROM ratings", [])?;
        for line in &lines {
            let Some(id) = ids.get(&line.bot) else { continue };
            tx.execute(
                "INSERT INTO ratings (version, elo, ci95, games, wins, draws, losses, faults)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                rusqlite::params![
                    id,
                    line.rating.elo,
                    if line.rating.ci95.is_finite() { line.rating.ci95 } else { 9999.0 },
                    line.games,
                    line.wins,
                    line.draws,
                    line.losses,
                    line.fault_count()
                ],
            )?;
        }
        record_points(tx, &lines, &ids, super::db::now())
    })
}

/// Ranked games a version plays between two of its points once it has played `games`: one a
/// game for its first twenty, then a tenth of its games, so that the points grow with the
/// logarithm of the games (87 at 10,000 games) and the table stays small however long the
/// semester; nothing needs pruning.
pub fn point_step(games: i64) -> i64 {
    (games / 10).max(1)
}

/// Adds a point (`at`, its games, its rating) for each version in `lines` that has played
/// `point_step` more ranked games since its last point (or has none). A version that plays no
/// more (retired, taken off) keeps its points: its line ends where it stopped.
fn record_points(
    tx: &rusqlite::Transaction,
    lines: &[StandingsRow],
    ids: &BTreeMap<String, i64>,
    at: i64,
) -> rusqlite::Result<()> {
    use rusqlite::OptionalExtension;
    let mut last = tx.prepare("SELECT MAX(games) FROM rating_points WHERE version = ?1")?;
    let mut add =
        tx.prepare("INSERT INTO rating_points (version, at, games, elo, ci95) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    for line in lines {
        let Some(id) = ids.get(&line.bot) else { continue };
        let games = line.games as i64;
        if games == 0 || !line.rating.elo.is_finite() {
            continue;
        }
        let before: Option<i64> = last.query_row([id], |r| r.get(0)).optional()?.flatten();
        if before.is_none_or(|b| games - b >= point_step(b)) {
            let ci = if line.rating.ci95.is_finite() { line.rating.ci95 } else { 9999.0 };
            add.execute(rusqlite::params![id, at, games, line.rating.elo, ci])?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Rating;

    fn line(bot: &str, games: u32, elo: f64) -> StandingsRow {
        StandingsRow {
            rank: 1,
            bot: bot.into(),
            games,
            wins: 0,
            draws: 0,
            losses: 0,
            points: 0.0,
            score_for: 0,
            score_against: 0,
            faults: BTreeMap::new(),
            rating: Rating { elo, ci95: 50.0 },
            pairs: None,
            pentanomial: [0; 5],
            margin: None,
        }
    }

    #[test]
    fn a_semester_of_games_keeps_few_points_per_version_and_a_retired_line_stops() {
        let dir = tempfile::tempdir().unwrap();
        let db = super::super::db::Db::open(dir.path()).unwrap();
        db.conn()
            .execute_batch(
                "INSERT INTO versions (id, name, number, uploaded, state) VALUES (1, 'ana.v1', 1, 0, 'ready');
                 INSERT INTO versions (id, name, number, uploaded, state) VALUES (2, 'ana.v2', 2, 0, 'ready');",
            )
            .unwrap();
        let ids: BTreeMap<String, i64> = [("ana.v1".to_string(), 1), ("ana.v2".to_string(), 2)].into();
        // v1 plays 30 games and retires; v2 plays 10,000 games, one rating update each.
        for n in 1..=10_000u32 {
            let mut lines = vec![line("ana.v2", n, 1500.0 + f64::from(n % 7))];
            lines.push(line("ana.v1", n.min(30), 1400.0));
            db.tx(|tx| record_points(tx, &lines, &ids, i64::from(n))).unwrap();
        }
        let points = |v: i64| -> Vec<(i64, i64)> {
            db.conn()
                .prepare("SELECT at, games FROM rating_points WHERE version = ?1 ORDER BY at")
                .unwrap()
                .query_map([v], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap()
        };
        let v2 = points(2);
        assert!(v2.len() <= 90, "{} points for 10,000 games", v2.len());
        assert_eq!(&v2[..10], &(1..=10).map(|n| (n, n)).collect::<Vec<_>>()[..], "a point a game at first");
        assert!(v2.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1), "monotone in time and games");
        assert!(v2.last().unwrap().1 > 9_000, "the line reaches the end: {:?}", v2.last());
        let v1 = points(1);
        assert_eq!(v1.last(), Some(&(30, 30)), "the retired version's line ends at its last game");
    }
}
