//! The guard every turn-based engine puts before reading a line, and the outbox every engine
//! queues its lines in.

use crate::games::{Delivery, Message, Seat, Violation};

/// `Err` when the game is `over` (`game-over`) or `seat` is not the `current` one
/// (`not-your-turn`, naming both by their wire `ids`); checked before the line is read.
pub fn turn_guard(over: bool, current: Seat, seat: Seat, ids: &[String]) -> Result<(), Violation> {
    if over {
        return Err(Violation::illegal("game-over", Message::new("viol-game-over")));
    }
    if seat != current {
        let detail = Message::new("viol-not-your-turn").text("current", &ids[current]).text("seat", &ids[seat]);
        return Err(Violation::illegal("not-your-turn", detail));
    }
    Ok(())
}

/// The lines an engine has queued for the seats, in the order they must be written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outbox(Vec<Delivery>);

impl Outbox {
    pub fn send(&mut self, seat: Seat, line: impl Into<String>) {
        self.0.push(Delivery { seat, line: line.into() });
    }

    /// `line` to each of `seats`, in order.
    pub fn send_each(&mut self, seats: impl IntoIterator<Item = Seat>, line: &str) {
        for seat in seats {
            self.send(seat, line);
        }
    }

    /// Everything queued, emptying the outbox.
    pub fn take(&mut self) -> Vec<Delivery> {
        std::mem::take(&mut self.0)
    }

    /// Everything queued in `other` after this outbox's lines, emptying `other`.
    pub fn append(&mut self, other: &mut Outbox) {
        self.0.append(&mut other.0);
    }

    /// `earlier`'s lines before this outbox's.
    pub fn prepend(&mut self, mut earlier: Outbox) {
        earlier.0.append(&mut self.0);
        self.0 = earlier.0;
    }

    /// Keeps only the lines whose position (from 0) `keep` accepts.
    pub fn keep(&mut self, mut keep: impl FnMut(usize) -> bool) {
        let mut at = 0;
        self.0.retain(|_| {
            at += 1;
            keep(at - 1)
        });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_refuses_a_finished_game_then_the_wrong_seat() {
        let ids = ["p1.a".to_owned(), "p2.b".to_owned()];
        assert_eq!(turn_guard(true, 0, 0, &ids).unwrap_err().rule, "game-over");
        let wrong = turn_guard(false, 0, 1, &ids).unwrap_err();
        assert_eq!(wrong.to_string(), "it is p1.a's turn, not p2.b's (not-your-turn)");
        assert_eq!(turn_guard(false, 1, 1, &ids), Ok(()));
    }

    #[test]
    fn the_outbox_keeps_the_order_and_empties_when_taken() {
        let mut out = Outbox::default();
        out.send(1, "A");
        out.send_each([0, 1], "B");
        let mut later = Outbox::default();
        later.send(0, "C");
        out.append(&mut later);
        let mut first = Outbox::default();
        first.send(1, "0");
        out.prepend(first);
        out.keep(|at| at != 2);
        let lines: Vec<(Seat, String)> = out.take().into_iter().map(|d| (d.seat, d.line)).collect();
        assert_eq!(lines, [(1, "0".into()), (1, "A".into()), (1, "B".into()), (0, "C".into())]);
        assert!(out.is_empty() && later.is_empty());
    }
}
