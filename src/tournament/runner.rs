//! Runs a tournament: the results directory checked (or resumed), bots built, the games of the
//! schedule (or shard) played in a rayon pool, each finished row handed to the one thread that
//! appends `games.csv`, then `games.csv` put in schedule order and the standings rewritten.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use rayon::prelude::*;

use super::bots::{PreparedBot, prepare};
use super::config::Tournament;
use super::error::TournamentError;
use super::progress::Progress;
use super::rows::{Appender, GameRow, encode_all, read_games, repair_games, write_atomic};
use super::schedule::{ScheduledGame, Shard, schedule};
use super::standings::{standings, standings_csv};
use super::summary::{Summary, summarize};

/// How to run a tournament (the command-line flags).
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Games played at once; `None`: the number of cores.
    pub jobs: Option<usize>,
    /// Results directory; `None`: `results/<name>/`.
    pub out: Option<PathBuf>,
    /// Continue in a results directory that already holds games of this tournament.
    pub resume: bool,
    /// Play only this shard of the schedule; `None`: all of it.
    pub shard: Option<Shard>,
}

/// Everything needed to play one game.
pub struct GameSetup<'a> {
    pub tournament: &'a Tournament,
    pub game: &'a ScheduledGame,
    /// The bot at each seat.
    pub seats: Vec<&'a PreparedBot>,
    /// Where the game's transcript goes (`games/<id>.csv`).
    pub log: PathBuf,
    /// Where the per-seat stderr logs go (`games/`, as `<id>.seat<N>.stderr`).
    pub stderr_dir: PathBuf,
    /// Set when the run must stop: the game ends at once and its bots are killed.
    pub cancel: &'a Arc<AtomicBool>,
}

/// A seat's fault, as the referee recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatFault {
    pub seat: usize,
    /// The fault kind's kebab-case name (`timeout`, `crash`, `illegal`...).
    pub kind: String,
    pub detail: String,
}

/// What a played game gives the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// Score of side 0 and side 1.
    pub scores: [i64; 2],
    /// The winning side; `None` is a draw.
    pub winner: Option<usize>,
    pub fault: Option<SeatFault>,
    pub turns: u32,
    pub duration: Duration,
}

/// Why a game gave no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// Stopped by the cancel flag: no row is written, a resume plays it again.
    Cancelled,
    /// The harness failed (not a bot): the run stops and reports it.
    Failed(String),
}

/// Plays one game: the referee in real runs, a fake in tests.
pub trait GameRunner: Sync {
    fn play(&self, setup: &GameSetup) -> Result<GameResult, PlayError>;
}

impl<F> GameRunner for F
where
    F: Fn(&GameSetup) -> Result<GameResult, PlayError> + Sync,
{
    fn play(&self, setup: &GameSetup) -> Result<GameResult, PlayError> {
        self(setup)
    }
}

/// The results directory of a run.
pub fn out_dir(t: &Tournament, opts: &RunOptions) -> PathBuf {
    opts.out.clone().unwrap_or_else(|| Path::new("results").join(&t.name))
}

