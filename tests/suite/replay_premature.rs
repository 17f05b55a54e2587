//! `juiz replay LOG --seat N --bot BOT` where the recording has the seat's premature output: the
//! recorded seats answer at once in a replay, so the replay waits at the recorded point for the
//! bot's output, as the live game's timing let the referee see it. The unfixed bot still faults
//! (exit status 4); the fixed one gets past it (0).

use crate::common;

use common::*;

fn student(mistake: &str) -> String {
    format!("python3 {} {mistake}", path_str(&root().join("tests/fixtures/mistakes/student.py")))
}

/// Plays seed 3 with `bot` at seat 0 against a student bot that sleeps `nap` seconds a move at
/// seat 1 (it starts), logged to `log`; the recorded fault row, if any.
fn lost_game(log: &std::path::Path, bot: &str, nap: &str) -> String {
    let output = juiz()
        .args(["play", "--seed", "3", "--log", &path_str(log)])
        .arg(format!("student={bot}"))
        .arg(format!("other={}", student(&format!("sleep {nap}"))))
        .output()
        .unwrap();
    assert!(log.exists(), "{}", String::from_utf8_lossy(&output.stderr));
    std::fs::read_to_string(log).unwrap().lines().find(|l| l.contains(",!,")).unwrap_or_default().to_owned()
}

fn replay(log: &std::path::Path, bot: &str) -> (Option<i32>, String) {
    let output = juiz().args(["replay", &path_str(log), "--seat", "0", "--bot", bot]).output().unwrap();
    (
        output.status.code(),
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)),
    )
}

#[test]
fn an_answer_after_another_players_id_still_faults_in_the_replay_and_the_fixed_bot_gets_past() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.csv");
    // It takes the other player's id for its own and answers at the other's turn; the other
    // sleeps half a second a move, so the live game sees the answer while it waits.
    let fault = lost_game(&log, &student("scanf-ids"), "0.5");
    if !fault.contains("premature-output: wrote \"\"GET_STOCK\"\"") {
        eprintln!("the live game recorded another fault (a loaded machine?): {fault}");
        return;
    }
    let (code, text) = replay(&log, &student("scanf-ids"));
    assert_eq!(code, Some(4), "{text}");
    assert!(
        text.starts_with("still faults: after the 0 recorded lines the bot commits the recorded fault again"),
        "{text}"
    );
    assert!(text.contains("premature-output: wrote \"GET_STOCK\" when it was not its turn"), "{text}");
    let (code, text) = replay(&log, &student(""));
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("gets past the recorded fault"), "{text}");
}

#[test]
fn a_debugging_line_off_turn_still_faults_in_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.csv");
    let fault = lost_game(&log, &student("debug-off-turn"), "0");
    assert!(fault.contains("premature-output: wrote \"\"my hand is"), "{fault}");
    let (code, text) = replay(&log, &student("debug-off-turn"));
    assert_eq!(code, Some(4), "{text}");
    assert!(text.starts_with("still faults:"), "{text}");
    let (code, text) = replay(&log, &student(""));
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("gets past the recorded fault"), "{text}");
}
