//! A student's pages, behind their secret link: their versions with the build's and the check's
//! reports, the upload form, their games with results and faults, each game's replay in the
//! project's viewer (other seats' stderr removed), their own stderr, and "play now".

use std::sync::Arc;

use axum::extract::{Form, Multipart, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use minijinja::context;
use rusqlite::OptionalExtension;
use serde::Deserialize;

use super::accounts::{Who, form_token, who};
use super::course::instant_text;
use super::pages::render_at;
use super::state::Shared;
use super::store::{Refusal, add_version, check_upload};
use super::student_rows;
use super::web::{Fail, LangQuery, Page, blocking, lang_of, see_other};
use super::words::{code, words};
use crate::i18n::Lang;

/// The student holding `token`, or a 404.
pub(super) fn student_of(shared: &Shared, token: &str) -> Result<String, Fail> {
    match who(&shared.db, token)? {
        Some(Who::Student(id)) => Ok(id),
        _ => Err(Fail::unknown_link()),
    }
}

/// A line above the upload form: a refusal's reason (`bad`) or a note (`note`).
pub(super) struct Notice {
    text: String,
    class: &'static str,
}

fn student_page(shared: &Shared, token: &str, lang: Lang, notice: Option<Notice>) -> Page {
    let me = student_of(shared, token)?;
    let w = words(lang);
    let (name, active_name, versions, games, opponents, bar) = {
        let conn = shared.db.read();
        let (name, active): (String, Option<i64>) =
            conn.query_row("SELECT name, active_version FROM students WHERE id = ?1", [&me], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
        let versions = student_rows::versions(&conn, shared.data(), &me, active, lang, &w)?;
        let active_name = versions.iter().find(|v| v.active).map(|v| format!("v{}", v.number));
        let games = student_rows::games(&conn, shared.data(), shared.course.tournament.players, &me, lang, &w)?;
        let mut stmt = conn.prepare(
            "SELECT v.id, v.name FROM versions v WHERE v.state = 'ready' AND (v.student IS NULL OR v.id IN
         (SELECT active_version FROM students WHERE on_roster = 1 AND id != ?1)) ORDER BY v.name",
        )?;
        let opponents: Vec<(i64, String)> =
            stmt.query_map([&me], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?;
        let bar = match (&shared.course.bar, active) {
            (Some(bar), Some(active)) => {
                let standing = super::bar::standings(&conn, bar)?
                    .remove(&active)
                    .unwrap_or_else(|| super::bar::Standing::of(0, 0.0, bar));
                Some((bar.clone(), Some(standing)))
            }
            (Some(bar), None) => Some((bar.clone(), None)),
            (None, _) => None,
        };
        (name, active_name, versions, games, opponents, bar)
    };
    let bar = bar.map(|(bar, standing)| {
        let verdict = standing.map(|s| format!("bar_{}", s.verdict.word()));
        context! {
            bot => bar.bot, games => bar.games,
            standing => standing.map(|s| s.text()),
            verdict => verdict.map(|v| w[v.as_str()]),
            word => standing.map(|s| s.verdict.word()),
            class => standing.map(|s| match s.verdict {
                super::bar::Verdict::Passed => "ok",
                super::bar::Verdict::Failed => "bad",
                super::bar::Verdict::Pending => "muted",
            }),
        }
    });
    let opponents: Vec<_> = opponents.into_iter().map(|(id, name)| context! { id, name }).collect();
    let deadline = shared.deadline()?.map_or_else(|| w["no_deadline"].to_string(), instant_text);
    let values = context! {
        student => context! { id => &me, name => &name },
        active => active_name, deadline, opponents, bar,
        versions => minijinja::Value::from(minijinja::value::Serde(&versions)),
        games => minijinja::Value::from(minijinja::value::Serde(&games)),
        closed => shared.past_deadline()?,
        csrf => form_token(&shared.db, token)?,
        base => format!("/s/{token}"),
        limit => shared.course.upload_limit,
        notice => notice.map(|n| context! { text => n.text, class => n.class }),
        history => super::history::of(shared, &me, lang)?,
        human => super::web_human::form_values(shared, &me, lang)?,
    };
    let here = format!("/s/{token}");
    Ok(Html(render_at("student.html", lang, w["your_page"], &here, values)).into_response())
}

/// The student page's query: its language and, after an upload of bytes already sent, the
/// number of the version that holds them.
#[derive(Deserialize, Default)]
pub struct PageQuery {
    lang: Option<String>,
    same: Option<i64>,
    /// After "make active again": the version made active.
    active: Option<i64>,
}

pub async fn page(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&LangQuery { lang: q.lang }, &headers);
    let w = words(lang);
    let notice = match (q.same, q.active) {
        (Some(n), _) => Some(Notice { text: format!("{} v{n}. {}", w["already"], w["same_again"]), class: "" }),
        (None, Some(n)) => Some(Notice { text: format!("v{n} {}", w["activated"]), class: "ok" }),
        (None, None) => None,
    };
    blocking(lang, move || student_page(&shared, &token, lang, notice)).await
}

/// `GET` of a form's URL (the language switch of a page answering the form, a bookmark): the
/// student's page.
pub async fn to_page(Path(token): Path<String>, Query(q): Query<LangQuery>, headers: HeaderMap) -> Response {
    let lang = lang_of(&q, &headers);
    see_other(&format!("/s/{token}?lang={}", code(lang)))
}

/// A form refused for `fail`: the student's page again with the reason above the form, with
/// the refusal's status (or the failure's own page when the link is not a student's).
pub(super) fn refused_in_page(shared: &Shared, token: &str, lang: Lang, fail: Fail) -> Page {
    if student_of(shared, token).is_err() {
        return Err(fail);
    }
    let notice = Notice { text: fail.text(lang).to_string(), class: "bad" };
    let mut response = student_page(shared, token, lang, Some(notice))?;
    *response.status_mut() = fail.status;
    Ok(response)
}

/// Runs a student's form (`work`, off the async threads) and answers what it returns; a refusal
/// shows in the student's page (`refused_in_page`).
pub(super) async fn in_page(
    shared: Arc<Shared>,
    token: String,
    lang: Lang,
    work: impl FnOnce(&Arc<Shared>, &str) -> Page + Send + 'static,
) -> Response {
    blocking(lang, move || work(&shared, &token).or_else(|fail| refused_in_page(&shared, &token, lang, fail))).await
}

/// The version of `student` already holding these bytes (`sha256`), unless it was replaced
/// before its check (then the bytes deserve one).
fn same_bytes(shared: &Shared, student: &str, bytes: &[u8]) -> Result<Option<i64>, Fail> {
    let sha = super::accounts::sha256_hex(bytes);
    Ok(shared
        .db
        .read()
        .query_row(
            "SELECT number FROM versions WHERE student = ?1 AND sha256 = ?2 AND state != 'superseded'
             ORDER BY number DESC LIMIT 1",
            [student, &sha],
            |r| r.get(0),
        )
        .optional()?)
}

/// An upload whose form could not be read (cut off, malformed): `why` as the form reader said it.
fn cut_off(why: &str) -> Fail {
    Fail::said(
        StatusCode::BAD_REQUEST,
        format!("the upload could not be read ({why}): send it again"),
        format!("o envio não pôde ser lido ({why}): envie de novo"),
    )
}

/// `POST /s/TOKEN/upload`: the form's token and one file, `bot`.
pub async fn upload(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Response {
    let lang = lang_of(&q, &headers);
    let limit = shared.course.upload_limit;
    let sent = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    let mut csrf = String::new();
    let mut file: Option<(String, Vec<u8>)> = None;
    let read = async {
        let mut multipart = multipart.map_err(|e| {
            Fail::said(
                StatusCode::BAD_REQUEST,
                format!("not an upload form: {e}"),
                format!("não é um formulário de envio: {e}"),
            )
        })?;
        let too_large = || match sent {
            // The request's real size: the file's and the form's few hundred bytes.
            Some(size) => Fail::said(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the upload is {size} bytes (the file and the form), over the limit of {limit} bytes: send the source only"
                ),
                format!(
                    "o envio tem {size} bytes (o arquivo e o formulário), acima do limite de {limit} bytes: envie só o fonte"
                ),
            ),
            None => Fail::refused(&Refusal::TooLarge { size: limit + 1, limit }),
        };
        while let Some(field) = multipart.next_field().await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { cut_off(&e.body_text()) }
        })? {
            let name = field.name().unwrap_or_default().to_string();
            let file_name = field.file_name().map(str::to_string);
            let bytes = field.bytes().await.map_err(|e| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { cut_off(&e.body_text()) }
            })?;
            match name.as_str() {
                "csrf" => csrf = String::from_utf8_lossy(&bytes).into_owned(),
                "bot" => file = Some((file_name.unwrap_or_default(), bytes.to_vec())),
                _ => {}
            }
        }
        Ok::<(), Fail>(())
    };
    let read = read.await;
    in_page(shared, token, lang, move |shared, token| {
        read?;
        upload_checked(shared, token, lang, &csrf, file, limit)
    })
    .await
}