/// Runs `t` with `runner` playing each game. Rows already in `games.csv` are kept with `resume`
/// (a torn last line cut off); setting `cancel` stops the run cleanly: running games are
/// cancelled and leave no row, every file stays whole, and a resume finishes the job.
pub fn run_with(
    t: &Tournament,
    opts: &RunOptions,
    progress: &dyn Progress,
    cancel: Arc<AtomicBool>,
    runner: &dyn GameRunner,
) -> Result<Summary, TournamentError> {
    let out = out_dir(t, opts);
    let games_dir = out.join("games");
    std::fs::create_dir_all(&games_dir).map_err(TournamentError::io(&games_dir))?;
    let schedule = schedule(t);
    let games_csv = out.join("games.csv");
    let shard = opts.shard.unwrap_or(Shard::ALL);
    claim_dir(t, &out, &games_csv, opts.resume, schedule.iter().filter(|g| shard.contains(g)).count())?;
    let (done_rows, _torn) = repair_games(&games_csv)?;
    check_rows_belong(&schedule, &done_rows, &out)?;
    let done: BTreeSet<&str> = done_rows.iter().map(|r| r.game_id.as_str()).collect();
    let mine: Vec<&ScheduledGame> = schedule.iter().filter(|g| shard.contains(g)).collect();
    let todo: Vec<&ScheduledGame> = mine.iter().copied().filter(|g| !done.contains(g.id().as_str())).collect();

    let bots = if todo.is_empty() {
        Vec::new()
    } else {
        prepare(&t.bots, &out.join("build"), &mut |bot, message| progress.build_failed(bot, message))
    };
    progress.started(mine.len(), mine.len() - todo.len());
    let jobs = opts.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| TournamentError::Game { id: "-".into(), message: format!("cannot start the pool: {e}") })?;
    let stop = AtomicBool::new(false);
    let failure: Mutex<Option<TournamentError>> = Mutex::new(None);
    let fail = |e: TournamentError| {
        stop.store(true, Ordering::SeqCst);
        failure.lock().expect("no panic while holding it").get_or_insert(e);
    };

    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<GameRow>();
        let writer = scope.spawn(|| {
            let mut appender = match Appender::open(&games_csv) {
                Ok(a) => a,
                Err(e) => return fail(e),
            };
            for row in rx {
                if let Err(e) = appender.append(&row) {
                    return fail(e);
                }
                progress.game_finished(&row);
            }
            if let Err(e) = appender.sync() {
                fail(e);
            }
        });
        pool.install(|| {
            todo.iter().par_bridge().for_each_with(tx, |tx, game| {
                if cancel.load(Ordering::SeqCst) || stop.load(Ordering::SeqCst) {
                    return;
                }
                let seats: Vec<&PreparedBot> = game
                    .seats()
                    .into_iter()
                    .map(|name| bots.iter().find(|b| b.name == name).expect("seats name bots of the tournament"))
                    .collect();
                let row = if let Some(seat) = seats.iter().position(|b| b.broken.is_some()) {
                    unplayed_row(game, &seats, seat)
                } else {
                    let setup = GameSetup {
                        tournament: t,
                        game,
                        seats,
                        log: games_dir.join(format!("{}.csv", game.id())),
                        stderr_dir: games_dir.clone(),
                        cancel: &cancel,
                    };
                    match runner.play(&setup) {
                        Ok(result) => played_row(game, &result),
                        Err(PlayError::Cancelled) => return,
                        Err(PlayError::Failed(message)) => {
                            return fail(TournamentError::Game { id: game.id(), message });
                        }
                    }
                };
                // A game that ends while the run is being cancelled may have been cut short.
                if !cancel.load(Ordering::SeqCst) {
                    let _ = tx.send(row);
                }
            });
        });
        let _ = writer.join();
    });
    progress.finished();

    let rows = finish_files(t, &out, &schedule)?;
    if let Some(e) = failure.into_inner().expect("no panic while holding it") {
        return Err(e);
    }
    let finished: BTreeSet<&str> = rows.iter().map(|r| r.game_id.as_str()).collect();
    let done = mine.iter().filter(|g| finished.contains(g.id().as_str())).count();
    Ok(summarize(t, &out, &rows, (mine.len(), done), cancel.load(Ordering::SeqCst)))
}

