//! Running the benchmark: the bundled template bot built once, then tournaments between two
//! copies of it played by the real tournament runner (a generated tournament file in a temporary
//! folder, transcripts and stderr logs on), timed from outside and from inside the referee loop.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::bot::{BuildError, Costs, build_c, clock_pair_cost, measure_costs, thread_cpu};
use crate::games::GameKind;
use crate::tournament::{
    self, GameResult, GameRow, GameRunner, GameSetup, PlayError, Progress, RunOptions, TournamentError,
};

use super::breakdown::Breakdown;
use super::floor;
use super::latency::{Histogram, LatencyObserver};
use super::report::{BenchReport, FloorRun, JobsRun, MemoryRun};
use super::usage::{Memory, cpu_snapshot, memory, reset_peak_memory};

/// What to measure.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// The game the bots play.
    pub game: GameKind,
    /// Games of each throughput run (one run per entry of `jobs_list`).
    pub games: usize,
    /// Games played at once in each throughput run; empty: 1 and the number of cores.
    pub jobs_list: Vec<usize>,
    /// Seats at the table: 2, or 4 (two teams of two copies of the bot).
    pub players: usize,
    /// Games of the large run for peak memory, compared with a run a tenth its size; 0 skips it.
    pub big: usize,
    /// The bot's C source (`bots/template.c`).
    pub bot_source: PathBuf,
    /// Where the bot is compiled (cached by content).
    pub build_cache: PathBuf,
    /// Where the temporary results folders go; `None`: the system's temporary directory.
    pub scratch: Option<PathBuf>,
    /// Also relay as many games with the bare loop (`floor.rs`) at each number of jobs.
    pub floor: bool,
    /// Run the tournaments and the relay without pinning games to cores (`--no-pin`).
    pub unpinned: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("{0}")]
    Option(String),
    #[error("cannot build the benchmark bot: {0}")]
    Build(#[from] BuildError),
    #[error("cannot use the scratch folder {path}: {source}")]
    Scratch { path: PathBuf, source: std::io::Error },
    #[error("benchmark tournament: {0}")]
    Tournament(#[from] TournamentError),
    #[error("bare relay: {0}")]
    Floor(String),
    #[error("benchmark tournament played {played} of {expected} games")]
    Incomplete { played: usize, expected: usize },
}

/// The number of cores juiz may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs the benchmark; `say` is told what is being measured before each run.
pub fn run(options: &BenchOptions, say: &mut dyn FnMut(&str)) -> Result<BenchReport, BenchError> {
    let cores = cores();
    let jobs_list = if options.jobs_list.is_empty() {
        let mut list = vec![1, cores];
        list.dedup();
        list
    } else {
        options.jobs_list.clone()
    };
    if options.games == 0 {
        return Err(BenchError::Option("--games must be at least 1".into()));
    }
    if jobs_list.contains(&0) {
        return Err(BenchError::Option("--jobs-list entries must be at least 1".into()));
    }
    if ![2, 4].contains(&options.players) {
        return Err(BenchError::Option(format!("--players must be 2 or 4, not {}", options.players)));
    }
    say(&format!("building {}", options.bot_source.display()));
    let binary = build_c(&options.bot_source, &options.build_cache)?;
    let bench = Bench { options, binary, kept: Default::default() };

    let mut runs = Vec::new();
    for &jobs in &jobs_list {
        say(&format!("{} games at --jobs {jobs}", options.games));
        runs.push(bench.throughput(options.games, jobs)?);
    }
    let jobs = jobs_list.iter().copied().max().unwrap_or(1);
    say(&format!("{} games at --jobs {jobs}, counting where the cpu goes", options.games));
    let breakdown = bench.breakdown(options.games, jobs)?;
    let mut memory_runs = Vec::new();
    if options.big > 0 {
        let jobs = jobs_list.iter().copied().max().unwrap_or(1);
        let small = (options.big / 10).max(1);
        for games in [small, options.big] {
            say(&format!("{games} games at --jobs {jobs}, for peak memory"));
            memory_runs.push(bench.memory(games, jobs)?);
        }
    }
    let mut report = BenchReport::new(
        options.game.name(),
        options.players,
        options.bot_source.display().to_string(),
        cores,
        runs,
        memory_runs,
    );
    report.breakdown = Some(breakdown);
    Ok(report)
}

struct Bench<'a> {
    options: &'a BenchOptions,
    binary: PathBuf,
    /// The results folders of the runs so far, removed with the bench: not between its runs,
    /// where the next run's files would be made among a thousand just deleted (on a file
    /// system such as ext4 without a journal, each new file's inode is then looked for past
    /// every recently deleted one: that cost is the file system's, not juiz's).
    kept: std::cell::RefCell<Vec<tempfile::TempDir>>,
}

/// What one tournament run gave. Its results folder is removed on drop, or kept with the
/// bench (`Bench::kept`).
struct Played {
    dir: tempfile::TempDir,
    games: usize,
    faults: usize,
    wall: std::time::Duration,
    latency: Histogram,
    /// CPU of the threads that played the games (each game's thread, start to end).
    game_threads: Duration,
    /// Memory when the last game ended, before the runner sorts `games.csv` and ranks the bots.
    memory_after_play: Option<Memory>,
}

