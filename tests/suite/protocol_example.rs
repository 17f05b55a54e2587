//! The example session of protocol.md §3.7, played for real: if this test fails, the document
//! or the referee is wrong.

use crate::common;

use common::*;

/// A bot named `name` in `dir` playing `turns`: a shell wrapper beside a copy of the scripted
/// bot, in a folder marked as the bot's own (the sandbox lets a bot read such a folder, not the
/// test fixtures': docs/containment.md, "files in reach").
fn scripted_bot(dir: &std::path::Path, name: &str, turns: &[&str]) -> String {
    let path = dir.join(name);
    std::fs::write(dir.join(".juiz-bot-folder"), "").unwrap();
    let script = dir.join("scripted.py");
    std::fs::copy(root().join("tests/fixtures/scripted.py"), &script).unwrap();
    let args: Vec<String> = turns.iter().map(|t| format!("'{t}'")).collect();
    std::fs::write(&path, format!("#!/bin/sh\nexec python3 '{}' {}\n", script.display(), args.join(" "))).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn the_example_session_of_protocol_md() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let p1 = scripted_bot(&a, "bot", &["GET_STOCK|MELD_NEW 7♣ 5♣ 6♣|MELD_JOIN 0 [ 8♣ ]|DISCARD 9♥"]);
    let p2 = scripted_bot(&b, "bot", &["GET_STOCK|MELD_NEW [ 3♥ 4♥ 2♠ 6♥ ]"]);
    let (_keep, deal) = deal_file("[ 5♣ 6♣ 7♣ 8♣ 9♥ 9♥ K♠ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n[ Q♥ 6♥ ]\n");
    let log = dir.path().join("log.csv");
    let output = juiz()
        .args(["play", "--silent", "--seed", "7", "--deal", &path_str(&deal), "--log", &path_str(&log), &p1, &p2])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "NOK 7 -5 -25 p1.bot\n",
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    let transcript = juiz::record::Transcript::read(&log).unwrap();
    let stream = |seat: &str| -> Vec<String> {
        transcript
            .rows
            .iter()
            .filter(|r| {
                r.seat == seat && matches!(r.dir, juiz::record::Direction::ToSeat | juiz::record::Direction::FromSeat)
            })
            .map(|r| format!("{} {}", if r.dir == juiz::record::Direction::ToSeat { "→" } else { "←" }, r.text))
            .collect()
    };
    assert_eq!(
        stream("p1.bot"),
        [
            "→ p1.bot p2.bot",
            "→ p1.bot",
            "→ [ 5♣ 6♣ 7♣ 8♣ 9♥ 9♥ K♠ ]",
            "→ K♦",
            "→ p1.bot",
            "← GET_STOCK",
            "→ Q♥",
            "← MELD_NEW 7♣ 5♣ 6♣",
            "← MELD_JOIN 0 [ 8♣ ]",
            "← DISCARD 9♥",
            "→ p2.bot",
            "→ GET_STOCK",
        ]
    );
    assert_eq!(
        stream("p2.bot"),
        [
            "→ p1.bot p2.bot",
            "→ p2.bot",
            "→ [ 3♥ 4♥ 9♦ ]",
            "→ K♦",
            "→ p1.bot",
            "→ GET_STOCK",
            "→ MELD_NEW [ 5♣ 6♣ 7♣ ]",
            "→ MELD_JOIN 0 [ 8♣ ]",
            "→ DISCARD 9♥",
            "→ p2.bot",
            "← GET_STOCK",
            "→ 6♥",
            "← MELD_NEW [ 3♥ 4♥ 2♠ 6♥ ]",
        ]
    );
    let fault = transcript.rows.iter().find(|r| r.dir == juiz::record::Direction::Fault).unwrap();
    assert_eq!(fault.seat, "p2.bot");
    assert!(fault.text.starts_with("illegal: ") && fault.text.contains("card-not-in-hand"), "{}", fault.text);
}

/// The lines `seat` was sent (`→`) and sent (`←`), as protocol.md prints them.
fn streams(log: &std::path::Path, seat: &str) -> Vec<String> {
    use juiz::record::Direction;
    let transcript = juiz::record::Transcript::read(log).unwrap();
    transcript
        .rows
        .iter()
        .filter(|r| r.seat == seat && matches!(r.dir, Direction::ToSeat | Direction::FromSeat))
        .map(|r| format!("{} {}", if r.dir == Direction::ToSeat { "→" } else { "←" }, r.text))
        .collect()
}

