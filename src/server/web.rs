//! The HTTP side: the routes, the page language of each request, error pages, the headers every
//! response carries (no referrer, so a secret link never leaks; no caching), and the bridge that
//! runs each page's work on a blocking thread, off the async executor.

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use minijinja::context;
use serde::Deserialize;

use super::error::ServerError;
use super::state::Shared;
use super::words::page_lang;
use super::{history, status, web_admin, web_board, web_game, web_student};
use crate::i18n::Lang;

/// A request that cannot be served, and how to say so.
#[derive(Debug)]
pub struct Fail {
    pub status: StatusCode,
    pub message: String,
    /// The message in Portuguese, where a student may read it (else the English one is shown).
    pub message_pt: Option<String>,
    /// The page to go back to (a GET path, no query): the way back, and the language switch's.
    pub back: Option<String>,
}

impl Fail {
    pub fn new(status: StatusCode, message: impl std::fmt::Display) -> Fail {
        Fail { status, message: message.to_string(), message_pt: None, back: None }
    }
    /// A failure a student reads, in English and in Portuguese.
    pub fn said(status: StatusCode, en: impl std::fmt::Display, pt: impl std::fmt::Display) -> Fail {
        Fail { status, message: en.to_string(), message_pt: Some(pt.to_string()), back: None }
    }
    /// The same failure, with a way back to `path` (a GET page, without its query).
    pub fn back_to(self, path: impl Into<String>) -> Fail {
        Fail { back: Some(path.into()), ..self }
    }
    /// The message in `lang` (English where no Portuguese was given).
    pub fn text(&self, lang: Lang) -> &str {
        match (&self.message_pt, lang) {
            (Some(pt), Lang::Pt) => pt,
            _ => &self.message,
        }
    }
    pub fn unknown_link() -> Fail {
        Fail::said(
            StatusCode::NOT_FOUND,
            "unknown or revoked link: ask the instructor for a new one",
            "link desconhecido ou revogado: peça um novo ao professor",
        )
    }
    pub fn bad_form() -> Fail {
        Fail::said(
            StatusCode::FORBIDDEN,
            "the form is stale or forged: reload the page and send it again",
            "o formulário está vencido ou foi forjado: recarregue a página e envie de novo",
        )
    }
    /// An upload refused, with its status.
    pub fn refused(refusal: &super::store::Refusal) -> Fail {
        let status = match refusal {
            super::store::Refusal::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            super::store::Refusal::Deadline => StatusCode::FORBIDDEN,
            _ => StatusCode::BAD_REQUEST,
        };
        Fail::said(status, refusal, refusal.pt())
    }
}

/// The server's own failure: said to the reader in their language without the server's folders
/// or database (which they could do nothing about), and written whole to the server's log.
impl From<ServerError> for Fail {
    fn from(e: ServerError) -> Fail {
        eprintln!("juiz serve: a request failed: {e}");
        Fail::said(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server could not do this just now (its log says why): try again in a moment, and tell the instructor if it goes on",
            "o servidor não conseguiu fazer isto agora (o registro dele diz por quê): tente de novo em instantes e avise o professor se continuar",
        )
    }
}

impl From<rusqlite::Error> for Fail {
    fn from(e: rusqlite::Error) -> Fail {
        Fail::from(ServerError::from(e))
    }
}

pub type Page = Result<Response, Fail>;

/// `?lang=`.
#[derive(Debug, Deserialize, Default)]
pub struct LangQuery {
    pub lang: Option<String>,
}

/// The request's page language.
pub fn lang_of(query: &LangQuery, headers: &HeaderMap) -> Lang {
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    page_lang(query.lang.as_deref(), accept)
}

/// A page telling what went wrong, with the failure's status, titled in the page's language,
/// with the way back when the failure names one.
pub fn fail_page(fail: &Fail, lang: Lang) -> Response {
    let title = super::words::status_title(fail.status, lang);
    let here = fail.back.clone().unwrap_or_default();
    let back = fail.back.as_ref().map(|b| format!("{b}?lang={}", super::words::code(lang))).unwrap_or_default();
    let values = context! { message => fail.text(lang), back => back };
    let html = super::pages::render_at("message.html", lang, title, &here, values);
    (fail.status, Html(html)).into_response()
}

/// Runs `work` on a blocking thread and turns its failure into a page.
pub async fn blocking(lang: Lang, work: impl FnOnce() -> Page + Send + 'static) -> Response {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(response)) => response,
        Ok(Err(fail)) => fail_page(&fail, lang),
        Err(_) => fail_page(&Fail::new(StatusCode::INTERNAL_SERVER_ERROR, "the page failed"), lang),
    }
}

/// A 303 to `to` (after a form).
pub fn see_other(to: &str) -> Response {
    Redirect::to(to).into_response()
}

/// The server's routes.
pub fn router(shared: Arc<Shared>) -> Router {
    let upload_limit = usize::try_from(shared.course.upload_limit).unwrap_or(usize::MAX).saturating_add(64 * 1024);
    Router::new()
        .route("/", get(web_board::index))
        .route("/board", get(web_board::board))
        .route("/board.json", get(web_board::board_json))
        .route("/s/{token}", get(web_student::page))
        .route("/s/{token}/upload", post(web_student::upload).layer(DefaultBodyLimit::max(upload_limit)))
        .route("/s/{token}/play", post(web_student::play))
        .route("/s/{token}/game/{id}", get(web_game::replay))
        .route("/s/{token}/game/{id}/stderr/{seat}", get(web_game::stderr))
        .route("/admin/{token}", get(web_admin::page))
        .route("/admin/{token}/{action}", post(web_admin::action))
        .route("/admin/{token}/final.zip", get(web_admin::final_zip))
        .route("/admin/{token}/standings.csv", get(web_admin::standings_csv))
        .route("/admin/{token}/standings-retired.csv", get(web_admin::retired_csv))
        .route("/admin/{token}/games.csv", get(web_admin::games_csv))
        .route("/admin/{token}/grades.csv", get(web_admin::grades_csv))
        // page-student (issue 37): live status, a form's URL answers a GET (the language switch
        // of a refusal's page), the files that replay a game at home, the history.
        .route("/s/{token}/status.json", get(status::status_json))
        .route("/s/{token}/upload", get(web_student::to_page))
        .route("/s/{token}/play", get(web_student::to_page))
        .route("/s/{token}/game/{id}/input/{seat}", get(web_game::input))
        .route("/s/{token}/game/{id}/transcript.csv", get(web_game::transcript))
        .route("/s/{token}/version/{number}/source", get(history::source))
        // human-web (issue 37, item 8): a game with a human seat in the browser.
        .route("/s/{token}/human", get(super::web_human::page).post(super::web_human::start))
        .route("/s/{token}/human/state.json", get(super::web_human::state))
        .route("/s/{token}/human/move", post(super::web_human::play))
        .route("/s/{token}/human/resign", post(super::web_human::resign))
        // history-db (issue 37): an older ready version made active again.
        .route("/s/{token}/activate", post(history::activate).get(web_student::to_page))
        .layer(axum::middleware::map_response(private_headers))
        .with_state(shared)
}

async fn private_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}
