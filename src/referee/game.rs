//! The game loop: deliver what the engine queued, wait for the awaited seat, submit its line,
//! and turn every misbehaviour into a recorded fault that forfeits the offender's side.

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::bot::{BotFault, FaultKind};
use crate::games::{Awaiting, Ending, Engine, Message, Seat, TableSetup, Violation, ViolationKind, new_engine};
use crate::record::{Direction, TranscriptWriter};

use super::config::{GameConfig, Player, RefereeError, anonymous_wire_id, display_id, wire_id};
use super::observer::{Observer, TimingPoint};
use super::report::{FaultRecord, GameReport, SeatReport, full_ids_message};
use super::seats::{Look, SeatFailure, SeatPlayer};
use super::turns::Turns;

/// Plays one game to its end. `Err` only for a problem of the harness or of the setup (bad deal,
/// unwritable log, cancellation); whatever the bots do is a fault in the report.
pub fn play(config: &GameConfig, observer: &mut dyn Observer) -> Result<GameReport, RefereeError> {
    let seats = seat_reports(config);
    let setup = TableSetup {
        wire_ids: seats.iter().map(|s| s.wire_id.clone()).collect(),
        seed: config.seed,
        deal: config.deal.clone(),
        options: config.options.clone(),
    };
    let engine = new_engine(config.game, &setup)?;
    play_engine(config, engine, observer)
}

/// The ids each seat of `config` is known by (full, and cut for the wire).
pub fn seat_reports(config: &GameConfig) -> Vec<SeatReport> {
    (0..config.players.len())
        .map(|seat| {
            let id = display_id(&config.players, seat);
            let spec = &config.players[seat];
            SeatReport {
                wire_id: if config.anonymous { anonymous_wire_id(&config.players, seat) } else { wire_id(&id) },
                id,
                name: spec.name.clone(),
                command: match &spec.player {
                    Player::Bot(command) => command.display.clone(),
                    Player::Human => "human".to_owned(),
                    Player::Scripted(_) => "recorded".to_owned(),
                },
            }
        })
        .collect()
}

