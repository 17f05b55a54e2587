//! `juiz check BOT`: checks a bot before it is submitted (scripted and random games against the
//! bundled bots) and prints the report as the games finish; exit status 0 when every game
//! passed, 1 when the bot faulted, 2 for bad input.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use juiz::check::{self, CheckError, CheckOptions};
use juiz::referee::bot_name_from_command;
use juiz::report::terminal_safe;

use super::{CHECK_FAILED, Failure, INTERRUPTED, Outcome, SUCCESS};

/// Check a bot before submitting it: scripted and random games against the bundled bots, and a
/// report on protocol faults, move times and stderr.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The bot to check: an executable, a quoted command line ("python3 mybot.py"), a `.py`
    /// script or a `.c` source (compiled once and cached).
    #[arg(value_name = "BOT")]
    pub bot: String,
    /// Random games played after the scripted ones (2 and 4 players, in turn).
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub games: usize,
    /// Seed of every game of the check (default: a random one, printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Longest the bot may take for one line.
    #[arg(long, value_name = "DURATION", default_value = "3s", value_parser = crate::cli::parse_duration)]
    pub move_timeout: Duration,
    /// Keep each game's transcript (for `juiz replay`) and the bot's stderr in DIR. Without it
    /// the logs of failed games are kept in a temporary folder, printed with the replay commands.
    #[arg(long, value_name = "DIR")]
    pub keep_logs: Option<PathBuf>,
    /// Games against each house bot (easy, medium, hard) at the end of the check, the bot's side
    /// alternating; 0 skips them.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub house_games: usize,
    /// The game the bot plays.
    #[arg(long, default_value = juiz::games::GameKind::DEFAULT.name(), value_parser = |s: &str| s.parse::<juiz::games::GameKind>())]
    pub game: juiz::games::GameKind,
    /// A rule option every game is played with, as `juiz play --rule` (your course's options).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
    /// Play every game at a table of N seats, as your course does (its "players"): positions
    /// of other table sizes are skipped. Default: every size the game has.
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
}

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
