//! `juiz replay` on a transcript kept compressed, as the course server keeps its ladder games
//! (`record::packed`): by the plain file's name or the packed one, it replays the same game and
//! prints the same input as from the plain file; `juiz replay --html` on a packed game puts the
//! bots' packed stderr logs beside it in the page, as for a plain one.

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

#[test]
fn a_packed_game_s_viewer_finds_its_packed_stderr_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.csv");
    let random = std::fs::read_to_string(root().join("bots/random_bot.py")).unwrap();
    let talking = random.replace(
        "if __name__ == \"__main__\":\n",
        "if __name__ == \"__main__\":\n    print(\"marker-from-the-bot\", file=sys.stderr, flush=True)\n",
    );
    assert_ne!(talking, random, "the bot writes its marker on stderr");
    let bot = dir.path().join("talking.py");
    std::fs::write(&bot, talking).unwrap();
    let talking = format!("python3 {}", path_str(&bot));
    let output = juiz()
        .args(["play", "--seed", "5", "--log", &path_str(&log), "--stderr-dir", &path_str(dir.path())])
        .arg(format!("a={talking}"))
        .arg(format!("b={talking}"))
        .output()
        .unwrap();
    assert!(log.is_file(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(dir.path().join("game.seat0.stderr").is_file(), "the bot's stderr is kept beside the log");
    juiz::record::packed::pack_folder(dir.path()).unwrap();
    assert!(!dir.path().join("game.seat0.stderr").exists() && !log.exists(), "every file packed");
    let packed = path_str(&juiz::record::packed::packed_path(&log));
    for (name, page) in [(&packed, "by-packed-name.html"), (&path_str(&log), "by-plain-name.html")] {
        let out = dir.path().join(page);
        let output = juiz().args(["replay", "--html", &path_str(&out), name]).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        let html = std::fs::read_to_string(&out).unwrap();
        assert!(html.contains("marker-from-the-bot"), "{name}: the seats' stderr is in the page");
    }
}
