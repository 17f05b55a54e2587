//! The rows of a student's page read from the database: their versions (state, build output,
//! check report) and their last games (result, score, fault, their own stderr logs).

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::Connection;
use serde::Serialize;

use super::course::instant_text;
use crate::i18n::Lang;

#[derive(Serialize)]
pub(super) struct VersionLine {
    pub(super) number: i64,
    original_name: String,
    uploaded: String,
    pub(super) state: String,
    state_text: String,
    class: &'static str,
    pub(super) active: bool,
    build_output: String,
    check: String,
    /// The stems of the check's games kept (`/game/vN-STEM` opens each).
    check_games: Vec<String>,
}

#[derive(Serialize)]
pub(super) struct GameLine {
    id: i64,
    pub(super) ranked: bool,
    pub(super) done: bool,
    mine: String,
    opponent: String,
    result: String,
    score: String,
    class: &'static str,
    fault: String,
    stderr: Vec<usize>,
}

/// The student's versions, newest first, `active` marking the active one.
pub(super) fn versions(
    conn: &Connection,
    data: &Path,
    me: &str,
    active: Option<i64>,
    lang: Lang,
    w: &BTreeMap<&'static str, &'static str>,
) -> rusqlite::Result<Vec<VersionLine>> {
    let mut stmt = conn.prepare(
        "SELECT id, number, original_name, uploaded, state, build_output, check_en, check_pt, off_reason
     FROM versions WHERE student = ?1 ORDER BY number DESC",
    )?;
    stmt.query_map([&me], |r| {
        let state: String = r.get(4)?;
        let id: i64 = r.get(0)?;
        Ok(VersionLine {
            number: r.get(1)?,
            original_name: r.get(2)?,
            uploaded: instant_text(std::time::UNIX_EPOCH + std::time::Duration::from_secs(r.get::<_, i64>(3)? as u64)),
            // A version the instructor took off the ladder says why (`web_admin_student::take_off`);
            // one being checked says how far its check is.
            state_text: {
                let text = w.get(state.as_str()).copied().unwrap_or(state.as_str());
                let reason: String = r.get(8)?;
                match super::status::progress_of(id).filter(|_| state == "checking") {
                    _ if !reason.is_empty() => format!("{text}: {reason}"),
                    Some((played, planned)) => format!("{text} {}/{planned}", played + 1),
                    None => text.to_string(),
                }
            },
            class: match state.as_str() {
                "ready" => "ok",
                "build-failed" | "check-failed" | "off" => "bad",
                _ => "muted",
            },
            state,
            active: Some(id) == active,
            build_output: r.get(5)?,
            // The report's commands name the transcripts as the student downloads them.
            check: {
                let text: String = if lang == Lang::Pt { r.get(7)? } else { r.get(6)? };
                text.replace(&format!("versions/{id}/"), "").replace(&format!("versions/{id}"), w["check_logs_here"])
            },
            check_games: super::web_game::check_games(data, id),
        })
    })?
    .collect()
}

