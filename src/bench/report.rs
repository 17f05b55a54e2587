//! The benchmark's figures, the targets checked against them, and their JSON for scripts
//! (the plain table for people is `table.rs`).

use std::time::Duration;

use serde::Serialize;

use super::breakdown::Breakdown;
use super::latency::Histogram;
use super::usage::{CpuSnapshot, Memory};

/// Games per second wanted at `--jobs` = the number of cores (2 on the reference machine).
pub const TARGET_GAMES_PER_SECOND: f64 = 300.0;
/// Smallest share of the bare relay's games/s at `--jobs` = cores: as root, and not root (bots in
/// user namespaces).
pub const TARGET_RELAY_SHARE_ROOT: f64 = 0.80;
pub const TARGET_RELAY_SHARE_USER: f64 = 0.70;
/// Largest harness CPU per game over the relay's.
pub const TARGET_HARNESS_OVER_RELAY: f64 = 1.5;
/// Largest bots' CPU per game under juiz over the same bots' under the relay.
pub const TARGET_BOTS_OVER_RELAY: f64 = 1.10;
/// Largest growth of the peak memory from a run to one ten times longer.
pub const TARGET_MEMORY_GROWTH: f64 = 1.10;
/// Smallest speed-up from 1 job to N, as a fraction of N (for N up to the number of cores).
pub const TARGET_SCALING_EFFICIENCY: f64 = 0.75;

/// One throughput run.
#[derive(Debug, Clone, Serialize)]
pub struct JobsRun {
    pub jobs: usize,
    pub games: usize,
    /// Games where a bot faulted (none expected from the template bot).
    pub faults: usize,
    pub wall_seconds: f64,
    pub games_per_second: f64,
    /// CPU of juiz itself (every thread), per game, in milliseconds.
    pub harness_cpu_ms_per_game: f64,
    /// CPU of the bots, per game, in milliseconds.
    pub bots_cpu_ms_per_game: f64,
    /// juiz's CPU over the total (juiz and bots).
    pub harness_cpu_share: f64,
    /// Bot lines answered by the referee (the latency samples).
    pub messages: u64,
    /// From a bot's line arriving to the referee's next line written, in microseconds.
    pub latency_us: Latency,
    /// The same games' worth relayed by the bare loop (`floor.rs`), at the same number of jobs.
    pub floor: Option<FloorRun>,
}

/// The bare relay's figures: the floor any referee pays for these bots and this protocol.
#[derive(Debug, Clone, Serialize)]
pub struct FloorRun {
    pub games: usize,
    pub games_per_second: f64,
    pub harness_cpu_ms_per_game: f64,
    pub bots_cpu_ms_per_game: f64,
    pub harness_cpu_share: f64,
    /// Lines the bots wrote, over every game (to compare the games with the tournament's).
    pub bot_lines: u64,
    /// Lines both ways per hand (a Shengji deal, a Buraco hand; a game of one hand is one).
    pub messages_per_hand: f64,
}

