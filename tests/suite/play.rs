//! End-to-end tests of `juiz play` and `juiz replay` with real bot processes: results, determinism,
//! deal files, bad input, misbehaving bots, the human seat, logs and replays.

use crate::common;

use std::io::Write;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use common::*;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn silent_game(args: &[&str]) -> String {
    let output = juiz().arg("play").arg("--silent").args(args).output().unwrap();
    assert!(output.status.success(), "juiz play failed: {}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "--silent prints exactly one line, got: {text:?}");
    text.trim_end().to_owned()
}

#[test]
fn same_seed_same_game_two_players() {
    let (template, smart) = (c_bot("template"), c_bot("smart"));
    let args = ["--seed", "5", &path_str(&smart), &path_str(&template)];
    let first = silent_game(&args);
    assert_eq!(first, silent_game(&args));
    let fields: Vec<&str> = first.split(' ').collect();
    assert_eq!(fields[0], "OK", "bundled bots play cleanly: {first}");
    assert_eq!(fields[1], "5");
    assert!(fields[2].parse::<i64>().is_ok() && fields[3].parse::<i64>().is_ok(), "{first}");
    assert!(["p1.smart", "p2.template", "empate"].contains(&fields[4]), "{first}");
}

#[test]
fn four_players_in_two_teams() {
    let (template, smart) = (path_str(&c_bot("template")), path_str(&c_bot("smart")));
    let line = silent_game(&["--seed", "11", &smart, &template, &smart, &template]);
    assert!(line.starts_with("OK 11 "), "{line}");
    assert!(
        line.ends_with("p1.smart e p3.smart")
            || line.ends_with("p2.template e p4.template")
            || line.ends_with("empate"),
        "{line}"
    );
}

#[test]
fn taking_the_pile_with_the_last_cards_ends_the_game_t1() {
    // Scenario T1 of the rules: P0 melds the top 5♠ with 6♠ 7♠ and goes out at once.
    let (_dir, deal) = deal_file("[ 6♠ 7♠ ]\n[ 3♥ 4♥ 9♦ ]\n5♠\n0\n");
    let line = silent_game(&[
        "--seed",
        "7",
        "--deal",
        &path_str(&deal),
        &path_str(&c_bot("smart")),
        &path_str(&c_bot("template")),
    ]);
    assert_eq!(line, "OK 7 115 -20 p1.smart");
}

#[test]
fn bad_input_is_one_clear_line_and_status_2() {
    let template = path_str(&c_bot("template"));
    let (_dir, bad_deal) = deal_file("[ 6♠ 7♠ ]\n[ 3♥ 4X 9♦ ]\n5♠\n0\n");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["no/such/bot".into(), template.clone()], "no/such/bot"),
        (vec!["--game".into(), "poker".into(), template.clone(), template.clone()], "poker"),
        (vec!["--deal".into(), path_str(&bad_deal), template.clone(), template.clone()], "4X"),
        (vec!["--deal".into(), "missing-deal.txt".into(), template.clone(), template.clone()], "missing-deal.txt"),
        (vec!["--move-timeout".into(), "soon".into(), template.clone(), template.clone()], "soon"),
        (vec![template.clone(); 5], "players"),
    ];
    for (args, needle) in cases {
        let output = juiz().arg("play").args(&args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "args {args:?}: {}", stderr(&output));
        assert!(stdout(&output).is_empty(), "no game is started for {args:?}: {}", stdout(&output));
        let message = stderr(&output);
        assert!(message.contains(needle), "the message for {args:?} names '{needle}': {message}");
    }
}

/// Plays template against the misbehaving fixture and returns the result line and the time taken.
/// It misbehaves on its second turn, past the start-up allowance, so the move timeout applies.
fn against_misbehaving(how: &str, marker: &str) -> (String, Duration) {
    let bot = format!("python3 {} {how} 2 {marker}", path_str(&root().join("bots/fixtures/misbehave.py")));
    let start = Instant::now();
    let line = silent_game(&["--seed", "3", "--move-timeout", "700ms", &path_str(&c_bot("template")), &bot]);
    (line, start.elapsed())
}

