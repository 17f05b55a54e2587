//! The student's history: every version with its verdict, its rating (from the `ratings`
//! table), a download of its source as uploaded and, for an older ready version, "make it active
//! again"; and each version's rating over time (`rating_points`) as a small server-drawn SVG
//! plot (no script), one line a version, a retired version's line ending where it stopped. The
//! admin's panel of one student draws the same plot.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use minijinja::{Value, context};

use super::state::Shared;
use super::web::{Fail, LangQuery, blocking, lang_of};
use super::web_student::student_of;
use super::words::words;
use crate::i18n::Lang;
use crate::report::html::escape;

/// One point of a version's line: when (seconds since the epoch), after how many ranked games,
/// its rating and the rating's 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    at: i64,
    games: i64,
    elo: f64,
    ci: f64,
}

/// One version's line.
struct Line {
    number: i64,
    active: bool,
    points: Vec<Point>,
}

/// The history's rows and plot, for the student page and the admin's panel of `student`.
pub fn of(shared: &Shared, student: &str, lang: Lang) -> Result<Value, Fail> {
    let w = words(lang);
    let conn = shared.db.read();
    let active: Option<i64> =
        conn.query_row("SELECT active_version FROM students WHERE id = ?1", [student], |r| r.get(0))?;
    let mut stmt = conn.prepare(
        "SELECT v.id, v.number, v.original_name, v.state, r.elo, r.ci95, r.games,
                (SELECT s.last_finished FROM version_sums s WHERE s.version = v.id)
         FROM versions v LEFT JOIN ratings r ON r.version = v.id WHERE v.student = ?1 ORDER BY v.number",
    )?;
    let mut points =
        conn.prepare("SELECT at, games, elo, ci95 FROM rating_points WHERE version = ?1 ORDER BY games")?;
    let mut lines = Vec::new();
    let mut rows = Vec::new();
    let found = stmt.query_map([student], |r| {
        Ok((
            (r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?),
            (r.get::<_, Option<f64>>(4)?, r.get::<_, Option<f64>>(5)?, r.get::<_, Option<i64>>(6)?),
            r.get::<_, Option<i64>>(7)?,
        ))
    })?;
    for row in found {
        let ((id, number, original, state), (elo, ci, games), last_game) = row?;
        let mut line: Vec<Point> = points
            .query_map([id], |r| Ok(Point { at: r.get(0)?, games: r.get(1)?, elo: r.get(2)?, ci: r.get(3)? }))?
            .collect::<rusqlite::Result<_>>()?;
        let rating = match (elo, games) {
            (Some(elo), Some(games)) if games > 0 && elo.is_finite() => {
                let ci = ci.filter(|c| c.is_finite()).unwrap_or(0.0);
                // The rating now, after the last point (points are a few games apart).
                if line.last().is_none_or(|p| p.games < games) {
                    let at = last_game.unwrap_or_else(super::db::now).max(line.last().map_or(0, |p| p.at));
                    line.push(Point { at, games, elo, ci });
                }
                format!("{elo:.0} ± {ci:.0} ({games} {})", w["games"].to_lowercase())
            }
            _ => String::new(),
        };
        let is_active = Some(id) == active;
        if !line.is_empty() {
            lines.push(Line { number, active: is_active, points: line });
        }
        let verdict = w.get(state.as_str()).copied().unwrap_or(state.as_str()).to_string();
        let again = state == "ready" && !is_active;
        rows.push(context! { number, original, state, verdict, rating, active => is_active, again });
    }
    rows.reverse();
    let plot = if lines.is_empty() { String::new() } else { plot_svg(&lines, &w) };
    Ok(context! { rows, plot => Value::from_safe_string(plot) })
}

const WIDTH: f64 = 560.0;
const HEIGHT: f64 = 200.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 40.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 28.0;
/// The lines' colours, one a version in turn.
const COLOURS: [&str; 6] = ["#35507a", "#c0262d", "#2e7d32", "#8e44ad", "#b8860b", "#00838f"];

/// A moment as the plot's labels say it: `2026-11-28 06:01` (UTC), with the seconds when the
/// plot spans less than an hour.
fn when(at: i64, seconds: bool) -> String {
    let text = super::course::instant_text(std::time::UNIX_EPOCH + std::time::Duration::from_secs(at.max(0) as u64));
    text.get(..if seconds { 19 } else { 16 }).unwrap_or(&text).replace('T', " ")
}