/// Plays one game on an engine built by the caller for `config`'s seats (see `seat_reports` for
/// the wire ids): the loop of `play`, for engines the factory does not know (tests, new games).
pub fn play_engine(
    config: &GameConfig,
    engine: Box<dyn Engine>,
    observer: &mut dyn Observer,
) -> Result<GameReport, RefereeError> {
    let seats = seat_reports(config);
    let mut log = match &config.log {
        Some(path) => TranscriptWriter::create(path)?,
        None => TranscriptWriter::disabled(),
    };
    write_metadata(&mut log, config, &seats, engine.as_ref());
    // Looked at first: made once, the folder is there for every later game (a `stat`, where
    // `create_dir_all` tries a `mkdir` first).
    if let Some(dir) = config.stderr_dir.as_ref().filter(|dir| !dir.is_dir()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| RefereeError::StderrDir { path: dir.clone(), message: e.to_string() })?;
    }
    let start = Instant::now();
    let said = vec![Vec::new(); seats.len()];
    let mut table = Table {
        players: SeatPlayer::start_all(config),
        engine,
        log,
        sent: vec![0; seats.len()],
        seats,
        config,
        look: Look::default(),
        turns: Turns::default(),
        said,
    };
    observer.started(&table.seats, table.engine.as_ref());
    let mut ended = table.run(observer);
    // Every bot gets its default CPU weight back, to read its last lines and exit.
    table.turns.end(&table.players);
    if let Err(Stop::Fault(fault)) = &ended {
        // The lines of the step the game stopped at go to the other seats as far as their pipes
        // take them at once; the seat at fault gets no more.
        for (seat, player) in table.players.iter_mut().enumerate() {
            if seat != fault.seat {
                player.flush_after_fault();
            }
        }
    }
    let ends: Vec<_> = table.players.iter_mut().map(SeatPlayer::shutdown).collect();
    if let Err(Stop::Fault(record)) = &mut ended
        && let Some(SeatPlayer::Bot(process)) = table.players.get(record.seat)
    {
        let argv = match &config.players[record.seat].player {
            Player::Bot(command) => command.argv.as_slice(),
            _ => &[],
        };
        super::diagnosis::with_stderr_cause(record, &process.stderr_tail(), argv);
    }
    let broken = |why: String| RefereeError::Engine { game: config.game, why };
    let fault = match ended {
        Err(Stop::Cancelled) => return Err(RefereeError::Cancelled),
        Err(Stop::Diverged(why)) => return Err(RefereeError::Diverged(why)),
        Err(Stop::Engine(why)) => return Err(broken(why)),
        Ok(()) => None,
        Err(Stop::Fault(fault)) => {
            let id = table.seats[fault.seat].id.clone();
            table.log.row(&id, Direction::Fault, &format!("{}: {}", fault.kind.name(), fault.detail));
            observer.fault(&fault);
            table.engine.forfeit(fault.seat);
            Some(*fault)
        }
    };
    let Some(mut outcome) = table.engine.outcome() else {
        return Err(broken("no outcome once the game is over".into()));
    };
    if outcome.scores.len() != table.engine.side_count()
        || outcome.winner.is_some_and(|side| side >= outcome.scores.len())
        || (0..table.seats.len()).any(|seat| table.engine.side_of(seat) >= outcome.scores.len())
    {
        return Err(broken(format!("an outcome that does not fit its sides: {outcome:?}")));
    }
    if let Ending::Finished { reason } = &mut outcome.ending {
        *reason = full_ids_message(reason, &table.seats);
    }
    // Only a game played to its end closed every input at its end.
    let played_out = fault.is_none();
    let report = GameReport {
        game: config.game,
        seed: config.seed,
        sides: (0..table.seats.len()).map(|s| table.engine.side_of(s)).collect(),
        seats: table.seats,
        outcome,
        points: table.engine.side_points(),
        fault,
        turns: table.engine.turns(),
        duration: start.elapsed(),
        timing: table.players.iter().map(SeatPlayer::timing).collect(),
        after_end: ends.iter().map(|end| end.as_ref().filter(|_| played_out)?.after_end_of_input()).collect(),
    };
    // How each bot's time was charged (its own time against the wall clock), for the record; after
    // the fault row, which a replay takes as the last thing its seat did.
    for (seat, timing) in report.timing.iter().enumerate() {
        if let Some(timing) = timing {
            table.log.row(&report.seats[seat].id, Direction::Event, &format!("timing {timing}"));
        }
    }
    table.log.row("", Direction::Result, &report.result_line());
    observer.finished(&report, table.engine.as_ref());
    table.log.finish()?;
    Ok(report)
}

fn write_metadata(log: &mut TranscriptWriter, config: &GameConfig, seats: &[SeatReport], engine: &dyn Engine) {
    use crate::record::key;
    log.meta("", key::FORMAT, crate::record::FORMAT);
    log.meta("", key::JUIZ, env!("CARGO_PKG_VERSION"));
    log.meta("", key::GAME, config.game.name());
    log.meta("", key::SEED, &config.seed.to_string());
    for rule in crate::games::rule_words(&config.options) {
        log.meta("", key::RULE, &rule);
    }
    log.meta("", key::MOVE_TIMEOUT, &humantime::format_duration(config.limits.move_timeout).to_string());
    log.meta("", key::SANDBOX, &config.sandbox_metadata());
    for seat in seats {
        log.meta(&seat.id, key::WIRE_ID, &seat.wire_id);
        log.meta(&seat.id, key::COMMAND, &seat.command);
    }
    for line in engine.deal_text().lines() {
        log.meta("", key::DEAL, line);
    }
}

