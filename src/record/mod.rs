//! Everything juiz writes to or reads back from disk about a game: transcripts (per-game logs),
//! written and read, plain or compressed (`packed`); replaying one is the referee's
//! (`referee::replay`).

pub mod cell;
mod csv_row;
pub mod packed;
mod transcript;

pub use transcript::{Direction, FORMAT, Metadata, Row, Transcript, TranscriptError, TranscriptWriter, key};
