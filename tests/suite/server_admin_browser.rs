//! The admin page in a real browser (headless Chromium, `cdp`): the roster's column titles, one
//! student's panel opened by its link, a new link only after the confirmation step, and a reload
//! of the page the form led to sends nothing again (POST-redirect-GET). Without chromium the test
//! is skipped outside CI (as in tests/suite/browser.rs).

use crate::cdp;
use crate::common;
use crate::server_support;

use cdp::Browser;
use serde_json::json;
use server_support::{Course, Server, wait_for};

#[test]
fn the_instructor_gives_a_new_link_after_confirming_and_a_reload_sends_nothing() {
    let Some(chrome) = common::chromium() else { return };
    let course = Course::new("ana,Ana,\nbia,Bia,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let admin = format!("http://{}/admin/{}", server.addr, server.admin);
    let mut browser = Browser::start(&chrome);
    browser.open(&admin);
    let titles = browser.eval("Array.from(document.querySelectorAll('#roster th')).map(th => th.textContent)");
    assert_eq!(
        titles,
        json!(["id", "Name", "Team", "Link", "Versions (passed)", "Latest version", "Active version", ""]),
        "the admin page's own column titles"
    );
    // The roster's link opens ana's panel, which shows her current link.
    browser.eval(
        "Array.from(document.querySelectorAll('#roster a')).find(a => a.href.includes('student=ana')).click(); true",
    );
    wait_for("ana's panel", || {
        (browser.eval("!!document.getElementById('student-panel')") == json!(true)).then_some(())
    });
    let shown = browser.eval("document.getElementById('student-link').textContent");
    assert!(shown.as_str().unwrap().ends_with(&format!("/s/{}", links["ana"])), "{shown}");
    // "New link" asks first: nothing changes until the confirmation is sent.
    browser.eval("document.getElementById('ask-reissue').click(); true");
    wait_for("the confirmation", || {
        (browser.eval("!!document.getElementById('confirm-reissue')") == json!(true)).then_some(())
    });
    assert_eq!(server.get(&format!("/s/{}", links["ana"])).status, 200, "asking revokes nothing");
    browser.eval("document.querySelector('#confirm-reissue button').click(); true");
    let new = wait_for("the new link", || {
        let link = browser.eval("(document.getElementById('student-link') || {}).textContent || ''");
        let link = link.as_str().unwrap_or_default().to_string();
        (!link.is_empty() && !link.ends_with(&links["ana"])).then_some(link)
    });
    let url = browser.eval("location.href").as_str().unwrap().to_string();
    assert!(url.contains("student=ana") && !url.contains("/reissue"), "redirected to the panel: {url}");
    // A reload shows the same link: the form was not sent again.
    browser.call("Page.reload", json!({}));
    browser.wait_loaded(&url);
    wait_for("the panel after the reload", || {
        let link = browser.eval("(document.getElementById('student-link') || {}).textContent || ''");
        (link.as_str() == Some(new.as_str())).then_some(())
    });
    let token = new.rsplit('/').next().unwrap();
    assert_eq!(server.get(&format!("/s/{token}")).status, 200, "the new link works");
    assert_eq!(server.get(&format!("/s/{}", links["ana"])).status, 404, "the old one does not");
    server.kill();
}
