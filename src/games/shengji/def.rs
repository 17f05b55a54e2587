//! Shengji's registry entry: its `GameDef`.

use crate::games::registry::GameDef;
use crate::games::{GameKind, RuleOptions};

use super::{OPTIONS, ShengjiEngine, ShengjiRules};

#[expect(non_upper_case_globals, reason = "game kinds read as the names of the games they are")]
impl GameKind {
    /// Shengji / 升级 (Tractor): 4 players in two teams, 1–3 decks, trump declared during the deal.
    pub const Shengji: GameKind = GameKind::new(&SHENGJI);
}

static SHENGJI: GameDef = GameDef {
    name: "shengji",
    aliases: &[],
    summary: "Shengji / 升级 (Tractor): 4 players in two teams, 1–3 decks, trump declared during the deal",
    seat_counts: &[4],
    options: OPTIONS,
    new_engine: |setup| {
        let rules = ShengjiRules::with_options(&setup.options)?;
        Ok(Box::new(ShengjiEngine::new(rules, setup)?))
    },
    check_options: |options: &RuleOptions| ShengjiRules::with_options(options).map(|_| ()),
    check_plan: super::check::plan,
    short_match: &["max-deals=1"],
    bench_bot: "bots/shengji_random.c",
    deal_help: "the four hands in the order dealt, the kitty, the first seat dealt to (protocol.md §9.1)",
    seed_help: None,
    table_text: Some(super::table_text::table_text),
    messages_en: include_str!("messages/en.ftl"),
    messages_pt: include_str!("messages/pt.ftl"),
};
