//! The course server's check is the course's, over HTTP on loopback: a bot whose bug only a
//! 4-player table reaches is accepted by a 2-player course and refused by a 4-player one, and
//! the same bytes, uploaded by two students, are checked with the same games (seeded by the
//! course and the bytes, not by the upload) and get the same verdict; the check's files are
//! kept compressed once it ends.

use crate::server_support;

use std::collections::BTreeMap;
use std::path::Path;

use server_support::{Course, Server, root, settled};

const ROSTER: &str = "ana,Ana,\nbia,Bia,\n";

fn course(players: usize) -> Course {
    let json = format!(
        r#"{{"name": "course-{players}p", "game": "itp-buraco", "players": {players}, "games_per_pairing": 2, "move_timeout": "3s",
  "bots": [{{"name": "smart", "build": "{}"}}], "house": ["easy"],
  "course": {{"roster": "roster.csv", "data": "data", "check_games": 2}}}}"#,
        root().join("bots/smart.c").display()
    );
    Course::from_json(ROSTER, &json)
}

fn bug() -> Vec<u8> {
    std::fs::read(root().join("tests/fixtures/bot/four_player_bug.py")).unwrap()
}

/// The folders of the checked versions' logs, by version id.
fn checked(data: &Path) -> Vec<std::path::PathBuf> {
    let mut dirs: Vec<_> = std::fs::read_dir(data.join("versions")).unwrap().flatten().map(|e| e.path()).collect();
    dirs.sort_by_key(|d| d.file_name().unwrap().to_string_lossy().parse::<u64>().unwrap_or(u64::MAX));
    dirs
}

/// Each check game's transcript kept in `dir`, with the seed it was dealt from. Once the check
/// ends its files are kept compressed, as the ladder's games are (`record::packed`).
fn seeds(dir: &Path) -> BTreeMap<String, String> {
    let mut seeds = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(name.ends_with(".zst"), "a check's file left plain: {name}");
        if let Some(name) = name.strip_suffix(".zst").filter(|n| n.ends_with(".csv")) {
            let bytes = juiz::record::packed::read(&entry.path()).unwrap();
            let text = String::from_utf8(bytes).unwrap();
            let seed = text.lines().find(|l| l.contains("seed=")).unwrap_or_default().to_owned();
            seeds.insert(name.to_owned(), seed.split("seed=").nth(1).unwrap_or_default().to_owned());
        }
    }
    seeds
}

#[test]
fn a_two_player_course_accepts_a_four_player_only_bug_and_the_same_bytes_get_the_same_games() {
    let course = course(2);
    let links = course.links();
    let server = Server::start(&course);
    for student in ["ana", "bia"] {
        assert_eq!(server.upload(&links[student], "bot.py", &bug()).status, 303);
    }
    for student in ["ana", "bia"] {
        assert_eq!(settled(&server, &links[student], 1), "ready", "{student}");
    }
    let dirs = checked(&course.data());
    assert_eq!(dirs.len(), 2, "{dirs:?}");
    let (ana, bia) = (seeds(&dirs[0]), seeds(&dirs[1]));
    assert!(ana.len() >= 5, "{ana:?}");
    assert!(ana.keys().all(|name| !name.contains("4p")), "{ana:?}");
    assert!(ana.values().all(|seed| !seed.is_empty()), "{ana:?}");
    assert_eq!(ana, bia, "the same bytes, the same games");
}

#[test]
fn a_four_player_course_refuses_it() {
    let course = course(4);
    let links = course.links();
    let server = Server::start(&course);
    assert_eq!(server.upload(&links["ana"], "bot.py", &bug()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "check-failed");
    let page = server.get(&format!("/s/{}", links["ana"])).text();
    assert!(page.contains("crashed: the team array has 2 slots"), "the crashing copy's stderr is shown");
}
