//! `juiz bench`: what the harness costs beside the bots, measured on the bundled template bot
//! through the real tournament runner; a table, or JSON with `--json`.

use std::path::PathBuf;
use std::process::ExitCode;

use juiz::bench::{self, BenchOptions};

use crate::cli::BenchArgs;

use super::{Failure, Outcome, SUCCESS};

impl BenchArgs {
    /// The bot's source: `--bot`, or the game's bundled bench bot.
    pub fn bot_source(&self) -> PathBuf {
        self.bot.clone().unwrap_or_else(|| PathBuf::from(self.game.def().bench_bot))
    }

    /// A scratch folder for a run's files, in `--scratch` or the system's temporary directory.
    pub fn scratch_dir(&self) -> Result<tempfile::TempDir, super::Failure> {
        match &self.scratch {
            Some(dir) => tempfile::tempdir_in(dir),
            None => tempfile::tempdir(),
        }
        .map_err(|e| super::Failure::input(format!("cannot make a scratch folder (--scratch): {e}")))
    }

    /// Seats at the table: `--players`, or the game's usual number.
    pub fn seats(&self) -> usize {
        self.players.map_or(self.game.usual_seats(), |n| n as usize)
    }
}

pub fn bench(args: BenchArgs) -> Outcome {
    if let Some(games) = &args.house {
        return super::bench_house::bench_house(&args, games);
    }
    if !args.bot_source().is_file() {
        return Err(Failure::input(format!("bot source {} not found (--bot)", args.bot_source().display())));
    }
    if args.pages {
        return super::bench_pages::bench_pages(&args);
    }

    let options = BenchOptions {
        game: args.game,
        games: args.games as usize,
        jobs_list: args.jobs_list.iter().map(|&n| n as usize).collect(),
        players: args.seats(),
        big: args.big as usize,
        bot_source: args.bot_source(),
        build_cache: juiz::bot::default_build_cache(),
        scratch: args.scratch.clone(),
        floor: !args.no_floor,
        unpinned: args.no_pin,
    };
    let report = bench::run(&options, &mut |what| eprintln!("bench: {what}")).map_err(Failure::input)?;
    if args.json {
        print!("{}", report.to_json());
    } else {
        print!("{}", report.to_table());
    }
    Ok(ExitCode::from(SUCCESS))
}
