//! `juiz check`: what a student runs before submitting a bot — scripted and random games
//! against the bundled bots, and a report in plain words on protocol faults, move times and
//! stderr, with a final verdict.

mod opponents;
mod outcome;
mod plan;
mod run;
#[cfg(test)]
mod verdict_tests;
mod words;

pub use crate::games::kit::{CheckGame, Opponent};
pub use outcome::{CheckError, CheckOptions, CheckReport, GameCheck, Turns};
pub use plan::{course_seed, full_plan, own_plan, plan_for};
pub use run::run_check;
pub use words::{duration_text, explain, fault_hint, header, shell_word};
