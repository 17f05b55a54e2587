//! The ladder: which pair plays next (new versions and uncertain ratings first, opponents of
//! close rating, each deal played twice with the seats swapped), and one game of it played by
//! the tournament's own runner (`RefereeRunner`), its transcript and stderr logs kept in
//! `games/<id>/`, its result stored in one transaction. House bots join as versions.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rusqlite::{OptionalExtension, Transaction};

use super::bar::Bar;
use super::db::now;
use super::error::ServerError;
use super::state::Shared;
use crate::bot::{BotCommand, build_c};
use crate::tournament::{
    BotRun, BotSpec, GameSetup, PlayError, PreparedBot, RefereeRunner, Schedule, SeedKey, Tournament, is_host_problem,
    one_line, play_replaying,
};

/// A game's states, as stored.
pub const QUEUED: &str = "queued";
pub const RUNNING: &str = "running";
pub const DONE: &str = "done";
pub const ERROR: &str = "error";

/// Makes the course's house bots ready (built, commands resolved) and records each as a version
/// of no student, active from the start.
pub fn register_house_bots(shared: &Shared) -> Result<Vec<String>, ServerError> {
    let mut problems = Vec::new();
    for spec in &shared.course.tournament.bots {
        let argv = match &spec.run {
            // A house bot of the game (`house:LEVEL`, or the file's `"house"` key): juiz itself.
            BotRun::Command(text) if crate::house::house_level(text).is_some() => {
                let tournament = &shared.course.tournament;
                crate::house::house_level(text)
                    .expect("checked")
                    .and_then(|level| crate::house::house_argv(level, tournament.game, &tournament.rules))
            }
            BotRun::Command(text) => {
                BotCommand::parse(text).and_then(BotCommand::resolve).map(|c| c.argv).map_err(|e| e.to_string())
            }
            BotRun::Build(source) => build_c(source, &shared.data().join("build"))
                .map(|b| vec![b.display().to_string()])
                .map_err(|e| e.to_string()),
            BotRun::Unusable(why) => Err(why.clone()),
        };
        let argv = match argv {
            Ok(argv) => argv,
            Err(e) => {
                problems.push(format!("house bot {}: {e}", spec.name));
                continue;
            }
        };
        let argv = serde_json::to_string(&argv).expect("strings serialize");
        shared.db.tx(|tx| {
            tx.execute(
                "INSERT INTO versions (student, name, number, uploaded, state, argv) VALUES (NULL, ?1, 0, ?2, 'ready', ?3)
                 ON CONFLICT(name) DO UPDATE SET argv = ?3, state = 'ready'",
                rusqlite::params![spec.name, now(), argv],
            )
        })?;
    }
    Ok(problems)
}

/// After a restart: the games and checks that were running when the server stopped start again.
pub fn requeue_interrupted(shared: &Shared) -> Result<(usize, usize), ServerError> {
    shared.db.tx(|tx| {
        let games = tx.execute("UPDATE games SET state = ?1 WHERE state = ?2", [QUEUED, RUNNING])?;
        let versions =
            tx.execute("UPDATE versions SET state = 'queued' WHERE state IN ('building', 'checking')", [])?;
        Ok((games, versions))
    })
}

/// The versions in the ladder: every house bot and each student's active version.
pub fn active_versions(tx: &rusqlite::Connection) -> rusqlite::Result<Vec<(i64, String)>> {
    let mut stmt = tx.prepare(
        "SELECT id, name FROM versions WHERE state = 'ready' AND (student IS NULL OR id IN
         (SELECT active_version FROM students WHERE on_roster = 1)) ORDER BY id",
    )?;
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect()
}

/// Takes the next game for this worker (marking it running): games asked for by a student first,
/// then the ladder's, never one whose deal's other game is running; when the ladder has none
/// queued and is not paused, a new pair is drawn.
pub fn claim(shared: &Shared) -> Result<Option<i64>, ServerError> {
    let paused = shared.paused()? || shared.final_running.load(std::sync::atomic::Ordering::SeqCst);
    let house: Vec<String> = shared.course.tournament.bots.iter().map(|b| b.name.clone()).collect();
    shared.db.tx(|tx| {
        let next = |tx: &Transaction| -> rusqlite::Result<Option<i64>> {
            // Never a game of a deal whose other game is running: the two games of a deal are
            // played one after the other (two copies of a bot could pass each other's hands).
            tx.query_row(
                "SELECT id FROM games WHERE state = ?1 AND (ranked = 0 OR ?2 = 0)
                 AND pair NOT IN (SELECT pair FROM games WHERE state = ?3) ORDER BY ranked, id LIMIT 1",
                rusqlite::params![QUEUED, paused, RUNNING],
                |r| r.get(0),
            )
            .optional()
        };
        let mut id = next(tx)?;
        if id.is_none() && !paused && draw_pair(tx, &house, shared.course.bar.as_ref())? {
            id = next(tx)?;
        }
        if let Some(id) = id {
            tx.execute("UPDATE games SET state = ?1 WHERE id = ?2", rusqlite::params![RUNNING, id])?;
        }
        Ok(id)
    })
}

