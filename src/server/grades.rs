//! `grades.csv`: one line per student on the roster, in the board's order: the active version,
//! its ladder rating and rank, its standing against the bar on the fixed deals, and, once the
//! final tournament is done, the student's rank and points in it and the result against the bar
//! in the final's own games (when the final includes the house bots). Every verdict is
//! `bar::Standing::of`'s, the same the board and the student's page show.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::Connection;

use super::bar::{Bar, Standing, standings};
use crate::tournament::{GameRow, Tournament, read_games};

/// The columns, in order.
pub const HEADER: [&str; 15] = [
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
    "final_rank",
    "final_points",
    "final_bar_games",
    "final_bar_points",
    "final_bar_verdict",
];

/// A student's line of the final: rank, points, and the standing against the bar in it.
#[derive(Debug, Clone, PartialEq)]
pub struct FinalLine {
    pub rank: usize,
    pub points: f64,
    pub bar: Option<Standing>,
}

/// The final's lines by bot name (a student's id), read from its finished `results/` folder;
/// empty when it has no `games.csv`.
pub fn final_lines(results: &Path, course: &Tournament, bar: Option<&Bar>) -> BTreeMap<String, FinalLine> {
    let Ok(rows) = read_games(&results.join("games.csv")) else {
        return BTreeMap::new();
    };
    final_lines_of(&rows, course, bar)
}

fn final_lines_of(rows: &[GameRow], course: &Tournament, bar: Option<&Bar>) -> BTreeMap<String, FinalLine> {
    let mut names: Vec<&str> = rows.iter().flat_map(|r| r.seat_bots()).collect();
    names.sort_unstable();
    names.dedup();
    if names.len() < 2 {
        return BTreeMap::new();
    }
    let t = Tournament { bots: names.iter().map(|n| super::ladder::name_only(n)).collect(), ..course.clone() };
    // The final's order is its standings' (points over one schedule for everyone).
    let lines = crate::tournament::standings(&t, rows);
    lines
        .into_iter()
        .map(|line| {
            let against = bar.map(|bar| {
                let (mut games, mut points) = (0u32, 0.0);
                for row in rows.iter().filter(|r| !r.is_void()) {
                    let seats = row.seat_bots();
                    if seats.contains(&line.bot.as_str()) && seats.contains(&bar.bot.as_str()) {
                        games += 1;
                        points += if row.winner == line.bot {
                            1.0
                        } else if row.winner.is_empty() {
                            0.5
                        } else {
                            0.0
                        };
                    }
                }
                (games, points)
            });
            let bar = match (bar, against) {
                (Some(bar), Some((games, points))) if games > 0 && line.bot != bar.bot => {
                    Some(Standing::of(games, points, &Bar { bot: bar.bot.clone(), games }))
                }
                _ => None,
            };
            (line.bot.clone(), FinalLine { rank: line.rank, points: line.points, bar })
        })
        .collect()
}

/// `grades.csv` (see the module doc): students without a version last, then by id.
pub fn grades_csv(
    conn: &Connection,
    bar: Option<&Bar>,
    finals: &BTreeMap<String, FinalLine>,
) -> rusqlite::Result<String> {
    let against = match bar {
        Some(bar) => standings(conn, bar)?,
        None => BTreeMap::new(),
    };
    let ranks: BTreeMap<i64, usize> =
        super::ratings::active_order(conn)?.into_iter().enumerate().map(|(i, (id, _))| (id, i + 1)).collect();
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(HEADER).expect("writing to memory cannot fail");
    let mut stmt = conn.prepare(
        "SELECT s.id, s.name, v.id, v.name, r.elo, r.games FROM students s
         LEFT JOIN versions v ON v.id = s.active_version AND v.state = 'ready'
         LEFT JOIN ratings r ON r.version = v.id
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
        let bar_fields = match bar {
            None => [String::new(), String::new(), String::new(), String::new()],
            Some(bar) => {
                let s = version.and_then(|v| against.get(&v).copied()).unwrap_or_else(|| Standing::of(0, 0.0, bar));
                let verdict = if version.is_none() { "no version" } else { s.verdict.word() };
                [bar.bot.clone(), s.games.to_string(), format!("{:.1}", s.points), verdict.to_string()]
            }
        };
        let fin = finals.get(&id);
        let final_bar = fin.and_then(|f| f.bar);
        let fields = [
            version_name.unwrap_or_default(),
            elo.map(|e| format!("{e:.1}")).unwrap_or_default(),
            games.unwrap_or(0).to_string(),
        ];
        let tail = [
            version.and_then(|v| ranks.get(&v)).map(usize::to_string).unwrap_or_default(),
            fin.map(|f| f.rank.to_string()).unwrap_or_default(),
            fin.map(|f| format!("{:.1}", f.points)).unwrap_or_default(),
            final_bar.map(|s| s.games.to_string()).unwrap_or_default(),
            final_bar.map(|s| format!("{:.1}", s.points)).unwrap_or_default(),
            final_bar.map(|s| s.verdict.word().to_string()).unwrap_or_default(),
        ];
        let record = [id, name].into_iter().chain(fields).chain(bar_fields).chain(tail);
        out.write_record(record).expect("writing to memory cannot fail");
    }
    let bytes = out.into_inner().expect("writing to memory cannot fail");
    Ok(String::from_utf8(bytes).expect("the fields are text"))
}
