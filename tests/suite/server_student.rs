//! The student page's loop over HTTP on 127.0.0.1 (issue 37): a refusal shows the page again
//! with the reason in the page's language; the same bytes again name their version instead of
//! making a new one; `status.json` says what is pending; a failed check game opens in the viewer
//! without a server path, and its transcript and the bot's exact input download; a ladder
//! game's input downloads too; the history lists every version with its source.

use crate::server_support;

use server_support::{Course, Server, request, settled, wait_for};

const CRASHER: &str = "import sys\nsys.stdin.readline()\nsys.exit(3)\n";

fn smart() -> Vec<u8> {
    std::fs::read(server_support::root().join("bots/smart.c")).unwrap()
}

/// The page's text with minijinja's escapes of `'` and `/` undone.
fn unescaped(page: &str) -> String {
    page.replace("&#x27;", "'").replace("&#x2f;", "/").replace("&amp;", "&")
}

#[test]
fn refusals_show_the_page_again_in_its_language_with_a_way_back() {
    let course = Course::new("ana,Ana,\n", "\"upload_limit\": \"4KiB\"");
    let links = course.links();
    let server = Server::start(&course);
    let ana = &links["ana"];
    let csrf = server.csrf(&format!("/s/{ana}"));
    // `?lang=pt` on the form's URL, as the page's own form sends it.
    let path = format!("/s/{ana}/upload?lang=pt");
    let boundary = "----juizstudentboundary";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"bot\"; filename=\"bot.exe\"\r\n\r\nMZ\r\n--{boundary}--\r\n"
    );
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let refused = request(&server.addr, "POST", &path, &[("Content-Type", &content_type)], body.as_bytes());
    assert_eq!(refused.status, 400);
    let page = unescaped(&refused.text());
    assert!(page.contains("<title>Seu bot · juiz</title>"), "the student page, titled in Portuguese: {page}");
    assert!(page.contains("id=\"notice\"") && page.contains("'bot.exe' não é um fonte C"), "{page}");
    assert!(page.contains("id=\"upload\""), "the form again: {page}");
    let switch = format!("href=\"/s/{ana}?lang=en\"");
    assert!(page.contains(&switch), "the language switch goes to the page itself: {page}");
    // The form's URL itself answers a GET with the page, not 405.
    let back = server.get(&format!("/s/{ana}/upload?lang=en"));
    assert_eq!(back.status, 303);
    assert_eq!(back.header("location"), Some(format!("/s/{ana}?lang=en").as_str()));

    // Too large for the body limit: the request's real size is named.
    let big = server.upload_in(Some("pt-BR"), ana, &csrf, "bot.c", &vec![b'/'; 200 * 1024]);
    assert_eq!(big.status, 413);
    let page = unescaped(&big.text());
    let sent = 200 * 1024;
    let named = page
        .split("o envio tem ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("the size named: {page}"));
    assert!(named > sent && named < sent + 1024, "{named} bytes for a file of {sent}");
    assert!(page.contains("id=\"upload\""), "{page}");

    // A stale form: the page again with a fresh form token, in English.
    let stale = server.upload_in(Some("en"), ana, "stale", "bot.c", b"int main(){}");
    assert_eq!(stale.status, 403);
    assert!(stale.text().contains("the form is stale or forged") && stale.text().contains("id=\"upload\""));

    // A link that is nobody's: a page of its own, titled in the page's language.
    let unknown = server.get(&format!("/s/{}?lang=pt", "ab".repeat(32)));
    assert_eq!(unknown.status, 404);
    assert!(unknown.text().contains("<title>Não encontrado · juiz</title>"), "{}", unknown.text());
}