/// Chooses an informative pair and queues its two games (one deal, the seats swapped): the
/// student's version with the fewest games (the most uncertain rating among equals) against the closest
/// rated opponent it has met least, or the course's bar while it has played fewer games against
/// it than the bar asks for. Returns false when no student's version is active or fewer than two
/// versions are.
fn draw_pair(tx: &Transaction, house: &[String], bar: Option<&Bar>) -> rusqlite::Result<bool> {
    let players = active_versions(tx)?;
    if players.len() < 2 {
        return Ok(false);
    }
    let mut games: BTreeMap<i64, i64> = BTreeMap::new();
    let mut met: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    let mut stmt = tx.prepare("SELECT a, b FROM games WHERE ranked = 1 AND state != ?1")?;
    for pair in stmt.query_map([ERROR], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))? {
        let (a, b) = pair?;
        *games.entry(a).or_default() += 1;
        *games.entry(b).or_default() += 1;
        *met.entry((a.min(b), a.max(b))).or_default() += 1;
    }
    let mut rating: BTreeMap<i64, (f64, f64)> = BTreeMap::new();
    let mut stmt = tx.prepare("SELECT version, elo, ci95 FROM ratings")?;
    for r in stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, f64>(1)?, r.get::<_, f64>(2)?)))? {
        let (v, elo, ci) = r?;
        rating.insert(v, (elo, if ci.is_finite() { ci } else { 1000.0 }));
    }
    let of = |v: i64| rating.get(&v).copied().unwrap_or((1500.0, 1000.0));
    let count = |v: i64| games.get(&v).copied().unwrap_or(0);
    // House bots meet students, never each other alone: a pair has a student's version.
    let students: Vec<i64> = players.iter().filter(|p| !house.contains(&p.1)).map(|p| p.0).collect();
    let Some(first) = students
        .iter()
        .copied()
        .min_by(|&x, &y| count(x).cmp(&count(y)).then(of(y).1.total_cmp(&of(x).1)).then(x.cmp(&y)))
    else {
        return Ok(false);
    };
    let seed: u64 = rand::random::<u64>() >> 11;
    let cost = |y: i64| {
        let times = met.get(&(first.min(y), first.max(y))).copied().unwrap_or(0) as f64;
        (of(first).0 - of(y).0).abs() + 150.0 * times + (seed.wrapping_mul(y as u64 + 7) % 97) as f64
    };
    let bar_first = match bar {
        Some(bar) => match super::bar::bar_version(tx, bar)?.filter(|id| players.iter().any(|p| p.0 == *id)) {
            Some(id) if super::bar::games_against(tx, id, first)? < bar.games => Some(id),
            _ => None,
        },
        None => None,
    };
    let second = bar_first.unwrap_or_else(|| {
        players.iter().map(|p| p.0).filter(|&y| y != first).min_by(|&x, &y| cost(x).total_cmp(&cost(y))).expect("two")
    });
    let pair: i64 = tx.query_row("SELECT COALESCE(MAX(pair), 0) + 1 FROM games", [], |r| r.get(0))?;
    for swapped in [0, 1] {
        tx.execute(
            "INSERT INTO games (pair, seed, swapped, a, b, ranked, state, created) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7)",
            rusqlite::params![pair, seed as i64, swapped, first, second, QUEUED, now()],
        )?;
    }
    Ok(true)
}

/// Queues one unranked game of `mine` against `other` (a student's "play now").
pub fn queue_friendly(shared: &Shared, mine: i64, other: i64) -> Result<i64, ServerError> {
    let seed: u64 = rand::random::<u64>() >> 11;
    let id = shared.db.tx(|tx| {
        let pair: i64 = tx.query_row("SELECT COALESCE(MAX(pair), 0) + 1 FROM games", [], |r| r.get(0))?;
        tx.execute(
            "INSERT INTO games (pair, seed, swapped, a, b, ranked, state, created) VALUES (?1, ?2, 0, ?3, ?4, 0, ?5, ?6)",
            rusqlite::params![pair, seed as i64, mine, other, QUEUED, now()],
        )?;
        Ok(tx.last_insert_rowid())
    })?;
    shared.wake();
    Ok(id)
}

