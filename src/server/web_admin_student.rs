//! One student's panel on the admin page (`/admin/TOKEN?student=ID`): their link, shown (so a
//! lost one can be handed out again), a new one given or the link revoked after a confirmation
//! step; their versions with their ratings, each version's rating over time (the plot of their
//! history page), and the active one taken off the ladder with a reason the student sees.

use minijinja::context;
use rusqlite::OptionalExtension;

use super::accounts::link_of;
use super::state::Shared;
use super::web::Fail;
use super::words::words;
use crate::i18n::Lang;

/// The state of a version taken off the ladder by the instructor.
pub const OFF: &str = "off";

/// The panel's values for the template: the student, their link (or why it is not shown), the
/// action awaiting confirmation (`reissue` or `revoke`), their versions.
pub fn panel(shared: &Shared, id: &str, confirm: Option<&str>, lang: Lang) -> Result<minijinja::Value, Fail> {
    let w = words(lang);
    let name: Option<String> = shared
        .db
        .read()
        .query_row("SELECT name FROM students WHERE id = ?1 AND on_roster = 1", [id], |r| r.get(0))
        .optional()?;
    let Some(name) = name else {
        return Err(Fail::new(axum::http::StatusCode::NOT_FOUND, format!("no student '{id}' on the roster")));
    };
    let base = shared.base_url.get().cloned().unwrap_or_default();
    let (link, link_note) = match link_of(&shared.db, id)? {
        Ok(Some(token)) => (Some(format!("{base}/s/{token}")), None),
        Ok(None) => (None, Some(w["no_link"])),
        Err(()) => (None, Some(w["link_unkept"])),
    };
    let conn = shared.db.read();
    let active: Option<i64> =
        conn.query_row("SELECT active_version FROM students WHERE id = ?1", [id], |r| r.get(0))?;
    let mut stmt = conn.prepare(
        "SELECT v.id, v.name, v.state, v.off_reason, v.original_name, r.elo, r.ci95, r.games
         FROM versions v LEFT JOIN ratings r ON r.version = v.id WHERE v.student = ?1 ORDER BY v.number DESC",
    )?;
    let versions: Vec<minijinja::Value> = stmt
        .query_map([id], |r| {
            let state: String = r.get(2)?;
            let vid: i64 = r.get(0)?;
            Ok(context! {
                id => vid, name => r.get::<_, String>(1)?,
                state => w.get(state.as_str()).map_or(state.clone(), |t| t.to_string()),
                reason => r.get::<_, String>(3)?, file => r.get::<_, String>(4)?,
                active => Some(vid) == active && state == "ready",
                rating => match (r.get::<_, Option<f64>>(5)?, r.get::<_, Option<f64>>(6)?, r.get::<_, Option<i64>>(7)?) {
                    (Some(elo), Some(ci), Some(games)) if games > 0 => format!("{elo:.0} ± {ci:.0} ({games})"),
                    _ => String::new(),
                },
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    drop(stmt);
    drop(conn);
    let confirm = confirm.filter(|c| matches!(*c, "reissue" | "revoke"));
    let history = super::history::of(shared, id, lang)?;
    Ok(context! { id, name, link, link_note, confirm, versions, history })
}

/// Takes `student`'s version `version` off the ladder: it plays no more games (its queued ones
/// are dropped), is no longer the active one, and the student's page says why. Refused for a
/// version of another student or one that is not in the ladder.
pub fn take_off(shared: &Shared, student: &str, version: i64, reason: &str) -> Result<(), Fail> {
    if reason.is_empty() {
        return Err(Fail::new(
            axum::http::StatusCode::BAD_REQUEST,
            "say why the version is taken off the ladder: the student reads the reason on their page",
        ));
    }
    let reason: String = reason.chars().take(500).collect();
    let changed = shared.db.tx(|tx| {
        let n = tx.execute(
            "UPDATE versions SET state = ?1, off_reason = ?2 WHERE id = ?3 AND student = ?4 AND state = 'ready'",
            rusqlite::params![OFF, reason, version, student],
        )?;
        if n > 0 {
            tx.execute(
                "UPDATE students SET active_version = NULL WHERE id = ?1 AND active_version = ?2",
                rusqlite::params![student, version],
            )?;
            tx.execute("DELETE FROM games WHERE state = 'queued' AND (a = ?1 OR b = ?1)", [version])?;
        }
        Ok(n)
    })?;
    if changed == 0 {
        return Err(Fail::new(
            axum::http::StatusCode::CONFLICT,
            format!("version {version} is not a version of {student} in the ladder: reload the page"),
        ));
    }
    super::ratings::recompute(shared).map_err(Fail::from)?;
    shared.wake();
    Ok(())
}
