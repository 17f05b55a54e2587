//! A student's games behind their secret link, ladder games (`/game/ID`) and their versions'
//! check games (`/game/vN-STEM`) alike: each game's replay in the project's viewer (opening at
//! the fault; other seats' stderr removed; no server path), their own bot's stderr, and the
//! files that replay a game at home: the transcript and each of their seats' exact input.

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use rusqlite::OptionalExtension;

use super::state::Shared;
use super::web::{Fail, LangQuery, blocking, lang_of};
use super::web_student::student_of;

/// A game one of the student's versions played: its folder, transcript, and the student's seats.
struct MyGame {
    dir: PathBuf,
    log: PathBuf,
    seats: Vec<usize>,
}

/// The game named `key` in a URL: a ladder game's number, or `vN-STEM` for the check game
/// `STEM` of the student's version N.
fn my_game(shared: &Shared, student: &str, key: &str) -> Result<MyGame, Fail> {
    // human-web: `h<N>`, a game the student played in the browser (`human_store`).
    if let Some((dir, log, seats)) =
        super::human_store::game(shared.data(), student, key, shared.course.tournament.players)
    {
        return Ok(MyGame { dir, log, seats });
    }
    match key.parse::<i64>() {
        Ok(id) => my_ladder_game(shared, student, id),
        Err(_) => my_check_game(shared, student, key),
    }
}

fn no_such_game() -> Fail {
    Fail::said(StatusCode::NOT_FOUND, "no such game among yours", "não há essa partida entre as suas")
}

/// A check game of one of the student's versions: its transcript in `versions/<id>/`, the
/// student's seats those of the version's name.
fn my_check_game(shared: &Shared, student: &str, key: &str) -> Result<MyGame, Fail> {
    let (number, stem) = key
        .strip_prefix('v')
        .and_then(|k| k.split_once('-'))
        .and_then(|(n, stem)| Some((n.parse::<i64>().ok()?, stem)))
        .filter(|(_, stem)| plain_name(stem))
        .ok_or_else(no_such_game)?;
    let found: Option<(i64, String)> = shared
        .db
        .conn()
        .query_row(
            "SELECT id, name FROM versions WHERE student = ?1 AND number = ?2",
            rusqlite::params![student, number],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let (id, name) = found.ok_or_else(no_such_game)?;
    let dir = shared.data().join("versions").join(id.to_string());
    let log = dir.join(format!("{stem}.csv"));
    let transcript = crate::record::Transcript::read(&log).map_err(|_| no_such_game())?;
    let seats = seats_named(&transcript.meta.seat_ids, &name);
    Ok(MyGame { dir, log, seats })
}

/// The seats whose full id (`p2.ana.v3`) names the bot `name`.
fn seats_named(ids: &[String], name: &str) -> Vec<usize> {
    ids.iter()
        .enumerate()
        .filter(|(_, id)| id.split_once('.').is_some_and(|(_, n)| n == name))
        .map(|(s, _)| s)
        .collect()
}

/// A file stem that names nothing outside its folder.
fn plain_name(stem: &str) -> bool {
    !stem.is_empty() && !stem.starts_with('.') && stem.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

/// The check games of version `id` (their stems, in order), for the page's links.
pub(super) fn check_games(data: &std::path::Path, id: i64) -> Vec<String> {
    let dir = data.join("versions").join(id.to_string());
    let mut stems: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            name.strip_suffix(".csv").or_else(|| name.strip_suffix(".csv.zst")).map(str::to_string)
        })
        .filter(|s| plain_name(s))
        .collect();
    stems.sort();
    stems.dedup();
    stems
}

/// A ladder game's log, seats swapped, its two versions' students, and whether it was pruned.
type LadderRow = (String, bool, Option<String>, Option<String>, bool);

