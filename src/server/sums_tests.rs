//! Tests of the running sums (`sums.rs`): they equal a recount from the rows after a mix of
//! games (wins, draws, faults, a game lost by both, a void game, a game played again, a deal
//! finished in reverse order, a game that ended in a server error, a friendly game); the
//! standings made from them are the tournament's own from the same rows; the ratings read a
//! number of rows that does not grow with the games; and folding old rows changes no number.

use std::collections::BTreeMap;

use rusqlite::{Connection, params};

use super::db::Db;
use super::ratings::{ROW_COLUMNS, standings_from_sums, stored_row};
use super::sums::{add_game, rebuild};
use crate::tournament::{StandingsRow, Tournament};

/// A course database: version 1 the house bot, 2 to 4 students' versions.
fn course() -> (tempfile::TempDir, Db) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path()).unwrap();
    db.conn()
        .execute_batch(
            "INSERT INTO students (id, name, active_version) VALUES ('ana', 'Ana', 2), ('bia', 'Bia', 3),
               ('caio', 'Caio', 4);
             INSERT INTO versions (id, student, name, number, uploaded, state) VALUES
               (1, NULL, 'house', 0, 0, 'ready'), (2, 'ana', 'ana.v1', 1, 0, 'ready'),
               (3, 'bia', 'bia.v1', 1, 0, 'ready'), (4, 'caio', 'caio.v1', 1, 0, 'ready');",
        )
        .unwrap();
    (dir, db)
}

/// Queues a deal of `a` against `b` (two games, the seats swapped, `ranked`); their ids.
fn deal(conn: &Connection, a: i64, b: i64, ranked: bool, at: i64) -> [i64; 2] {
    let pair: i64 = conn.query_row("SELECT COALESCE(MAX(pair), 0) + 1 FROM games", [], |r| r.get(0)).unwrap();
    [0, 1].map(|swapped| {
        conn.execute(
            "INSERT INTO games (pair, seed, swapped, a, b, ranked, state, created) VALUES (?1, 7, ?2, ?3, ?4, ?5, 'queued', ?6)",
            params![pair, swapped, a, b, ranked, at],
        )
        .unwrap();
        conn.last_insert_rowid()
    })
}

/// Records game `id` as the ladder does (`ladder::play`): its result, then the sums, in one
/// transaction. `fault`: (kind, faulty version).
fn finish(db: &Db, id: i64, winner: Option<i64>, scores: [i64; 2], fault: Option<(&str, i64)>, at: i64) {
    db.tx(|tx| {
        tx.execute(
            "UPDATE games SET state = 'done', finished = ?2, score0 = ?3, score1 = ?4, winner = ?5,
               verdict = ?6, fault_kind = ?7, faulty = ?8, turns = 10, duration_ms = ?9 WHERE id = ?1",
            params![
                id,
                at,
                scores[0],
                scores[1],
                winner,
                if fault.is_some() { "NOK" } else { "OK" },
                fault.map_or("", |f| f.0),
                fault.map(|f| f.1),
                100 + id * 7
            ],
        )?;
        add_game(tx, id)
    })
    .unwrap();
}

/// The sums' tables as text, to compare.
fn tables(conn: &Connection) -> String {
    tables_of(conn, &["SELECT * FROM version_sums ORDER BY version", "SELECT * FROM pair_sums ORDER BY lo, hi"])
}

/// What `queries` read, as text.
fn tables_of(conn: &Connection, queries: &[&str]) -> String {
    let mut out = String::new();
    for sql in queries {
        let mut stmt = conn.prepare(sql).unwrap();
        let n = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                Ok((0..n)
                    .map(|i| format!("{:?}", r.get::<_, rusqlite::types::Value>(i).unwrap()))
                    .collect::<Vec<_>>()
                    .join(","))
            })
            .unwrap();
        for row in rows {
            out += &row.unwrap();
            out.push('\n');
        }
    }
    out
}

