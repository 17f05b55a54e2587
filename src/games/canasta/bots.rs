//! Canasta's bundled bots: the opponents of its `juiz check` plan, built from the C sources under
//! `bots/` that are compiled into juiz.

use crate::games::kit::Opponent;

/// `bots/canasta_smart.c`: a competent Canasta bot.
pub const CANASTA_SMART: Opponent = Opponent::new("canasta_smart", include_str!("../../../bots/canasta_smart.c"));
/// `bots/canasta_simple.c`: a simple legal Canasta bot.
pub const CANASTA_SIMPLE: Opponent = Opponent::new("canasta_simple", include_str!("../../../bots/canasta_simple.c"));
