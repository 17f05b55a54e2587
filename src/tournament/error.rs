//! The errors of the tournament module: a bad tournament file (caught before any game starts), a
//! results directory that does not match, and I/O on the results.

use std::path::PathBuf;

/// What is wrong with a tournament file. Each message is one lowercase line naming the key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{0}")]
    Syntax(String),
    #[error("unknown game '{0}' (known: {1})")]
    UnknownGame(String, String),
    #[error("unknown format '{0}' (known: {known})", known = super::FormatName::known())]
    UnknownFormat(String),
    #[error("format gauntlet needs \"champion\": the name of one of the bots")]
    MissingChampion,
    #[error("champion '{0}' is not one of the bots")]
    UnknownChampion(String),
    #[error("\"champion\" is only used with format gauntlet")]
    ChampionWithoutGauntlet,
    #[error("bad move_timeout '{0}': {1}")]
    BadDuration(String, String),
    #[error("{game} is played by {expected} players, not {got} (key \"players\")")]
    BadPlayers { game: String, expected: String, got: usize },
    #[error("{0} (key \"rules\")")]
    BadRule(String),
    #[error("games_per_pairing must be at least 1")]
    NoGames,
    #[error("games_per_pairing is {0}: with duplicate it must be even (each deal is played twice)")]
    OddDuplicate(u32),
    #[error("points must be finite numbers")]
    BadPoints,
    #[error("a tournament needs at least 2 bots, this one has {0}")]
    TooFewBots(usize),
    #[error("bot name '{0}' is not allowed: use letters, digits, '_', '-' or '.', not starting with '.' or '-'")]
    BadBotName(String),
    #[error("two bots are named '{0}': bot names must be unique")]
    DuplicateBot(String),
    #[error("bot '{0}' needs exactly one of \"command\" and \"build\"")]
    CommandOrBuild(String),
    #[error("bot '{name}': {problem}")]
    BotCommand { name: String, problem: String },
    #[error("unknown house bot level '{0}' in \"house\" (known: easy, medium, hard)")]
    UnknownHouseLevel(String),
    #[error("bot '{name}': build source {path} not found")]
    MissingSource { name: String, path: PathBuf },
    #[error("bot '{name}': build source {path} is not a C file (.c)")]
    NotCSource { name: String, path: PathBuf },
    #[error("bot '{name}': workdir {path} is not a directory")]
    BadWorkdir { name: String, path: PathBuf },
    /// A bot's file was not found: the problem, and where relative paths were looked for.
    #[error("{problem} ({looked})")]
    Looked { problem: Box<ConfigError>, looked: String },
}

/// Why a tournament could not be loaded, run or merged.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("cannot read tournament file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("tournament file {path}: {source}")]
    Config { path: PathBuf, source: ConfigError },
    #[error("bad shard '{0}': write I/N with 1 <= I <= N, e.g. --shard 2/4")]
    BadShard(String),
    #[error(
        "{dir} already holds the results of another tournament (its tournament.json differs): \
         use another --out"
    )]
    DifferentTournament { dir: PathBuf },
    #[error("{dir} already holds games of this tournament: add --resume to continue, or use another --out")]
    AlreadyStarted { dir: PathBuf },
    #[error(
        "{dir} is being written by another juiz run{}: wait for it to end, or use another --out",
        holder.map_or(String::new(), |pid| format!(" (process {pid})"))
    )]
    Locked { dir: PathBuf, holder: Option<u32> },
    #[error(
        "bot '{bot}' has changed since its games in {dir} were played ({file} differs): \
         to play the tournament afresh, use another --out or delete {dir}"
    )]
    BotChanged { dir: PathBuf, bot: String, file: PathBuf },
    #[error("--out {dir}: {problem}")]
    Out { dir: PathBuf, problem: String },
    #[error("{path}, line {line}: {message}")]
    BadGamesCsv { path: PathBuf, line: u64, message: String },
    #[error("{path}: game {id} is not in this tournament's schedule")]
    UnknownGame { path: PathBuf, id: String },
    #[error(
        "{path}: the row of game {id} fails its checksum (it was edited, or comes from another \
         tournament): delete that line to have the game played again with --resume"
    )]
    TamperedRow { path: PathBuf, id: String },
    #[error(
        "cannot merge: game {id} has different results in {first} and {second}: remove it from \
         one of them (or merge without it) to choose"
    )]
    ConflictingRows { id: String, first: PathBuf, second: PathBuf },
    #[error("{path}: game {id} is there twice")]
    RepeatedGame { path: PathBuf, id: String },
    #[error("cannot merge: {0}")]
    Merge(String),
    #[error("the secret of the deals, {}: {problem}", .path.display())]
    Secret { path: PathBuf, problem: String },
    #[error(
        "a shard of a tournament without a \"seed\" needs the secret its deals come from, the same for \
         every shard: give each shard --secret FILE (made at the first use, kept private)"
    )]
    ShardNeedsSecret,
    #[error("game {id}: {message}")]
    Game { id: String, message: String },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

impl TournamentError {
    /// Wraps an I/O error with the path it happened on.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> TournamentError {
        let path = path.into();
        move |source| TournamentError::Io { path, source }
    }
}