/// Why the loop stopped before the engine said the game was over.
enum Stop {
    /// Boxed: a fault is rare, and a large error would be copied on every step of the loop.
    Fault(Box<FaultRecord>),
    Cancelled,
    Diverged(String),
    /// The engine broke its contract (see `RefereeError::Engine`).
    Engine(String),
}

impl Stop {
    fn from_seat(seat: Seat, failure: SeatFailure) -> Stop {
        match failure {
            SeatFailure::Fault(f) => Stop::Fault(Box::new(fault(seat, f))),
            SeatFailure::Diverged(why) => Stop::Diverged(why),
            SeatFailure::Cancelled => Stop::Cancelled,
        }
    }
}

struct Table<'a> {
    players: Vec<SeatPlayer>,
    engine: Box<dyn Engine>,
    log: TranscriptWriter,
    seats: Vec<SeatReport>,
    config: &'a GameConfig,
    /// The look for premature output's buffers, reused from line to line.
    look: Look,
    /// Whose turn it is, for the scheduler and for blaming a seat that took the CPU.
    turns: Turns,
    /// Each seat's accepted lines with their turns: when a card left a hand (`diagnosis.rs`).
    said: Vec<Vec<(usize, String)>>,
    /// Lines sent to each seat (`GameConfig::premature_at`).
    sent: Vec<usize>,
}

