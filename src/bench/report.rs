//! The benchmark's figures, the targets checked against them, and their two renderings:
//! a plain table for people and JSON for scripts.

use std::fmt::Write as _;
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

    /// A plain-text table: one column per run, then the targets.
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "juiz bench: {}, {} players, two copies of {} ({} cores), tournament runner, logs on",
            self.game, self.players, self.bot, self.cores
        );
        let mut rows: Vec<(String, Vec<String>)> = Vec::new();
        let mut row = |label: &str, f: &dyn Fn(&JobsRun) -> String| {
            rows.push((label.to_string(), self.runs.iter().map(f).collect()));
        };
        row("jobs", &|r| r.jobs.to_string());
        row("games", &|r| r.games.to_string());
        row("faults", &|r| r.faults.to_string());
        row("wall time", &|r| format!("{:.2} s", r.wall_seconds));
        row("games/s", &|r| format!("{:.1}", r.games_per_second));
        row("harness cpu/game", &|r| format!("{:.3} ms", r.harness_cpu_ms_per_game));
        row("bots cpu/game", &|r| format!("{:.3} ms", r.bots_cpu_ms_per_game));
        row("harness share of cpu", &|r| format!("{:.1} %", r.harness_cpu_share * 100.0));
        row("bot lines timed", &|r| r.messages.to_string());
        row("latency/msg mean", &|r| format!("{:.1} µs", r.latency_us.mean));
        row("latency/msg p50", &|r| format!("{:.0} µs", r.latency_us.p50));
        row("latency/msg p99", &|r| format!("{:.0} µs", r.latency_us.p99));
        row("latency/msg max", &|r| format!("{:.0} µs", r.latency_us.max));
        if self.runs.iter().any(|r| r.floor.is_some()) {
            let mut floor_row = |label: &str, f: &dyn Fn(&FloorRun) -> String| {
                row(label, &|r: &JobsRun| r.floor.as_ref().map_or_else(|| "-".to_string(), f));
            };
            floor_row("bare relay games/s", &|f| format!("{:.1}", f.games_per_second));
            floor_row("bare relay cpu/game", &|f| format!("{:.3} ms", f.harness_cpu_ms_per_game));
            floor_row("its bots cpu/game", &|f| format!("{:.3} ms", f.bots_cpu_ms_per_game));
            floor_row("bare relay share of cpu", &|f| format!("{:.1} %", f.harness_cpu_share * 100.0));
            floor_row("messages/hand", &|f| format!("{:.0}", f.messages_per_hand));
        }
        write_columns(&mut out, &rows);
        if !self.memory.is_empty() {
            let _ = writeln!(out);
            let mut rows: Vec<(String, Vec<String>)> = Vec::new();
            let mut row = |label: &str, f: &dyn Fn(&MemoryRun) -> String| {
                rows.push((label.to_string(), self.memory.iter().map(f).collect()));
            };
            row("games (peak memory)", &|m| m.games.to_string());
            row("jobs", &|m| m.jobs.to_string());
            row("games/s", &|m| format!("{:.1}", m.games_per_second));
            let mark = |m: &MemoryRun| if m.peak_reset { "" } else { "*" };
            row("peak rss playing", &|m| format!("{}{}", mib(m.playing_peak_bytes), mark(m)));
            row("peak rss with standings", &|m| format!("{}{}", mib(m.peak_bytes), mark(m)));
            row("rss at end", &|m| mib(m.end_bytes));
            write_columns(&mut out, &rows);
            if self.memory.iter().any(|m| !m.peak_reset) {
                let _ = writeln!(out, "* peak since juiz started (/proc/self/clear_refs not writable)");
            }
        }
        if let Some(breakdown) = &self.breakdown {
            let _ = writeln!(out);
            breakdown.write_table(&mut out);
        }
        let _ = writeln!(out);
        self.write_targets(&mut out);
        out
    }

    fn write_targets(&self, out: &mut String) {
        let t = &self.targets;
        let verdict = |met: Option<bool>| match met {
            Some(true) => "met",
            Some(false) => "MISSED",
            None => "not measured",
        };
        let _ = writeln!(out, "targets");
        let figure = t.games_per_second_at_cores.map_or("-".to_string(), |g| format!("{g:.1}"));
        let _ = writeln!(
            out,
            "  games/s at --jobs {} >= {TARGET_GAMES_PER_SECOND:.0}: {figure} ({})",
            self.cores,
            verdict(t.throughput_met)
        );
        let percent = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{:.0} %", v * 100.0));
        let times = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("x{v:.2}"));
        let _ = writeln!(
            out,
            "  games/s >= {:.0} % of the bare relay's ({}): {} ({}); every game at least ITP's share \
             (compare juiz bench --game G)",
            t.relay_share_wanted * 100.0,
            // SAFETY: geteuid cannot fail.
            if unsafe { libc::geteuid() } == 0 { "root" } else { "not root" },
            percent(t.relay_share),
            verdict(t.relay_share_met)
        );
        let _ = writeln!(
            out,
            "  harness cpu/game <= x{TARGET_HARNESS_OVER_RELAY:.1} the relay's: {} ({})",
            times(t.harness_over_relay),
            verdict(t.harness_met)
        );
        let _ = writeln!(
            out,
            "  bots' cpu/game within {:.0} % of theirs under the relay: {} ({})",
            (TARGET_BOTS_OVER_RELAY - 1.0) * 100.0,
            times(t.bots_over_relay),
            verdict(t.bots_met)
        );
        let growth = t.memory_growth.map_or("-".to_string(), |g| format!("x{g:.3}"));
        let with = t.memory_growth_with_standings.map_or("-".to_string(), |g| format!("x{g:.3}"));
        let _ = writeln!(
            out,
            "  peak memory flat while playing (x10 games, growth <= x{TARGET_MEMORY_GROWTH:.2}): {growth} ({}); \
             with the final standings: {with}",
            verdict(t.memory_met)
        );
        let speedup = match (t.speedup, t.speedup_ideal) {
            (Some(s), Some(ideal)) => format!("x{s:.2} of x{ideal}"),
            _ => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "  scaling with jobs up to the cores (>= {:.0} % of ideal): {speedup} ({})",
            TARGET_SCALING_EFFICIENCY * 100.0,
            verdict(t.scaling_met)
        );
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

/// Writes `label  value  value...` rows with aligned columns.
fn write_columns(out: &mut String, rows: &[(String, Vec<String>)]) {
    let label_width = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
    let columns = rows.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().filter_map(|(_, v)| v.get(c)).map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    for (label, values) in rows {
        let _ = write!(out, "{label:<label_width$}");
        for (value, width) in values.iter().zip(&widths) {
            let _ = write!(out, "  {value:>width$}");
        }
        let _ = writeln!(out);
    }
}
