//! Runs a tournament: the results directory checked (or resumed), bots built, the games of the
//! schedule (or shard) played in a rayon pool (the games of one deal one after the other, a game
//! the host spoiled again: `replays.rs`), each finished row handed to the one thread that
//! appends `games.csv`, then `games.csv` put in schedule order and the standings rewritten.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use rayon::prelude::*;

use super::bots::{PreparedBot, prepare};
use super::config::Tournament;
use super::error::TournamentError;
use super::progress::Progress;
use super::results_files::{claim_dir, finish_files, repair_and_check};
use super::rows::{Appender, GameRow, identity, write_atomic};
use super::schedule::{Schedule, ScheduledGame, Shard};
use super::secret::SeedKey;
use super::summary::{Summary, assemble};
use crate::referee::Verdict;

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
    /// Leave the games' placement to the system. By default, when `jobs` is at most the number of
    /// cores juiz may use, each worker is pinned to a core of its own and the bots it starts
    /// inherit it: a game is a conversation where one party runs at a time, and keeping it on
    /// one core spares a cross-core wake-up for every line (twice the games per second at one
    /// job on the reference machine).
    pub unpinned: bool,
    /// `--secret FILE`: the secret the deals of a tournament without a seed come from, shared
    /// by its shards (made there if missing). `None`: a secret of the run's own.
    pub secret: Option<PathBuf>,
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
    let plan = Plan::make(t, opts)?;
    let todo_count = plan.todo().count();
    let bots = if todo_count == 0 {
        Vec::new()
    } else {
        prepare(&t.bots, t.game, &t.rules, &plan.out.join("build"), &mut |bot, message| {
            progress.build_failed(bot, message)
        })
    };
    progress.started(plan.mine, plan.mine - todo_count);
    let pool = worker_pool(opts)?;
    let play = Play { t, plan: &plan, bots: &bots, runner, cancel: &cancel };
    let failure = play.all(&pool, progress);
    progress.finished();

    let (standings, faulted, done, pairs) = finish_files(t, &plan.out, &plan.schedule, plan.shard)?;
    if let Some(e) = failure {
        return Err(e);
    }
    if plan.shard == Shard::ALL && done == plan.schedule.len() {
        // Every game is dealt: the secret can no longer help a bot, and it lets anyone check
        // every game's seed.
        super::secret::publish(&plan.out)?;
    }
    let mut summary = assemble(t, &plan.out, standings, faulted, (plan.mine, done), cancel.load(Ordering::SeqCst));
    summary.flag_pairs(&pairs);
    summary.reused = plan.mine - todo_count;
    summary.reused_written = plan.written.filter(|_| summary.reused > 0);
    Ok(summary)
}

/// A run's results directory, claimed and checked, and which games of the schedule it plays.
struct Plan {
    out: PathBuf,
    games_dir: PathBuf,
    games_csv: PathBuf,
    /// Held while the plan lives, the whole run: no other juiz writes to the directory meanwhile.
    _lock: super::results_dir::DirLock,
    schedule: Schedule,
    shard: Shard,
    /// The games of the run's shard, and which games of the schedule have a row already.
    mine: usize,
    done: Vec<bool>,
    /// The tournament's identity, which seals every row.
    identity: String,
    /// When `games.csv` was last written before this run.
    written: Option<std::time::SystemTime>,
}

