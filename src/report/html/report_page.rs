//! `juiz report DIR`: `DIR/report.html`, one page with the standings and their 95% intervals, a
//! rating plot with error bars (generated SVG), the cross table, faults per bot by kind, each
//! bot's slowest moves, and links to viewer pages (`DIR/pages/<id>.html`) made for every faulted
//! game, the games asked for, or all of them on request. Plain HTML, no script needed.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use rayon::prelude::*;

use super::page::{self, escape};
use super::report_data::{ReportData, ReportError, read};
use super::viewer::write_viewer;

const CSS: &str = include_str!("report.css");
/// Marks the page as loaded (for the browser tests, like the viewer).
const READY: &str = "document.documentElement.setAttribute('data-ready', '1');";

/// Which games get a viewer page besides the faulted ones.
#[derive(Debug, Clone, Default)]
pub struct PageChoice {
    pub games: Vec<String>,
    pub all: bool,
}

/// What `write_report` did.
#[derive(Debug)]
pub struct ReportSummary {
    pub path: std::path::PathBuf,
    pub pages: usize,
    /// Games whose page could not be made, with why.
    pub failed: Vec<(String, String)>,
}

/// Reads the results in `dir`, writes the viewer pages chosen, then `dir/report.html` (whole).
pub fn write_report(dir: &Path, choice: &PageChoice) -> Result<ReportSummary, ReportError> {
    let data = read(dir)?;
    if let Some(missing) = choice.games.iter().find(|id| !data.games.iter().any(|g| &g.game_id == *id)) {
        return Err(ReportError::NoSuchGame(missing.clone()));
    }
    let wanted: Vec<&str> = data
        .games
        .iter()
        // A game that was not played (a bot did not build) has no transcript, hence no page.
        .filter(|g| !g.log.is_empty())
        .filter(|g| choice.all || !g.faulty_bot.is_empty() || choice.games.contains(&g.game_id))
        .map(|g| g.game_id.as_str())
        .collect();
    let pages_dir = dir.join("pages");
    if !wanted.is_empty() {
        std::fs::create_dir_all(&pages_dir)
            .map_err(|e| ReportError::Write { path: pages_dir.display().to_string(), message: e.to_string() })?;
    }
    let made: BTreeMap<String, Result<(), String>> = wanted
        .par_iter()
        .map(|id| {
            let row = data.games.iter().find(|g| g.game_id == *id).expect("chosen from the games");
            let result = write_viewer(&dir.join(&row.log), &pages_dir.join(format!("{id}.html")))
                .map(|_| ())
                .map_err(|e| e.to_string());
            ((*id).to_owned(), result)
        })
        .collect();
    let html = report_html(&data, &made, choice);
    let path = dir.join("report.html");
    page::write_whole(&path, html.as_bytes())
        .map_err(|e| ReportError::Write { path: path.display().to_string(), message: e.to_string() })?;
    let failed = made.iter().filter_map(|(id, r)| r.as_ref().err().map(|e| (id.clone(), e.clone()))).collect();
    Ok(ReportSummary { path, pages: made.values().filter(|r| r.is_ok()).count(), failed })
}

/// The bots that did not build, once each, with the compiler's message (from their first game)
/// and the hint; nothing when every bot built.
fn unplayable_section(b: &mut String, data: &ReportData) {
    let mut seen: Vec<&str> = Vec::new();
    for g in data.games.iter().filter(|g| g.fault_kind == "build") {
        if seen.contains(&g.faulty_bot.as_str()) {
            continue;
        }
        if seen.is_empty() {
            b.push_str("<section id=\"unbuilt\"><h2>Bots that did not build (their games are lost, unplayed)</h2>");
        }
        seen.push(&g.faulty_bot);
        let _ = writeln!(
            b,
            "<h3>{}</h3><pre class=\"detail\">{}</pre><p>{}</p>",
            escape(&g.faulty_bot),
            escape(&g.fault_detail),
            hint_html("build", "")
        );
    }
    if !seen.is_empty() {
        b.push_str("</section>\n");
    }
}

/// A link to a game's page, or its id (with why there is no page).
fn game_link(id: &str, made: &BTreeMap<String, Result<(), String>>) -> String {
    match made.get(id) {
        Some(Ok(())) => format!("<a class=\"game\" href=\"pages/{0}.html\">{0}</a>", escape(id)),
        Some(Err(why)) => format!("{} <span class=\"muted\" title=\"{}\">(no page)</span>", escape(id), escape(why)),
        None => escape(id),
    }
}

fn ci(value: &str, ci: &str) -> String {
    if value.is_empty() {
        "–".into()
    } else {
        format!("{} <span class=\"muted\">±{}</span>", escape(value), escape(ci))
    }
}

