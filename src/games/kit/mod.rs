//! The engine kit: what every card game repeats and takes from here instead of copying it (rule
//! options as data, the deal-file pieces, a check plan's parts).

mod check_plan;
mod deal_file;
mod options;
mod sample;
mod turn;

pub use check_plan::{CheckGame, Opponent, mix, push_random, push_random_two, push_scripted};
pub use deal_file::{TakenCopy, deal_error, parse_list, take_named};
pub use options::{OptionType, OptionValue, RuleOption, option_error, read_options};
pub use sample::shuffle;
pub use turn::{Outbox, turn_guard};
