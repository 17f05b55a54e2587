//! Canasta's registry entry: its `GameDef`.

use crate::games::registry::GameDef;
use crate::games::{GameKind, RuleOptions};

use super::{CanastaEngine, CanastaRules, OPTIONS};

#[expect(non_upper_case_globals, reason = "game kinds read as the names of the games they are")]
impl GameKind {
    /// Two-player Canasta (a C++ course's rules): rank melds, red 3s, a frozen pile, to 5000.
    pub const Canasta: GameKind = GameKind::new(&CANASTA);
}

static CANASTA: GameDef = GameDef {
    name: "canasta",
    aliases: &[],
    summary: "two-player Canasta (a C++ course's rules): rank melds, red 3s, a frozen pile, to 5000",
    seat_counts: &[2],
    options: OPTIONS,
    new_engine: |setup| {
        let rules = CanastaRules::classic().with_options(&setup.options)?;
        Ok(Box::new(CanastaEngine::new(rules, setup)?))
    },
    check_options: |options: &RuleOptions| CanastaRules::classic().with_options(options).map(|_| ()),
    check_plan: super::check::plan,
    short_match: &["max-rounds=1"],
    bench_bot: "bots/canasta_smart.c",
    deal_help: "the two hands, each player's laid-out red 3s, the discard pile, the start seat, the \
                optional stock line (protocol.md §8.1)",
    seed_help: None,
    table_text: None,
    messages_en: include_str!("messages/en.ftl"),
    messages_pt: include_str!("messages/pt.ftl"),
};
