//! The course's grading bar (`"bar"` in the course object): a house bot a student's active
//! version must beat in the ladder, by more than half the points of at least `bar_games` ranked
//! games against it. The ladder plays those games first; the leaderboard, the student's page and
//! the admin's `grades.csv` say where each student stands.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;

use crate::tournament::Tournament;

/// The bar: the house bot to beat and the games against it that decide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    /// The house bot's name in the course's tournament (`house-medium`).
    pub bot: String,
    /// Ranked games against it before the verdict.
    pub games: u32,
}

/// The default number of games against the bar before a verdict.
pub const DEFAULT_BAR_GAMES: u32 = 10;

impl Bar {
    /// The bar named `name` (a house bot's name, or a level: `medium` for `house-medium`),
    /// checked against the course's bots.
    pub fn named(name: &str, games: u32, tournament: &Tournament) -> Result<Bar, String> {
        let level_name = name.parse().map(crate::house::house_name).unwrap_or_default();
        let bot = [name, level_name.as_str()].into_iter().find(|n| tournament.bot(n).is_some()).ok_or_else(|| {
            let known: Vec<&str> = tournament.bots.iter().map(|b| b.name.as_str()).collect();
            format!(
                "bar: '{name}' is not one of the course's house bots (known: {}); add it to \"house\" or \"bots\"",
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            )
        })?;
        if games == 0 {
            return Err("bar_games: give at least 1 game".into());
        }
        Ok(Bar { bot: bot.to_string(), games })
    }
}

/// Where a version stands against the bar.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Standing {
    /// Finished ranked games against the bar's bot.
    pub games: u32,
    /// Points in them: a win 1, a draw ½.
    pub points: f64,
    pub verdict: Verdict,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Fewer games than the bar asks for.
    Pending,
    /// More than half the points.
    Passed,
    /// Half the points or fewer.
    Failed,
}

impl Verdict {
    /// The word for it in the pages' and `grades.csv`'s vocabulary.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Pending => "pending",
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
        }
    }
}

impl Standing {
    /// The standing of `points` in `games` against `bar`.
    pub fn of(games: u32, points: f64, bar: &Bar) -> Standing {
        let verdict = if games < bar.games {
            Verdict::Pending
        } else if points * 2.0 > f64::from(games) {
            Verdict::Passed
        } else {
            Verdict::Failed
        };
        Standing { games, points, verdict }
    }

    /// `6½/10 ✓`, `3/10 ✗`, `2/4 …`.
    pub fn text(&self) -> String {
        let whole = self.points.floor();
        let half = if self.points > whole { "½" } else { "" };
        let mark = match self.verdict {
            Verdict::Pending => "…",
            Verdict::Passed => "✓",
            Verdict::Failed => "✗",
        };
        let points = if whole == 0.0 && !half.is_empty() { half.to_string() } else { format!("{whole}{half}") };
        format!("{points}/{} {mark}", self.games)
    }
}

/// The bar bot's version id, once it is registered.
pub fn bar_version(conn: &Connection, bar: &Bar) -> rusqlite::Result<Option<i64>> {
    conn.query_row("SELECT id FROM versions WHERE name = ?1 AND student IS NULL", [&bar.bot], |r| r.get(0)).optional()
}

