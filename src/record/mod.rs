//! Everything juiz writes to or reads back from disk about a game: transcripts (per-game logs)
//! and their replay.

pub mod cell;
mod csv_row;
mod replay;
mod transcript;

pub use replay::{FeedOutcome, ReplayError, ReplayReport, feed_bot, human_lines, replay};
pub use transcript::{Direction, FORMAT, Metadata, Row, Transcript, TranscriptError, TranscriptWriter, key};
