//! What the referee tells whoever watches a game (the terminal, a progress bar, nothing), and how
//! it asks a human seat for a line.

use crate::games::{Engine, Message, Seat, Violation};

use super::report::{FaultRecord, GameReport, SeatReport};

/// Receives the events of one game as they happen. Every method has a default that ignores it.
pub trait Observer {
    fn started(&mut self, _seats: &[SeatReport], _engine: &dyn Engine) {}
    /// A line the referee sent to (`to_seat` true) or received from a seat, as on the wire.
    fn message(&mut self, _seat: Seat, _to_seat: bool, _line: &str) {}
    /// A line was accepted during turn `turn` (counted from 0); `narration` says what it did.
    fn action(&mut self, _seat: Seat, _turn: u32, _narration: &Message, _engine: &dyn Engine) {}
    fn fault(&mut self, _fault: &FaultRecord) {}
    fn finished(&mut self, _report: &GameReport, _engine: &dyn Engine) {}
    /// Asks the human at `seat` for a line. `problem` is why the previous line was refused.
    /// `None` means the human left (end of input): the seat forfeits.
    fn ask_human(&mut self, _seat: Seat, _engine: &dyn Engine, _problem: Option<&Violation>) -> Option<String> {
        None
    }
    /// A line the referee sends to the human's seat (the same a bot there would get).
    fn tell_human(&mut self, _seat: Seat, _line: &str) {}
    /// A point of the referee loop was reached, for a benchmark to time (`juiz bench` measures
    /// the referee's own latency from a bot's line arriving to the next line written). Called
    /// without any argument to format, so the default costs one indirect call.
    fn timing(&mut self, _point: TimingPoint, _seat: Seat) {}
}

/// Points of the referee loop that `Observer::timing` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimingPoint {
    /// A bot's line has just been read from its pipe (before it is logged or judged).
    LineArrived,
    /// A line has just been written to a bot's pipe.
    LineWritten,
}

/// Watches nothing: tournaments and tests.
pub struct Quiet;

impl Observer for Quiet {}
