//! `juiz replay`: re-run a logged game and check its result, print one seat's input, or feed that
//! input to a bot and find the first line where it answers differently, or whether it still
//! commits the recorded fault.

use std::process::ExitCode;

use juiz::record::{Direction, Transcript};
use juiz::referee::{self, FeedOutcome};
use juiz::report::{GameView, Style, Verbosity};

use super::{CHECK_FAILED, Failure, Outcome, STILL_FAULTS, SUCCESS};
use crate::cli::ReplayArgs;

pub fn replay(args: ReplayArgs) -> Outcome {
    if let Some(out) = &args.html {
        let bytes = juiz::report::html::write_viewer(&args.log, out).map_err(Failure::input)?;
        println!("wrote {} ({} KB)", out.display(), bytes.div_ceil(1024));
        return Ok(ExitCode::from(SUCCESS));
    }
    let transcript = Transcript::read(&args.log).map_err(Failure::input)?;
    let seats = transcript.meta.seat_ids.len();
    if let Some(seat) = args.seat.filter(|&s| s >= seats) {
        return Err(Failure::input(format!(
            "--seat {seat}: the game in {} has seats 0 to {}",
            args.log.display(),
            seats - 1
        )));
    }
    let style = Style::for_stdout();
    if args.input {
        let id = &transcript.meta.seat_ids[args.seat.expect("clap requires --seat with --input")];
        for row in transcript.rows.iter().filter(|r| &r.seat == id && r.dir == Direction::ToSeat) {
            println!("{}", row.text);
        }
        return Ok(ExitCode::from(SUCCESS));
    }
    if let Some(bot) = &args.bot {
        let seat = args.seat.expect("clap requires --seat with --bot");
        let game = transcript.meta.game.parse().unwrap_or(juiz::games::GameKind::DEFAULT);
        let command = super::bot_command(bot, game, &transcript.meta.options)?;
        let debug = args.debug;
        let outcome = referee::feed_bot(&transcript, seat, &command, args.timeout, |to_bot, line| {
            if debug {
                let arrow = if to_bot { "→" } else { "←" };
                println!("  {arrow} {}", style.cards(line));
            }
        })
        .map_err(Failure::input)?;
        return Ok(ExitCode::from(report_feed(&outcome, seat, &style)));
    }
    let verbosity = if args.debug { Verbosity::Debug } else { Verbosity::Turns };
    let header = format!("{} · seed {} · replay of {}", transcript.meta.game, transcript.meta.seed, args.log.display());
    // An unknown game is refused by the replay itself, before anything is drawn.
    let game = transcript.meta.game.parse().unwrap_or(juiz::games::GameKind::DEFAULT);
    let mut view = GameView::new(std::io::stdout(), style, verbosity, game).only_seat(args.seat).header(header);
    if let Some(user) = transcript.meta.seat_ids.iter().find(|id| *id == "user") {
        view = view.scripted_human(referee::human_lines(&transcript, user));
    }
    let replayed = match referee::replay(&transcript, &mut view) {
        Ok(r) => r,
        Err(referee::ReplayError::Referee(juiz::referee::RefereeError::Diverged(why))) => {
            println!("replay diverged: {}", safe(why));
            return Ok(ExitCode::from(CHECK_FAILED));
        }
        Err(e) => return Err(Failure::input(e)),
    };
    let result = replayed.report.result_line();
    match &replayed.recorded_result {
        Some(recorded) if replayed.matches() => {
            println!("replay reached the recorded result: {recorded}");
            Ok(ExitCode::from(SUCCESS))
        }
        Some(recorded) => {
            println!("replay result differs: recorded '{recorded}', replayed '{result}'");
            Ok(ExitCode::from(CHECK_FAILED))
        }
        None => {
            println!("the log has no result (the game was cut short); replayed: {result}");
            Ok(ExitCode::from(CHECK_FAILED))
        }
    }
}

/// `the 1 recorded line`, `the 3 recorded lines`.
fn recorded_lines(lines: usize) -> String {
    if lines == 1 { "1 recorded line".to_string() } else { format!("{lines} recorded lines") }
}

/// Prints what `feed_bot` found and returns the exit status: 0 the same lines, or past the
/// recorded fault; 1 different lines or a new fault; 4 the recorded fault again.
fn report_feed(outcome: &FeedOutcome, seat: usize, style: &Style) -> u8 {
    match outcome {
        FeedOutcome::Same { lines } => {
            println!("same: the bot wrote the {} of seat {seat}", recorded_lines(*lines));
            SUCCESS
        }
        FeedOutcome::Differs { seq, recorded, got, lines_before } => {
            println!("differs at row {seq} (after {lines_before} equal lines):");
            println!("  recorded: {}", style.cards(recorded));
            println!("  bot now:  {}", style.cards(got));
            CHECK_FAILED
        }
        FeedOutcome::Faulted { seq, recorded, fault, lines_before } => {
            println!("the bot failed at row {seq} (after {lines_before} equal lines): {}", safe(fault));
            if !recorded.is_empty() {
                println!("  recorded: {}", style.cards(recorded));
            }
            CHECK_FAILED
        }
        FeedOutcome::StillFaults { seq, fault, lines } => {
            println!(
                "still faults: after the {} the bot commits the recorded fault again (row {seq})",
                recorded_lines(*lines)
            );
            println!("  {}", safe(fault));
            STILL_FAULTS
        }
        FeedOutcome::FaultsDifferently { seq, recorded, fault } => {
            println!("faults differently: where the recording has {} (row {seq}), the bot now commits", safe(recorded));
            println!("  {}", safe(fault));
            CHECK_FAILED
        }
        FeedOutcome::GetsPast { seq, recorded, wrote, then } => {
            println!("gets past the recorded fault (row {seq}: {})", safe(recorded));
            if wrote.is_empty() {
                println!("  the bot is alive and waiting for input there, as it should");
            }
            for line in wrote {
                println!("  it writes: {}", style.cards(line));
            }
            match then {
                Some(fault) => {
                    println!("  and then fails: {}", safe(fault));
                    CHECK_FAILED
                }
                None => {
                    println!("  (the game is followed only as far as the recording goes)");
                    SUCCESS
                }
            }
        }
    }
}

/// Bot text (a fault's detail, a line it wrote) as it may be printed on a terminal.
fn safe(text: impl std::fmt::Display) -> String {
    juiz::report::terminal_safe(&text.to_string()).into_owned()
}