/// Latency figures in microseconds.
#[derive(Debug, Clone, Serialize)]
pub struct Latency {
    pub mean: f64,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

/// One run for peak memory.
#[derive(Debug, Clone, Serialize)]
pub struct MemoryRun {
    pub games: usize,
    pub jobs: usize,
    pub games_per_second: f64,
    /// VmHWM when the last game ended, before the runner sorts `games.csv` and computes the
    /// standings from every row (since a reset at the run's start when `peak_reset`), in bytes.
    pub playing_peak_bytes: u64,
    /// VmHWM over the whole run, the standings included, in bytes.
    pub peak_bytes: u64,
    /// VmRSS at the end of the run, in bytes.
    pub end_bytes: u64,
    /// Whether the peak was reset before the run (else it is the peak since juiz started).
    pub peak_reset: bool,
}

/// The targets and whether the figures meet them (`None`: not measured in this run).
#[derive(Debug, Clone, Serialize)]
pub struct Targets {
    /// Games per second at `--jobs` = cores, and whether it reaches 300.
    pub games_per_second_at_cores: Option<f64>,
    pub throughput_met: Option<bool>,
    /// At `--jobs` = cores (else the most jobs run) against the bare relay: games/s over the
    /// relay's, the share wanted (root or not) and whether it is reached.
    pub relay_share: Option<f64>,
    pub relay_share_wanted: f64,
    pub relay_share_met: Option<bool>,
    /// juiz's CPU per game over the relay's, and whether it is at most 1.5.
    pub harness_over_relay: Option<f64>,
    pub harness_met: Option<bool>,
    /// The bots' CPU per game under juiz over theirs under the relay, and whether it is at most 1.10.
    pub bots_over_relay: Option<f64>,
    pub bots_met: Option<bool>,
    /// Peak memory while playing, large run over small run, and whether it is under 1.10.
    pub memory_growth: Option<f64>,
    /// The same over the whole run, the final standings included (informative).
    pub memory_growth_with_standings: Option<f64>,
    pub memory_met: Option<bool>,
    /// Games per second at the most jobs up to the cores over that at 1 job, the ideal (that
    /// number of jobs), and whether it reaches 75% of the ideal.
    pub speedup: Option<f64>,
    pub speedup_ideal: Option<usize>,
    pub scaling_met: Option<bool>,
}

/// Everything `juiz bench` measured.
#[derive(Debug, Clone, Serialize)]
pub struct BenchReport {
    pub game: String,
    pub players: usize,
    pub bot: String,
    pub cores: usize,
    pub runs: Vec<JobsRun>,
    pub memory: Vec<MemoryRun>,
    pub targets: Targets,
    /// Where the CPU of a game goes (a run with the step counters on).
    pub breakdown: Option<Breakdown>,
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn per_second(games: usize, wall: Duration) -> f64 {
    games as f64 / wall.as_secs_f64().max(1e-9)
}

impl JobsRun {
    pub fn new(
        jobs: usize,
        games: usize,
        faults: usize,
        wall: Duration,
        cpu: CpuSnapshot,
        latency: &Histogram,
    ) -> Self {
        let cpu_figures = CpuFigures::new(games, cpu);
        JobsRun {
            jobs,
            games,
            faults,
            wall_seconds: wall.as_secs_f64(),
            games_per_second: per_second(games, wall),
            harness_cpu_ms_per_game: cpu_figures.harness_ms,
            bots_cpu_ms_per_game: cpu_figures.bots_ms,
            harness_cpu_share: cpu_figures.share,
            messages: latency.count(),
            latency_us: Latency {
                mean: micros(latency.mean()),
                p50: micros(latency.quantile(0.50)),
                p99: micros(latency.quantile(0.99)),
                max: micros(latency.max()),
            },
            floor: None,
        }
    }
}

/// CPU per game of the harness and of the bots, and the harness's share of the total.
struct CpuFigures {
    harness_ms: f64,
    bots_ms: f64,
    share: f64,
}

impl CpuFigures {
    fn new(games: usize, cpu: CpuSnapshot) -> Self {
        let per_game = |d: Duration| d.as_secs_f64() * 1e3 / games.max(1) as f64;
        let total = (cpu.harness + cpu.children).as_secs_f64();
        CpuFigures {
            harness_ms: per_game(cpu.harness),
            bots_ms: per_game(cpu.children),
            share: if total > 0.0 { cpu.harness.as_secs_f64() / total } else { 0.0 },
        }
    }
}

impl FloorRun {
    pub fn new(games: usize, wall: Duration, cpu: CpuSnapshot, bot_lines: u64, messages: u64, hands: u64) -> Self {
        let cpu_figures = CpuFigures::new(games, cpu);
        FloorRun {
            games,
            games_per_second: per_second(games, wall),
            harness_cpu_ms_per_game: cpu_figures.harness_ms,
            bots_cpu_ms_per_game: cpu_figures.bots_ms,
            harness_cpu_share: cpu_figures.share,
            bot_lines,
            messages_per_hand: messages as f64 / hands.max(1) as f64,
        }
    }
}

impl MemoryRun {
    pub fn new(games: usize, jobs: usize, wall: Duration, playing: Memory, memory: Memory, peak_reset: bool) -> Self {
        MemoryRun {
            games,
            jobs,
            games_per_second: per_second(games, wall),
            playing_peak_bytes: playing.peak,
            // The kernel's VmHWM folds in per-thread RSS counters lazily: a later reading can come
            // out below an earlier one. The run's peak is at least what was seen while playing.
            peak_bytes: memory.peak.max(playing.peak),
            end_bytes: memory.current,
            peak_reset,
        }
    }
}

impl BenchReport {
    pub fn new(
        game: &str,
        players: usize,
        bot: String,
        cores: usize,
        runs: Vec<JobsRun>,
        memory: Vec<MemoryRun>,
    ) -> Self {
        let at_cores = runs.iter().find(|r| r.jobs == cores).map(|r| r.games_per_second);
        let compared = runs
            .iter()
            .filter(|r| r.floor.is_some())
            .max_by_key(|r| (r.jobs == cores, r.jobs <= cores, r.jobs))
            .and_then(|r| Some((r, r.floor.as_ref()?)));
        let ratio = |a: f64, b: f64| (b > 0.0).then(|| a / b);
        let relay_share = compared.and_then(|(r, f)| ratio(r.games_per_second, f.games_per_second));
        let harness_over_relay =
            compared.and_then(|(r, f)| ratio(r.harness_cpu_ms_per_game, f.harness_cpu_ms_per_game));
        let bots_over_relay = compared.and_then(|(r, f)| ratio(r.bots_cpu_ms_per_game, f.bots_cpu_ms_per_game));
        // SAFETY: geteuid cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let relay_share_wanted = if root { TARGET_RELAY_SHARE_ROOT } else { TARGET_RELAY_SHARE_USER };
        let growth = |bytes: fn(&MemoryRun) -> u64| match memory.as_slice() {
            [small, .., big] if bytes(small) > 0 => Some(bytes(big) as f64 / bytes(small) as f64),
            _ => None,
        };
        let memory_growth = growth(|m| m.playing_peak_bytes);
        let memory_growth_with_standings = growth(|m| m.peak_bytes);
        let one = runs.iter().find(|r| r.jobs == 1);
        let most = runs.iter().filter(|r| r.jobs > 1 && r.jobs <= cores).max_by_key(|r| r.jobs);
        let (speedup, speedup_ideal) = match (one, most) {
            (Some(one), Some(most)) if one.games_per_second > 0.0 => {
                (Some(most.games_per_second / one.games_per_second), Some(most.jobs))
            }
            _ => (None, None),
        };
        let targets = Targets {
            games_per_second_at_cores: at_cores,
            throughput_met: at_cores.map(|g| g >= TARGET_GAMES_PER_SECOND),
            relay_share,
            relay_share_wanted,
            relay_share_met: relay_share.map(|s| s >= relay_share_wanted),
            harness_over_relay,
            harness_met: harness_over_relay.map(|h| h <= TARGET_HARNESS_OVER_RELAY),
            bots_over_relay,
            bots_met: bots_over_relay.map(|b| b <= TARGET_BOTS_OVER_RELAY),
            memory_growth,
            memory_growth_with_standings,
            memory_met: memory_growth.map(|g| g <= TARGET_MEMORY_GROWTH),
            speedup,
            speedup_ideal,
            scaling_met: speedup.zip(speedup_ideal).map(|(s, ideal)| s >= TARGET_SCALING_EFFICIENCY * ideal as f64),
        };
        BenchReport { game: game.into(), players, bot, cores, runs, memory, targets, breakdown: None }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes") + "\n"
    }
}
