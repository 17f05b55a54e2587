//! `juiz replay` on a transcript kept compressed, as the course server keeps its ladder games
//! (`record::packed`): by the plain file's name or the packed one, it replays the same game and
//! prints the same input as from the plain file.

use crate::common;

use common::*;

fn replay(args: &[&str]) -> (Option<i32>, String) {
    let output = juiz().arg("replay").args(args).output().unwrap();
    (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn a_packed_transcript_replays_as_the_plain_one() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.csv");
    let random = format!("python3 {}", path_str(&root().join("bots/random_bot.py")));
    let output = juiz()
        .args(["play", "--seed", "5", "--log", &path_str(&log)])
        .arg(format!("a={random}"))
        .arg(format!("b={random}"))
        .output()
        .unwrap();
    assert!(log.is_file(), "{}", String::from_utf8_lossy(&output.stderr));
    let plain = path_str(&log);
    let checked = replay(&[&plain]);
    let input = replay(&[&plain, "--seat", "1", "--input"]);
    assert_eq!(checked.0, Some(0), "{}", checked.1);
    assert!(input.1.lines().count() > 3, "{}", input.1);
    let (before, after) = juiz::record::packed::pack(&log).unwrap();
    assert!(after < before, "{after} of {before} bytes");
    assert!(!log.exists());
    let packed = path_str(&juiz::record::packed::packed_path(&log));
    for name in [&plain, &packed] {
        // The same game and result; only the file named in its first line differs.
        let (code, text) = replay(&[name]);
        assert_eq!((code, text.replace(name.as_str(), &plain)), checked, "{name}");
        assert_eq!(replay(&[name, "--seat", "1", "--input"]), input, "{name}");
    }
}
