//! Building the bundled opponents of `juiz check`: each game's plan names them (`games::kit::
//! Opponent`, a name and a C source built into juiz, so a check works from any directory), and
//! they are compiled here with `bot::build_c`; a house bot is juiz itself (`juiz bot LEVEL`).

use std::path::{Path, PathBuf};

use crate::bot::{BotCommand, build_c};
use crate::games::kit::Opponent;
use crate::games::{GameKind, RuleOptions};
use crate::house::{self, Level};

use super::CheckError;

/// The house bot of `level`, as a check's opponent.
pub fn house_opponent(level: Level) -> Opponent {
    let name = match level {
        Level::Easy => "house-easy",
        Level::Medium => "house-medium",
        Level::Hard => "house-hard",
    };
    Opponent::house(name, level.name())
}

/// Compiles `opponent` into `cache` (once: `build_c` reuses a binary built from the same bytes)
/// and returns the command that runs it; a house bot's command is juiz's own, for `game` under
/// `rules`.
pub fn build(opponent: Opponent, cache: &Path, game: GameKind, rules: &RuleOptions) -> Result<BotCommand, CheckError> {
    let fail = |message: String| CheckError::Opponent { name: opponent.name(), message };
    if let Some(level) = opponent.house_level() {
        let level: Level = level.parse().map_err(fail)?;
        let argv = house::house_argv(level, game, rules).map_err(fail)?;
        return Ok(BotCommand { argv, display: house::house_spec(level) });
    }
    let dir = tempfile::Builder::new().prefix("juiz-check-src-").tempdir().map_err(|e| fail(e.to_string()))?;
    let source: PathBuf = dir.path().join(format!("{}.c", opponent.name()));
    std::fs::write(&source, opponent.source()).map_err(|e| fail(e.to_string()))?;
    let binary = build_c(&source, cache).map_err(|e| fail(e.to_string()))?;
    Ok(BotCommand { argv: vec![binary.to_string_lossy().into_owned()], display: format!("bots/{}.c", opponent.name()) })
}
