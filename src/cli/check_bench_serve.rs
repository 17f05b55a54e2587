//! The command line of `juiz check`, `juiz bench` and `juiz serve`: clap derive types only;
//! their doc comments are the help text.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

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
    #[arg(long, value_name = "DURATION", default_value = "3s", value_parser = super::parse_duration)]
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

/// Run a course server.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// A course file (JSON): a tournament file with a "course" object (roster, deadline...),
    /// e.g. tournaments/course-demo.json.
    #[arg(value_name = "COURSE")]
    pub course: PathBuf,
    /// Address and port to listen on (port 0: any free port, printed).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Print the secret link of every student and of the instructor as CSV (id,name,team,link)
    /// and exit: students who have none get one; existing links are kept (safe while the
    /// server runs).
    #[arg(long)]
    pub links: bool,
    /// With --links: replace links (the old ones stop working): everyone's, or one student's
    /// (`--reissue ana`; `--reissue admin` for the instructor's).
    #[arg(long, value_name = "ID", num_args = 0..=1, default_missing_value = "")]
    pub reissue: Option<String>,
    /// Games and checks run at once (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: Option<u64>,
}
