//! The leaderboard: the active versions (each student's, and the house bots) by rating, as a
//! page that refreshes itself from `board.json` without a reload, saying when the ladder is
//! paused and why; and the front page.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse};
use minijinja::context;
use serde::Serialize;

use super::bar::Standing;
use super::db::now;
use super::error::ServerError;
use super::pages::render;
use super::state::Shared;
use super::web::{LangQuery, blocking, lang_of};
use super::words::words;
use crate::i18n::Lang;

/// One line of the leaderboard.
#[derive(Debug, Serialize)]
pub struct BoardRow {
    pub rank: usize,
    pub player: String,
    pub version: String,
    pub rating: String,
    pub games: i64,
    pub faults: i64,
    pub age: String,
    /// Where the version stands against the course's bar (`6/10 ✓`); empty without a bar and
    /// for the house bots.
    pub bar: String,
}

#[derive(Debug, Serialize)]
pub struct Board {
    pub rows: Vec<BoardRow>,
    /// The house bot to beat, when the course sets a bar.
    pub bar: Option<String>,
    pub games_played: i64,
    /// Why no ranked game is played now (paused by the instructor, the final running, the
    /// server short of disk or files), in the page's language; `None`: the ladder runs.
    pub notice: Option<String>,
}

/// Why the ladder plays no ranked game now, in `lang`; `None` while it runs.
pub fn ladder_notice(shared: &Shared, lang: Lang) -> Result<Option<String>, ServerError> {
    let key = if shared.final_running.load(std::sync::atomic::Ordering::SeqCst) {
        Some("board_final")
    } else if shared.paused()? {
        Some("board_paused")
    } else if shared.shortage.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
        Some("board_short")
    } else {
        None
    };
    Ok(key.map(|k| words(lang)[k].to_string()))
}

/// `3 min`, `2 h`, `4 d`.
pub fn age_text(seconds: i64) -> String {
    match seconds.max(0) {
        s if s < 120 => format!("{s} s"),
        s if s < 7200 => format!("{} min", s / 60),
        s if s < 172_800 => format!("{} h", s / 3600),
        s => format!("{} d", s / 86_400),
    }
}

/// The leaderboard now, best first (versions without games last).
pub fn board_data(shared: &Shared, lang: Lang) -> Result<Board, ServerError> {
    let conn = shared.db.read();
    let order = super::ratings::active_order(&conn)?;
    let mut stmt = conn.prepare(
        "SELECT v.name, v.uploaded, s.name, r.elo, r.ci95, r.games, r.faults, v.id
         FROM versions v LEFT JOIN students s ON s.id = v.student LEFT JOIN ratings r ON r.version = v.id
         WHERE v.id = ?1",
    )?;
    let house = words(lang)["house"];
    let bar = shared.course.bar.as_ref();
    let against_bar = match bar {
        Some(bar) => super::bar::standings(&conn, bar)?,
        None => Default::default(),
    };
    let mut rows = Vec::new();
    let now = now();
    let lines = order.iter().map(|(id, _)| {
        stmt.query_row([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<f64>>(3)?,
                r.get::<_, Option<f64>>(4)?,
                r.get::<_, Option<i64>>(5)?,
                r.get::<_, Option<i64>>(6)?,
                r.get::<_, i64>(7)?,
            ))
        })
    });
    for (i, line) in lines.enumerate() {
        let (version, uploaded, student, elo, ci, games, faults, id) = line?;
        let bar_text = match (bar, &student) {
            (Some(bar), Some(_)) => against_bar.get(&id).copied().unwrap_or_else(|| Standing::of(0, 0.0, bar)).text(),
            _ => String::new(),
        };
        let player = student.unwrap_or_else(|| format!("{version} ({house})"));
        let rating = match (elo, ci) {
            (Some(elo), Some(ci)) => format!("{elo:.0} ± {ci:.0}"),
            _ => "-".to_string(),
        };
        rows.push(BoardRow {
            rank: i + 1,
            player,
            version,
            rating,
            games: games.unwrap_or(0),
            faults: faults.unwrap_or(0),
            age: age_text(now - uploaded),
            bar: bar_text,
        });
    }
    let games_played = super::sums::ranked_games(&conn)?;
    drop(stmt);
    drop(conn);
    let notice = ladder_notice(shared, lang)?;
    Ok(Board { rows, bar: bar.map(|b| b.bot.clone()), games_played, notice })
}

pub async fn board_page(shared: Arc<Shared>, lang: Lang) -> axum::response::Response {
    blocking(lang, move || {
        let b = board_data(&shared, lang)?;
        let title = words(lang)["leaderboard"];
        let values = context! { rows => minijinja::Value::from(minijinja::value::Serde(&b.rows)), games_played => b.games_played, bar => b.bar, notice => b.notice, course => &shared.course.tournament.name };
        Ok(Html(render("board.html", lang, title, values)).into_response())
    })
    .await
}

pub async fn board(
    State(shared): State<Arc<Shared>>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> axum::response::Response {
    board_page(shared, lang_of(&q, &headers)).await
}

/// The front page is the leaderboard.
pub async fn index(state: State<Arc<Shared>>, q: Query<LangQuery>, headers: HeaderMap) -> axum::response::Response {
    board(state, q, headers).await
}

pub async fn board_json(
    State(shared): State<Arc<Shared>>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> axum::response::Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || Ok(Json(board_data(&shared, lang)?).into_response())).await
}