#[test]
fn the_stbl_example_session_of_protocol_md() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let p1 = scripted_bot(
        &a,
        "bot",
        &[
            "GET_STOCK|MELD_NEW [ 6♠ 7♠ 8♠ ]|MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]|DISCARD K♣",
            "GET_DISCARD_JOIN 0|DISCARD 4♦",
        ],
    );
    let p2 = scripted_bot(&b, "bot", &["GET_STOCK|DISCARD 9♠", "GET_DISCARD [ 2♣ 4♣ ]"]);
    let (_keep, deal) = deal_file(
        "[ 6♠ 7♠ ]\n[ 9♠ 2♣ 4♣ ]\n[ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ K♣ K♣ 4♦ 9♦ ]\n\
         [ 10♦ J♦ Q♦ 10♣ J♣ Q♣ 10♥ J♥ Q♥ 10♠ J♠ ]\n0\n[ 8♠ 5♦ ]\n",
    );
    let log = dir.path().join("log.csv");
    let output = juiz()
        .args(["play", "--game", "buraco-stbl", "--silent", "--seed", "7", "--deal", &path_str(&deal)])
        .args(["--log", &path_str(&log), &p1, &p2])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "NOK 7 245 -120 p1.bot\n",
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        streams(&log, "p1.bot"),
        [
            "→ p1.bot p2.bot",
            "→ p1.bot",
            "→ [ 6♠ 7♠ ]",
            "→ [  ]",
            "→ p1.bot",
            "← GET_STOCK",
            "→ 8♠",
            "← MELD_NEW [ 6♠ 7♠ 8♠ ]",
            "→ MORTO [ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ K♣ K♣ 4♦ 9♦ ]",
            "← MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]",
            "← DISCARD K♣",
            "→ p2.bot",
            "→ GET_STOCK",
            "→ DISCARD 9♠",
            "→ p1.bot",
            "← GET_DISCARD_JOIN 0",
            "→ [ K♣ ]",
            "← DISCARD 4♦",
            "→ p2.bot",
        ]
    );
    assert_eq!(
        streams(&log, "p2.bot"),
        [
            "→ p1.bot p2.bot",
            "→ p2.bot",
            "→ [ 9♠ 2♣ 4♣ ]",
            "→ [  ]",
            "→ p1.bot",
            "→ GET_STOCK",
            "→ MELD_NEW [ 6♠ 7♠ 8♠ ]",
            "→ MORTO",
            "→ MELD_NEW [ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ ]",
            "→ DISCARD K♣",
            "→ p2.bot",
            "← GET_STOCK",
            "→ 5♦",
            "← DISCARD 9♠",
            "→ p1.bot",
            "→ GET_DISCARD_JOIN 0",
            "→ DISCARD 4♦",
            "→ p2.bot",
            "← GET_DISCARD [ 2♣ 4♣ ]",
        ]
    );
    let transcript = juiz::record::Transcript::read(&log).unwrap();
    let fault = transcript.rows.iter().find(|r| r.dir == juiz::record::Direction::Fault).unwrap();
    assert_eq!(fault.seat, "p2.bot");
    assert!(fault.text.starts_with("illegal: ") && fault.text.contains("closed-pile"), "{}", fault.text);
}

