//! A student's pages, behind their secret link: their versions with the build's and the check's
//! reports, the upload form, their games with results and faults, each game's replay in the
//! project's viewer (other seats' stderr removed), their own stderr, and "play now".

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{Form, Multipart, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use minijinja::context;
use rusqlite::OptionalExtension;
use serde::Deserialize;

use super::accounts::{Who, form_token, who};
use super::course::instant_text;
use super::pages::render;
use super::state::Shared;
use super::store::{Refusal, add_version, check_upload};
use super::student_rows;
use super::web::{Fail, LangQuery, Page, blocking, lang_of, see_other};
use super::words::{code, words};
use crate::i18n::Lang;

/// The student holding `token`, or a 404.
fn student_of(shared: &Shared, token: &str) -> Result<String, Fail> {
    match who(&shared.db, token)? {
        Some(Who::Student(id)) => Ok(id),
        _ => Err(Fail::unknown_link()),
    }
}

/// A game one of the student's versions played: its folder, transcript, and the student's seats.
struct MyGame {
    dir: PathBuf,
    log: PathBuf,
    seats: Vec<usize>,
}

fn my_game(shared: &Shared, student: &str, id: i64) -> Result<MyGame, Fail> {
    let found: Option<(String, bool, Option<String>, Option<String>, bool)> = shared
        .db
        .conn()
        .query_row(
            "SELECT g.log, g.swapped, va.student, vb.student, g.pruned FROM games g
             JOIN versions va ON va.id = g.a JOIN versions vb ON vb.id = g.b
             WHERE g.id = ?1 AND g.state = 'done'",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    let Some((log, swapped, a, b, pruned)) = found else {
        return Err(Fail::said(
            StatusCode::NOT_FOUND,
            "no such finished game",
            "não há partida terminada com esse número",
        ));
    };
    let mine = [a.as_deref() == Some(student), b.as_deref() == Some(student)];
    if !mine[0] && !mine[1] {
        return Err(Fail::said(
            StatusCode::NOT_FOUND,
            "no such finished game among yours",
            "não há partida terminada com esse número entre as suas",
        ));
    }
    if pruned {
        return Err(Fail::said(
            StatusCode::NOT_FOUND,
            "this game's transcript was removed to keep the disk within its budget (its result stands)",
            "o registro desta partida foi apagado para manter o disco no orçamento (o resultado vale)",
        ));
    }
    let side0_is_a = !swapped;
    let players = shared.course.tournament.players;
    let seats = (0..players).filter(|s| if (s % 2 == 0) == side0_is_a { mine[0] } else { mine[1] }).collect();
    let log = shared.data().join(log);
    let dir = log.parent().map(PathBuf::from).unwrap_or_default();
    Ok(MyGame { dir, log, seats })
}

fn student_page(shared: &Shared, token: &str, lang: Lang) -> Page {
    let me = student_of(shared, token)?;
    let w = words(lang);
    let (name, active_name, versions, games, opponents, bar) = {
        let conn = shared.db.conn();
        let (name, active): (String, Option<i64>) =
            conn.query_row("SELECT name, active_version FROM students WHERE id = ?1", [&me], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
        let versions = student_rows::versions(&conn, &me, active, lang, &w)?;
        let active_name = versions.iter().find(|v| v.active).map(|v| format!("v{}", v.number));
        let games = student_rows::games(&conn, shared.data(), shared.course.tournament.players, &me, &w)?;
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
    };
    Ok(Html(render("student.html", lang, w["your_page"], values)).into_response())
}

pub async fn page(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || student_page(&shared, &token, lang)).await
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
        let too_large = || Fail::refused(&Refusal::TooLarge { size: limit + 1, limit });
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
    if let Err(fail) = read.await {
        return super::web::fail_page(&fail, lang);
    }
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        if csrf != form_token(&shared.db, &token)? {
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
        refuse_for_room(&shared, &me, bytes.len() as u64)?;
        add_version(&shared.db, shared.data(), &me, &file_name, &upload, &bytes)?.map_err(refuse)?;
        shared.wake();
        Ok(see_other(&format!("/s/{token}?lang={}", code(lang))))
    })
    .await
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
    let used = super::disk::student_bytes(&shared.db.conn(), shared.data(), student)?;
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

#[derive(Deserialize)]
pub struct PlayForm {
    csrf: String,
    opponent: i64,
}

/// `POST /s/TOKEN/play`: an unranked game of the active version against `opponent`.
pub async fn play(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    form: Result<Form<PlayForm>, axum::extract::rejection::FormRejection>,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let Form(form) = form.map_err(|e| {
            Fail::said(
                StatusCode::BAD_REQUEST,
                format!("bad form: {}", e.body_text()),
                format!("formulário inválido: {}", e.body_text()),
            )
        })?;
        if form.csrf != form_token(&shared.db, &token)? {
            return Err(Fail::bad_form());
        }
        let conn = shared.db.conn();
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
        if !active.iter().any(|(id, _)| *id == form.opponent && *id != mine) {
            return Err(Fail::said(
                StatusCode::BAD_REQUEST,
                "that opponent is not in the ladder: choose one from the list",
                "esse adversário não está na ladder: escolha um da lista",
            ));
        }
        if super::ladder::queue_friendly(&shared, mine, form.opponent)?.is_none() {
            let quota = shared.course.budget.friendly_queued;
            return Err(Fail::said(
                StatusCode::TOO_MANY_REQUESTS,
                format!("you already have {quota} unranked games waiting or playing: wait for them to finish"),
                format!("você já tem {quota} partidas amistosas esperando ou em andamento: espere que terminem"),
            ));
        }
        Ok(see_other(&format!("/s/{token}?lang={}", code(lang))))
    })
    .await
}

/// `GET /s/TOKEN/game/ID`: the game in the project's viewer; other seats' stderr left out.
pub async fn replay(
    State(shared): State<Arc<Shared>>,
    Path((token, id)): Path<(String, i64)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let game = my_game(&shared, &me, id)?;
        let unreadable =
            |e: String| Fail::from(super::error::ServerError::Other(format!("cannot replay game {id}: {e}")));
        let transcript = crate::record::Transcript::read(&game.log).map_err(|e| unreadable(e.to_string()))?;
        let mut data =
            crate::report::html::replay_data(&transcript, &game.log).map_err(|e| unreadable(e.to_string()))?;
        for (seat, text) in data.stderr.iter_mut().enumerate() {
            if !game.seats.contains(&seat) {
                *text = None;
            }
        }
        Ok(Html(crate::report::html::viewer_page(&data)).into_response())
    })
    .await
}

/// `GET /s/TOKEN/game/ID/stderr/SEAT`: the student's own bot's stderr in that game, as text.
pub async fn stderr(
    State(shared): State<Arc<Shared>>,
    Path((token, id, seat)): Path<(String, i64, usize)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let game = my_game(&shared, &me, id)?;
        if !game.seats.contains(&seat) {
            return Err(Fail::said(
                StatusCode::FORBIDDEN,
                "that seat is not your bot's: only your own stderr is shown",
                "esse lugar não é do seu bot: só o seu próprio stderr é mostrado",
            ));
        }
        let stem = game.log.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let text = std::fs::read(crate::referee::stderr_log_path(&game.dir, &stem, seat)).unwrap_or_default();
        Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
    })
    .await
}
