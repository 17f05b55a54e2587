//! Buraco: one engine, `BuracoEngine`, for every variant described by a `BuracoRules` preset.

mod action;
mod buraco_js;
mod deal;
mod game;
mod hint;
mod meld;
mod options;
mod pickup;
mod rules;
mod schwab;
mod score;
mod state;
mod table_view;
mod turn;

pub use action::{Action, parse as parse_action, parse_with as parse_action_with};
pub use buraco_js::read_seed as read_original_seed;
pub use deal::Deal;
pub use game::BuracoEngine;
pub use meld::{Meld, MeldError, MeldKind};
pub use options::{RuleOption, options_of};
pub use rules::{
    AceSuit, BuracoRules, CanastraBonus, CardValues, GoingOut, HandPenalty, MeldPolicy, MortoRules, MortoTrigger,
    PickupRule, StockOut, TableCards, TwoPolicy,
};
pub use score::SideScore;
