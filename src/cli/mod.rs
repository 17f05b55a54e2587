//! The command line: clap derive types only; their doc comments are the help text.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

mod check_bench_serve;
pub use check_bench_serve::{BenchArgs, CheckArgs, ServeArgs};

use juiz::games::{GameKind, registry};

/// juiz — referee and tournament harness for card-game bot competitions.
///
/// Bots are programs that talk to the referee over stdin/stdout, one line per message
/// (see protocol.md). Exit status: 0 done, 1 a check failed (replay mismatch, `check`
/// problems), 2 bad input (usage, missing bot, bad file), 3 `merge` lacks games, 4 `replay --bot`:
/// the bot still commits the recorded fault, 130 interrupted.
#[derive(Debug, Parser)]
#[command(name = "juiz", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// The language of juiz's messages: en or pt (default: the locale's, from LC_ALL,
    /// LC_MESSAGES or LANG; English unless it is Portuguese). The wire protocol, logs and CSV
    /// files are the same in every language.
    #[arg(long, global = true, value_name = "LANG", value_parser = parse_lang)]
    pub lang: Option<juiz::i18n::Lang>,
}

fn parse_lang(text: &str) -> Result<juiz::i18n::Lang, String> {
    juiz::i18n::Lang::parse(text).ok_or_else(|| format!("unknown language '{text}' (known: en, pt)"))
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play one game between bots (and you, with an odd number of bots).
    Play(PlayArgs),
    /// Re-run a logged game on the engine and check it reaches the recorded result; or feed one
    /// seat's recorded input to a bot and show where its output differs.
    Replay(ReplayArgs),
    /// Run a tournament file (round-robin or gauntlet) in parallel; results as CSV.
    Tournament(TournamentArgs),
    /// Combine the result folders of `tournament --shard` runs into one.
    Merge(MergeArgs),
    /// Check a bot before submitting it: scripted and random games against the bundled bots.
    Check(CheckArgs),
    /// Measure what the harness costs beside the bots: games/s, its own CPU, latency, memory.
    Bench(BenchArgs),
    /// Write DIR/report.html for a tournament's results folder: standings, ratings, cross table,
    /// faults, slowest moves, and a viewer page for every faulted game.
    Report(ReportArgs),
    /// Run a course: students upload bots on a web page, each version is built and checked, a
    /// ladder plays them, everyone sees the leaderboard (see docs/course.md).
    Serve(ServeArgs),
    /// Be a house bot on stdin/stdout: the opponents `house:easy`, `house:medium` and
    /// `house:hard` name (see bots/README.md). It knows only what its seat is told.
    Bot(BotArgs),
}

#[derive(Debug, Args)]
pub struct BotArgs {
    /// easy (legal, simple), medium (sound heuristics) or hard (searches what it cannot see).
    #[arg(value_name = "LEVEL", value_parser = clap::value_parser!(juiz::house::Level))]
    pub level: juiz::house::Level,
    /// The game to play.
    #[arg(long, value_parser = parse_game)]
    pub game: GameKind,
    /// Simulations per move of the hard bot (ITP Buraco plays twice N for each choice it searches);
    /// they decide its moves, whatever the machine's speed.
    #[arg(long, value_name = "N", default_value_t = juiz::house::Budget::default().playouts)]
    pub playouts: u32,
    /// Most CPU time (of its searching thread) a move may think, in milliseconds: a safety cap
    /// far over a move's normal cost and below the referee's timeout; reaching it is logged.
    #[arg(long, value_name = "MS", default_value_t = juiz::house::Budget::default().max_ms)]
    pub max_ms: u64,
    /// The game's rule options the match is played under (as `juiz play --rule`).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// A tournament's results folder (the --out of `juiz tournament`).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Also make viewer pages for these games (ids from games.csv, comma-separated).
    #[arg(long, value_name = "ID,...", value_delimiter = ',')]
    pub games: Vec<String>,
    /// Make a viewer page for every game (a big tournament makes as many pages as games).
    #[arg(long)]
    pub all_games: bool,
}

