//! Replaying a transcript: the whole game through the same referee loop as a live one, with
//! every seat answering from the recording (`juiz replay LOG`), or one real bot fed exactly the
//! input its seat received (`juiz replay LOG --seat N --bot CMD`).

use std::time::Duration;

use crate::bot::{BotCommand, BotFault, BotProcess, FaultKind, Limits, WorkDir};
use crate::games::GameKind;
use crate::referee::{self, GameConfig, GameReport, Observer, Player, PlayerSpec, Script, ScriptEvent};

use super::transcript::{Direction, Transcript};

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
    let meta = &transcript.meta;
    let game: GameKind = meta.game.parse().map_err(|_| ReplayError::UnknownGame(meta.game.clone()))?;
    let mut players = Vec::new();
    for id in &meta.seat_ids {
        let name = id.split_once('.').map_or(id.as_str(), |(_, name)| name).to_owned();
        let player = if id == "user" { Player::Human } else { Player::Scripted(script_for(transcript, id)?) };
        players.push(PlayerSpec { name, player });
    }
    let mut config = GameConfig::new(game, meta.seed, players);
    config.deal = Some(meta.deal.clone()).filter(|d| !d.is_empty());
    let report = referee::play(&config, observer)?;
    let recorded_result = transcript.rows.iter().rev().find(|r| r.dir == Direction::Result).map(|r| r.text.clone());
    Ok(ReplayReport { report, recorded_result })
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

/// Where a bot's output first differs from what its seat sent in the recording.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeedOutcome {
    /// The bot said every recorded line.
    Same { lines: usize },
    /// At recorded row `seq` the seat said `recorded`; the bot said `got`.
    Differs { seq: u64, recorded: String, got: String, lines_before: usize },
    /// The bot failed where the recording has it saying `recorded` (or where it was faulted).
    Faulted { seq: u64, recorded: String, fault: BotFault, lines_before: usize },
}

/// Feeds `bot` exactly the input seat `seat` received, in order, and compares each line it
/// writes with the recorded one. `timeout` bounds each wait (generous: a student may be
/// stepping through the bot in a debugger).
pub fn feed_bot(
    transcript: &Transcript,
    seat: usize,
    bot: &BotCommand,
    timeout: Duration,
    mut on_line: impl FnMut(bool, &str),
) -> Result<FeedOutcome, ReplayError> {
    let count = transcript.meta.seat_ids.len();
    let id = transcript.meta.seat_ids.get(seat).ok_or(ReplayError::NoSuchSeat { seat, count })?;
    let limits = Limits { move_timeout: timeout, startup_timeout: timeout, ..Limits::default() };
    // Dropping the process on any return ends its whole group.
    let mut process = match BotProcess::spawn(bot, WorkDir::Fresh, None, &limits) {
        Ok(p) => p,
        Err(fault) => {
            return Ok(FeedOutcome::Faulted { seq: 0, recorded: String::new(), fault, lines_before: 0 });
        }
    };
    let mut said = 0;
    for row in transcript.rows.iter().filter(|r| &r.seat == id) {
        match row.dir {
            Direction::ToSeat => {
                on_line(true, &row.text);
                if let Err(fault) = process.send(&row.text) {
                    return Ok(FeedOutcome::Faulted {
                        seq: row.seq,
                        recorded: row.text.clone(),
                        fault,
                        lines_before: said,
                    });
                }
            }
            Direction::FromSeat => match process.receive(timeout) {
                Ok((line, _)) => {
                    on_line(false, &line);
                    if line != row.text {
                        return Ok(FeedOutcome::Differs {
                            seq: row.seq,
                            recorded: row.text.clone(),
                            got: line,
                            lines_before: said,
                        });
                    }
                    said += 1;
                }
                Err(fault) => {
                    return Ok(FeedOutcome::Faulted {
                        seq: row.seq,
                        recorded: row.text.clone(),
                        fault,
                        lines_before: said,
                    });
                }
            },
            _ => {}
        }
    }
    Ok(FeedOutcome::Same { lines: said })
}
