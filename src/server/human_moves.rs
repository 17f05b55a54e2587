//! The moves a browser's human seat may click: lines the engine's own `sample_lines` proposes
//! (drawn with many fixed picks), kept only when a shadow engine of the same game accepts them.
//! The shadow is dealt from the same setup and follows every accepted line of the real game, so
//! it knows what the seat may do now; a candidate is tried on it, and when accepted the shadow
//! is dealt again and brought back (an engine refuses without changing, but cannot undo).
//! No engine enumerates every legal line: melds (rummy games) and leads (Shengji) are samples,
//! so the page keeps a text box for any other protocol line.

use crate::games::{Awaiting, Engine, GameKind, Seat, SetupError, TableSetup, new_engine};

/// Picks of `sample_lines` drawn per question: each gives another random subset of the lines.
const DRAWS: u64 = 24;
/// Candidates tried per question (a refused one costs one `submit`), and moves offered at most.
const MOST_TRIED: usize = 600;
const MOST_OFFERED: usize = 60;

/// An engine that follows the real game's accepted lines.
pub(super) struct Shadow {
    game: GameKind,
    setup: TableSetup,
    history: Vec<(Seat, String)>,
    engine: Box<dyn Engine>,
}

impl Shadow {
    pub(super) fn new(game: GameKind, setup: TableSetup) -> Result<Shadow, SetupError> {
        let engine = new_engine(game, &setup)?;
        Ok(Shadow { game, setup, history: Vec::new(), engine })
    }

    /// The real game accepted `line` from `seat`.
    pub(super) fn accepted(&mut self, seat: Seat, line: &str) {
        self.history.push((seat, line.to_owned()));
        if self.engine.submit(seat, line).is_err() {
            // Cannot happen while the shadow follows the same game; dealt again to be sure.
            self.rebuild();
        }
        self.engine.take_deliveries();
    }

    /// Dealt again from the setup, every accepted line replayed.
    fn rebuild(&mut self) {
        let Ok(mut engine) = new_engine(self.game, &self.setup) else { return };
        for (seat, line) in &self.history {
            let _ = engine.submit(*seat, line);
            engine.take_deliveries();
        }
        self.engine = engine;
    }

    /// Lines `seat` may send now, sorted; empty when the engine does not wait for `seat`.
    pub(super) fn legal_moves(&mut self, seat: Seat) -> Vec<String> {
        if self.engine.awaiting() != Awaiting::One(seat) {
            return Vec::new();
        }
        let turn = u64::from(self.engine.turns());
        let mut candidates = std::collections::BTreeSet::new();
        for draw in 0..DRAWS {
            let mut state = ((turn << 8) | draw).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut pick = |n: usize| {
                // xorshift64: a fixed sequence per (turn, draw), so the same position offers the
                // same moves.
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if n == 0 { 0 } else { (state % n as u64) as usize }
            };
            candidates.extend(self.engine.sample_lines(&mut pick));
        }
        let mut legal = Vec::new();
        // A copy to come back to after an accepted candidate: the engine's own (`fork`), else
        // dealt again and replayed.
        let saved = self.engine.fork();
        for line in candidates.into_iter().take(MOST_TRIED) {
            if self.engine.submit(seat, &line).is_ok() {
                legal.push(line);
                match saved.as_ref().and_then(|engine| engine.fork()) {
                    Some(engine) => self.engine = engine,
                    None => self.rebuild(),
                }
                if legal.len() == MOST_OFFERED {
                    break;
                }
            }
        }
        legal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(seats: usize) -> TableSetup {
        TableSetup {
            wire_ids: (0..seats).map(|s| format!("p{}.x", s + 1)).collect(),
            seed: 7,
            deal: None,
            options: Default::default(),
        }
    }

    /// At every step of the first 800 of a game of every kind, moves are offered and every one
    /// is accepted by a copy of the real game (the first offered is played each time).
    #[test]
    fn offered_moves_are_legal() {
        for &game in GameKind::ALL {
            let seats = game.usual_seats();
            let mut shadow = Shadow::new(game, setup(seats)).unwrap();
            let mut referee = new_engine(game, &setup(seats)).unwrap();
            let mut steps = 0;
            while let Awaiting::One(seat) = referee.awaiting()
                && steps < 800
            {
                let moves = shadow.legal_moves(seat);
                if moves.is_empty() {
                    let mut pick = |n: usize| n / 2;
                    let hint = crate::i18n::say_in(crate::i18n::Lang::En, &referee.prompt_hint(seat));
                    panic!("{}: no move at step {steps} ({hint}): {:?}", game.name(), referee.sample_lines(&mut pick));
                }
                for line in &moves {
                    let mut probe = referee.fork().expect("every engine forks");
                    probe.submit(seat, line).unwrap_or_else(|v| panic!("{}: offered {line}: {v}", game.name()));
                }
                referee.submit(seat, &moves[0]).unwrap();
                shadow.accepted(seat, &moves[0]);
                steps += 1;
            }
            assert!(steps == 800 || referee.outcome().is_some(), "{}: stopped at {steps}", game.name());
        }
    }
}
