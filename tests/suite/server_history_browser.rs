//! The student's history and "play my bot against" in a real browser (headless Chromium, `cdp`):
//! the play form appears with the first verdict by the live status, without a reload; the
//! rating plot renders with its points. An ignored test takes the screenshots of
//! docs/course.md (`cargo test --release --test suite server_history_browser:: -- --ignored`). Without
//! chromium the tests are skipped outside CI (as in tests/suite/browser.rs).

use crate::cdp;
use crate::common;
use crate::server_support;

use cdp::Browser;
use serde_json::json;
use server_support::{Course, Server, settled, wait_for};

/// Puts `file` in the page's upload form and sends it, then waits for the page it leads to.
fn upload_in_browser(browser: &mut Browser, file: &std::path::Path) {
    let document = browser.call("DOM.getDocument", json!({}));
    let root = document["root"]["nodeId"].clone();
    let input = browser.call("DOM.querySelector", json!({"nodeId": root, "selector": "#upload input[type=file]"}));
    browser.call("DOM.setFileInputFiles", json!({"nodeId": input["nodeId"], "files": [file.display().to_string()]}));
    browser.eval("document.querySelector('#upload button').click(); true");
    wait_for("the page after Send", || {
        let ready = browser.eval("document.readyState === 'complete' && !!document.querySelector('#v1 [data-state]')");
        (ready == json!(true)).then_some(())
    });
}

#[test]
fn the_play_form_comes_with_the_first_verdict_and_the_plot_has_points() {
    let Some(chrome) = common::chromium() else { return };
    let course = Course::new("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let page = format!("http://{}/s/{}", server.addr, links["ana"]);
    let mut browser = Browser::start(&chrome);
    browser.open(&page);
    let shown = "(f => !!f && !f.hidden && f.getClientRects().length > 0)(document.getElementById('play-now'))";
    assert_eq!(browser.eval(shown), json!(false), "no active version, no play form");
    upload_in_browser(&mut browser, &server_support::root().join("bots/smart.c"));
    browser.eval("window.sameDocument = 'yes'; true");
    wait_for("the play form, without a reload", || {
        assert_eq!(browser.eval("window.sameDocument || 'reloaded'"), json!("yes"), "the page was reloaded");
        (browser.eval(shown) == json!(true)).then_some(())
    });
    let options = browser.eval("Array.from(document.querySelectorAll('#play-now option')).map(o => o.textContent)");
    assert_eq!(options, json!(["random", "smart"]), "the house bots to play against");
    // The form works from there: an unranked game is queued.
    browser.eval("document.querySelector('#play-now button').click(); true");
    wait_for("the friendly game", || {
        let friendly = browser.eval("document.querySelectorAll('#games td span.muted').length");
        (friendly.as_u64().unwrap_or(0) >= 1).then_some(())
    });

    // The plot: drawn by the browser, with a point per rated moment.
    wait_for("the rating plot with two points", || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        browser.open(&page);
        let n = browser.eval("document.querySelectorAll('#rating-plot circle.point').length");
        (n.as_u64().unwrap_or(0) >= 2).then_some(())
    });
    let size = browser.eval("(b => [b.width, b.height])(document.getElementById('rating-plot').getBBox())");
    let size: Vec<f64> = size.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert!(size[0] > 100.0 && size[1] > 50.0, "the plot has a size: {size:?}");
    let title = browser.eval("document.querySelector('#rating-plot circle.point title').textContent");
    assert!(title.as_str().unwrap().starts_with("v1 · 20"), "a point says its version and moment: {title}");
}

/// The screenshots of docs/course.md: a scratch course with a bar, Ana's page with two ready
/// versions and one that did not build, her history and plot; the admin page with her panel.
#[test]
#[ignore = "writes docs/img/*.png: run with --ignored when the pages change"]
fn screenshots_for_the_course_doc() {
    let chrome = common::chromium().expect("chromium");
    let course = Course::new("ana,Ana Souza,\nbia,Bia Lima,\ncaio,Caio Reis,\n", r#""bar": "random", "bar_games": 4"#);
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read(server_support::root().join("bots/smart.c")).unwrap();
    let variant = |tag: &str| [smart.clone(), format!("\n/* {tag} */\n").into_bytes()].concat();
    assert_eq!(server.upload(&links["bia"], "bot.c", &variant("bia")).status, 303);
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    let page = format!("/s/{}", links["ana"]);
    let rated = |n: usize| {
        wait_for("ana's rated games", || {
            std::thread::sleep(std::time::Duration::from_millis(500));
            let text = server.get(&page).text();
            (text.matches("class=\"point\"").count() >= n).then_some(())
        })
    };
    rated(12);
    assert_eq!(server.upload(&links["ana"], "bot.c", &variant("ana v2")).status, 303);
    assert_eq!(settled(&server, &links["ana"], 2), "ready");
    rated(24);
    assert_eq!(server.upload(&links["ana"], "bot.c", b"int main(void) { return 0 }\n").status, 303);
    assert_eq!(settled(&server, &links["ana"], 3), "build-failed");
    let img = server_support::root().join("docs/img");
    std::fs::create_dir_all(&img).unwrap();
    let mut browser = Browser::start(&chrome);
    let shots = [
        (format!("http://{}{page}?lang=en", server.addr), "student-page.png"),
        (format!("http://{}/admin/{}?lang=en&student=ana", server.addr, server.admin), "admin-page.png"),
    ];
    for (url, name) in shots {
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 900, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser.open(&url);
        // The games' table keeps its first rows only, so the picture shows the history too.
        browser
            .eval("document.querySelectorAll('#games tbody tr').forEach((r, i) => { if (i >= 6) r.remove(); }); true");
        let height = browser.eval("document.documentElement.scrollHeight").as_u64().unwrap().min(2400);
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 900, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
        let shot = browser.call("Page.captureScreenshot", json!({"format": "png"}));
        let bytes = base64(shot["data"].as_str().unwrap());
        assert!(bytes.len() < 200 * 1024, "{name} is {} bytes", bytes.len());
        std::fs::write(img.join(name), bytes).unwrap();
    }
}

/// Standard base64 decoded (the screenshot's data), without a dependency for it.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &c)| n | u32::from(value(c)) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}
