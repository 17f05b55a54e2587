//! `juiz bench`'s plain table for people: one column per run (games/s, CPU per game, the bare
//! relay beside juiz, latency, memory), the breakdown of where the CPU goes, then each target,
//! met or missed.

use std::fmt::Write as _;

use super::report::{
    BenchReport, FloorRun, JobsRun, MemoryRun, TARGET_BOTS_OVER_RELAY, TARGET_GAMES_PER_SECOND,
    TARGET_HARNESS_OVER_RELAY, TARGET_MEMORY_GROWTH, TARGET_SCALING_EFFICIENCY,
};

impl BenchReport {
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
