//! The course server in a real browser: headless Chromium (driven over the DevTools protocol on
//! a pipe, `--remote-debugging-pipe`) opens a student's link, puts `bots/smart.c` in the upload
//! form and sends it, reloads until the version is checked and has played, then opens its first
//! replay in the project's viewer. Without chromium the test is skipped outside CI (as in
//! tests/suite/browser.rs).

use crate::cdp;
use crate::common;
use crate::server_support;

use cdp::Browser;
use serde_json::json;
use server_support::{Course, Server, wait_for};

#[test]
fn a_student_uploads_a_bot_in_the_browser_and_opens_its_first_replay() {
    let Some(chrome) = common::chromium() else { return };
    let course = Course::new("ana,Ana,\n", r#""bar": "random", "bar_games": 2"#);
    let links = course.links();
    let server = Server::start(&course);
    let page = format!("http://{}/s/{}", server.addr, links["ana"]);
    let mut browser = Browser::start(&chrome);
    browser.open(&page);
    assert_eq!(browser.eval("document.querySelector('h1').textContent"), json!("Your bot · Ana (ana)"));
    browser.call("Page.enable", json!({}));
    let document = browser.call("DOM.getDocument", json!({}));
    let root = document["root"]["nodeId"].clone();
    let input = browser.call("DOM.querySelector", json!({"nodeId": root, "selector": "#upload input[type=file]"}));
    let smart = server_support::root().join("bots/smart.c");
    browser.call("DOM.setFileInputFiles", json!({"nodeId": input["nodeId"], "files": [smart.display().to_string()]}));
    browser.eval("document.querySelector('#upload button').click(); true");
    // The form's answer (a redirect to the same page), then reloads until the version has played.
    let replay = wait_for("the version's first game", || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        browser.open(&page);
        let state = browser.eval("(document.querySelector('#v1 [data-state]') || {}).dataset?.state || ''");
        assert_ne!(state, json!("check-failed"));
        assert_ne!(state, json!("build-failed"));
        let link = browser.eval("(document.querySelector('a.replay') || {}).href || ''");
        link.as_str().filter(|l| !l.is_empty() && state == json!("ready")).map(str::to_string)
    });
    assert!(browser.eval("document.querySelector('#active').textContent") == json!("v1"));
    browser.open(&replay);
    wait_for("the viewer's script", || {
        (browser.eval("document.documentElement.dataset.ready") == json!("1")).then_some(())
    });
    assert_eq!(browser.eval("document.documentElement.dataset.errors || ''"), json!(""), "no script errors");
    let title = browser.eval("document.getElementById('title').textContent");
    assert!(title.as_str().unwrap().contains("ana.v1"), "the replay of ana's game: {title}");
    let board = format!("http://{}/board", server.addr);
    browser.open(&board);
    let rows = browser.eval("document.querySelectorAll('#board tbody tr').length");
    assert_eq!(rows, json!(3), "ana and the two house bots");
    // The page's own refresh (from board.json) draws the bar's column too.
    wait_for("the leaderboard's refresh", || {
        (browser.eval("document.getElementById('board').dataset.refreshed || ''") != json!("")).then_some(())
    });
    let cells = browser.eval(
        "Array.from(document.querySelectorAll('#board tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent))",
    );
    let rows = cells.as_array().unwrap();
    assert_eq!(rows.len(), 3, "{cells}");
    for row in rows {
        let row: Vec<&str> = row.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert_eq!(row.len(), 8, "seven columns and the bar's: {row:?}");
        let bar = row[7];
        if row[2] == "ana.v1" {
            assert!(bar.contains('/') && ['✓', '✗', '…'].iter().any(|m| bar.ends_with(*m)), "{row:?}");
        } else {
            assert_eq!(bar, "", "{row:?}");
        }
    }
}

// page-student (issue 37): the verdict arrives without a reload; the history plots the ratings.
#[test]
fn the_verdict_appears_without_a_reload_and_the_history_plots_the_rating() {
    let Some(chrome) = common::chromium() else { return };
    let course = Course::new("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let page = format!("http://{}/s/{}?lang=pt", server.addr, links["ana"]);
    let mut browser = Browser::start(&chrome);
    browser.open(&page);
    let document = browser.call("DOM.getDocument", json!({}));
    let root = document["root"]["nodeId"].clone();
    let input = browser.call("DOM.querySelector", json!({"nodeId": root, "selector": "#upload input[type=file]"}));
    let smart = server_support::root().join("bots/smart.c");
    browser.call("DOM.setFileInputFiles", json!({"nodeId": input["nodeId"], "files": [smart.display().to_string()]}));
    browser.eval("document.querySelector('#upload button').click(); true");
    // The form's answer: the page with version 1 on its way.
    wait_for("the page after Send", || {
        let ready = browser.eval("document.readyState === 'complete' && !!document.querySelector('#v1 [data-state]')");
        (ready == json!(true)).then_some(())
    });
    // A mark on this very document: a reload would lose it.
    browser.eval("window.sameDocument = 'yes'; true");
    let state = wait_for("the verdict, without a reload", || {
        let state = browser.eval("document.querySelector('#v1 [data-state]').dataset.state");
        assert_eq!(browser.eval("window.sameDocument || 'reloaded'"), json!("yes"), "the page was reloaded");
        state.as_str().filter(|s| !["queued", "building", "checking"].contains(s)).map(str::to_string)
    });
    assert_eq!(state, "ready");
    assert_eq!(browser.eval("document.querySelector('#v1 [data-state]').textContent"), json!("aprovada"));
    assert!(browser.eval("Number(document.body.dataset.polled || 0)").as_u64().unwrap() >= 1, "status.json polled");
    assert_eq!(browser.eval("document.getElementById('active').textContent"), json!("v1"));
    // The history: the version's source, and its rating once it has ranked games.
    wait_for("the rating plot", || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        browser.open(&page);
        (browser.eval("document.querySelectorAll('#rating-plot circle').length").as_u64().unwrap_or(0) >= 1)
            .then_some(())
    });
    let source = browser.eval("document.querySelector('#history a.source').getAttribute('href')");
    assert_eq!(source, json!(format!("/s/{}/version/1/source", links["ana"])));
    assert_eq!(browser.eval("document.querySelector('#history td[data-state]').textContent"), json!("aprovada"));
}
