//! `juiz check BOT`: checks a bot before it is submitted (scripted and random games against the
//! bundled bots) and prints the report as the games finish; exit status 0 when every game
//! passed, 1 when the bot faulted, 2 for bad input.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use juiz::check::{self, CheckError, CheckOptions};
use juiz::referee::bot_name_from_command;
use juiz::report::terminal_safe;

use crate::cli::CheckArgs;

use super::{CHECK_FAILED, Failure, INTERRUPTED, Outcome, SUCCESS};

pub fn check(args: CheckArgs) -> Outcome {
    let rules = super::play::rule_options(args.game, &args.rules)?;
    if let Some(n) = args.players.filter(|n| !args.game.seat_counts().contains(n)) {
        let sizes: Vec<String> = args.game.seat_counts().iter().map(|s| s.to_string()).collect();
        return Err(Failure::input(format!("--players {n}: {} is played by {}", args.game, sizes.join(" or "))));
    }
    let command = super::bot_command(&args.bot, args.game, &rules)?;
    let name = bot_name_from_command(&command);
    let seed = args.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
    let cancel = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, Arc::clone(&cancel))
            .map_err(|e| Failure::input(format!("cannot install the Ctrl-C handler: {e}")))?;
    }
    let options = CheckOptions {
        game: args.game,
        rules,
        random_games: args.games,
        move_timeout: args.move_timeout,
        keep_logs: args.keep_logs.clone(),
        cancel: Some(cancel),
        house_games: args.house_games,
        players: args.players,
        jobs: args.jobs.max(1),
        ..CheckOptions::new(seed)
    };
    let plan = check::full_plan(&options);
    let total = plan.len();
    print!("{}", terminal_safe(&check::header(&command.display, &options, &plan)));
    let report = match check::run_check(&command, &name, &options, &mut |game| {
        print!("{}", terminal_safe(&game.to_text(total)))
    }) {
        Ok(report) => report,
        Err(CheckError::Cancelled) => return Ok(ExitCode::from(INTERRUPTED)),
        Err(e) => return Err(Failure::input(e)),
    };
    print!("{}", terminal_safe(&report.summary_text()));
    if !report.passed() {
        let game =
            if args.game == juiz::games::GameKind::DEFAULT { String::new() } else { format!("--game {} ", args.game) };
        let rules: String = juiz::games::rule_words(&options.rules)
            .map(|rule| format!("--rule {} ", check::shell_word(&rule)))
            .collect();
        let players = args.players.map(|n| format!("--players {n} ")).unwrap_or_default();
        let command = format!("juiz check {game}{rules}{players}--seed {seed} {}", check::shell_word(&args.bot));
        println!("{}", juiz::i18n::tr("check-rerun", &[("command", &command)]));
    }
    Ok(ExitCode::from(if report.passed() { SUCCESS } else { CHECK_FAILED }))
}