#[test]
fn misbehaving_bots_lose_and_leave_nothing_running() {
    let faulty = [
        "sleep",
        "crash",
        "exit",
        "garbage",
        "illegal",
        "endless",
        "flood",
        "bad-utf8",
        "close-stdout",
        "close-stdin",
        "fork-holder",
        "ignore-term",
        "spawn-many",
        "early",
        "exit-at-start",
    ];
    for how in faulty {
        let marker = format!("juiz-e2e-{how}-{}", std::process::id());
        let (line, took) = against_misbehaving(how, &marker);
        assert!(line.starts_with("NOK 3 ") && line.ends_with(" p1.template"), "{how}: {line}");
        // A 700 ms move timeout, plus a generous margin for a loaded machine.
        assert!(took < Duration::from_secs(6), "{how}: the game took {took:?}");
        let left = processes_mentioning(&marker);
        assert!(left.is_empty(), "{how}: processes left behind: {left:?}");
    }
}

#[test]
fn a_bot_flooding_stderr_is_not_at_fault() {
    let (line, _) = against_misbehaving("stderr-flood", "juiz-e2e-stderr-flood");
    assert!(line.starts_with("OK 3 "), "{line}");
}

#[test]
fn log_replay_and_feeding_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.csv");
    let (template, smart) = (path_str(&c_bot("template")), path_str(&c_bot("smart")));
    let line = silent_game(&["--seed", "21", "--log", &path_str(&log), &smart, &template]);

    let output = juiz().args(["replay", &path_str(&log)]).output().unwrap();
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));
    assert!(stdout(&output).contains(&format!("replay reached the recorded result: {line}")), "{}", stdout(&output));

    // The seat's exact input, as a file a debugger can be fed.
    let output = juiz().args(["replay", &path_str(&log), "--seat", "1", "--input"]).output().unwrap();
    let input = stdout(&output);
    let mut lines = input.lines();
    assert_eq!(lines.next(), Some("p1.smart p2.templa"));
    assert_eq!(lines.next(), Some("p2.templa"));

    // The same bot answers the same; another bot differs somewhere.
    let output = juiz().args(["replay", &path_str(&log), "--seat", "0", "--bot", &smart]).output().unwrap();
    assert!(output.status.success(), "{}", stdout(&output));
    assert!(stdout(&output).starts_with("same:"), "{}", stdout(&output));
    let output = juiz().args(["replay", &path_str(&log), "--seat", "0", "--bot", &template]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(stdout(&output).contains("differs at row"), "{}", stdout(&output));
}

#[test]
fn a_tampered_log_does_not_replay() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.csv");
    silent_game(&[
        "--seed",
        "8",
        "--log",
        &path_str(&log),
        &path_str(&c_bot("template")),
        &path_str(&c_bot("template")),
    ]);
    let text = std::fs::read_to_string(&log).unwrap();
    // Change the first card drawn from the stock in the recording.
    let tampered = text.replacen(",<,GET_STOCK", ",<,GET_DISCARD [ 2♣ 2♦ ]", 1);
    assert_ne!(text, tampered);
    std::fs::write(&log, tampered).unwrap();
    let output = juiz().args(["replay", &path_str(&log)]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}{}", stdout(&output), stderr(&output));
}

