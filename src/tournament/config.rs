//! Tournament files: the JSON format, its defaults, validation before any game starts, and the
//! canonical form written to `tournament.json` in the results directory.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::bots::check_command;
use super::error::{ConfigError, TournamentError};
use crate::bot::{Limits, parse_size};
use crate::games::{GameKind, SetupError};

/// Who plays whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Format {
    /// Every pair of bots.
    RoundRobin,
    /// The champion against every other bot.
    Gauntlet { champion: String },
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
    /// A C source compiled once before the first game; the binary is run.
    Build(PathBuf),
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
        }
    }
}

/// A validated tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    pub name: String,
    pub game: GameKind,
    pub seed: u64,
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
}

/// Reads and validates a tournament file: every problem is reported before any game starts.
/// Relative bot paths (commands, build sources, workdirs) are taken from the current directory.
pub fn load(path: &Path) -> Result<Tournament, TournamentError> {
    let text =
        std::fs::read_to_string(path).map_err(|source| TournamentError::Read { path: path.to_path_buf(), source })?;
    Tournament::parse(&text, true).map_err(|source| TournamentError::Config { path: path.to_path_buf(), source })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTournament {
    name: String,
    #[serde(default = "default_game")]
    game: String,
    #[serde(default = "default_seed")]
    seed: u64,
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
    bots: Vec<RawBot>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawBot {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    build: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    workdir: Option<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    limits: Option<LimitsConfig>,
}

/// The canonical form: every key explicit, in a fixed order.
#[derive(Serialize)]
struct Canonical<'a> {
    name: &'a str,
    game: &'a str,
    seed: u64,
    format: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    champion: Option<&'a str>,
    games_per_pairing: u32,
    duplicate: bool,
    move_timeout: String,
    players: usize,
    points: Points,
    limits: LimitsConfig,
    bots: Vec<RawBot>,
}

/// A `"limits"` object of a tournament file, for the whole tournament or one bot: every key
/// optional (the defaults of `bot::Limits`, or the tournament's for a bot); sizes as `"1GiB"`,
/// durations as `"60s"`, counts as numbers; `"unlimited"` lifts a resource limit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsConfig {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_time: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_processes: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_files: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_timeout: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall_factor: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<bool>,
}

/// A limit's value: a number, or text (`"1GiB"`, `"60s"`, `"unlimited"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Setting {
    Number(u64),
    Text(String),
}

impl Setting {
    fn text(&self) -> String {
        match self {
            Setting::Number(n) => n.to_string(),
            Setting::Text(t) => t.clone(),
        }
    }
}

fn limit_error(whose: &str, key: &str, value: &str, why: &str) -> ConfigError {
    ConfigError::Syntax(format!("{whose}\"limits\".{key} '{value}': {why}"))
}

fn unlimited(text: &str) -> bool {
    matches!(text.trim().to_ascii_lowercase().as_str(), "unlimited" | "none" | "off")
}

