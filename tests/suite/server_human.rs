//! Playing your own bot in the browser, over HTTP on 127.0.0.1 (issue 37, item 8): a game with
//! a human seat against a house bot, moved line by line, an illegal line refused with the
//! engine's words, the seat's own view only, the game kept, listed and opened in the viewer and
//! never in the ladder's games; one game per student and a bounded number on the server, refused
//! in the page (never a 500); an idle game abandoned; another student's link cannot drive it.

use crate::server_support;

use serde_json::Value;
use server_support::{Course, Server, wait_for};

/// The value of the option named `name` in the page's "play it yourself" form.
fn opponent_id(server: &Server, token: &str, name: &str) -> String {
    let page = server.get(&format!("/s/{token}")).text();
    let form = &page[page.find("id=\"human-start\"").unwrap_or_else(|| panic!("no human form: {page}"))..];
    let at = form.find(&format!(">{name}</option>")).unwrap_or_else(|| panic!("no option {name}: {form}"));
    let open = form[..at].rfind("value=\"").unwrap() + 7;
    form[open..open + form[open..].find('"').unwrap()].to_string()
}

fn start(server: &Server, token: &str, lang: &str, opponent: &str) -> server_support::Response {
    let csrf = server.csrf(&format!("/s/{token}"));
    server.post_form(&format!("/s/{token}/human?lang={lang}"), &[("csrf", &csrf), ("opponent", opponent)])
}

fn state(server: &Server, token: &str, lang: &str) -> Value {
    server.get(&format!("/s/{token}/human/state.json?lang={lang}")).json()
}

/// Waits until the game asks the human or is over.
fn asked_or_over(server: &Server, token: &str) -> Value {
    wait_for("the human's turn or the end", || {
        let s = state(server, token, "en");
        (s["awaiting"] == true || s["over"] == true).then_some(s)
    })
}

fn send(server: &Server, token: &str, csrf: &str, line: &str) -> server_support::Response {
    server.post_form(&format!("/s/{token}/human/move?lang=en"), &[("csrf", csrf), ("line", line)])
}

/// The page's text with minijinja's escapes of `'` and `/` undone.
fn unescaped(page: &str) -> String {
    page.replace("&#x27;", "'").replace("&#x2f;", "/").replace("&amp;", "&")
}

fn course(roster: &str, extra: &str) -> Course {
    Course::new(roster, extra)
}

