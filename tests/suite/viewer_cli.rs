//! `juiz replay LOG --html OUT` without a browser: a page for a game of every kind, self-contained
//! (no network, no external file); a transcript written before the table model still renders;
//! bad input (not a transcript, cut short, from a newer juiz) gives one line, exit 2, and no page.

use crate::common;

use std::path::Path;

fn html(log: &Path, page: &Path) -> std::process::Output {
    common::juiz().arg("replay").arg(log).arg("--html").arg(page).output().unwrap()
}

/// The JSON data embedded in a page.
fn data(page: &str) -> serde_json::Value {
    let start = page.find("id=\"juiz-data\">").unwrap() + "id=\"juiz-data\">".len();
    let end = page[start..].find("</script>").unwrap() + start;
    serde_json::from_str(&page[start..end]).unwrap()
}

fn assert_self_contained(page: &str) {
    for needle in ["http://", "https://", "src=\"", "<link", "@import", "url("] {
        assert!(!page.contains(needle), "the page refers to something outside it: {needle}");
    }
}

#[test]
fn every_game_renders_to_one_self_contained_page() {
    let dir = tempfile::tempdir().unwrap();
    // Every registered game, its easy house bots at every seat of its usual table, one short
    // game (the registry says how).
    for kind in juiz::games::GameKind::ALL {
        let game = kind.name();
        let seats = kind.seat_counts()[0];
        let mut bots = vec!["house:easy"; seats];
        for rule in kind.def().short_match {
            bots.extend(["--rule", rule]);
        }
        let log = common::play_logged(dir.path(), game, 3, &bots);
        let page_path = dir.path().join(format!("{game}.html"));
        let out = html(&log, &page_path);
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let page = std::fs::read_to_string(&page_path).unwrap();
        assert_self_contained(&page);
        let d = data(&page);
        assert_eq!(d["game"], game);
        let steps = d["steps"].as_array().unwrap();
        let rows = std::fs::read_to_string(&log).unwrap().lines().count();
        assert!(steps.len() > 10 && steps.len() < rows, "{game}: {} steps", steps.len());
        for step in steps {
            assert_eq!(step["views"].as_array().unwrap().len(), seats + 1, "omniscient and one per seat");
        }
        let last = &d["counter_sets"][steps.last().unwrap()["counters"][0].as_u64().unwrap() as usize];
        assert!(last.to_string().contains("game over"), "{game}: the last step is the end: {last}");
    }
}

#[test]
fn a_transcript_from_before_the_table_model_still_renders() {
    let dir = tempfile::tempdir().unwrap();
    let log = common::root().join("tests/fixtures/transcripts/write-fault-before-held-lines.csv");
    let page = dir.path().join("old.html");
    let out = html(&log, &page);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let d = data(&std::fs::read_to_string(&page).unwrap());
    assert!(d["fault"].is_object(), "the recorded fault is in the page: {}", d["fault"]);
}

#[test]
fn bad_transcripts_give_one_line_exit_2_and_no_page() {
    let dir = tempfile::tempdir().unwrap();
    let good =
        common::play_logged(dir.path(), "itp-buraco", 4, &["python3 bots/random_bot.py", "python3 bots/random_bot.py"]);
    let text = std::fs::read_to_string(&good).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n") + "\n";
    let torn = text[..text.len() / 2].rsplit_once(',').unwrap().0.to_owned();
    let newer = text.replace("format=juiz-transcript-1", "format=juiz-transcript-9");
    let cases = [
        ("not-a-log", "hello, world\n".to_owned(), "not a juiz transcript"),
        ("cut", cut, "cut short"),
        ("torn", torn, "log"),
        ("newer", newer, "juiz-transcript-9"),
    ];
    for (name, text, says) in cases {
        let log = dir.path().join(format!("{name}.csv"));
        std::fs::write(&log, text).unwrap();
        let page = dir.path().join(format!("{name}.html"));
        std::fs::write(&page, "an older page").unwrap();
        let out = html(&log, &page);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: one line: {stderr}");
        assert!(stderr.contains(says), "{name}: {stderr}");
        assert_eq!(std::fs::read_to_string(&page).unwrap(), "an older page", "{name}: the old page is untouched");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
        assert!(!left.iter().any(|n| n.to_string_lossy().ends_with(".tmp")), "{name}: no temporary file: {left:?}");
    }
    let missing = dir.path().join("nowhere/x.html");
    let out = html(&good, &missing);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write"), "{}", String::from_utf8_lossy(&out.stderr));
}