/// The mix: every kind of result, deals finished in either order.
fn play_mix(db: &Db) {
    let conn = || db.conn();
    let d1 = deal(&conn(), 2, 3, true, 100);
    finish(db, d1[0], Some(2), [120, 40], None, 110);
    finish(db, d1[1], None, [70, 70], None, 111);
    let d2 = deal(&conn(), 2, 4, true, 101);
    finish(db, d2[0], Some(4), [0, 0], Some(("timeout", 2)), 112);
    finish(db, d2[1], Some(2), [90, 10], None, 113);
    // A void game: spoiled by the host on every attempt, counted for nobody; its deal no pair.
    let d3 = deal(&conn(), 3, 1, true, 102);
    finish(db, d3[0], None, [0, 0], Some(("timeout-overload", 3)), 114);
    finish(db, d3[1], Some(3), [50, 20], None, 115);
    // Lost by both (a fault, no winner); its deal's other game played again after a server
    // shortage (back to the queue, then played).
    let d4 = deal(&conn(), 3, 4, true, 103);
    finish(db, d4[0], None, [0, 0], Some(("crash", 3)), 116);
    conn().execute("UPDATE games SET state = 'running' WHERE id = ?1", [d4[1]]).unwrap();
    conn().execute("UPDATE games SET state = 'queued' WHERE id = ?1", [d4[1]]).unwrap();
    // A deal finished in reverse order.
    let d5 = deal(&conn(), 2, 3, true, 104);
    finish(db, d5[1], Some(3), [10, 80], None, 117);
    finish(db, d5[0], Some(3), [15, 85], None, 118);
    finish(db, d4[1], Some(4), [30, 60], None, 119);
    // A game that ended in a server error (not counted), the other counted alone.
    let d6 = deal(&conn(), 4, 1, true, 105);
    conn()
        .execute("UPDATE games SET state = 'error', finished = 120, fault_detail = 'x' WHERE id = ?1", [d6[0]])
        .unwrap();
    finish(db, d6[1], Some(1), [5, 95], None, 121);
    // A friendly game: in no sum.
    let f = deal(&conn(), 2, 1, false, 106);
    finish(db, f[0], Some(2), [99, 1], None, 122);
    // Recording a game twice adds it once.
    db.tx(|tx| add_game(tx, d1[0])).unwrap();
}

/// The tournament's standings of the finished ranked rows stored, read as `games.csv` rows.
fn standings_of_rows(conn: &Connection) -> Vec<StandingsRow> {
    let names: BTreeMap<i64, String> = conn
        .prepare("SELECT id, name FROM versions")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    let name = |id: Option<i64>| id.and_then(|id| names.get(&id).cloned()).unwrap_or_default();
    let rows: Vec<_> = conn
        .prepare(&format!("SELECT {ROW_COLUMNS} FROM games WHERE state = 'done' AND ranked = 1 ORDER BY id"))
        .unwrap()
        .query_map([], |r| stored_row(r, 2, &name))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    let mut played: Vec<String> = rows.iter().flat_map(|r| r.seat_bots()).map(String::from).collect();
    played.sort();
    played.dedup();
    let t = Tournament { bots: played.iter().map(|n| super::ladder::name_only(n)).collect(), ..tournament() };
    crate::tournament::standings(&t, &rows)
}

fn tournament() -> Tournament {
    let json = r#"{"name": "t", "game": "itp-buraco", "games_per_pairing": 2,
        "bots": [{"name": "x", "command": "true"}, {"name": "y", "command": "true"}]}"#;
    Tournament::parse(json, false).unwrap()
}

#[test]
fn the_sums_equal_a_recount_from_the_rows_after_a_mix_of_games() {
    let (_dir, db) = course();
    play_mix(&db);
    let kept = tables(&db.conn());
    assert!(kept.contains("timeout\\\":1"), "the fault is counted: {kept}");
    db.tx(|tx| rebuild(tx)).unwrap();
    assert_eq!(tables(&db.conn()), kept, "the running sums are the recount's");
    // And the standings made from them are the tournament's own from the same rows: every
    // count, the ratings, the pairs' points and margins.
    let (from_sums, _) = standings_from_sums(&db.conn(), &tournament()).unwrap();
    let from_rows = standings_of_rows(&db.conn());
    assert_eq!(from_sums, from_rows);
    let ana = from_sums.iter().find(|l| l.bot == "ana.v1").unwrap();
    assert_eq!((ana.games, ana.wins, ana.draws, ana.losses, ana.fault_count()), (6, 2, 1, 3, 1), "{ana:?}");
    let bia = from_sums.iter().find(|l| l.bot == "bia.v1").unwrap();
    // bia: d1 (L, D), d3 (void, W), d4 (lost by both, L), d5 (W, W): pairs d1, d4 and d5.
    assert_eq!((bia.games, bia.wins, bia.draws, bia.losses), (7, 3, 1, 3), "{bia:?}");
    assert_eq!(bia.pentanomial, [1, 1, 0, 0, 1], "{bia:?}");
    assert_eq!(bia.faults.get("timeout-overload"), None, "a void game counts for nobody");
}

