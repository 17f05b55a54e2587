//! `juiz check`: what a student runs before submitting a bot — scripted and random games
//! against the bundled bots, and a report in plain words on protocol faults, move times and
//! stderr, with a final verdict.

mod opponents;
mod plan;
mod run;
#[cfg(test)]
mod verdict_tests;
mod words;

pub use crate::games::kit::{CheckGame, Opponent};
pub use plan::{course_seed, full_plan, own_plan, plan_for};
pub use run::{CheckError, CheckOptions, CheckReport, GameCheck, Turns, run_check};
pub use words::{duration_text, explain, fault_hint, header, shell_word};
