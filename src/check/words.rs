//! The report of a check in plain words: each game's outcome (OK, or the fault explained with
//! the exact line and the rule it broke), the checked bot's timing against the limits, the tail
//! of its stderr, and the final verdict line; in the process's language (see `i18n`).

use std::time::Duration;

use crate::bot::FaultKind;
use crate::house::Level;
use crate::i18n::tr;

use super::CheckGame;
use super::outcome::{CheckOptions, CheckReport, GameCheck};

/// What a fault of this kind means, said to the bot's author (in the process's language).
pub fn explain(kind: FaultKind) -> String {
    tr(&format!("fault-{}", kind.name()), &[])
}

/// The hint for a fault, chosen from the evidence in its detail (see `bot::fault_hint`), in the
/// process's language.
pub fn fault_hint(kind: FaultKind, detail: &str) -> Option<String> {
    crate::bot::fault_hint(kind, detail).map(|hint| crate::i18n::say(&hint))
}

/// A game's title in the process's language: `check-title-<slug>` (the stem without its number)
/// for a scripted game, the plan's own English title when no language has one.
pub fn title(game: &CheckGame) -> String {
    if !game.is_scripted() {
        let args: [(&str, &dyn std::fmt::Display); 2] =
            [("players", &game.players), ("opponent", &game.opponent.name())];
        return tr("check-title-random", &args);
    }
    let id = format!("check-title-{}", game.stem.split_once('-').map_or(game.stem.as_str(), |(_, slug)| slug));
    match tr(&id, &[]) {
        text if text == id => game.title.clone(),
        text => text,
    }
}

/// `word` quoted for a POSIX shell when it needs it.
pub fn shell_word(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| word.to_owned(), |q| q.into_owned())
}

/// `35 µs`, `4.2 ms`, `12 ms`, `1.25 s`.
pub fn duration_text(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 1.0 {
        format!("{} µs", d.as_micros())
    } else if ms < 10.0 {
        format!("{ms:.1} ms")
    } else if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// `512 bytes`, `3.5 KiB`, `6.0 MiB`.
fn bytes_text(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} bytes"),
        1024..1_048_576 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}

fn limit_text(d: Duration) -> String {
    humantime::format_duration(d).to_string()
}

/// The first lines of a check's output: what is checked and how, against which bundled bots.
pub fn header(bot: &str, options: &CheckOptions, plan: &[CheckGame]) -> String {
    let limit = limit_text(options.move_timeout);
    let scripted = plan.iter().filter(|g| g.is_scripted()).count();
    let mut opponents: Vec<&str> = plan.iter().map(|g| g.opponent.name()).collect();
    opponents.sort_unstable();
    opponents.dedup();
    let opponents = opponents.join(", ");
    let args: [(&str, &dyn std::fmt::Display); 6] = [
        ("bot", &bot),
        ("opponents", &opponents),
        ("scripted", &scripted),
        ("random", &options.random_games),
        ("seed", &options.seed),
        ("limit", &limit),
    ];
    let mut text = format!("{}\n", tr("check-header", &args));
    if !options.rules.is_empty() {
        let rules: Vec<String> = crate::games::rule_words(&options.rules).collect();
        text.push_str(&format!("{}\n", tr("check-rules", &[("rules", &rules.join(" "))])));
    }
    text
}

