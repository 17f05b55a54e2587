//! The tournament's bots made ready to run: commands checked and resolved, C sources built once
//! before the first game (a bot that does not build loses its games, unplayed).

use std::path::{Path, PathBuf};

use super::config::{BotRun, BotSpec};
use crate::bot::{BotCommand, build_c};
use crate::games::{GameKind, RuleOptions};
use crate::house;

/// A bot ready for the referee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedBot {
    pub name: String,
    /// The program (made absolute) and its arguments.
    pub argv: Vec<String>,
    /// The command as the user wrote it, for messages and reproduction commands.
    pub display: String,
    pub workdir: Option<PathBuf>,
    /// Why the bot cannot run (its source does not build, or no bot was found in its
    /// submission); its games are lost unplayed.
    pub broken: Option<String>,
}

/// Checks that a bot's command line names a program that exists and is executable (and, for a
/// lone `.c` path, that it compiles). The message is one lowercase line naming the path.
/// A house bot's spec (`house:hard`) is checked for its level only.
pub fn check_command(text: &str) -> Result<(), String> {
    if let Some(level) = house::house_level(text) {
        return level.map(|_| ());
    }
    // The game matters to a house bot's command only, handled above.
    resolve_command(text, GameKind::DEFAULT, &RuleOptions::new()).map(|_| ())
}

/// The command line of `text` for a game of `game` under `options` (which only a house bot's
/// depends on).
fn resolve_command(text: &str, game: GameKind, options: &RuleOptions) -> Result<Vec<String>, String> {
    if let Some(level) = house::house_level(text) {
        return house::house_argv(level?, game, options);
    }
    BotCommand::parse(text).and_then(BotCommand::resolve).map(|c| c.argv).map_err(|e| first_line(&e.to_string()))
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().to_string()
}

/// Makes every bot ready for games of `game` under `options`: commands resolved (a house bot's
/// for `game` and `options`), C sources compiled into `build_dir` (cached by content).
/// `on_build_failure` is told about each bot that cannot run.
pub fn prepare(
    bots: &[BotSpec],
    game: GameKind,
    options: &RuleOptions,
    build_dir: &Path,
    on_build_failure: &mut dyn FnMut(&str, &str),
) -> Vec<PreparedBot> {
    bots.iter()
        .map(|spec| {
            let display = spec.command_text();
            let (argv, broken) = match &spec.run {
                BotRun::Command(text) => match resolve_command(text, game, options) {
                    Ok(argv) => (argv, None),
                    Err(e) => (Vec::new(), Some(e)),
                },
                BotRun::Build(source) => match build_c(source, build_dir) {
                    Ok(binary) => (vec![binary.display().to_string()], None),
                    Err(e) => (Vec::new(), Some(e.to_string())),
                },
                BotRun::Unusable(why) => (Vec::new(), Some(why.clone())),
            };
            if let Some(message) = &broken {
                on_build_failure(&spec.name, message);
            }
            PreparedBot { name: spec.name.clone(), argv, display, workdir: spec.workdir.clone(), broken }
        })
        .collect()
}
