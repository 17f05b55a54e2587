//! Runs one game: the only place where a rules engine meets the players (bot processes or a
//! human at the terminal), and where faults are decided.

mod config;
mod diagnosis;
mod game;
mod human;
mod observer;
mod replay;
mod report;
mod scripted;
mod seats;
mod turns;

pub use config::{
    ANONYMOUS_NAME, GameConfig, Player, PlayerSpec, PrematureAt, RefereeError, anonymous_wire_id,
    bot_name_from_command, display_id, stderr_log_path, wire_id,
};
pub use game::{play, play_engine, seat_reports};
pub use human::with_suit_symbols;
pub use observer::{Observer, Quiet, TimingPoint};
pub use replay::{FeedOutcome, ReplayError, ReplayReport, feed_bot, human_lines, replay};
pub use report::{FaultRecord, GameReport, SeatReport, Verdict, full_ids, full_ids_message};
pub use scripted::{Script, ScriptEvent};