#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// A tournament file (JSON), e.g. tournaments/demo.json.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Games played at once (default: the number of cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub jobs: Option<u64>,
    /// Results folder (default: results/<name>/).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Continue an interrupted run: play only the games missing from games.csv.
    #[arg(long)]
    pub resume: bool,
    /// Play only the I-th of N deterministic parts of the schedule (1-based), e.g. 2/4; combine
    /// the parts with `juiz merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// The secret the deals come from when the file sets no "seed" (64 hexadecimal digits;
    /// made there, readable by you only, if missing). Give every shard the same file. Without
    /// it a run draws a secret of its own, kept in its results folder.
    #[arg(long, value_name = "FILE")]
    pub secret: Option<PathBuf>,
    /// Let the system place each game's processes on any core, instead of running each game
    /// (its referee thread and its bots) on one core of its own, which spares a cross-core
    /// wake-up per line (pinning applies when --jobs is at most the number of cores).
    #[arg(long)]
    pub no_pin: bool,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Result folders of the shards of one tournament.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    /// Where the merged result goes (may be one of the inputs).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    #[arg(long, default_value = GameKind::DEFAULT.name(), value_parser = parse_game, help = registry::game_help())]
    pub game: GameKind,
    #[arg(long, help = registry::seed_help())]
    pub seed: Option<u64>,
    #[arg(long, value_name = "FILE", help = registry::deal_help())]
    pub deal: Option<PathBuf>,
    #[arg(long = "rule", value_name = "NAME=VALUE", help = registry::rule_help())]
    pub rules: Vec<String>,
    /// Show every message both ways.
    #[arg(long, conflicts_with = "silent")]
    pub debug: bool,
    /// Print only the result line: `OK|NOK <seed> <score0> <score1> <winner>`. The course
    /// referee's flags are accepted too: `-d`, `-i FILE`, `-seed N`, `-silent`.
    #[arg(long)]
    pub silent: bool,
    /// Write the game's transcript (CSV: seq,ms,seat,dir,text) to FILE, for `juiz replay`.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Longest a bot may take for one line.
    #[arg(long, value_name = "DURATION", default_value = "3s", value_parser = parse_duration)]
    pub move_timeout: Duration,
    /// Time for a bot's first line of the game, start-up included.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub startup_timeout: Duration,
    /// Memory of each bot: its processes' heap (RLIMIT_DATA) and the resident memory of all of
    /// them together; `unlimited` lifts it.
    #[arg(long, value_name = "SIZE", default_value = "1GiB", value_parser = parse_size_cap)]
    pub memory: Cap,
    /// CPU time of each bot over the whole game; `unlimited` lifts it.
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = parse_cpu_cap)]
    pub cpu_time: Cap,
    /// Processes a bot may have at once (its own included); `unlimited` lifts it.
    #[arg(long, value_name = "N", default_value = "32", value_parser = parse_count_cap)]
    pub max_processes: Cap,
    /// Largest file a bot may write; `unlimited` lifts it.
    #[arg(long, value_name = "SIZE", default_value = "64MiB", value_parser = parse_size_cap)]
    pub file_size: Cap,
    /// Open files per bot process; `unlimited` lifts it.
    #[arg(long, value_name = "N", default_value = "256", value_parser = parse_count_cap)]
    pub open_files: Cap,
    /// Disk space of each bot's work dir, as root (a tmpfs of this size: filling it is a `disk`
    /// fault); without root only `--file-size` bounds each file. `unlimited` lifts it.
    #[arg(long, value_name = "SIZE", default_value = "64MiB", value_parser = parse_size_cap)]
    pub disk: Cap,
    /// A line may take at most N times its timeout by the wall clock when the host is busy
    /// (bots are charged their own time; beyond this it is a `timeout-overload`).
    #[arg(long, value_name = "N", default_value = "3", value_parser = clap::value_parser!(u32).range(1..))]
    pub wall_factor: u32,
    /// Run the bots without the sandbox (Landlock, no network): for debugging only, a bot can
    /// then read the game's log and other players' files.
    #[arg(long)]
    pub no_sandbox: bool,
    /// Send every bot seat ids only (`p1.bot p2.bot`), never the other bots' names, as graded
    /// tournaments do (their `faults.csv` repro commands carry this flag).
    #[arg(long)]
    pub anonymous_seats: bool,
    /// Keep each bot's stderr in DIR/game.seat<N>.stderr (a bot that wrote nothing leaves no
    /// file). Without it the end of each bot's stderr is shown after the game.
    #[arg(long, value_name = "DIR")]
    pub stderr_dir: Option<PathBuf>,
    /// The bots, in seat order: an executable, a quoted command line ("python3 bots/x.py"),
    /// a `.py` script or a `.c` source (compiled once and cached); `NAME=BOT` names the seat
    /// (as a tournament names its bots). A bare name of a file in the current folder runs that
    /// file (`bot` is `./bot`), as with `node buraco.js`. With an odd number of bots you take
    /// seat 0 yourself, at the terminal.
    #[arg(value_name = "BOT", required = true)]
    pub bots: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A transcript written by `juiz play --log` or a tournament (`games/<id>.csv`).
    #[arg(value_name = "LOG")]
    pub log: PathBuf,
    /// Show only what this seat (0-based) saw and said.
    #[arg(long, value_name = "N")]
    pub seat: Option<usize>,
    /// Play the seat with this bot, the other seats answering from the recording: report the
    /// first line where its output differs, or, where the recording has the seat's fault,
    /// whether the bot still commits it (exit status 4) or gets past it (0). Needs --seat.
    #[arg(long, value_name = "CMD", requires = "seat")]
    pub bot: Option<String>,
    /// Print exactly the input the seat received, one line per message, and nothing else
    /// (for `gdb ./mybot` then `run < input.txt`). Needs --seat.
    #[arg(long, requires = "seat", conflicts_with = "bot")]
    pub input: bool,
    /// With --bot: longest wait for each line (generous, for a bot under a debugger).
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = parse_duration)]
    pub timeout: Duration,
    /// Show every message both ways.
    #[arg(long)]
    pub debug: bool,
    /// Write the game as one self-contained HTML page (the table at every step, each seat's view,
    /// the timeline, the fault) instead of replaying it on the terminal.
    #[arg(long, value_name = "OUT.html", conflicts_with_all = ["bot", "input", "seat"])]
    pub html: Option<PathBuf>,
}

