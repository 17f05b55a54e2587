//! Shengji / 升级 (Tractor) for four players in two teams: one engine, `ShengjiEngine`, for 1, 2
//! or 3 decks (`ShengjiRules`).

mod action;
mod bots;
mod check;
mod deal;
mod declare;
mod def;
mod game;
pub mod legal;
mod order;
mod rules;
mod sample;
mod score;
mod state;
mod table_text;
mod trick;
mod units;
mod view;

pub use action::{Action, parse as parse_action};
pub use deal::DealCards;
pub use declare::Declaration;
pub use game::{DealRecord, ShengjiEngine};
pub use order::{EffSuit, TrumpContext};
pub use rules::{DeclarePolicy, MatchLength, OPTIONS, ShengjiRules};
pub use score::{DealResult, deal_result, kitty_multiplier, next_banker, points, points_of};
pub use state::{DealEnd, DealState, Phase};
pub use trick::{Lead, Trick, check_lead};
pub use units::{Unit, as_format, decompose, one_suit, shape_score, shape_units};