impl Bench<'_> {
    fn throughput(&self, games: usize, jobs: usize) -> Result<JobsRun, BenchError> {
        let before = cpu_snapshot();
        let played = self.tournament(games, jobs)?;
        let cpu = cpu_snapshot().since(&before);
        self.kept.borrow_mut().push(played.dir);
        let mut run = JobsRun::new(jobs, played.games, played.faults, played.wall, cpu, &played.latency);
        if self.options.floor {
            let pin = !self.options.unpinned;
            let relayed = floor::relay(self.options.game, &self.binary, self.options.players, games, jobs, pin)
                .map_err(BenchError::Floor)?;
            run.floor = Some(FloorRun::new(
                relayed.games,
                relayed.wall,
                relayed.cpu,
                relayed.bot_lines,
                relayed.messages,
                relayed.hands,
            ));
        }
        Ok(run)
    }

    /// A run with the step counters on (they cost a clock read per step: not in the other runs).
    fn breakdown(&self, games: usize, jobs: usize) -> Result<Breakdown, BenchError> {
        measure_costs(true);
        let (costs_before, before) = (Costs::now(), cpu_snapshot());
        let played = self.tournament(games, jobs);
        let (cpu, costs) = (cpu_snapshot().since(&before), Costs::now().since(&costs_before));
        measure_costs(false);
        let played = played?;
        self.kept.borrow_mut().push(played.dir);
        Ok(Breakdown::new(played.games, jobs, &costs, cpu, played.game_threads, clock_pair_cost()))
    }

    fn memory(&self, games: usize, jobs: usize) -> Result<MemoryRun, BenchError> {
        let reset = reset_peak_memory();
        let played = self.tournament(games, jobs)?;
        let mem = memory().unwrap_or_default();
        let playing = played.memory_after_play.unwrap_or_default();
        Ok(MemoryRun::new(played.games, jobs, played.wall, playing, mem, reset))
    }

    /// Plays a round robin of `games` games between two copies of the bot through the
    /// tournament runner, from a generated tournament file in a temporary folder.
    fn tournament(&self, games: usize, jobs: usize) -> Result<Played, BenchError> {
        let scratch = self.options.scratch.clone().unwrap_or_else(std::env::temp_dir);
        let scratch_err = |source| BenchError::Scratch { path: scratch.clone(), source };
        std::fs::create_dir_all(&scratch).map_err(scratch_err)?;
        let dir = tempfile::Builder::new().prefix("juiz-bench-").tempdir_in(&scratch).map_err(scratch_err)?;
        let file = dir.path().join("bench.json");
        std::fs::write(&file, self.tournament_json(games)).map_err(scratch_err)?;
        let t = tournament::load(&file)?;
        let opts = RunOptions {
            jobs: Some(jobs),
            out: Some(dir.path().join("results")),
            resume: false,
            shard: None,
            unpinned: self.options.unpinned,
            secret: None,
        };
        let runner = TimedRunner::default();
        let probe = MemoryProbe::default();
        let start = Instant::now();
        let summary = tournament::run_with(&t, &opts, &probe, Arc::new(AtomicBool::new(false)), &runner)?;
        let wall = start.elapsed();
        if summary.done != games {
            return Err(BenchError::Incomplete { played: summary.done, expected: games });
        }
        let faults = summary.faulted.len();
        let latency = runner.latency.into_inner().unwrap_or_else(PoisonError::into_inner);
        let game_threads = Duration::from_nanos(runner.game_threads.load(Ordering::Relaxed));
        let memory_after_play = probe.0.into_inner().unwrap_or_else(PoisonError::into_inner);
        Ok(Played { dir, games: summary.done, faults, wall, latency, game_threads, memory_after_play })
    }

    fn tournament_json(&self, games: usize) -> String {
        let command = quoted(&self.binary);
        let json = serde_json::json!({
            "name": "bench",
            "game": self.options.game.name(),
            "seed": 1,
            "format": "round-robin",
            "games_per_pairing": games,
            "duplicate": false,
            "move_timeout": "3s",
            "players": self.options.players,
            "bots": [
                {"name": "template-a", "command": command},
                {"name": "template-b", "command": command},
            ],
        });
        json.to_string()
    }
}

/// The path as one shell word (a tournament `command` is split like a shell line).
fn quoted(path: &Path) -> String {
    let text = path.to_string_lossy();
    shlex::try_quote(&text).map_or_else(|_| text.to_string(), |q| q.into_owned())
}

/// The tournament's own runner (`play_observed`), with the referee loop timed.
#[derive(Default)]
struct TimedRunner {
    latency: Mutex<Histogram>,
    /// Nanoseconds of CPU of the threads while they played.
    game_threads: AtomicU64,
}

impl GameRunner for TimedRunner {
    fn play(&self, setup: &GameSetup) -> Result<GameResult, PlayError> {
        let mut observer = LatencyObserver::default();
        let cpu = thread_cpu();
        let result = tournament::play_observed(setup, &mut observer);
        self.game_threads.fetch_add(thread_cpu().saturating_sub(cpu), Ordering::Relaxed);
        self.latency.lock().unwrap_or_else(PoisonError::into_inner).merge(&observer.histogram);
        result
    }
}

/// Reads the memory figures when the run says no more games will finish.
#[derive(Default)]
struct MemoryProbe(Mutex<Option<Memory>>);

impl Progress for MemoryProbe {
    fn started(&self, _total: usize, _already_done: usize) {}
    fn game_finished(&self, _row: &GameRow) {}
    fn finished(&self) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = memory();
    }
}
