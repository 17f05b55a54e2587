//! Building the bundled opponents of `juiz check`: each game's plan names them (`games::kit::
//! Opponent`, a name and a C source built into juiz, so a check works from any directory), and
//! they are compiled here with `bot::build_c`.

use std::path::{Path, PathBuf};

use crate::bot::{BotCommand, build_c};
use crate::games::kit::Opponent;

use super::CheckError;

/// Compiles `opponent` into `cache` (once: `build_c` reuses a binary built from the same bytes)
/// and returns the command that runs it.
pub fn build(opponent: Opponent, cache: &Path) -> Result<BotCommand, CheckError> {
    let fail = |message: String| CheckError::Opponent { name: opponent.name(), message };
    let dir = tempfile::Builder::new().prefix("juiz-check-src-").tempdir().map_err(|e| fail(e.to_string()))?;
    let source: PathBuf = dir.path().join(format!("{}.c", opponent.name()));
    std::fs::write(&source, opponent.source()).map_err(|e| fail(e.to_string()))?;
    let binary = build_c(&source, cache).map_err(|e| fail(e.to_string()))?;
    Ok(BotCommand { argv: vec![binary.to_string_lossy().into_owned()], display: format!("bots/{}.c", opponent.name()) })
}
