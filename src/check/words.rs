//! The report of a check in plain words: each game's outcome (OK, or the fault explained with
//! the exact line and the rule it broke), the checked bot's timing against the limits, the tail
//! of its stderr, and the final verdict line.

use std::time::Duration;

use crate::bot::FaultKind;

use super::run::{CheckOptions, CheckReport, GameCheck};

/// What a fault of this kind means, said to the bot's author.
pub fn explain(kind: FaultKind) -> &'static str {
    match kind {
        FaultKind::Spawn => "the bot could not be started",
        FaultKind::Timeout => "the bot did not answer in time",
        FaultKind::Crash => "the bot's process ended before the game was over",
        FaultKind::ClosedOutput => "the bot closed its standard output (stdout) while the game went on",
        FaultKind::ClosedInput => "the bot stopped reading its standard input (stdin)",
        FaultKind::OversizedLine => "the bot wrote a line longer than the limit (a missing '\\n'?)",
        FaultKind::InvalidUtf8 => "the bot wrote a line that is not UTF-8 (the suits ♥ ♦ ♣ ♠ are UTF-8 characters)",
        FaultKind::PrematureOutput => "the bot wrote a line when nothing was asked of it",
        FaultKind::Malformed => "the referee could not read the bot's line as a command",
        FaultKind::Illegal => "the bot's line breaks a rule of the game",
        FaultKind::Memory => "the bot ran out of its memory limit",
        FaultKind::CpuTime => "the bot used up its CPU time limit",
        FaultKind::Processes => "the bot started more processes than the limit allows",
        FaultKind::FileSize => "the bot wrote a file larger than the limit",
        FaultKind::TimeoutOverload => {
            "the move took too long by the clock while the machine was overloaded (not counted against the bot's own time)"
        }
    }
}

/// A hint on what usually causes a fault, from its kind and detail.
pub fn fault_hint(kind: FaultKind, detail: &str) -> Option<&'static str> {
    Some(match kind {
        FaultKind::Crash if detail.contains("SIGSEGV") => {
            "a segmentation fault: an invalid memory access (an index out of bounds, a NULL pointer, a buffer too small for a line)"
        }
        FaultKind::Crash if detail.contains("exited with code") => {
            "a bot must keep reading until the referee closes its input, then exit"
        }
        FaultKind::Timeout => {
            "is it waiting for a line that never comes, or is stdout buffered? flush after each line \
             (fflush(stdout) in C, print(..., flush=True) in Python)"
        }
        FaultKind::PrematureOutput => {
            "answer only after the referee sends your id (the draw) or your drawn card or pile (the rest of the turn)"
        }
        FaultKind::Malformed | FaultKind::Illegal => {
            "see protocol.md and bots/README.md for the commands and the rules"
        }
        _ => return None,
    })
}