/// The course referee's flags (`node buraco.js [-d] [-i FILE] [-seed N] [-silent] bot1 bot2`)
/// and the `juiz play` flags they stand for.
pub const ORIGINAL_FLAGS: [(&str, &str); 4] =
    [("-d", "--debug"), ("-i", "--deal"), ("-seed", "--seed"), ("-silent", "--silent")];

/// The command line with the course referee's single-dash flags after `play` rewritten to
/// juiz's own (see `ORIGINAL_FLAGS`). As there, `-silent` is ignored when `-d` is given, and
/// `-seed N` is read as `parseInt` reads it (`juiz::games::buraco::read_original_seed`): no
/// seed (a random one) for 0 or no digits; an error for a seed no juiz seed reproduces.
pub fn with_original_flags(args: impl IntoIterator<Item = OsString>) -> Result<Vec<OsString>, String> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    if args.get(1).is_none_or(|a| a != "play") {
        return Ok(args);
    }
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let debug = args[2..end].iter().any(|a| a == "-d");
    let mut out = args.drain(..2).collect::<Vec<_>>();
    let mut rest = args.into_iter().enumerate();
    while let Some((i, arg)) = rest.next() {
        let flag = if i + 2 < end { arg.to_str() } else { None };
        match flag.and_then(|f| ORIGINAL_FLAGS.iter().find(|(original, _)| *original == f)) {
            Some(("-silent", _)) if debug => {}
            Some(("-seed", ours)) => match rest.next() {
                Some((_, value)) => {
                    let text = value.to_string_lossy();
                    if let Some(seed) = juiz::games::buraco::read_original_seed(&text)? {
                        out.extend([OsString::from(ours), OsString::from(seed.to_string())]);
                    }
                }
                None => out.push(OsString::from(ours)),
            },
            Some((_, ours)) => out.push(OsString::from(ours)),
            None => out.push(arg),
        }
    }
    Ok(out)
}

/// A resource limit given on the command line: a number, or none (`unlimited`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cap(pub Option<u64>);

fn is_unlimited(text: &str) -> bool {
    matches!(text.trim().to_ascii_lowercase().as_str(), "unlimited" | "none" | "off")
}

