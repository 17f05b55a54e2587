//! The Buraco variants' bundled bots: the opponents of their `juiz check` plans, built from the
//! C sources under `bots/` that are compiled into juiz.

use crate::games::kit::Opponent;

/// `bots/smart.c`: takes the pile, melds, extends melds, goes out (ITP Buraco).
pub const SMART: Opponent = Opponent::new("smart", include_str!("../../../bots/smart.c"));
/// `bots/template.c`: the course's template, draws and discards (legal in every Buraco variant).
pub const TEMPLATE: Opponent = Opponent::new("template", include_str!("../../../bots/template.c"));
/// `bots/smart_stbl.c`: Buraco Fechado STBL's competent bot.
pub const SMART_STBL: Opponent = Opponent::new("smart_stbl", include_str!("../../../bots/smart_stbl.c"));
/// `bots/smart_schwab.c`: Schwab's Buraco's competent bot.
pub const SMART_SCHWAB: Opponent = Opponent::new("smart_schwab", include_str!("../../../bots/smart_schwab.c"));
