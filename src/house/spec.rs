//! Naming a house bot wherever a bot is named: the spec `house:LEVEL`, the seat name it plays
//! under, and the command line that runs it (this very juiz program, as `juiz bot LEVEL --game G`,
//! an ordinary sandboxed bot process).

use std::path::PathBuf;

use super::Level;
use crate::games::{GameKind, RuleOptions};

/// What a bot spec naming a house bot starts with.
pub const HOUSE_PREFIX: &str = "house:";

/// The level a `house:LEVEL` spec names; `None` when `text` is not a house spec at all.
pub fn house_level(text: &str) -> Option<Result<Level, String>> {
    let level = text.trim().strip_prefix(HOUSE_PREFIX)?;
    Some(level.parse::<Level>().map_err(|e| format!("{e}: write house:easy, house:medium or house:hard")))
}

/// The name a house bot plays under (`house-hard`), in results and on the wire.
pub fn house_name(level: Level) -> String {
    format!("house-{level}")
}

/// The spec naming a house bot (`house:hard`).
pub fn house_spec(level: Level) -> String {
    format!("{HOUSE_PREFIX}{level}")
}

/// The program of the house bots: the running juiz program itself.
pub fn house_program() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the juiz program for a house bot: {e}"))?;
    Ok(exe.canonicalize().unwrap_or(exe))
}

/// The command line of a house bot of `game` at `level` under the game's rule `options`:
/// `<juiz> bot LEVEL --game G`, then `--rule NAME=VALUE` for each option, in name order.
pub fn house_argv(level: Level, game: GameKind, options: &RuleOptions) -> Result<Vec<String>, String> {
    let program = house_program()?;
    let mut argv = vec![
        program.to_string_lossy().into_owned(),
        "bot".to_string(),
        level.name().to_string(),
        "--game".to_string(),
        game.name().to_string(),
    ];
    for rule in crate::games::rule_words(options) {
        argv.extend(["--rule".to_string(), rule]);
    }
    Ok(argv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_specs_name_a_level_or_explain_the_known_ones() {
        assert_eq!(house_level("house:hard"), Some(Ok(Level::Hard)));
        assert_eq!(house_level(" house:easy "), Some(Ok(Level::Easy)));
        assert_eq!(house_level("bots/smart.c"), None);
        let err = house_level("house:expert").unwrap().unwrap_err();
        assert!(err.contains("unknown house bot level 'expert'") && err.contains("house:medium"), "{err}");
        assert_eq!(
            (house_name(Level::Medium), house_spec(Level::Medium)),
            ("house-medium".into(), "house:medium".into())
        );
    }

    #[test]
    fn a_house_bot_runs_this_program_as_juiz_bot() {
        let argv = house_argv(Level::Hard, GameKind::BuracoStbl, &RuleOptions::new()).unwrap();
        assert_eq!(argv[1..], ["bot", "hard", "--game", "buraco-stbl"]);
        assert!(std::path::Path::new(&argv[0]).is_absolute());
        let options = RuleOptions::from([("target".into(), "3000".into()), ("max-wilds".into(), "2".into())]);
        let argv = house_argv(Level::Easy, GameKind::BuracoStbl, &options).unwrap();
        assert_eq!(argv[5..], ["--rule", "max-wilds=2", "--rule", "target=3000"]);
    }
}
