//! The players at the table as the referee drives them: a bot process, a human reached through
//! the observer, or a seat played back from a transcript.

use std::os::fd::{AsRawFd, RawFd};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::bot::{BotFault, BotProcess, WorkDir};

use crate::games::Seat;

use super::config::{GameConfig, Player};
use super::scripted::{Divergence, Script};

/// A seat's player for the length of one game.
pub(super) enum SeatPlayer {
    Bot(Box<BotProcess>),
    Human,
    Scripted(Script),
    /// A bot that could not be started; the fault is recorded when the game begins.
    Failed(BotFault),
}

/// The buffers of the look for premature output before each line
/// (`SeatPlayer::first_with_pending_output`), kept by the game's table.
#[derive(Default)]
pub(super) struct Look {
    seats: Vec<Seat>,
    fds: Vec<RawFd>,
    polled: Vec<libc::pollfd>,
    readable: Vec<bool>,
}

/// Why a seat could not give what was asked of it.
pub(super) enum SeatFailure {
    Fault(BotFault),
    Diverged(Divergence),
    Cancelled,
}

impl From<BotFault> for SeatFailure {
    fn from(fault: BotFault) -> Self {
        SeatFailure::Fault(fault)
    }
}

impl SeatPlayer {
    pub(super) fn start_all(config: &GameConfig) -> Vec<SeatPlayer> {
        config
            .players
            .iter()
            .enumerate()
            .map(|(seat, spec)| match &spec.player {
                Player::Human => SeatPlayer::Human,
                Player::Scripted(script) => match script.spawn_fault() {
                    Some(fault) => SeatPlayer::Failed(fault),
                    None => SeatPlayer::Scripted(script.clone()),
                },
                Player::Bot(command) => {
                    let log: Option<PathBuf> = config
                        .stderr_dir
                        .as_ref()
                        .map(|dir| super::config::stderr_log_path(dir, &config.stderr_stem, seat));
                    let work = match config.seat_workdirs.get(seat).cloned().flatten() {
                        Some(dir) => WorkDir::CopyOf(dir),
                        None => WorkDir::Fresh,
                    };
                    match BotProcess::spawn(command, work, log.as_deref(), config.limits_for(seat)) {
                        Ok(process) => SeatPlayer::Bot(Box::new(process)),
                        Err(fault) => SeatPlayer::Failed(fault),
                    }
                }
            })
            .collect()
    }

    pub(super) fn is_human(&self) -> bool {
        matches!(self, SeatPlayer::Human)
    }

    /// Queues `line` for the seat; `flush` delivers it (a human sees it through the observer).
    pub(super) fn queue(&mut self, line: &str) -> Result<(), SeatFailure> {
        match self {
            SeatPlayer::Bot(process) => process.queue(line),
            SeatPlayer::Scripted(script) => {
                if let Some(fault) = script.queue(line).map_err(SeatFailure::Diverged)? {
                    return Err(SeatFailure::Fault(fault));
                }
            }
            SeatPlayer::Human | SeatPlayer::Failed(_) => {}
        }
        Ok(())
    }

    /// Writes the queued lines, before the referee waits (`awaited`: for this seat among
    /// others) or at the end of the game; `Ok(true)` when lines were written. For a recorded
    /// seat, `others_finished` says that no other seat has anything left in the recording.
    pub(super) fn flush(&mut self, awaited: bool, others_finished: bool) -> Result<bool, SeatFailure> {
        match self {
            SeatPlayer::Bot(process) if process.has_queued() => {
                process.flush()?;
                Ok(true)
            }
            SeatPlayer::Scripted(script) => {
                script.flush(awaited, others_finished).map_or(Ok(false), |f| Err(SeatFailure::Fault(f)))
            }
            _ => Ok(false),
        }
    }

    /// After a fault ended the game: writes what the pipe takes at once of the queued lines,
    /// without waiting and whatever goes wrong (the game is over).
    pub(super) fn flush_after_fault(&mut self) {
        if let SeatPlayer::Bot(process) = self {
            process.flush_without_waiting();
        }
    }

