//! The one interface every rules engine implements: a pure state machine that says whose line it
//! awaits, validates a seat's line before applying it (state unchanged on a violation), queues the
//! lines each seat must be sent, and reports the outcome. No processes, threads, files or clocks.

use std::fmt;

use super::message::Message;
use super::table::Table;

/// A seat at the table: 0-based, in the order the players were given.
pub type Seat = usize;

/// Whose input the engine waits for next. There is always one seat at most: a chance several
/// seats have at once (declaring trump while the cards are dealt in Shengji) is given to each in
/// a fixed order, one turn each, so that the same seed and bots give the same game whatever the
/// timing and no seat gains by answering faster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Awaiting {
    /// Exactly this seat must send the next line.
    One(Seat),
    /// The game is over.
    Nobody,
}

/// One line the referee must write to one seat, in queue order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub seat: Seat,
    /// The line without its terminating newline.
    pub line: String,
}

/// Whether a refused line was unreadable or readable but against the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViolationKind {
    /// The line does not parse as any command of the protocol (unknown word, bad card token,
    /// missing brackets, non-integer index...).
    Malformed,
    /// The line parses but breaks a rule in the current state (wrong phase, card not in hand,
    /// invalid meld...).
    Illegal,
}

/// Why a seat's line was refused. Returning one never changes the engine's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub kind: ViolationKind,
    /// Short identifier of the rule broken, stable across versions (for logs and CSV),
    /// for example `meld-invalid`, `card-not-in-hand`, `draw-first`.
    pub rule: &'static str,
    /// A sentence naming the problem, for the seat's owner (worded by `i18n`).
    pub detail: Message,
}

impl Violation {
    pub fn malformed(rule: &'static str, detail: Message) -> Violation {
        Violation { kind: ViolationKind::Malformed, rule, detail }
    }

    pub fn illegal(rule: &'static str, detail: Message) -> Violation {
        Violation { kind: ViolationKind::Illegal, rule, detail }
    }
}

/// In English, as transcripts record it: `detail (rule)`.
impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.detail, self.rule)
    }
}

impl std::error::Error for Violation {}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Played to its natural end (a player went out, the stock ran out, the last trick...).
    Finished { reason: Message },
    /// A seat broke the protocol or the rules: its side loses whatever the score.
    Forfeit { seat: Seat },
}

/// The result of a game, per side (a side is one player, or a team of partners).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Score of each side, indexed by side.
    pub scores: Vec<i64>,
    /// The winning side; `None` is a draw.
    pub winner: Option<usize>,
    pub ending: Ending,
}

/// A rules engine for one game in progress.
pub trait Engine: Send {
    /// Number of seats at the table.
    fn seat_count(&self) -> usize;
    /// Number of sides (2 in every game so far).
    fn side_count(&self) -> usize;
    /// The side a seat plays for.
    fn side_of(&self, seat: Seat) -> usize;
    /// Whose line the engine waits for.
    fn awaiting(&self) -> Awaiting;
    /// Takes the lines queued since the last call, in the order they must be written.
    fn take_deliveries(&mut self) -> Vec<Delivery>;
    /// Parses and applies one line from `seat`. On success returns a short account of what
    /// happened (the referee's narration, e.g. "draws from the stock", as a message `i18n`
    /// words); on a violation the state is exactly as before the call.
    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation>;
    /// Ends the game because `seat` misbehaved (timeout, crash, violation): its side loses.
    /// Scores are what the table shows at that moment.
    fn forfeit(&mut self, seat: Seat);
    /// The outcome once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Number of completed turns so far.
    fn turns(&self) -> u32;
    /// Each side's points when the game's scores are something else (Shengji: the scores are the
    /// teams' levels, the points those taken as attackers over the match), for the result line;
    /// `None` in a game whose scores are its points.
    fn side_points(&self) -> Option<Vec<i64>> {
        None
    }
    /// The hands (deals) of a match played so far, the one in progress included: 1 in a game of
    /// one hand. For figures per hand (`juiz bench`'s messages per hand).
    fn hands(&self) -> u32 {
        1
    }
    /// The whole deal in the game's deal-file format: parsing it back (with the same seed) must
    /// give the same game. Written to logs so any game can be replayed.
    fn deal_text(&self) -> String;
    /// A one-line hint of what `seat` may send now, for a human at the terminal (and for the
    /// explanation of a timeout).
    fn prompt_hint(&self, seat: Seat) -> Message;
    /// Lines the awaited seat could send now, for the conformance tests and fuzzing (never for a
    /// referee or a bot: it reads the whole state): tried in order, one of them is accepted
    /// whenever a seat is awaited; refused ones must change nothing. `pick(n)` is a random index
    /// below `n`. Empty once the game is over.
    fn sample_lines(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String>;
    /// The table in the game-neutral model every view draws: exactly what `seat` may see (its
    /// own hand, public zones, the others as counts), or everything when `seat` is `None`.
    fn table(&self, seat: Option<Seat>) -> Table;
    /// A copy of the game in its present state, for trying lines without touching it (the
    /// course server's human seat offers the moves a copy accepts); `None` where an engine
    /// cannot be copied (then the caller deals a new one and replays the game's lines).
    fn fork(&self) -> Option<Box<dyn Engine>> {
        None
    }
}