impl Table<'_> {
    /// Runs until the engine awaits nobody (`Ok`) or something stops the game.
    fn run(&mut self, observer: &mut dyn Observer) -> Result<(), Stop> {
        if let Some((seat, f)) = self.players.iter().enumerate().find_map(|(seat, p)| match p {
            SeatPlayer::Failed(f) => Some((seat, f.clone())),
            _ => None,
        }) {
            return Err(Stop::Fault(Box::new(fault(seat, f))));
        }
        loop {
            if self.cancelled() {
                return Err(Stop::Cancelled);
            }
            self.deliver(observer)?;
            match self.engine.awaiting() {
                Awaiting::Nobody => return self.flush(&[], observer),
                Awaiting::One(seat) => {
                    self.check_seats(&[seat])?;
                    self.turns.give(&self.players, seat);
                    self.flush(&[seat], observer)?;
                    self.take_line(seat, &[seat], observer)?;
                }
            }
        }
    }

    /// The seats the engine awaits exist (and there is one at least).
    fn check_seats(&self, seats: &[Seat]) -> Result<(), Stop> {
        match seats.iter().find(|&&seat| seat >= self.players.len()) {
            _ if seats.is_empty() => Err(Stop::Engine("it awaits a line from no seat".into())),
            Some(seat) => Err(Stop::Engine(format!("it awaits seat {seat} of {}", self.players.len()))),
            None => Ok(()),
        }
    }

    fn cancelled(&self) -> bool {
        self.config.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Logs and queues every line the engine queued, in order; `flush` writes them.
    fn deliver(&mut self, observer: &mut dyn Observer) -> Result<(), Stop> {
        let deliveries = self.engine.take_deliveries();
        if deliveries.is_empty() {
            return Ok(());
        }
        // The rows of the lines of one step are timed by one clock read.
        let now = Instant::now();
        for delivery in deliveries {
            let seat = delivery.seat;
            if seat >= self.players.len() {
                let why = format!("a line for seat {seat} of {}: {}", self.players.len(), delivery.line);
                return Err(Stop::Engine(why));
            }
            self.log.row_at(now, &self.seats[seat].id, Direction::ToSeat, &delivery.line);
            observer.message(seat, true, &delivery.line);
            if self.players[seat].is_human() {
                observer.tell_human(seat, &delivery.line);
            }
            self.players[seat].queue(&delivery.line).map_err(|f| Stop::from_seat(seat, f))?;
            self.sent[seat] += 1;
        }
        Ok(())
    }

    /// Before the referee waits for `awaited` (or at the end of the game, none): every seat gets
    /// the lines of this step in one write, in seat order. A seat that cannot be written to is
    /// at fault, whether or not it is its turn.
    fn flush(&mut self, awaited: &[Seat], observer: &mut dyn Observer) -> Result<(), Stop> {
        for seat in 0..self.players.len() {
            let others_finished =
                self.players.iter().enumerate().all(|(other, p)| other == seat || !p.has_recorded_events());
            let wrote = self.players[seat]
                .flush(awaited.contains(&seat), others_finished)
                .map_err(|f| Stop::from_seat(seat, f))?;
            if wrote {
                observer.timing(TimingPoint::LineWritten, seat);
            }
        }
        Ok(())
    }

    /// Gets one line from `seat` and submits it; `awaited` are the seats allowed to be writing.
    fn take_line(&mut self, seat: Seat, awaited: &[Seat], observer: &mut dyn Observer) -> Result<(), Stop> {
        self.check_premature(awaited)?;
        if self.players[seat].is_human() {
            return self.take_human_line(seat, observer);
        }
        let line = match self.players[seat].receive(self.config.cancel.as_ref()) {
            Ok(line) => line,
            Err(SeatFailure::Fault(f)) => {
                // The wall-clock backstop, reached while a waiting seat's processes took the CPU:
                // that seat's fault (`turns.rs`).
                let allowance = self.config.limits_for(seat).move_timeout;
                let id = self.seats[seat].id.as_str();
                if let Some((other, blame)) = self.turns.took_the_cpu(&self.players, seat, id, &f, allowance) {
                    return Err(Stop::Fault(Box::new(fault(other, blame))));
                }
                let f = match &self.players[seat] {
                    SeatPlayer::Bot(process) => {
                        let ids: Vec<String> = self.seats.iter().map(|s| s.wire_id.clone()).collect();
                        let evidence = process.input_evidence();
                        super::diagnosis::diagnosed(f, &evidence, &self.seats[seat].wire_id, &ids)
                    }
                    _ => f,
                };
                return Err(Stop::from_seat(seat, SeatFailure::Fault(f)));
            }
            Err(failure) => return Err(Stop::from_seat(seat, failure)),
        };
        observer.timing(TimingPoint::LineArrived, seat);
        // The line's row and the row of what it did are timed by one clock read.
        let now = Instant::now();
        self.log.row_at(now, &self.seats[seat].id, Direction::FromSeat, &line);
        observer.message(seat, false, &line);
        let turn = self.engine.turns();
        match self.submit(seat, &line)? {
            Ok(narration) => {
                // English, as `Message`'s `Display` writes it, without the copy through a formatter.
                let text = crate::i18n::say_in(crate::i18n::Lang::En, &narration);
                self.log.row_at(now, &self.seats[seat].id, Direction::Event, &text);
                observer.action(seat, turn, &narration, self.engine.as_ref());
                self.said[seat].push((turn as usize + 1, line));
                Ok(())
            }
            Err(mut violation) => {
                super::diagnosis::with_card_history(&mut violation, &self.said[seat]);
                if let SeatPlayer::Bot(process) = &self.players[seat] {
                    let ids: Vec<String> = self.seats.iter().map(|s| s.wire_id.clone()).collect();
                    let own = &self.seats[seat].wire_id;
                    super::diagnosis::with_early_answer(&mut violation, &process.input_evidence(), own, &ids);
                }
                Err(Stop::Fault(Box::new(FaultRecord {
                    seat,
                    kind: match violation.kind {
                        ViolationKind::Malformed => FaultKind::Malformed,
                        ViolationKind::Illegal => FaultKind::Illegal,
                    },
                    detail: format!(
                        "{} (rule {}): {}",
                        violation.detail,
                        violation.rule,
                        crate::bot::quote_line(line.as_bytes())
                    ),
                    violation: Some(violation),
                    line: Some(line),
                    message: None,
                })))
            }
        }
    }

    /// A human is asked again after a refused line instead of being disqualified. Cards may be
    /// typed with ASCII suits (`5h`); the line is logged as submitted, with the suit symbols.
    fn take_human_line(&mut self, seat: Seat, observer: &mut dyn Observer) -> Result<(), Stop> {
        let id = self.seats[seat].id.clone();
        let mut problem: Option<Violation> = None;
        loop {
            let Some(line) = observer.ask_human(seat, self.engine.as_ref(), problem.as_ref()) else {
                let left = BotFault::new(FaultKind::ClosedOutput, Message::new("view-human-left"));
                return Err(Stop::Fault(Box::new(fault(seat, left))));
            };
            let line = super::human::with_suit_symbols(line.trim_end_matches(['\r', '\n']));
            self.log.row(&id, Direction::FromSeat, &line);
            let turn = self.engine.turns();
            match self.submit(seat, &line)? {
                Ok(narration) => {
                    self.log.row(&id, Direction::Event, &narration.to_string());
                    observer.action(seat, turn, &narration, self.engine.as_ref());
                    return Ok(());
                }
                Err(violation) => {
                    self.log.row(&id, Direction::Event, &format!("refused: {violation}"));
                    problem = Some(violation);
                }
            }
        }
    }

    /// The engine's `submit`; a panic in it (a bug of the rules code) stops the game with an
    /// error naming the line, instead of taking the referee (and a tournament's worker) down.
    fn submit(&mut self, seat: Seat, line: &str) -> Result<Result<Message, Violation>, Stop> {
        let engine = &mut self.engine;
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.submit(seat, line))).map_err(|panic| {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Stop::Engine(format!("it panicked on the line '{line}' of seat {seat}: {what}"))
        })
    }

    /// A bot that wrote while no line was asked of it broke the protocol.
    /// With one seat awaited, its pipe is looked at in the same `poll` (see
    /// `first_with_pending_output`).
    fn check_premature(&mut self, awaited: &[Seat]) -> Result<(), Stop> {
        let next = match awaited {
            [seat] => Some(*seat),
            _ => None,
        };
        if let Some(at) = self.config.premature_at
            && self.sent.get(at.seat) == Some(&at.lines)
            && !awaited.contains(&at.seat)
            && let Some(SeatPlayer::Bot(process)) = self.players.get_mut(at.seat)
        {
            process.output_within(at.wait);
        }
        match SeatPlayer::first_with_pending_output(&mut self.players, awaited, next, &mut self.look) {
            Some(seat) => {
                // The evidence: what it wrote, and when (whose line the referee was waiting for).
                let wrote = match &self.players[seat] {
                    SeatPlayer::Bot(process) => process.pending_line(),
                    _ => Vec::new(),
                };
                let waiting: Vec<&str> = awaited.iter().map(|&s| self.seats[s].id.as_str()).collect();
                let line = crate::bot::quote_line(&wrote);
                let mut message = Message::new("bf-premature")
                    .text("line", &line)
                    .number("turn", self.engine.turns() as usize + 1)
                    .text("waiting", waiting.join(" "));
                if let SeatPlayer::Bot(process) = &self.players[seat] {
                    let ids: Vec<String> = self.seats.iter().map(|s| s.wire_id.clone()).collect();
                    let (wrote, own) = (String::from_utf8_lossy(&wrote), &self.seats[seat].wire_id);
                    if let Some(turn) = super::diagnosis::premature_clause(&wrote, &process.input_evidence(), own, &ids)
                    {
                        message = Message::new("bf-two-notes").clause("first", message).clause("second", turn);
                    }
                }
                let mut record = fault(seat, BotFault::new(FaultKind::PrematureOutput, message));
                record.line = Some(String::from_utf8_lossy(&wrote).into_owned());
                Err(Stop::Fault(Box::new(record)))
            }
            None => Ok(()),
        }
    }
}

fn fault(seat: Seat, fault: BotFault) -> FaultRecord {
    FaultRecord { seat, kind: fault.kind, detail: fault.detail, violation: None, line: None, message: fault.message }
}
