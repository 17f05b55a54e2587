//! The rule sets juiz referees, behind the one `Engine` interface; the game kind is chosen here,
//! once, and everything below the referee is generic.

pub mod buraco;
pub mod canasta;
mod deal_file;
mod engine;
mod kind;
mod match_play;
mod message;
mod rummy;
pub mod shengji;
pub mod table;

pub use engine::{Awaiting, Delivery, Ending, Engine, Outcome, Seat, Violation, ViolationKind};
pub use kind::{GameKind, RuleOptions, SetupError, TableSetup, new_engine};
pub use match_play::{AfterHand, MatchRules, MatchScore, match_counters};
pub use message::{Arg, Message};
