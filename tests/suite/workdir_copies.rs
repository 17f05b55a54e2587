//! A tournament entry's `workdir` is copied for every game: regular files and folders only. A
//! symbolic link (to `/etc/shadow`, to a classmate's file) or a special file (a FIFO that would
//! block juiz, a socket) is refused with an error naming it when the tournament is loaded, and
//! again at the copy if one appears later; nothing blocks juiz.

use crate::common;

use std::path::Path;
use std::time::Duration;

use juiz::bot::{BotCommand, BotProcess, FaultKind, Limits, WorkDir};

/// A workdir of data files: `data.txt` and `sub/more.txt`.
fn data_dir(dir: &Path) -> std::path::PathBuf {
    let data = dir.join("data");
    std::fs::create_dir_all(data.join("sub")).unwrap();
    std::fs::write(data.join("data.txt"), "table\n").unwrap();
    std::fs::write(data.join("sub/more.txt"), "more\n").unwrap();
    data
}

fn tournament_with_workdir(workdir: &Path) -> Result<juiz::tournament::Tournament, String> {
    let text = format!(
        r#"{{"name": "w", "bots": [{{"name": "a", "command": "sh", "workdir": "{}"}}, {{"name": "b", "command": "sh"}}]}}"#,
        workdir.display()
    );
    juiz::tournament::Tournament::parse(&text, true).map_err(|e| e.to_string())
}

#[test]
fn links_fifos_and_sockets_in_a_workdir_are_refused_when_the_tournament_is_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let data = data_dir(dir.path());
    tournament_with_workdir(&data).expect("regular files and folders are fine");

    let link = data.join("sub/shadow");
    std::os::unix::fs::symlink("/etc/shadow", &link).unwrap();
    let err = tournament_with_workdir(&data).unwrap_err();
    assert!(err.contains(&format!("{} is a symbolic link", link.display())), "{err}");
    std::fs::remove_file(&link).unwrap();

    let fifo = data.join("pipe");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let err = tournament_with_workdir(&data).unwrap_err();
    assert!(err.contains("pipe is a FIFO"), "{err}");
    std::fs::remove_file(&fifo).unwrap();

    let socket = data.join("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let err = tournament_with_workdir(&data).unwrap_err();
    assert!(err.contains("sock is a socket"), "{err}");
    assert!(err.contains("only regular files and folders"), "{err}");
    std::fs::remove_file(&socket).unwrap();

    // The workdir itself as a link.
    let linked = dir.path().join("linked");
    std::os::unix::fs::symlink(&data, &linked).unwrap();
    let err = tournament_with_workdir(&linked).unwrap_err();
    assert!(err.contains("is a symbolic link"), "{err}");
}

fn sh(script: &str) -> BotCommand {
    BotCommand { argv: vec!["/bin/sh".into(), "-c".into(), script.into()], display: "sh".into() }
}

#[test]
fn a_copy_takes_files_and_folders_and_refuses_a_fifo_or_link_that_appears_later() {
    let dir = tempfile::tempdir().unwrap();
    let data = data_dir(dir.path());
    let limits = Limits { kill_grace: Duration::from_millis(100), ..Limits::default() };
    let reader = sh("cat data.txt sub/more.txt; read x");
    let mut bot = BotProcess::spawn(&reader, WorkDir::CopyOf(data.clone()), None, &limits).unwrap();
    assert_eq!(bot.receive(Duration::from_secs(10)).unwrap().0, "table");
    assert_eq!(bot.receive(Duration::from_secs(10)).unwrap().0, "more");
    bot.shutdown();

    // A FIFO nobody writes to: an `open` without O_NONBLOCK would block juiz here forever.
    let fifo = data.join("sub/pipe");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let fault = BotProcess::spawn(&reader, WorkDir::CopyOf(data.clone()), None, &limits).unwrap_err();
    assert_eq!(fault.kind, FaultKind::Spawn);
    assert!(fault.detail.contains("pipe is a FIFO"), "{fault}");
    std::fs::remove_file(&fifo).unwrap();

    // A link to a file the bot may not read is never followed.
    std::os::unix::fs::symlink("/etc/shadow", data.join("data.txt.link")).unwrap();
    let fault = BotProcess::spawn(&reader, WorkDir::CopyOf(data), None, &limits).unwrap_err();
    assert!(fault.detail.contains("data.txt.link is a symbolic link"), "{fault}");
}

#[test]
fn juiz_tournament_refuses_a_workdir_with_a_fifo_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = data_dir(dir.path());
    nix::unistd::mkfifo(&data.join("pipe"), nix::sys::stat::Mode::S_IRWXU).unwrap();
    let file = dir.path().join("t.json");
    let template = common::root().join("bots/template.c");
    std::fs::write(
        &file,
        format!(
            r#"{{"name": "w", "bots": [{{"name": "a", "build": "{}", "workdir": "{}"}}, {{"name": "b", "build": "{}"}}]}}"#,
            template.display(),
            data.display(),
            template.display()
        ),
    )
    .unwrap();
    let out = common::juiz().arg("tournament").arg(&file).arg("--out").arg(dir.path().join("out")).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("is a FIFO") && stderr.contains("workdir"), "{stderr}");
    assert!(!dir.path().join("out").join("games.csv").exists(), "no game was played");
}
