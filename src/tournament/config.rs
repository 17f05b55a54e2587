//! Tournament files: the JSON format, its defaults, validation before any game starts, and the
//! canonical form written to `tournament.json` in the results directory.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::config_bots::{RawBot, check_bots, check_name};
use super::error::{ConfigError, TournamentError};
use super::limits_config::{LimitsConfig, Setting, parse_duration};
use super::paths;
use crate::bot::Limits;
use crate::games::{GameKind, RuleOptions, SetupError};
use crate::house::{self, Level};

/// Who plays whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Format {
    /// Every pair of bots.
    RoundRobin,
    /// The champion against every other bot.
    Gauntlet { champion: String },
}

/// The `"format"` key's values, by their names in tournament files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatName {
    RoundRobin,
    Gauntlet,
}

impl FormatName {
    pub const ALL: &'static [FormatName] = &[FormatName::RoundRobin, FormatName::Gauntlet];

    pub fn name(self) -> &'static str {
        match self {
            FormatName::RoundRobin => "round-robin",
            FormatName::Gauntlet => "gauntlet",
        }
    }

    /// The known formats' names, for error messages.
    pub fn known() -> String {
        FormatName::ALL.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ")
    }
}

impl std::str::FromStr for FormatName {
    type Err = ConfigError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FormatName::ALL.iter().copied().find(|f| f.name() == s).ok_or_else(|| ConfigError::UnknownFormat(s.to_owned()))
    }
}

impl Format {
    pub fn name(&self) -> FormatName {
        match self {
            Format::RoundRobin => FormatName::RoundRobin,
            Format::Gauntlet { .. } => FormatName::Gauntlet,
        }
    }
}

/// Points given for a win, a draw and a loss in the standings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    #[serde(default = "default_win")]
    pub win: f64,
    #[serde(default = "default_draw")]
    pub draw: f64,
    #[serde(default)]
    pub loss: f64,
}

impl Default for Points {
    fn default() -> Self {
        Points { win: 1.0, draw: 0.5, loss: 0.0 }
    }
}

/// How a bot is started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotRun {
    /// A command line: an executable path or a quoted command (`python3 bots/x.py`).
    Command(String),
    /// A C (or C++) source compiled once before the first game; the binary is run.
    Build(PathBuf),
    /// A submission in which no bot was found (see `submissions`), and why: it loses its games.
    Unusable(String),
}

/// One bot of the tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotSpec {
    pub name: String,
    pub run: BotRun,
    /// A folder whose contents are copied into the bot's fresh work dir for each game (data
    /// files it reads); `None`: the work dir starts empty.
    pub workdir: Option<PathBuf>,
    /// The bot's own `"limits"` keys, as given (they override the tournament's).
    pub limits_config: Option<LimitsConfig>,
    /// The bot's limits when it has keys of its own: the tournament's with those applied.
    pub limits: Option<Limits>,
}

impl BotSpec {
    /// The text `juiz play` accepts for this bot (a `.c` path is compiled by `juiz play` itself).
    pub fn command_text(&self) -> String {
        match &self.run {
            BotRun::Command(text) => text.clone(),
            BotRun::Build(source) => source.display().to_string(),
            BotRun::Unusable(_) => "(unusable)".to_string(),
        }
    }
}

/// A validated tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    pub name: String,
    pub game: GameKind,
    /// The file's `"seed"`: every deal is a public function of it. `None`: the deals come from a
    /// secret drawn for the run (`secret`).
    pub seed: Option<u64>,
    /// Whether the bots include a `"submissions"` folder (students' bots: a fixed seed lets them
    /// predict their deals, which `juiz tournament` warns about). Not part of the identity.
    pub has_submissions: bool,
    /// The `"submissions"` folder, as found (relative to the tournament file's folder); not part
    /// of the identity. A run refuses one that bots may read (`bot::refuse_in_granted`).
    pub submissions: Option<PathBuf>,
    /// Graded runs: every bot learns only seat ids on the wire (`p1.bot p2.bot`), never the names
    /// of the bots it plays, so it cannot recognise a friend's (protocol.md §3.2). The file's
    /// `"anonymous_seats"`; by default true with `"submissions"`, and always in the course's
    /// ladder and final.
    pub anonymous_seats: bool,
    pub format: Format,
    /// Games per pairing of two bots (with `duplicate`: twice the number of deals).
    pub games_per_pairing: u32,
    /// Each deal is played twice, the second time with the seats swapped.
    pub duplicate: bool,
    pub move_timeout: Duration,
    /// Every bot's limits (`move_timeout` included) unless the bot has its own.
    pub limits: Limits,
    /// Seats at the table: 2, or 4 (each side a team of two copies of one bot).
    pub players: usize,
    pub points: Points,
    pub bots: Vec<BotSpec>,
    /// The game's rule options (`"rules": {"target": 1500}`), values as text; empty: defaults.
    pub rules: RuleOptions,
}

