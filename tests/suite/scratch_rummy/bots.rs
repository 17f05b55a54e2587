//! Scratch Rummy's bundled bot: the opponent of its check plan and its bench bot.

use juiz::games::kit::Opponent;

/// `tests/suite/scratch_rummy/bot.c`: draws, then drops its first card.
pub const SCRATCH_BOT: Opponent = Opponent::new("scratch_bot", include_str!("bot.c"));
