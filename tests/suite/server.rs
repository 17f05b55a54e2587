//! The course server end to end, over HTTP on loopback: a course of six students uploading good,
//! broken, hostile, binary and oversized files; the ladder playing; the leaderboard; a `kill -9`
//! in the middle and a restart that loses nothing; the deadline; the final tournament, equal to
//! `juiz tournament` run by hand; bad rosters and a second server refused.

use crate::server_support;

use server_support::{Course, Server, games_played, read, request, settled, wait_for};

const ROSTER: &str = "ana,Ana <b>Souza</b>,t1\nbia,Bia,\ncaio,Caio,\nduda,Duda,\nedu,Edu,\nfabi,Fabi,\n";

/// Prints garbage for a move, then spins: a hostile bot the check must fail.
const HOSTILE: &str = "#include <stdio.h>\nint main(void){puts(\"rm -rf /\");fflush(stdout);for(;;){}}\n";
const BROKEN: &str = "int main( { return 0 }\n";

fn smart() -> Vec<u8> {
    std::fs::read(server_support::root().join("bots/smart.c")).unwrap()
}

fn python_bot() -> Vec<u8> {
    std::fs::read(server_support::root().join("bots/random_bot.py")).unwrap()
}

#[test]
fn a_course_from_uploads_to_the_final_tournament() {
    let course = Course::new(ROSTER, "\"upload_limit\": \"64KiB\"");
    let links = course.links();
    assert_eq!(links.len(), 7, "six students and the instructor");
    let server = Server::start(&course);

    // Bad requests change nothing.
    assert_eq!(server.get("/s/0123").status, 404, "an unknown link");
    assert_eq!(server.get(&format!("/s/{}", "ab".repeat(32))).status, 404);
    assert_eq!(server.get(&format!("/s/{}/play", links["ana"])).status, 303, "a form's URL leads to the page");
    assert_eq!(request(&server.addr, "PUT", &format!("/s/{}/upload", links["ana"]), &[], b"").status, 405);
    let forged = server.post_form(&format!("/s/{}/play", links["ana"]), &[("csrf", "forged"), ("opponent", "1")]);
    assert_eq!(forged.status, 403, "a forged form");
    let missing = server.post_form(&format!("/s/{}/play", links["ana"]), &[("opponent", "1")]);
    assert_eq!(missing.status, 400, "a missing field: {}", missing.text());
    let binary = server.upload(&links["edu"], "bot.c", b"\x7fELF\x02\x01\x01\0\0\0binary");
    assert_eq!(binary.status, 400);
    assert!(binary.text().contains("not text"), "{}", binary.text());
    let big = server.upload(&links["fabi"], "bot.c", &vec![b'/'; 200 * 1024]);
    assert_eq!(big.status, 413, "{}", big.text());
    let exe = server.upload(&links["fabi"], "bot.exe", b"MZ");
    assert_eq!(exe.status, 400);
    assert!(exe.text().contains("not a C, C++ or Python source"));

    // Good, broken and hostile uploads.
    assert_eq!(server.upload(&links["ana"], "bot.c", &smart()).status, 303);
    assert_eq!(server.upload(&links["bia"], "meu_bot.c", BROKEN.as_bytes()).status, 303);
    assert_eq!(server.upload(&links["caio"], "bot.c", HOSTILE.as_bytes()).status, 303);
    // A file name that climbs out of the folder names nothing on disk: storage is by content.
    assert_eq!(server.upload(&links["duda"], "../../main.py", &python_bot()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 1), "ready");
    assert_eq!(settled(&server, &links["bia"], 1), "build-failed");
    assert_eq!(settled(&server, &links["caio"], 1), "check-failed");
    assert_eq!(settled(&server, &links["duda"], 1), "ready");
    let bia = server.get(&format!("/s/{}", links["bia"])).text();
    assert!(bia.contains("error:") && bia.contains("class=\"build-output\""), "the compiler's message: {bia}");
    // The compiler's message names the file as the student named it, with no English wrapper.
    assert!(bia.contains("meu_bot.c:") && !bia.contains("meu_meu_bot"), "the student's file name, once: {bia}");
    // What to do, in the page's language: the first error quoted (as `juiz play` says it).
    assert!(
        bia.contains("hint: fix the first error first")
            && bia.contains("error first, the others often follow from it: meu_bot.c:1:"),
        "the hint: {bia}"
    );
    let bia_pt = server.get(&format!("/s/{}?lang=pt", links["bia"])).text();
    assert!(bia_pt.contains("dica: ") && bia_pt.contains(": meu_bot.c:1:"), "the hint in Portuguese: {bia_pt}");
    assert!(!bia.contains("exited with code"), "no wrapper: {bia}");
    let caio = server.get(&format!("/s/{}?lang=pt", links["caio"])).text();
    assert!(caio.contains("class=\"check-report\"") && caio.contains("malformed"), "the check's verdict: {caio}");
    assert!(caio.contains("Suas versões"), "in Portuguese");
    // The report names no server folder (its games' endings are in the page's language:
    // `check::verdict_tests`; which of the scripted games this bot faults in depends on timing).
    assert!(!caio.contains("versions/") && !caio.contains("versions&#x2f;"), "no server folder: {caio}");

    // A broken version never displaces the active one.
    assert_eq!(server.upload(&links["ana"], "bot.c", BROKEN.as_bytes()).status, 303);
    assert_eq!(settled(&server, &links["ana"], 2), "build-failed");
    let ana = server.get(&format!("/s/{}", links["ana"])).text();
    assert!(ana.contains("<b id=\"active\">v1</b>"), "v1 stays active");

    // The ladder plays; the leaderboard shows the active versions, names escaped.
    wait_for("ana's and duda's games", || {
        let board = server.get("/board.json").json();
        let rows = board["rows"].as_array().unwrap().clone();
        let games = |v: &str| rows.iter().find(|r| r["version"] == v).and_then(|r| r["games"].as_i64()).unwrap_or(0);
        (games("ana.v1") >= 2 && games("duda.v1") >= 2).then_some(())
    });
    let board = server.get("/board").text();
    assert!(board.contains("Ana &lt;b&gt;Souza&lt;&#x2f;b&gt;") && !board.contains("<b>Souza"), "escaped: {board}");
    assert!(!board.contains("caio.v1") && !board.contains("bia.v1"), "failed versions stay out");
    let ana = server.get(&format!("/s/{}", links["ana"])).text();
    let game = ana
        .split("class=\"replay\" href=\"")
        .nth(1)
        .and_then(|s| s.split("/game/").nth(1)?.split('"').next())
        .expect("a game with a replay link")
        .to_string();
    let replay = server.get(&format!("/s/{}/game/{game}", links["ana"]));
    assert_eq!(replay.status, 200);
    assert!(replay.text().contains("juiz replay"), "the viewer");
    assert_eq!(server.get(&format!("/s/{}/game/{game}", links["bia"])).status, 404, "not bia's game");
    assert!(!course.dir.path().join("main.py").exists() && !course.data().join("../main.py").exists());
    let seats: Vec<u16> =
        (0..2u16).map(|seat| server.get(&format!("/s/{}/game/{game}/stderr/{seat}", links["ana"])).status).collect();
    assert!(seats.contains(&403) && seats.contains(&200), "only ana's own seat's stderr: {seats:?}");

    // "Play my bot against": an unranked game.
    let csrf = server.csrf(&format!("/s/{}", links["ana"]));
    let duda =
        server.get("/board.json").json()["rows"].as_array().unwrap().iter().position(|r| r["version"] == "duda.v1");
    assert!(duda.is_some());
    let page = server.get(&format!("/s/{}", links["ana"])).text();
    let option = page.split("<option value=\"").skip(1).find(|o| o.contains(">duda.v1<")).expect("duda in the list");
    let opponent = option.split('"').next().unwrap();
    let play = server.post_form(&format!("/s/{}/play", links["ana"]), &[("csrf", &csrf), ("opponent", opponent)]);
    assert_eq!(play.status, 303, "{}", play.text());
    wait_for("the unranked game", || {
        server.get(&format!("/s/{}", links["ana"])).text().contains("(unranked)").then_some(())
    });

    // Links revoked and reissued from the admin page; pausing the ladder.
    assert_eq!(server.admin_post("revoke", &[("student", "edu")]).status, 303);
    assert_eq!(server.get(&format!("/s/{}", links["edu"])).status, 404, "a revoked link");
    // POST-redirect-GET: the new link is on the student's panel the redirect opens.
    let reissued = server.admin_post("reissue", &[("student", "edu")]);
    assert_eq!(reissued.status, 303, "{}", reissued.text());
    let panel = server.get(reissued.header("location").expect("a redirect")).text();
    let link = panel.split("id=\"student-link\">").nth(1).and_then(|s| s.split('<').next()).expect("the new link");
    let token = link.rsplit(['/', ';']).next().unwrap();
    assert_eq!(server.get(&format!("/s/{token}")).status, 200, "the new link: {link}");
    assert_eq!(server.admin_post("pause", &[("paused", "1")]).status, 303);
    assert!(server.get(&format!("/admin/{}", server.admin)).text().contains("<span id=\"ladder-state\">paused</span>"));
    assert_eq!(server.admin_post("pause", &[("paused", "0")]).status, 303);

    // kill -9 during the ladder; the restart loses nothing and the ladder goes on.
    let before = games_played(&server);
    let ratings_before = server.get("/board.json").json()["rows"].as_array().unwrap().len();
    server.kill();
    let server = Server::start(&course);
    let after = games_played(&server);
    assert!(after >= before, "finished games kept: {before} then {after}");
    assert_eq!(server.get("/board.json").json()["rows"].as_array().unwrap().len(), ratings_before);
    assert_eq!(student_page::version_states(&server, &links["ana"]), ["build-failed", "ready"]);
    wait_for("the ladder to go on", || (games_played(&server) > after).then_some(()));
    let second = course.juiz(&["--listen", "127.0.0.1:0"]).output().unwrap();
    assert_eq!(second.status.code(), Some(2), "a second server on the folder");
    assert!(String::from_utf8_lossy(&second.stderr).contains("another juiz serve"));

    // The deadline.
    let csrf = server.csrf(&format!("/s/{}", links["bia"]));
    assert_eq!(server.admin_post("deadline", &[("deadline", "2020-01-01T00:00:00Z")]).status, 303);
    let late = server.upload_with(&links["bia"], &csrf, "bot.c", &smart());
    assert_eq!(late.status, 403);
    assert!(late.text().contains("deadline has passed"), "{}", late.text());

    // The final tournament over ana and duda, then the same by hand.
    assert_eq!(server.admin_post("final", &[]).status, 303);
    wait_for("the final tournament", || {
        let page = server.get(&format!("/admin/{}", server.admin)).text();
        assert!(!page.contains("failed:"), "{page}");
        page.contains("<p id=\"final-state\">done</p>").then_some(())
    });
    let zip = server.get(&format!("/admin/{}/final.zip", server.admin));
    assert_eq!(zip.status, 200);
    assert!(zip.body.starts_with(b"PK"), "a zip");
    let results = course.data().join("final/results");
    let by_hand = course.dir.path().join("by-hand");
    // The course sets no seed: the final was dealt from a secret, published with its results;
    // by hand, the same secret (a private copy) deals the same games.
    let secret = course.dir.path().join("final.secret");
    std::fs::copy(results.join(juiz::tournament::SECRET_FILE), &secret).expect("the final's published secret");
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_juiz"))
        .args(["tournament", "--jobs", "2", "--secret"])
        .arg(&secret)
        .arg("--out")
        .arg(&by_hand)
        .arg(course.data().join("final/tournament.json"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(read(&results.join("tournament.json")), read(&by_hand.join("tournament.json")));
    let outcome = |dir: &std::path::Path| -> Vec<String> {
        read(&dir.join("games.csv")).lines().map(|l| l.split(',').take(9).collect::<Vec<_>>().join(",")).collect()
    };
    assert_eq!(outcome(&results), outcome(&by_hand), "the same games, seats, seeds, scores and winners");
    let csv = server.get(&format!("/admin/{}/games.csv", server.admin)).text();
    assert!(csv.starts_with("game_id,pairing,deal,seats"), "{csv}");
    let standings = server.get(&format!("/admin/{}/standings.csv", server.admin)).text();
    assert!(standings.contains("ana.v1"), "{standings}");
    let log = read(&server.stderr);
    for token in links.values() {
        assert!(!log.contains(token.as_str()), "a token in the server's log");
    }
}

mod student_page {
    /// The states of a student's versions, newest first.
    pub fn version_states(server: &super::Server, token: &str) -> Vec<String> {
        let page = server.get(&format!("/s/{token}")).text();
        // The versions' list, not the history below it.
        let page = page.split("id=\"history\"").next().unwrap();
        page.split("data-state=\"").skip(1).map(|s| s.split('"').next().unwrap().to_string()).collect()
    }
}

#[test]
fn bad_rosters_and_course_files_are_refused() {
    let course = Course::new("ana,Ana,\nana,Ana again,\n", "");
    let out = course.juiz(&["--links"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("id 'ana' appears twice"), "{err}");
    let course = Course::new("ana,Ana,\n", "\"deadline\": \"soon\"");
    let err = String::from_utf8_lossy(&course.juiz(&["--links"]).output().unwrap().stderr).into_owned();
    assert!(err.contains("bad instant 'soon'"), "{err}");
    let course = Course::new("smart,Not a house bot,\n", "");
    let err = String::from_utf8_lossy(&course.juiz(&["--links"]).output().unwrap().stderr).into_owned();
    assert!(err.contains("also a house bot"), "{err}");
}
