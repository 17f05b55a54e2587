//! A run whose own files lie in a folder granted to every bot (issue 34, item 5): `juiz
//! tournament` refuses to start, naming the file or folder and the granted folder, before it
//! creates or writes anything.

mod common;

use std::path::{Path, PathBuf};

use common::{juiz, root};

/// A tournament file of two Python bots, in a fresh folder (`dir`), with `extra` keys.
fn tournament_in(dir: &Path, extra: &str) -> PathBuf {
    let bot = root().join("bots/random_bot.py");
    let text = format!(
        r#"{{"name": "refusal", "game": "itp-buraco", "format": "round-robin", "games_per_pairing": 2,
            "duplicate": true, "players": 2, {extra}
            "bots": [{{"name": "a", "command": "python3 {bot}"}}, {{"name": "b", "command": "python3 {bot}"}}]}}"#,
        bot = bot.display()
    );
    let file = dir.join("t.json");
    std::fs::write(&file, text).unwrap();
    file
}

/// Runs `juiz tournament` and returns its exit status and stderr.
fn run(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let output = juiz().arg("tournament").args(args).output().unwrap();
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn a_results_folder_in_a_system_folder_is_refused_before_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let file = tournament_in(dir.path(), "");
    let out = Path::new("/usr/share/juiz-refusal-test-results").join(std::process::id().to_string());
    let (status, stderr) = run(&[file.as_os_str(), "--out".as_ref(), out.as_os_str()]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("the results folder {} lies in /usr,", out.display())),
        "names the folder and where it lies: {stderr}"
    );
    assert!(stderr.contains("Move it out"), "says what to do: {stderr}");
    assert!(!out.exists() && !out.parent().unwrap().exists(), "nothing made under /usr");
}

/// A scratch folder under `/usr/local`, removed on drop (only root may make one).
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch() -> Option<Scratch> {
    let dir = PathBuf::from(format!("/usr/local/juiz-refusal-test-{}", std::process::id()));
    match std::fs::create_dir_all(&dir) {
        Ok(()) => Some(Scratch(dir)),
        Err(e) => {
            eprintln!("skipped (needs root to write under /usr/local): {e}");
            None
        }
    }
}

#[test]
fn a_tournament_file_or_submissions_in_a_system_folder_is_refused() {
    let Some(course) = scratch() else { return };
    let outside = tempfile::tempdir().unwrap();
    let results = outside.path().join("results");
    let file = tournament_in(&course.0, "");
    let (status, stderr) = run(&[file.as_os_str(), "--out".as_ref(), results.as_os_str()]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains(&format!("the tournament file {} lies in /usr,", file.display())), "{stderr}");
    assert!(!results.exists(), "refused before the results folder is made");

    let subs = course.0.join("subs/ana");
    std::fs::create_dir_all(&subs).unwrap();
    std::fs::copy(root().join("bots/random_bot.py"), subs.join("bot.py")).unwrap();
    let file = tournament_in(outside.path(), &format!(r#""submissions": "{}","#, course.0.join("subs").display()));
    let (status, stderr) = run(&[file.as_os_str(), "--out".as_ref(), results.as_os_str()]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("the submissions folder {} lies in /usr,", course.0.join("subs").display())),
        "{stderr}"
    );
    assert!(!results.exists(), "refused before the results folder is made");
}
