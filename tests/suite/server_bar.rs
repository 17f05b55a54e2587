//! The course's grading bar over HTTP on loopback: a course names a house bot to beat; the ladder
//! plays each student's version against it, and the leaderboard, the student's page (in both
//! languages) and the admin's `grades.csv` give the verdict the ladder's own games make; a bar
//! that names no house bot of the course is refused when the server starts.

use crate::server_support;

use std::collections::BTreeMap;

use server_support::{Course, Server, settled, wait_for};

const ROSTER: &str = "ana,\"Silva, Ana\",\nbia,Bia,\n";

/// `grades.csv` by student id: the line's fields by column name.
fn grades(server: &Server) -> BTreeMap<String, BTreeMap<String, String>> {
    let text = server.get(&format!("/admin/{}/grades.csv", server.admin)).text();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header,
        [
            "student",
            "name",
            "version",
            "elo",
            "games",
            "bar",
            "bar_games",
            "bar_points",
            "bar_verdict",
            "rank",
            "final_rank",
            "final_points",
            "final_bar_games",
            "final_bar_points",
            "final_bar_verdict"
        ]
    );
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            let line: BTreeMap<String, String> = header.iter().cloned().zip(r.iter().map(String::from)).collect();
            (line["student"].clone(), line)
        })
        .collect()
}

/// Games and points of `version` against `bar` in the ladder's `games.csv` (ranked games only
/// are rated, and the ladder plays only ranked ones here), the opponents of its first two games,
/// and the (seed, seats) of its first two games against the bar.
fn record(server: &Server, version: &str, bar: &str) -> (u32, f64, Vec<String>, Vec<(String, String)>) {
    let text = server.get(&format!("/admin/{}/games.csv", server.admin)).text();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (mut games, mut points, mut first, mut deals) = (0, 0.0, Vec::new(), Vec::new());
    for r in reader.records() {
        let r = r.unwrap();
        let seats: Vec<&str> = r[col("seats")].split(' ').collect();
        if seats.contains(&version) && first.len() < 2 {
            first.extend(seats.iter().filter(|s| **s != version).map(|s| s.to_string()));
        }
        if seats.contains(&version) && seats.contains(&bar) {
            if deals.len() < 2 {
                let seats = seats.iter().map(|s| if *s == version { "student" } else { "bar" }).collect::<Vec<_>>();
                deals.push((r[col("seed")].to_string(), seats.join(" ")));
            }
            games += 1;
            points += match &r[col("winner")] {
                w if w == version => 1.0,
                "" => 0.5,
                _ => 0.0,
            };
        }
    }
    (games, points, first, deals)
}

#[test]
fn the_bar_is_played_first_and_its_verdict_follows_the_ladder_games() {
    let course = Course::with_keys(ROSTER, r#""bar": "easy", "bar_games": 2"#, r#" "house": ["easy"],"#);
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read(server_support::root().join("bots/smart.c")).unwrap();
    let random = std::fs::read(server_support::root().join("bots/random_bot.py")).unwrap();
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart).status, 303);
    assert_eq!(server.upload(&links["bia"], "main.py", &random).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    assert_eq!(settled(&server, &links["bia"], 1), "ready");

    // Both decided: the two games of one fixed deal each against house-easy, then a verdict.
    let lines = wait_for("both verdicts", || {
        let lines = grades(&server);
        lines.values().all(|l| l["bar_verdict"] != "pending").then_some(lines)
    });
    for (id, version) in [("ana", "ana.v1"), ("bia", "bia.v1")] {
        let line = &lines[id];
        assert_eq!((line["version"].as_str(), line["bar"].as_str()), (version, "house-easy"), "{line:?}");
        let (games, points, first, _) = record(&server, version, "house-easy");
        assert!(games >= 2, "{id} played the bar {games} times");
        assert_eq!(first, ["house-easy", "house-easy"], "{id}'s first games are against the bar");
        // The verdict is read from the games the ladder recorded.
        let (bar_games, bar_points): (u32, f64) =
            (line["bar_games"].parse().unwrap(), line["bar_points"].parse().unwrap());
        // Only the first bar_games games decide, however many the ladder plays against the bar.
        assert!(bar_games == 2 && bar_games <= games, "{line:?} against {games} games in games.csv");
        let wanted = if bar_points * 2.0 > f64::from(bar_games) { "passed" } else { "failed" };
        assert_eq!(line["bar_verdict"], wanted, "{line:?}");
        assert!(points >= 0.0 && points <= f64::from(games));
    }
    assert_eq!(lines["ana"]["name"], "Silva, Ana", "a name with a comma survives the CSV");
    // The same fixed deal for everyone: the same seed, each seat order once.
    let (ana, bia) = (record(&server, "ana.v1", "house-easy").3, record(&server, "bia.v1", "house-easy").3);
    assert_eq!(ana, bia, "ana and bia met the bar on the same deal, in the same seats");
    assert_eq!(ana[0].0, ana[1].0, "one deal, played twice");
    assert_ne!(ana[0].1, ana[1].1, "the seats swapped");

    // The leaderboard shows the verdicts of the students only; the page says the rule and the
    // verdict, in Portuguese too.
    let board = server.get("/board.json").json();
    assert_eq!(board["bar"], "house-easy");
    for row in board["rows"].as_array().unwrap() {
        let cell = row["bar"].as_str().unwrap();
        if row["version"].as_str().unwrap().ends_with(".v1") {
            assert!(cell.ends_with('✓') || cell.ends_with('✗'), "{cell}");
        } else {
            assert_eq!(cell, "", "no verdict for a house bot: {row}");
        }
    }
    let html = server.get("/board").text();
    assert!(html.contains("<th>vs house-easy</th>"), "{html}");
    let page = server.get(&format!("/s/{}", links["bia"])).text();
    assert!(page.contains("To pass, beat <b>house-easy</b>: more than half the points in 2 ranked games."), "{page}");
    let verdict = &lines["bia"]["bar_verdict"];
    assert!(page.contains(&format!("data-verdict=\"{verdict}\"")), "{page}");
    // The page's words are grades.csv's: "failed" is "failed", not "not passed yet".
    assert!(page.contains(&format!(" · {verdict}</span>")), "{page}");
    let pt = server.get(&format!("/s/{}?lang=pt", links["bia"])).text();
    assert!(pt.contains("Para passar, vença <b>house-easy</b>"), "{pt}");
    server.kill();
}

#[test]
fn a_bar_that_names_no_house_bot_is_refused() {
    let course = Course::with_keys(ROSTER, r#""bar": "expert""#, r#" "house": ["easy"],"#);
    let out = course.juiz(&["--links"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("bar: 'expert' is not one of the course's house bots (known: smart, random, house-easy)"),
        "{err}"
    );
    let course = Course::with_keys(ROSTER, r#""bar": "easy", "bar_games": 3"#, r#" "house": ["easy"],"#);
    let out = course.juiz(&["--links"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bar_games: 3 is not a positive even number"), "{err}");
    let course = Course::new(ROSTER, r#""bar_games": 3"#);
    let out = course.juiz(&["--links"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bar_games without a \"bar\""), "{err}");
}
