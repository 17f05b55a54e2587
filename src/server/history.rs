//! The student's history: every version with its verdict, its rating (from the `ratings`
//! table) and a download of its source as uploaded, and the ratings of the versions one after
//! the other as a small server-drawn SVG plot (no script).

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

/// One version's point: its number, its rating and the rating's 95% interval.
struct Point {
    number: i64,
    elo: f64,
    ci: f64,
}

/// The history's rows and plot, for the student page.
pub fn of(shared: &Shared, student: &str, lang: Lang) -> Result<Value, Fail> {
    let w = words(lang);
    let conn = shared.db.conn();
    let mut stmt = conn.prepare(
        "SELECT v.number, v.original_name, v.state, r.elo, r.ci95, r.games FROM versions v
         LEFT JOIN ratings r ON r.version = v.id WHERE v.student = ?1 ORDER BY v.number",
    )?;
    let mut points = Vec::new();
    let mut rows = Vec::new();
    let found = stmt.query_map([student], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, Option<f64>>(3)?,
            r.get::<_, Option<f64>>(4)?,
            r.get::<_, Option<i64>>(5)?,
        ))
    })?;
    for row in found {
        let (number, original, state, elo, ci, games) = row?;
        let rating = match (elo, games) {
            (Some(elo), Some(games)) if games > 0 && elo.is_finite() => {
                let ci = ci.filter(|c| c.is_finite()).unwrap_or(0.0);
                points.push(Point { number, elo, ci });
                format!("{elo:.0} ± {ci:.0} ({games} {})", w["games"].to_lowercase())
            }
            _ => String::new(),
        };
        let verdict = w.get(state.as_str()).copied().unwrap_or(state.as_str()).to_string();
        rows.push(context! { number, original, state, verdict, rating });
    }
    rows.reverse();
    let plot = if points.is_empty() { String::new() } else { plot_svg(&points, w["rating"]) };
    Ok(context! { rows, plot => Value::from_safe_string(plot) })
}

const WIDTH: f64 = 520.0;
const HEIGHT: f64 = 160.0;
const LEFT: f64 = 48.0;

/// The versions' ratings left to right, each with its interval, joined by a line.
fn plot_svg(points: &[Point], label: &str) -> String {
    let lo = points.iter().map(|p| p.elo - p.ci).fold(f64::INFINITY, f64::min);
    let hi = points.iter().map(|p| p.elo + p.ci).fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if hi - lo < 1.0 { (lo - 50.0, hi + 50.0) } else { (lo, hi) };
    let step = (WIDTH - LEFT - 20.0) / points.len().max(1) as f64;
    let x = |i: usize| LEFT + step * (i as f64 + 0.5);
    let y = |v: f64| 10.0 + (hi - v) / (hi - lo) * (HEIGHT - 36.0);
    let mut svg = format!(
        "<svg id=\"rating-plot\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"{}\">",
        crate::report::html::escape(label)
    );
    for v in [lo, (lo + hi) / 2.0, hi] {
        let _ = write!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{yv:.1}\" y2=\"{yv:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" fill=\"#666\">{v:.0}</text>",
            WIDTH - 10.0,
            LEFT - 6.0,
            y(v) + 4.0,
            yv = y(v)
        );
    }
    let line: Vec<String> = points.iter().enumerate().map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.elo))).collect();
    let _ = write!(svg, "<polyline points=\"{}\" fill=\"none\" stroke=\"#35507a\"/>", line.join(" "));
    for (i, p) in points.iter().enumerate() {
        let _ = write!(
            svg,
            "<g class=\"point\"><title>v{n}: {elo:.0} ± {ci:.0}</title><line x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{a:.1}\" y2=\"{b:.1}\" stroke=\"#35507a\"/><circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"4\" fill=\"#c0262d\"/><text x=\"{cx:.1}\" y=\"{ty:.1}\" font-size=\"11\" text-anchor=\"middle\">v{n}</text></g>",
            n = p.number,
            elo = p.elo,
            ci = p.ci,
            cx = x(i),
            cy = y(p.elo),
            a = y(p.elo + p.ci),
            b = y(p.elo - p.ci),
            ty = HEIGHT - 8.0,
        );
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
                .conn()
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
    fn the_plot_draws_one_point_per_rated_version() {
        let points = [Point { number: 1, elo: 1450.0, ci: 80.0 }, Point { number: 3, elo: 1520.0, ci: 60.0 }];
        let svg = plot_svg(&points, "Rating");
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains(">v3</text>") && svg.contains("v1: 1450 ± 80"), "{svg}");
        let names = download("../../etc/pass wd.c", b"x".to_vec());
        let d = names.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_string();
        assert_eq!(d, "attachment; filename=\".._.._etc_pass_wd.c\"");
    }
}