/// `detail (rule r): line` as the referee words a refused line: the detail and the rule.
fn split_rule<'a>(detail: &'a str, line: Option<&str>) -> (&'a str, Option<&'a str>) {
    let mut text = detail;
    if let Some(line) = line
        && let Some(rest) = text.strip_suffix(line)
        && let Some(rest) = rest.strip_suffix(": ")
    {
        text = rest;
    }
    match text.strip_suffix(')').and_then(|t| t.rsplit_once(" (rule ")) {
        Some((why, rule)) => (why, Some(rule)),
        None => (text, None),
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

/// The first lines of a check's output: what is checked and how.
pub fn header(bot: &str, options: &CheckOptions, scripted: usize) -> String {
    let (game, opponents) = match options.game {
        crate::games::GameKind::ItpBuraco => (String::new(), "smart and template bots"),
        other => (format!(" ({other})"), "template bot"),
    };
    format!(
        "checking {bot}{game}: {scripted} scripted games, then {} random games (seed {}), against the bundled \
         {opponents}; move limit {}\n",
        options.random_games,
        options.seed,
        limit_text(options.move_timeout)
    )
}

impl GameCheck {
    /// The game's outcome: one line when it went well, the fault explained when it did not.
    pub fn to_text(&self, total: usize) -> String {
        let width = total.to_string().len();
        let ids = self.bot_ids.join(" and ");
        let status = match &self.fault {
            None => "OK",
            Some(_) if self.bot_faulted() => "FAILED",
            Some(_) => "OK?",
        };
        let mut out = format!("[{:>width$}/{total}] {status:<6} {} ({ids}", self.game.number, self.game.title);
        if !self.game.is_scripted() {
            out.push_str(&format!(", seed {}", self.game.seed));
        }
        out.push_str(")\n");
        let pad = " ".repeat(2 * width + 4);
        let slowest = self.moves.iter().max().copied().unwrap_or_default();
        match &self.fault {
            None if self.startup.is_empty() => {
                let ending = self.ending.as_deref().unwrap_or("the game ended");
                out.push_str(&format!("{pad}{ending} before your bot was asked to move\n"));
            }
            None => {
                let ending = self.ending.as_deref().unwrap_or("the game ended");
                out.push_str(&format!(
                    "{pad}{ending}; {} replies, slowest {}; your bot used {}\n",
                    self.moves.len() + self.startup.len(),
                    duration_text(slowest),
                    self.bot_commands.join(", ")
                ));
            }
            Some(fault) if !self.bot_faulted() => {
                out.push_str(&format!(
                    "{pad}a bundled opponent faulted ({}: {}): not your bot's fault\n",
                    fault.kind, fault.detail
                ));
            }
            Some(fault) => {
                out.push_str(&format!("{pad}{}: {}\n", fault.kind, explain(fault.kind)));
                let line = self.fault_line.as_deref();
                if matches!(fault.kind, FaultKind::Malformed | FaultKind::Illegal) {
                    let (why, rule) = split_rule(&fault.detail, line);
                    out.push_str(&format!("{pad}  the line:  {}\n", line.unwrap_or("(none)")));
                    out.push_str(&format!("{pad}  why:       {why}\n"));
                    if let Some(rule) = rule {
                        out.push_str(&format!("{pad}  the rule:  {rule}\n"));
                    }
                } else {
                    out.push_str(&format!("{pad}  what the referee saw: {}\n", fault.detail));
                }
                if let Some(prompt) = &self.fault_prompt {
                    out.push_str(&format!("{pad}  the last line the referee had sent it: {prompt}\n"));
                }
                if let Some(hint) = fault_hint(fault.kind, &fault.detail) {
                    out.push_str(&format!("{pad}  hint: {hint}\n"));
                }
                if let Some(log) = &self.log {
                    let log = log.display();
                    out.push_str(&format!("{pad}  see it again: juiz replay {log} --seat {}\n", fault.seat));
                    out.push_str(&format!(
                        "{pad}  after a fix, feed your bot the same input: juiz replay {log} --seat {} --bot {}\n",
                        fault.seat,
                        shell_word(&self.bot)
                    ));
                }
            }
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
        out.push_str(&format!(
            "timing:  {} moves; median {}, slowest {}, against a limit of {} per move\n",
            moves.len(),
            duration_text(median(&moves)),
            duration_text(slowest),
            limit_text(limit)
        ));
        let startup = self.games.iter().flat_map(|g| g.startup.iter().copied()).max().unwrap_or_default();
        let allowance = limit.max(self.limits.startup_timeout);
        out.push_str(&format!(
            "         first replies (start-up included): slowest {}, against {}\n",
            duration_text(startup),
            limit_text(allowance)
        ));
        if slowest * 2 > limit || startup * 2 > allowance {
            out.push_str(
                "         warning: some replies took more than half the limit; on a busier machine they may time out\n",
            );
        }
        let bytes: u64 = self.games.iter().map(|g| g.stderr_bytes).sum();
        match self.games.iter().rev().find(|g| !g.stderr_tail.is_empty()) {
            None => out.push_str("stderr:  nothing (that is where debugging output belongs, never on stdout)\n"),
            Some(game) => {
                out.push_str(&format!(
                    "stderr:  {} in {} games; the last lines (game {}):\n",
                    bytes_text(bytes),
                    self.games.len(),
                    game.game.number
                ));
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
            out.push_str(&format!("logs:    {} (juiz replay <file>.csv)\n", dir.display()));
        }
        out.push_str(&self.verdict());
        out.push('\n');
        out
    }

    /// The final line: PASSED or FAILED, and why.
    pub fn verdict(&self) -> String {
        let failed: Vec<String> =
            self.games.iter().filter(|g| g.bot_faulted()).map(|g| g.game.number.to_string()).collect();
        if failed.is_empty() {
            format!("verdict: PASSED: {} followed the protocol in all {} games", self.bot, self.games.len())
        } else {
            format!(
                "verdict: FAILED: {} of {} games ended with a fault of {} (game{} {})",
                failed.len(),
                self.games.len(),
                self.bot,
                if failed.len() == 1 { "" } else { "s" },
                failed.join(", ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_line_splits_into_why_and_rule() {
        let detail = "5♠ is not in the hand (rule card-not-in-hand): DISCARD 5♠";
        assert_eq!(split_rule(detail, Some("DISCARD 5♠")), ("5♠ is not in the hand", Some("card-not-in-hand")));
        assert_eq!(split_rule("no line within 3s", None), ("no line within 3s", None));
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