/// protocol.md §7.4: Schwab's example session, a hand and the start of the next.
#[test]
fn the_schwab_example_session_of_protocol_md() {
    let dir = tempfile::tempdir().unwrap();
    let mut bots = Vec::new();
    let turns: [&[&str]; 4] = [
        &[
            "GET_STOCK|MELD_NEW [ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ ]|MELD_NEW [ Q♣ Q♦ Q♠ JK ]|MELD_NEW [ 10♥ J♥ Q♥ K♥ ]|MELD_NEW [ 5♦ 5♣ 5♥ ]|DISCARD A♣",
        ],
        &["DISCARD 9♦"],
        &[],
        &[],
    ];
    for (seat, turns) in turns.iter().enumerate() {
        let folder = dir.path().join(format!("s{seat}"));
        std::fs::create_dir_all(&folder).unwrap();
        bots.push(scripted_bot(&folder, "bot", turns));
    }
    let (_keep, deal) = deal_file(
        "[ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ JK ]\n[ 9♦ 9♥ 7♣ ]\n[ 8♥ 2♣ K♣ ]\n[ 4♥ 4♣ 10♠ ]\n\
         [ Q♣ Q♦ Q♠ 10♥ J♥ Q♥ K♥ 5♦ 5♣ 5♥ A♣ ]\n[ 10♦ J♦ Q♦ 10♣ J♣ Q♣ 10♥ J♥ Q♥ 10♠ J♠ ]\nK♦\n0\n[ 9♠ ]\n",
    );
    let log = dir.path().join("log.csv");
    let output = juiz()
        .args(["play", "--game", "buraco-schwab", "--silent", "--seed", "7", "--deal", &path_str(&deal)])
        .args(["--log", &path_str(&log)])
        .args(&bots)
        .output()
        .unwrap();
    let result = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(result, "NOK 7 320 -585 p1.bot e p3.bot\n", "{}", String::from_utf8_lossy(&output.stderr));
    let first: [&str; 4] = ["→ p1.bot p2.bot p3.bot p4.bot", "→ p1.bot", "→ [ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ JK ]", "→ K♦"];
    let mut p1: Vec<&str> = first.to_vec();
    p1.extend([
        "→ p1.bot",
        "← GET_STOCK",
        "→ 9♠",
        "← MELD_NEW [ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ ]",
        "→ MORTO [ Q♣ Q♦ Q♠ 10♥ J♥ Q♥ K♥ 5♦ 5♣ 5♥ A♣ ]",
        "← MELD_NEW [ Q♣ Q♦ Q♠ JK ]",
        "← MELD_NEW [ 10♥ J♥ Q♥ K♥ ]",
        "← MELD_NEW [ 5♦ 5♣ 5♥ ]",
        "← DISCARD A♣",
        "→ HAND_END 1 735 -145 735 -145",
        "→ [ 5♦ 4♥ J♣ 6♦ Q♠ 6♣ 7♥ 2♦ 2♣ 6♦ 9♦ ]",
        "→ [  ]",
        "→ p2.bot",
    ]);
    assert_eq!(streams(&log, "p1.bot"), p1);
    assert_eq!(
        streams(&log, "p2.bot"),
        [
            "→ p1.bot p2.bot p3.bot p4.bot",
            "→ p2.bot",
            "→ [ 9♦ 9♥ 7♣ ]",
            "→ [  ]",
            "→ p1.bot",
            "→ GET_STOCK",
            "→ MELD_NEW [ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ ]",
            "→ MORTO",
            "→ MELD_NEW [ Q♦ Q♣ Q♠ JK ]",
            "→ MELD_NEW [ 10♥ J♥ Q♥ K♥ ]",
            "→ MELD_NEW [ 5♥ 5♦ 5♣ ]",
            "→ DISCARD A♣",
            "→ HAND_END 1 735 -145 735 -145",
            "→ [ JK Q♣ JK 7♥ A♥ 2♥ 9♠ 7♦ 8♥ 5♣ 9♥ ]",
            "→ J♣",
            "→ p2.bot",
            "← DISCARD 9♦",
        ]
    );
}

