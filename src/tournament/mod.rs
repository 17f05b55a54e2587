//! Tournaments for instructors: tournament files, the schedule, the parallel runner with resume
//! and shards, merging shard results, and standings with ratings.

mod bots;
mod config;
mod config_bots;
mod defaults;
mod error;
mod fingerprint;
mod limits_config;
mod merge;
mod paths;
mod progress;
mod rating;
mod referee_runner;
mod replays;
mod results_dir;
mod results_files;
mod rows;
mod runner;
mod schedule;
mod secret;
mod standings;
mod stream;
pub(crate) mod submissions;
mod summary;
mod sums;
mod unexpected;

pub use bots::{PreparedBot, check_command};
pub use config::{BotRun, BotSpec, Format, FormatName, Points, Tournament, load};
pub use defaults::applied_defaults;
pub use error::{ConfigError, TournamentError};
pub use limits_config::{LimitsConfig, Setting, parse_duration};
pub use merge::merge;
pub use progress::{Progress, Quiet};
pub use rating::{MeanCi, Rating, bradley_terry, mean_ci};
pub use referee_runner::{RefereeRunner, play_observed, run};
pub use replays::{MAX_REPLAYS, Replayed, is_host_problem, play_replaying};
pub use rows::{GameRow, HEADER, decode, encode_all, encode_row, identity, read_games, repair_games, row_check};
pub(crate) use runner::one_line;
pub use runner::{GameResult, GameRunner, GameSetup, PlayError, RunOptions, SeatFault, out_dir, run_with};
pub use schedule::{Schedule, ScheduledGame, Shard, game_seed, schedule};
pub use secret::{DealSecret, SECRET_FILE, SeedKey};
pub use standings::{StandingsRow, standings, standings_csv};
pub use summary::{FaultedGame, Missing, Summary, play_command, summarize};
pub use sums::{BotSums, DealGame, DealSums, GameSums, Sums, deal_game, deal_sums, game_sums, standings_of};
pub use unexpected::{FLAG_SIGMAS, PairTally, UnexpectedPair, unexpected_pairs, unexpected_pairs_rated};
