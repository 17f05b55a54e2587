//! The pages of a game with a human seat, behind the student's secret link: the form's start
//! (`POST /s/TOKEN/human`, against the student's active version or a house bot), the table page
//! (`GET /s/TOKEN/human`), its state as JSON for the page's polling (the seat's own view only,
//! the moves to click, the referee's lines to the seat, the result), a move and a resignation.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use minijinja::context;
use serde::Deserialize;
use serde_json::json;

use super::accounts::form_token;
use super::human::{self, HumanGame, NotAsked, Refusal};
use super::state::Shared;
use super::web::{Fail, LangQuery, Page, blocking, lang_of, see_other};
use super::web_student::{OpponentPost, in_page, opponent_posted, student_of};
use super::words::{code, words};
use crate::i18n::Lang;

/// Longest line a human may send (a bot's lines have their own cap).
const MOST_LINE_BYTES: usize = 1000;

/// `POST /s/TOKEN/human`: a new game against the chosen bot, then its page.
pub async fn start(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    form: OpponentPost,
) -> Response {
    let lang = lang_of(&q, &headers);
    in_page(shared, token, lang, move |shared, token| start_checked(shared, token, lang, form)).await
}

fn start_checked(shared: &Arc<Shared>, token: &str, lang: Lang, form: OpponentPost) -> Page {
    let (me, opponent) = opponent_posted(shared, token, form)?;
    let chosen = playable(shared, &me)?.into_iter().find(|bot| bot.id == opponent);
    let Playable { name, argv, .. } = chosen.ok_or_else(|| {
        Fail::said(
            StatusCode::BAD_REQUEST,
            "that bot cannot be played: choose your active version or a house bot from the list",
            "esse bot não pode ser jogado: escolha sua versão ativa ou um bot da casa da lista",
        )
    })?;
    let argv: Vec<String> = serde_json::from_str(&argv).unwrap_or_default();
    match human::start(shared, &me, (name, argv)) {
        Ok(_) => Ok(see_other(&format!("/s/{token}/human?lang={}", code(lang)))),
        Err(Refusal::Playing) => Err(Fail::said(
            StatusCode::TOO_MANY_REQUESTS,
            "you already have a game going: finish it or resign it first",
            "você já tem uma partida em andamento: termine-a ou desista dela antes",
        )
        .back_to(format!("/s/{token}/human"))),
        Err(Refusal::Full(most)) => Err(Fail::said(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server already holds {most} games with a person playing, its limit: try again in a few minutes"
            ),
            format!(
                "o servidor já tem {most} partidas com uma pessoa jogando, o seu limite: tente de novo em alguns minutos"
            ),
        )),
        Err(Refusal::Failed(why)) => Err(Fail::from(super::error::ServerError::Other(why))),
    }
}

/// `GET /s/TOKEN/human`: the table page (its script draws the state).
pub async fn page(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let game = shared.humans.of(&me);
        let w = words(lang);
        let values = context! {
            base => format!("/s/{token}"),
            csrf => form_token(&shared.db, &token)?,
            game => game.as_ref().map(|g| context! { number => g.number, opponent => &g.opponent, seat => g.seat }),
        };
        let here = format!("/s/{token}/human");
        Ok(Html(super::pages::render_at("human.html", lang, w["human_title"], &here, values)).into_response())
    })
    .await
}

/// The game's state in `lang`, as the page draws it.
fn state_json(game: &HumanGame, token: &str, lang: Lang) -> serde_json::Value {
    let pick = |text: &[String; 2]| text[usize::from(lang == Lang::Pt)].clone();
    let live = game.live();
    let log: Vec<_> = live.log.iter().map(|e| json!({ "kind": e.kind, "text": pick(&e.text) })).collect();
    let replay = (live.over && live.kept).then(|| format!("/s/{token}/game/h{}?lang={}", game.number, code(lang)));
    json!({
        "seq": live.seq,
        "number": game.number,
        "seat": game.seat,
        "opponent": game.opponent,
        "awaiting": live.awaiting,
        "over": live.over,
        "table": live.table,
        "moves": if live.awaiting { live.moves.clone() } else { Vec::new() },
        "hint": live.hint.as_ref().map(pick),
        "problem": live.problem.as_ref().map(pick),
        "log": log,
        "result": live.result.as_ref().map(pick),
        "replay": replay,
    })
}

fn json_fail(status: StatusCode, lang: Lang, en: &str, pt: &str) -> Response {
    let text = if lang == Lang::Pt { pt } else { en };
    (status, Json(json!({ "error": text }))).into_response()
}

fn no_game(lang: Lang) -> Response {
    json_fail(
        StatusCode::NOT_FOUND,
        lang,
        "you have no game with a person playing: start one from your page",
        "você não tem partida em que uma pessoa joga: comece uma na sua página",
    )
}

