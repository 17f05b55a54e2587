//! The end of a tournament or a merge on the terminal: what this run did (games played, reused),
//! then the faults, one paragraph per bot (counts by kind, one command to reproduce each kind;
//! every faulted game is in `faults.csv`), and the standings last, where the eye lands.

use std::fmt::Write;

use crate::tournament::{FaultedGame, Summary};

use super::escape::terminal_safe;

/// The summary as plain text (bot text escaped).
pub fn summary_text(s: &Summary) -> String {
    let mut out = String::new();
    let state = if s.cancelled { ", stopped: --resume finishes it" } else { "" };
    let _ = writeln!(out, "{}: {}/{} games{state}, results in {}", s.name, s.done, s.total, s.out.display());
    out.push_str(&reuse_line(s));
    out.push_str(&faults_text(s));
    out.push_str(&standings_text(s));
    terminal_safe(&out).into_owned()
}

/// Says plainly when games were not played by this run but taken from an earlier one.
fn reuse_line(s: &Summary) -> String {
    if s.reused == 0 {
        return String::new();
    }
    let when = s
        .reused_written
        .map(|t| format!(" (last written {})", humantime::format_rfc3339_seconds(t)))
        .unwrap_or_default();
    let games_csv = s.out.join("games.csv");
    let played = s.done.saturating_sub(s.reused);
    if played == 0 {
        format!(
            "nothing was played: all {} games were already in {}{when}; to play them again, use another \
             --out or delete {}\n",
            s.reused,
            games_csv.display(),
            s.out.display()
        )
    } else {
        format!("{} games reused from {}{when}, {played} played now\n", s.reused, games_csv.display())
    }
}

/// One paragraph per bot that faulted: its faults by kind, each with the commands that
/// reproduce its first game of that kind.
fn faults_text(s: &Summary) -> String {
    let mut out = String::new();
    if s.faulted.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "\n{} faulted games, each in {} (with its commands):",
        s.faulted.len(),
        s.out.join("faults.csv").display()
    );
    for (bot, kinds) in &s.faults {
        let list: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let _ = writeln!(out, "{bot}: {}", list.join(", "));
        for kind in kinds.keys() {
            let Some(first) = s.faulted.iter().find(|f| &f.bot == bot && &f.kind == kind) else { continue };
            out.push_str(&first_of_kind(first));
        }
    }
    out
}

fn first_of_kind(f: &FaultedGame) -> String {
    let mut out = format!("  {} first in {}: {}\n", f.kind, f.game_id, f.detail);
    if let Some(replay) = &f.replay {
        let _ = writeln!(out, "    {replay}");
    }
    let _ = writeln!(out, "    {}", f.play);
    out
}

fn standings_text(s: &Summary) -> String {
    let mut out = String::from("\n");
    let width = s.standings.iter().map(|l| l.bot.len()).max().unwrap_or(3).max(3);
    let _ = writeln!(
        out,
        "{:>4}  {:<width$}  {:>5} {:>4} {:>4} {:>4}  {:>7}  {:>8} {:>8}  {:>6}  {:>14}  {:>17}",
        "rank",
        "bot",
        "games",
        "won",
        "drew",
        "lost",
        "points",
        "for",
        "against",
        "faults",
        "elo (95%)",
        "paired diff (95%)"
    );
    for l in &s.standings {
        let elo = format!("{:.0} ±{:.0}", l.rating.elo, l.rating.ci95);
        let paired = match l.paired {
            Some(m) => match m.ci95 {
                Some(ci) => format!("{:+.1} ±{ci:.1}", m.mean),
                None => format!("{:+.1}", m.mean),
            },
            None => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "{:>4}  {:<width$}  {:>5} {:>4} {:>4} {:>4}  {:>7}  {:>8} {:>8}  {:>6}  {:>14}  {:>17}",
            l.rank,
            l.bot,
            l.games,
            l.wins,
            l.draws,
            l.losses,
            l.points,
            l.score_for,
            l.score_against,
            l.fault_count(),
            elo,
            paired
        );
    }
    out
}