impl LimitsConfig {
    /// `base` with the keys given here applied; `whose` names the object in errors.
    pub fn apply(&self, base: &Limits, whose: &str) -> Result<Limits, ConfigError> {
        let mut limits = base.clone();
        let size = |key: &str, s: &Setting| match s {
            Setting::Number(n) if *n > 0 => Ok(Some(*n)),
            _ => parse_size(&s.text()).map_err(|e| limit_error(whose, key, &s.text(), &e)),
        };
        let count = |key: &str, s: &Setting| match s {
            Setting::Number(n) if *n > 0 => Ok(Some(*n)),
            Setting::Text(t) if unlimited(t) => Ok(None),
            Setting::Text(t) if t.trim().parse::<u64>().is_ok_and(|n| n > 0) => Ok(t.trim().parse().ok()),
            _ => Err(limit_error(whose, key, &s.text(), "write a whole number of at least 1, or \"unlimited\"")),
        };
        let duration = |key: &str, text: &str| {
            parse_duration(text)
                .map_err(|_| limit_error(whose, key, text, "write a duration such as \"60s\" or \"500ms\""))
        };
        if let Some(s) = &self.memory {
            limits.memory_bytes = size("memory", s)?;
        }
        if let Some(s) = &self.cpu_time {
            limits.cpu_seconds = match s {
                Setting::Text(t) if unlimited(t) => None,
                Setting::Number(n) if *n > 0 => Some(*n),
                _ => {
                    let d = duration("cpu_time", &s.text())?;
                    Some(d.as_secs() + u64::from(d.subsec_nanos() > 0))
                }
            };
        }
        if let Some(s) = &self.max_processes {
            limits.max_processes = count("max_processes", s)?;
        }
        if let Some(s) = &self.file_size {
            limits.file_size_bytes = size("file_size", s)?;
        }
        if let Some(s) = &self.open_files {
            limits.open_files = count("open_files", s)?;
        }
        if let Some(t) = &self.startup_timeout {
            limits.startup_timeout = duration("startup_timeout", &t.text())?;
        }
        if let Some(n) = self.wall_factor {
            if n == 0 {
                return Err(limit_error(whose, "wall_factor", "0", "must be at least 1"));
            }
            limits.wall_factor = n;
        }
        if let Some(b) = self.sandbox {
            limits.sandbox = b;
        }
        Ok(limits)
    }

    /// Every key explicit, from resolved limits (the canonical form).
    fn explicit(limits: &Limits) -> LimitsConfig {
        let text = |v: Option<u64>, f: &dyn Fn(u64) -> String| Setting::Text(v.map_or("unlimited".into(), f));
        let number = |v: Option<u64>| v.map_or(Setting::Text("unlimited".into()), Setting::Number);
        let bytes = |b: u64| match b {
            b if b % (1 << 30) == 0 => format!("{}GiB", b >> 30),
            b if b % (1 << 20) == 0 => format!("{}MiB", b >> 20),
            b => b.to_string(),
        };
        LimitsConfig {
            memory: Some(text(limits.memory_bytes, &bytes)),
            cpu_time: Some(text(limits.cpu_seconds, &|s| format!("{s}s"))),
            max_processes: Some(number(limits.max_processes)),
            file_size: Some(text(limits.file_size_bytes, &bytes)),
            open_files: Some(number(limits.open_files)),
            startup_timeout: Some(Setting::Text(humantime::format_duration(limits.startup_timeout).to_string())),
            wall_factor: Some(limits.wall_factor),
            sandbox: Some(limits.sandbox),
        }
    }
}

/// A duration as the command line and tournament files take it: `3s`, `500ms`, `1m 30s`, or a
/// bare number of seconds (`3`, `0.5`); more than zero.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if let Ok(seconds) = text.parse::<f64>()
        && seconds.is_finite()
        && seconds > 0.0
    {
        return Ok(Duration::from_secs_f64(seconds));
    }
    match humantime::parse_duration(text) {
        Ok(d) if !d.is_zero() => Ok(d),
        Ok(_) => Err(format!("duration '{text}' must be more than zero")),
        Err(e) => Err(format!("bad duration '{text}': {e} (examples: 3, 3s, 500ms, 1m)")),
    }
}