/// `1GiB`, `512MiB`, `64M`, `unlimited`.
pub fn parse_size_cap(text: &str) -> Result<Cap, String> {
    juiz::bot::parse_size(text).map(Cap)
}

/// A count of at least 1, or `unlimited`.
pub fn parse_count_cap(text: &str) -> Result<Cap, String> {
    if is_unlimited(text) {
        return Ok(Cap(None));
    }
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(Cap(Some(n))),
        _ => Err(format!("bad count '{text}': write a whole number of at least 1, or unlimited")),
    }
}

/// A CPU time, rounded up to whole seconds, or `unlimited`.
pub fn parse_cpu_cap(text: &str) -> Result<Cap, String> {
    if is_unlimited(text) {
        return Ok(Cap(None));
    }
    let d = parse_duration(text)?;
    Ok(Cap(Some(d.as_secs() + u64::from(d.subsec_nanos() > 0))))
}

fn parse_game(text: &str) -> Result<GameKind, String> {
    text.parse()
}

/// A duration like `3s`, `500ms`, `1m 30s`; a bare number is seconds (as in tournament files).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    juiz::tournament::parse_duration(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("3s"), Ok(Duration::from_secs(3)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("2"), Ok(Duration::from_secs(2)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("soon").unwrap_err().contains("bad duration 'soon'"));
    }

    fn play_args(args: &[&str]) -> PlayArgs {
        let args = with_original_flags(["juiz", "play"].iter().chain(args).map(OsString::from)).unwrap();
        match Cli::try_parse_from(args).unwrap().command {
            Command::Play(args) => args,
            _ => panic!("not play"),
        }
    }

    #[test]
    fn the_course_referees_flags_are_accepted() {
        let args = play_args(&["-seed", "1002", "-i", "game1.in", "-silent", "bot1", "bot2"]);
        assert_eq!(args.seed, Some(1002));
        assert_eq!(args.deal, Some(PathBuf::from("game1.in")));
        assert!(args.silent && !args.debug);
        assert_eq!(args.bots, ["bot1", "bot2"]);
        let args = play_args(&["-d", "-silent", "bot"]);
        assert!(args.debug && !args.silent, "as in buraco.js, -d overrides -silent");
        let args = play_args(&["--", "-d"]);
        assert_eq!(args.bots, ["-d"], "nothing after -- is a flag");
        let other = with_original_flags(["juiz", "replay", "-d"].map(OsString::from)).unwrap();
        assert_eq!(other, ["juiz", "replay", "-d"], "only play speaks the original's flags");
        assert_eq!(play_args(&["-seed", "0", "bot"]).seed, None, "as buraco.js, -seed 0 is a random seed");
        assert_eq!(play_args(&["--seed", "0", "bot"]).seed, Some(0), "juiz's own --seed 0 is seed 0");
        assert_eq!(play_args(&["-seed", "9007199254740993", "bot"]).seed, Some(9_007_199_254_740_992));
        let refused = with_original_flags(["juiz", "play", "-seed", "-5", "bot"].map(OsString::from));
        assert!(refused.unwrap_err().contains("no juiz seed deals those cards"));
    }

    #[test]
    fn limit_flags() {
        let cli = Cli::try_parse_from(["juiz", "play", "a", "b"]).unwrap();
        let Command::Play(args) = cli.command else { panic!("not play") };
        assert_eq!(args.memory, Cap(Some(1 << 30)));
        assert_eq!(args.cpu_time, Cap(Some(60)));
        assert_eq!(args.max_processes, Cap(Some(32)));
        assert!(!args.no_sandbox);
        let cli = Cli::try_parse_from([
            "juiz",
            "play",
            "--memory",
            "unlimited",
            "--cpu-time",
            "1.5s",
            "--open-files",
            "64",
            "--no-sandbox",
            "a",
            "b",
        ])
        .unwrap();
        let Command::Play(args) = cli.command else { panic!("not play") };
        assert_eq!((args.memory, args.cpu_time, args.open_files), (Cap(None), Cap(Some(2)), Cap(Some(64))));
        assert!(args.no_sandbox);
        assert!(parse_count_cap("0").is_err());
        assert!(Cli::try_parse_from(["juiz", "play", "--memory", "lots", "a", "b"]).is_err());
    }
}
