//! The rating plot of the report: each bot's Elo as a point with its 95% interval as an error
//! bar, best first, as plain generated SVG (no script, no external file).

use std::fmt::Write as _;

use super::page::escape;
use super::report_data::Standing;

const ROW: f64 = 26.0;
const LEFT: f64 = 150.0;
const WIDTH: f64 = 640.0;

/// The SVG element of the plot (empty when no bot has a rating).
pub fn elo_svg(standings: &[Standing]) -> String {
    let rated: Vec<&Standing> = standings.iter().filter(|s| s.elo.is_finite()).collect();
    if rated.is_empty() {
        return "<p class=\"muted\">No ratings.</p>".into();
    }
    let ci = |s: &Standing| if s.elo_ci95.is_finite() { s.elo_ci95 } else { 0.0 };
    let lo = rated.iter().map(|s| s.elo - ci(s)).fold(f64::INFINITY, f64::min);
    let hi = rated.iter().map(|s| s.elo + ci(s)).fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if hi - lo < 1.0 { (lo - 50.0, hi + 50.0) } else { (lo, hi) };
    let plot = WIDTH - LEFT - 20.0;
    let x = |v: f64| LEFT + (v - lo) / (hi - lo) * plot;
    let height = ROW * rated.len() as f64 + 34.0;
    let mut svg = format!(
        "<svg class=\"plot\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" aria-label=\"Elo ratings with 95% intervals\">\n"
    );
    // Gridlines and labels at round values.
    let step = nice_step((hi - lo) / 5.0);
    let mut tick = (lo / step).ceil() * step;
    while tick <= hi {
        let tx = x(tick);
        let _ = writeln!(
            svg,
            "<line x1=\"{tx:.1}\" y1=\"4\" x2=\"{tx:.1}\" y2=\"{:.1}\" stroke=\"#dde2e7\"/><text x=\"{tx:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#66707a\">{tick:.0}</text>",
            height - 24.0,
            height - 10.0
        );
        tick += step;
    }
    for (i, s) in rated.iter().enumerate() {
        let y = 16.0 + ROW * i as f64;
        let (a, b, c) = (x(s.elo - ci(s)), x(s.elo), x(s.elo + ci(s)));
        let _ = writeln!(
            svg,
            "<g class=\"bot\"><title>{name}: {elo:.0} ± {ci:.0}</title>\
             <text x=\"{tx:.1}\" y=\"{ty:.1}\" font-size=\"12\" text-anchor=\"end\">{name}</text>\
             <line x1=\"{a:.1}\" y1=\"{y:.1}\" x2=\"{c:.1}\" y2=\"{y:.1}\" stroke=\"#35507a\" stroke-width=\"2\"/>\
             <line x1=\"{a:.1}\" y1=\"{y0:.1}\" x2=\"{a:.1}\" y2=\"{y1:.1}\" stroke=\"#35507a\" stroke-width=\"2\"/>\
             <line x1=\"{c:.1}\" y1=\"{y0:.1}\" x2=\"{c:.1}\" y2=\"{y1:.1}\" stroke=\"#35507a\" stroke-width=\"2\"/>\
             <circle cx=\"{b:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#c0262d\"/></g>",
            name = escape(&s.bot),
            elo = s.elo,
            ci = ci(s),
            tx = LEFT - 10.0,
            ty = y + 4.0,
            y0 = y - 6.0,
            y1 = y + 6.0,
        );
    }
    svg.push_str("</svg>");
    svg
}

/// A round step (1, 2 or 5 times a power of ten) near `raw`.
fn nice_step(raw: f64) -> f64 {
    let power = 10f64.powf(raw.max(1e-9).log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= raw).unwrap_or(10.0 * power)
}