/// The upload's checks and its storing, once the form is read.
fn upload_checked(
    shared: &Shared,
    token: &str,
    lang: Lang,
    csrf: &str,
    file: Option<(String, Vec<u8>)>,
    limit: u64,
) -> Page {
    {
        let me = student_of(shared, token)?;
        if csrf != form_token(&shared.db, token)? {
            return Err(Fail::bad_form());
        }
        if shared.past_deadline()? {
            return Err(Fail::refused(&Refusal::Deadline));
        }
        let Some((file_name, bytes)) = file.filter(|(n, _)| !n.is_empty()) else {
            return Err(Fail::refused(&Refusal::Missing));
        };
        let refuse = |r: Refusal| Fail::refused(&r);
        let upload = check_upload(&file_name, &bytes, limit).map_err(refuse)?;
        if let Some(number) = same_bytes(shared, &me, &bytes)? {
            return Ok(see_other(&format!("/s/{token}?lang={}&same={number}#v{number}", code(lang))));
        }
        refuse_for_room(shared, &me, bytes.len() as u64)?;
        add_version(&shared.db, shared.data(), &me, &file_name, &upload, &bytes)?.map_err(refuse)?;
        shared.wake();
        Ok(see_other(&format!("/s/{token}?lang={}", code(lang))))
    }
}