/// Every version's standing against the bar (versions that never met it are absent).
pub fn standings(conn: &Connection, bar: &Bar) -> rusqlite::Result<BTreeMap<i64, Standing>> {
    let Some(bar_id) = bar_version(conn, bar)? else {
        return Ok(BTreeMap::new());
    };
    let mut tally: BTreeMap<i64, (u32, f64)> = BTreeMap::new();
    let mut stmt = conn.prepare(
        "SELECT a, b, winner FROM games WHERE ranked = 1 AND state = 'done' AND (a = ?1) != (b = ?1)
         AND (a = ?1 OR b = ?1)",
    )?;
    let games =
        stmt.query_map([bar_id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, Option<i64>>(2)?)))?;
    for game in games {
        let (a, b, winner) = game?;
        let version = if a == bar_id { b } else { a };
        let entry = tally.entry(version).or_default();
        entry.0 += 1;
        entry.1 += match winner {
            Some(w) if w == version => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    Ok(tally.into_iter().map(|(v, (games, points))| (v, Standing::of(games, points, bar))).collect())
}

/// Ranked games `version` has played against the bar's bot (finished, running or queued).
pub fn games_against(conn: &Connection, bar_id: i64, version: i64) -> rusqlite::Result<u32> {
    conn.query_row(
        "SELECT COUNT(*) FROM games WHERE ranked = 1 AND state != 'error'
         AND ((a = ?1 AND b = ?2) OR (a = ?2 AND b = ?1))",
        [bar_id, version],
        |r| r.get(0),
    )
}

/// `grades.csv`: one line per student on the roster: the active version, its ladder rating and
/// its standing against the bar (empty columns when the course sets none), and its rank on the
/// board; in the board's order (`ratings::active_order`), students without a version last.
pub fn grades_csv(conn: &Connection, bar: Option<&Bar>) -> rusqlite::Result<String> {
    let standings = match bar {
        Some(bar) => standings(conn, bar)?,
        None => BTreeMap::new(),
    };
    let mut out = csv::Writer::from_writer(Vec::new());
    let ranks: BTreeMap<i64, usize> =
        super::ratings::active_order(conn)?.into_iter().enumerate().map(|(i, (id, _))| (id, i + 1)).collect();
    out.write_record([
        "student",
        "name",
        "version",
        "elo",
        "games",
        "bar",
        "bar_games",
        "bar_points",
        "bar_verdict",
        "rank",
    ])
    .expect("writing to memory cannot fail");
    let mut stmt = conn.prepare(
        "SELECT s.id, s.name, v.id, v.name, r.elo, r.games FROM students s
         LEFT JOIN versions v ON v.id = s.active_version LEFT JOIN ratings r ON r.version = v.id
         WHERE s.on_roster = 1 ORDER BY s.id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, Option<i64>>(2)?,
            r.get::<_, Option<String>>(3)?,
            r.get::<_, Option<f64>>(4)?,
            r.get::<_, Option<i64>>(5)?,
        ))
    })?;
    let mut rows = rows.collect::<rusqlite::Result<Vec<_>>>()?;
    rows.sort_by_key(|row| (row.2.and_then(|v| ranks.get(&v).copied()).unwrap_or(usize::MAX), row.0.clone()));
    for (id, name, version, version_name, elo, games) in rows {
        let standing = version.and_then(|v| standings.get(&v).copied());
        let bar_fields = match (bar, standing) {
            (None, _) => [String::new(), String::new(), String::new(), String::new()],
            (Some(bar), standing) => {
                let s = standing.unwrap_or_else(|| Standing::of(0, 0.0, bar));
                let verdict = if version.is_none() { "no version" } else { s.verdict.word() };
                [bar.bot.clone(), s.games.to_string(), format!("{:.1}", s.points), verdict.to_string()]
            }
        };
        let fields = [
            id,
            name,
            version_name.unwrap_or_default(),
            elo.map(|e| format!("{e:.1}")).unwrap_or_default(),
            games.unwrap_or(0).to_string(),
        ];
        let rank = [version.and_then(|v| ranks.get(&v)).map(usize::to_string).unwrap_or_default()];
        out.write_record(fields.iter().chain(&bar_fields).chain(&rank)).expect("writing to memory cannot fail");
    }
    let bytes = out.into_inner().expect("writing to memory cannot fail");
    Ok(String::from_utf8(bytes).expect("the fields are text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar() -> Bar {
        Bar { bot: "house-medium".into(), games: 4 }
    }

    #[test]
    fn a_verdict_needs_the_games_then_more_than_half() {
        assert_eq!(Standing::of(3, 3.0, &bar()).verdict, Verdict::Pending);
        assert_eq!(Standing::of(4, 2.5, &bar()).verdict, Verdict::Passed);
        assert_eq!(Standing::of(4, 2.0, &bar()).verdict, Verdict::Failed);
        assert_eq!(Standing::of(6, 3.5, &bar()).text(), "3½/6 ✓");
        assert_eq!(Standing::of(2, 0.5, &bar()).text(), "½/2 …");
        assert_eq!(Standing::of(4, 0.0, &bar()).text(), "0/4 ✗");
    }
}