/// A recorded fault's hint in English, then in Portuguese for the course's students (escaped);
/// empty without a hint.
fn hint_html(kind: &str, detail: &str) -> String {
    crate::bot::recorded_hint_texts(kind, detail).map_or_else(String::new, |(en, pt)| {
        format!("hint: {}<br><span lang=\"pt\" class=\"muted\">dica: {}</span>", escape(&en), escape(&pt))
    })
}

/// A value with its interval's ends, for an interval cut to the value's range.
fn within(value: &str, low: &str, high: &str) -> String {
    match (value, low.is_empty() || high.is_empty()) {
        ("", _) => "–".into(),
        (_, true) => escape(value),
        _ => format!("{} <span class=\"muted\">{}–{}</span>", escape(value), escape(low), escape(high)),
    }
}

/// Pairs whose results are far from what their ratings predict (a bot may be throwing games).
fn unexpected_section(b: &mut String, data: &ReportData) {
    if data.unexpected.is_empty() {
        return;
    }
    let _ = write!(
        b,
        "<section id=\"unexpected\"><h2>Results far from the ratings</h2><p>Pairs whose games went {:.0} or more \
         standard deviations from what their ratings predict: look at their games (a bot may be throwing them \
         to a friend's).</p><ul>",
        crate::tournament::FLAG_SIGMAS
    );
    for pair in &data.unexpected {
        let _ = write!(b, "<li>{}</li>", escape(&pair.sentence()));
    }
    b.push_str("</ul></section>\n");
}

/// Games played again because the host spoiled an attempt (`tournament::replays`).
fn replayed_section(b: &mut String, data: &ReportData, made: &BTreeMap<String, Result<(), String>>) {
    let replayed: Vec<&crate::tournament::GameRow> = data.games.iter().filter(|g| !g.replays.is_empty()).collect();
    if replayed.is_empty() {
        return;
    }
    b.push_str(
        "<section id=\"replayed\"><h2>Games played again</h2><p>An attempt that ended in <code>timeout-overload</code> \
         (the host, or another seat's processes, kept the CPU from the bot on move) is set aside and the game played \
         again; the result is the last attempt's.</p><table class=\"grid\"><thead><tr><th>game</th><th>attempts set aside</th>\
         <th>result</th></tr></thead><tbody>\n",
    );
    for g in replayed {
        let result = if g.is_void() { "void: counted for nobody".to_string() } else { "counted".to_string() };
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td class=\"left\">{}</td><td>{}</td></tr>",
            game_link(&g.game_id, made),
            escape(&g.replays),
            escape(&result)
        );
    }
    b.push_str("</tbody></table></section>\n");
}

