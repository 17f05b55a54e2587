//! `juiz bench`: what the harness costs beside the bots, measured on the bundled template bot
//! through the real tournament runner; a table, or JSON with `--json`.

use std::path::PathBuf;
use std::process::ExitCode;

use juiz::bench::{self, BenchOptions};

use super::{Failure, Outcome, SUCCESS};

/// Measure games per second, the harness's own CPU, the referee's latency per message and peak
/// memory, on two copies of the template bot (draw and discard: the bots cost almost nothing).
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// The game to play (the bot must play it: by default the game's bench bot).
    #[arg(long, default_value = juiz::games::GameKind::DEFAULT.name(), value_parser = |s: &str| s.parse::<juiz::games::GameKind>())]
    pub game: juiz::games::GameKind,
    /// Games of each throughput run.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Numbers of jobs to run the throughput runs with, comma-separated (default: 1 and the
    /// number of cores).
    #[arg(long, value_name = "N,N", value_delimiter = ',', value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs_list: Vec<u64>,
    /// Seats at the table: 2, or 4 (two teams) (default: the game's usual number, the first it is
    /// played by).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=4))]
    pub players: Option<u64>,
    /// Games of the peak-memory run, compared with a run a tenth its size (0 skips it).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub big: u64,
    #[arg(long, value_name = "FILE", help = juiz::games::registry::bench_bot_help())]
    pub bot: Option<PathBuf>,
    /// Where the temporary results folders go (default: the system's temporary directory).
    #[arg(long, value_name = "DIR")]
    pub scratch: Option<PathBuf>,
    /// Skip the bare relay (the floor any referee pays: the same number of games passed between
    /// bare bot processes with no sandbox, limits, timing or logs).
    #[arg(long)]
    pub no_floor: bool,
    /// Let the system place the games' processes on any core (see `juiz tournament --no-pin`).
    #[arg(long)]
    pub no_pin: bool,
    /// Print the figures as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Measure the HTML pages instead: a tournament of --big games (--game, --players, --bot),
    /// then `juiz report` on it, and the viewer page of its longest game (size, time to write,
    /// and time until it is ready in headless chromium when /usr/bin/chromium exists).
    #[arg(long)]
    pub pages: bool,
    /// Measure the house bots' strength instead: for each game named (every game with house bots
    /// when none is), a duplicate round-robin of easy, medium and hard (--house-games a pairing,
    /// at the first of --jobs-list or the cores), the share each stronger level wins against the
    /// target, the faults and the cost of a reply.
    #[arg(long, value_name = "GAME,...", num_args = 0.., value_delimiter = ',', value_parser = |s: &str| s.parse::<juiz::games::GameKind>())]
    pub house: Option<Vec<juiz::games::GameKind>>,
    /// The levels `--house` plays against each other (at least two), e.g. `medium,hard` for
    /// `hard`'s share and move cost alone.
    #[arg(long, value_name = "LEVEL,...", value_delimiter = ',', default_value = "easy,medium,hard",
          value_parser = clap::value_parser!(juiz::house::Level))]
    pub house_levels: Vec<juiz::house::Level>,
    /// Games of each pairing of `--house` (rounded up to an even number: each deal twice).
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = clap::value_parser!(u64).range(2..))]
    pub house_games: u64,
}

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
