//! `juiz replay LOG --html OUT`: one self-contained page that steps through a logged game (the
//! table per step from the replay, the seat views, the timeline, the fault), written whole.

use std::path::Path;

use crate::record::Transcript;

use super::page::{self, script_json};
use super::replay_data::{PageData, PageError, replay_data};

const CSS: &str = include_str!("viewer.css");
const SCRIPT: &str = include_str!("viewer.js");

const BODY: &str = r#"<header>
<h1 id="title">juiz replay</h1>
<div id="result"></div>
<div id="fault-banner" hidden></div>
</header>
<nav id="controls">
<button id="first" title="first step (Home)">|&#x25C0;</button>
<button id="prev" title="previous step (&#x2190;)">&#x25C0;</button>
<button id="play" title="play (space)">&#x25B6;</button>
<button id="next" title="next step (&#x2192;)">&#x25B6;&#x25B6;</button>
<button id="last" title="last step (End)">&#x25B6;|</button>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="step">
<span id="step-label"></span>
<label>speed <select id="speed"><option value="0.5">0.5&#xD7;</option><option value="1" selected>1&#xD7;</option><option value="2">2&#xD7;</option><option value="4">4&#xD7;</option><option value="10">10&#xD7;</option></select></label>
<label>view <select id="viewer"></select></label>
</nav>
<main>
<section id="table" aria-label="the table"></section>
<section id="timeline-box"><table id="timeline"><tbody></tbody></table></section>
</main>
<section id="stderr"></section>
<details id="meta" class="no-print"><summary>log metadata</summary><ul id="meta-list"></ul></details>"#;

/// The page for `data`.
pub fn viewer_page(data: &PageData) -> String {
    let title = format!("{} · seed {} · {}", data.game, data.seed, data.seats.join(" vs "));
    page::page(&title, CSS, BODY, Some(&script_json(data)), SCRIPT)
}

/// Replays the transcript at `log` and writes its page to `out` whole (nothing is written when
/// the log cannot be replayed).
pub fn write_viewer(log: &Path, out: &Path) -> Result<usize, PageError> {
    let transcript = Transcript::read(log)?;
    let html = viewer_page(&replay_data(&transcript, log)?);
    page::write_whole(out, html.as_bytes())
        .map_err(|e| PageError::Write { path: out.display().to_string(), message: e.to_string() })?;
    Ok(html.len())
}
