//! The game registry: what each game declares about itself (`GameDef`, defined in the game's own
//! folder) and the one list of registered games. Every command, the tournament file's
//! validation, `check`, `bench`, the help texts, the conformance tests and the messages ask the
//! registry; nothing outside a game's folder names the game.

use super::kit::{CheckGame, RuleOption};
use super::table::{Table, Words};
use super::{Engine, GameKind, RuleOptions, SetupError, TableSetup};

// Each game's folder, declared here beside its line in `GAMES`, so that adding a game touches
// this file and no other outside the folder (`games::<game>` re-exports the folders other code
// names).
#[path = "buraco/mod.rs"]
pub mod buraco;
#[path = "canasta/mod.rs"]
pub mod canasta;
#[path = "shengji/mod.rs"]
pub mod shengji;

/// Every game juiz referees, one line each (its folder in the comment); the first is the default
/// of `--game`.
pub const GAMES: &[GameKind] = &[
    GameKind::ItpBuraco,    // buraco/
    GameKind::BuracoStbl,   // buraco/
    GameKind::BuracoSchwab, // buraco/
    GameKind::Canasta,      // canasta/
    GameKind::Shengji,      // shengji/
];

/// Everything juiz needs to know about a game. Every field is required: a game that forgets one
/// does not compile, and the conformance tests (`tests/suite/conformance.rs`) check what the compiler
/// cannot (options applied, messages in both languages, bots present, plans valid).
pub struct GameDef {
    /// The command-line and wire name (`--game NAME`, a tournament's `"game"`, transcripts).
    pub name: &'static str,
    /// Other names accepted for it on input (never written).
    pub aliases: &'static [&'static str],
    /// One line saying what the game is, for help texts.
    pub summary: &'static str,
    /// The table sizes it is played with; the first is the usual one (`juiz bench`'s default).
    pub seat_counts: &'static [usize],
    /// Its rule options with their types, defaults and help.
    pub options: &'static [RuleOption],
    /// Builds an engine for a table (the options already in `setup`).
    pub new_engine: fn(&TableSetup) -> Result<Box<dyn Engine>, SetupError>,
    /// Checks rule options without building an engine.
    pub check_options: fn(&RuleOptions) -> Result<(), SetupError>,
    /// The games of `juiz check` for it: scripted, then `random` seeded ones.
    pub check_plan: fn(usize, u64) -> Vec<CheckGame>,
    /// Rule options (`NAME=VALUE`) that make one game of it short (one hand, one deal), for the
    /// tests and demos that play every registered game; empty when a game is short already.
    pub short_match: &'static [&'static str],
    /// The bundled bot `juiz bench` measures when `--bot` is not given (a C source under `bots/`).
    pub bench_bot: &'static str,
    /// What its deal file (`juiz play --deal FILE`) holds, for the help text.
    pub deal_help: &'static str,
    /// What a seed means beyond dealing the cards, for `--seed`'s help (`None`: nothing more).
    pub seed_help: Option<&'static str>,
    /// Its own terminal drawing of a table (`juiz play`, `juiz replay`, the human seat), for a
    /// layout the generic drawing (`report::table_text`: hands, melds, piles, scores) does not
    /// show, in the words the caller's language gives; `None`: the generic one.
    pub table_text: Option<fn(&Table, Words) -> String>,
    /// Its messages (Project Fluent), English and Portuguese: the ids its engine, views and check
    /// plan use, in its own folder.
    pub messages_en: &'static str,
    pub messages_pt: &'static str,
}

/// The help of `juiz play --deal`, from every game's `deal_help`.
pub fn deal_help() -> String {
    let mut text = String::from("Start from a fixed deal, in the game's deal-file format.");
    for kind in GAMES {
        text.push_str(&format!(" In {}: {}.", kind.name(), kind.def().deal_help));
    }
    text
}

/// The help of `--seed`, from every game's `seed_help`.
pub fn seed_help() -> String {
    let mut parts =
        vec!["Seed of the shuffle and of every later random event (default: a random one, printed)".to_owned()];
    for kind in GAMES {
        if let Some(help) = kind.def().seed_help {
            parts.push(format!("In {} {help}", kind.name()));
        }
    }
    parts.join(". ")
}

/// The help of `--rule`, from every game's options.
pub fn rule_help() -> String {
    let mut text = String::from("A rule option of the game, NAME=VALUE (repeatable):");
    let mut parts = Vec::new();
    for kind in GAMES {
        let names: Vec<&str> = kind.options().iter().map(|o| o.name).collect();
        let names = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
        parts.push(format!(" {} has {names}", kind.name()));
    }
    text.push_str(&parts.join(";"));
    text.push_str(". Recorded in the transcript, so a replay plays by the same rules.");
    text
}

/// The help of `--game`: every game with its summary.
pub fn game_help() -> String {
    let lines: Vec<String> = GAMES.iter().map(|k| format!("{} — {}", k.name(), k.def().summary)).collect();
    format!("The game to play: {}.", lines.join("; "))
}

/// The help of `juiz bench --bot`, from every game's `bench_bot`.
pub fn bench_bot_help() -> String {
    let bots: Vec<String> = GAMES.iter().map(|k| format!("{} in {}", k.def().bench_bot, k.name())).collect();
    format!("The C bot to play with (default: the game's bench bot: {})", bots.join(", "))
}
