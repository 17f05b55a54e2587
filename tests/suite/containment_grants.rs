//! A run whose own files lie in a folder granted to every bot (issue 34, item 5): `juiz
//! tournament` and `juiz serve` refuse to start, naming the file or folder and the granted
//! folder, before they create or write anything. The cases that need a scratch folder under
//! `/usr/local` run as root only (they pass without checking anything otherwise, and say so).

use crate::common;

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

#[test]
fn a_course_in_a_system_folder_is_not_served() {
    let Some(course) = scratch() else { return };
    for file in ["course-demo.json", "course-demo-roster.csv"] {
        std::fs::copy(root().join("tournaments").join(file), course.0.join(file)).unwrap();
    }
    let mut server = juiz()
        .args([
            "serve".as_ref(),
            course.0.join("course-demo.json").as_os_str(),
            "--listen".as_ref(),
            "127.0.0.1:0".as_ref(),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Refused at once; a server that started instead is stopped after a minute (and the test fails).
    let mut status = None;
    for _ in 0..600 {
        status = server.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    if status.is_none() {
        let _ = server.kill();
        let _ = server.wait();
    }
    let mut stderr = String::new();
    std::io::Read::read_to_string(server.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.and_then(|s| s.code()), Some(2), "{stderr}");
    let file = course.0.join("course-demo.json");
    assert!(stderr.contains(&format!("the course file {} lies in /usr,", file.display())), "{stderr}");
    assert!(!course.0.parent().unwrap().join("results/course-demo").exists(), "no data folder made");
}