fn report_html(data: &ReportData, made: &BTreeMap<String, Result<(), String>>, choice: &PageChoice) -> String {
    let mut b = String::new();
    let faulted = data.games.iter().filter(|g| !g.faulty_bot.is_empty()).count();
    let _ = write!(
        b,
        "<header><h1>{}</h1><div class=\"muted\">{} games · {faulted} faulted · {} bots</div></header>\n<main>\n",
        escape(&data.name),
        data.games.len(),
        data.standings.len()
    );
    b.push_str(
        "<section id=\"standings\"><h2>Standings</h2><table class=\"grid\"><thead><tr><th>#</th><th>bot</th>\
        <th>games</th><th>won</th><th>drew</th><th>lost</th><th>points</th><th>Elo (95%)</th>\
        <th>pair points (95%)</th><th>margin (95%)</th><th>faults</th></tr></thead><tbody>\n",
    );
    for s in &data.standings {
        let elo = if s.elo.is_finite() { format!("{:.0}", s.elo) } else { String::new() };
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&s.rank),
            escape(&s.bot),
            escape(&s.games),
            escape(&s.wins),
            escape(&s.draws),
            escape(&s.losses),
            escape(&s.points),
            ci(&elo, &format!("{:.0}", s.elo_ci95)),
            within(&s.pair_points, &s.pair_points_low, &s.pair_points_high),
            ci(&s.margin, &s.margin_ci95),
            escape(&s.faults)
        );
    }
    b.push_str("</tbody></table></section>\n");
    let _ = writeln!(
        b,
        "<section id=\"ratings\"><h2>Ratings (Elo, 95% interval)</h2>{}</section>",
        super::plot::elo_svg(&data.standings)
    );
    cross_table(&mut b, data);
    faults_table(&mut b, data);
    b.push_str("<section id=\"slowest\"><h2>Slowest moves (time charged for one line)</h2><table class=\"grid\"><thead><tr><th>bot</th><th>slowest moves</th></tr></thead><tbody>\n");
    for (bot, moves) in &data.slowest {
        let list: Vec<String> =
            moves.iter().map(|m| format!("{:.3} s in {}", m.seconds, game_link(&m.game_id, made))).collect();
        let _ = writeln!(b, "<tr><td>{}</td><td class=\"left\">{}</td></tr>", escape(bot), list.join(" · "));
    }
    b.push_str("</tbody></table></section>\n");
    unplayable_section(&mut b, data);
    unexpected_section(&mut b, data);
    replayed_section(&mut b, data, made);
    b.push_str("<section id=\"faulted\"><h2>Faulted games</h2>");
    if faulted == 0 {
        b.push_str("<p>None.</p>");
    } else {
        b.push_str("<table class=\"grid\"><thead><tr><th>game</th><th>bot</th><th>fault</th><th>detail</th><th>hint</th></tr></thead><tbody>\n");
        for g in data.games.iter().filter(|g| !g.faulty_bot.is_empty()) {
            // A bot that did not build is said once, above; its games were not played.
            let detail: String = if g.fault_kind == "build" {
                format!("not played: {} did not build (see above)", g.faulty_bot)
            } else if g.is_void() {
                format!("void (counted for nobody): the host spoiled every attempt · {}", g.fault_detail)
            } else {
                g.fault_detail.chars().take(160).collect()
            };
            let hint = if g.fault_kind == "build" { String::new() } else { hint_html(&g.fault_kind, &g.fault_detail) };
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"left detail\">{}</td><td class=\"left detail\">{}</td></tr>",
                game_link(&g.game_id, made),
                escape(&g.faulty_bot),
                escape(&g.fault_kind),
                escape(&detail),
                hint
            );
        }
        b.push_str("</tbody></table>");
    }
    b.push_str("</section>\n");
    let asked: Vec<&String> = if choice.all { made.keys().collect() } else { choice.games.iter().collect() };
    if !asked.is_empty() {
        let title = if choice.all { "All games" } else { "Games asked for" };
        let links: Vec<String> = asked.iter().map(|id| game_link(id, made)).collect();
        let _ =
            writeln!(b, "<section id=\"games\"><h2>{title}</h2><p class=\"links\">{}</p></section>", links.join(" "));
    }
    b.push_str("</main>");
    page::page(&format!("{} · juiz report", data.name), CSS, &b, None, READY)
}

fn cross_table(b: &mut String, data: &ReportData) {
    let bots: Vec<&str> = data.standings.iter().map(|s| s.bot.as_str()).collect();
    b.push_str("<section id=\"cross\"><h2>Cross table (row bot against column bot: won-drew-lost, mean score margin)</h2><table class=\"grid\"><thead><tr><th></th>");
    for bot in &bots {
        let _ = write!(b, "<th>{}</th>", escape(bot));
    }
    b.push_str("</tr></thead><tbody>\n");
    for me in &bots {
        let _ = write!(b, "<tr><th>{}</th>", escape(me));
        for other in &bots {
            match data.pairs.get(&((*me).to_owned(), (*other).to_owned())) {
                Some(r) if r.games > 0 => {
                    let mean = r.margin_sum as f64 / f64::from(r.games);
                    let class = if r.wins > r.losses {
                        "win"
                    } else if r.wins < r.losses {
                        "loss"
                    } else {
                        "even"
                    };
                    let _ = write!(
                        b,
                        "<td class=\"{class}\">{}-{}-{}<br><span class=\"muted\">{mean:+.0}</span></td>",
                        r.wins, r.draws, r.losses
                    );
                }
                _ => b.push_str("<td class=\"muted\">–</td>"),
            }
        }
        b.push_str("</tr>\n");
    }
    b.push_str("</tbody></table></section>\n");
}

fn faults_table(b: &mut String, data: &ReportData) {
    let kinds: std::collections::BTreeSet<&String> = data.faults.values().flat_map(|k| k.keys()).collect();
    b.push_str("<section id=\"faults\"><h2>Faults per bot</h2>");
    if kinds.is_empty() {
        b.push_str("<p>No bot faulted.</p></section>\n");
        return;
    }
    b.push_str("<table class=\"grid\"><thead><tr><th>bot</th>");
    for kind in &kinds {
        let _ = write!(b, "<th>{}</th>", escape(kind));
    }
    b.push_str("<th>total</th></tr></thead><tbody>\n");
    for (bot, counts) in &data.faults {
        let _ = write!(b, "<tr><td>{}</td>", escape(bot));
        for kind in &kinds {
            let _ = write!(b, "<td>{}</td>", counts.get(*kind).copied().unwrap_or(0));
        }
        let _ = writeln!(b, "<td>{}</td></tr>", counts.values().sum::<u32>());
    }
    b.push_str("</tbody></table></section>\n");
}