/// Checks that `out` is free for `t`, or holds `t`'s results and `resume` is set, or holds all
/// `games` of this run already (running it again then plays nothing and reports the results);
/// writes `tournament.json` on first use.
fn claim_dir(t: &Tournament, out: &Path, games_csv: &Path, resume: bool, games: usize) -> Result<(), TournamentError> {
    let config = out.join("tournament.json");
    let json = t.to_json();
    match std::fs::read_to_string(&config) {
        Ok(existing) if existing != json => {
            return Err(TournamentError::DifferentTournament { dir: out.to_path_buf() });
        }
        Ok(_) => {
            let recorded = read_games(games_csv)?.len();
            if !resume && recorded > 0 && recorded < games {
                return Err(TournamentError::AlreadyStarted { dir: out.to_path_buf() });
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if games_csv.exists() {
                return Err(TournamentError::DifferentTournament { dir: out.to_path_buf() });
            }
            write_atomic(&config, json.as_bytes())?;
        }
        Err(e) => return Err(TournamentError::io(&config)(e)),
    }
    Ok(())
}

/// Every row of `dir`'s `games.csv` must be a game of the schedule, once.
pub(super) fn check_rows_belong(
    schedule: &[ScheduledGame],
    rows: &[GameRow],
    dir: &Path,
) -> Result<(), TournamentError> {
    let ids: BTreeSet<String> = schedule.iter().map(ScheduledGame::id).collect();
    let mut seen = BTreeSet::new();
    let path = || dir.join("games.csv");
    for row in rows {
        if !ids.contains(row.game_id.as_str()) {
            return Err(TournamentError::UnknownGame { path: path(), id: row.game_id.clone() });
        }
        if !seen.insert(row.game_id.as_str()) {
            return Err(TournamentError::RepeatedGame { path: path(), id: row.game_id.clone() });
        }
    }
    Ok(())
}

/// Puts `games.csv` in schedule order and rewrites `standings.csv`, both atomically, so the files
/// of a run do not depend on which game finished first. Returns the rows.
fn finish_files(t: &Tournament, out: &Path, schedule: &[ScheduledGame]) -> Result<Vec<GameRow>, TournamentError> {
    let games_csv = out.join("games.csv");
    let mut rows = read_games(&games_csv)?;
    sort_by_schedule(&mut rows, schedule);
    write_atomic(&games_csv, &encode_all(&rows))?;
    write_atomic(&out.join("standings.csv"), &standings_csv(&standings(t, &rows)))?;
    Ok(rows)
}

/// Sorts rows in schedule order (rows of unknown games last, by id).
pub(super) fn sort_by_schedule(rows: &mut [GameRow], schedule: &[ScheduledGame]) {
    let position: std::collections::BTreeMap<String, usize> = schedule.iter().map(|g| (g.id(), g.index)).collect();
    rows.sort_by(|a, b| {
        let pa = position.get(a.game_id.as_str()).copied().unwrap_or(usize::MAX);
        let pb = position.get(b.game_id.as_str()).copied().unwrap_or(usize::MAX);
        pa.cmp(&pb).then_with(|| a.game_id.cmp(&b.game_id))
    });
}

fn base_row(game: &ScheduledGame) -> GameRow {
    GameRow {
        game_id: game.id(),
        pairing: game.pairing_label(),
        deal: game.deal,
        seats: game.seats().join(" "),
        seed: game.seed,
        score0: 0,
        score1: 0,
        winner: String::new(),
        verdict: "OK".to_string(),
        fault_kind: String::new(),
        faulty_bot: String::new(),
        fault_detail: String::new(),
        turns: 0,
        duration_ms: 0,
        log: String::new(),
    }
}

/// One line, at most 300 bytes: a detail must not break the CSV row or flood it.
fn one_line(text: &str) -> String {
    let mut line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.len() > 300 {
        line.truncate(line.floor_char_boundary(300));
        line.push_str("...");
    }
    line
}

fn played_row(game: &ScheduledGame, result: &GameResult) -> GameRow {
    let mut row = base_row(game);
    row.score0 = result.scores[0];
    row.score1 = result.scores[1];
    row.winner = result.winner.map_or(String::new(), |side| game.sides()[side].to_string());
    if let Some(fault) = &result.fault {
        row.verdict = "NOK".to_string();
        row.fault_kind = fault.kind.clone();
        row.faulty_bot = game.seats()[fault.seat].to_string();
        row.fault_detail = one_line(&fault.detail);
    }
    row.turns = result.turns;
    row.duration_ms = result.duration.as_millis() as u64;
    row.log = format!("games/{}.csv", game.id());
    row
}

/// The row of a game that cannot be played because the bot at `seat` does not build: that bot's
/// side loses (nobody wins if both sides are broken).
fn unplayed_row(game: &ScheduledGame, seats: &[&PreparedBot], seat: usize) -> GameRow {
    let mut row = base_row(game);
    let side = seat % 2;
    let other_broken = seats.iter().enumerate().any(|(s, b)| s % 2 != side && b.broken.is_some());
    if !other_broken {
        row.winner = game.sides()[1 - side].to_string();
    }
    row.verdict = "NOK".to_string();
    row.fault_kind = "build".to_string();
    row.faulty_bot = game.seats()[seat].to_string();
    row.fault_detail = one_line(seats[seat].broken.as_deref().unwrap_or_default());
    row
}
