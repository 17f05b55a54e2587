//! `juiz bench --pages`: what the HTML pages cost, measured rather than asserted in a test: a
//! tournament of `--big` games is played, then `juiz report` is timed on its results folder, and
//! the viewer page of its longest game is written (size, time) and opened in headless chromium
//! (time until the page reports itself drawn).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use juiz::report::html::{self, PageChoice};

use super::{Failure, Outcome, SUCCESS};
use crate::cli::BenchArgs;

pub fn bench_pages(args: &BenchArgs) -> Outcome {
    let scratch = args.scratch_dir()?;
    let source = args.bot_source();
    let bot = source.canonicalize().map_err(|e| Failure::input(format!("--bot {}: {e}", source.display())))?;
    let games = args.big.max(2).div_ceil(2) * 2;
    let seats = args.seats();
    let bots: Vec<_> = (0..2).map(|i| serde_json::json!({"name": format!("bot{i}"), "command": bot})).collect();
    let mut t =
        serde_json::json!({"name": "pages", "game": args.game.name(), "games_per_pairing": games, "bots": bots});
    if seats == 4 {
        t["players"] = serde_json::json!(4);
    }
    let file = scratch.path().join("pages.json");
    let out = scratch.path().join("results");
    std::fs::write(&file, t.to_string()).map_err(|e| Failure::input(e.to_string()))?;
    eprintln!("bench: playing {games} games of {} for the pages", args.game);
    let me = std::env::current_exe().map_err(|e| Failure::input(e.to_string()))?;
    let status = Command::new(me)
        .arg("tournament")
        .arg(&file)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .map_err(|e| Failure::input(e.to_string()))?;
    if !status.success() {
        return Err(Failure::input(format!("the pages' tournament failed ({status})")));
    }
    let start = Instant::now();
    let report = html::write_report(&out, &PageChoice::default()).map_err(Failure::input)?;
    let report_s = start.elapsed().as_secs_f64();
    let report_kb = std::fs::metadata(&report.path).map(|m| m.len()).unwrap_or(0).div_ceil(1024);
    println!(
        "report: {games} games -> report.html {report_kb} KB, {} viewer page(s), in {report_s:.2} s",
        report.pages
    );
    let (log, rows) = longest_log(&out.join("games"));
    let page = scratch.path().join("longest.html");
    let start = Instant::now();
    let bytes = html::write_viewer(&log, &page).map_err(Failure::input)?;
    let write_ms = start.elapsed().as_secs_f64() * 1000.0;
    let ready = ready_ms(&page).map_or("not measured (no /usr/bin/chromium)".into(), |ms| format!("{ms} ms"));
    println!(
        "viewer page: longest game ({rows} rows) -> {} KB, written in {write_ms:.0} ms, drawn in chromium after {ready}",
        bytes.div_ceil(1024)
    );
    Ok(ExitCode::from(SUCCESS))
}

/// The transcript with the most lines in `games`, and that count.
fn longest_log(games: &Path) -> (PathBuf, usize) {
    let mut best = (PathBuf::new(), 0);
    for entry in std::fs::read_dir(games).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "csv") {
            let rows = std::fs::read(&path).map(|b| b.iter().filter(|&&c| c == b'\n').count()).unwrap_or(0);
            if rows > best.1 {
                best = (path, rows);
            }
        }
    }
    best
}

/// The page's own `data-ready-ms` (navigation start to drawn) in headless chromium.
fn ready_ms(page: &Path) -> Option<u64> {
    let chrome = Path::new("/usr/bin/chromium");
    let profile = tempfile::tempdir().ok()?;
    let out = Command::new(chrome)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"])
        .args(["--disable-background-networking", "--disable-component-update", "--disable-sync"])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.canonicalize().ok()?.display()))
        .env("HOME", profile.path())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let dom = String::from_utf8_lossy(&out.stdout);
    let at = dom.find("data-ready-ms=\"")? + "data-ready-ms=\"".len();
    dom[at..].split('"').next()?.parse().ok()
}
