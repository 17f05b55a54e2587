//! The instructor's page, behind the admin link: the roster and each student's state, links
//! reissued or revoked, the deadline, pausing the ladder (and why it waits, when the server is
//! short of disk or files), the disk the course takes, the final tournament and its zip, and
//! CSV exports of the standings and the games.

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
    versions: i64,
    last_state: String,
    active: String,
}

fn admin_page(shared: &Shared, token: &str, lang: Lang, new_link: Option<String>) -> Page {
    admin_check(shared, token)?;
    let conn = shared.db.conn();
    let mut stmt = conn.prepare(
        "SELECT s.id, s.name, s.team, s.token_hash IS NOT NULL,
                (SELECT COUNT(*) FROM versions v WHERE v.student = s.id),
                (SELECT state FROM versions v WHERE v.student = s.id ORDER BY number DESC LIMIT 1),
                (SELECT name FROM versions v WHERE v.id = s.active_version)
         FROM students s WHERE s.on_roster = 1 ORDER BY s.id",
    )?;
    let students: Vec<StudentLine> = stmt
        .query_map([], |r| {
            Ok(StudentLine {
                id: r.get(0)?,
                name: r.get(1)?,
                team: r.get(2)?,
                has_link: r.get(3)?,
                versions: r.get(4)?,
                last_state: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
                active: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let count = |state: &str| -> rusqlite::Result<i64> {
        conn.query_row("SELECT COUNT(*) FROM games WHERE state = ?1", [state], |r| r.get(0))
    };
    let counts = context! { done => count("done")?, running => count("running")?, queued => count("queued")? };
    drop(stmt);
    drop(conn);
    let final_state = shared.db.setting("final_state")?.unwrap_or_default();
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
        students => minijinja::Value::from(minijinja::value::Serde(&students)), counts, new_link, final_state,
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
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || admin_page(&shared, &token, lang, None)).await
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
}

/// `POST /admin/TOKEN/ACTION`: deadline, pause, reissue, revoke, final.
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
            "reissue" => {
                let student = form.student.ok_or_else(|| missing("student"))?;
                let new = reissue(&shared.db, &student).map_err(|e| Fail::new(StatusCode::BAD_REQUEST, e))?;
                let base = shared.base_url.get().cloned().unwrap_or_default();
                return admin_page(&shared, &token, lang, Some(format!("{student}: {base}/s/{new}")));
            }
            "revoke" => revoke(&shared.db, &form.student.ok_or_else(|| missing("student"))?)?,
            "final" => super::final_run::start(&shared).map_err(|e| Fail::new(StatusCode::CONFLICT, e))?,
            _ => return Err(Fail::new(StatusCode::NOT_FOUND, format!("no admin action '{action}'"))),
        }
        Ok(see_other(&back))
    })
    .await
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
        Ok(super::bar::grades_csv(&shared.db.conn(), shared.course.bar.as_ref())?.into_bytes())
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