/// Each version's rating over time: one polyline a version (the active one thicker), a point
/// at each stored rating (its moment, games and rating in its title and `data-` attributes),
/// the version's name at its line's end; the ratings' scale on the left, the first and the last
/// moment below. Every label is escaped.
fn plot_svg(lines: &[Line], w: &std::collections::BTreeMap<&'static str, &'static str>) -> String {
    let all = || lines.iter().flat_map(|l| l.points.iter());
    let (t0, t1) = (all().map(|p| p.at).min().unwrap_or(0), all().map(|p| p.at).max().unwrap_or(0));
    let (t0, t1) = if t1 > t0 { (t0, t1) } else { (t0 - 30, t0 + 30) };
    let seconds = t1 - t0 < 3600;
    let lo = all().map(|p| p.elo).fold(f64::INFINITY, f64::min);
    let hi = all().map(|p| p.elo).fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if hi - lo < 20.0 { ((lo + hi) / 2.0 - 25.0, (lo + hi) / 2.0 + 25.0) } else { (lo, hi) };
    let x = |at: i64| LEFT + (at - t0) as f64 / (t1 - t0) as f64 * (WIDTH - LEFT - RIGHT);
    let y = |v: f64| TOP + (hi - v) / (hi - lo) * (HEIGHT - TOP - BOTTOM);
    let mut svg = format!(
        "<svg id=\"rating-plot\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"{}\">",
        escape(w["rating_plot"])
    );
    for v in [lo, (lo + hi) / 2.0, hi] {
        let _ = write!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{yv:.1}\" y2=\"{yv:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#666\">{v:.0}</text>",
            WIDTH - RIGHT,
            LEFT - 6.0,
            y(v) + 4.0,
            yv = y(v)
        );
    }
    let _ = write!(
        svg,
        "<text class=\"from\" x=\"{LEFT}\" y=\"{b:.1}\" font-size=\"11\" fill=\"#666\">{}</text><text class=\"to\" x=\"{:.1}\" y=\"{b:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#666\">{}</text>",
        escape(&when(t0, seconds)),
        WIDTH - RIGHT,
        escape(&when(t1, seconds)),
        b = HEIGHT - 8.0,
    );
    let games_word = w["games"].to_lowercase();
    for (i, line) in lines.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let width = if line.active { 2.5 } else { 1.2 };
        let _ = write!(svg, "<g class=\"line\" data-version=\"{}\">", line.number);
        let path: Vec<String> = line.points.iter().map(|p| format!("{:.1},{:.1}", x(p.at), y(p.elo))).collect();
        let _ = write!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\"/>",
            path.join(" ")
        );
        for p in &line.points {
            let title = format!(
                "v{} · {} · {:.0} ± {:.0} · {} {games_word}",
                line.number,
                when(p.at, seconds),
                p.elo,
                p.ci,
                p.games
            );
            let _ = write!(
                svg,
                "<circle class=\"point\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{colour}\" data-at=\"{}\" data-games=\"{}\" data-elo=\"{:.1}\"><title>{}</title></circle>",
                x(p.at),
                y(p.elo),
                p.at,
                p.games,
                p.elo,
                escape(&title)
            );
        }
        if let Some(end) = line.points.last() {
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"{colour}\">v{}</text>",
                x(end.at) + 5.0,
                y(end.elo) + 4.0,
                line.number
            );
        }
        svg.push_str("</g>");
    }
    svg.push_str("</svg>");
    svg
}

/// `GET /s/TOKEN/version/N/source`: the student's upload of version N, as they sent it.
pub async fn source(
    State(shared): State<Arc<Shared>>,
    Path((token, number)): Path<(String, i64)>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&q, &headers);
    blocking(lang, move || {
        let me = student_of(&shared, &token)?;
        let back = format!("/s/{token}");
        let found: Option<(String, String)> = {
            use rusqlite::OptionalExtension;
            shared
                .db
                .read()
                .query_row(
                    "SELECT sha256, original_name FROM versions WHERE student = ?1 AND number = ?2",
                    rusqlite::params![me, number],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?
        };
        let missing = || {
            Fail::said(StatusCode::NOT_FOUND, "no such version of yours", "não há essa versão entre as suas")
                .back_to(back.clone())
        };
        let (sha, original) = found.ok_or_else(missing)?;
        // The upload is kept as `submissions/<sha>.<ext>`, its extension the upload's own.
        let dir = shared.data().join("submissions");
        let kept = std::fs::read_dir(&dir)
            .ok()
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.is_file() && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(&format!("{sha}.")))
            })
            .ok_or_else(missing)?;
        let bytes = std::fs::read(&kept).map_err(|e| Fail::from(super::error::ServerError::io(&kept)(e)))?;
        Ok(download(&original, bytes))
    })
    .await
}

