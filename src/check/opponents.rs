//! The bundled opponents of `juiz check`: the template, and each game's competent bot (smart,
//! smart_stbl, smart_schwab), whose C sources are built into juiz (so a check works from any
//! directory) and compiled with `bot::build_c`; and the house bots, juiz itself.

use std::path::{Path, PathBuf};

use crate::bot::{BotCommand, build_c};
use crate::games::GameKind;
use crate::house::{self, Level};

use super::CheckError;

/// A bundled bot the checked bot plays against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Opponent {
    /// `bots/smart.c`: takes the pile, melds, extends melds, goes out.
    Smart,
    /// `bots/template.c`: the course's template, draws and discards.
    Template,
    /// `bots/smart_stbl.c`: Buraco Fechado STBL's competent bot.
    SmartStbl,
    /// `bots/smart_schwab.c`: Schwab's Buraco's competent bot.
    SmartSchwab,
    /// `bots/canasta_smart.c`: a competent Canasta bot (`--game canasta`).
    CanastaSmart,
    /// `bots/canasta_simple.c`: a simple legal Canasta bot.
    CanastaSimple,
    /// `bots/shengji_smart.c`: the reasonable Shengji bot (`--game shengji` only).
    ShengjiSmart,
    /// A house bot (`house:LEVEL`): juiz itself as `juiz bot LEVEL --game G`.
    House(Level),
}

impl Opponent {
    /// Every bundled opponent (each game's plan says which of them it plays).
    pub const ALL: [Opponent; 7] = [
        Opponent::Smart,
        Opponent::Template,
        Opponent::SmartStbl,
        Opponent::SmartSchwab,
        Opponent::CanastaSmart,
        Opponent::CanastaSimple,
        Opponent::ShengjiSmart,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Opponent::Smart => "smart",
            Opponent::Template => "template",
            Opponent::SmartStbl => "smart_stbl",
            Opponent::SmartSchwab => "smart_schwab",
            Opponent::CanastaSmart => "canasta_smart",
            Opponent::CanastaSimple => "canasta_simple",
            Opponent::ShengjiSmart => "shengji_smart",
            Opponent::House(Level::Easy) => "house-easy",
            Opponent::House(Level::Medium) => "house-medium",
            Opponent::House(Level::Hard) => "house-hard",
        }
    }

    fn source(self) -> &'static str {
        match self {
            Opponent::Smart => include_str!("../../bots/smart.c"),
            Opponent::Template => include_str!("../../bots/template.c"),
            Opponent::SmartStbl => include_str!("../../bots/smart_stbl.c"),
            Opponent::SmartSchwab => include_str!("../../bots/smart_schwab.c"),
            Opponent::CanastaSmart => include_str!("../../bots/canasta_smart.c"),
            Opponent::CanastaSimple => include_str!("../../bots/canasta_simple.c"),
            Opponent::ShengjiSmart => include_str!("../../bots/shengji_smart.c"),
            Opponent::House(_) => "",
        }
    }

    /// Compiles the bot into `cache` (once: `build_c` reuses a binary built from the same bytes)
    /// and returns the command that runs it; a house bot's command is juiz's own, for `game`.
    pub fn build(self, cache: &Path, game: GameKind) -> Result<BotCommand, CheckError> {
        let fail = |message: String| CheckError::Opponent { name: self.name(), message };
        if let Opponent::House(level) = self {
            let argv = house::house_argv(level, game).map_err(fail)?;
            return Ok(BotCommand { argv, display: house::house_spec(level) });
        }
        let dir = tempfile::Builder::new().prefix("juiz-check-src-").tempdir().map_err(|e| fail(e.to_string()))?;
        let source: PathBuf = dir.path().join(format!("{}.c", self.name()));
        std::fs::write(&source, self.source()).map_err(|e| fail(e.to_string()))?;
        let binary = build_c(&source, cache).map_err(|e| fail(e.to_string()))?;
        Ok(BotCommand { argv: vec![binary.to_string_lossy().into_owned()], display: format!("bots/{}.c", self.name()) })
    }
}
