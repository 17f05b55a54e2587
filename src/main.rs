//! The `juiz` binary: parse the command line, run the command, map the outcome to an exit status.

mod cli;
mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = match cli::with_original_flags(std::env::args_os()) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("juiz: {message}");
            return ExitCode::from(2);
        }
    };
    let cli = cli::Cli::parse_from(args);
    juiz::i18n::set_lang(cli.lang.unwrap_or_else(juiz::i18n::Lang::from_env));
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !is_closed_stdout(info.payload()) {
            default_hook(info);
        }
    }));
    let outcome = match std::panic::catch_unwind(|| run(cli.command)) {
        Ok(outcome) => outcome,
        // The reader of our stdout is gone (`juiz … | head`): everything unwound has cleaned up
        // (each bot is killed by its guard, results are written as each game ends), so stop as
        // a Unix tool stopped by SIGPIPE does, quietly, with the status a shell shows for it.
        Err(payload) if is_closed_stdout(payload.as_ref()) => return ExitCode::from(CLOSED_STDOUT),
        Err(payload) => std::panic::resume_unwind(payload),
    };
    match outcome {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("juiz: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}

/// The exit status when stdout was closed under us: 128 + SIGPIPE, as a shell reports a tool
/// that SIGPIPE stopped.
const CLOSED_STDOUT: u8 = 128 + 13;

fn run(command: cli::Command) -> Result<ExitCode, commands::Failure> {
    match command {
        cli::Command::Play(args) => commands::play(args),
        cli::Command::Replay(args) => commands::replay(args),
        cli::Command::Tournament(args) => commands::tournament(args),
        cli::Command::Merge(args) => commands::merge(args),
        cli::Command::Check(args) => commands::check(args),
        cli::Command::Bench(args) => commands::bench(args),
        cli::Command::Report(args) => commands::report(args),
        cli::Command::Serve(args) => commands::serve(args),
        cli::Command::Bot(args) => commands::house_bot(args),
    }
}

/// Whether a panic is `print!`'s on a closed stdout ("failed printing to stdout: Broken pipe").
fn is_closed_stdout(payload: &(dyn std::any::Any + Send)) -> bool {
    let text = payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied());
    text.is_some_and(|t| t.contains("failed printing to stdout") && t.contains("Broken pipe"))
}