/// Refuses an upload of `size` bytes when the server is short of disk (`Shared::short`) or the
/// student's kept uploads and this one would pass their quota (`"limits.student_quota"`).
fn refuse_for_room(shared: &Shared, student: &str, size: u64) -> Result<(), Fail> {
    if shared.short()?.is_some_and(|s| s.refuses_uploads()) {
        return Err(Fail::said(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is short of disk space: uploads wait until the instructor frees some; try again later",
            "o servidor está com pouco espaço em disco: os envios esperam até o professor liberar espaço; tente mais tarde",
        ));
    }
    let quota = shared.course.budget.student_bytes;
    let used = super::disk::student_bytes(&shared.db.read(), shared.data(), student)?;
    if used.saturating_add(size) > quota {
        let (used, quota) = (super::disk::human(used), super::disk::human(quota));
        return Err(Fail::said(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "your uploads already take {used} of your quota of {quota}: send only the sources, or ask the instructor for room"
            ),
            format!(
                "seus envios já ocupam {used} da sua cota de {quota}: envie só os fontes, ou peça espaço ao professor"
            ),
        ));
    }
    Ok(())
}

/// A form naming an opponent: an unranked game (`play`) or a game with a human seat
/// (`web_human::start`).
#[derive(Deserialize)]
pub struct OpponentForm {
    csrf: String,
    /// A version's id.
    opponent: i64,
}

pub(super) type OpponentPost = Result<Form<OpponentForm>, axum::extract::rejection::FormRejection>;

/// The student of `token` and the opponent the form names, once the form parsed and its CSRF
/// token is the student's.
pub(super) fn opponent_posted(shared: &Shared, token: &str, form: OpponentPost) -> Result<(String, i64), Fail> {
    let me = student_of(shared, token)?;
    let Form(form) = form.map_err(|e| {
        Fail::said(
            StatusCode::BAD_REQUEST,
            format!("bad form: {}", e.body_text()),
            format!("formulário inválido: {}", e.body_text()),
        )
    })?;
    if form.csrf != form_token(&shared.db, token)? {
        return Err(Fail::bad_form());
    }
    Ok((me, form.opponent))
}

/// `POST /s/TOKEN/play`: an unranked game of the active version against `opponent`.
pub async fn play(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    form: OpponentPost,
) -> Response {
    let lang = lang_of(&q, &headers);
    in_page(shared, token, lang, move |shared, token| play_checked(shared, token, lang, form)).await
}

fn play_checked(shared: &Shared, token: &str, lang: Lang, form: OpponentPost) -> Page {
    {
        let (me, opponent) = opponent_posted(shared, token, form)?;
        let conn = shared.db.read();
        let mine: Option<i64> =
            conn.query_row("SELECT active_version FROM students WHERE id = ?1", [&me], |r| r.get(0))?;
        let mine = mine.ok_or_else(|| {
            Fail::said(
                StatusCode::BAD_REQUEST,
                "you have no active version yet: upload one",
                "você ainda não tem versão ativa: envie uma",
            )
        })?;
        let active = super::ladder::active_versions(&conn)?;
        drop(conn);
        if !active.iter().any(|(id, _)| *id == opponent && *id != mine) {
            return Err(Fail::said(
                StatusCode::BAD_REQUEST,
                "that opponent is not in the ladder: choose one from the list",
                "esse adversário não está na ladder: escolha um da lista",
            ));
        }
        if super::ladder::queue_friendly(shared, mine, opponent)?.is_none() {
            let quota = shared.course.budget.friendly_queued;
            return Err(Fail::said(
                StatusCode::TOO_MANY_REQUESTS,
                format!("you already have {quota} unranked games waiting or playing: wait for them to finish"),
                format!("você já tem {quota} partidas amistosas esperando ou em andamento: espere que terminem"),
            ));
        }
        Ok(see_other(&format!("/s/{token}?lang={}", code(lang))))
    }
}
