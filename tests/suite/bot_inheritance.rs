//! What a bot inherits from juiz, end to end with real processes: default signal handling and
//! an empty signal mask, its three streams and none of juiz's descriptors, whatever their number
//! or flags.

use crate::common;

use common::short_limits;
use std::time::Duration;

use juiz::bot::{BotCommand, BotProcess, WorkDir};

#[test]
fn a_bot_starts_with_default_signal_handling() {
    // juiz ignores SIGPIPE and handles SIGCHLD, SIGINT and SIGTERM; none of it may reach a bot,
    // and no signal may be blocked in it.
    let cmd = BotCommand {
        // Shell built-ins only: the sandbox lets a bot read its own /proc entry, not a child's.
        argv: vec![
            "sh".into(),
            "-c".into(),
            "while read -r l; do case $l in SigIgn*|SigBlk*) echo \"$l\";; esac; done < /proc/$$/status".into(),
        ],
        display: "sh".into(),
    };
    let mut bot = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &short_limits()).unwrap();
    for _ in 0..2 {
        let (line, _) = bot.receive(Duration::from_secs(5)).unwrap();
        let (name, mask) = line.split_once(':').unwrap();
        assert_eq!(mask.trim(), "0000000000000000", "{name} of a bot: {line}");
    }
}

#[test]
fn a_descriptor_juiz_inherited_without_close_on_exec_does_not_reach_a_bot() {
    // As a jobserver pipe or a CI runner's socket would be: open, and not close-on-exec.
    let file = tempfile::tempfile().unwrap();
    let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
    // SAFETY: clearing the flags of a descriptor we own.
    assert_eq!(unsafe { libc::fcntl(fd, libc::F_SETFD, 0) }, 0);
    let cmd = BotCommand {
        argv: vec![
            "sh".into(),
            "-c".into(),
            format!("if [ -e /proc/$$/fd/{fd} ]; then echo leaked; else echo closed; fi"),
        ],
        display: "sh".into(),
    };
    let mut bot = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &short_limits()).unwrap();
    assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "closed");
    drop(file);
}

#[test]
fn a_bot_holds_its_three_streams_and_no_descriptor_of_juiz() {
    // Descriptors of juiz's below and above 64 (the floor of its long-lived ones, which a bot's
    // start does not copy), close-on-exec or not: none may reach the bot, wherever it lives.
    let file = tempfile::tempfile().unwrap();
    let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
    let mut held = vec![];
    for (at, flag) in [(5, libc::F_DUPFD), (70, libc::F_DUPFD), (80, libc::F_DUPFD_CLOEXEC), (1000, libc::F_DUPFD)] {
        // SAFETY: duplicating a descriptor we own; a limit on open files may refuse the high one.
        let copy = unsafe { libc::fcntl(fd, flag, at) };
        if copy >= 0 {
            // SAFETY: a new descriptor owned here.
            held.push(unsafe { <std::os::fd::OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(copy) });
        }
    }
    assert!(held.len() >= 3, "the test could not hold descriptors at 5, 70 and 80");
    let cmd = BotCommand {
        argv: vec![
            "sh".into(),
            "-c".into(),
            // Shell built-ins only: `[ -e ]` opens nothing, so the bot's own table is what shows.
            "for n in 0 1 2; do [ -e /proc/$$/fd/$n ] || echo \"missing $n\"; done; n=3; \
             while [ $n -le 1100 ]; do [ -e /proc/$$/fd/$n ] && echo \"open $n\"; n=$((n+1)); done; echo done"
                .into(),
        ],
        display: "sh".into(),
    };
    let mut bot = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &short_limits()).unwrap();
    assert_eq!(bot.receive(Duration::from_secs(10)).unwrap().0, "done");
    drop(held);
}
