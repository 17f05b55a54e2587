//! Shengji's bundled bot: the opponent of its `juiz check` plan, built from the C source under
//! `bots/` that is compiled into juiz.

use crate::games::kit::Opponent;

/// `bots/shengji_smart.c`: the reasonable Shengji bot.
pub const SHENGJI_SMART: Opponent = Opponent::new("shengji_smart", include_str!("../../../bots/shengji_smart.c"));
