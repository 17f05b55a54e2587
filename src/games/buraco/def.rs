//! The registry entries of the three Buraco variants (ITP, STBL, Schwab): one `GameDef` each, all
//! played by `BuracoEngine` with the variant's `BuracoRules` preset.

use crate::games::registry::GameDef;
use crate::games::{Engine, GameKind, RuleOptions, SetupError, TableSetup};

use super::options::{SCHWAB_OPTIONS, STBL_OPTIONS};
use super::{BuracoEngine, BuracoRules};

#[expect(non_upper_case_globals, reason = "game kinds read as the names of the games they are")]
impl GameKind {
    /// The UFRN ITP course's simplified Buraco (`buraco.js`), 2 or 4 players.
    pub const ItpBuraco: GameKind = GameKind::new(&ITP);
    /// Buraco Fechado STBL: jokers, mortos, a closed discard pile, 2 or 4 players.
    pub const BuracoStbl: GameKind = GameKind::new(&STBL);
    /// Schwab's Buraco (CardCol): sets and runs, cerrados of 7, buracos, 4 players, to 2000.
    pub const BuracoSchwab: GameKind = GameKind::new(&SCHWAB);
}

fn engine(rules: BuracoRules, setup: &TableSetup) -> Result<Box<dyn Engine>, SetupError> {
    Ok(Box::new(BuracoEngine::new(rules.with_options(&setup.options)?, setup)?))
}

/// The three variants share one message file (each registers it; `i18n` loads it once).
const MESSAGES_EN: &str = include_str!("messages/en.ftl");
const MESSAGES_PT: &str = include_str!("messages/pt.ftl");

static ITP: GameDef = GameDef {
    name: "itp-buraco",
    aliases: &[],
    summary: "the UFRN ITP course's simplified Buraco (buraco.js), 2 or 4 players",
    seat_counts: &[2, 4],
    options: &[],
    new_engine: |setup| engine(BuracoRules::itp(), setup),
    check_options: |options: &RuleOptions| BuracoRules::itp().with_options(options).map(|_| ()),
    check_plan: super::check_itp::plan,
    short_match: &[],
    bench_bot: "bots/template.c",
    deal_help: "the original referee's `-i` file (one `[ … ]` hand line per player, the discard top \
                card, the start index), optionally followed by a `[ … ]` line giving the stock from the \
                top down",
    seed_help: Some("a seed deals the same cards and first player as `buraco.js -seed N`"),
    table_text: None,
    messages_en: MESSAGES_EN,
    messages_pt: MESSAGES_PT,
};

static STBL: GameDef = GameDef {
    name: "buraco-stbl",
    aliases: &[],
    summary: "Buraco Fechado STBL: jokers, mortos, a closed discard pile, 2 or 4 players",
    seat_counts: &[2, 4],
    options: STBL_OPTIONS,
    new_engine: |setup| engine(BuracoRules::stbl(), setup),
    check_options: |options: &RuleOptions| BuracoRules::stbl().with_options(options).map(|_| ()),
    check_plan: super::check_stbl::plan,
    short_match: &[],
    bench_bot: "bots/template.c",
    deal_help: "the hand lines, one 11-card morto line per side, the start index, the optional stock \
                line (protocol.md §6.1)",
    seed_help: None,
    table_text: None,
    messages_en: MESSAGES_EN,
    messages_pt: MESSAGES_PT,
};

static SCHWAB: GameDef = GameDef {
    name: "buraco-schwab",
    aliases: &[],
    summary: "Schwab's Buraco (CardCol): sets and runs, cerrados of 7, buracos, 4 players, to 2000",
    seat_counts: &[4],
    options: SCHWAB_OPTIONS,
    new_engine: |setup| engine(BuracoRules::schwab(), setup),
    check_options: |options: &RuleOptions| BuracoRules::schwab().with_options(options).map(|_| ()),
    check_plan: super::check_schwab::plan,
    // A bot that plays a match of hands (`template.c` stops at the first `HAND_END`).
    short_match: &["max-hands=1"],
    bench_bot: "bots/smart_schwab.c",
    deal_help: "the four hands, one 11-card buraco line per team, the up-card, the start index, the \
                optional stock line (protocol.md §7.1)",
    seed_help: None,
    table_text: None,
    messages_en: MESSAGES_EN,
    messages_pt: MESSAGES_PT,
};