impl Plan {
    /// Creates or claims the results directory (resumed, or refused if it holds another
    /// tournament), records the bots' fingerprints and the shard, and reads the rows there.
    fn make(t: &Tournament, opts: &RunOptions) -> Result<Plan, TournamentError> {
        let out = out_dir(t, opts);
        super::results_dir::create(&out)?;
        let _lock = super::results_dir::lock_dir(&out)?;
        let games_csv = out.join("games.csv");
        let shard = opts.shard.unwrap_or(Shard::ALL);
        let mine = shard.size(Schedule::count(t));
        let recorded = claim_dir(t, &out, &games_csv, opts.resume, mine)?;
        let schedule = Schedule::new(t, seed_key(t, &out, opts)?);
        super::fingerprint::check_and_record(&t.bots, &out, recorded > 0)?;
        write_atomic(&out.join(super::merge::SHARD_FILE), format!("{shard}\n").as_bytes())?;
        let written = std::fs::metadata(&games_csv).and_then(|m| m.modified()).ok();
        let identity = identity(&t.to_json());
        let done = repair_and_check(&games_csv, &schedule, &identity, &out)?;
        let games_dir = out.join("games");
        Ok(Plan { out, games_dir, games_csv, _lock, schedule, shard, mine, done, identity, written })
    }

    /// The games still to play, in schedule order (computed one by one: no list in memory).
    fn todo(&self) -> impl Iterator<Item = ScheduledGame> + Send + '_ {
        (0..self.schedule.len())
            .filter(|&i| self.shard.contains_index(i) && !self.done[i])
            .map(|i| self.schedule.get(i).expect("an index of the schedule"))
    }

    /// The games still to play, a deal at a time: the games of one deal (with `duplicate`, the
    /// deal as dealt and with the seats swapped) come together, to be played one after the
    /// other by one worker, never side by side, where two copies of a bot holding each other's
    /// hands could pass them (issue 34).
    fn todo_by_deal(&self) -> impl Iterator<Item = Vec<ScheduledGame>> + Send + '_ {
        let mut games = self.todo().peekable();
        std::iter::from_fn(move || {
            let first = games.next()?;
            let mut deal = vec![first];
            while let Some(next) = games.next_if(|g| g.pairing == deal[0].pairing && g.deal == deal[0].deal) {
                deal.push(next);
            }
            Some(deal)
        })
    }
}

/// The pool the games are played in: `--jobs` workers, each pinned to a core of its own unless
/// `--no-pin` (or more jobs than cores).
fn worker_pool(opts: &RunOptions) -> Result<rayon::ThreadPool, TournamentError> {
    let jobs = opts.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let pin = !opts.unpinned && jobs <= crate::bot::allowed_cpus().len();
    let cores = Arc::new(crate::bot::CorePicker::new());
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .start_handler(move |_| {
            if pin {
                cores.pin_current_thread();
            }
        })
        .build()
        .map_err(|e| TournamentError::Game { id: "-".into(), message: format!("cannot start the pool: {e}") })
}

/// The games of a run being played.
struct Play<'a> {
    t: &'a Tournament,
    plan: &'a Plan,
    bots: &'a [PreparedBot],
    runner: &'a dyn GameRunner,
    cancel: &'a Arc<AtomicBool>,
}

