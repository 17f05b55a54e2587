//! The ladder: which game plays next (friendly games and ranked ones taking turns; the ranked
//! pairs drawn by compute spent, `draw.rs` and `fair.rs`), and one game of it played by the
//! tournament's own runner (`RefereeRunner`), its transcript and stderr logs (capped per seat)
//! kept compressed in `games/<id>/`, its result stored and added to the running sums
//! (`sums.rs`) in one transaction. Nothing starts while the server
//! is short of disk or files, and a game whose bot could not start for a reason of the server's
//! is played again, never scored. House bots join as versions.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rusqlite::{OptionalExtension, Transaction};

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

/// Takes the next game for this worker (marking it running), or none while the server is short
/// of disk or files (`Shared::short`). Friendly games and ranked ones take turns while both can
/// be played (`fair::lane`); the ranked game is the draw's (`draw::next_ranked`). Never a game
/// of a deal whose other game is running: the two games of a deal are played one after the
/// other (two copies of a bot could pass each other's hands).
pub fn claim(shared: &Shared) -> Result<Option<i64>, ServerError> {
    if shared.short()?.is_some() {
        return Ok(None);
    }
    let paused = shared.paused()? || shared.final_running.load(Ordering::SeqCst);
    let house: Vec<String> = shared.course.tournament.bots.iter().map(|b| b.name.clone()).collect();
    let owed = shared.friendly_owed.load(Ordering::SeqCst);
    let claimed = shared.db.tx(|tx| {
        // The bar's fixed deals go first: queued here, played before any drawn pair (`draw`
        // takes queued games first).
        if let Some(bar) = shared.course.bar.as_ref().filter(|_| !paused) {
            super::bar::queue_owed(tx, bar, now())?;
        }
        let next = |tx: &Transaction, ranked: bool| -> rusqlite::Result<Option<i64>> {
            tx.query_row(
                "SELECT id FROM games WHERE state = ?1 AND ranked = ?2
                 AND pair NOT IN (SELECT pair FROM games WHERE state = ?3) ORDER BY id LIMIT 1",
                rusqlite::params![QUEUED, ranked, RUNNING],
                |r| r.get(0),
            )
            .optional()
        };
        let friendly = next(tx, false)?;
        let ranked_open = !paused && (next(tx, true)?.is_some() || active_versions(tx)?.len() >= 2);
        let id = match super::fair::lane(friendly.is_some(), ranked_open, owed) {
            Some(super::fair::Lane::Friendly) => friendly.map(|id| (id, false)),
            Some(super::fair::Lane::Ranked) => {
                super::draw::next_ranked(tx, &house, shared.course.bar.as_ref(), shared.jobs)?
                    .map(|id| (id, true))
                    .or(friendly.map(|id| (id, false)))
            }
            None => None,
        };
        if let Some((id, _)) = id {
            tx.execute("UPDATE games SET state = ?1 WHERE id = ?2", rusqlite::params![RUNNING, id])?;
        }
        Ok(id)
    })?;
    if let Some((_, ranked)) = claimed {
        shared.friendly_owed.store(ranked, Ordering::SeqCst);
    }
    Ok(claimed.map(|(id, _)| id))
}

/// Queues one unranked game of `mine` against `other` (a student's "play now"), unless the
/// student already has the course's quota of friendly games waiting or running (`None`).
pub fn queue_friendly(shared: &Shared, mine: i64, other: i64) -> Result<Option<i64>, ServerError> {
    let seed: u64 = rand::random::<u64>() >> 11;
    let quota = shared.course.budget.friendly_queued as i64;
    let id = shared.db.tx(|tx| {
        let waiting: i64 = tx.query_row(
            "SELECT COUNT(*) FROM games WHERE ranked = 0 AND state IN (?1, ?2) AND a IN
             (SELECT id FROM versions WHERE student = (SELECT student FROM versions WHERE id = ?3))",
            rusqlite::params![QUEUED, RUNNING, mine],
            |r| r.get(0),
        )?;
        if waiting >= quota {
            return Ok(None);
        }
        let pair: i64 = tx.query_row("SELECT COALESCE(MAX(pair), 0) + 1 FROM games", [], |r| r.get(0))?;
        tx.execute(
            "INSERT INTO games (pair, seed, swapped, a, b, ranked, state, created) VALUES (?1, ?2, 0, ?3, ?4, 0, ?5, ?6)",
            rusqlite::params![pair, seed as i64, mine, other, QUEUED, now()],
        )?;
        Ok(Some(tx.last_insert_rowid()))
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
/// game (seats, seed) exactly as a tournament of these two would; anonymous seats; each seat's
/// stderr kept up to `stderr_cap` bytes (the log says where it was cut).
fn pair_tournament(course: &Tournament, names: [&str; 2], seed: u64, stderr_cap: u64) -> Tournament {
    let mut limits = course.limits.clone();
    limits.stderr_cap_bytes = limits.stderr_cap_bytes.min(stderr_cap);
    Tournament {
        limits,
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
    let (seed, swapped, a, b, bar_deal): (i64, bool, i64, i64, Option<i64>) =
        shared.db.conn().query_row("SELECT seed, swapped, a, b, bar_deal FROM games WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?;
    let bots = [version(shared, a)?, version(shared, b)?];
    let t = pair_tournament(
        &shared.course.tournament,
        [&bots[0].name, &bots[1].name],
        seed as u64,
        shared.course.budget.stderr_bytes,
    );
    let mut game =
        Schedule::new(&t, SeedKey::Fixed(seed as u64)).get(usize::from(swapped)).expect("a deal of two games");
    // A fixed deal of the bar is dealt from its own seed, whoever plays it (`bar::deal_seed`).
    if bar_deal.is_some() {
        game.seed = seed as u64;
    }
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
    // Kept compressed (`record::packed`): every reader takes the plain files' paths as before.
    if !matches!(result, Err(PlayError::Cancelled))
        && let Err(e) = crate::record::packed::pack_folder(&dir)
    {
        eprintln!("juiz serve: game {id}: its files stay uncompressed: {e}");
    }
    // A bot that could not start because the server lacked files or disk did nothing wrong:
    // the game is played again later, never scored (`disk::host_caused`).
    let host = match &result {
        Ok(p) => p.result.fault.as_ref().filter(|f| f.kind == "spawn" && super::disk::host_caused(&f.detail)).is_some(),
        Err(PlayError::Failed(message)) => super::disk::host_caused(message),
        Err(PlayError::Cancelled) => false,
    };
    if host {
        shared.host_fault();
        shared.db.tx(|tx| tx.execute("UPDATE games SET state = ?1 WHERE id = ?2", rusqlite::params![QUEUED, id]))?;
        return Ok(());
    }
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
                // Its numbers join the running sums in the same transaction (`sums.rs`).
                super::sums::add_game(tx, id)?;
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
