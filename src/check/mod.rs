//! `juiz check`: what a student runs before submitting a bot — scripted and random games
//! against the bundled bots, and a report in plain words on protocol faults, move times and
//! stderr, with a final verdict.

mod canasta;
mod opponents;
mod plan;
mod run;
mod schwab;
mod shengji;
mod stbl;
mod words;

pub use opponents::Opponent;
pub use plan::{CheckGame, full_plan, house_plan, plan, plan_for};
pub use run::{CheckError, CheckOptions, CheckReport, GameCheck, run_check};
pub use words::{duration_text, explain, fault_hint, header, shell_word};