impl Play<'_> {
    /// Plays every game still to play in `pool`, one thread appending each finished row to
    /// `games.csv`. Returns the first failure of the harness (which stopped the run), if any.
    fn all(&self, pool: &rayon::ThreadPool, progress: &dyn Progress) -> Option<TournamentError> {
        let stop = AtomicBool::new(false);
        let failure: Mutex<Option<TournamentError>> = Mutex::new(None);
        let fail = |e: TournamentError| {
            stop.store(true, Ordering::SeqCst);
            failure.lock().expect("no panic while holding it").get_or_insert(e);
        };
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel::<GameRow>();
            let writer = scope.spawn(|| {
                if let Err(e) = append_rows(&self.plan.games_csv, rx, progress) {
                    fail(e);
                }
            });
            pool.install(|| {
                self.plan.todo_by_deal().par_bridge().for_each_with(tx, |tx, deal| {
                    for game in deal {
                        if self.cancel.load(Ordering::SeqCst) || stop.load(Ordering::SeqCst) {
                            return;
                        }
                        match self.one(&game) {
                            // A game that ends while the run is being cancelled may have been cut short.
                            Ok(Some(row)) if !self.cancel.load(Ordering::SeqCst) => {
                                let _ = tx.send(row);
                            }
                            Ok(_) => {}
                            Err(e) => fail(e),
                        }
                    }
                });
            });
            let _ = writer.join();
        });
        failure.into_inner().expect("no panic while holding it")
    }

    /// Plays one game (or records it lost by a bot that does not build): its sealed row, or
    /// `None` when the run was cancelled during it.
    fn one(&self, game: &ScheduledGame) -> Result<Option<GameRow>, TournamentError> {
        let seats: Vec<&PreparedBot> = game
            .seats()
            .into_iter()
            .map(|name| self.bots.iter().find(|b| b.name == name).expect("seats name bots of the tournament"))
            .collect();
        if let Some(seat) = seats.iter().position(|b| b.broken.is_some()) {
            return Ok(Some(unplayed_row(game, &seats, seat).seal(&self.plan.identity)));
        }
        let setup = GameSetup {
            tournament: self.t,
            game,
            seats,
            log: self.plan.games_dir.join(format!("{}.csv", game.id())),
            stderr_dir: self.plan.games_dir.clone(),
            cancel: self.cancel,
        };
        match super::replays::play_replaying(self.runner, &setup) {
            Ok(played) => {
                let mut row = played_row(game, &played.result);
                row.replays = played.note();
                Ok(Some(row.seal(&self.plan.identity)))
            }
            Err(PlayError::Cancelled) => Ok(None),
            Err(PlayError::Failed(message)) => Err(TournamentError::Game { id: game.id(), message }),
        }
    }
}

/// Appends each row received to `games.csv` as it comes (the progress told of each), then syncs.
fn append_rows(
    games_csv: &Path,
    rows: mpsc::Receiver<GameRow>,
    progress: &dyn Progress,
) -> Result<(), TournamentError> {
    let mut appender = Appender::open(games_csv)?;
    for row in rows {
        appender.append(&row)?;
        progress.game_finished(&row);
    }
    appender.sync()
}

/// Where the seeds of `t`'s games come from in the results folder `out`: its seed, or the secret
/// recorded there (made, or taken from `--secret`). A shard of a tournament without a seed needs
/// `--secret`: shards dealt from secrets of their own could not be merged into one tournament.
fn seed_key(t: &Tournament, out: &Path, opts: &RunOptions) -> Result<SeedKey, TournamentError> {
    if let Some(seed) = t.seed {
        return Ok(SeedKey::Fixed(seed));
    }
    let recorded = out.join(super::secret::SECRET_FILE).exists();
    if opts.shard.is_some_and(|s| s != Shard::ALL) && opts.secret.is_none() && !recorded {
        return Err(TournamentError::ShardNeedsSecret);
    }
    Ok(SeedKey::Secret(super::secret::for_run(out, opts.secret.as_deref())?))
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
        verdict: Verdict::Ok,
        fault_kind: String::new(),
        faulty_bot: String::new(),
        fault_detail: String::new(),
        turns: 0,
        duration_ms: 0,
        log: String::new(),
        replays: String::new(),
        check: String::new(),
    }
}

/// One line, at most 300 bytes: a detail must not break the CSV row or flood it, and every
/// control character left (NUL, ESC...) is shown as an escape (`\x1b`), never written raw.
pub(crate) fn one_line(text: &str) -> String {
    let joined: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut line = crate::record::cell::escape_controls(&joined).into_owned();
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
    if result.fault.as_ref().is_some_and(|f| super::replays::is_host_problem(&f.kind)) {
        // Void: the host spoiled it on every attempt; nobody won it.
        row.winner = String::new();
    }
    if let Some(fault) = &result.fault {
        row.verdict = Verdict::Nok;
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
    row.verdict = Verdict::Nok;
    row.fault_kind = "build".to_string();
    row.faulty_bot = game.seats()[seat].to_string();
    row.fault_detail = one_line(seats[seat].broken.as_deref().unwrap_or_default());
    row
}
