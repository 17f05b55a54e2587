//! The rule sets juiz referees, behind the one `Engine` interface; each game is one folder that
//! declares itself in the registry (`registry::GAMES`, which also declares the folders), and
//! everything else is generic.

pub mod conformance;
mod engine;
mod kind;
pub mod kit;
mod match_play;
mod message;
pub mod registry;
pub mod rummy;
pub mod table;

pub use engine::{Awaiting, Delivery, Ending, Engine, Outcome, Seat, Violation, ViolationKind};
pub use kind::{GameKind, RuleOptions, SetupError, TableSetup, new_engine, rule_words};
pub use match_play::{AfterHand, MatchRules, MatchScore, match_counters};
pub use message::{Arg, Message};
pub use registry::{buraco, canasta, shengji};