fn default_game() -> String {
    GameKind::ItpBuraco.name().to_string()
}
fn default_seed() -> u64 {
    1
}
fn default_format() -> String {
    "round-robin".to_string()
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
        let raw: RawTournament = serde_json::from_str(text).map_err(|e| ConfigError::Syntax(e.to_string()))?;
        check_name(&raw.name)?;
        let game: GameKind =
            raw.game.parse().map_err(|_| ConfigError::UnknownGame(raw.game.clone(), GameKind::known()))?;
        let move_timeout = parse_duration(&raw.move_timeout.text())
            .map_err(|e| ConfigError::BadDuration(raw.move_timeout.text(), e))?;
        if let Err(SetupError::SeatCount { game, expected, got }) = game.check_seats(raw.players) {
            return Err(ConfigError::BadPlayers { game: game.name().to_string(), expected, got });
        }
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
        let bots = check_bots(raw.bots, check_files, &limits)?;
        let format = match (raw.format.as_str(), raw.champion) {
            ("round-robin", None) => Format::RoundRobin,
            ("round-robin", Some(_)) => return Err(ConfigError::ChampionWithoutGauntlet),
            ("gauntlet", None) => return Err(ConfigError::MissingChampion),
            ("gauntlet", Some(champion)) => {
                if !bots.iter().any(|b| b.name == champion) {
                    return Err(ConfigError::UnknownChampion(champion));
                }
                Format::Gauntlet { champion }
            }
            (other, _) => return Err(ConfigError::UnknownFormat(other.to_string())),
        };
        Ok(Tournament {
            name: raw.name,
            game,
            seed: raw.seed,
            format,
            games_per_pairing: raw.games_per_pairing,
            duplicate: raw.duplicate,
            move_timeout,
            limits,
            players: raw.players,
            points: raw.points,
            bots,
        })
    }

    /// The canonical JSON of this tournament (every key explicit), as kept in `tournament.json`:
    /// two runs are of the same tournament exactly when these texts are equal.
    pub fn to_json(&self) -> String {
        let (format, champion) = match &self.format {
            Format::RoundRobin => ("round-robin", None),
            Format::Gauntlet { champion } => ("gauntlet", Some(champion.as_str())),
        };
        let bots = self
            .bots
            .iter()
            .map(|b| {
                let (command, build) = match &b.run {
                    BotRun::Command(c) => (Some(c.clone()), None),
                    BotRun::Build(p) => (None, Some(p.clone())),
                };
                RawBot {
                    name: b.name.clone(),
                    command,
                    build,
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
            bots,
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

/// Names become parts of file names and CSV cells: keep them plain.
fn name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && !name.starts_with(['.', '-'])
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

fn check_name(name: &str) -> Result<(), ConfigError> {
    if name_ok(name) {
        Ok(())
    } else {
        Err(ConfigError::Syntax(format!(
            "tournament name '{name}' is not allowed: use letters, digits, '_', '-' or '.'"
        )))
    }
}

fn check_bots(raw: Vec<RawBot>, check_files: bool, base: &Limits) -> Result<Vec<BotSpec>, ConfigError> {
    if raw.len() < 2 {
        return Err(ConfigError::TooFewBots(raw.len()));
    }
    let mut bots: Vec<BotSpec> = Vec::with_capacity(raw.len());
    for b in raw {
        if !name_ok(&b.name) {
            return Err(ConfigError::BadBotName(b.name));
        }
        if bots.iter().any(|other| other.name == b.name) {
            return Err(ConfigError::DuplicateBot(b.name));
        }
        let run = match (b.command, b.build) {
            (Some(command), None) => BotRun::Command(command),
            (None, Some(source)) => BotRun::Build(source),
            _ => return Err(ConfigError::CommandOrBuild(b.name)),
        };
        if check_files {
            check_bot_files(&b.name, &run, b.workdir.as_deref())?;
        }
        let limits = match &b.limits {
            Some(config) => Some(config.apply(base, &format!("bot '{}': ", b.name))?),
            None => None,
        };
        bots.push(BotSpec { name: b.name, run, workdir: b.workdir, limits_config: b.limits, limits });
    }
    Ok(bots)
}

fn check_bot_files(name: &str, run: &BotRun, workdir: Option<&Path>) -> Result<(), ConfigError> {
    match run {
        BotRun::Command(text) => {
            check_command(text).map_err(|problem| ConfigError::BotCommand { name: name.to_string(), problem })?
        }
        BotRun::Build(source) => {
            if source.extension().is_none_or(|e| e != "c") {
                return Err(ConfigError::NotCSource { name: name.to_string(), path: source.clone() });
            }
            if !source.is_file() {
                return Err(ConfigError::MissingSource { name: name.to_string(), path: source.clone() });
            }
        }
    }
    if let Some(dir) = workdir
        && !dir.is_dir()
    {
        return Err(ConfigError::BadWorkdir { name: name.to_string(), path: dir.to_path_buf() });
    }
    Ok(())
}
