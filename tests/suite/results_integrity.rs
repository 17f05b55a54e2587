//! The results folder belongs to the run that writes it: a second run on the same `--out` is
//! refused and told which process holds it, and the lock goes with its holder. Rows carry a
//! checksum with the tournament's identity: `--resume` and `merge` refuse an edited row, and
//! `merge` refuses two different results of one game, naming it.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// A tournament whose games last (a bot that sleeps through a long move timeout).
fn slow_tournament(dir: &Path) -> PathBuf {
    let path = dir.join("slow.json");
    two_bot_tournament(
        &path,
        "slow",
        2,
        "30s",
        [("sleeper", path_str(&root().join("bots/fixtures/sleeper.py"))), ("template", path_str(&c_bot("template")))],
    );
    path
}

fn start(file: &Path, out: &Path, extra: &[&str]) -> Child {
    juiz()
        .arg("tournament")
        .arg(file)
        .arg("--out")
        .arg(out)
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits until `out/.lock` names process `pid`.
fn wait_for_holder(out: &Path, pid: u32) {
    let start = Instant::now();
    while std::fs::read_to_string(out.join(".lock")).unwrap_or_default().trim() != pid.to_string() {
        assert!(start.elapsed() < Duration::from_secs(60), "process {pid} never took the lock");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn stop(mut child: Child) {
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), nix::sys::signal::Signal::SIGTERM).unwrap();
    child.wait().unwrap();
}

#[test]
fn a_second_run_on_the_same_out_is_refused_naming_the_process_that_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = slow_tournament(dir.path());
    let out = dir.path().join("out");
    let first = start(&file, &out, &["--jobs", "1"]);
    wait_for_holder(&out, first.id());

    let second = juiz().arg("tournament").arg(&file).arg("--out").arg(&out).arg("--resume").output().unwrap();
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("process {}", first.id())) && err.contains("--out"), "{err}");
    let merge = juiz().arg("merge").arg(&out).arg("--out").arg(&out).output().unwrap();
    assert_eq!(merge.status.code(), Some(2), "merge into a folder being written is refused too");

    // Once the first run has ended, the folder is free: a resumed run takes it.
    stop(first);
    let third = start(&file, &out, &["--jobs", "1", "--resume"]);
    wait_for_holder(&out, third.id());
    stop(third);
}

/// A quick tournament of the bundled C bots, run to the end in `out`.
fn finished_tournament(dir: &Path, out: &Path) -> PathBuf {
    let path = dir.join("quick.json");
    two_bot_tournament(
        &path,
        "quick",
        4,
        "5s",
        [("smart", path_str(&c_bot("smart"))), ("template", path_str(&c_bot("template")))],
    );
    let output = juiz().arg("tournament").arg(&path).arg("--out").arg(out).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    path
}

/// Rewrites row `n` (1-based, after the header) of `dir/games.csv` with `edit`.
fn edit_row(dir: &Path, n: usize, edit: impl FnOnce(&mut juiz::tournament::GameRow)) -> String {
    let path = dir.join("games.csv");
    let mut rows = juiz::tournament::read_games(&path).unwrap();
    edit(&mut rows[n - 1]);
    std::fs::write(&path, juiz::tournament::encode_all(&rows)).unwrap();
    rows[n - 1].game_id.clone()
}

fn failure(output: std::process::Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stdout));
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn an_edited_row_is_refused_by_resume_and_merge_naming_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let file = finished_tournament(dir.path(), &out);
    // A plausible edit: the loser's score raised by a little.
    let id = edit_row(&out, 2, |row| row.score1 += 5);
    let resume = juiz().arg("tournament").arg(&file).arg("--out").arg(&out).arg("--resume").output().unwrap();
    let err = failure(resume);
    assert!(err.contains(&format!("the row of game {id} fails its checksum")), "{err}");
    let merged = dir.path().join("merged");
    let err = failure(juiz().arg("merge").arg(&out).arg("--out").arg(&merged).output().unwrap());
    assert!(err.contains(&format!("game {id} fails its checksum")), "{err}");
}

#[test]
fn merging_two_different_results_of_one_game_is_refused_naming_both_folders() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let file = finished_tournament(dir.path(), &a);
    // The file sets no seed: the other runs deal from the first run's published secret, given
    // back with --secret (a private copy), so that the runs play the same deals.
    let secret = dir.path().join("a.secret");
    std::fs::copy(a.join(juiz::tournament::SECRET_FILE), &secret).unwrap();
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let again = |out: &Path| {
        juiz().arg("tournament").arg(&file).arg("--out").arg(out).arg("--secret").arg(&secret).output().unwrap()
    };
    let output = again(&b);
    assert!(output.status.success());
    // The same game with another result, correctly sealed (as a bot that plays differently from
    // run to run would give): not a tampered row, a conflict.
    let identity = juiz::tournament::identity(&std::fs::read_to_string(b.join("tournament.json")).unwrap());
    let id = edit_row(&b, 3, |row| {
        row.score0 += 100;
        row.check = juiz::tournament::row_check(&identity, row);
    });
    let merged = dir.path().join("merged");
    let err = failure(juiz().arg("merge").arg(&a).arg(&b).arg("--out").arg(&merged).output().unwrap());
    assert!(err.contains(&format!("game {id} has different results in")), "{err}");
    assert!(err.contains(&path_str(&a.join("games.csv"))) && err.contains(&path_str(&b.join("games.csv"))), "{err}");
    assert!(!merged.join("games.csv").exists(), "nothing was merged");
    // The same results twice (timings aside) merge fine.
    let c = dir.path().join("c");
    assert!(again(&c).status.success());
    let ok = juiz().arg("merge").arg(&a).arg(&c).arg("--out").arg(&merged).output().unwrap();
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
}
