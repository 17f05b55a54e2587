//! `juiz play`: one game between bots (and a human at the terminal with an odd number of bots).

use std::process::ExitCode;

use juiz::bot::{FaultKind, Limits, sandbox_support};
use juiz::check;
use juiz::games::{Engine, Seat};
use juiz::i18n::tr;
use juiz::referee::{
    self, FaultRecord, GameConfig, GameReport, Observer, Player, PlayerSpec, RefereeError, SeatReport, TimingPoint,
    bot_name_from_command,
};
use juiz::report::{GameView, Style, Verbosity};

use super::{Failure, INTERRUPTED, Outcome, SUCCESS};
use crate::cli::PlayArgs;

pub fn play(args: PlayArgs) -> Outcome {
    let options = rule_options(args.game, &args.rules)?;
    let mut players = Vec::new();
    if args.bots.len() % 2 == 1 {
        players.push(PlayerSpec { name: "user".into(), player: Player::Human });
    }
    for text in &args.bots {
        let (name, text) = seat_name(text);
        let command = super::bot_command(text, args.game, &options)?;
        let name = name.map_or_else(|| bot_name_from_command(&command), str::to_owned);
        players.push(PlayerSpec { name, player: Player::Bot(command) });
    }
    let deal = match &args.deal {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| Failure::input(format!("cannot read deal file {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let mut config = GameConfig::new(args.game, seed, players);
    config.deal = deal;
    config.options = options;
    config.log = args.log.clone();
    config.anonymous = args.anonymous_seats;
    // Bots' stderr is where students print their debugging: without --stderr-dir it goes to a
    // temporary folder and its end is shown after the game.
    let scratch = match (&args.stderr_dir, args.silent) {
        (None, false) => Some(
            tempfile::Builder::new()
                .prefix("juiz-stderr-")
                .tempdir()
                .map_err(|e| Failure::input(format!("cannot create a temporary folder for the bots' stderr: {e}")))?,
        ),
        _ => None,
    };
    config.stderr_dir = args.stderr_dir.clone().or_else(|| scratch.as_ref().map(|d| d.path().to_owned()));
    config.limits = Limits {
        move_timeout: args.move_timeout,
        startup_timeout: args.startup_timeout,
        wall_factor: args.wall_factor,
        memory_bytes: args.memory.0,
        cpu_seconds: args.cpu_time.0,
        max_processes: args.max_processes.0,
        file_size_bytes: args.file_size.0,
        open_files: args.open_files.0,
        disk_bytes: args.disk.0,
        sandbox: !args.no_sandbox,
        ..Limits::default()
    };
    let verbosity = if args.silent {
        Verbosity::Silent
    } else if args.debug {
        Verbosity::Debug
    } else {
        Verbosity::Turns
    };
    let sandbox = sandbox_support().describe(config.limits.sandbox);
    let mut header = format!("{}\n{sandbox}", tr("play-header", &[("game", &args.game), ("seed", &seed)]));
    if args.debug {
        header.push_str(&format!("\nlimits: {}", config.limits.describe()));
    }
    // Bots run in process groups of their own, out of reach of the terminal's Ctrl-C: juiz stops
    // the game itself and ends them. (With a human seat a plain Ctrl-C is left to kill juiz while
    // it waits for the keyboard; the bots then see their input close.)
    if !config.players.iter().any(|p| matches!(p.player, Player::Human)) {
        config.cancel = Some(super::stop_on_signals()?);
    }
    let view = GameView::new(std::io::stdout(), Style::for_stdout(), verbosity, args.game).header(header);
    let mut view = Waiting::new(view, config.players.len());
    let report = match referee::play(&config, &mut view) {
        Ok(report) => report,
        Err(RefereeError::Cancelled) => return Ok(ExitCode::from(INTERRUPTED)),
        Err(e @ RefereeError::Setup(_)) => {
            let mut hint = args.deal.as_ref().map(|d| format!(" ({})", d.display())).unwrap_or_default();
            if args.bots.len() % 2 == 1 {
                hint.push_str(&format!(
                    ": {} bots and you (an odd number of bots gives seat 0 to you, at the terminal)",
                    args.bots.len()
                ));
            }
            return Err(Failure::input(format!("{e}{hint}")));
        }
        Err(e) => return Err(Failure::input(e)),
    };
    if args.silent {
        println!("{}", report.result_line());
        return Ok(ExitCode::from(SUCCESS));
    }
    // A bot's fault explained (a person who left the human seat needs no explanation). The last
    // line the bot wrote is its own text: escaped before it reaches the terminal.
    if let Some(fault) = report.fault.as_ref().filter(|f| report.seats[f.seat].command != "human") {
        print!("{}", juiz::report::terminal_safe(&view.explain_fault(fault, &report.seats[fault.seat].id)));
    }
    // A bot that did not simply exit once the game was over (a warning: the game counts).
    for (info, note) in report.seats.iter().zip(&report.after_end) {
        if let Some(note) = note {
            println!("{}: {}", info.id, tr("check-after-end", &[("what", &juiz::i18n::say(note))]));
        }
    }
    if let Some(dir) = &config.stderr_dir {
        let kept = args.stderr_dir.is_some();
        for (seat, info) in report.seats.iter().enumerate() {
            let path = referee::stderr_log_path(dir, &config.stderr_stem, seat);
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            if let Some(shown) = juiz::report::stderr_excerpt(&info.id, &text, STDERR_LINES) {
                print!("{shown}");
                if kept {
                    println!("  {}", tr("play-stderr-kept", &[("path", &path.display())]));
                }
            }
        }
    }
    if let Some(log) = &args.log {
        println!("{}", tr("play-log", &[("log", &log.display())]));
    }
    Ok(ExitCode::from(SUCCESS))
}

/// A seat given as `NAME=BOT` (as a tournament's reproduce commands write it): the name, as a
/// tournament bot's name is made (letters, digits, `_ - .`), and the bot.
fn seat_name(text: &str) -> (Option<&str>, &str) {
    match text.split_once('=') {
        Some((name, bot))
            if !name.is_empty()
                && !bot.is_empty()
                && !name.starts_with(['-', '.'])
                && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')) =>
        {
            (Some(name), bot)
        }
        _ => (None, text),
    }
}

/// How much of each bot's stderr is shown after a game.
const STDERR_LINES: usize = 15;

/// A seed for a game the user did not seed: below 2^53, as the original referee's.
fn random_seed() -> u64 {
    rand::random::<u64>() >> 11
}

/// The game view, and for each seat what the referee last sent it, what it last wrote and what
/// it may send next (the engine's hint): what a timeout is explained with.
struct Waiting<W: std::io::Write> {
    view: GameView<W>,
    last_to: Vec<Option<String>>,
    last_from: Vec<Option<String>>,
    expected: Vec<String>,
}

impl<W: std::io::Write> Waiting<W> {
    fn new(view: GameView<W>, seats: usize) -> Self {
        Waiting { view, last_to: vec![None; seats], last_from: vec![None; seats], expected: vec![String::new(); seats] }
    }

    fn note_expected(&mut self, engine: &dyn Engine) {
        for (seat, expected) in self.expected.iter_mut().enumerate() {
            *expected = juiz::i18n::say(&engine.prompt_hint(seat));
        }
    }

    /// The fault in plain words, and the usual causes, as `juiz check` says them; for a timeout,
    /// what the referee was waiting for and the last lines both ways.
    fn explain_fault(&self, fault: &FaultRecord, id: &str) -> String {
        let seat = fault.seat;
        let mut out = format!("{}\n", tr("play-fault", &[("id", &id), ("explanation", &check::explain(fault.kind))]));
        if matches!(fault.kind, FaultKind::Timeout | FaultKind::TimeoutOverload) {
            let none = tr("play-none-yet", &[]);
            let sent = self.last_to[seat].as_deref().unwrap_or(&none);
            let wrote = self.last_from[seat].as_deref().unwrap_or(&none);
            out.push_str(&format!("  {}\n", tr("play-waiting", &[("expected", &self.expected[seat])])));
            out.push_str(&format!("  {}\n", tr("play-last-sent", &[("line", &sent)])));
            out.push_str(&format!("  {}\n", tr("play-last-wrote", &[("line", &wrote)])));
        }
        if let Some(hint) = check::fault_hint(fault.kind, &fault.detail) {
            out.push_str(&format!("  {}\n", tr("check-hint", &[("hint", &hint)])));
        }
        out
    }
}

impl<W: std::io::Write> Observer for Waiting<W> {
    fn started(&mut self, seats: &[SeatReport], engine: &dyn Engine) {
        self.note_expected(engine);
        self.view.started(seats, engine);
    }

    fn message(&mut self, seat: Seat, to_seat: bool, line: &str) {
        let last = if to_seat { &mut self.last_to } else { &mut self.last_from };
        last[seat] = Some(line.to_owned());
        self.view.message(seat, to_seat, line);
    }

    fn action(&mut self, seat: Seat, turn: u32, narration: &juiz::games::Message, engine: &dyn Engine) {
        self.note_expected(engine);
        self.view.action(seat, turn, narration, engine);
    }

    fn fault(&mut self, fault: &FaultRecord) {
        self.view.fault(fault);
    }

    fn finished(&mut self, report: &GameReport, engine: &dyn Engine) {
        self.view.finished(report, engine);
    }

    fn ask_human(
        &mut self,
        seat: Seat,
        engine: &dyn Engine,
        problem: Option<&juiz::games::Violation>,
    ) -> Option<String> {
        self.view.ask_human(seat, engine, problem)
    }

    fn tell_human(&mut self, seat: Seat, line: &str) {
        self.view.tell_human(seat, line);
    }

    fn timing(&mut self, point: TimingPoint, seat: Seat) {
        self.view.timing(point, seat);
    }
}

/// The `--rule NAME=VALUE` options, checked against the game: a bad one is an input error.
pub(super) fn rule_options(game: juiz::games::GameKind, rules: &[String]) -> Result<juiz::games::RuleOptions, Failure> {
    let mut options = juiz::games::RuleOptions::new();
    for rule in rules {
        let Some((name, value)) = rule.split_once('=') else {
            return Err(Failure::input(format!("--rule {rule}: expected NAME=VALUE, for example --rule target=1500")));
        };
        options.insert(name.trim().to_owned(), value.trim().to_owned());
    }
    game.check_options(&options).map_err(|e| Failure::input(format!("--rule: {e}")))?;
    Ok(options)
}
