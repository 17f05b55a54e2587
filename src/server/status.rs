//! The student page's live status: how far each version's check has got ("checking n/N", kept
//! in memory while the pipeline plays the check's games) and `GET /s/TOKEN/status.json`, the
//! versions and games the page's script redraws without a reload while something is pending.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::response::Response;
use serde_json::json;

use super::state::Shared;
use super::student_rows;
use super::web::{LangQuery, blocking, lang_of};
use super::words::words;

/// Games played of the check of each version being checked: (played, planned).
fn checks() -> &'static Mutex<BTreeMap<i64, (usize, usize)>> {
    static CHECKS: Mutex<BTreeMap<i64, (usize, usize)>> = Mutex::new(BTreeMap::new());
    &CHECKS
}

/// Records that version `id`'s check has played `played` of its `planned` games (the pipeline
/// calls this after each game); the entry goes once the last game is in.
pub fn progress(id: i64, played: usize, planned: usize) {
    let mut checks = checks().lock().unwrap_or_else(|p| p.into_inner());
    if played >= planned {
        checks.remove(&id);
    } else {
        checks.insert(id, (played, planned));
    }
}

/// Version `id`'s check so far, if it is being played.
pub fn progress_of(id: i64) -> Option<(usize, usize)> {
    checks().lock().unwrap_or_else(|p| p.into_inner()).get(&id).copied()
}

/// Whether a version in `state` is still on its way to a verdict.
pub fn pending(state: &str) -> bool {
    matches!(state, "queued" | "building" | "checking")
}

/// `GET /s/TOKEN/status.json`: `pending` (a version on its way or an unranked game not yet
/// played), the versions as the page shows them, and the games' table.
pub async fn status_json(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = super::web_student::student_of(&shared, &token)?;
        let w = words(lang);
        let conn = shared.db.read();
        let active: Option<i64> =
            conn.query_row("SELECT active_version FROM students WHERE id = ?1", [&me], |r| r.get(0))?;
        let versions = student_rows::versions(&conn, shared.data(), &me, active, lang, &w)?;
        let games = student_rows::games(&conn, shared.data(), shared.course.tournament.players, &me, lang, &w)?;
        let waiting = versions.iter().any(|v| pending(&v.state)) || games.iter().any(|g| !g.ranked && !g.done);
        let active = versions.iter().find(|v| v.active).map(|v| format!("v{}", v.number));
        Ok(Json(json!({ "pending": waiting, "active": active, "versions": versions, "games": games })).into_response())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_kept_until_the_last_game() {
        progress(-7, 0, 3);
        assert_eq!(progress_of(-7), Some((0, 3)));
        progress(-7, 2, 3);
        assert_eq!(progress_of(-7), Some((2, 3)));
        progress(-7, 3, 3);
        assert_eq!(progress_of(-7), None);
    }
}
