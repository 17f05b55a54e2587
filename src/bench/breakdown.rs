//! Where a game's CPU goes, juiz's and the bots': a run with the step counters of `bot::cost`
//! on, split into the bots' starts (juiz's side and each sandbox step in the child before its
//! exec), their lines, their ends, the rest of the referee's thread and juiz's other threads;
//! the bots' own CPU after exec is what remains of theirs; beside them, each counted step's wall
//! time (its CPU and what it waited: a starting or ending bot, a timer, a CPU under load).
//! Figures in ms per game.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

use crate::bot::{Costs, Step};

use super::usage::CpuSnapshot;

/// The breakdown of one run.
#[derive(Debug, Clone, Serialize)]
pub struct Breakdown {
    pub games: usize,
    pub jobs: usize,
    pub rows: Vec<BreakdownRow>,
    /// juiz's CPU per game (every thread) and the bots' (their whole processes), in ms.
    pub juiz_ms_per_game: f64,
    pub bots_ms_per_game: f64,
}

/// One step: what juiz and what the bots spent on it, in ms per game.
#[derive(Debug, Clone, Serialize)]
pub struct BreakdownRow {
    pub step: String,
    pub juiz_ms_per_game: Option<f64>,
    pub bots_ms_per_game: Option<f64>,
    /// The wall time the step took, summed over the bots (counted steps only).
    pub wall_ms_per_game: Option<f64>,
}

/// What the bots' processes did after their exec: loading, playing, exiting.
const BOTS_AFTER_EXEC: &str = "bots: exec, play, exit (the rest of theirs)";
/// The rest of the games' threads.
const REFEREE: &str = "referee: engine, transcript, timing (the rest)";
const OTHER_THREADS: &str = "juiz's other threads (stderr, watchdog, writer)";
/// What the counters cost the games' threads outside every counted step (an estimate).
const COUNTERS: &str = "step counters' own clock reads (estimate)";

impl Breakdown {
    /// From the counters `costs`, the process's CPU `cpu` and the CPU of the threads that played
    /// the games (`game_threads`) over a run of `games` games at `jobs` jobs. `clock_pair` is
    /// what one pair of the counters' clock reads costs (`bot::clock_pair_cost`): each count
    /// leaves about one pair outside the steps, which the referee's rest would otherwise show.
    pub fn new(
        games: usize,
        jobs: usize,
        costs: &Costs,
        cpu: CpuSnapshot,
        game_threads: Duration,
        clock_pair: Duration,
    ) -> Breakdown {
        let ms = |d: Duration| d.as_secs_f64() * 1e3 / games.max(1) as f64;
        let mut rows = Vec::new();
        let (mut juiz_counted, mut child_counted) = (Duration::ZERO, Duration::ZERO);
        for step in Step::ALL {
            let spent = costs.get(step);
            let (juiz, bots) = if step.in_child() {
                child_counted += spent;
                (None, Some(ms(spent)))
            } else {
                juiz_counted += spent;
                (Some(ms(spent)), None)
            };
            rows.push(BreakdownRow {
                step: step.name().to_string(),
                juiz_ms_per_game: juiz,
                bots_ms_per_game: bots,
                wall_ms_per_game: Some(ms(costs.wall(step))),
            });
        }
        let rest = |total: Duration, counted: Duration| ms(total.saturating_sub(counted));
        let last_start = rows.iter().rposition(|r| r.step.starts_with("start:")).map_or(0, |i| i + 1);
        rows.insert(
            last_start,
            BreakdownRow {
                step: BOTS_AFTER_EXEC.to_string(),
                juiz_ms_per_game: None,
                bots_ms_per_game: Some(rest(cpu.children, child_counted)),
                wall_ms_per_game: None,
            },
        );
        let first_end = rows.iter().position(|r| r.step.starts_with("end:")).unwrap_or(rows.len());
        let counters = clock_pair.saturating_mul(u32::try_from(costs.counts()).unwrap_or(u32::MAX));
        rows.insert(
            first_end,
            BreakdownRow {
                step: REFEREE.to_string(),
                juiz_ms_per_game: Some(rest(game_threads, juiz_counted.saturating_add(counters))),
                bots_ms_per_game: None,
                wall_ms_per_game: None,
            },
        );
        rows.push(BreakdownRow {
            step: COUNTERS.to_string(),
            juiz_ms_per_game: Some(ms(counters)),
            bots_ms_per_game: None,
            wall_ms_per_game: None,
        });
        rows.push(BreakdownRow {
            step: OTHER_THREADS.to_string(),
            juiz_ms_per_game: Some(rest(cpu.harness, game_threads)),
            bots_ms_per_game: None,
            wall_ms_per_game: None,
        });
        Breakdown { games, jobs, rows, juiz_ms_per_game: ms(cpu.harness), bots_ms_per_game: ms(cpu.children) }
    }

    /// The table: a row per step, juiz's and the bots' columns, then the totals.
    pub fn write_table(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "where the cpu goes ({} games at --jobs {}, step counters on), ms per game",
            self.games, self.jobs
        );
        let width = self.rows.iter().map(|r| r.step.chars().count()).max().unwrap_or(0).max(5);
        let cell = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |v| format!("{v:.3}"));
        let _ = writeln!(out, "  {:<width$}  {:>7}  {:>7}  {:>7}", "step", "juiz", "bots", "wall");
        for row in &self.rows {
            let _ = writeln!(
                out,
                "  {:<width$}  {:>7}  {:>7}  {:>7}",
                row.step,
                cell(row.juiz_ms_per_game),
                cell(row.bots_ms_per_game),
                cell(row.wall_ms_per_game)
            );
        }
        let _ = writeln!(out, "  {:<width$}  {:>7.3}  {:>7.3}", "total", self.juiz_ms_per_game, self.bots_ms_per_game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rests_are_what_the_counted_steps_leave() {
        let costs = Costs::default();
        let cpu = CpuSnapshot { harness: Duration::from_millis(30), children: Duration::from_millis(50) };
        let b = Breakdown::new(10, 2, &costs, cpu, Duration::from_millis(20), Duration::from_micros(1));
        let find = |name: &str| b.rows.iter().find(|r| r.step == name).unwrap().clone();
        assert_eq!(find(BOTS_AFTER_EXEC).bots_ms_per_game, Some(5.0));
        assert_eq!(find(REFEREE).juiz_ms_per_game, Some(2.0));
        assert_eq!(find(OTHER_THREADS).juiz_ms_per_game, Some(1.0));
        // Nothing was counted: the counters cost nothing and take nothing from the rest.
        assert_eq!(find(COUNTERS).juiz_ms_per_game, Some(0.0));
        assert_eq!((b.juiz_ms_per_game, b.bots_ms_per_game), (3.0, 5.0));
        let mut table = String::new();
        b.write_table(&mut table);
        assert!(table.contains("start: seccomp filter") && table.contains("total"), "{table}");
        assert!(table.lines().next().is_some_and(|l| l.contains("ms per game")), "{table}");
        assert_eq!(find("end: escapee sweep").wall_ms_per_game, Some(0.0));
        assert_eq!(find(REFEREE).wall_ms_per_game, None);
    }
}
