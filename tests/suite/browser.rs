//! The HTML pages in a real browser: headless Chromium (Debian's `chromium`, installed by
//! `.ci/run`) loads each page from a file:// URL and dumps the DOM after its scripts ran; the
//! tests read that DOM. Without chromium these tests fail under `CI=true` and are skipped with a
//! printed reason elsewhere.

use crate::common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The DOM of `url` once its scripts ran, as chromium serializes it.
fn dom(chrome: &Path, url: &str) -> String {
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(["--dump-dom", url])
        .env("HOME", profile.path())
        .env("XDG_CONFIG_HOME", profile.path())
        .env("XDG_CACHE_HOME", profile.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", chrome.display()));
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    // Not a timing assertion: a guard so that a wedged browser fails the test instead of hanging it.
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(180) {
            let _ = child.kill();
            panic!("chromium did not finish loading {url}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let text = reader.join().unwrap().unwrap();
    assert!(text.contains("</html>"), "chromium printed no DOM for {url}: {text:.300}");
    text
}

fn url(path: &Path, fragment: &str) -> String {
    format!("file://{}{fragment}", path.canonicalize().unwrap().display())
}

/// The page loaded: its scripts ran to the end and reported no error.
fn assert_clean(dom: &str) {
    assert!(dom.contains("data-ready=\"1\""), "the page's script did not finish: {:.400}", dom);
    assert!(!dom.contains("data-errors="), "console errors: {}", attr(dom, "data-errors").unwrap_or_default());
}

fn attr(dom: &str, name: &str) -> Option<String> {
    let start = dom.find(&format!("{name}=\""))? + name.len() + 2;
    Some(dom[start..].split('"').next()?.to_owned())
}

/// The start tag of the element with `id`.
fn tag<'a>(dom: &'a str, id: &str) -> &'a str {
    let at = dom.find(&format!(" id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id}"));
    let start = dom[..at].rfind('<').unwrap();
    &dom[start..at + dom[at..].find('>').unwrap()]
}

/// The `#table` section's HTML.
fn table_html(dom: &str) -> &str {
    let start = dom.find("id=\"table\"").expect("a #table");
    let end = dom[start..].find("id=\"timeline-box\"").expect("a timeline") + start;
    &dom[start..end]
}

/// `(zone, card)` of every card face shown in the table.
fn faces(table: &str) -> Vec<(String, String)> {
    table
        .split("<span ")
        .skip(1)
        .filter_map(|tag| {
            let tag = &tag[..tag.find('>')?];
            Some((attr(tag, "data-zone")?, attr(tag, "data-card")?))
        })
        .collect()
}

fn html_of(log: &Path) -> PathBuf {
    let page = log.with_extension("html");
    let out = common::juiz().arg("replay").arg(log).arg("--html").arg(&page).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    page
}

#[test]
fn stepping_changes_the_table_and_a_seat_sees_only_its_own_hand() {
    let Some(chrome) = common::chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let bot = "python3 bots/stbl_bot.py";
    let page = html_of(&common::play_logged(dir.path(), "buraco-stbl", 21, &[bot, bot, bot, bot]));
    let first = dom(&chrome, &url(&page, "#step=0"));
    assert_clean(&first);
    let later = dom(&chrome, &url(&page, "#step=30"));
    assert_clean(&later);
    assert!(later.contains("step 30 / "), "the fragment chose the step");
    assert_ne!(table_html(&first), table_html(&later), "step 30's table is not the deal's");
    let all = faces(table_html(&later));
    for seat in 0..4 {
        assert!(all.iter().any(|(zone, _)| *zone == format!("hand-{seat}")), "everything shows hand {seat}");
    }
    assert!(all.iter().any(|(zone, _)| zone.starts_with("morto-")), "everything shows the mortos");
    for seat in 0..4 {
        let seen = dom(&chrome, &url(&page, &format!("#step=30&view={seat}")));
        assert_clean(&seen);
        let shown = faces(table_html(&seen));
        let own = format!("hand-{seat}");
        assert!(shown.iter().any(|(zone, _)| *zone == own), "seat {seat} sees its own hand");
        for (zone, card) in &shown {
            let hidden = zone.starts_with("hand-") && *zone != own;
            assert!(!hidden && !zone.starts_with("morto-") && zone != "stock", "seat {seat} sees {card} of {zone}");
        }
    }
}

#[test]
fn a_fault_is_highlighted_and_a_bots_html_runs_nothing() {
    let Some(chrome) = common::chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let evil = "python3 tests/fixtures/bot/html_writer.py";
    let file = dir.path().join("t.json");
    let bots: Vec<_> = [("evil", evil), ("rnd", "python3 bots/random_bot.py"), ("rnd2", "python3 bots/random_bot.py")]
        .iter()
        .map(|(name, command)| serde_json::json!({"name": name, "command": command}))
        .collect();
    let t = serde_json::json!({"name": "viewer", "games_per_pairing": 2, "move_timeout": "5s", "bots": bots});
    std::fs::write(&file, t.to_string()).unwrap();
    let results = dir.path().join("results");
    let out = common::juiz().arg("tournament").arg(&file).arg("--out").arg(&results).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(results.join("report.html").is_file(), "the tournament wrote its report");
    let log = results.join("games/r0001-evil-rnd-d001-s0.csv");
    assert!(results.join("games/r0001-evil-rnd-d001-s0.seat0.stderr").exists(), "the bot wrote stderr");
    let page = html_of(&log);
    let opened = dom(&chrome, &url(&page, ""));
    assert_clean(&opened);
    assert!(opened.contains("\u{b7} FAULT"), "the page opens at the fault step");
    assert!(tag(&opened, "table").contains("class=\"at-fault\""), "the table is marked at the fault");
    assert!(opened.contains("class=\"d-fault fault current\""), "the fault row is highlighted and current");
    assert!(!tag(&opened, "fault-banner").contains("hidden"), "the fault banner shows");
    assert!(attr(&opened, "data-pwned").is_none(), "the bot's markup ran: {:?}", attr(&opened, "data-pwned"));
    assert!(!opened.contains("<img"), "the bot's <img> became an element");
    assert!(opened.contains("&lt;script&gt;document.documentElement"), "the bot's line shows as text");
    assert!(opened.contains("&lt;img src=x onerror="), "its stderr shows as text");
    // A clean game gets a page when asked for; an unknown id is bad input.
    let clean = "r0003-rnd-rnd2-d001-s0";
    let out = common::juiz().arg("report").arg(&results).args(["--games", clean]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(results.join(format!("pages/{clean}.html")).is_file());
    let report = std::fs::read_to_string(results.join("report.html")).unwrap();
    assert!(report.contains(&format!("href=\"pages/{clean}.html\"")), "the report links the game asked for");
    let out = common::juiz().arg("report").arg(&results).args(["--games", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games: no game 'nope'"));
    let start = dom(&chrome, &url(&page, "#step=0"));
    assert_clean(&start);
    assert!(!start.contains("\u{b7} FAULT") && !tag(&start, "table").contains("at-fault"), "step 0 is not the fault");
}

/// The `href`s of the report's links to game pages.
fn game_links(dom: &str) -> Vec<String> {
    dom.split("<a class=\"game\" href=\"").skip(1).filter_map(|s| s.split('"').next()).map(str::to_owned).collect()
}

#[test]
fn the_reports_links_open_the_right_games() {
    let Some(chrome) = common::chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    let evil = "python3 tests/fixtures/bot/html_writer.py";
    common::two_bot_tournament(
        &file,
        "links",
        2,
        "5s",
        [("evil", evil.into()), ("rnd", "python3 bots/random_bot.py".into())],
    );
    let results = dir.path().join("results");
    let out = common::juiz().arg("tournament").arg(&file).arg("--out").arg(&results).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report = dom(&chrome, &url(&results.join("report.html"), ""));
    assert_clean(&report);
    for id in ["standings", "ratings", "cross", "faults", "slowest", "faulted"] {
        assert!(report.contains(&format!("id=\"{id}\"")), "the report has its {id} section");
    }
    assert!(report.contains("<svg class=\"plot\""), "the rating plot is drawn");
    assert!(!report.contains("<img") && attr(&report, "data-pwned").is_none(), "the fault details are text");
    let links = game_links(&report);
    let expected = ["r0001-evil-rnd-d001-s0", "r0001-evil-rnd-d001-s1"];
    for id in expected {
        let href = format!("pages/{id}.html");
        assert!(links.contains(&href), "the faulted game {id} has a link: {links:?}");
        let page = dom(&chrome, &url(&results.join(&href), ""));
        assert_clean(&page);
        let shown = page.split("id=\"result\">").nth(1).and_then(|s| s.split('<').next()).unwrap_or_default();
        assert!(shown.contains(&format!("{id}.csv")), "{href} shows game {id}: {shown}");
    }
}
