//! Buraco: one engine, `BuracoEngine`, for every variant described by a `BuracoRules` preset.

mod bots;
mod buraco_js;
mod check_itp;
mod check_schwab;
mod check_stbl;
mod deal;
mod def;
mod game;
mod hint;
mod meld;
mod options;
mod pickup;
mod rules;
mod sample;
mod schwab;
mod score;
mod state;
mod table_view;
mod turn;

pub use buraco_js::read_seed as read_original_seed;
pub use deal::Deal;
pub use game::BuracoEngine;
pub use meld::{Meld, MeldError, MeldKind};
pub use options::{SCHWAB_OPTIONS, STBL_OPTIONS};
pub use rules::{
    AceSuit, BuracoRules, CanastraBonus, CardValues, GoingOut, HandPenalty, MeldPolicy, MortoRules, MortoTrigger,
    PickupRule, StockOut, TableCards, TwoPolicy,
};
pub use score::SideScore;

/// The rummy wire commands, shared with Canasta (`games::rummy`).
pub use crate::games::rummy::{Action, parse as parse_action, parse_with as parse_action_with};
