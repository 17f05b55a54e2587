//! The instructor's side over HTTP on loopback (issue 37): `--links` while the server runs keeps
//! every link and `--reissue` replaces only what it names; the admin link survives a restart;
//! the admin page's columns and counts, one student's panel (the link looked up, a new one after
//! a confirmation step, POST-redirect-GET), a version taken off the ladder with a reason the
//! student reads; the board says when the ladder is paused.

use crate::server_support;

use server_support::{Course, Server, settled, wait_for};

const ROSTER: &str = "ana,Ana,\nbia,Bia,\n";

/// `--links` with these extra arguments: student id (or `admin`) → token.
fn links_with(course: &Course, extra: &[&str]) -> std::collections::BTreeMap<String, String> {
    let mut args = vec!["--links"];
    args.extend_from_slice(extra);
    let out = course.juiz(&args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| (l.split(',').next().unwrap().to_string(), l.rsplit('/').next().unwrap().to_string()))
        .collect()
}

#[test]
fn links_are_kept_while_the_class_runs_and_replaced_only_when_asked() {
    let course = Course::new(ROSTER, "");
    let first = course.links();
    let server = Server::start(&course);
    assert_eq!(server.admin, first["admin"], "the server prints the kept admin link");
    // --links again, the server running: the same links, all still working.
    assert_eq!(links_with(&course, &[]), first);
    for id in ["ana", "bia"] {
        assert_eq!(server.get(&format!("/s/{}", first[id])).status, 200, "{id}'s link still works");
    }
    assert_eq!(server.get(&format!("/admin/{}", first["admin"])).status, 200);
    // --reissue bia: only bia's link changes.
    let second = links_with(&course, &["--reissue", "bia"]);
    assert_eq!((&second["ana"], &second["admin"]), (&first["ana"], &first["admin"]));
    assert_ne!(second["bia"], first["bia"]);
    assert_eq!(server.get(&format!("/s/{}", first["bia"])).status, 404, "bia's old link is revoked");
    assert_eq!(server.get(&format!("/s/{}", second["bia"])).status, 200);
    let bad = course.juiz(&["--links", "--reissue", "zed"]).output().unwrap();
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no student 'zed' on the roster"));
    // The admin link survives a restart.
    server.kill();
    let server = Server::start(&course);
    assert_eq!(server.admin, first["admin"], "the same admin link after a restart");
    assert_eq!(server.get(&format!("/s/{}", first["ana"])).status, 200);
    // --reissue (everyone): every link new, the old ones dead.
    let third = links_with(&course, &["--reissue"]);
    for (id, token) in &first {
        assert_ne!(&third[id], token, "{id}'s link replaced");
    }
    assert_eq!(server.get(&format!("/admin/{}", first["admin"])).status, 404);
    server.kill();
}

#[test]
fn the_admin_page_counts_right_confirms_and_takes_a_version_off_the_ladder() {
    let course = Course::new(ROSTER, "");
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read(server_support::root().join("bots/smart.c")).unwrap();
    assert_eq!(server.upload(&links["ana"], "bot.c", b"int main(void) { return }").status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "build-failed");
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart).status, 303);
    assert_eq!(settled(&server, &links["ana"], 2), "ready");

    let admin = format!("/admin/{}", server.admin);
    let page = server.get(&admin).text();
    assert!(!page.contains("Your versions"), "a student's words on the admin page: {page}");
    assert!(page.contains("<th>Versions (passed)</th><th>Latest version</th><th>Active version</th>"), "{page}");
    assert!(page.contains("<td class=\"versions\">2 (1)</td><td>passed</td><td>ana.v2</td>"), "{page}");
    let pt = server.get(&format!("{admin}?lang=pt")).text();
    assert!(pt.contains("<th>Versões (aprovadas)</th>"), "{pt}");

    // One student's panel: the link looked up, a new one only after a confirmation step.
    let panel = server.get(&format!("{admin}?student=ana")).text();
    // (The page escapes the link's slashes: `&#x2f;s&#x2f;TOKEN`.)
    assert!(panel.contains(&format!("s&#x2f;{}</code>", links["ana"])), "ana's link shown: {panel}");
    assert!(!panel.contains("id=\"confirm-reissue\""), "no reissue form before asking");
    let ask = server.get(&format!("{admin}?student=ana&confirm=reissue")).text();
    assert!(ask.contains("id=\"confirm-reissue\"") && ask.contains("stops working at once"), "{ask}");
    assert_eq!(server.get(&format!("/s/{}", links["ana"])).status, 200, "asking changes nothing");
    let done = server.admin_post("reissue", &[("student", "ana")]);
    assert_eq!(done.status, 303, "POST-redirect-GET: {}", done.text());
    let location = done.header("location").unwrap().to_string();
    assert!(location.contains("student=ana"), "{location}");
    let shown = server.get(&location).text();
    let link = shown.split("id=\"student-link\">").nth(1).and_then(|s| s.split('<').next()).unwrap();
    let token = link.rsplit(['/', ';']).next().unwrap();
    assert_ne!(token, links["ana"]);
    assert_eq!(server.get(&format!("/s/{token}")).status, 200);
    assert_eq!(server.get(&format!("/s/{}", links["ana"])).status, 404);

    // A version taken off the ladder, with a reason the student reads.
    let refused = server.admin_post("off", &[("student", "ana"), ("version", "0"), ("reason", " ")]);
    assert_eq!(refused.status, 400, "no reason: {}", refused.text());
    let version = shown
        .split("name=\"version\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("the active version's form")
        .to_string();
    let off = server.admin_post("off", &[("student", "ana"), ("version", &version), ("reason", "copied from bia")]);
    assert_eq!(off.status, 303, "{}", off.text());
    let mine = server.get(&format!("/s/{token}")).text();
    assert!(mine.contains("taken off the ladder: copied from bia"), "{mine}");
    let mine_pt = server.get(&format!("/s/{token}?lang=pt")).text();
    assert!(mine_pt.contains("retirada da ladder: copied from bia"), "{mine_pt}");
    let board = server.get("/board.json").json();
    assert!(board["rows"].as_array().unwrap().iter().all(|r| r["version"] != "ana.v2"), "{board}");
    let grades = server.get(&format!("{admin}/grades.csv")).text();
    let ana = grades.lines().find(|l| l.starts_with("ana,")).unwrap();
    assert!(ana.starts_with("ana,Ana,,"), "no active version in grades.csv: {ana}");

    // The board says when the ladder is paused.
    assert!(server.get("/board.json").json()["notice"].is_null());
    assert_eq!(server.admin_post("pause", &[("paused", "1")]).status, 303);
    let notice = server.get("/board.json").json()["notice"].as_str().map(String::from);
    assert_eq!(notice.as_deref(), Some("The ladder is paused: no ranked games are played for now."));
    let pt = server.get("/board?lang=pt").text();
    assert!(pt.contains("A ladder está pausada"), "{pt}");
    wait_for("the page to keep the notice", || {
        server.get("/board").text().contains("id=\"ladder-notice\">").then_some(())
    });
    server.kill();
}
