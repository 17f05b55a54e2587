//! Test-only: Scratch Rummy, a sixth game kept in the test tree and never shipped, written by
//! following `docs/adding-a-game.md` step by step, so that `tests/suite/scratch_game.rs` proves the doc
//! (a new game needs its folder and its registry entry, nothing else) and runs the registry-driven
//! checks on a game the registry does not list.
//!
//! The game: two players, one deck without jokers, `hand-size` cards each (default 7), one card
//! face up on the discard pile. A turn is `DRAW` (the top of the stock) or `TAKE` (the top of the
//! discard pile, alone), then any number of `LAY [ c1 c2 c3 … ]` (a new meld: three or more of a
//! rank, or a run of three or more of a suit, ace high) and `ADD <index> [ c … ]` (cards added to
//! one of your melds, which must stay a meld), then `DROP <card>`, which ends the turn. Emptying
//! the hand ends the game (going out: 25 points more); so does a turn that starts with the stock
//! empty. A side scores its melds' card values minus its hand's.
//!
//! Its wire protocol (what would be its `protocol.md` section): each seat is sent `HAND [ … ]`
//! and `UP <card>` at the start, `PLAY` when its turn begins, `DREW <card>` after its `DRAW`, and
//! every line the other seat had accepted as `<wire id> <line>` (a `DRAW` without the card); both
//! are sent `END` when the game is over. Its deal file: the two hands, the discard pile, the start
//! seat and an optional stock line (top first), each list as `[ c1 c2 … ]`.

mod bots;
mod check;
mod deal;
mod def;
mod game;
mod rules;
mod sample;
#[cfg(test)]
mod tests;
mod view;

pub use def::SCRATCH;
pub use game::ScratchEngine;
pub use rules::{OPTIONS, ScratchRules};
