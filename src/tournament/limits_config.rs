//! The `"limits"` object of a tournament file (for the whole tournament or one bot), the values
//! its keys take, and durations in the forms the command line takes too.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::error::ConfigError;
use crate::bot::{Limits, parse_size};

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
    pub disk: Option<Setting>,
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
    pub(super) fn text(&self) -> String {
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
        if let Some(s) = &self.disk {
            limits.disk_bytes = size("disk", s)?;
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
    pub(super) fn explicit(limits: &Limits) -> LimitsConfig {
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
            // Explicit only when not the default, so that the canonical form (and the check of
            // every row written before this key existed) is unchanged for tournaments without it.
            disk: (limits.disk_bytes != Limits::default().disk_bytes).then(|| text(limits.disk_bytes, &bytes)),
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