/// Reads and validates a tournament file: every problem is reported before any game starts.
/// Relative bot paths (commands, build sources, workdirs) are taken from the current directory
/// or, when missing there, from the file's folder (see `paths`).
pub fn load(path: &Path) -> Result<Tournament, TournamentError> {
    let text =
        std::fs::read_to_string(path).map_err(|source| TournamentError::Read { path: path.to_path_buf(), source })?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    Tournament::parse_checked(&text, Some(folder))
        .map_err(|source| TournamentError::Config { path: path.to_path_buf(), source })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTournament {
    name: String,
    #[serde(default = "default_game")]
    game: String,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default = "default_format")]
    format: String,
    #[serde(default)]
    champion: Option<String>,
    #[serde(default = "default_games")]
    games_per_pairing: u32,
    #[serde(default = "default_true")]
    duplicate: bool,
    #[serde(default = "default_timeout")]
    move_timeout: Setting,
    #[serde(default = "default_players")]
    players: usize,
    #[serde(default)]
    points: Points,
    #[serde(default)]
    limits: LimitsConfig,
    /// A folder of submissions, one folder per bot (see `submissions`), added to `bots`.
    #[serde(default)]
    submissions: Option<PathBuf>,
    /// Seat ids only on the wire (see `Tournament::anonymous_seats`); default: with submissions.
    #[serde(default)]
    anonymous_seats: Option<bool>,
    #[serde(default)]
    bots: Vec<RawBot>,
    /// House bots added to the bots by level (`["medium", "hard"]`), named `house-LEVEL`.
    #[serde(default)]
    house: Vec<String>,
    #[serde(default)]
    rules: std::collections::BTreeMap<String, serde_json::Value>,
}

/// The canonical form: every key explicit, in a fixed order.
#[derive(Serialize)]
struct Canonical<'a> {
    name: &'a str,
    game: &'a str,
    /// Omitted when the deals are secret.
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    format: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    champion: Option<&'a str>,
    games_per_pairing: u32,
    duplicate: bool,
    move_timeout: String,
    players: usize,
    points: Points,
    limits: LimitsConfig,
    /// Omitted when false, so that earlier tournaments keep their canonical form.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    anonymous_seats: bool,
    bots: Vec<RawBot>,
    /// Omitted when empty, so that tournaments from before rule options keep their canonical form.
    #[serde(skip_serializing_if = "RuleOptions::is_empty")]
    rules: &'a RuleOptions,
}

fn default_game() -> String {
    GameKind::DEFAULT.name().to_string()
}
fn default_format() -> String {
    FormatName::RoundRobin.name().to_string()
}
fn default_games() -> u32 {
    2
}
fn default_true() -> bool {
    true
}
fn default_timeout() -> Setting {
    Setting::Text("3s".to_string())
}
fn default_players() -> usize {
    2
}
fn default_win() -> f64 {
    1.0
}
fn default_draw() -> f64 {
    0.5
}

impl Tournament {
    /// Parses and validates the JSON text of a tournament file. With `check_files`, bot commands,
    /// build sources and workdirs must exist (off when reading back a results directory, which
    /// may have moved to another machine).
    pub fn parse(text: &str, check_files: bool) -> Result<Tournament, ConfigError> {
        Tournament::parse_checked(text, check_files.then_some(Path::new(".")))
    }

    /// As `load`, for the JSON text of a tournament file kept in `folder` (a course file holds
    /// one): the bots' files must exist, looked for from the current folder then from `folder`.
    pub fn parse_in(text: &str, folder: &Path) -> Result<Tournament, ConfigError> {
        Tournament::parse_checked(text, Some(folder))
    }

