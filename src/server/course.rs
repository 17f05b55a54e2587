//! Course files: a tournament file (game, rules, limits, players, and the house bots that play in
//! the ladder) with a `"course"` object beside its keys: the roster, the state folder, the
//! deadline, the upload limit, the check's size, the grading bar, whether the final includes the
//! house bots, and the resource limits (`"limits"`: `budget.rs`). Everything is validated before serving.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::Deserialize;

use super::bar::{Bar, DEFAULT_BAR_GAMES};
use super::budget::{Budget, RawBudget};
use super::error::ServerError;
use super::roster::{Student, read_roster};
use crate::tournament::Tournament;

/// A validated course.
#[derive(Debug, Clone)]
pub struct Course {
    /// The tournament part: the game, its rules and limits, the final tournament's format, and
    /// the house bots, which play in the ladder beside the students.
    pub tournament: Tournament,
    pub roster: Vec<Student>,
    /// The course's state: `course.db`, `submissions/`, `games/`, `build/`, `final/`.
    pub data: PathBuf,
    /// Uploads after this instant are refused (the admin page may move it).
    pub deadline: Option<SystemTime>,
    /// Largest upload, in bytes.
    pub upload_limit: u64,
    /// Random games of each submission's check, after the scripted ones.
    pub check_games: usize,
    /// The address students reach the server at, for the links (`http://host:port`); `None`:
    /// the listening address.
    pub url: Option<String>,
    /// The grading bar: the house bot a student's version must beat in the ladder.
    pub bar: Option<Bar>,
    /// What the course may take of the machine (`"limits"`).
    pub budget: Budget,
    /// Whether the final tournament includes the house bots (`"final_house": true`), so that
    /// the bar is graded on the final's fixed deals too.
    pub final_house: bool,
    /// Games with a person playing in a browser the server holds at once (`"human_games"`).
    pub human_games: usize,
    /// How long such a game waits for the person's move before it is abandoned
    /// (`"human_idle"`, e.g. `15m`).
    pub human_idle: std::time::Duration,
}

/// The default of `"human_games"`: few, each holds a bot process for as long as a person thinks.
pub const DEFAULT_HUMAN_GAMES: usize = 4;
/// The default of `"human_idle"`.
pub const DEFAULT_HUMAN_IDLE: std::time::Duration = std::time::Duration::from_secs(15 * 60);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCourse {
    roster: PathBuf,
    #[serde(default)]
    data: Option<PathBuf>,
    #[serde(default)]
    deadline: Option<String>,
    #[serde(default)]
    upload_limit: Option<String>,
    #[serde(default = "default_check_games")]
    check_games: usize,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    bar: Option<String>,
    #[serde(default)]
    bar_games: Option<u32>,
    #[serde(default)]
    limits: RawBudget,
    #[serde(default)]
    final_house: bool,
    #[serde(default)]
    human_games: Option<usize>,
    #[serde(default)]
    human_idle: Option<String>,
}

fn default_check_games() -> usize {
    2
}

/// The default upload limit: 1 MiB.
pub const DEFAULT_UPLOAD_LIMIT: u64 = 1 << 20;

/// Reads and validates a course file. Relative paths (the roster, the data folder, the house
/// bots) are taken from the course file's folder.
pub fn load_course(path: &Path) -> Result<Course, ServerError> {
    let bad = |message: String| ServerError::Course { path: path.to_path_buf(), message };
    let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read it: {e}")))?;
    let mut value: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(format!("bad JSON: {e}")))?;
    let raw = value
        .as_object_mut()
        .and_then(|o| o.remove("course"))
        .ok_or_else(|| bad("no \"course\" object: add one with at least \"roster\"".into()))?;
    let raw: RawCourse = serde_json::from_value(raw).map_err(|e| bad(format!("in \"course\": {e}")))?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let tournament =
        Tournament::parse_in(&value.to_string(), folder).map_err(|e| bad(format!("as a tournament file: {e}")))?;
    if let Some(bot) = tournament.bots.iter().find(|b| super::roster::is_version_name(&b.name)) {
        return Err(bad(format!("house bot name '{}' looks like a student's version: rename it", bot.name)));
    }
    let roster_path = folder.join(&raw.roster);
    let roster = read_roster(&roster_path)?;
    if let Some(s) = roster.iter().find(|s| tournament.bot(&s.id).is_some()) {
        return Err(bad(format!("student id '{}' is also a house bot's name: rename one", s.id)));
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "course".into());
    let data = folder.join(raw.data.unwrap_or_else(|| PathBuf::from(format!("{stem}.data"))));
    let deadline = match raw.deadline.as_deref() {
        Some(text) => Some(parse_instant(text).map_err(bad)?),
        None => None,
    };
    let upload_limit = match raw.upload_limit.as_deref() {
        Some(text) => crate::bot::parse_size(text)
            .map_err(|e| bad(format!("upload_limit: {e}")))?
            .ok_or_else(|| bad("upload_limit cannot be unlimited: give a size such as 1MiB".into()))?,
        None => DEFAULT_UPLOAD_LIMIT,
    };
    let bar = match (raw.bar.as_deref(), raw.bar_games) {
        (Some(name), games) => Some(Bar::named(name, games.unwrap_or(DEFAULT_BAR_GAMES), &tournament).map_err(bad)?),
        (None, Some(_)) => return Err(bad("bar_games without a \"bar\": name the house bot to beat".into())),
        (None, None) => None,
    };
    let budget = raw.limits.resolve(upload_limit).map_err(bad)?;
    let human_idle = match raw.human_idle.as_deref() {
        Some(text) => humantime::parse_duration(text)
            .map_err(|e| bad(format!("human_idle: bad time '{text}': {e} (write it as 15m or 90s)")))?,
        None => DEFAULT_HUMAN_IDLE,
    };
    Ok(Course {
        tournament,
        roster,
        data,
        deadline,
        upload_limit,
        check_games: raw.check_games,
        url: raw.url,
        bar,
        budget,
        final_house: raw.final_house,
        human_games: raw.human_games.unwrap_or(DEFAULT_HUMAN_GAMES),
        human_idle,
    })
}

/// An instant written as RFC 3339 in UTC (`2026-12-01T23:59:00Z`).
pub fn parse_instant(text: &str) -> Result<SystemTime, String> {
    humantime::parse_rfc3339_weak(text.trim().trim_end_matches('Z'))
        .map_err(|e| format!("bad instant '{text}': {e} (write it as 2026-12-01T23:59:00Z, in UTC)"))
}

/// `2026-12-01T23:59:00Z`.
pub fn instant_text(at: SystemTime) -> String {
    humantime::format_rfc3339_seconds(at).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_round_trip() {
        let at = parse_instant("2026-12-01T23:59:00Z").unwrap();
        assert_eq!(instant_text(at), "2026-12-01T23:59:00Z");
        assert!(parse_instant("tomorrow").unwrap_err().contains("2026-12-01T23:59:00Z"));
    }
}
