//! Playing your own bot in a real browser (issue 37, item 8): headless Chromium opens a
//! student's page, starts a game against a house bot from the page's form, clicks the offered
//! moves (for a bounded number of moves, then resigns if the game goes on), and opens the kept
//! game from the student's list in the viewer; the page's words in English and in Portuguese.
//! Without chromium the test is skipped outside CI (as in tests/suite/browser.rs).

use crate::cdp;
use crate::common;
use crate::server_support;

use cdp::Browser;
use serde_json::json;
use server_support::{Course, Server, wait_for};

/// Clicks at most this many moves before resigning.
const MOVES: usize = 25;

#[test]
fn a_student_plays_a_house_bot_in_the_browser_and_replays_the_game() {
    let Some(chrome) = common::chromium() else { return };
    let course = Course::new("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let page = format!("http://{}/s/{}", server.addr, links["ana"]);
    let mut browser = Browser::start(&chrome);
    browser.open(&format!("{page}?lang=pt"));
    let form = browser.eval("document.getElementById('human-start').textContent");
    assert!(form.as_str().unwrap().contains("Jogue você mesmo contra um bot:"), "{form}");
    browser.open(&format!("{page}?lang=en"));
    let form = browser.eval("document.getElementById('human-start').textContent");
    assert!(form.as_str().unwrap().contains("Play against a bot yourself:"), "{form}");
    let chosen = browser.eval(
        "(function(){ var s=document.querySelector('#human-start select');
           var o=Array.from(s.options).find(function(o){ return o.textContent==='random'; });
           s.value=o.value; document.querySelector('#human-start button').click(); return o.value; })()",
    );
    assert!(chosen.is_string(), "the house bot random is offered: {chosen}");
    browser.wait_loaded("/human?lang=en");
    let state = |browser: &mut Browser| -> (String, u64) {
        let state = browser.eval("document.body.dataset.state || ''").as_str().unwrap_or_default().to_string();
        let seq = browser.eval("Number(document.body.dataset.seq || -1)").as_i64().unwrap_or(-1);
        (state, seq.max(0) as u64)
    };
    let mut clicks = 0;
    let mut seen = 0;
    loop {
        let (now, seq) = wait_for("the human's turn or the end", || {
            let (s, seq) = state(&mut browser);
            (s == "over" || (s == "yours" && seq > seen)).then_some((s, seq))
        });
        if now == "over" {
            break;
        }
        if clicks == MOVES {
            browser.eval("document.getElementById('resign').click(); true");
            wait_for("the resignation", || (state(&mut browser).0 == "over").then_some(()));
            break;
        }
        // The seat's own view: the other seat's hand is drawn as a count, without cards.
        let hidden = browser
            .eval("Array.from(document.querySelectorAll('#table .zone[data-kind=hand]:not(.mine) .card')).length");
        assert_eq!(hidden, json!(0), "another seat's cards are never shown");
        let mine = browser.eval("document.querySelectorAll('#table .zone.mine .card').length");
        assert!(mine.as_u64().unwrap() > 0, "the human's own hand is shown");
        let clicked = browser.eval(
            "(function(){ var b=document.querySelector('#moves button.move'); if(!b){ return ''; } b.click(); return b.textContent; })()",
        );
        assert_ne!(clicked, json!(""), "a move to click at seq {seq}");
        seen = seq;
        clicks += 1;
    }
    assert!(clicks >= 5, "moves were clicked: {clicks}");
    assert_eq!(browser.eval("document.documentElement.dataset.errors || ''"), json!(""), "no script errors");
    let replay = wait_for("the replay link", || {
        browser
            .eval("(document.getElementById('replay') || {}).href || ''")
            .as_str()
            .filter(|h| !h.is_empty())
            .map(str::to_string)
    });
    assert!(browser.eval("document.getElementById('result').textContent").as_str().unwrap().starts_with("You "));
    // The page in Portuguese: the same game, over.
    let human = format!("{page}/human?lang=pt");
    browser.open(&human);
    wait_for("the Portuguese page's state", || (state(&mut browser).0 == "over").then_some(()));
    assert_eq!(browser.eval("document.getElementById('status').textContent"), json!("A partida terminou."));
    assert!(browser.eval("document.querySelector('h1').textContent").as_str().unwrap().starts_with("Sua partida · h1"));
    // Listed on the student's page, and opened in the viewer.
    browser.open(&format!("{page}?lang=en"));
    let listed = browser.eval("document.querySelector('#human-games a.human-replay').href");
    assert!(listed.as_str().unwrap().contains("/game/h1"), "{listed}");
    assert!(replay.contains("/game/h1"), "{replay}");
    browser.open(listed.as_str().unwrap());
    wait_for("the viewer's script", || {
        (browser.eval("document.documentElement.dataset.ready") == json!("1")).then_some(())
    });
    assert_eq!(browser.eval("document.documentElement.dataset.errors || ''"), json!(""), "no script errors");
    let title = browser.eval("document.getElementById('title').textContent");
    assert!(title.as_str().unwrap().contains("user"), "the human's seat in the replay: {title}");
}