/// `GET /s/TOKEN/human/state.json`.
pub async fn state(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        Ok(match shared.humans.of(&me) {
            Some(game) => Json(state_json(&game, &token, lang)).into_response(),
            None => no_game(lang),
        })
    })
    .await
}

#[derive(Deserialize)]
pub struct MoveForm {
    csrf: String,
    #[serde(default)]
    line: String,
}

/// The student's game for a form posted with `token`: the student's own game only (else the
/// answer to give, boxed: a response is large).
fn my_game(shared: &Shared, token: &str, csrf: &str, lang: Lang) -> Result<Arc<HumanGame>, Box<Response>> {
    let me =
        student_of(shared, token).map_err(|f| Box::new(json_fail(f.status, lang, &f.message, f.text(Lang::Pt))))?;
    let expected = form_token(&shared.db, token).map_err(|_| {
        Box::new(json_fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            lang,
            "the server could not check the form",
            "o servidor não conseguiu conferir o formulário",
        ))
    })?;
    if csrf != expected {
        let fail = Fail::bad_form();
        return Err(Box::new(json_fail(fail.status, lang, &fail.message, fail.text(Lang::Pt))));
    }
    shared.humans.of(&me).ok_or_else(|| Box::new(no_game(lang)))
}

/// `POST /s/TOKEN/human/move` (`csrf`, `line`): the line handed to the referee; the answer says
/// whether the engine took it, and if not, why in its own words.
pub async fn play(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Form(form): Form<MoveForm>,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let game = match my_game(&shared, &token, &form.csrf, lang) {
            Ok(game) => game,
            Err(response) => return Ok(*response),
        };
        let line = form.line.trim().to_string();
        if line.is_empty() || line.len() > MOST_LINE_BYTES || line.chars().any(char::is_control) {
            return Ok(json_fail(
                StatusCode::BAD_REQUEST,
                lang,
                &format!("a move is one line of at most {MOST_LINE_BYTES} bytes: click a move or type one"),
                &format!("um lance é uma linha de no máximo {MOST_LINE_BYTES} bytes: clique num lance ou digite um"),
            ));
        }
        Ok(match game.send(line, Duration::from_secs(10)) {
            Ok(None) => Json(json!({ "accepted": true })).into_response(),
            Ok(Some(problem)) => {
                let problem = problem[usize::from(lang == Lang::Pt)].clone();
                (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({ "accepted": false, "problem": problem })))
                    .into_response()
            }
            Err(NotAsked::NotYourTurn) => json_fail(
                StatusCode::CONFLICT,
                lang,
                "it is not your turn: wait for the bot's move",
                "não é a sua vez: espere o lance do bot",
            ),
            Err(NotAsked::Over) => json_fail(StatusCode::CONFLICT, lang, "the game is over", "a partida terminou"),
        })
    })
    .await
}

/// `POST /s/TOKEN/human/resign` (`csrf`): the human leaves; the game ends as a forfeit of the
/// human's side, logged like any other.
pub async fn resign(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Form(form): Form<MoveForm>,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        Ok(match my_game(&shared, &token, &form.csrf, lang) {
            Ok(game) => {
                game.resign();
                Json(json!({ "resigned": true })).into_response()
            }
            Err(response) => *response,
        })
    })
    .await
}

/// What the student page shows of games with a human seat: the bots the form offers (the
/// student's active version first, then the house bots), whether a game is going, and the
/// finished games with their links.
pub(super) fn form_values(shared: &Shared, me: &str, lang: Lang) -> Result<minijinja::Value, Fail> {
    let w = words(lang);
    let opponents: Vec<_> = playable(shared, me)?
        .into_iter()
        .map(|Playable { id, name, mine, .. }| {
            let label = if mine { format!("{name} ({})", w["human_mine"]) } else { name };
            context! { id, label }
        })
        .collect();
    let going = shared.humans.of(me).is_some_and(|g| !g.live().over);
    let games = super::human_store::list(shared.data(), me, &w);
    Ok(context! {
        opponents, going,
        games => minijinja::Value::from(minijinja::value::Serde(&games)),
    })
}

/// A bot a student may play against in person.
struct Playable {
    id: i64,
    name: String,
    /// The student's own active version (else a house bot).
    mine: bool,
    argv: String,
}

/// The bots `me` may play against: the active version first, then the house bots by name.
fn playable(shared: &Shared, me: &str) -> Result<Vec<Playable>, Fail> {
    let conn = shared.db.read();
    let mut stmt = conn.prepare(
        "SELECT id, name, student IS NOT NULL, argv FROM versions WHERE state = 'ready'
         AND (student IS NULL OR id = (SELECT active_version FROM students WHERE id = ?1))
         ORDER BY student IS NULL, name",
    )?;
    let rows =
        stmt.query_map([me], |r| Ok(Playable { id: r.get(0)?, name: r.get(1)?, mine: r.get(2)?, argv: r.get(3)? }))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