/// A bot of a stored game: its version's name and command.
fn version(shared: &Shared, id: i64) -> Result<PreparedBot, ServerError> {
    let (name, argv): (String, String) =
        shared
            .db
            .conn()
            .query_row("SELECT name, argv FROM versions WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let argv: Vec<String> = serde_json::from_str(&argv).unwrap_or_default();
    Ok(PreparedBot { display: name.clone(), name, argv, workdir: None, broken: None })
}

/// A bot of a tournament that is only named: enough for the schedule and the standings, which
/// know bots by name (the server runs versions from their stored commands).
pub(super) fn name_only(name: &str) -> BotSpec {
    BotSpec {
        name: name.to_string(),
        run: BotRun::Command(String::new()),
        workdir: None,
        limits_config: None,
        limits: None,
    }
}

/// The course's tournament narrowed to one deal of two bots with `seed`: its schedule gives the
/// game (seats, seed) exactly as a tournament of these two would; anonymous seats.
fn pair_tournament(course: &Tournament, names: [&str; 2], seed: u64) -> Tournament {
    Tournament {
        seed: Some(seed),
        format: crate::tournament::Format::RoundRobin,
        games_per_pairing: 2,
        duplicate: true,
        // Graded: the bots learn seat ids only (issue 34).
        anonymous_seats: true,
        bots: vec![name_only(names[0]), name_only(names[1])],
        ..course.clone()
    }
}

/// Plays stored game `id` and records its result (or puts it back in the queue when stopping).
pub fn play(shared: &Shared, id: i64) -> Result<(), ServerError> {
    let (seed, swapped, a, b): (i64, bool, i64, i64) =
        shared.db.conn().query_row("SELECT seed, swapped, a, b FROM games WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?;
    let bots = [version(shared, a)?, version(shared, b)?];
    let t = pair_tournament(&shared.course.tournament, [&bots[0].name, &bots[1].name], seed as u64);
    let game = Schedule::new(&t, SeedKey::Fixed(seed as u64)).get(usize::from(swapped)).expect("a deal of two games");
    let dir = shared.data().join("games").join(id.to_string());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(ServerError::io(&dir))?;
    let seats: Vec<&PreparedBot> =
        game.seats().iter().map(|name| bots.iter().find(|b| b.name == *name).expect("a seat's bot")).collect();
    let cancel: Arc<AtomicBool> = shared.stop.clone();
    let log = dir.join(format!("{}.csv", game.id()));
    let setup =
        GameSetup { tournament: &t, game: &game, seats, log: log.clone(), stderr_dir: dir.clone(), cancel: &cancel };
    // A game the host spoils is played again (`tournament::play_replaying`), and void if it
    // stays spoiled: no winner, and the ratings count it for nobody.
    let result = play_replaying(&RefereeRunner, &setup);
    let id_of = |name: &str| if name == bots[0].name { a } else { b };
    let log_rel = log.strip_prefix(shared.data()).unwrap_or(&log).display().to_string();
    shared.db.tx(|tx| {
        match &result {
            Ok(played) => {
                let r = &played.result;
                let void = r.fault.as_ref().is_some_and(|f| is_host_problem(&f.kind));
                let winner = r.winner.filter(|_| !void).map(|side| id_of(game.sides()[side]));
                let (kind, faulty, detail) = match &r.fault {
                    Some(f) => (f.kind.clone(), Some(id_of(game.seats()[f.seat])), one_line(&f.detail)),
                    None => (String::new(), None, String::new()),
                };
                tx.execute(
                    "UPDATE games SET state = ?1, finished = ?2, score0 = ?3, score1 = ?4, winner = ?5, verdict = ?6,
                     fault_kind = ?7, faulty = ?8, fault_detail = ?9, turns = ?10, duration_ms = ?11, log = ?12,
                     replays = ?14
                     WHERE id = ?13",
                    rusqlite::params![
                        DONE,
                        now(),
                        r.scores[0],
                        r.scores[1],
                        winner,
                        if r.fault.is_some() { "NOK" } else { "OK" },
                        kind,
                        faulty,
                        detail,
                        r.turns,
                        r.duration.as_millis() as i64,
                        log_rel,
                        id,
                        one_line(&played.note())
                    ],
                )?;
            }
            Err(PlayError::Cancelled) => {
                tx.execute("UPDATE games SET state = ?1 WHERE id = ?2", rusqlite::params![QUEUED, id])?;
            }
            Err(PlayError::Failed(message)) => {
                tx.execute(
                    "UPDATE games SET state = ?1, finished = ?2, fault_detail = ?3 WHERE id = ?4",
                    rusqlite::params![ERROR, now(), one_line(message), id],
                )?;
            }
        }
        Ok(())
    })?;
    if result.is_ok() {
        super::ratings::recompute(shared)?;
    }
    Ok(())
}