#[test]
fn the_ratings_read_as_many_rows_for_a_thousand_games_as_for_ten() {
    let (_dir, db) = course();
    let play = |n: usize| {
        for k in 0..n {
            let (a, b) = [(2, 3), (3, 4), (2, 4), (4, 1)][k % 4];
            let ids = deal(&db.conn(), a, b, true, k as i64);
            finish(&db, ids[0], Some(a), [10, 5], None, k as i64);
            finish(&db, ids[1], if k % 3 == 0 { None } else { Some(b) }, [3, 3], None, k as i64);
        }
    };
    play(5);
    let (lines, few) = standings_from_sums(&db.conn(), &tournament()).unwrap();
    assert_eq!(lines.iter().map(|l| l.games).sum::<u32>(), 20);
    play(495);
    let (lines, many) = standings_from_sums(&db.conn(), &tournament()).unwrap();
    assert_eq!(lines.iter().map(|l| l.games).sum::<u32>(), 2000);
    // Four versions and four pairs, however many games.
    assert_eq!((few, many), (8, 8));
}

#[test]
fn folding_old_rows_changes_no_number() {
    let (dir, db) = course();
    play_mix(&db);
    // An hour of more games later (the window's games are never folded).
    for k in 0..40 {
        let ids = deal(&db.conn(), [2, 3, 4][k % 3], 1, true, 5000 + k as i64);
        finish(&db, ids[0], Some(1), [1, 2], None, 5000);
        finish(&db, ids[1], None, [2, 2], None, 5001);
    }
    let snapshot = |db: &Db| {
        super::ratings::recompute_db(db, &tournament()).unwrap();
        let conn = db.conn();
        let ratings = tables_of(&conn, &["SELECT * FROM ratings ORDER BY version"]);
        let (lines, _) = standings_from_sums(&conn, &tournament()).unwrap();
        let csv = crate::tournament::standings_csv(&lines);
        let order = super::ratings::active_order(&conn).unwrap();
        let grades = super::grades::grades_csv(&conn, None, &BTreeMap::new()).unwrap();
        (lines, csv, order, grades, ratings, super::sums::ranked_games(&conn).unwrap())
    };
    let before = snapshot(&db);
    let rows = |db: &Db| db.conn().query_row("SELECT COUNT(*) FROM games", [], |r| r.get::<_, i64>(0)).unwrap();
    let all = rows(&db);
    // Pruning keeps the files of each version's last two games, and folds the other rows.
    super::disk::prune(&db.conn(), dir.path(), 2).unwrap();
    assert!(rows(&db) < all - 40, "{} of {all} rows left", rows(&db));
    assert_eq!(snapshot(&db), before);
    // A game still to play keeps its deal's other game; the newest game stays.
    let d = deal(&db.conn(), 2, 3, true, 9000);
    finish(&db, d[0], Some(2), [1, 0], None, 9000);
    db.conn().execute("UPDATE games SET pruned = 1", []).unwrap();
    super::disk::fold(&db.conn(), 100_000).unwrap();
    let left: Vec<i64> = db
        .conn()
        .prepare("SELECT id FROM games")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert!(left.contains(&d[0]) && left.contains(&d[1]), "{left:?}");
    finish(&db, d[1], Some(3), [0, 1], None, 9001);
    let after = snapshot(&db);
    assert_eq!(after.5, before.5 + 2);
    assert_eq!(before.4.lines().count(), 4, "every version rated: {}", before.4);
}