fn my_ladder_game(shared: &Shared, student: &str, id: i64) -> Result<MyGame, Fail> {
    let found: Option<LadderRow> = shared
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

/// `text` with every absolute path cut to its last part (a command's `/srv/…/bot` is `bot`).
pub(super) fn no_paths(text: &str) -> String {
    text.split(' ')
        .map(|word| match word.strip_prefix('/') {
            Some(rest) => rest.rsplit('/').next().unwrap_or_default(),
            None => word,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The game's transcript read back, or the server's failure.
fn read_transcript(game: &MyGame, key: &str) -> Result<crate::record::Transcript, Fail> {
    crate::record::Transcript::read(&game.log)
        .map_err(|e| Fail::from(super::error::ServerError::Other(format!("cannot read game {key}: {e}"))))
}

fn stem_of(game: &MyGame) -> String {
    game.log.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}

/// `GET /s/TOKEN/game/KEY`: the game in the project's viewer, at its fault; other seats'
/// stderr left out, server paths cut, and the links to the files that replay it at home.
pub async fn replay(
    State(shared): State<Arc<Shared>>,
    Path((token, key)): Path<(String, String)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let game = my_game(&shared, &me, &key)?;
        let transcript = read_transcript(&game, &key)?;
        let mut data = crate::report::html::replay_data(&transcript, &game.log).map_err(|e| {
            Fail::from(super::error::ServerError::Other(format!("cannot replay game {key}: {e}")))
        })?;
        for (seat, text) in data.stderr.iter_mut().enumerate() {
            if !game.seats.contains(&seat) {
                *text = None;
            }
        }
        let stem = stem_of(&game);
        data.source = format!("{stem}.csv");
        for (_, value) in &mut data.meta {
            *value = no_paths(value);
        }
        let html = crate::report::html::viewer_page(&data);
        let w = super::words::words(lang);
        let esc = crate::report::html::escape;
        let base = esc(&format!("/s/{token}/game/{key}"));
        let mut files = format!(
            "<nav id=\"files\"><a id=\"back\" href=\"/s/{}?lang={}\">&larr; {}</a> · <a id=\"transcript\" href=\"{base}/transcript.csv\" download>{}</a>",
            esc(&token),
            super::words::code(lang),
            esc(w["back"]),
            esc(&format!("{stem}.csv")),
        );
        for seat in &game.seats {
            let id = transcript.meta.seat_ids.get(*seat).map_or("", String::as_str);
            files.push_str(&format!(
                " · <a class=\"input\" href=\"{base}/input/{seat}\" download>{}: {}</a>",
                esc(id),
                esc(w["input"])
            ));
        }
        files.push_str("</nav>");
        Ok(Html(html.replacen("<header>", &format!("{files}\n<header>"), 1)).into_response())
    })
    .await
}

/// `GET /s/TOKEN/game/KEY/transcript.csv`: the transcript, `juiz replay`'s input, its server
/// paths cut.
pub async fn transcript(
    State(shared): State<Arc<Shared>>,
    Path((token, key)): Path<(String, String)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let game = my_game(&shared, &me, &key)?;
        let unreadable = |e: String| Fail::from(super::error::ServerError::Other(format!("game {key}: {e}")));
        // Plain or packed, the student gets the plain CSV.
        let file = crate::record::packed::open(&game.log).map_err(|e| unreadable(e.to_string()))?;
        let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(file);
        let mut writer = csv::Writer::from_writer(Vec::new());
        for record in reader.records() {
            let record = record.map_err(|e| unreadable(e.to_string()))?;
            let meta = record.get(3) == Some("#");
            let cells: Vec<String> = record
                .iter()
                .enumerate()
                .map(|(i, c)| if meta && i == 4 { no_paths(c) } else { c.to_string() })
                .collect();
            writer.write_record(&cells).map_err(|e| unreadable(e.to_string()))?;
        }
        let bytes = writer.into_inner().map_err(|e| unreadable(e.to_string()))?;
        Ok(super::history::download(&format!("{}.csv", stem_of(&game)), bytes))
    })
    .await
}

/// `GET /s/TOKEN/game/KEY/input/SEAT`: every line the referee sent the student's bot at that
/// seat, in order, so that `./bot < input.txt` sees the game as it did.
pub async fn input(
    State(shared): State<Arc<Shared>>,
    Path((token, key, seat)): Path<(String, String, usize)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let game = my_game(&shared, &me, &key)?;
        if !game.seats.contains(&seat) {
            return Err(not_yours());
        }
        let transcript = read_transcript(&game, &key)?;
        let id = transcript.meta.seat_ids.get(seat).cloned().unwrap_or_default();
        let text: String = transcript
            .rows
            .iter()
            .filter(|r| r.seat == id && r.dir == crate::record::Direction::ToSeat)
            .map(|r| format!("{}\n", r.text))
            .collect();
        Ok(super::history::download(&format!("{}.seat{seat}.input.txt", stem_of(&game)), text.into_bytes()))
    })
    .await
}

fn not_yours() -> Fail {
    Fail::said(
        StatusCode::FORBIDDEN,
        "that seat is not your bot's: only your own bot's files are shown",
        "esse lugar não é do seu bot: só os arquivos do seu próprio bot são mostrados",
    )
}

/// `GET /s/TOKEN/game/KEY/stderr/SEAT`: the student's own bot's stderr in that game, as text.
pub async fn stderr(
    State(shared): State<Arc<Shared>>,
    Path((token, key, seat)): Path<(String, String, usize)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let game = my_game(&shared, &me, &key)?;
        if !game.seats.contains(&seat) {
            return Err(not_yours());
        }
        let path = crate::referee::stderr_log_path(&game.dir, &stem_of(&game), seat);
        let text = crate::record::packed::read(&path).unwrap_or_default();
        Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_paths() {
        assert_eq!(no_paths("python3 /srv/course/data/submissions/ab/main.py --x"), "python3 main.py --x");
        assert!(plain_name("03-random") && !plain_name("../x") && !plain_name(".hidden") && !plain_name("a/b"));
        let ids = ["p1.smart".to_string(), "p2.ana.v3".to_string(), "p3.smart".to_string(), "p4.ana.v3".to_string()];
        assert_eq!(seats_named(&ids, "ana.v3"), vec![1, 3]);
    }
}