#[test]
fn a_game_against_a_house_bot_is_played_refused_kept_and_replayed() {
    let course = course("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let ana = &links["ana"];
    let random = opponent_id(&server, ana, "random");
    let started = start(&server, ana, "en", &random);
    assert_eq!(started.status, 303, "{}", started.text());
    assert_eq!(started.header("location"), Some(format!("/s/{ana}/human?lang=en").as_str()));
    let page = server.get(&format!("/s/{ana}/human?lang=pt")).text();
    assert!(page.contains("Sua partida") && page.contains("contra random"), "the page in Portuguese: {page}");
    let csrf = server.csrf(&format!("/s/{ana}"));
    let first = asked_or_over(&server, ana);
    assert_eq!(first["awaiting"], true, "buraco asks the human's seat early: {first}");
    let seat = first["seat"].as_u64().unwrap();
    // The seat's own view: its own hand's cards, the others' hands as counts only.
    let zones = first["table"]["zones"].as_array().unwrap();
    let hands: Vec<&Value> = zones.iter().filter(|z| z["kind"] == "hand").collect();
    assert_eq!(hands.len(), 2, "{first}");
    for hand in hands {
        let own = hand["owner"]["index"].as_u64() == Some(seat);
        assert_eq!(hand["cards"].is_array(), own, "only the human's own hand is shown: {hand}");
    }
    let moves: Vec<String> =
        first["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
    assert!(moves.iter().any(|m| m == "GET_STOCK"), "the draw is offered: {moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("GET_")), "only draws before drawing: {moves:?}");
    // A discard before drawing: refused with the engine's words and rule, the game unchanged.
    let card = zones.iter().find(|z| z["kind"] == "hand" && z["cards"].is_array()).unwrap()["cards"][0]
        .as_str()
        .unwrap()
        .to_string();
    let refused = send(&server, ana, &csrf, &format!("DISCARD {card}"));
    assert_eq!(refused.status, 422, "{}", refused.text());
    let problem = refused.json()["problem"].as_str().unwrap().to_string();
    assert_eq!(problem, "the turn starts with GET_STOCK or GET_DISCARD (draw-first)");
    let again = state(&server, ana, "pt");
    assert_eq!(again["awaiting"], true);
    assert_eq!(again["problem"], "a jogada começa com GET_STOCK ou GET_DISCARD (draw-first)");
    // Clicking the first offered move, for at most 40 moves, then resigning.
    let mut played = 0;
    let mut last = again;
    while last["over"] != true && played < 40 {
        let line = last["moves"][0].as_str().unwrap_or_else(|| panic!("a move offered: {last}")).to_string();
        let answer = send(&server, ana, &csrf, &line);
        assert_eq!(answer.status, 200, "{line}: {}", answer.text());
        played += 1;
        last = asked_or_over(&server, ana);
    }
    assert!(played >= 10, "moves were played: {played}");
    if last["over"] != true {
        let resigned = server.post_form(&format!("/s/{ana}/human/resign"), &[("csrf", &csrf)]);
        assert_eq!(resigned.status, 200);
        asked_or_over(&server, ana);
    }
    let over = wait_for("the game's record", || {
        let s = state(&server, ana, "en");
        s["replay"].is_string().then_some(s)
    });
    assert!(over["result"].is_string(), "{over}");
    let log: Vec<&Value> = over["log"].as_array().unwrap().iter().collect();
    assert!(log.iter().any(|e| e["kind"] == "told"), "the referee's lines to the seat are shown");
    // Kept: listed on the student's page with a link, in the viewer, the seat marked human.
    let page = unescaped(&server.get(&format!("/s/{ana}")).text());
    assert!(page.contains("id=\"human-games\"") && page.contains("data-game=\"h1\""), "{page}");
    assert!(page.contains(&format!("/s/{ana}/game/h1?lang=en")), "{page}");
    let games = &page[page.find("id=\"games\"").unwrap()..page.find("id=\"human-games\"").unwrap()];
    assert!(!games.contains("data-game="), "never among the ladder's games: {games}");
    let viewer = server.get(&format!("/s/{ana}/game/h1"));
    assert_eq!(viewer.status, 200, "{}", viewer.text());
    let transcript = server.get(&format!("/s/{ana}/game/h1/transcript.csv")).text();
    assert!(transcript.contains(",user,") && transcript.contains("human"), "{transcript}");
    assert!(transcript.contains("refused: the turn starts with GET_STOCK"), "{transcript}");
    assert_eq!(server.get("/s/not-a-link/game/h1").status, 404);
}

#[test]
fn one_game_per_student_a_bounded_number_and_nobody_else_drives_it() {
    let course = course("ana,Ana,\nbob,Bob,\n", r#""human_games": 1"#);
    let links = course.links();
    let server = Server::start(&course);
    let (ana, bob) = (&links["ana"], &links["bob"]);
    let random = opponent_id(&server, ana, "random");
    assert_eq!(start(&server, ana, "en", &random).status, 303);
    let before = asked_or_over(&server, ana);
    assert_eq!(before["awaiting"], true);
    // A second game of the same student: refused in the page, in its language.
    let twice = start(&server, ana, "pt", &random);
    assert_eq!(twice.status, 429, "{}", twice.text());
    let text = twice.text();
    assert!(text.contains("id=\"notice\"") && text.contains("você já tem uma partida em andamento"), "{text}");
    // The server's limit (1): bob is refused too, with the reason, never a 500.
    let full = start(&server, bob, "en", &random);
    assert_eq!(full.status, 503, "{}", full.text());
    assert!(full.text().contains("already holds 1 games with a person playing"), "{}", full.text());
    // Bob's link cannot drive ana's game: with his own form token he has no game; with ana's
    // token in his form the form is refused.
    let bob_csrf = server.csrf(&format!("/s/{bob}"));
    let ana_csrf = server.csrf(&format!("/s/{ana}"));
    let line = before["moves"][0].as_str().unwrap();
    let own = send(&server, bob, &bob_csrf, line);
    assert_eq!(own.status, 404, "{}", own.text());
    assert!(own.json()["error"].as_str().unwrap().contains("no game"));
    let forged = send(&server, bob, &ana_csrf, line);
    assert_eq!(forged.status, 403, "{}", forged.text());
    let resign = server.post_form(&format!("/s/{bob}/human/resign"), &[("csrf", &bob_csrf)]);
    assert_eq!(resign.status, 404);
    let after = state(&server, ana, "en");
    assert_eq!(after["seq"], before["seq"], "ana's game untouched");
    assert_eq!(after["awaiting"], true);
    // Ana's resignation ends her game; then bob may play.
    let resign = server.post_form(&format!("/s/{ana}/human/resign"), &[("csrf", &ana_csrf)]);
    assert_eq!(resign.status, 200);
    wait_for("ana's game to end", || (state(&server, ana, "en")["over"] == true).then_some(()));
    assert_eq!(start(&server, bob, "en", &random).status, 303);
}

#[test]
fn an_idle_game_is_abandoned_as_the_human_leaving() {
    let course = course("ana,Ana,\n", r#""human_idle": "1s""#);
    let links = course.links();
    let server = Server::start(&course);
    let ana = &links["ana"];
    let random = opponent_id(&server, ana, "random");
    assert_eq!(start(&server, ana, "en", &random).status, 303);
    let over = wait_for("the idle game to be abandoned", || {
        let s = state(&server, ana, "en");
        s["replay"].is_string().then_some(s)
    });
    let log = over["log"].to_string();
    assert!(log.contains("user: ") && log.contains("You lost"), "the human's seat left and lost: {log}");
    let transcript = server.get(&format!("/s/{ana}/game/h1/transcript.csv")).text();
    assert!(
        transcript.contains(",user,!,") && transcript.contains("closed-output: "),
        "the human's seat left: {transcript}"
    );
    let page = server.get(&format!("/s/{ana}")).text();
    assert!(page.contains("data-game=\"h1\""), "listed: {page}");
    // The limit is free again: a second game starts.
    assert_eq!(start(&server, ana, "en", &random).status, 303);
    assert_eq!(state(&server, ana, "en")["number"], 2);
}
