//! The account of one game on the terminal (`juiz play`, `juiz replay`), and the prompts of a
//! human seat.

use std::io::{BufRead, Write};

use crate::games::{Engine, GameKind, Message, Seat, Violation};
use crate::i18n::{say, tr};
use crate::referee::{FaultRecord, GameReport, Observer, SeatReport};

use super::escape::terminal_safe;
use super::style::Style;

/// How much of a game is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verbosity {
    /// Nothing (the caller prints the result line).
    Silent,
    /// Every accepted action, faults, and the final table.
    Turns,
    /// As `Turns`, plus every message both ways.
    Debug,
}

/// Prints a game as it happens; asks the human seat (if any) for its lines on stdin.
pub struct GameView<W: Write> {
    out: W,
    style: Style,
    verbosity: Verbosity,
    /// The game, whose `GameDef` may draw its table its own way.
    game: GameKind,
    /// Show only what this seat saw and said (replay `--seat N`).
    only_seat: Option<Seat>,
    header: Option<String>,
    /// The seat of a person playing at this terminal (not a replayed one).
    live_human: Option<Seat>,
    seats: Vec<SeatReport>,
    /// Lines a replayed human seat typed, in order, instead of reading stdin.
    scripted_human: Option<std::collections::VecDeque<String>>,
}

impl<W: Write> GameView<W> {
    pub fn new(out: W, style: Style, verbosity: Verbosity, game: GameKind) -> Self {
        GameView {
            out,
            style,
            verbosity,
            game,
            only_seat: None,
            header: None,
            live_human: None,
            seats: Vec::new(),
            scripted_human: None,
        }
    }

    /// A first line, printed once the game has really started (not for a refused setup).
    pub fn header(mut self, header: String) -> Self {
        self.header = Some(header);
        self
    }

    pub fn only_seat(mut self, seat: Option<Seat>) -> Self {
        self.only_seat = seat;
        self
    }

    /// Answers a human seat from these recorded lines (replay) instead of stdin.
    pub fn scripted_human(mut self, lines: Vec<String>) -> Self {
        self.scripted_human = Some(lines.into());
        self
    }

    /// Whether what `seat` does is shown: with a person playing at this terminal, only their
    /// own seat (the narration of other seats' moves tells the cards they drew).
    fn shows(&self, seat: Seat) -> bool {
        self.verbosity != Verbosity::Silent
            && self.only_seat.is_none_or(|s| s == seat)
            && self.live_human.is_none_or(|h| h == seat)
    }

    /// Engines speak of seats by their wire ids; every output uses the full ids.
    fn full_ids(&self, text: &str) -> String {
        crate::referee::full_ids(text, &self.seats)
    }

    // Output errors (a closed pipe to `head`) must not stop the game: they are ignored.
    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }
}

impl<W: Write> Observer for GameView<W> {
    fn started(&mut self, seats: &[SeatReport], engine: &dyn Engine) {
        // Ids and commands come from file names a bot's author chose: shown escaped everywhere.
        self.seats = seats
            .iter()
            .map(|s| SeatReport {
                id: terminal_safe(&s.id).into_owned(),
                command: terminal_safe(&s.command).into_owned(),
                ..s.clone()
            })
            .collect();
        if self.scripted_human.is_none() {
            self.live_human = seats.iter().position(|s| s.command == "human");
        }
        if self.verbosity == Verbosity::Silent {
            return;
        }
        if let Some(header) = self.header.take() {
            self.say(&header);
        }
        for (seat, report) in seats.iter().enumerate() {
            let side = engine.side_of(seat);
            let wire = if report.wire_id != report.id {
                tr("view-on-the-wire", &[("wire", &report.wire_id)])
            } else {
                String::new()
            };
            let args: [(&str, &dyn std::fmt::Display); 5] =
                [("seat", &seat), ("id", &report.id), ("wire", &wire), ("side", &side), ("command", &report.command)];
            let line = tr("view-seat", &args);
            self.say(&self.style.dim(&line));
        }
    }

    fn message(&mut self, seat: Seat, to_seat: bool, line: &str) {
        if self.live_human.is_some_and(|h| h != seat) {
            return; // another seat's messages would tell the person its cards
        }
        let show = match self.only_seat {
            Some(only) => only == seat && self.verbosity != Verbosity::Silent,
            None => self.verbosity == Verbosity::Debug,
        };
        if show {
            let arrow = if to_seat { "→" } else { "←" };
            let text = format!("  {arrow} {} {}", self.seats[seat].id, self.style.cards(line));
            self.say(&self.style.dim(&text));
        }
    }

    fn action(&mut self, seat: Seat, turn: u32, narration: &Message, _engine: &dyn Engine) {
        // A move with nothing to tell (a pass while Shengji's cards are dealt).
        if !self.shows(seat) || narration.id == "empty" {
            return;
        }
        let who = self.style.bold(&self.seats[seat].id);
        let line = format!("{:>4}  {who} {}", turn + 1, self.style.cards(&self.full_ids(&say(narration))));
        self.say(&line);
    }

