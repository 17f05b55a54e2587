//! Replaying a transcript: the whole game through the same referee loop as a live one, with
//! every seat answering from the recording (`juiz replay LOG`), or with one seat played by a real
//! bot (`juiz replay LOG --seat N --bot CMD`): it gets exactly the input its seat received, its
//! lines are compared with the recorded ones, and where the recording has its fault the game
//! goes on as far as the recording lets it, to see whether the bot still commits it.

use std::collections::VecDeque;
use std::time::Duration;

use crate::bot::{BotCommand, BotFault, FaultKind, Limits};
use crate::games::{GameKind, Seat};
use crate::referee::{self, GameConfig, GameReport, Observer, Player, PlayerSpec, RefereeError, Script, ScriptEvent};

use crate::record::{Direction, Transcript};

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("the log names game '{0}', which this juiz does not know")]
    UnknownGame(String),
    #[error("the log has no seat {seat} (it has {count}: 0 to {})", count - 1)]
    NoSuchSeat { seat: usize, count: usize },
    #[error("the log's row {seq} names fault kind '{kind}', which this juiz does not know")]
    UnknownFault { seq: u64, kind: String },
    #[error(transparent)]
    Referee(#[from] referee::RefereeError),
}

/// What a whole-game replay found.
#[derive(Debug, Clone)]
pub struct ReplayReport {
    pub report: GameReport,
    /// The result line the log recorded, if the game finished when it was written.
    pub recorded_result: Option<String>,
}

impl ReplayReport {
    /// The replay reached the recorded result (same verdict, scores and winner).
    pub fn matches(&self) -> bool {
        self.recorded_result.as_deref() == Some(self.report.result_line().as_str())
    }
}

/// Re-runs the game of `transcript` on the engine, every seat answering from the recording.
/// Every line the engine sends is checked against the recording on the way.
pub fn replay(transcript: &Transcript, observer: &mut dyn Observer) -> Result<ReplayReport, ReplayError> {
    let config = recorded_config(transcript, None)?;
    let report = referee::play(&config, observer)?;
    let recorded_result = transcript.rows.iter().rev().find(|r| r.dir == Direction::Result).map(|r| r.text.clone());
    Ok(ReplayReport { report, recorded_result })
}

/// The game of `transcript`, every seat answering from the recording except `live`, played by a
/// bot (under the recorded name, so that the wire ids are the recorded ones).
fn recorded_config(transcript: &Transcript, live: Option<(Seat, &BotCommand)>) -> Result<GameConfig, ReplayError> {
    let meta = &transcript.meta;
    let game: GameKind = meta.game.parse().map_err(|_| ReplayError::UnknownGame(meta.game.clone()))?;
    let mut players = Vec::new();
    for (seat, id) in meta.seat_ids.iter().enumerate() {
        let name = id.split_once('.').map_or(id.as_str(), |(_, name)| name).to_owned();
        let player = match live {
            Some((live, bot)) if live == seat => Player::Bot(bot.clone()),
            _ if id == "user" => Player::Human,
            _ => Player::Scripted(script_for(transcript, id)?),
        };
        players.push(PlayerSpec { name, player });
    }
    let mut config = GameConfig::new(game, meta.seed, players);
    // A game with anonymous seats is played back with the wire ids it had.
    let anonymous: Vec<String> =
        (0..config.players.len()).map(|seat| referee::anonymous_wire_id(&config.players, seat)).collect();
    config.anonymous = !meta.wire_ids.is_empty() && meta.wire_ids == anonymous;
    config.deal = Some(meta.deal.clone()).filter(|d| !d.is_empty());
    config.options = meta.options.clone();
    Ok(config)
}

/// The recorded lines a human seat typed, in order (for an observer replaying a human).
pub fn human_lines(transcript: &Transcript, seat_id: &str) -> Vec<String> {
    transcript
        .rows
        .iter()
        .filter(|r| r.seat == seat_id && r.dir == Direction::FromSeat)
        .map(|r| r.text.clone())
        .collect()
}

fn script_for(transcript: &Transcript, id: &str) -> Result<Script, ReplayError> {
    let mut events = Vec::new();
    for row in transcript.rows.iter().filter(|r| r.seat == id) {
        match row.dir {
            Direction::ToSeat => events.push(ScriptEvent::Sent { seq: row.seq, line: row.text.clone() }),
            Direction::FromSeat => events.push(ScriptEvent::Said { seq: row.seq, line: row.text.clone() }),
            Direction::Fault => {
                let (name, detail) = row.text.split_once(": ").unwrap_or((row.text.as_str(), ""));
                let kind = FaultKind::from_name(name)
                    .ok_or_else(|| ReplayError::UnknownFault { seq: row.seq, kind: name.to_owned() })?;
                events.push(ScriptEvent::Fault { seq: row.seq, kind, detail: detail.to_owned() });
            }
            Direction::Meta | Direction::Event | Direction::Result => {}
        }
    }
    Ok(Script::new(events))
}

