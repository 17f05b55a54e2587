//! The end of a tournament or a merge on the terminal: what this run did (games played, reused),
//! then the faults, one paragraph per bot (counts by kind, one command to reproduce each kind;
//! every faulted game is in `faults.csv`), and the standings last, where the eye lands.

use std::fmt::Write;

use crate::tournament::{FaultedGame, MeanCi, StandingsRow, Summary};

use super::escape::terminal_safe;

/// The summary as plain text (bot text escaped).
pub fn summary_text(s: &Summary) -> String {
    let mut out = String::new();
    let state = if s.cancelled { ", stopped: --resume finishes it" } else { "" };
    let _ = writeln!(out, "{}: {}/{} games{state}, results in {}", s.name, s.done, s.total, s.out.display());
    out.push_str(&reuse_line(s));
    out.push_str(&faults_text(s));
    out.push_str(&fairness_text(s));
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

/// Games played again because the host spoiled an attempt, those void, and pairs whose results
/// are far from their ratings' prediction.
fn fairness_text(s: &Summary) -> String {
    let mut out = String::new();
    let replayed: Vec<&FaultedGame> = s.faulted.iter().filter(|f| !f.replays.is_empty()).collect();
    if !replayed.is_empty() {
        let void = replayed
            .iter()
            .filter(|f| crate::tournament::is_host_problem(&f.kind) && f.detail.starts_with("void"))
            .count();
        let _ = writeln!(
            out,
            "\n{} games played again: the host (or another seat's processes) kept the CPU from the bot on \
             move ({void} void after {} attempts, counted for nobody); each in faults.csv",
            replayed.len(),
            crate::tournament::MAX_REPLAYS + 1
        );
    }
    if !s.unexpected.is_empty() {
        let _ = writeln!(out, "\nresults far from the ratings (look at these games: a bot may be throwing them):");
        for pair in &s.unexpected {
            let _ = writeln!(out, "  {}", pair.sentence());
        }
    }
    out
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
    let hint = if crate::i18n::lang() == crate::i18n::Lang::Pt { &f.hint_pt } else { &f.hint };
    if !hint.is_empty() {
        let _ = writeln!(out, "    {}", crate::i18n::tr("check-hint", &[("hint", hint)]));
    }
    if let Some(replay) = &f.replay {
        let _ = writeln!(out, "    {replay}");
    }
    if !f.play.is_empty() {
        let _ = writeln!(out, "    {}", f.play);
    }
    out
}

fn standings_text(s: &Summary) -> String {
    let mut out = String::from("\n");
    let width = s.standings.iter().map(|l| l.bot.len()).max().unwrap_or(3).max(3);
    let row = |cells: [&str; 11]| {
        format!(
            "{:>4}  {:<width$}  {:>5} {:>4} {:>4} {:>4}  {:>7}  {:>6}  {:>11}  {:>14}  {:>20}\n",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            cells[5],
            cells[6],
            cells[7],
            cells[8],
            cells[9],
            cells[10]
        )
    };
    out.push_str(&row([
        "rank",
        "bot",
        "games",
        "won",
        "drew",
        "lost",
        "points",
        "faults",
        "elo (95%)",
        "pair pts (95%)",
        "margin (95%, pairs)",
    ]));
    let mean = |m: Option<MeanCi>, digits: usize, sign: bool| match m {
        None => "-".to_string(),
        Some(m) => {
            let value = if sign { format!("{:+.digits$}", m.mean) } else { format!("{:.digits$}", m.mean) };
            match m.ci95 {
                Some(ci) => format!("{value} ±{ci:.digits$}"),
                None => value,
            }
        }
    };
    for l in &s.standings {
        let elo = format!("{:.0} ±{:.0}", l.rating.elo, l.rating.ci95);
        let margin = match l.margin {
            Some(m) => format!("{} ({})", mean(Some(m), 0, true), m.n),
            None => "-".to_string(),
        };
        out.push_str(&row([
            &l.rank.to_string(),
            &l.bot,
            &l.games.to_string(),
            &l.wins.to_string(),
            &l.draws.to_string(),
            &l.losses.to_string(),
            &l.points.to_string(),
            &l.fault_count().to_string(),
            &elo,
            &pair_points(l.pairs),
            &margin,
        ]));
    }
    out.push_str(&empty_columns_note(s));
    out
}

/// A bot's mean pair points with their 95% interval's ends, within 0 to 2.
fn pair_points(m: Option<MeanCi>) -> String {
    match m {
        None => "-".to_string(),
        Some(m) => match m.bounds() {
            Some((low, high)) => format!("{:.2} ({low:.2}–{high:.2})", m.mean),
            None => format!("{:.2}", m.mean),
        },
    }
}

/// Why a pair column shows `-`, when one does for a bot that played.
fn empty_columns_note(s: &Summary) -> String {
    let played = |l: &&StandingsRow| l.games > 0;
    if s.standings.iter().filter(played).any(|l| l.pairs.is_none()) {
        return "pair pts and margin are '-' where no deal was played both ways with the seats swapped: the \
                tournament is not \"duplicate\", or these results hold one game of a deal only (an \
                unfinished run, or one shard: merge the shards)\n"
            .to_string();
    }
    if s.standings.iter().filter(played).any(|l| l.margin.is_none()) {
        return "margin is '-' where someone faulted in every deal pair of the bot\n".to_string();
    }
    String::new()
}

/// What a merge lacks, for stderr: the games missing and the shards they belong to.
pub fn missing_text(s: &Summary) -> Option<String> {
    let m = s.missing.as_ref()?;
    let mut out = format!("incomplete: {} of {} games are missing (first: {})", m.games, s.total, m.first.join(", "));
    if !m.absent_shards.is_empty() {
        let list: Vec<String> = m.absent_shards.iter().map(|sh| sh.to_string()).collect();
        let _ =
            write!(out, "; no folder of shard {} was given: run them with --shard and merge again", list.join(", "));
    }
    for (shard, n) in &m.short_shards {
        let games = if *n == 1 { "game" } else { "games" };
        let _ = write!(out, "; shard {shard} lacks {n} {games}: finish it with --resume and merge again");
    }
    out.push('\n');
    Some(terminal_safe(&out).into_owned())
}
