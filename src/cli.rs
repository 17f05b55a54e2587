//! The command line: clap derive types only; their doc comments are the help text.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use juiz::games::GameKind;

/// juiz — referee and tournament harness for card-game bot competitions.
///
/// Bots are programs that talk to the referee over stdin/stdout, one line per message
/// (see protocol.md). Exit status: 0 done, 1 a check failed (replay mismatch, `check`
/// problems), 2 bad input (usage, missing bot, bad file), 130 interrupted.
#[derive(Debug, Parser)]
#[command(name = "juiz", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
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
    /// Measure what the harness costs beside the bots: games/s, its own CPU, latency, memory.
    Bench(crate::commands::BenchArgs),
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
    /// The game to play.
    #[arg(long, default_value = "itp-buraco", value_parser = parse_game)]
    pub game: GameKind,
    /// Seed of the shuffle and of every later random event (default: a random one, printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from a fixed deal: the original referee's `-i` file (one `[ … ]` hand line per
    /// player, the discard top card, the start index), optionally followed by a `[ … ]` line
    /// giving the stock from the top down.
    #[arg(long, value_name = "FILE")]
    pub deal: Option<PathBuf>,
    /// Show every message both ways.
    #[arg(long, conflicts_with = "silent")]
    pub debug: bool,
    /// Print only the result line: `OK|NOK <seed> <score0> <score1> <winner>`.
    #[arg(long)]
    pub silent: bool,
    /// Write the game's transcript (CSV: seq,ms,seat,dir,text) to FILE, for `juiz replay`.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Longest a bot may take for one line.
    #[arg(long, value_name = "DURATION", default_value = "3s", value_parser = parse_duration)]
    pub move_timeout: Duration,
    /// Write each bot's stderr to DIR/game.seat<N>.stderr (default: discarded unless --debug,
    /// which shows where it went).
    #[arg(long, value_name = "DIR")]
    pub stderr_dir: Option<PathBuf>,
    /// The bots, in seat order: an executable, a quoted command line ("python3 bots/x.py"),
    /// a `.py` script or a `.c` source (compiled once and cached). With an odd number of bots
    /// you take seat 0 yourself, at the terminal.
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
    /// Feed the seat's recorded input to this bot and report the first line where its output
    /// differs from the recording (needs --seat).
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
}

fn parse_game(text: &str) -> Result<GameKind, String> {
    text.parse()
}

/// A duration like `3s`, `500ms`, `1m 30s`; a bare number is seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if let Ok(seconds) = text.parse::<f64>() {
        if seconds.is_finite() && seconds > 0.0 {
            return Ok(Duration::from_secs_f64(seconds));
        }
    }
    match humantime::parse_duration(text) {
        Ok(d) if !d.is_zero() => Ok(d),
        Ok(_) => Err(format!("duration '{text}' must be more than zero")),
        Err(e) => Err(format!("bad duration '{text}': {e} (examples: 3s, 500ms, 1m)")),
    }
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
}