/// What became of a seat's recorded part when a real bot played it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeedOutcome {
    /// The bot said every recorded line, and the seat has no fault in the recording.
    Same { lines: usize },
    /// At recorded row `seq` the seat said `recorded`; the bot said `got`.
    Differs { seq: u64, recorded: String, got: String, lines_before: usize },
    /// The bot failed where the recording has it saying `recorded` (row `seq`), or, with
    /// `recorded` empty, at the end of its recorded part.
    Faulted { seq: u64, recorded: String, fault: BotFault, lines_before: usize },
    /// The bot still commits the seat's recorded fault (row `seq`): the same kind, after the
    /// same lines.
    StillFaults { seq: u64, fault: BotFault, lines: usize },
    /// Where the recording has the seat's fault `recorded` (row `seq`), the bot committed
    /// another kind of fault.
    FaultsDifferently { seq: u64, recorded: BotFault, fault: BotFault },
    /// Where the recording has the seat's fault `recorded` (row `seq`), the bot went on: `wrote`
    /// is what it wrote from there (empty: it was alive and waiting for input, as it should);
    /// `then` a fault it made after that. The game is followed only as far as the recording
    /// lets it be: the other seats answer from the recording.
    GetsPast { seq: u64, recorded: BotFault, wrote: Vec<String>, then: Option<BotFault> },
}

/// How long a replay waits for a bot's output where the recording has its premature output.
const PREMATURE_WAIT: Duration = Duration::from_secs(2);

/// Plays the game of `transcript` again with `bot` at seat `seat` and the other seats answering
/// from the recording, and compares the bot's lines with the seat's recorded ones; where the
/// recording has the seat's fault, says whether the bot still commits it. `timeout` bounds each
/// wait (generous: a student may be stepping through the bot in a debugger). `on_line` sees
/// every line to (`true`) and from the bot.
pub fn feed_bot(
    transcript: &Transcript,
    seat: usize,
    bot: &BotCommand,
    timeout: Duration,
    on_line: impl FnMut(bool, &str),
) -> Result<FeedOutcome, ReplayError> {
    let count = transcript.meta.seat_ids.len();
    let id = transcript.meta.seat_ids.get(seat).ok_or(ReplayError::NoSuchSeat { seat, count })?;
    let mut config = recorded_config(transcript, Some((seat, bot)))?;
    config.limits = Limits { move_timeout: timeout, startup_timeout: timeout, ..Limits::default() };
    // A recorded memory or CPU-time fault names the limit it was committed under (the log keeps
    // no other record of it): the bot is replayed under that limit, to commit it again or not.
    if let Some((_, fault)) = script_for(transcript, id)?.recorded_fault() {
        recorded_limit(&fault, &mut config.limits);
    }
    // A recorded premature output was seen when the live game's timing let it be: the replay
    // waits for the bot's output at that point (the recorded seats answer at once).
    if let Some((fault_seq, fault)) = script_for(transcript, id)?.recorded_fault()
        && fault.kind == FaultKind::PrematureOutput
    {
        let lines =
            transcript.rows.iter().filter(|r| &r.seat == id && r.dir == Direction::ToSeat && r.seq < fault_seq).count();
        config.premature_at = Some(crate::referee::PrematureAt { seat, lines, wait: timeout.min(PREMATURE_WAIT) });
    }
    let human = transcript.meta.seat_ids.iter().find(|i| *i == "user").map(|u| human_lines(transcript, u));
    let mut watch = Feed { seat, said: Vec::new(), human: human.unwrap_or_default().into(), on_line };
    let (fault, diverged) = match referee::play(&config, &mut watch) {
        Ok(report) => (
            report.fault.filter(|f| f.seat == seat).map(|f| BotFault {
                kind: f.kind,
                detail: f.detail,
                message: f.message,
            }),
            None,
        ),
        Err(RefereeError::Diverged(why)) => (None, Some(why)),
        Err(e) => return Err(e.into()),
    };
    let recorded: Vec<(u64, &str)> = transcript
        .rows
        .iter()
        .filter(|r| &r.seat == id && r.dir == Direction::FromSeat)
        .map(|r| (r.seq, r.text.as_str()))
        .collect();
    let recorded_fault = script_for(transcript, id)?.recorded_fault();
    let said = watch.said;
    let mismatch = said.iter().zip(&recorded).position(|(got, (_, line))| got != line);
    let common = said.len().min(recorded.len());
    Ok(match (mismatch, recorded_fault) {
        // A refused line recorded just before its fault: a different line there goes past it.
        (Some(i), Some((seq, recorded_fault)))
            if i + 1 == recorded.len() && matches!(recorded_fault.kind, FaultKind::Malformed | FaultKind::Illegal) =>
        {
            FeedOutcome::GetsPast { seq, recorded: recorded_fault, wrote: said[i..].to_vec(), then: fault }
        }
        (Some(i), _) => FeedOutcome::Differs {
            seq: recorded[i].0,
            recorded: recorded[i].1.to_owned(),
            got: said[i].clone(),
            lines_before: i,
        },
        (None, Some((seq, recorded_fault))) if said.len() >= recorded.len() => match fault {
            Some(fault) if said.len() == recorded.len() && fault.kind == recorded_fault.kind => {
                FeedOutcome::StillFaults { seq, fault, lines: said.len() }
            }
            Some(fault) if said.len() == recorded.len() => {
                FeedOutcome::FaultsDifferently { seq, recorded: recorded_fault, fault }
            }
            then => FeedOutcome::GetsPast { seq, recorded: recorded_fault, wrote: said[common..].to_vec(), then },
        },
        (None, _) => match (fault, diverged) {
            (Some(fault), _) => {
                let (seq, line) = recorded.get(common).map_or((0, ""), |&(seq, line)| (seq, line));
                FeedOutcome::Faulted { seq, recorded: line.to_owned(), fault, lines_before: common }
            }
            (None, Some(why)) => return Err(RefereeError::Diverged(why).into()),
            (None, None) => FeedOutcome::Same { lines: common },
        },
    })
}

