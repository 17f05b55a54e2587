//! Buraco: one engine, `BuracoEngine`, for every variant described by a `BuracoRules` preset.

mod meld;
mod rules;

pub use meld::{Meld, MeldError};
pub use rules::{AceSuit, BuracoRules, CanastraBonus, CardValues, HandPenalty, MeldPolicy, PickupRule, TwoPolicy};
