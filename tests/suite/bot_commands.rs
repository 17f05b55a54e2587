//! `juiz::bot`'s commands with real programs: a command line resolved (errors that name the path,
//! paths made absolute, a bare name looked up in PATH), a program that cannot start (a `spawn`
//! fault), and a C bot compiled once into the cache, its compiler's output kept on failure.

use crate::common;

use common::short_limits;
use std::path::{Path, PathBuf};
use std::time::Duration;

use juiz::bot::{BotCommand, BotProcess, BuildError, CommandError, FaultKind, WorkDir, build_c};

#[test]
fn spawn_failure_is_a_spawn_fault() {
    let cmd =
        BotCommand { argv: vec!["/nonexistent/juiz-bot".to_string()], display: "/nonexistent/juiz-bot".to_string() };
    let fault = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &short_limits()).unwrap_err();
    assert_eq!(fault.kind, FaultKind::Spawn);
    assert!(fault.detail.contains("/nonexistent/juiz-bot"), "{fault}");
}

#[test]
fn resolve_errors_name_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope");
    let err = BotCommand::parse(&missing.to_string_lossy()).unwrap().resolve().unwrap_err();
    assert!(matches!(err, CommandError::NotFound(_)));
    assert_eq!(
        err.to_string(),
        format!(
            "bot program {} does not exist (check the path: it is taken from the current folder)",
            missing.display()
        )
    );

    let plain = dir.path().join("plain");
    std::fs::write(&plain, "#!/bin/sh\n").unwrap();
    let err = BotCommand::parse(&plain.to_string_lossy()).unwrap().resolve().unwrap_err();
    assert!(matches!(err, CommandError::NotExecutable(_)), "{err}");
    assert!(err.to_string().contains("not executable"));

    let err = BotCommand::parse(&format!("{}/", dir.path().display())).unwrap().resolve().unwrap_err();
    assert!(matches!(err, CommandError::NotAFile(_)), "{err}");

    let err = BotCommand::parse("juiz-no-such-program --x").unwrap().resolve().unwrap_err();
    assert_eq!(err.to_string(), "bot program `juiz-no-such-program` is not in PATH");

    let err = BotCommand::parse("python3 no/such/bot.py").unwrap().resolve().unwrap_err();
    assert!(matches!(err, CommandError::ScriptNotFound(_)), "{err}");
}

#[test]
fn resolve_makes_paths_absolute() {
    let cmd = BotCommand::parse("sh tests/fixtures/bot/echo.sh --flag").unwrap().resolve().unwrap();
    assert!(Path::new(&cmd.argv[0]).is_absolute() && cmd.argv[0].ends_with("/sh"));
    assert!(Path::new(&cmd.argv[1]).is_absolute() && Path::new(&cmd.argv[1]).is_file());
    assert_eq!(cmd.argv[2], "--flag");
    assert_eq!(cmd.display, "sh tests/fixtures/bot/echo.sh --flag");
    let mut bot = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &short_limits()).unwrap();
    bot.send("from elsewhere").unwrap();
    assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "from elsewhere");

    let py = BotCommand::parse("tests/fixtures/bot/endless_line.py").unwrap().resolve().unwrap();
    assert!(py.argv[0].ends_with("/python3") && Path::new(&py.argv[1]).is_absolute());
}

const C_ECHO: &str = r#"#include <stdio.h>
#include <string.h>
#include "reply.h"
int main(void) {
    char line[256];
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        printf(REPLY_FORMAT, line);
    }
    return 0;
}
"#;

fn write_c_bot(dir: &Path, format: &str) -> PathBuf {
    let source = dir.join("cecho.c");
    std::fs::write(&source, C_ECHO).unwrap();
    std::fs::write(dir.join("reply.h"), format!("#define REPLY_FORMAT \"{format}\\n\"\n")).unwrap();
    source
}

#[test]
fn build_c_compiles_caches_and_runs() {
    let src_dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let source = write_c_bot(src_dir.path(), "c:%s");
    let binary = build_c(&source, cache.path()).unwrap();
    assert!(binary.is_absolute() && binary.is_file());
    let built = std::fs::metadata(&binary).unwrap().modified().unwrap();
    assert_eq!(build_c(&source, cache.path()).unwrap(), binary, "second build is cached");
    assert_eq!(std::fs::metadata(&binary).unwrap().modified().unwrap(), built);

    let cmd = BotCommand::parse_with_cache(&source.to_string_lossy(), cache.path()).unwrap();
    assert_eq!(cmd.argv, [binary.to_string_lossy().into_owned()]);
    let mut bot = BotProcess::spawn(&cmd.resolve().unwrap(), WorkDir::Fresh, None, &short_limits()).unwrap();
    bot.send("hi").unwrap();
    assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "c:hi");

    // A change in a local header is a new build.
    write_c_bot(src_dir.path(), "h:%s");
    assert_ne!(build_c(&source, cache.path()).unwrap(), binary);
}

#[test]
fn build_c_failure_carries_the_compiler_output() {
    let src_dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let source = src_dir.path().join("broken.c");
    std::fs::write(&source, "int main(void) { return undeclared_thing; }\n").unwrap();
    let err = build_c(&source, cache.path()).unwrap_err();
    let BuildError::Compile { output, .. } = &err else {
        panic!("expected a compile error, got {err}");
    };
    assert!(output.contains("undeclared_thing"), "{output}");
    assert!(err.to_string().starts_with("compiling "), "{err}");

    let missing = build_c(&src_dir.path().join("absent.c"), cache.path()).unwrap_err();
    assert!(matches!(missing, BuildError::Read { .. }), "{missing}");
}

#[test]
fn a_bare_name_is_looked_up_in_path_and_a_missing_one_is_a_spawn_fault() {
    let cmd = BotCommand { argv: vec!["juiz-no-such-program".into()], display: "juiz-no-such-program".into() };
    let fault = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &short_limits()).unwrap_err();
    assert_eq!(fault.kind, FaultKind::Spawn);
    assert!(fault.detail.contains("juiz-no-such-program is not in PATH"), "{fault}");
    // `sh` is found along PATH, as execvp would.
    let cmd = BotCommand { argv: vec!["sh".into(), "-c".into(), "echo found".into()], display: "sh".into() };
    let mut bot = BotProcess::spawn(&cmd, WorkDir::Fresh, None, &short_limits()).unwrap();
    assert_eq!(bot.receive(Duration::from_secs(5)).unwrap().0, "found");
}
