//! Scratch Rummy's registry entry: its `GameDef`. (A game in juiz's own folder names its kind
//! `impl GameKind { pub const ScratchRummy: GameKind = … }`; outside the crate, a constant.)

use juiz::games::registry::GameDef;
use juiz::games::{GameKind, RuleOptions};

use super::{OPTIONS, ScratchEngine, ScratchRules};

/// Two-player Scratch Rummy: draw, lay sets and runs, drop; the test tree's sixth game.
pub const SCRATCH: GameKind = GameKind::new(&DEF);

static DEF: GameDef = GameDef {
    name: "scratch-rummy",
    aliases: &["scratch"],
    summary: "two-player Scratch Rummy: draw, lay sets and runs, drop (a test's game, not shipped)",
    seat_counts: &[2],
    options: OPTIONS,
    new_engine: |setup| Ok(Box::new(ScratchEngine::new(ScratchRules::default().with_options(&setup.options)?, setup)?)),
    check_options: |options: &RuleOptions| ScratchRules::default().with_options(options).map(|_| ()),
    check_plan: super::check::plan,
    short_match: &[],
    bench_bot: "tests/suite/scratch_rummy/bot.c",
    deal_help: "the two hands, the discard pile, the start seat, the optional stock line (tests/suite/scratch_rummy/mod.rs)",
    seed_help: None,
    table_text: None,
    messages_en: include_str!("messages/en.ftl"),
    messages_pt: include_str!("messages/pt.ftl"),
};
