//! The course server under clients that take too much (issue 36), over HTTP on loopback: many
//! half-sent requests (slowloris) against a server allowed few open files, which keeps answering
//! and never scores a game its own shortage spoiled; identical uploads sent at once, which give
//! one version and no error; a flood of friendly games held to the student's quota; a killed
//! server's leftovers removed and the course folder private at the next start; one student's
//! many uploads superseded rather than checked one by one.

use crate::server_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::fs::PermissionsExt;

use server_support::{Course, Server, settled, try_request, wait_for, zip_of};

const ROSTER: &str = "ana,Ana,\nbia,Bia,\n";

fn smart() -> Vec<u8> {
    std::fs::read(server_support::root().join("bots/smart.c")).unwrap()
}

fn mode(path: &std::path::Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}

#[test]
fn half_sent_requests_cannot_take_the_servers_open_files() {
    let course = Course::new(ROSTER, r#""limits": {"header_timeout": "2s"}"#);
    let links = course.links();
    // 512 descriptors: the server keeps a reserve for its games and accepts what is left.
    let server = Server::start_with(&course, Some(512));
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    // 700 connections, each with half a request (no blank line ends its header).
    let mut slow = Vec::new();
    for _ in 0..700 {
        let Ok(mut stream) = TcpStream::connect(&server.addr) else { break };
        let _ = stream.write_all(b"GET /board HTTP/1.1\r\nHost: x\r\nX-Slow: ");
        slow.push(stream);
    }
    assert!(slow.len() >= 500, "the test could open only {} connections", slow.len());
    // The server still answers a whole request (once the half-sent ones it took time out).
    let board = wait_for("the board to answer", || try_request(&server.addr, "GET", "/board", &[], &[]));
    assert_eq!(board.status, 200, "{}", board.text());
    // A half-sent request is dropped by the server (its header took too long).
    let mut first = slow.remove(0);
    let mut rest = Vec::new();
    let _ = first.read_to_end(&mut rest);
    // The ladder goes on, and no game is scored for a bot that the server could not start.
    let before = server_support::games_played(&server);
    wait_for("more ladder games", || (server_support::games_played(&server) > before + 2).then_some(()));
    drop(slow);
    let games = server.get(&format!("/admin/{}/games.csv", server.admin)).text();
    assert!(!games.contains("spawn"), "a spawn fault was scored: {games}");
    let log = server_support::read(&server.stderr);
    assert!(!log.contains("Too many open files"), "{log}");
}

#[test]
fn identical_uploads_at_once_give_one_version_and_no_error() {
    let course = Course::new(ROSTER, r#""upload_limit": "64KiB""#);
    let links = course.links();
    // A killed server's half-unpacked archive and half-written upload, left in the folder.
    let subs = course.data().join("submissions");
    std::fs::create_dir_all(subs.join(".unpackingQx1/bot")).unwrap();
    std::fs::write(subs.join(".tmpAb12"), b"half an upload").unwrap();
    let server = Server::start(&course);
    assert!(!subs.join(".unpackingQx1").exists() && !subs.join(".tmpAb12").exists(), "leftovers removed at start");

    let archive = zip_of(&[("bot/bot.c", &smart()), ("bot/notes.txt", b"mine\n")]);
    let csrf = [server.csrf(&format!("/s/{}", links["ana"])), server.csrf(&format!("/s/{}", links["bia"]))];
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..18)
            .map(|i| {
                let (server, links, csrf, archive) = (&server, &links, &csrf, &archive);
                // Twelve of ana's, six of bia's: the same bytes.
                let (who, token) = if i % 3 == 2 { ("bia", &csrf[1]) } else { ("ana", &csrf[0]) };
                scope.spawn(move || server.upload_with(&links[who], token, "bot.zip", archive).status)
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(statuses.iter().all(|&s| s == 303), "{statuses:?}");
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    assert_eq!(settled(&server, &links["bia"], 1), "ready");
    for who in ["ana", "bia"] {
        let page = server.get(&format!("/s/{}", links[who])).text();
        assert!(!page.contains("id=\"v2\""), "{who} has one version: {page}");
    }
    let names: Vec<String> =
        std::fs::read_dir(&subs).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.starts_with('.')), "no leftovers: {names:?}");
    assert_eq!(names.len(), 2, "one archive and its folder: {names:?}");

    // The folder is private: the database and the archive readable by the server's user only.
    let data = course.data();
    assert_eq!(mode(&data), if root() { 0o711 } else { 0o700 });
    assert_eq!(mode(&data.join("course.db")), 0o600);
    let kept = names.iter().find(|n| n.ends_with(".zip")).unwrap();
    assert_eq!(mode(&subs.join(kept)), 0o600);
}

#[test]
fn friendly_games_keep_to_a_quota_and_many_uploads_are_superseded() {
    let course = Course::new(ROSTER, r#""limits": {"friendly_queued": 2}"#);
    let links = course.links();
    let server = Server::start(&course);
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");

    // Ten "play now" at once: two wait, the rest are told to wait for them.
    let page = server.get(&format!("/s/{}", links["ana"])).text();
    let at = page.find("name=\"opponent\"").expect("the play form");
    let value = &page[at..];
    let v = value.find("value=\"").unwrap() + 7;
    let opponent = value[v..v + value[v..].find('"').unwrap()].to_string();
    let csrf = server.csrf(&format!("/s/{}", links["ana"]));
    let answers: Vec<u16> = (0..10)
        .map(|_| {
            let path = format!("/s/{}/play", links["ana"]);
            server.post_form(&path, &[("csrf", &csrf), ("opponent", &opponent)]).status
        })
        .collect();
    assert!(answers.contains(&429), "{answers:?}");
    assert!(answers.iter().filter(|&&s| s == 303).count() >= 2, "{answers:?}");

    // Six versions of bia's sent one after another, then ana's: the older ones waiting are
    // superseded by the newest, which is checked.
    for i in 0..6 {
        let source = format!("{}\n/* {i} */\n", String::from_utf8(smart()).unwrap());
        assert_eq!(server.upload(&links["bia"], "bot.c", source.as_bytes()).status, 303);
    }
    assert_eq!(settled(&server, &links["bia"], 6), "ready");
    let states: Vec<String> = (1..=5).map(|n| settled(&server, &links["bia"], n)).collect();
    assert!(states.iter().any(|s| s == "superseded"), "{states:?}");
}

/// `(rank, name)` of each line of a CSV with columns `rank` and `column`.
fn ranked(text: &str, column: &str) -> Vec<(String, String)> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no {name} in {header:?}"));
    let (rank, name) = (at("rank"), at(column));
    reader.records().map(|r| r.unwrap()).map(|r| (r[rank].to_string(), r[name].to_string())).collect()
}

#[test]
fn the_standings_the_board_and_the_grades_rank_the_same_active_versions() {
    let course = Course::new(ROSTER, "");
    let links = course.links();
    let server = Server::start(&course);
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    wait_for("ana.v1's games", || (server_support::games_played(&server) >= 4).then_some(()));
    // A second version retires the first, which has games.
    let v2 = format!("{}\n/* v2 */\n", String::from_utf8(smart()).unwrap());
    assert_eq!(server.upload(&links["ana"], "bot.c", v2.as_bytes()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 2), "ready");
    let random = std::fs::read(server_support::root().join("bots/random_bot.py")).unwrap();
    assert_eq!(server.upload(&links["bia"], "main.py", &random).status, 303);
    assert_eq!(settled(&server, &links["bia"], 1), "ready");
    let admin = |file: &str| server.get(&format!("/admin/{}/{file}", server.admin)).text();
    wait_for("every active version rated", || (ranked(&admin("standings.csv"), "bot").len() == 4).then_some(()));
    // The ladder paused and its last games done: the numbers stand still.
    assert_eq!(server.admin_post("pause", &[("paused", "1")]).status, 303);
    wait_for("the running games to end", || {
        let page = server.get(&format!("/admin/{}", server.admin)).text();
        let counts = page.split(" done · ").nth(1)?;
        (counts.split(' ').next()? == "0").then_some(())
    });
    // The last game's ratings are stored just after the game is (`ratings::recompute`): read
    // the three until a read falls after it, then compare them (a lasting difference fails).
    let read = || {
        let standings = ranked(&admin("standings.csv"), "bot");
        let board: Vec<(String, String)> = server.get("/board.json").json()["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["rank"].as_i64().unwrap().to_string(), r["version"].as_str().unwrap().to_string()))
            .collect();
        let grades = ranked(&admin("grades.csv"), "version");
        (standings, board, grades)
    };
    let students = |board: &[(String, String)]| -> Vec<(String, String)> {
        board.iter().filter(|b| b.1.contains(".v")).cloned().collect()
    };
    let mut numbers = read();
    for _ in 0..50 {
        if numbers.0 == numbers.1 && numbers.2 == students(&numbers.1) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
        numbers = read();
    }
    let (standings, board, grades) = numbers;
    assert_eq!(standings, board, "standings.csv and the board");
    let names: Vec<&str> = standings.iter().map(|s| s.1.as_str()).collect();
    assert!(!names.contains(&"ana.v1") && names.contains(&"ana.v2"), "{standings:?}");
    let retired = ranked(&admin("standings-retired.csv"), "bot");
    assert_eq!(retired.iter().map(|r| r.1.as_str()).collect::<Vec<_>>(), ["ana.v1"]);
    // The grades give each student the board's rank of their active version, in its order.
    assert_eq!(grades, students(&board), "grades.csv and the board");
}

#[test]
fn below_the_free_space_floor_uploads_wait_and_the_admin_page_says_why() {
    // A floor no disk reaches: the server is short of space from the start.
    let course = Course::new(ROSTER, r#""limits": {"free_floor": "1000000GiB"}"#);
    let links = course.links();
    let server = Server::start(&course);
    let refused = server.upload(&links["ana"], "bot.c", &smart());
    assert_eq!(refused.status, 503, "{}", refused.text());
    assert!(refused.text().contains("short of disk space"), "{}", refused.text());
    assert!(!refused.text().contains(&course.data().display().to_string()), "no server path: {}", refused.text());
    let admin = server.get(&format!("/admin/{}", server.admin)).text();
    assert!(admin.contains("id=\"shortage\""), "{admin}");
    assert!(admin.contains("below the floor of"), "{admin}");
    assert!(admin.contains("id=\"disk\""), "{admin}");
    assert_eq!(server_support::games_played(&server), 0);
}

#[test]
fn a_bot_flooding_its_stderr_keeps_only_the_cap_of_each_ladder_game() {
    let course = Course::new(ROSTER, r#""limits": {"stderr_per_seat": "16KiB"}"#);
    let links = course.links();
    let server = Server::start(&course);
    // random_bot.py writing 256 KiB on stderr before it starts.
    let random = std::fs::read_to_string(server_support::root().join("bots/random_bot.py")).unwrap();
    let flood = random.replace(
        "if __name__ == \"__main__\":\n",
        "if __name__ == \"__main__\":\n    sys.stderr.write(\"x\" * 262144)\n",
    );
    assert_ne!(flood, random);
    assert_eq!(server.upload(&links["ana"], "main.py", flood.as_bytes()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    wait_for("ladder games", || (server_support::games_played(&server) >= 2).then_some(()));
    // The game's files are kept compressed (`<file>.zst`), read back as the plain logs.
    let mut logs = Vec::new();
    for game in std::fs::read_dir(course.data().join("games")).unwrap().flatten() {
        for file in std::fs::read_dir(game.path()).unwrap().flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            assert!(name.ends_with(".zst"), "a game's file left uncompressed: {}", file.path().display());
            if let Some(plain) = name.strip_suffix(".zst").filter(|n| n.ends_with(".stderr")) {
                logs.push(game.path().join(plain));
            }
        }
    }
    let text = |log: &std::path::PathBuf| String::from_utf8(juiz::record::packed::read(log).unwrap()).unwrap();
    let flooded: Vec<_> = logs.iter().filter(|l| text(l).contains("bytes dropped]")).collect();
    assert!(!flooded.is_empty(), "the cut is said in the log: {logs:?}");
    for log in &logs {
        let size = text(log).len();
        assert!(size <= 16 * 1024 + 100, "{} holds {size} bytes", log.display());
    }
    // The student downloads the flooded log as plain text from their game.
    let status = server.get(&format!("/s/{}/status.json", links["ana"])).json();
    let done = status["games"].as_array().unwrap().iter().find(|g| g["done"] == true).unwrap().clone();
    let (game, seat) = (done["id"].as_i64().unwrap(), done["stderr"][0].as_i64().expect("a link to ana's stderr"));
    let log = server.get(&format!("/s/{}/game/{game}/stderr/{seat}", links["ana"]));
    assert_eq!(log.status, 200);
    assert!(log.text().contains("xxxxxxxx") && log.text().contains("bytes dropped]"), "{}", log.text());
}