    /// Waits for the seat's next line: a bot's first line of the game gets the start-up
    /// allowance, every later one the move timeout, both from the limits the bot was spawned
    /// with (a tournament may give each bot its own; `_limits`, the game's, is then unused).
    /// The bot is charged its own time with a wall-clock backstop (`bot::MoveTime`). With a
    /// cancel flag the game stops promptly when it is set.
    pub(super) fn receive(&mut self, cancel: Option<&Arc<AtomicBool>>) -> Result<String, SeatFailure> {
        let process = match self {
            SeatPlayer::Bot(process) => process,
            SeatPlayer::Scripted(script) => return Ok(script.receive().map_err(SeatFailure::Diverged)??),
            SeatPlayer::Human | SeatPlayer::Failed(_) => unreachable!("the referee asks humans through the observer"),
        };
        // The process knows whether this is its first reply (the start-up allowance) or a move.
        let allowance = process.reply_timeout();
        let line = match cancel {
            None => process.receive(allowance)?.0,
            Some(flag) => match process.receive_cancellable(allowance, flag)? {
                Some((line, _)) => line,
                None => return Err(SeatFailure::Cancelled),
            },
        };
        Ok(line)
    }

    /// A recorded seat with events left to play back (false for every other kind of seat).
    pub(super) fn has_recorded_events(&self) -> bool {
        matches!(self, SeatPlayer::Scripted(script) if !script.finished())
    }

    pub(super) fn has_pending_output(&mut self) -> bool {
        match self {
            SeatPlayer::Bot(process) => process.has_pending_output(),
            SeatPlayer::Scripted(script) => script.has_pending_output(),
            _ => false,
        }
    }

    /// The first seat not in `awaited` (in seat order) whose player wrote something no line was
    /// asked for. The bots' pipes are looked at in one `poll` and only a readable one is read: a
    /// read of each pipe, most of them empty, was three wasted system calls per line at four
    /// seats. The pipe of `next`, the seat whose line the referee waits for next, is looked at in
    /// the same `poll` when there is one to make: found readable, its wait reads it without a
    /// `poll` of its own (`BotProcess::output_seen_ready`). `look` is the caller's, reused from
    /// line to line (nothing is allocated per line).
    pub(super) fn first_with_pending_output(
        players: &mut [SeatPlayer],
        awaited: &[Seat],
        next: Option<Seat>,
        look: &mut Look,
    ) -> Option<Seat> {
        look.seats.clear();
        look.fds.clear();
        let mut known = None;
        for seat in (0..players.len()).filter(|seat| !awaited.contains(seat)) {
            let answer = match &players[seat] {
                SeatPlayer::Bot(process) => process.output_to_look_at().map(|fd| fd.as_raw_fd()),
                SeatPlayer::Scripted(script) => Err(script.has_pending_output()),
                SeatPlayer::Human | SeatPlayer::Failed(_) => Err(false),
            };
            match answer {
                Ok(fd) => {
                    look.seats.push(seat);
                    look.fds.push(fd);
                }
                Err(true) => {
                    known = Some(seat);
                    break;
                }
                Err(false) => {}
            }
        }
        let others = look.seats.len();
        if others > 0
            && let Some(seat) = next
            && let SeatPlayer::Bot(process) = &players[seat]
            && let Ok(fd) = process.output_to_look_at()
        {
            look.fds.push(fd.as_raw_fd());
        }
        // The descriptors are the stdout pipes of `players`' bots, open for the whole call.
        crate::bot::readable_now_into(&look.fds, &mut look.polled, &mut look.readable);
        if look.readable.len() > others
            && look.readable[others]
            && let Some(SeatPlayer::Bot(process)) = next.map(|seat| &mut players[seat])
        {
            process.output_seen_ready();
        }
        for (&seat, _) in look.seats.iter().zip(&look.readable).filter(|(_, readable)| **readable) {
            if known.is_some_and(|k| seat >= k) {
                break;
            }
            if players[seat].has_pending_output() {
                return Some(seat);
            }
        }
        known
    }

    /// Whether the seat's bot is on move (or the game is over for it) or waits while another
    /// seat moves: see `BotProcess::set_on_move`.
    pub(super) fn set_on_move(&self, on_move: bool) {
        if let SeatPlayer::Bot(process) = self {
            process.set_on_move(on_move);
        }
    }

    /// CPU time the seat's bot has used so far (see `BotProcess::cpu_time`); `None` for a seat
    /// that is not a running bot.
    pub(super) fn cpu_time(&self) -> Option<std::time::Duration> {
        match self {
            SeatPlayer::Bot(process) => process.cpu_time(),
            _ => None,
        }
    }

    /// A bot's move timing over the game.
    pub(super) fn timing(&self) -> Option<crate::bot::TimingTotals> {
        match self {
            SeatPlayer::Bot(process) => Some(process.timing()),
            _ => None,
        }
    }

    /// Ends a bot (`BotProcess::shutdown`) and says how it ended; `None` for other players.
    pub(super) fn shutdown(&mut self) -> Option<crate::bot::ExitReport> {
        match self {
            SeatPlayer::Bot(process) => Some(process.shutdown()),
            _ => None,
        }
    }
}
