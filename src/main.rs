//! The `juiz` binary: parse the command line, run the command, map the outcome to an exit status.

mod cli;
mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse_from(cli::with_original_flags(std::env::args_os()));
    juiz::i18n::set_lang(cli.lang.unwrap_or_else(juiz::i18n::Lang::from_env));
    let outcome = match cli.command {
        cli::Command::Play(args) => commands::play(args),
        cli::Command::Replay(args) => commands::replay(args),
        cli::Command::Tournament(args) => commands::tournament(args),
        cli::Command::Merge(args) => commands::merge(args),
        cli::Command::Check(args) => commands::check(args),
        cli::Command::Bench(args) => commands::bench(args),
        cli::Command::Report(args) => commands::report(args),
        cli::Command::Serve(args) => commands::serve(args),
    };
    match outcome {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("juiz: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}