/// protocol.md §8.5: Canasta's example session, a round and the start of the next.
#[test]
fn the_canasta_example_session_of_protocol_md() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let p1 = scripted_bot(
        &a,
        "bot",
        &[
            "GET_STOCK|MELD_NEW [ 7♥ 7♥ 7♠ 7♣ 7♣ 7♦ 2♠ ]|DISCARD 9♣",
            "GET_STOCK|MELD_NEW [ K♠ K♥ K♦ ]|DISCARD 5♦",
            "GET_STOCK|DISCARD 3♥",
        ],
    );
    let p2 = scripted_bot(&b, "bot", &["GET_DISCARD [ 9♥ 9♦ ]|MELD_JOIN 0 [ 9♠ ]|DISCARD Q♦"]);
    let (_keep, deal) =
        deal_file("[ 7♥ 7♥ 7♠ 7♣ 7♣ 2♠ 9♣ K♠ K♥ 5♦ ]\n[ 9♥ 9♦ 4♣ 8♠ Q♦ ]\n[ 3♥ ]\n[  ]\n[ 9♠ ]\n0\n[ 3♦ 7♦ K♦ ]\n");
    let log = dir.path().join("log.csv");
    let output = juiz()
        .args(["play", "--game", "canasta", "--silent", "--seed", "7", "--deal", &path_str(&deal)])
        .args(["--log", &path_str(&log), &p1, &p2])
        .output()
        .unwrap();
    let result = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(result, "NOK 7 585 5 p2.bot\n", "{}", String::from_utf8_lossy(&output.stderr));
    let opening = |id: &str, hand: &str| vec![format!("→ p1.bot p2.bot"), format!("→ {id}"), format!("→ {hand}")];
    let mut p1 = opening("p1.bot", "[ 7♥ 7♥ 7♠ 7♣ 7♣ 2♠ 9♣ K♠ K♥ 5♦ ]");
    p1.extend(
        [
            "→ [ 9♠ ]",
            "→ RED3 p1.bot [ 3♥ ]",
            "→ p1.bot",
            "← GET_STOCK",
            "→ RED3 p1.bot [ 3♦ ]",
            "→ 7♦",
            "← MELD_NEW [ 7♥ 7♥ 7♠ 7♣ 7♣ 7♦ 2♠ ]",
            "← DISCARD 9♣",
            "→ p2.bot",
            "→ GET_DISCARD [ 9♥ 9♦ ]",
            "→ MELD_JOIN 0 [ 9♠ ]",
            "→ DISCARD Q♦",
            "→ p1.bot",
            "← GET_STOCK",
            "→ K♦",
            "← MELD_NEW [ K♠ K♥ K♦ ]",
            "← DISCARD 5♦",
            "→ HAND_END 1 680 25 680 25",
            "→ [ 6♥ 6♥ K♣ 6♣ 4♣ A♥ 7♣ 7♦ 9♣ J♥ A♦ JK 8♣ 2♦ 4♣ ]",
            "→ [ 10♦ ]",
            "→ RED3 p1.bot [ 3♥ ]",
            "→ RED3 p2.bot [ 3♦ ]",
            "→ p1.bot",
            "← GET_STOCK",
            "→ 10♣",
            "← DISCARD 3♥",
        ]
        .map(String::from),
    );
    assert_eq!(streams(&log, "p1.bot"), p1);
    let mut p2 = opening("p2.bot", "[ 9♥ 9♦ 4♣ 8♠ Q♦ ]");
    p2.extend(
        [
            "→ [ 9♠ ]",
            "→ RED3 p1.bot [ 3♥ ]",
            "→ p1.bot",
            "→ GET_STOCK",
            "→ RED3 p1.bot [ 3♦ ]",
            "→ MELD_NEW [ 7♥ 7♥ 7♦ 7♣ 7♣ 7♠ 2♠ ]",
            "→ DISCARD 9♣",
            "→ p2.bot",
            "← GET_DISCARD [ 9♥ 9♦ ]",
            "→ [ 9♠ ]",
            "← MELD_JOIN 0 [ 9♠ ]",
            "← DISCARD Q♦",
            "→ p1.bot",
            "→ GET_STOCK",
            "→ MELD_NEW [ K♥ K♦ K♠ ]",
            "→ DISCARD 5♦",
            "→ HAND_END 1 680 25 680 25",
            "→ [ J♥ J♣ 8♣ 3♣ 6♦ 3♣ 5♦ Q♥ 7♣ 8♥ 9♠ 8♦ 4♠ K♥ 8♠ ]",
            "→ [ 10♦ ]",
            "→ RED3 p1.bot [ 3♥ ]",
            "→ RED3 p2.bot [ 3♦ ]",
            "→ p1.bot",
            "→ GET_STOCK",
        ]
        .map(String::from),
    );
    assert_eq!(streams(&log, "p2.bot"), p2);
    let transcript = juiz::record::Transcript::read(&log).unwrap();
    let fault = transcript.rows.iter().find(|r| r.dir == juiz::record::Direction::Fault).unwrap();
    assert_eq!(fault.seat, "p1.bot");
    assert!(fault.text.starts_with("illegal: ") && fault.text.contains("red-three-discard"), "{}", fault.text);
}

/// protocol.md §9.5: Shengji's example session, one whole deal as seat 0 sees it.
#[test]
fn the_shengji_example_session_of_protocol_md() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.csv");
    let smart = format!("smart={}", path_str(&c_bot("shengji_smart")));
    let output = juiz()
        .args(["play", "--game", "shengji", "--seed", "14", "--rule", "max-deals=1", "--silent"])
        .args(["--log", &path_str(&log), "bot=python3 bots/shengji_bot.py '28=PLAY [ A♠ J♠ ]'"])
        .args([&smart, &smart, &smart])
        .output()
        .unwrap();
    let result = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(result, "OK 14 2/0 3/115 p2.smart e p4.smart\n", "{}", String::from_utf8_lossy(&output.stderr));
    let doc = std::fs::read_to_string(root().join("protocol.md")).unwrap();
    let block = doc.split("<!-- shengji-example -->\n```\n").nth(1).expect("the example's marker");
    let expected: Vec<&str> = block.split("\n```").next().unwrap().lines().collect();
    assert_eq!(streams(&log, "p1.bot"), expected);
}
