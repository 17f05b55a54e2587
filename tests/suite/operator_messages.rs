//! What the instructor reads and the files they share: errors about `--out` name it and the fix;
//! finished results are readable by the owner's group only (0640 files, 0750 folders); a game's
//! end line says the turn of its fault; an odd number of bots is explained.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use common::*;

fn tournament_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("t.json");
    two_bot_tournament(
        &path,
        "modes",
        2,
        "1s",
        [("sleeper", path_str(&root().join("bots/fixtures/sleeper.py"))), ("template", path_str(&c_bot("template")))],
    );
    path
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn an_out_that_is_a_file_is_named_with_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let file = tournament_file(dir.path());
    let output = juiz().arg("tournament").arg(&file).arg("--out").arg(&file).output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    let expected = format!("juiz: --out {0}: {0} is a file, not a folder: give --out a folder", file.display());
    assert!(err.starts_with(&expected), "{err}");
}

#[test]
fn finished_results_are_readable_by_the_group_and_nobody_else() {
    let dir = tempfile::tempdir().unwrap();
    let file = tournament_file(dir.path());
    let out = dir.path().join("out");
    let output = juiz().arg("tournament").arg(&file).arg("--out").arg(&out).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!((mode(&out), mode(&out.join("games"))), (0o750, 0o750));
    let mut files = 0;
    for folder in [out.clone(), out.join("games")] {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() && path.file_name().unwrap() != ".lock" {
                assert_eq!(mode(&path), 0o640, "{}", path.display());
                files += 1;
            }
        }
    }
    // games.csv, standings.csv, faults.csv, tournament.json, bots.csv, shard.txt, two
    // transcripts, and the sleeper's stderr logs if any.
    assert!(files >= 8, "{files} files");
    // SAFETY: getegid has no preconditions.
    let gid = unsafe { libc::getegid() };
    assert_eq!(std::os::unix::fs::MetadataExt::gid(&std::fs::metadata(&out).unwrap()), gid);
}

#[test]
fn a_games_end_line_names_the_turn_of_the_fault() {
    let template = path_str(&c_bot("template"));
    let sleeper = path_str(&root().join("bots/fixtures/sleeper.py"));
    let output = juiz().args(["play", "--seed", "1", "--move-timeout", "1s", &sleeper, &template]).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    // The last turn shown before the fault is 3: the fault came in turn 4.
    assert!(text.contains("\n   3  p2.template discards"), "{text}");
    assert!(text.contains("(3 turns completed, the fault in turn 4)"), "{text}");
}

#[test]
fn an_odd_number_of_bots_is_explained() {
    let template = path_str(&c_bot("template"));
    let bots = vec![template.as_str(); 5];
    let output = juiz().arg("play").args(&bots).output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("not 6: 5 bots and you (an odd number of bots gives seat 0 to you"), "{err}");
}

#[test]
fn bot_paths_are_found_beside_the_tournament_file_or_the_error_says_where_they_were_looked_for() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("subs")).unwrap();
    std::fs::copy(root().join("bots/random_bot.py"), dir.path().join("subs/rnd.py")).unwrap();
    std::fs::copy(root().join("bots/template.c"), dir.path().join("subs/tpl.c")).unwrap();
    let file = dir.path().join("t.json");
    let text = r#"{"name": "beside", "games_per_pairing": 2,
        "bots": [{"name": "rnd", "command": "python3 subs/rnd.py"}, {"name": "tpl", "build": "subs/tpl.c"}]}"#;
    std::fs::write(&file, text).unwrap();
    // juiz is started from the repository's root, not from the file's folder.
    let out = dir.path().join("out");
    let output = juiz().arg("tournament").arg(&file).arg("--out").arg(&out).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let canonical = std::fs::read_to_string(out.join("tournament.json")).unwrap();
    assert!(canonical.contains(&format!("python3 {}/subs/rnd.py", dir.path().display())), "{canonical}");

    std::fs::write(&file, text.replace("subs/rnd.py", "subs/gone.py")).unwrap();
    let output = juiz().arg("tournament").arg(&file).arg("--out").arg(dir.path().join("o2")).output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("subs/gone.py does not exist"), "{err}");
    assert!(
        err.contains(&format!("then in {} (the tournament file's)", dir.path().display())),
        "says where it looked: {err}"
    );
}

#[test]
fn a_folder_of_submissions_plays_its_usable_bots_and_lists_the_others_first() {
    let dir = tempfile::tempdir().unwrap();
    let subs = dir.path().join("subs");
    for (student, file, from) in [("ana", "bot.c", "bots/template.c"), ("bia", "x.py", "bots/random_bot.py")] {
        std::fs::create_dir_all(subs.join(student)).unwrap();
        std::fs::copy(root().join(from), subs.join(student).join(file)).unwrap();
    }
    std::fs::create_dir_all(subs.join("caio")).unwrap();
    std::fs::write(subs.join("caio/Makefile"), "all:\n\tcc -o bot bot.c\n").unwrap();
    let file = dir.path().join("class.json");
    std::fs::write(&file, r#"{"name": "class", "games_per_pairing": 2, "submissions": "subs"}"#).unwrap();
    let out = dir.path().join("out");
    let output = juiz().arg("tournament").arg(&file).arg("--out").arg(&out).output().unwrap();
    let (text, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{err}");
    assert!(err.starts_with("bot 'caio' cannot run, its games are lost: only a Makefile"), "{err}");
    assert!(text.contains("class: 6/6 games"), "{text}");
    let rows = juiz::tournament::read_games(&out.join("games.csv")).unwrap();
    for row in &rows {
        if row.seats.contains("caio") {
            assert_eq!((row.fault_kind.as_str(), row.faulty_bot.as_str()), ("build", "caio"), "{row:?}");
        } else {
            assert_eq!(row.verdict, "OK", "ana and bia play on: {row:?}");
        }
    }
    assert!(text.contains("caio: 4 build"), "{text}");
    assert!(!text.contains("unusable"), "no command to play a submission without a bot: {text}");
}
