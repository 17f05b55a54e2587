//! The instructor's page, behind the admin link: the roster and each student's state; one
//! student's panel (`?student=ID`: the link, shown and reissued or revoked after a confirmation
//! step, the versions, one taken off the ladder with a reason the student sees); the deadline,
//! pausing the ladder (and why it waits, when the server is short of disk or files), the disk
//! the course takes, the final tournament's progress, standings and zip, and CSV exports. Every
//! form answers with a redirect (POST-redirect-GET: a reload never sends it again).

use std::sync::Arc;

use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use minijinja::context;
use serde::{Deserialize, Serialize};

use super::accounts::{Who, form_token, reissue, revoke, who};
use super::course::{instant_text, parse_instant};
use super::pages::render;
use super::state::Shared;
use super::web::{Fail, LangQuery, Page, blocking, lang_of, see_other};
use super::words::{code, words};
use crate::i18n::Lang;

fn admin_check(shared: &Shared, token: &str) -> Result<(), Fail> {
    match who(&shared.db, token)? {
        Some(Who::Admin) => Ok(()),
        _ => Err(Fail::unknown_link()),
    }
}

#[derive(Serialize)]
struct StudentLine {
    id: String,
    name: String,
    team: String,
    has_link: bool,
    /// Versions uploaded, and how many of them passed.
    versions: i64,
    passed: i64,
    /// The latest version's state, in the page's words.
    latest: String,
    active: String,
}

/// The admin page's query: the language, and the student whose panel is open (with the action
/// awaiting confirmation, if any).
#[derive(Debug, Deserialize, Default)]
pub struct AdminQuery {
    lang: Option<String>,
    student: Option<String>,
    confirm: Option<String>,
}