#[derive(serde::Deserialize)]
pub struct ActivateForm {
    csrf: String,
    number: i64,
}

/// `POST /s/TOKEN/activate`: makes the student's older ready version `number` their active one
/// again (the same bytes uploaded again only name it), so that the ladder plays it from now on.
pub async fn activate(
    State(shared): State<Arc<Shared>>,
    Path(token): Path<String>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    form: Result<axum::extract::Form<ActivateForm>, axum::extract::rejection::FormRejection>,
) -> Response {
    let lang = lang_of(&q, &headers);
    super::web_student::in_page(shared, token, lang, move |shared, token| {
        let number = activate_checked(shared, token, form)?;
        Ok(super::web::see_other(&format!("/s/{token}?lang={}&active={number}#history", super::words::code(lang))))
    })
    .await
}

fn activate_checked(
    shared: &Shared,
    token: &str,
    form: Result<axum::extract::Form<ActivateForm>, axum::extract::rejection::FormRejection>,
) -> Result<i64, Fail> {
    let me = student_of(shared, token)?;
    let axum::extract::Form(form) = form.map_err(|e| {
        Fail::said(
            StatusCode::BAD_REQUEST,
            format!("bad form: {}", e.body_text()),
            format!("formulário inválido: {}", e.body_text()),
        )
    })?;
    if form.csrf != super::accounts::form_token(&shared.db, token)? {
        return Err(Fail::bad_form());
    }
    if shared.past_deadline()? {
        return Err(Fail::said(
            StatusCode::FORBIDDEN,
            "the deadline has passed: your active version stays as it is",
            "o prazo terminou: a sua versão ativa fica como está",
        ));
    }
    let number = form.number;
    let changed = shared.db.tx(|tx| {
        tx.execute(
            "UPDATE students SET active_version =
               (SELECT id FROM versions WHERE student = ?1 AND number = ?2 AND state = 'ready')
             WHERE id = ?1 AND on_roster = 1
               AND EXISTS (SELECT 1 FROM versions WHERE student = ?1 AND number = ?2 AND state = 'ready')",
            rusqlite::params![me, number],
        )
    })?;
    if changed == 0 {
        return Err(Fail::said(
            StatusCode::CONFLICT,
            format!("version {number} is not a version of yours that passed its check: reload the page"),
            format!("a versão {number} não é uma versão sua aprovada na verificação: recarregue a página"),
        ));
    }
    shared.wake();
    Ok(number)
}

/// `bytes` as a download named `name` (its characters outside a plain file name replaced).
pub fn download(name: &str, bytes: Vec<u8>) -> Response {
    let clean: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' }).collect();
    let clean = if clean.trim_matches('.').is_empty() { "file".to_string() } else { clean };
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{clean}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plot_draws_a_line_a_version_with_its_points_in_time() {
        let p = |at, games, elo| Point { at, games, elo, ci: 60.0 };
        let lines = [
            Line { number: 1, active: false, points: vec![p(1_800_000_000, 1, 1450.0), p(1_800_000_060, 2, 1430.0)] },
            Line { number: 3, active: true, points: vec![p(1_800_000_120, 1, 1520.0)] },
        ];
        let svg = plot_svg(&lines, &words(Lang::Pt));
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(
            svg.contains(">v3</text>") && svg.contains("v1 · 2027-01-15 08:00:00 · 1450 ± 60 · 1 partidas"),
            "{svg}"
        );
        assert!(svg.contains("data-at=\"1800000060\" data-games=\"2\""), "{svg}");
        // Later points are further right.
        let xs: Vec<f64> =
            svg.split("class=\"point\" cx=\"").skip(1).map(|s| s.split('"').next().unwrap().parse().unwrap()).collect();
        assert!(xs[0] < xs[1] && xs[1] < xs[2], "{xs:?}");
        let names = download("../../etc/pass wd.c", b"x".to_vec());
        let d = names.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_string();
        assert_eq!(d, "attachment; filename=\".._.._etc_pass_wd.c\"");
    }
}
