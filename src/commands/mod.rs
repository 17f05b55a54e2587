//! What each subcommand does, between the parsed command line and the library; each returns the
//! process exit status or a `Failure` that names the problem.

mod bench;
mod bench_house;
mod bench_pages;
mod build_words;
mod check;
mod house;
mod play;
mod replay;
mod report;
mod serve;
mod tournament;

pub use bench::bench;
pub use check::check;
pub use house::house_bot;
pub use play::play;
pub use replay::replay;
pub use report::{report, write_report};
pub use serve::serve;
pub use tournament::{merge, tournament};

use std::process::ExitCode;

use juiz::bot::{BotCommand, CommandError};

/// The command did its job (a game was played, whatever its verdict).
pub const SUCCESS: u8 = 0;
/// A check failed: a replay did not reach the recorded result, `check` found problems.
pub const CHECK_FAILED: u8 = 1;
/// Bad input: usage, a missing bot, a malformed file. Nothing was started.
pub const BAD_INPUT: u8 = 2;
/// `merge` found games missing from every folder (the merged results are written, incomplete).
pub const INCOMPLETE: u8 = 3;
/// `juiz replay --bot`: the bot still commits the fault recorded for its seat (same kind, same
/// place).
pub const STILL_FAULTS: u8 = 4;
/// Interrupted (Ctrl-C).
pub const INTERRUPTED: u8 = 130;

/// A command that could not do its job, with the exit status to report it with.
#[derive(Debug)]
pub struct Failure {
    pub status: u8,
    pub message: String,
}

impl Failure {
    pub fn input(message: impl std::fmt::Display) -> Self {
        Failure { status: BAD_INPUT, message: message.to_string() }
    }
}

pub type Outcome = Result<ExitCode, Failure>;

/// The bot a command line names, resolved (see `BotCommand`). As with `node buraco.js`, a bare
/// name of a file in the current folder is that file (`bot` runs `./bot`) before PATH is searched.
/// `house:LEVEL` names a house bot of `game` under its rule `options` (this program as
/// `juiz bot LEVEL --game G --rule NAME=VALUE …`).
pub fn bot_command(
    text: &str,
    game: juiz::games::GameKind,
    options: &juiz::games::RuleOptions,
) -> Result<BotCommand, Failure> {
    if let Some(level) = juiz::house::house_level(text) {
        let level = level.map_err(Failure::input)?;
        let argv = juiz::house::house_argv(level, game, options).map_err(Failure::input)?;
        return Ok(BotCommand { argv, display: juiz::house::house_spec(level) });
    }
    let word = text.trim();
    let local = !word.is_empty() && !word.contains(['/', ' ', '\t', '\'', '"']) && std::path::Path::new(word).is_file();
    let text = if local { format!("./{word}") } else { text.to_owned() };
    let (command, warnings) = BotCommand::parse_reporting(&text, &juiz::bot::default_build_cache())
        .and_then(|(command, warnings)| Ok((command.resolve()?, warnings)))
        .map_err(|e| Failure::input(said(&e)))?;
    if !warnings.is_empty() {
        eprint!("{}", juiz::report::terminal_safe(&build_words::warnings_said(word, &warnings)));
    }
    Ok(command)
}

/// What the user reads when the bot they named cannot be started, in their language: the
/// mistakes a student makes (a wrong path, a file that is not executable, a C file that does not
/// compile, with what to do about it); the rest as the library words it.
fn said(e: &CommandError) -> String {
    use juiz::i18n::tr;
    let path = |p: &std::path::Path| p.display().to_string();
    match e {
        CommandError::NotFound(p) => tr("bot-not-found", &[("path", &path(p))]),
        CommandError::NotAFile(p) => tr("bot-not-a-file", &[("path", &path(p))]),
        CommandError::NotExecutable(p) => tr("bot-not-executable", &[("path", &path(p))]),
        CommandError::NotInPath(name) => tr("bot-not-in-path", &[("name", name)]),
        CommandError::Unrecognised(p) => tr("bot-unrecognised", &[("path", &path(p))]),
        CommandError::ScriptNotFound(p) => tr("bot-script-not-found", &[("path", &path(p))]),
        CommandError::Build(juiz::bot::BuildError::Compile { path: p, status, output }) => {
            let failed = tr("bot-compile-failed", &[("path", &path(p)), ("status", &status_text(status))]);
            format!("{failed}\n{}\n{}", output.trim_end(), build_words::failed_hint(p, output))
        }
        e => e.to_string(),
    }
}

/// A flag set by Ctrl-C (SIGINT) or SIGTERM, for a command to stop cleanly: games cancelled,
/// bots ended, files whole.
pub fn stop_on_signals() -> Result<std::sync::Arc<std::sync::atomic::AtomicBool>, Failure> {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, std::sync::Arc::clone(&flag))
            .map_err(|e| Failure::input(format!("cannot install the Ctrl-C handler: {e}")))?;
    }
    Ok(flag)
}

/// A compiler's end as recorded in English (`exited with code 1`, `killed by signal 9 (SIGKILL)`),
/// in the process's language.
fn status_text(status: &str) -> String {
    use juiz::games::Message;
    if let Some(code) = status.strip_prefix("exited with code ").and_then(|c| c.parse::<i32>().ok()) {
        return juiz::i18n::say(&Message::new("bf-exited").text("code", code));
    }
    let signal = status
        .strip_prefix("killed by signal ")
        .and_then(|rest| rest.split_once(" ("))
        .and_then(|(number, rest)| Some((number.parse::<i32>().ok()?, rest.strip_suffix(')')?)));
    match signal {
        Some((number, name)) => juiz::i18n::say(&Message::new("bf-signaled").text("signal", number).text("name", name)),
        None => status.to_owned(),
    }
}