fn admin_page(shared: &Shared, token: &str, lang: Lang, q: &AdminQuery) -> Page {
    admin_check(shared, token)?;
    let w = words(lang);
    let panel = match &q.student {
        Some(id) => Some(super::web_admin_student::panel(shared, id, q.confirm.as_deref(), lang)?),
        None => None,
    };
    let conn = shared.db.read();
    let mut stmt = conn.prepare(
        "SELECT s.id, s.name, s.team, s.token_hash IS NOT NULL,
                (SELECT COUNT(*) FROM versions v WHERE v.student = s.id),
                (SELECT COUNT(*) FROM versions v WHERE v.student = s.id AND v.state = 'ready'),
                (SELECT state FROM versions v WHERE v.student = s.id ORDER BY number DESC LIMIT 1),
                (SELECT name FROM versions v WHERE v.id = s.active_version AND v.state = 'ready')
         FROM students s WHERE s.on_roster = 1 ORDER BY s.id",
    )?;
    let students: Vec<StudentLine> = stmt
        .query_map([], |r| {
            let latest = r.get::<_, Option<String>>(6)?.unwrap_or_default();
            Ok(StudentLine {
                id: r.get(0)?,
                name: r.get(1)?,
                team: r.get(2)?,
                has_link: r.get(3)?,
                versions: r.get(4)?,
                passed: r.get(5)?,
                latest: w.get(latest.as_str()).map_or(latest.clone(), |t| t.to_string()),
                active: r.get::<_, Option<String>>(7)?.unwrap_or_default(),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    // The ladder's games: those done from the running sums (a folded game's row is gone, its
    // game still counts), those running or waiting from their rows.
    let count = |state: &str| -> rusqlite::Result<i64> {
        conn.query_row("SELECT COUNT(*) FROM games WHERE state = ?1 AND ranked = 1", [state], |r| r.get(0))
    };
    let done = super::sums::ranked_games(&conn)?;
    let counts = context! { done, running => count("running")?, queued => count("queued")? };
    drop(stmt);
    drop(conn);
    let final_state = shared.db.setting("final_state")?.unwrap_or_default();
    let final_progress = super::final_run::progress(shared).map(|(done, total)| context! { done, total });
    let final_lines: Vec<minijinja::Value> = super::grades::final_lines(
        &super::final_run::final_dir(shared).join("results"),
        &shared.course.tournament,
        shared.course.bar.as_ref(),
    )
    .into_iter()
    .map(|(bot, line)| {
        context! { bot, rank => line.rank, points => format!("{:.1}", line.points),
        bar => line.bar.map(|s| s.text()) }
    })
    .collect();
    let mut final_lines = final_lines;
    final_lines.sort_by_key(|l| l.get_attr("rank").ok().and_then(|r| i64::try_from(r).ok()).unwrap_or(i64::MAX));
    let budget = &shared.course.budget;
    let shortage = shared.short()?.map(|s| s.to_string());
    let disk = context! {
        used => super::disk::human(shared.disk_used.load(std::sync::atomic::Ordering::SeqCst)),
        budget => super::disk::human(budget.disk_bytes),
        free => super::disk::disk_free_text(shared.data()),
        floor => super::disk::human(budget.floor_bytes),
    };
    let values = context! {
        course => &shared.course.tournament.name,
        students => minijinja::Value::from(minijinja::value::Serde(&students)), counts, panel, final_state,
        final_progress, final_lines,
        final_zip => super::final_run::final_dir(shared).join("final.zip").is_file(),
        deadline => shared.deadline()?.map(instant_text).unwrap_or_default(),
        paused => shared.paused()?,
        disk, shortage,
        csrf => form_token(&shared.db, token)?,
        base => format!("/admin/{token}"),
    };
    Ok(Html(render("admin.html", lang, words(lang)["admin"], values)).into_response())
}

pub async fn page(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<AdminQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&LangQuery { lang: q.lang.clone() }, &headers);
    blocking(lang, move || admin_page(&shared, &token, lang, &q)).await
}

#[derive(Deserialize)]
pub struct ActionForm {
    csrf: String,
    #[serde(default)]
    student: Option<String>,
    #[serde(default)]
    deadline: Option<String>,
    #[serde(default)]
    paused: Option<String>,
    #[serde(default)]
    version: Option<i64>,
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /admin/TOKEN/ACTION`: deadline, pause, reissue, revoke, off (a version taken off the
/// ladder), final; each answered with a redirect to the page (the student's panel for the
/// actions on one student).
pub async fn action(
    State(shared): State<Arc<Shared>>,
    Path((token, action)): Path<(String, String)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    form: Result<Form<ActionForm>, axum::extract::rejection::FormRejection>,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        admin_check(&shared, &token)?;
        let Form(form) =
            form.map_err(|e| Fail::new(StatusCode::BAD_REQUEST, format!("bad form: {}", e.body_text())))?;
        if form.csrf != form_token(&shared.db, &token)? {
            return Err(Fail::bad_form());
        }
        let missing = |field: &str| Fail::new(StatusCode::BAD_REQUEST, format!("the form lacks the field {field}"));
        let back = format!("/admin/{token}?lang={}", code(lang));
        match action.as_str() {
            "deadline" => {
                let text = form.deadline.ok_or_else(|| missing("deadline"))?;
                let at = if text.trim().is_empty() {
                    None
                } else {
                    Some(parse_instant(&text).map_err(|e| Fail::new(StatusCode::BAD_REQUEST, e))?)
                };
                shared.set_deadline(at)?;
            }
            "pause" => shared.set_paused(form.paused.ok_or_else(|| missing("paused"))? == "1")?,
            "reissue" | "revoke" | "off" => {
                let student = form.student.ok_or_else(|| missing("student"))?;
                match action.as_str() {
                    "reissue" => {
                        reissue(&shared.db, &student).map_err(|e| Fail::new(StatusCode::BAD_REQUEST, e))?;
                    }
                    "revoke" => revoke(&shared.db, &student)?,
                    _ => {
                        let version = form.version.ok_or_else(|| missing("version"))?;
                        let reason = form.reason.unwrap_or_default();
                        super::web_admin_student::take_off(&shared, &student, version, reason.trim())?;
                    }
                }
                let student: String = url_escape(&student);
                return Ok(see_other(&format!("/admin/{token}?lang={}&student={student}", code(lang))));
            }
            "final" => super::final_run::start(&shared).map_err(|e| Fail::new(StatusCode::CONFLICT, e))?,
            _ => return Err(Fail::new(StatusCode::NOT_FOUND, format!("no admin action '{action}'"))),
        }
        Ok(see_other(&back))
    })
    .await
}

/// A student id for a query string (ids are plain, but the form's field may not be).
fn url_escape(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn download(name: &str, content_type: &'static str, bytes: Vec<u8>) -> Response {
    let disposition = format!("attachment; filename=\"{name}\"");
    ([(header::CONTENT_TYPE, content_type.to_string()), (header::CONTENT_DISPOSITION, disposition)], bytes)
        .into_response()
}

/// An admin's download: the link checked and `make` run off the async threads, its bytes sent as
/// the file `name`.
async fn admin_download(
    shared: Arc<Shared>,
    token: String,
    lang: Lang,
    (name, content_type): (&'static str, &'static str),
    make: impl FnOnce(&Shared) -> Result<Vec<u8>, Fail> + Send + 'static,
) -> Response {
    blocking(lang, move || {
        admin_check(&shared, &token)?;
        Ok(download(name, content_type, make(&shared)?))
    })
    .await
}

const CSV: &str = "text/csv; charset=utf-8";

pub async fn final_zip(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    admin_download(shared, token, lang_of(&q, &headers), ("final.zip", "application/zip"), |shared| {
        let path = super::final_run::final_dir(shared).join("final.zip");
        std::fs::read(&path).map_err(|_| {
            Fail::new(StatusCode::NOT_FOUND, "no final tournament has finished yet: run it from the admin page")
        })
    })
    .await
}

/// The ladder's standings of the active versions, in the board's order, as `standings.csv`.
pub async fn standings_csv(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    admin_download(shared, token, lang_of(&q, &headers), ("standings.csv", CSV), |shared| {
        Ok(crate::tournament::standings_csv(&super::ratings::standings_split(shared)?.0))
    })
    .await
}

/// The retired versions' standings (older versions, students off the roster), apart, as
/// `standings-retired.csv`.
pub async fn retired_csv(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    admin_download(shared, token, lang_of(&q, &headers), ("standings-retired.csv", CSV), |shared| {
        Ok(crate::tournament::standings_csv(&super::ratings::standings_split(shared)?.1))
    })
    .await
}

/// Each student's active version, rating and standing against the bar, as `grades.csv`.
pub async fn grades_csv(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    admin_download(shared, token, lang_of(&q, &headers), ("grades.csv", CSV), |shared| {
        Ok(super::final_run::grades(shared)?.into_bytes())
    })
    .await
}

/// Every finished game of the ladder (friendly ones too), as `games.csv`.
pub async fn games_csv(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    admin_download(shared, token, lang_of(&q, &headers), ("games.csv", CSV), |shared| {
        Ok(crate::tournament::encode_all(&super::ratings::game_rows(shared, false)?))
    })
    .await
}
