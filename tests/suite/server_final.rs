//! The final tournament over HTTP on loopback (issue 37): with `"final_house"` it includes the
//! house bots, so `grades.csv` carries each student's final rank, points and result against the
//! bar in the final's own games; the admin page shows its progress and standings; `final.zip` is
//! self-contained (sources, a tournament file of relative paths, results, no server path), and
//! unpacked elsewhere it replays the same games with the command its README gives.

use crate::server_support;

use std::collections::BTreeMap;
use std::path::Path;

use server_support::{Course, Server, read, settled, wait_for};

/// `grades.csv` by student id: the line's fields by column name.
fn grades(server: &Server) -> BTreeMap<String, BTreeMap<String, String>> {
    let text = server.get(&format!("/admin/{}/grades.csv", server.admin)).text();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            let line: BTreeMap<String, String> =
                header.iter().cloned().zip(r.unwrap().iter().map(String::from)).collect();
            (line["student"].clone(), line)
        })
        .collect()
}

/// Every file under `dir`, as (path relative to it, bytes).
fn files(dir: &Path, under: &Path, out: &mut Vec<(String, Vec<u8>)>) {
    for entry in std::fs::read_dir(under).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(dir, &path, out);
        } else {
            out.push((path.strip_prefix(dir).unwrap().display().to_string(), std::fs::read(&path).unwrap()));
        }
    }
}

#[test]
fn the_final_includes_the_house_bots_grades_the_bar_and_zips_a_replayable_folder() {
    let course = Course::with_keys(
        "ana,Ana,\nbia,Bia,\n",
        r#""bar": "easy", "bar_games": 2, "final_house": true"#,
        r#" "house": ["easy"],"#,
    );
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read(server_support::root().join("bots/smart.c")).unwrap();
    let random = std::fs::read(server_support::root().join("bots/random_bot.py")).unwrap();
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart).status, 303);
    assert_eq!(server.upload(&links["bia"], "main.py", &random).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    assert_eq!(settled(&server, &links["bia"], 1), "ready");
    let before = grades(&server);
    assert_eq!(before["ana"]["final_rank"], "", "no final yet: {:?}", before["ana"]);

    assert_eq!(server.admin_post("final", &[]).status, 303);
    let admin = format!("/admin/{}", server.admin);
    wait_for("the final tournament", || {
        let page = server.get(&admin).text();
        assert!(!page.contains("failed:"), "{page}");
        page.contains("<p id=\"final-state\">done</p>").then_some(page)
    });
    let page = server.get(&admin).text();
    // ana, bia, smart, random, house-easy: 10 pairings of 2 games.
    assert!(page.contains("<p id=\"final-progress\">20 / 20 games played</p>"), "{page}");
    assert!(page.contains("id=\"final-standings\"") && page.contains("<td>house-easy</td>"), "{page}");

    let lines = grades(&server);
    for id in ["ana", "bia"] {
        let line = &lines[id];
        let rank: usize = line["final_rank"].parse().unwrap_or_else(|_| panic!("{line:?}"));
        assert!((1..=5).contains(&rank), "{line:?}");
        let points: f64 = line["final_points"].parse().unwrap();
        assert!((0.0..=8.0).contains(&points), "{line:?}");
        assert_eq!(line["final_bar_games"], "2", "one duplicate deal against the bar: {line:?}");
        let bar_points: f64 = line["final_bar_points"].parse().unwrap();
        let wanted = if bar_points * 2.0 > 2.0 { "passed" } else { "failed" };
        assert_eq!(line["final_bar_verdict"], wanted, "{line:?}");
    }

    // final.zip: unpacked elsewhere, no server path in it, and its README's command replays it.
    let zip = server.get(&format!("{admin}/final.zip"));
    assert_eq!(zip.status, 200);
    let away = tempfile::tempdir().unwrap();
    zip::ZipArchive::new(std::io::Cursor::new(zip.body)).unwrap().extract(away.path()).unwrap();
    let root = away.path().join("final");
    let mut all = Vec::new();
    files(away.path(), away.path(), &mut all);
    let names: Vec<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    for wanted in ["final/README.txt", "final/tournament.json", "final/bots/ana/bot.c", "final/bots/bia/bot.py"] {
        assert!(names.contains(&wanted), "{wanted} in {names:?}");
    }
    assert!(names.contains(&"final/results/games.csv") && names.contains(&"final/results/deal-secret"), "{names:?}");
    let data = course.data().canonicalize().unwrap().display().to_string();
    let folder = course.dir.path().display().to_string();
    for (name, bytes) in &all {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains(&data) && !text.contains(&folder), "a server path in {name}");
    }
    let readme = read(&root.join("README.txt"));
    assert!(readme.contains("juiz tournament tournament.json --secret results/deal-secret --out replay"), "{readme}");
    std::fs::set_permissions(root.join("results/deal-secret"), std::os::unix::fs::PermissionsExt::from_mode(0o600))
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_juiz"))
        .current_dir(&root)
        .env("LC_ALL", "C.UTF-8")
        .args(["tournament", "--jobs", "2", "tournament.json", "--secret", "results/deal-secret", "--out", "replay"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let outcome = |dir: &Path| -> Vec<String> {
        let mut lines: Vec<String> =
            read(&dir.join("games.csv")).lines().map(|l| l.split(',').take(9).collect::<Vec<_>>().join(",")).collect();
        lines.sort();
        lines
    };
    let (served, replayed) = (outcome(&root.join("results")), outcome(&root.join("replay")));
    assert_eq!(served.len(), 21, "a header and 20 games: {served:?}");
    assert_eq!(served, replayed, "the same games, seats, seeds, scores and winners");
    server.kill();
}