    fn fault(&mut self, fault: &FaultRecord) {
        if self.verbosity == Verbosity::Silent {
            return;
        }
        let detail = if self.seats[fault.seat].command == "human" && fault.kind == crate::bot::FaultKind::ClosedOutput {
            tr("view-human-left", &[])
        } else {
            terminal_safe(&self.full_ids(&fault_detail(fault))).into_owned()
        };
        let args: [(&str, &dyn std::fmt::Display); 3] =
            [("id", &self.seats[fault.seat].id), ("kind", &crate::bot::kind_label(fault.kind)), ("detail", &detail)];
        let line = tr("view-fault", &args);
        self.say(&self.style.bold(&line));
    }

    fn finished(&mut self, report: &GameReport, engine: &dyn Engine) {
        if self.verbosity == Verbosity::Silent {
            return;
        }
        self.say("");
        let table = self.full_ids(&super::game_table_text(self.game, &engine.table(None)));
        self.say(&self.style.cards(&table));
        let ending = match &report.outcome.ending {
            crate::games::Ending::Finished { reason } => say(reason),
            crate::games::Ending::Forfeit { seat } => tr("view-forfeits", &[("id", &self.seats[*seat].id)]),
        };
        let scores = report.side_scores();
        let winner = match report.outcome.winner {
            None => tr("view-draw", &[]),
            Some(_) => tr("view-winner", &[("winner", &report.winner_text())]),
        };
        // Turns are numbered from 1 in the lines above: a fault comes in the turn after the
        // last one completed.
        let turns = match &report.fault {
            Some(_) => tr("view-turns-fault", &[("turns", &report.turns), ("next", &(report.turns + 1))]),
            None => tr("view-turns", &[("turns", &report.turns)]),
        };
        let scores = scores.join(", ");
        let args: [(&str, &dyn std::fmt::Display); 4] =
            [("ending", &ending), ("scores", &scores), ("winner", &winner), ("turns", &turns)];
        let summary = tr("view-summary", &args);
        self.say(&self.style.bold(&terminal_safe(&summary)));
    }

    fn ask_human(&mut self, seat: Seat, engine: &dyn Engine, problem: Option<&Violation>) -> Option<String> {
        if let Some(lines) = self.scripted_human.as_mut() {
            return lines.pop_front();
        }
        let mut text = String::new();
        if let Some(problem) = problem {
            let problem_text = self.full_ids(&say(&problem.detail));
            let args: [(&str, &dyn std::fmt::Display); 2] = [("problem", &problem_text), ("rule", &problem.rule)];
            text.push_str(&format!("{}\n", tr("view-not-accepted", &args)));
        } else {
            text.push_str(&format!(
                "\n{}\n",
                self.style.cards(&self.full_ids(&super::game_table_text(self.game, &engine.table(Some(seat)))))
            ));
        }
        // The referee reads cards typed with ASCII suits (`5h`) at the human seat.
        let hint = self.full_ids(&say(&engine.prompt_hint(seat)));
        text.push_str(&format!("{} > ", tr("view-prompt", &[("hint", &hint)])));
        let _ = write!(self.out, "{text}");
        let _ = self.out.flush();
        let mut line = String::new();
        match std::io::stdin().lock().read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line),
        }
    }

    fn tell_human(&mut self, _seat: Seat, line: &str) {
        if self.scripted_human.is_none() && self.verbosity != Verbosity::Debug {
            let text = format!("  {}", tr("view-referee", &[("line", &self.style.cards(line))]));
            self.say(&self.style.dim(&text));
        }
    }
}

/// A fault's detail in the process's language: for a refused line, the engine's account of it,
/// the rule and the line (the transcript keeps the English).
pub fn fault_detail(fault: &FaultRecord) -> String {
    match &fault.violation {
        Some(v) => {
            let line = fault.line.as_deref().map(|l| crate::bot::quote_line(l.as_bytes())).unwrap_or_default();
            let args: [(&str, &dyn std::fmt::Display); 3] =
                [("detail", &say(&v.detail)), ("rule", &v.rule), ("line", &line)];
            tr("view-refused", &args)
        }
        None => fault.message.as_ref().map_or_else(|| fault.detail.clone(), say),
    }
}

/// The last `lines` lines of what seat `id` wrote on stderr, headed, for after a game; `None`
/// when it wrote nothing.
pub fn stderr_excerpt(id: &str, text: &str, lines: usize) -> Option<String> {
    let id = terminal_safe(id);
    let all: Vec<&str> = text.lines().collect();
    if all.is_empty() {
        return None;
    }
    let start = all.len().saturating_sub(lines);
    let heading = if start > 0 {
        let args: [(&str, &dyn std::fmt::Display); 3] =
            [("id", &id), ("shown", &(all.len() - start)), ("total", &all.len())];
        format!("{}\n", tr("view-stderr-last", &args))
    } else {
        format!("{}\n", tr("view-stderr", &[("id", &id)]))
    };
    let body: String = all[start..].iter().map(|l| format!("  | {}\n", terminal_safe(l))).collect();
    Some(heading + &body)
}
