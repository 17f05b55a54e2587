//! The bots of a tournament file checked before any game: their names, a command or a build,
//! the files and work dirs they name, and their own limits.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::bots::check_command;
use super::config::{BotRun, BotSpec};
use super::error::ConfigError;
use super::limits_config::LimitsConfig;
use super::paths;
use crate::bot::Limits;

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBot {
    pub(super) name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) build: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) workdir: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) limits: Option<LimitsConfig>,
    /// Written by juiz for a submission it found no bot in: why (the bot loses its games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) unusable: Option<String>,
}

/// Names become parts of file names and CSV cells: keep them plain.
fn name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && !name.starts_with(['.', '-'])
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

pub(super) fn check_name(name: &str) -> Result<(), ConfigError> {
    if name_ok(name) {
        Ok(())
    } else {
        Err(ConfigError::Syntax(format!(
            "tournament name '{name}' is not allowed: use letters, digits, '_', '-' or '.'"
        )))
    }
}

pub(super) fn check_bots(raw: Vec<RawBot>, files: Option<&Path>, base: &Limits) -> Result<Vec<BotSpec>, ConfigError> {
    if raw.len() < 2 {
        return Err(ConfigError::TooFewBots(raw.len()));
    }
    let mut bots: Vec<BotSpec> = Vec::with_capacity(raw.len());
    for b in raw {
        if !name_ok(&b.name) {
            return Err(ConfigError::BadBotName(b.name));
        }
        if bots.iter().any(|other| other.name == b.name) {
            return Err(ConfigError::DuplicateBot(b.name));
        }
        let mut run = match (b.command, b.build, b.unusable) {
            (Some(command), None, None) => BotRun::Command(command),
            (None, Some(source), None) => BotRun::Build(source),
            (None, None, Some(why)) => BotRun::Unusable(why),
            _ => return Err(ConfigError::CommandOrBuild(b.name)),
        };
        let mut workdir = b.workdir;
        if let Some(folder) = files {
            run = match run {
                BotRun::Command(text) => BotRun::Command(paths::rebase_command(&text, folder)),
                BotRun::Build(source) => BotRun::Build(paths::rebase(&source, folder)),
                unusable => unusable,
            };
            workdir = workdir.map(|w| paths::rebase(&w, folder));
            check_bot_files(&b.name, &run, workdir.as_deref())
                .map_err(|e| ConfigError::Looked { problem: Box::new(e), looked: paths::looked_in(folder) })?;
        }
        let limits = match &b.limits {
            Some(config) => Some(config.apply(base, &format!("bot '{}': ", b.name))?),
            None => None,
        };
        bots.push(BotSpec { name: b.name, run, workdir, limits_config: b.limits, limits });
    }
    Ok(bots)
}

fn check_bot_files(name: &str, run: &BotRun, workdir: Option<&Path>) -> Result<(), ConfigError> {
    match run {
        BotRun::Command(text) => {
            check_command(text).map_err(|problem| ConfigError::BotCommand { name: name.to_string(), problem })?
        }
        BotRun::Unusable(_) => {}
        BotRun::Build(source) => {
            // The recogniser `play` and `check` use: C and C++ by name, or by content.
            let kind = crate::bot::kind_by_name(source).or(match crate::bot::kind_by_content(source) {
                crate::bot::Content::Source(kind) if source.extension().is_none() => Some(kind),
                _ => None,
            });
            if !matches!(kind, Some(crate::bot::SourceKind::C | crate::bot::SourceKind::Cpp)) {
                return Err(ConfigError::NotCSource { name: name.to_string(), path: source.clone() });
            }
            if !source.is_file() {
                return Err(ConfigError::MissingSource { name: name.to_string(), path: source.clone() });
            }
        }
    }
    if let Some(dir) = workdir {
        if !dir.is_dir() {
            return Err(ConfigError::BadWorkdir { name: name.to_string(), path: dir.to_path_buf() });
        }
        // Copied for every game: a link or a special file in it is refused now, before any game.
        crate::bot::check_copyable(dir).map_err(|e| ConfigError::BotCommand {
            name: name.to_string(),
            problem: format!("workdir {}: {e}", dir.display()),
        })?;
    }
    Ok(())
}