impl GameCheck {
    /// The game's outcome: one line when it went well, the fault explained when it did not.
    pub fn to_text(&self, total: usize) -> String {
        let width = total.to_string().len();
        let ids = match &self.bot_ids[..] {
            [a, b] => tr("check-and", &[("a", a), ("b", b)]),
            ids => ids.join(", "),
        };
        let status = tr(
            match &self.fault {
                None => "check-status-ok",
                Some(_) if self.overloaded() => "check-status-undecided",
                Some(_) if self.bot_faulted() => "check-status-failed",
                Some(_) => "check-status-unsure",
            },
            &[],
        );
        let title = title(&self.game);
        let mut out = format!("[{:>width$}/{total}] {status:<6} {title} ({ids}", self.game.number);
        if !self.game.is_scripted() {
            out.push_str(&format!(", {}", tr("check-seed", &[("seed", &self.game.seed)])));
        }
        out.push_str(")\n");
        let pad = " ".repeat(2 * width + 4);
        let slowest = self.moves.iter().max().copied().unwrap_or_default();
        let ending = self.ending.as_ref().map_or_else(|| tr("check-game-ended", &[]), crate::i18n::say);
        let mut say = |line: String| out.push_str(&format!("{pad}{line}\n"));
        match &self.fault {
            None if self.startup.is_empty() => say(tr("check-not-asked", &[("ending", &ending)])),
            None => {
                let replies = self.moves.len() + self.startup.len();
                let commands = self.bot_commands.join(", ");
                let args: [(&str, &dyn std::fmt::Display); 4] = [
                    ("ending", &ending),
                    ("replies", &replies),
                    ("slowest", &duration_text(slowest)),
                    ("commands", &commands),
                ];
                say(tr("check-played", &args));
            }
            Some(fault) if !self.bot_faulted() => {
                let detail = crate::report::fault_detail(fault);
                say(tr("check-opponent-fault", &[("fault", &format!("{}: {detail}", fault.kind))]));
            }
            Some(fault) => {
                say(format!("{}: {}", crate::bot::kind_label(fault.kind), explain(fault.kind)));
                let line = self.fault_line.as_deref();
                // Labels padded alike, so that the line, the reason and the rule align.
                let label = |id: &str| format!("{:<11}", tr(id, &[]));
                if matches!(fault.kind, FaultKind::Malformed | FaultKind::Illegal) {
                    // The engine's own account, carried through the referee (not parsed back).
                    let why =
                        fault.violation.as_ref().map_or_else(|| fault.detail.clone(), |v| crate::i18n::say(&v.detail));
                    say(format!(
                        "  {}{}",
                        label("check-the-line"),
                        line.map_or_else(|| tr("check-no-line", &[]), |l| crate::bot::quote_line(l.as_bytes()))
                    ));
                    say(format!("  {}{why}", label("check-why")));
                    if let Some(violation) = &fault.violation {
                        say(format!("  {}{}", label("check-the-rule"), violation.rule));
                    }
                } else {
                    let saw = fault.message.as_ref().map_or_else(|| fault.detail.clone(), crate::i18n::say);
                    say(format!("  {}", tr("check-saw", &[("detail", &saw)])));
                }
                if let Some(prompt) = &self.fault_prompt {
                    say(format!("  {}", tr("check-last-sent", &[("line", prompt)])));
                }
                if let Some(hint) = fault_hint(fault.kind, &fault.detail) {
                    say(format!("  {}", tr("check-hint", &[("hint", &hint)])));
                }
                if let Some(log) = &self.log {
                    let replay =
                        format!("juiz replay {} --seat {}", shell_word(&log.display().to_string()), fault.seat);
                    say(format!("  {}", tr("check-see-again", &[("command", &replay)])));
                    let feed = format!("{replay} --bot {}", shell_word(&self.bot));
                    say(format!("  {}", tr("check-feed-fixed", &[("command", &feed)])));
                }
            }
        }
        if let Some(note) = &self.after_end {
            say(tr("check-after-end", &[("what", &crate::i18n::say(note))]));
        }
        out
    }
}

