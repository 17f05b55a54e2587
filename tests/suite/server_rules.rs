//! A course with rule options over HTTP on loopback: an upload is checked under the course's
//! options (a Canasta bot that opens below the classic initial meld's minimum fails its check,
//! the rule named on the student's page), and the course's house bots are told the options.

use crate::server_support;

use server_support::{Course, Server, root, settled};

#[test]
fn an_upload_is_checked_under_the_courses_rule_options() {
    let json = r#"{"name": "rules-course", "game": "canasta", "games_per_pairing": 2, "move_timeout": "2s",
  "rules": {"initial-meld": "classic"}, "house": ["easy", "medium"], "bots": [],
  "course": {"roster": "roster.csv", "data": "data", "check_games": 0}}"#;
    let course = Course::from_json("ana,Ana,\n", json);
    let links = course.links();
    let server = Server::start(&course);
    let source = std::fs::read(root().join("bots/canasta_smart.c")).unwrap();
    assert_eq!(server.upload(&links["ana"], "bot.c", &source).status, 303);
    let page = || server.get(&format!("/s/{}", links["ana"])).text();
    assert_eq!(settled(&server, &links["ana"], 1), "check-failed", "{}", page());
    let page = page();
    assert!(page.contains("initial-meld-too-low") && page.contains("initial-meld=classic"), "{page}");
    assert!(!page.contains("a bundled opponent faulted"), "{page}");
    server.kill();
    // The ladder's house bot runs with the course's options on its command line.
    let db = rusqlite::Connection::open(course.data().join("course.db")).unwrap();
    let argv: String = db.query_row("SELECT argv FROM versions WHERE name = 'house-medium'", [], |r| r.get(0)).unwrap();
    assert!(argv.contains("--rule") && argv.contains("initial-meld=classic"), "{argv}");
}