#[test]
fn the_same_bytes_name_their_version_and_status_json_follows_the_check() {
    let course = Course::new("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let ana = &links["ana"];
    assert_eq!(server.upload(ana, "bot.c", &smart()).status, 303);
    let first = server.get(&format!("/s/{ana}/status.json")).json();
    assert_eq!(first["versions"][0]["number"], 1);
    assert_eq!(settled(&server, ana, 1), "ready");
    let status = wait_for("status.json to settle", || {
        let s = server.get(&format!("/s/{ana}/status.json")).json();
        (s["pending"] == false).then_some(s)
    });
    assert_eq!(status["versions"][0]["state"], "ready");
    assert_eq!(status["active"], "v1");
    let again = server.upload(ana, "other-name.c", &smart());
    assert_eq!(again.status, 303);
    let to = again.header("location").unwrap().to_string();
    assert!(to.contains("same=1"), "{to}");
    let page = server.get(&to).text();
    assert!(page.contains("already uploaded as version v1"), "{page}");
    assert!(!page.contains("id=\"v2\""), "no second version: {page}");
    assert_eq!(server.get("/s/nobody/status.json").status, 404);

    // The history: the version's source downloads as it was sent.
    let source = server.get(&format!("/s/{ana}/version/1/source"));
    assert_eq!(source.status, 200);
    assert_eq!(source.body, smart());
    assert!(source.header("content-disposition").unwrap().contains("bot.c"));
    assert_eq!(server.get(&format!("/s/{ana}/version/2/source")).status, 404);
    assert!(server.get(&format!("/s/{ana}")).text().contains("id=\"history\""));

    // A ladder game: its transcript and the bot's exact input download, the replay names no
    // server path.
    let game = wait_for("a ladder game", || {
        let s = server.get(&format!("/s/{ana}/status.json")).json();
        s["games"].as_array().unwrap().iter().find(|g| g["done"] == true).map(|g| g["id"].as_i64().unwrap())
    });
    let replay = server.get(&format!("/s/{ana}/game/{game}")).text();
    let data = course.data().display().to_string();
    assert!(!replay.contains(&data), "a server path in the replay page");
    assert!(!replay.contains(&server_support::root().display().to_string()), "the project's path");
    let input_link = replay.find("class=\"input\" href=\"").map(|at| &replay[at + 20..]).unwrap();
    let input_path = &input_link[..input_link.find('"').unwrap()];
    let input = server.get(input_path);
    assert_eq!(input.status, 200, "{input_path}");
    let transcript = server.get(&format!("/s/{ana}/game/{game}/transcript.csv"));
    assert_eq!(transcript.status, 200);
    let transcript = transcript.text();
    assert!(!transcript.contains(&data) && transcript.starts_with("seq,ms,seat,dir,text"), "{transcript}");
    // Every line the referee sent that seat, in order: the transcript's `>` rows of one seat.
    let seat: usize = input_path.rsplit('/').next().unwrap().parse().unwrap();
    let mut reader = csv::Reader::from_reader(transcript.as_bytes());
    let mut to_seats: std::collections::BTreeMap<String, String> = Default::default();
    for row in reader.records() {
        let row = row.unwrap();
        if &row[3] == ">" {
            to_seats.entry(row[2].to_string()).or_default().push_str(&format!("{}\n", &row[4]));
        }
    }
    let input = input.text();
    assert!(input.lines().count() > 2, "{input}");
    assert!(to_seats.values().any(|lines| *lines == input), "the input is one seat's lines: {input}");
    let other = 1 - seat % 2;
    assert_eq!(server.get(&format!("/s/{ana}/game/{game}/input/{other}")).status, 403, "not ana's seat");
}

#[test]
fn a_failed_check_game_opens_in_the_viewer_and_its_input_downloads() {
    let course = Course::new("ana,Ana,\n", "");
    let links = course.links();
    let server = Server::start(&course);
    let ana = &links["ana"];
    assert_eq!(server.upload(ana, "main.py", CRASHER.as_bytes()).status, 303);
    assert_eq!(settled(&server, ana, 1), "check-failed");
    let page = unescaped(&server.get(&format!("/s/{ana}")).text());
    assert!(!page.contains("versions/1/"), "the report names the files as they download: {page}");
    let at = page.find("class=\"check-game\" href=\"").unwrap_or_else(|| panic!("a check game's link: {page}")) + 25;
    let link = &page[at..at + page[at..].find('"').unwrap()];
    let viewer = server.get(link);
    assert_eq!(viewer.status, 200, "{link}: {}", viewer.text());
    let viewer = viewer.text();
    assert!(viewer.contains("\"fault\":{"), "the viewer opens at the fault");
    assert!(!viewer.contains(&course.data().display().to_string()), "a server path in the viewer");
    let at = viewer.find("class=\"input\" href=\"").expect("the input's link") + 20;
    let input = server.get(&viewer[at..at + viewer[at..].find('"').unwrap()]);
    assert_eq!(input.status, 200);
    assert!(input.text().ends_with('\n') && !input.text().is_empty());
    assert!(input.header("content-disposition").unwrap().contains(".input.txt"));
    let key = link.split("/game/").nth(1).unwrap().split('?').next().unwrap();
    assert_eq!(server.get(&format!("/s/{ana}/game/{key}/transcript.csv")).status, 200);
    assert_eq!(server.get(&format!("/s/{ana}/game/v1-..%2Fx/transcript.csv")).status, 404);
    assert_eq!(server.get(&format!("/s/{ana}/game/v9-{}", &key[3..])).status, 404);
}