fn median(sorted: &[Duration]) -> Duration {
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

impl CheckReport {
    /// Timing, stderr and the verdict, after the games.
    pub fn summary_text(&self) -> String {
        let mut out = String::new();
        let mut moves: Vec<Duration> = self.games.iter().flat_map(|g| g.moves.iter().copied()).collect();
        moves.sort_unstable();
        let limit = self.limits.move_timeout;
        let slowest = moves.last().copied().unwrap_or_default();
        let args: [(&str, &dyn std::fmt::Display); 4] = [
            ("moves", &moves.len()),
            ("median", &duration_text(median(&moves))),
            ("slowest", &duration_text(slowest)),
            ("limit", &limit_text(limit)),
        ];
        out.push_str(&format!("{}\n", tr("check-timing", &args)));
        let startup = self.games.iter().flat_map(|g| g.startup.iter().copied()).max().unwrap_or_default();
        let allowance = limit.max(self.limits.startup_timeout);
        let args: [(&str, &dyn std::fmt::Display); 2] =
            [("slowest", &duration_text(startup)), ("limit", &limit_text(allowance))];
        out.push_str(&format!("         {}\n", tr("check-first-replies", &args)));
        if slowest * 2 > limit || startup * 2 > allowance {
            out.push_str(&format!("         {}\n", tr("check-slow-warning", &[])));
        }
        let bytes: u64 = self.games.iter().map(|g| g.stderr_bytes).sum();
        match self.games.iter().rev().find(|g| !g.stderr_tail.is_empty()) {
            None => out.push_str(&format!("{}\n", tr("check-no-stderr", &[]))),
            Some(game) => {
                let args: [(&str, &dyn std::fmt::Display); 3] =
                    [("bytes", &bytes_text(bytes)), ("games", &self.games.len()), ("game", &game.game.number)];
                out.push_str(&format!("{}\n", tr("check-stderr", &args)));
                for line in &game.stderr_tail {
                    let mut line = line.clone();
                    if line.len() > 160 {
                        line.truncate(line.floor_char_boundary(160));
                        line.push_str(" [...]");
                    }
                    out.push_str(&format!("         | {line}\n"));
                }
            }
        }
        if let Some(dir) = &self.kept_logs {
            out.push_str(&format!("{}\n", tr("check-logs", &[("dir", &dir.display())])));
        }
        if let Some(line) = self.house_line() {
            out.push_str(&format!("{line}\n"));
        }
        out.push_str(&self.verdict());
        out.push('\n');
        out
    }

    /// `N games against easy/medium/hard: won a/n, b/n, c/n`, when house games were played.
    pub fn house_line(&self) -> Option<String> {
        let rounds = &self.games[self.games.len().saturating_sub(self.house_rounds)..];
        let house: Vec<&GameCheck> = rounds.iter().filter(|g| g.game.opponent.house_level().is_some()).collect();
        if house.is_empty() {
            return None;
        }
        let won: Vec<String> = Level::ALL
            .iter()
            .map(|&level| {
                let games = house.iter().filter(|g| g.game.opponent.house_level() == Some(level.name()));
                let (won, all) = games.fold((0, 0), |(w, n), g| (w + usize::from(g.bot_won()), n + 1));
                format!("{won}/{all}")
            })
            .collect();
        let args: [(&str, &dyn std::fmt::Display); 2] = [("games", &house.len()), ("won", &won.join(", "))];
        Some(tr("check-house", &args))
    }

    /// The final line: PASSED, FAILED, NOT PASSED (a move slower than the limit by the clock,
    /// though charged under it here), or UNDECIDED (the host's overload, never the bot's fault),
    /// and why.
    pub fn verdict(&self) -> String {
        let numbers = |games: Vec<&GameCheck>| games.iter().map(|g| g.game.number.to_string()).collect::<Vec<_>>();
        let failed = numbers(self.games.iter().filter(|g| g.bot_faulted() && !g.overloaded()).collect());
        let undecided = numbers(self.games.iter().filter(|g| g.overloaded()).collect());
        let mut lines = Vec::new();
        if !failed.is_empty() {
            let list = failed.join(", ");
            let args: [(&str, &dyn std::fmt::Display); 4] =
                [("failed", &failed.len()), ("games", &self.games.len()), ("bot", &self.bot), ("list", &list)];
            lines.push(tr("check-failed", &args));
        } else if let Some((game, t)) = self.slow_by_clock().filter(|(_, t)| super::outcome::computed(*t, self)) {
            let limit = limit_text(self.limits.move_timeout);
            let args: [(&str, &dyn std::fmt::Display); 5] = [
                ("bot", &self.bot),
                ("game", &game),
                ("wall", &duration_text(t.wall)),
                ("charged", &duration_text(t.charged)),
                ("limit", &limit),
            ];
            lines.push(tr("check-slow-by-clock", &args));
        } else if undecided.is_empty() {
            let mut passed = tr("check-passed", &[("bot", &self.bot), ("games", &self.games.len())]);
            if let Some((game, t)) = self.slow_by_clock() {
                let args: [(&str, &dyn std::fmt::Display); 4] = [
                    ("game", &game),
                    ("wall", &duration_text(t.wall)),
                    ("charged", &duration_text(t.charged)),
                    ("limit", &limit_text(self.limits.move_timeout)),
                ];
                passed.push_str(&tr("check-busy-warning", &args));
            }
            lines.push(passed);
        }
        if !undecided.is_empty() {
            let list = undecided.join(", ");
            let args: [(&str, &dyn std::fmt::Display); 4] =
                [("count", &undecided.len()), ("games", &self.games.len()), ("bot", &self.bot), ("list", &list)];
            lines.push(tr(if lines.is_empty() { "check-undecided" } else { "check-undecided-also" }, &args));
        }
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_check_game_has_a_title_in_both_languages() {
        use crate::games::GameKind;
        use crate::i18n::{Lang, tr_in};
        for &kind in GameKind::ALL {
            for game in kind.check_plan(2, 1).iter().filter(|g| g.is_scripted()) {
                let id = format!("check-title-{}", game.stem.split_once('-').unwrap().1);
                // The English is the plan's title; Portuguese has its own.
                assert_eq!(tr_in(Lang::En, &id, &[]), game.title, "{id}");
                let pt = tr_in(Lang::Pt, &id, &[]);
                assert!(pt != id && pt != game.title, "{id}: {pt}");
            }
        }
        assert_eq!(
            tr_in(Lang::Pt, "check-title-random", &[("players", &4), ("opponent", &"smart")]),
            "mão aleatória, 4 jogadores, contra smart"
        );
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(duration_text(Duration::from_micros(420)), "420 µs");
        assert_eq!(duration_text(Duration::from_micros(4210)), "4.2 ms");
        assert_eq!(duration_text(Duration::from_millis(37)), "37 ms");
        assert_eq!(duration_text(Duration::from_millis(1250)), "1.25 s");
        let sorted = [1, 2, 3, 10].map(Duration::from_millis);
        assert_eq!(median(&sorted), Duration::from_micros(2500));
        assert_eq!(median(&sorted[..3]), Duration::from_millis(2));
        assert_eq!(bytes_text(512), "512 bytes");
        assert_eq!(bytes_text(6 << 20), "6.0 MiB");
    }

    #[test]
    fn every_fault_kind_is_explained() {
        for kind in FaultKind::ALL {
            assert!(explain(kind).starts_with("the "), "{kind}");
        }
    }
}