#[test]
fn a_human_is_asked_again_after_a_mistake() {
    // The human (seat 0) holds 6♠ 7♠ 9♥ and starts; the top of the pile is K♦.
    let (_dir, deal) = deal_file("[ 6♠ 7♠ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    let mut child = juiz()
        .args(["play", "--seed", "4", "--deal", &path_str(&deal), &path_str(&c_bot("template"))])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A typo, then a legal draw and discard; then end of input: the human leaves at the next turn.
    child.stdin.take().unwrap().write_all("DISCARD 9♥\nGET_STOCK\nDISCARD 9♥\n".as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert!(text.contains("not accepted"), "the mistake is explained: {text}");
    assert!(text.contains("discards 9♥"), "{text}");
    assert!(text.contains("user forfeits"), "{text}");
    assert!(!text.contains("user: the bot"), "a person is not explained a bot's fault: {text}");
    // The person sees what their seat is sent, never what the bot draws.
    assert!(text.contains("referee: GET_STOCK"), "the bot's draw is told as the protocol tells it: {text}");
    let before_the_end = text.split("user forfeits").next().unwrap();
    assert!(!before_the_end.contains("p1.template draws from the stock"), "a bot's card was shown: {text}");
}

#[test]
fn a_human_may_type_ascii_suits() {
    let (dir, deal) = deal_file("[ 6♠ 7♠ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    let log = dir.path().join("game.csv");
    let mut child = juiz()
        .args(["play", "--seed", "4", "--deal", &path_str(&deal), "--log", &path_str(&log)])
        .arg(path_str(&c_bot("template")))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"GET_STOCK\nDISCARD 9h\n").unwrap();
    let output = child.wait_with_output().unwrap();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert!(text.contains("cards as 5♥ or 5h (h d c s for ♥ ♦ ♣ ♠)"), "the prompt says so: {text}");
    assert!(text.contains("discards 9♥") && !text.contains("not accepted"), "{text}");
    // The log has the line as submitted, and replays.
    assert!(std::fs::read_to_string(&log).unwrap().contains(",user,<,DISCARD 9♥\n"));
    let replay = juiz().args(["replay", &path_str(&log)]).output().unwrap();
    assert!(replay.status.success(), "{}", stdout(&replay));
}

#[test]
fn a_timeout_says_what_the_referee_was_waiting_for() {
    let (_dir, deal) = deal_file("[ 5♣ 6♣ 7♣ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    let bot = format!("python3 {}", path_str(&root().join("tests/fixtures/bot/unflushed_discard.py")));
    let output = juiz()
        .args(["play", "--seed", "2", "--move-timeout", "500ms", "--deal", &path_str(&deal), &bot])
        .arg(path_str(&c_bot("template")))
        .output()
        .unwrap();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert!(text.contains("p1.unflushed_discard: the bot did not answer in time\n"), "{text}");
    assert!(text.contains("  the referee was waiting for its line: meld or discard:"), "{text}");
    assert!(text.contains("the last line it wrote:    MELD_NEW [ 5♣ 6♣ 7♣ ]"), "{text}");
    // Blocked reading its input while its answer sat unflushed: the hint says so.
    assert!(text.contains("hint: it was waiting to read a line while the referee waited for its answer"), "{text}");
    assert!(text.contains("flush after each line: fflush(stdout) or setbuf(stdout, NULL) in C"), "{text}");
}

#[test]
fn fault_messages_speak_portuguese_with_lang_pt() {
    let (_dir, deal) = deal_file("[ 5♣ 6♣ 7♣ 9♥ ]\n[ 3♥ 4♥ 9♦ ]\nK♦\n0\n");
    let bot = format!("python3 {}", path_str(&root().join("tests/fixtures/bot/unflushed_discard.py")));
    let output = juiz()
        .args(["play", "--lang", "pt", "--seed", "2", "--move-timeout", "500ms", "--deal", &path_str(&deal), &bot])
        .arg(path_str(&c_bot("template")))
        .output()
        .unwrap();
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert!(text.contains("p1.unflushed_discard: o bot não respondeu a tempo\n"), "{text}");
    assert!(text.contains("  a última linha que ele escreveu: MELD_NEW [ 5♣ 6♣ 7♣ ]"), "{text}");
    assert!(text.contains("dica: ele esperava ler uma linha enquanto o juiz esperava a sua resposta"), "{text}");
}

#[test]
fn ctrl_c_stops_the_game_and_ends_every_bot() {
    let marker = format!("juiz-e2e-ctrl-c-{}", std::process::id());
    let sleeper = format!("python3 {} sleep 2 {marker}", path_str(&root().join("bots/fixtures/misbehave.py")));
    let child = juiz()
        .args(["play", "--silent", "--seed", "1", "--move-timeout", "60s", &path_str(&c_bot("template")), &sleeper])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the sleeper is on its second turn, asleep.
    let start = Instant::now();
    while processes_mentioning(&marker).is_empty() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), nix::sys::signal::Signal::SIGINT).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", stdout(&output));
    assert!(processes_mentioning(&marker).is_empty(), "bots left after Ctrl-C");
}
