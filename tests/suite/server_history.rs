//! A student's history over HTTP on 127.0.0.1 (issue 37 item 9): each version's rating over
//! time is plotted from stored points (their moments in order, their games growing), a retired
//! version keeps its line, an older ready version is made active again by its own form (the
//! same bytes uploaded again only name it) and the ladder then plays it; the admin's panel of
//! the student draws the same plot.

use crate::server_support;

use server_support::{Course, Server, settled, wait_for};

fn smart() -> Vec<u8> {
    std::fs::read(server_support::root().join("bots/smart.c")).unwrap()
}

/// The plot's points of version `number` on `page`: (moment, games, rating), in drawing order.
fn points(page: &str, number: u32) -> Vec<(i64, i64, f64)> {
    let Some(line) = page.split(&format!("<g class=\"line\" data-version=\"{number}\">")).nth(1) else {
        return Vec::new();
    };
    let line = line.split("</g>").next().unwrap();
    let attr = |s: &str, name: &str| -> String {
        let at = s.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        s[at..at + s[at..].find('"').unwrap()].to_string()
    };
    line.split("<circle class=\"point\"")
        .skip(1)
        .map(|c| {
            (
                attr(c, "data-at").parse().unwrap(),
                attr(c, "data-games").parse().unwrap(),
                attr(c, "data-elo").parse().unwrap(),
            )
        })
        .collect()
}

fn assert_in_time(points: &[(i64, i64, f64)]) {
    assert!(points.iter().all(|p| p.0 > 1_700_000_000 && p.2.is_finite() && p.2 > 0.0), "{points:?}");
    assert!(points.windows(2).all(|w| w[0].0 <= w[1].0 && w[0].1 < w[1].1), "in time, games growing: {points:?}");
}

#[test]
fn the_rating_is_plotted_over_time_and_an_older_version_is_made_active_again() {
    let course = Course::new("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let ana = &links["ana"];
    let page = format!("/s/{ana}");
    assert_eq!(server.upload(ana, "bot.c", &smart()).status, 303);
    assert_eq!(settled(&server, ana, 1), "ready");
    // Version 1's line: a point after each of its first ranked games.
    let first = wait_for("three points of version 1", || {
        let p = points(&server.get(&page).text(), 1);
        (p.len() >= 3).then_some(p)
    });
    assert_in_time(&first);

    // Version 2 replaces it, and plays.
    let mut second = smart();
    second.extend_from_slice(b"\n/* v2 */\n");
    assert_eq!(server.upload(ana, "bot.c", &second).status, 303);
    assert_eq!(settled(&server, ana, 2), "ready");
    wait_for("a point of version 2", || (!points(&server.get(&page).text(), 2).is_empty()).then_some(()));
    let text = server.get(&page).text();
    assert!(text.contains("<b id=\"active\">v2</b>"), "{text}");
    let retired = points(&text, 1);
    assert!(retired.len() >= first.len() && retired[..first.len()] == first[..], "v1's line stays as it was");
    assert!(text.contains("class=\"inline make-active\""), "v1 can be made active again: {text}");

    // The same bytes as v1 again: no new version, the notice names v1 and the way back.
    let same = server.upload(ana, "bot.c", &smart());
    assert_eq!(same.status, 303);
    let named = server.get(same.header("location").unwrap().split('#').next().unwrap()).text();
    assert!(named.contains("v1.") && named.contains("Make active again"), "{named}");

    // Stale form, a version that is not ready: refused in the page, nothing changes.
    let csrf = server.csrf(&page);
    let stale = server.post_form(&format!("/s/{ana}/activate"), &[("csrf", "stale"), ("number", "1")]);
    assert_eq!(stale.status, 403);
    let missing = server.post_form(&format!("/s/{ana}/activate?lang=pt"), &[("csrf", &csrf), ("number", "7")]);
    assert_eq!(missing.status, 409);
    assert!(missing.text().contains("a versão 7 não é uma versão sua aprovada"), "{}", missing.text());
    assert!(server.get(&page).text().contains("<b id=\"active\">v2</b>"));

    // "Make active again": v1 is active, the ladder plays it and its line goes on.
    let made = server.post_form(&format!("/s/{ana}/activate"), &[("csrf", &csrf), ("number", "1")]);
    assert_eq!(made.status, 303, "{}", made.text());
    let back = server.get(made.header("location").unwrap().split('#').next().unwrap()).text();
    assert!(back.contains("<b id=\"active\">v1</b>") && back.contains("v1 is your active version again"), "{back}");
    let before = points(&back, 1).last().unwrap().1;
    let board = server.get("/board.json").json();
    let rows = board["rows"].as_array().unwrap();
    assert!(rows.iter().any(|r| r["version"].as_str().unwrap_or_default().contains("v1")), "{board}");
    assert!(!rows.iter().any(|r| r["version"].as_str().unwrap_or_default().contains("v2")), "{board}");
    let later = wait_for("a ranked game of v1 again", || {
        let p = points(&server.get(&page).text(), 1);
        (p.last().unwrap().1 > before).then_some(p)
    });
    assert_in_time(&later);
    assert!(!points(&server.get(&page).text(), 2).is_empty(), "v2, retired, keeps its line");

    // The admin's panel of ana draws the same lines.
    let panel = server.get(&format!("/admin/{}?student=ana", server.admin)).text();
    assert!(panel.contains("id=\"panel-rating\""), "{panel}");
    assert!(!points(&panel, 1).is_empty() && !points(&panel, 2).is_empty(), "{panel}");
}