    /// As `parse`; with `files`, the bots' files must exist, looked for from the current folder
    /// then from `files` (the tournament file's folder).
    fn parse_checked(text: &str, files: Option<&Path>) -> Result<Tournament, ConfigError> {
        let raw: RawTournament = serde_json::from_str(text).map_err(|e| ConfigError::Syntax(e.to_string()))?;
        check_name(&raw.name)?;
        let game: GameKind =
            raw.game.parse().map_err(|_| ConfigError::UnknownGame(raw.game.clone(), GameKind::known()))?;
        let move_timeout = parse_duration(&raw.move_timeout.text())
            .map_err(|e| ConfigError::BadDuration(raw.move_timeout.text(), e))?;
        if let Err(SetupError::SeatCount { game, expected, got }) = game.check_seats(raw.players) {
            return Err(ConfigError::BadPlayers { game: game.name().to_string(), expected, got });
        }
        let rules = rule_options(game, &raw.rules)?;
        if raw.games_per_pairing == 0 {
            return Err(ConfigError::NoGames);
        }
        if raw.duplicate && raw.games_per_pairing % 2 == 1 {
            return Err(ConfigError::OddDuplicate(raw.games_per_pairing));
        }
        let p = raw.points;
        if !(p.win.is_finite() && p.draw.is_finite() && p.loss.is_finite()) {
            return Err(ConfigError::BadPoints);
        }
        let base = Limits { move_timeout, ..Limits::default() };
        let limits = raw.limits.apply(&base, "")?;
        let mut raw_bots = raw.bots;
        let submissions_dir =
            raw.submissions.as_ref().map(|dir| files.map_or_else(|| dir.clone(), |folder| paths::rebase(dir, folder)));
        if let Some(dir) = &submissions_dir {
            raw_bots.extend(super::submissions::scan(dir).map_err(ConfigError::Syntax)?.into_iter().map(|sub| {
                let (command, build, unusable) = match sub.run {
                    Ok(BotRun::Command(c)) => (Some(c), None, None),
                    Ok(BotRun::Build(p)) => (None, Some(p), None),
                    Ok(BotRun::Unusable(why)) | Err(why) => (None, None, Some(why)),
                };
                RawBot { name: sub.name, command, build, workdir: None, limits: None, unusable }
            }));
        }
        for text in &raw.house {
            let level: Level = text.parse().map_err(|_| ConfigError::UnknownHouseLevel(text.clone()))?;
            let command = Some(house::house_spec(level));
            let name = house::house_name(level);
            raw_bots.push(RawBot { name, command, build: None, workdir: None, limits: None, unusable: None });
        }
        let bots = check_bots(raw_bots, files, &limits)?;
        let format = match (raw.format.parse::<FormatName>()?, raw.champion) {
            (FormatName::RoundRobin, None) => Format::RoundRobin,
            (FormatName::RoundRobin, Some(_)) => return Err(ConfigError::ChampionWithoutGauntlet),
            (FormatName::Gauntlet, None) => return Err(ConfigError::MissingChampion),
            (FormatName::Gauntlet, Some(champion)) => {
                if !bots.iter().any(|b| b.name == champion) {
                    return Err(ConfigError::UnknownChampion(champion));
                }
                Format::Gauntlet { champion }
            }
        };
        Ok(Tournament {
            name: raw.name,
            game,
            seed: raw.seed,
            has_submissions: raw.submissions.is_some(),
            submissions: submissions_dir,
            anonymous_seats: raw.anonymous_seats.unwrap_or(raw.submissions.is_some()),
            format,
            games_per_pairing: raw.games_per_pairing,
            duplicate: raw.duplicate,
            move_timeout,
            limits,
            players: raw.players,
            points: raw.points,
            bots,
            rules,
        })
    }

    /// The canonical JSON of this tournament (every key explicit), as kept in `tournament.json`:
    /// two runs are of the same tournament exactly when these texts are equal.
    pub fn to_json(&self) -> String {
        let champion = match &self.format {
            Format::RoundRobin => None,
            Format::Gauntlet { champion } => Some(champion.as_str()),
        };
        let format = self.format.name().name();
        let bots = self
            .bots
            .iter()
            .map(|b| {
                let (command, build, unusable) = match &b.run {
                    BotRun::Command(c) => (Some(c.clone()), None, None),
                    BotRun::Build(p) => (None, Some(p.clone()), None),
                    BotRun::Unusable(why) => (None, None, Some(why.clone())),
                };
                RawBot {
                    name: b.name.clone(),
                    command,
                    build,
                    unusable,
                    workdir: b.workdir.clone(),
                    limits: b.limits_config.clone(),
                }
            })
            .collect();
        let canonical = Canonical {
            name: &self.name,
            game: self.game.name(),
            seed: self.seed,
            format,
            champion,
            games_per_pairing: self.games_per_pairing,
            duplicate: self.duplicate,
            move_timeout: humantime::format_duration(self.move_timeout).to_string(),
            players: self.players,
            points: self.points,
            limits: LimitsConfig::explicit(&self.limits),
            anonymous_seats: self.anonymous_seats,
            bots,
            rules: &self.rules,
        };
        let mut text = serde_json::to_string_pretty(&canonical).expect("plain data serializes");
        text.push('\n');
        text
    }

    /// The bot with this name.
    pub fn bot(&self, name: &str) -> Option<&BotSpec> {
        self.bots.iter().find(|b| b.name == name)
    }
}

/// The `"rules"` object as rule options (numbers and booleans as their text), checked against
/// the game.
fn rule_options(
    game: GameKind,
    raw: &std::collections::BTreeMap<String, serde_json::Value>,
) -> Result<RuleOptions, ConfigError> {
    let mut options = RuleOptions::new();
    for (name, value) in raw {
        let text = match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => b.to_string(),
            other => {
                return Err(ConfigError::BadRule(format!(
                    "rule option {name}: {other} is not a number, a boolean or a string"
                )));
            }
        };
        options.insert(name.clone(), text);
    }
    game.check_options(&options).map_err(|e| ConfigError::BadRule(e.to_string()))?;
    Ok(options)
}
