//! `juiz play` in Portuguese end to end: the game view (narration, the table, the human seat's
//! prompts and refusals, faults, the end summary) has no English sentence left, and the logs are
//! the same whatever the language.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use common::*;

/// Words of the English game view that must not appear in the Portuguese one (card notation,
/// protocol commands and ids aside).
const ENGLISH: [&str; 27] = [
    "no sockets",
    "private ipc",
    "work dirs",
    " the ",
    " and ",
    "draws",
    "discards",
    "melds",
    " turn",
    "seat ",
    "side ",
    "winner",
    "forfeit",
    "not accepted",
    "your hand",
    " stock",
    "discard pile",
    "fault:",
    "referee:",
    "cards as",
    " is not ",
    "expected",
    "game over",
    "scores",
    "other hands",
    "human player",
    "none",
];

fn assert_no_english(text: &str) {
    for line in text.lines() {
        for word in ENGLISH {
            assert!(!line.contains(word), "English {word:?} left in: {line}\n\nthe whole view:\n{text}");
        }
    }
}

#[test]
fn a_human_seat_plays_in_portuguese() {
    // The human (seat 0) holds 6♠ 7♠ 9♥ and starts; the top of the pile is K♦.
    let (_dir, deal) = deal_file("[ 6♠ 7♠ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    let mut child = juiz()
        .args(["play", "--lang", "pt", "--seed", "4", "--deal", &path_str(&deal), &path_str(&c_bot("template"))])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // An unknown word, a draw, a card that is not one, a discard; then the human leaves.
    child.stdin.take().unwrap().write_all("PEGAR\nGET_STOCK\nDISCARD 9x\nDISCARD 9h\n".as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{text}{}", String::from_utf8_lossy(&output.stderr));
    for portuguese in [
        "assento 0: user",
        "sua mão (3): [ 9♥ 6♠ 7♠ ]",
        "lixo (1, a de cima por último): [ K♦ ]",
        "compre: GET_STOCK ou GET_DISCARD",
        "cartas como 5♥ ou 5h",
        "não aceito: comando desconhecido 'PEGAR'",
        "não aceito: '9x' não é uma carta",
        "(regra bad-card)",
        "user descarta 9♥",
        "juiz: GET_STOCK",
        "o jogador humano saiu",
        "user perde por falta",
        "vencedor: p1.template",
    ] {
        assert!(text.contains(portuguese), "{portuguese:?} missing:\n{text}");
    }
    assert_no_english(&text);
}

#[test]
fn bots_and_their_faults_are_told_in_portuguese() {
    let misbehave = format!("python3 {} illegal 3", path_str(&root().join("bots/fixtures/misbehave.py")));
    let output = juiz()
        .env("LC_ALL", "pt_BR.UTF-8")
        .args(["play", "--seed", "3", &path_str(&c_bot("smart")), &misbehave])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{text}{}", String::from_utf8_lossy(&output.stderr));
    for portuguese in [
        "compra do monte",
        "descarta",
        "falta: p2.misbehave illegal (jogada ilegal):",
        "(regra card-not-in-hand)",
        "lado 1",
    ] {
        assert!(text.contains(portuguese), "{portuguese:?} missing:\n{text}");
    }
    assert_no_english(&text);
}

#[test]
fn faults_outside_the_rules_are_told_in_portuguese_and_logged_in_english() {
    // A timeout and an endless line: the details come from juiz's bot module, not the engine.
    for (how, portuguese, english) in [
        ("sleeper.py", "nenhuma linha em 1s (", "no line within 1s ("),
        ("endless_line.py", "bytes sem uma quebra de linha", "bytes without a newline"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("game.csv");
        let bot = path_str(&root().join("bots/fixtures").join(how));
        let output = juiz()
            .env("LC_ALL", "pt_BR.UTF-8")
            .args(["play", "--seed", "3", "--move-timeout", "1s", "--log", &path_str(&log), &bot])
            .arg(path_str(&c_bot("template")))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(text.contains(portuguese), "{how}: {portuguese:?} missing:\n{text}");
        assert!(!text.contains(english), "{how}: English left:\n{text}");
        let logged = std::fs::read_to_string(&log).unwrap();
        assert!(logged.contains(english), "{how}: the log must keep the English:\n{logged}");
    }
}

/// A log's rows without the time column and the timing rows (the only parts that vary).
fn rows(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap();
    text.lines()
        .filter(|l| !l.contains(",timing "))
        .map(|l| {
            let mut fields: Vec<&str> = l.splitn(3, ',').collect();
            if fields.len() == 3 {
                fields[1] = "";
            }
            fields.join(",")
        })
        .collect()
}

#[test]
fn logs_are_the_same_in_every_language() {
    let dir = tempfile::tempdir().unwrap();
    let misbehave = format!("python3 {} illegal 3", path_str(&root().join("bots/fixtures/misbehave.py")));
    let games: [(&str, Vec<String>); 3] = [
        ("itp-buraco", vec![path_str(&c_bot("smart")), path_str(&c_bot("template"))]),
        ("itp-buraco", vec![path_str(&c_bot("smart")), misbehave]),
        ("buraco-stbl", vec!["bots/stbl_bot.py".into(), "bots/stbl_bot.py".into()]),
    ];
    for (i, (game, bots)) in games.iter().enumerate() {
        let log = |lang: &str| dir.path().join(format!("{i}-{lang}.csv"));
        for lang in ["en", "pt"] {
            let output = juiz()
                .args(["play", "--silent", "--game", game, "--seed", "11", "--lang", lang, "--log"])
                .arg(log(lang))
                .args(bots)
                .output()
                .unwrap();
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        }
        let (en, pt) = (rows(&log("en")), rows(&log("pt")));
        assert!(en.len() > 20, "{en:?}");
        assert!(en.iter().any(|r| r.contains(",*,")), "the narration is logged: {en:?}");
        assert_eq!(pt, en, "game {i}: the log changed with the language");
    }
    // A human seat's refused line is logged too ("refused: ..."), in English.
    let (_deal_dir, deal) = deal_file("[ 6♠ 7♠ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    for lang in ["en", "pt"] {
        let mut child = juiz()
            .args(["play", "--lang", lang, "--seed", "4", "--deal", &path_str(&deal), "--log"])
            .arg(dir.path().join(format!("human-{lang}.csv")))
            .arg(path_str(&c_bot("template")))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"PEGAR\nGET_STOCK\nDISCARD 9h\n").unwrap();
        assert!(child.wait().unwrap().success());
    }
    let (en, pt) = (rows(&dir.path().join("human-en.csv")), rows(&dir.path().join("human-pt.csv")));
    assert!(en.iter().any(|r| r.contains("refused: unknown command 'PEGAR'")), "{en:?}");
    assert_eq!(pt, en);
}

#[test]
fn a_replay_is_told_in_portuguese() {
    let dir = tempfile::tempdir().unwrap();
    let log = play_logged(dir.path(), "itp-buraco", 5, &["house:easy", "house:easy"]);
    let out = juiz().args(["--lang", "pt", "replay"]).arg(&log).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("reprodução de") && text.contains("a reprodução chegou ao resultado registrado"), "{text}");
    assert!(!text.contains("replay reached") && !text.contains("replay of"), "{text}");
    // One seat's input fed to the same bot: the lines, counted in Portuguese.
    let house = |s: &str| s.to_owned();
    let out = juiz()
        .args(["--lang", "pt", "replay"])
        .arg(&log)
        .args(["--seat", "0", "--bot", &house("house:easy")])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("igual: o bot escreveu") && text.contains("linhas registradas do lugar 0"), "{text}");
}
