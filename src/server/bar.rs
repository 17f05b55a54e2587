//! The course's grading bar (`"bar"` in the course object): a house bot a student's active
//! version must beat by more than half the points of its first `bar_games` games against it,
//! played on deals fixed per course (`bar_games / 2` deals, each twice with the seats swapped,
//! their seeds drawn from a secret of the course: every student meets the same deals). The
//! ladder queues those games first (`queue_owed`); `Standing::of` alone decides passed, failed or
//! not yet, and the leaderboard, the student's page and `grades.csv` all read it.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;

use crate::tournament::Tournament;

/// The bar: the house bot to beat and the games against it that decide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    /// The house bot's name in the course's tournament (`house-medium`).
    pub bot: String,
    /// Ranked games against it before the verdict (even: `games / 2` deals, each played twice).
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
        if games == 0 || games % 2 == 1 {
            return Err(format!(
                "bar_games: {games} is not a positive even number: each deal is played twice, the seats swapped"
            ));
        }
        Ok(Bar { bot: bot.to_string(), games })
    }
}

impl Bar {
    /// The fixed deals: each played twice, the seats swapped.
    pub fn deals(&self) -> u32 {
        self.games / 2
    }
}

/// The seed of the bar's fixed deal `deal` in a course whose bar secret is `secret`: the same
/// for every student (49 bits, as every seed, so that it survives spreadsheets).
pub fn deal_seed(secret: &str, deal: u32) -> u64 {
    let digest = super::accounts::sha256_hex(format!("juiz-bar\0{secret}\0{deal}").as_bytes());
    u64::from_str_radix(&digest[..16], 16).expect("hex digits") >> 15
}

/// The course's bar secret (drawn once, kept in the settings): the fixed deals' seeds come
/// from it, so no bot can compute them, and they stay the same across restarts.
fn bar_secret(tx: &Connection) -> rusqlite::Result<String> {
    let kept: Option<String> =
        tx.query_row("SELECT value FROM settings WHERE key = 'bar_secret'", [], |r| r.get(0)).optional()?;
    if let Some(secret) = kept {
        return Ok(secret);
    }
    let secret = super::accounts::new_token().map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;
    tx.execute("INSERT INTO settings (key, value) VALUES ('bar_secret', ?1)", [&secret])?;
    Ok(secret)
}

/// Queues every game of the bar's fixed deals that an active student version lacks (never
/// played, or ended in a server error), before the ladder draws anything else: version `a`,
/// the bar `b`, `swapped` 0 then 1, both games of a deal in one pair. Returns how many it queued.
pub fn queue_owed(tx: &Connection, bar: &Bar, now: i64) -> rusqlite::Result<usize> {
    let Some(bar_id) = bar_version(tx, bar)?.filter(|id| {
        tx.query_row("SELECT state = 'ready' FROM versions WHERE id = ?1", [id], |r| r.get::<_, bool>(0))
            .unwrap_or(false)
    }) else {
        return Ok(0);
    };
    let students: Vec<i64> = {
        let mut stmt = tx.prepare(
            "SELECT v.id FROM versions v JOIN students s ON s.active_version = v.id
             WHERE s.on_roster = 1 AND v.state = 'ready' ORDER BY v.id",
        )?;
        stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?
    };
    let mut have = tx.prepare(
        "SELECT swapped, pair FROM games WHERE a = ?1 AND b = ?2 AND bar_deal = ?3 AND ranked = 1 AND state != 'error'",
    )?;
    let mut queued = 0;
    let mut secret = None;
    for version in students {
        for deal in 0..bar.deals() {
            let rows: Vec<(bool, i64)> = have
                .query_map(rusqlite::params![version, bar_id, deal], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?;
            if rows.len() >= 2 {
                continue;
            }
            let secret = match &secret {
                Some(s) => s,
                None => secret.insert(bar_secret(tx)?),
            };
            let seed = deal_seed(secret, deal) as i64;
            let pair: i64 = match rows.first() {
                Some(&(_, pair)) => pair,
                None => tx.query_row("SELECT COALESCE(MAX(pair), 0) + 1 FROM games", [], |r| r.get(0))?,
            };
            for swapped in [false, true].into_iter().filter(|s| !rows.iter().any(|r| r.0 == *s)) {
                tx.execute(
                    "INSERT INTO games (pair, seed, swapped, a, b, ranked, state, created, bar_deal)
                     VALUES (?1, ?2, ?3, ?4, ?5, 1, 'queued', ?6, ?7)",
                    rusqlite::params![pair, seed, swapped, version, bar_id, now, deal],
                )?;
                queued += 1;
            }
        }
    }
    Ok(queued)
}

/// Where a version stands against the bar.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Standing {
    /// Finished games of the bar's fixed deals.
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

/// Every version's standing against the bar, from its finished games of the fixed deals only
/// (other ranked games against the bar rate it but do not grade it; versions that never met
/// it are absent).
pub fn standings(conn: &Connection, bar: &Bar) -> rusqlite::Result<BTreeMap<i64, Standing>> {
    let Some(bar_id) = bar_version(conn, bar)? else {
        return Ok(BTreeMap::new());
    };
    let mut tally: BTreeMap<i64, (u32, f64)> = BTreeMap::new();
    let mut stmt = conn.prepare(
        "SELECT a, b, winner FROM games WHERE ranked = 1 AND state = 'done' AND b = ?1 AND a != ?1
         AND bar_deal IS NOT NULL AND bar_deal < ?2",
    )?;
    let games = stmt.query_map([bar_id, i64::from(bar.deals())], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, Option<i64>>(2)?))
    })?;
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

/// Ranked games `version` has played against the bar's bot (finished, from the running sums
/// since old rows may be folded; running or queued).
pub fn games_against(conn: &Connection, bar_id: i64, version: i64) -> rusqlite::Result<u32> {
    let waiting: u32 = conn.query_row(
        "SELECT COUNT(*) FROM games WHERE ranked = 1 AND state IN ('queued', 'running')
         AND ((a = ?1 AND b = ?2) OR (a = ?2 AND b = ?1))",
        [bar_id, version],
        |r| r.get(0),
    )?;
    Ok(super::sums::met_pair(conn, bar_id, version)? + waiting)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_deals_are_the_same_for_everyone_and_differ_by_deal() {
        assert_eq!(deal_seed("s", 0), deal_seed("s", 0));
        assert_ne!(deal_seed("s", 0), deal_seed("s", 1));
        assert_ne!(deal_seed("s", 0), deal_seed("t", 0));
        assert!(deal_seed("s", 3) < 1 << 49);
    }

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
