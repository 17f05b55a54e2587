//! A seat played back from a transcript: it answers with the recorded lines, fails with the
//! recorded fault, and checks that every line the referee sends it is the recorded one.

use std::collections::VecDeque;

use crate::bot::{BotFault, FaultKind};

/// One recorded event of a seat, in the order it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScriptEvent {
    /// The referee sent this line (row `seq`).
    Sent { seq: u64, line: String },
    /// The seat answered this line (row `seq`).
    Said { seq: u64, line: String },
    /// The seat was faulted (row `seq`).
    Fault { seq: u64, kind: FaultKind, detail: String },
}

/// A seat's recorded events.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Script {
    events: VecDeque<ScriptEvent>,
    /// Lines were queued since the last flush: only then can a flush fail, as live.
    queued: bool,
}

/// Why a scripted seat could not go on: the engine did something the recording did not.
pub type Divergence = String;

impl Script {
    pub fn new(events: Vec<ScriptEvent>) -> Self {
        Script { events: events.into(), queued: false }
    }

    /// The seat's recorded fault (its row and what it was), if it had one.
    pub fn recorded_fault(&self) -> Option<(u64, BotFault)> {
        self.events.iter().find_map(|event| match event {
            ScriptEvent::Fault { seq, kind, detail } => Some((*seq, BotFault::text(*kind, detail.clone()))),
            _ => None,
        })
    }

    /// A seat whose first event is a start-up fault never started.
    pub(super) fn spawn_fault(&self) -> Option<BotFault> {
        match self.events.front() {
            Some(ScriptEvent::Fault { kind: FaultKind::Spawn, detail, .. }) => {
                Some(BotFault::text(FaultKind::Spawn, detail.clone()))
            }
            _ => None,
        }
    }

    /// Checks that `line`, which the referee queues for the seat, is the recorded one. A fault
    /// recorded on the very next row was a failure to write it (so the line-by-line referee
    /// recorded one), or came with nothing else in between: either way it is met here.
    pub(super) fn queue(&mut self, line: &str) -> Result<Option<BotFault>, Divergence> {
        self.queued = true;
        match self.events.pop_front() {
            Some(ScriptEvent::Sent { seq, line: recorded }) if recorded == line => match self.events.front() {
                Some(ScriptEvent::Fault { seq: fault_seq, kind, .. })
                    if *fault_seq == seq + 1 && *kind != FaultKind::PrematureOutput =>
                {
                    Ok(Some(self.take_fault()))
                }
                _ => Ok(None),
            },
            Some(ScriptEvent::Sent { seq, line: recorded }) => {
                Err(format!("row {seq}: the recording sent '{recorded}' but the engine now sends '{line}'"))
            }
            other => Err(format!("the engine sends '{line}' where the recording has {}", describe(other.as_ref()))),
        }
    }

    /// When the referee writes the lines of a step, before it waits for `awaited` seats (or,
    /// with `awaited` false, to a seat not asked to play, or at the end of the game): the fault
    /// recorded next for a seat not asked to play was a failure to write them if the seat had
    /// lines to write and `others_finished`, no other seat has anything left in the recording
    /// (the fault ended the game: everything else came before it). A seat asked to play meets
    /// its fault when it is asked, as recorded; premature output is checked apart.
    pub(super) fn flush(&mut self, awaited: bool, others_finished: bool) -> Option<BotFault> {
        let had_lines = std::mem::replace(&mut self.queued, false);
        match self.events.front() {
            Some(ScriptEvent::Fault { kind, .. })
                if had_lines && others_finished && !awaited && *kind != FaultKind::PrematureOutput =>
            {
                Some(self.take_fault())
            }
            _ => None,
        }
    }

    pub(super) fn receive(&mut self) -> Result<Result<String, BotFault>, Divergence> {
        match self.events.front() {
            Some(ScriptEvent::Said { .. }) => match self.events.pop_front() {
                Some(ScriptEvent::Said { line, .. }) => Ok(Ok(line)),
                _ => unreachable!("front was a Said event"),
            },
            Some(ScriptEvent::Fault { .. }) => Ok(Err(self.take_fault())),
            other => Err(format!("the engine awaits a line where the recording has {}", describe(other))),
        }
    }

    /// Nothing is left in the recording for this seat.
    pub(super) fn finished(&self) -> bool {
        self.events.is_empty()
    }

    pub(super) fn has_pending_output(&self) -> bool {
        matches!(self.events.front(), Some(ScriptEvent::Fault { kind: FaultKind::PrematureOutput, .. }))
    }

    fn take_fault(&mut self) -> BotFault {
        match self.events.pop_front() {
            Some(ScriptEvent::Fault { kind, detail, .. }) => BotFault::text(kind, detail),
            _ => unreachable!("take_fault is called with a fault in front"),
        }
    }
}

fn describe(event: Option<&ScriptEvent>) -> String {
    match event {
        None => "nothing more".to_owned(),
        Some(ScriptEvent::Sent { seq, line }) => format!("row {seq} sending '{line}'"),
        Some(ScriptEvent::Said { line, .. }) => format!("the seat saying '{line}'"),
        Some(ScriptEvent::Fault { seq, kind, .. }) => format!("row {seq}, a {} fault", kind.name()),
    }
}
