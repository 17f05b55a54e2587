//! Buraco: one engine, `BuracoEngine`, for every variant described by a `BuracoRules` preset.

mod action;
mod buraco_js;
mod deal;
mod game;
mod meld;
mod render;
mod rules;
mod score;
mod state;

pub use action::{Action, parse as parse_action};
pub use deal::Deal;
pub use game::BuracoEngine;
pub use meld::{Meld, MeldError};
pub use rules::{AceSuit, BuracoRules, CanastraBonus, CardValues, HandPenalty, MeldPolicy, PickupRule, TwoPolicy};
pub use score::SideScore;