/// The limit a recorded `memory` or `cpu-time` fault names in its detail (`memory limit of
/// 128 MiB`, `(limit 64 MiB)`, `cpu time limit of 2s`, `(limit 2s)`), set in `limits`.
fn recorded_limit(fault: &BotFault, limits: &mut Limits) {
    let named = |after: &str| -> Option<String> {
        let (_, rest) = fault.detail.split_once(after)?;
        Some(rest.split([')', ';', '(']).next()?.trim().replace(' ', ""))
    };
    let value = named(" limit of ").or_else(|| named("(limit "));
    match fault.kind {
        FaultKind::Memory => {
            if let Some(bytes) = value.and_then(|v| crate::bot::parse_size(&v).ok().flatten()) {
                limits.memory_bytes = Some(bytes);
            }
        }
        FaultKind::CpuTime => {
            if let Some(secs) = value.and_then(|v| v.trim_end_matches('s').parse::<f64>().ok()) {
                limits.cpu_seconds = Some(secs.ceil().max(1.0) as u64);
            }
        }
        _ => {}
    }
}

/// Watches the live seat of `feed_bot`: collects what the bot says and plays a recorded human.
struct Feed<F> {
    seat: Seat,
    said: Vec<String>,
    human: VecDeque<String>,
    on_line: F,
}

impl<F: FnMut(bool, &str)> Observer for Feed<F> {
    fn message(&mut self, seat: Seat, to_seat: bool, line: &str) {
        if seat == self.seat {
            (self.on_line)(to_seat, line);
            if !to_seat {
                self.said.push(line.to_owned());
            }
        }
    }

    fn ask_human(
        &mut self,
        _seat: Seat,
        _engine: &dyn crate::games::Engine,
        _problem: Option<&crate::games::Violation>,
    ) -> Option<String> {
        self.human.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_of_a_recorded_fault_is_the_replays() {
        let mut limits = Limits::default();
        let memory = BotFault::text(
            FaultKind::Memory,
            "ran out of its memory limit of 128 MiB (killed by signal 11 (SIGSEGV)); the most it was seen to hold: 1 MiB resident",
        );
        recorded_limit(&memory, &mut limits);
        assert_eq!(limits.memory_bytes, Some(128 << 20));
        recorded_limit(
            &BotFault::text(FaultKind::Memory, "its processes used 70 MiB of memory (limit 64 MiB)"),
            &mut limits,
        );
        assert_eq!(limits.memory_bytes, Some(64 << 20));
        let cpu =
            BotFault::text(FaultKind::CpuTime, "used up its cpu time limit of 2s (killed by signal 24 (SIGXCPU))");
        recorded_limit(&cpu, &mut limits);
        assert_eq!(limits.cpu_seconds, Some(2));
        recorded_limit(
            &BotFault::text(FaultKind::CpuTime, "its processes used 3.1s of cpu time (limit 2s)"),
            &mut limits,
        );
        assert_eq!(limits.cpu_seconds, Some(2));
        recorded_limit(&BotFault::text(FaultKind::Crash, "exited with code 1"), &mut limits);
        assert_eq!((limits.memory_bytes, limits.cpu_seconds), (Some(64 << 20), Some(2)));
    }
}
