//! End-to-end tests of `juiz replay LOG --seat N --bot BOT` on games a bot lost by a fault: the
//! same bot still commits the recorded fault (exit status 3), a fixed one gets past it (0) and
//! the command says what it writes there.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::*;

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// Plays the template bot against `bot` (seat 1) with a log, and returns the log.
fn lost_game(dir: &Path, bot: &str) -> String {
    let log = path_str(&dir.join("game.csv"));
    let output = juiz()
        .args(["play", "--silent", "--seed", "3", "--move-timeout", "1s", "--log", &log])
        .arg(path_str(&c_bot("template")))
        .arg(bot)
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(line.starts_with("NOK 3 "), "{bot} loses by a fault: {}", text(&output));
    log
}

/// `juiz replay LOG --seat 1 --bot BOT`; a bot that hangs is given 1 s, a bot that answers 10 s
/// (a busy machine never makes it time out).
fn replay(log: &str, bot: &str) -> (Option<i32>, String) {
    let timeout = if bot.contains("sleeper") { "1s" } else { "10s" };
    let output = juiz().args(["replay", log, "--seat", "1", "--timeout", timeout, "--bot", bot]).output().unwrap();
    (output.status.code(), text(&output))
}

#[test]
fn a_bot_that_still_crashes_or_times_out_is_not_the_same() {
    let template = path_str(&c_bot("template"));
    for (fixture, kind) in [("segfault.c", "crash: killed by signal 11"), ("sleeper.py", "timeout: no line within")] {
        let dir = tempfile::tempdir().unwrap();
        let bot = path_str(&root().join("bots/fixtures").join(fixture));
        let log = lost_game(dir.path(), &bot);

        let (status, said) = replay(&log, &bot);
        assert_eq!(status, Some(4), "{fixture}: {said}");
        assert!(said.starts_with("still faults: after the 2 recorded lines"), "{fixture}: {said}");
        assert!(said.contains(kind), "{fixture}: {said}");

        let (status, said) = replay(&log, &template);
        assert_eq!(status, Some(0), "{fixture}: {said}");
        assert!(said.starts_with("gets past the recorded fault (row "), "{fixture}: {said}");
        assert!(said.contains("it writes: GET_STOCK"), "{fixture}: {said}");
    }
}

#[test]
fn a_refused_line_is_committed_again_or_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let bot = format!("python3 {}", path_str(&root().join("bots/fixtures/garbage.py")));
    let log = lost_game(dir.path(), &bot);

    let (status, said) = replay(&log, &bot);
    assert_eq!(status, Some(4), "{said}");
    assert!(said.contains("malformed: unknown command 'Pegue'"), "{said}");

    // The template writes GET_STOCK where the recording has the garbage line: past the fault.
    let (status, said) = replay(&log, &path_str(&c_bot("template")));
    assert_eq!(status, Some(0), "{said}");
    assert!(said.contains("gets past the recorded fault") && said.contains("it writes: GET_STOCK"), "{said}");
}
