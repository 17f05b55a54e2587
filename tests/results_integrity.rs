//! The results folder belongs to the run that writes it: a second run on the same `--out` is
//! refused and told which process holds it, and the lock goes with its holder.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// A tournament whose games last (a bot that sleeps through a long move timeout).
fn slow_tournament(dir: &Path) -> PathBuf {
    let path = dir.join("slow.json");
    let text = format!(
        r#"{{"name": "slow", "games_per_pairing": 2, "move_timeout": "30s",
            "bots": [{{"name": "sleeper", "command": "{}"}}, {{"name": "template", "command": "{}"}}]}}"#,
        path_str(&root().join("bots/fixtures/sleeper.py")),
        path_str(&c_bot("template"))
    );
    std::fs::write(&path, text).unwrap();
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
