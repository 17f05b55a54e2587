//! What the course may take of the machine, as the instructor sets it in the course file's
//! `"course"` object (`"limits"`): the disk budget and the free-space floor, the games kept per
//! version, each student's upload quota, the stderr kept per seat of a ladder game, the friendly
//! games a student may have waiting, and the HTTP header timeout. Each has a default that suits
//! one machine.

use std::time::Duration;

use serde::Deserialize;

/// The course's resource limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Bytes the course folder may hold (games, submissions, check logs, builds); over it the
    /// ladder prunes old games and, if still over, pauses.
    pub disk_bytes: u64,
    /// Free bytes the file system must keep; below, the ladder pauses and uploads are refused.
    pub floor_bytes: u64,
    /// Ladder games kept per version once pruning starts (besides faulted ones).
    pub keep_games: usize,
    /// Bytes one student's kept uploads may take (archives counted unpacked too).
    pub student_bytes: u64,
    /// Bytes of stderr kept per seat of a ladder game.
    pub stderr_bytes: u64,
    /// Friendly games a student may have waiting or running.
    pub friendly_queued: usize,
    /// Time a client has to send a request's header.
    pub header_timeout: Duration,
}

/// The defaults: 20 GiB of disk, 1 GiB kept free, the last 20 games per version, 64 times the
/// upload limit per student, 64 KiB of stderr per seat, 3 friendly games waiting, a 10 s header.
impl Budget {
    pub fn defaults(upload_limit: u64) -> Budget {
        Budget {
            disk_bytes: 20 << 30,
            floor_bytes: 1 << 30,
            keep_games: 20,
            student_bytes: upload_limit.saturating_mul(64),
            stderr_bytes: 64 << 10,
            friendly_queued: 3,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// `"limits"` as written in the course file: sizes as `20GiB`, times as `10s`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBudget {
    disk: Option<String>,
    free_floor: Option<String>,
    keep_games: Option<usize>,
    student_quota: Option<String>,
    stderr_per_seat: Option<String>,
    friendly_queued: Option<usize>,
    header_timeout: Option<String>,
}

fn size(key: &str, text: &Option<String>, default: u64) -> Result<u64, String> {
    match text {
        None => Ok(default),
        Some(text) => crate::bot::parse_size(text)
            .map_err(|e| format!("limits.{key}: {e}"))?
            .ok_or_else(|| format!("limits.{key} cannot be unlimited: give a size such as 1GiB")),
    }
}

impl RawBudget {
    /// The budget these keys give, the defaults for the rest.
    pub fn resolve(&self, upload_limit: u64) -> Result<Budget, String> {
        let d = Budget::defaults(upload_limit);
        let header_timeout = match &self.header_timeout {
            None => d.header_timeout,
            Some(text) => crate::tournament::parse_duration(text).map_err(|e| format!("limits.header_timeout: {e}"))?,
        };
        let budget = Budget {
            disk_bytes: size("disk", &self.disk, d.disk_bytes)?,
            floor_bytes: size("free_floor", &self.free_floor, d.floor_bytes)?,
            keep_games: self.keep_games.unwrap_or(d.keep_games),
            student_bytes: size("student_quota", &self.student_quota, d.student_bytes)?,
            stderr_bytes: size("stderr_per_seat", &self.stderr_per_seat, d.stderr_bytes)?,
            friendly_queued: self.friendly_queued.unwrap_or(d.friendly_queued),
            header_timeout,
        };
        if budget.keep_games == 0 {
            return Err("limits.keep_games: keep at least 1 game per version".into());
        }
        if header_timeout.is_zero() {
            return Err("limits.header_timeout: give a time such as 10s".into());
        }
        Ok(budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_override_the_defaults() {
        let raw: RawBudget =
            serde_json::from_str(r#"{"disk": "1GiB", "keep_games": 5, "header_timeout": "2s"}"#).unwrap();
        let b = raw.resolve(1 << 20).unwrap();
        assert_eq!((b.disk_bytes, b.keep_games, b.header_timeout), (1 << 30, 5, Duration::from_secs(2)));
        assert_eq!(b.student_bytes, 64 << 20);
        assert_eq!(b.stderr_bytes, 64 << 10);
        let zero: RawBudget = serde_json::from_str(r#"{"keep_games": 0}"#).unwrap();
        assert!(zero.resolve(1).unwrap_err().contains("keep_games"));
    }
}
