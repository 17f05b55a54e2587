//! `juiz replay`: re-run a logged game and check its result, print one seat's input, or feed that
//! input to a bot and find the first line where it answers differently, or whether it still
//! commits the recorded fault.

use std::process::ExitCode;

use juiz::i18n::tr;
use juiz::record::{Direction, Transcript};
use juiz::referee::{self, FeedOutcome};
use juiz::report::{GameView, Style, Verbosity};

use super::{CHECK_FAILED, Failure, Outcome, STILL_FAULTS, SUCCESS};
use crate::cli::ReplayArgs;

pub fn replay(mut args: ReplayArgs) -> Outcome {
    // A packed game (`game.csv.zst`, as the course server keeps them) is read by its plain
    // name, so that its stderr logs beside it (`game.seat0.stderr[.zst]`) are found by the
    // plain stem, as for a plain file; `record::packed` reads either form.
    let plain = juiz::record::packed::plain_path(&args.log);
    if plain != args.log && juiz::record::packed::exists(&plain) {
        args.log = plain;
    }
    if let Some(out) = &args.html {
        let bytes = juiz::report::html::write_viewer(&args.log, out).map_err(Failure::input)?;
        println!("{}", tr("replay-wrote", &[("path", &out.display()), ("kb", &bytes.div_ceil(1024))]));
        return Ok(ExitCode::from(SUCCESS));
    }
    let transcript = Transcript::read(&args.log).map_err(Failure::input)?;
    let seats = transcript.meta.seat_ids.len();
    if let Some(seat) = args.seat.filter(|&s| s >= seats) {
        let (log, last) = (args.log.display(), seats - 1);
        return Err(Failure::input(tr("replay-bad-seat", &[("seat", &seat), ("log", &log), ("last", &last)])));
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
    let (meta, log) = (&transcript.meta, args.log.display());
    let header = tr("replay-header", &[("game", &meta.game), ("seed", &meta.seed), ("log", &log)]);
    // An unknown game is refused by the replay itself, before anything is drawn.
    let game = transcript.meta.game.parse().unwrap_or(juiz::games::GameKind::DEFAULT);
    let mut view = GameView::new(std::io::stdout(), style, verbosity, game).only_seat(args.seat).header(header);
    if let Some(user) = transcript.meta.seat_ids.iter().find(|id| *id == "user") {
        view = view.scripted_human(referee::human_lines(&transcript, user));
    }
    let replayed = match referee::replay(&transcript, &mut view) {
        Ok(r) => r,
        Err(referee::ReplayError::Referee(juiz::referee::RefereeError::Diverged(why))) => {
            println!("{}", tr("replay-diverged", &[("why", &safe(why))]));
            return Ok(ExitCode::from(CHECK_FAILED));
        }
        Err(e) => return Err(Failure::input(e)),
    };
    let result = replayed.report.result_line();
    match &replayed.recorded_result {
        Some(recorded) if replayed.matches() => {
            println!("{}", tr("replay-matches", &[("result", recorded)]));
            Ok(ExitCode::from(SUCCESS))
        }
        Some(recorded) => {
            println!("{}", tr("replay-differs", &[("recorded", recorded), ("result", &result)]));
            Ok(ExitCode::from(CHECK_FAILED))
        }
        None => {
            println!("{}", tr("replay-no-result", &[("result", &result)]));
            Ok(ExitCode::from(CHECK_FAILED))
        }
    }
}

/// `1 recorded line`, `3 recorded lines`, in the user's language.
fn recorded_lines(lines: usize) -> String {
    tr("replay-lines", &[("lines", &lines)])
}

/// Prints what `feed_bot` found and returns the exit status: 0 the same lines, or past the
/// recorded fault; 1 different lines or a new fault; 4 the recorded fault again.
fn report_feed(outcome: &FeedOutcome, seat: usize, style: &Style) -> u8 {
    match outcome {
        FeedOutcome::Same { lines } => {
            println!("{}", tr("replay-same", &[("lines", &recorded_lines(*lines)), ("seat", &seat)]));
            SUCCESS
        }
        FeedOutcome::Differs { seq, recorded, got, lines_before } => {
            println!("{}", tr("replay-feed-differs", &[("seq", seq), ("before", lines_before)]));
            println!("{}", tr("replay-recorded", &[("line", &style.cards(recorded))]));
            println!("{}", tr("replay-bot-now", &[("line", &style.cards(got))]));
            CHECK_FAILED
        }
        FeedOutcome::Faulted { seq, recorded, fault, lines_before } => {
            let args: [(&str, &dyn std::fmt::Display); 3] =
                [("seq", seq), ("before", lines_before), ("fault", &safe(fault))];
            println!("{}", tr("replay-bot-failed", &args));
            if !recorded.is_empty() {
                println!("{}", tr("replay-recorded", &[("line", &style.cards(recorded))]));
            }
            CHECK_FAILED
        }
        FeedOutcome::StillFaults { seq, fault, lines } => {
            println!("{}", tr("replay-still-faults", &[("lines", &recorded_lines(*lines)), ("seq", seq)]));
            println!("  {}", safe(fault));
            STILL_FAULTS
        }
        FeedOutcome::FaultsDifferently { seq, recorded, fault } => {
            println!("{}", tr("replay-faults-differently", &[("recorded", &safe(recorded)), ("seq", seq)]));
            println!("  {}", safe(fault));
            CHECK_FAILED
        }
        FeedOutcome::GetsPast { seq, recorded, wrote, then } => {
            println!("{}", tr("replay-gets-past", &[("seq", seq), ("recorded", &safe(recorded))]));
            if wrote.is_empty() {
                println!("{}", tr("replay-alive", &[]));
            }
            for line in wrote {
                println!("{}", tr("replay-writes", &[("line", &style.cards(line))]));
            }
            match then {
                Some(fault) => {
                    println!("{}", tr("replay-then-fails", &[("fault", &safe(fault))]));
                    CHECK_FAILED
                }
                None => {
                    println!("{}", tr("replay-followed", &[]));
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