/// The student's last 200 games, newest first, seen from their side.
pub(super) fn games(
    conn: &Connection,
    data: &Path,
    players: usize,
    me: &str,
    lang: Lang,
    w: &BTreeMap<&'static str, &'static str>,
) -> rusqlite::Result<Vec<GameLine>> {
    // A fault's kind as the CLI says it in the page's language (`timeout (tempo esgotado)`).
    let kind_said = |kind: &str| {
        crate::bot::FaultKind::from_name(kind)
            .map_or_else(|| kind.to_string(), |k| crate::i18n::with_lang(lang, || crate::bot::kind_label(k)))
    };
    let mut stmt = conn.prepare(
        "SELECT g.id, g.ranked, g.state, g.swapped, va.student = ?1, va.name, vb.name, va.id, vb.id,
            g.score0, g.score1, g.winner, g.fault_kind, g.faulty, g.fault_detail, g.log
     FROM games g JOIN versions va ON va.id = g.a JOIN versions vb ON vb.id = g.b
     WHERE va.student = ?1 OR vb.student = ?1 ORDER BY g.id DESC LIMIT 200",
    )?;
    stmt.query_map([&me], |r| {
        let a_mine: bool = r.get::<_, Option<bool>>(4)?.unwrap_or(false);
        let (names, ids): ([String; 2], [i64; 2]) = ([r.get(5)?, r.get(6)?], [r.get(7)?, r.get(8)?]);
        let (m, o) = if a_mine { (0, 1) } else { (1, 0) };
        let swapped: bool = r.get(3)?;
        let my_side = usize::from((m == 1) != swapped);
        let done = r.get::<_, String>(2)? == "done";
        let scores: [Option<i64>; 2] = [r.get(9)?, r.get(10)?];
        let winner: Option<i64> = r.get(11)?;
        let faulty: Option<i64> = r.get(13)?;
        let (result, class) = match (done, winner) {
            (false, _) => {
                let state: String = r.get(2)?;
                (w.get(state.as_str()).map_or(state, |word| word.to_string()), "muted")
            }
            (true, Some(v)) if v == ids[m] => (w["won"].to_string(), "ok"),
            (true, Some(_)) => (w["lost"].to_string(), "bad"),
            (true, None) => (w["draw"].to_string(), ""),
        };
        let score = match scores {
            [Some(x), Some(y)] if done => {
                if my_side == 0 {
                    format!("{x}:{y}")
                } else {
                    format!("{y}:{x}")
                }
            }
            _ => String::new(),
        };
        let kind: String = r.get(12)?;
        let fault = match faulty {
            Some(v) if v == ids[m] => format!("{}: {}", kind_said(&kind), r.get::<_, String>(14)?),
            Some(_) => format!("{} ({})", kind_said(&kind), w["opponent"]),
            None => String::new(),
        };
        let log: String = r.get(15)?;
        let dir = data.join(&log);
        let stem = dir.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let stderr = (0..players)
            .filter(|s| s % 2 == my_side)
            .filter(|&s| {
                dir.parent()
                    .is_some_and(|d| crate::record::packed::exists(&crate::referee::stderr_log_path(d, &stem, s)))
            })
            .collect();
        Ok(GameLine {
            id: r.get(0)?,
            ranked: r.get(1)?,
            done,
            mine: names[m].clone(),
            opponent: names[o].clone(),
            result,
            score,
            class,
            fault,
            stderr,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::super::db::Db;
    use super::super::words::words;
    use super::*;

    #[test]
    fn a_games_fault_is_told_in_the_pages_language() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path()).unwrap();
        db.tx(|tx| {
            tx.execute_batch(
                "INSERT INTO students (id, name) VALUES ('ana', 'Ana');
                 INSERT INTO versions (id, student, name, number, uploaded, state) VALUES
                   (1, NULL, 'house', 0, 0, 'ready'), (2, 'ana', 'ana.v1', 1, 0, 'ready');
                 INSERT INTO games (id, pair, seed, swapped, a, b, ranked, state, created, faulty, fault_kind,
                   fault_detail, winner, log)
                   VALUES (1, 1, 1, 0, 2, 1, 1, 'done', 0, 2, 'timeout', 'no line in 3s', 1, 'games/1/g1.csv'),
                          (2, 2, 1, 0, 2, 1, 1, 'running', 0, NULL, '', '', NULL, '');",
            )
        })
        .unwrap();
        let seen = |lang| {
            let lines = games(&db.conn(), dir.path(), 2, "ana", lang, &words(lang)).unwrap();
            lines.iter().map(|g| (g.result.clone(), g.fault.clone())).collect::<Vec<_>>()
        };
        assert_eq!(
            seen(Lang::Pt),
            [("rodando".into(), String::new()), ("perdeu".into(), "timeout (tempo esgotado): no line in 3s".into())]
        );
        assert_eq!(
            seen(Lang::En),
            [("running".into(), String::new()), ("lost".into(), "timeout: no line in 3s".into())]
        );
    }
}
