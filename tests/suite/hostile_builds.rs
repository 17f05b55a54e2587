//! Hostile C sources (tests/fixtures/builds/) built as a tournament builds them: each ends as a
//! build failure or a clear refusal, no byte of a file the build may not read reaches its output
//! or its binary, juiz keeps no more than a capped part of a flood of diagnostics, a build that
//! would run forever is stopped by its wall-time limit and its verdict is not compiled again, a
//! pre-made build cache is refused, and the other bots of a tournament still play their games.
//! Root or not: as root the compiler runs under a bot uid, otherwise under juiz's own uid in a
//! user namespace, where only Landlock keeps it from juiz's files.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use juiz::bot::{BuildError, BuildLimits, build_c, build_c_with};

/// A secret only juiz's user may read, as the tournament file with its seed is.
const SECRET: &str = "SEED-4242-do-not-leak";

/// A fixture source with `@FILE@` replaced by `file`, written into a folder of its own.
fn hostile(dir: &Path, fixture: &str, file: &Path) -> PathBuf {
    let text = std::fs::read_to_string(common::root().join("tests/fixtures/builds").join(fixture)).unwrap();
    let folder = dir.join("student");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(fixture);
    std::fs::write(&path, text.replace("@FILE@", &file.display().to_string())).unwrap();
    path
}

/// A 0600 file holding `SECRET`, and a classmate's source (readable by all, in another folder).
fn victims(dir: &Path) -> (PathBuf, PathBuf) {
    let secret = dir.join("tournament.json");
    std::fs::write(&secret, format!("{{\"seed\": \"{SECRET}\"}}\n")).unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let bob = dir.join("bob");
    std::fs::create_dir(&bob).unwrap();
    let source = bob.join("bot.c");
    std::fs::write(&source, format!("/* {SECRET}-bob */ int main(void) {{ return 0; }}\n")).unwrap();
    std::fs::set_permissions(&source, std::fs::Permissions::from_mode(0o644)).unwrap();
    (secret, source)
}

/// Fails if `SECRET` appears in the build's message or in its binary.
fn assert_nothing_leaked(result: &Result<PathBuf, BuildError>) {
    match result {
        Ok(binary) => {
            let bytes = std::fs::read(binary).unwrap();
            assert!(!bytes.windows(SECRET.len()).any(|w| w == SECRET.as_bytes()), "the binary embeds the secret");
        }
        Err(e) => assert!(!e.to_string().contains(SECRET), "the message quotes the secret: {e}"),
    }
}

#[test]
fn has_include_and_incbin_embed_no_private_file_and_no_classmate_source() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let (secret, classmate) = victims(dir.path());
    for victim in [&secret, &classmate] {
        let source = hostile(dir.path(), "incbin_probe.c", victim);
        let result = build_c(&source, &cache);
        assert_nothing_leaked(&result);
        // The assembler cannot open the file: a build failure that says so.
        let err = result.expect_err("the probe must not build");
        assert!(matches!(err, BuildError::Compile { .. }), "{err}");
        std::fs::remove_file(&source).unwrap();
    }
}

#[test]
fn a_failed_include_of_a_private_file_quotes_none_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let (secret, _) = victims(dir.path());
    let source = hostile(dir.path(), "include_file.c", &secret);
    let result = build_c(&source, &cache);
    assert_nothing_leaked(&result);
    let err = result.expect_err("a file the build may not read is not included");
    let BuildError::Compile { output, .. } = &err else { panic!("expected a compile error, got {err}") };
    assert!(output.contains("tournament.json"), "the compiler names the file: {output}");

    // /etc/shadow: not a line of it (as root juiz can read it to check) in the message.
    let shadow = hostile(&dir.path().join("2"), "include_file.c", Path::new("/etc/shadow"));
    let err = build_c(&shadow, &cache).expect_err("/etc/shadow is not included");
    assert!(matches!(err, BuildError::Compile { .. }), "{err}");
    let message = err.to_string();
    if let Ok(text) = std::fs::read_to_string("/etc/shadow") {
        for line in text.lines().filter(|l| l.len() > 4) {
            assert!(!message.contains(line), "a line of /etc/shadow leaked: {message}");
        }
    }
}

/// The largest resident size this process has had (`VmHWM`), in KiB.
fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn dev_zero_and_a_flood_of_diagnostics_end_as_build_failures_with_capped_output() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let limits = BuildLimits { wall_time: Duration::from_secs(20), ..BuildLimits::default() };
    let before = peak_rss_kib();
    let zero = hostile(dir.path(), "include_file.c", Path::new("/dev/zero"));
    let err = build_c_with(&zero, &cache, &limits).expect_err("/dev/zero is not a header");
    assert!(matches!(err, BuildError::Compile { .. } | BuildError::Limit { .. }), "{err}");

    // Megabytes of errors: a build failure whose message keeps a capped part.
    let flood = common::root().join("tests/fixtures/builds/flood.c");
    let err = build_c_with(&flood, &cache, &limits).expect_err("the flood does not compile");
    let BuildError::Compile { output, .. } = &err else { panic!("expected a compile error, got {err}") };
    assert!(output.len() as u64 <= limits.output_bytes + 128, "{} bytes kept", output.len());
    assert!(output.contains("bytes dropped]"), "the message says output was dropped");
    // juiz held none of it whole (the compiler printed megabytes).
    let grown = peak_rss_kib().saturating_sub(before);
    assert!(grown < 64 * 1024, "juiz's peak memory grew by {grown} KiB");
}

#[test]
fn a_self_including_header_is_stopped_by_the_wall_limit_and_never_built_again() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let folder = dir.path().join("student");
    std::fs::create_dir(&folder).unwrap();
    for file in ["self_include.c", "self_include.h"] {
        std::fs::copy(common::root().join("tests/fixtures/builds").join(file), folder.join(file)).unwrap();
    }
    let limits = BuildLimits { wall_time: Duration::from_secs(2), ..BuildLimits::default() };
    let source = folder.join("self_include.c");
    let err = build_c_with(&source, &cache, &limits).expect_err("it never ends");
    let BuildError::Limit { limit, .. } = &err else { panic!("expected a limit, got {err}") };
    assert!(limit.contains("wall-time"), "{limit}");
    // The verdict is kept: the same bytes are not compiled again (as on `--resume`).
    let again = build_c_with(&source, &cache, &limits).expect_err("still failing");
    let BuildError::Earlier { message, .. } = &again else { panic!("expected the kept verdict, got {again}") };
    assert_eq!(message, &err.to_string());
}

#[test]
fn a_pre_made_build_cache_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let source = common::root().join("bots/template.c");
    // Made by someone who lets others write in it.
    let open = dir.path().join("open");
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    let err = build_c(&source, &open).expect_err("an open cache is refused");
    assert!(matches!(err, BuildError::Cache { .. }) && err.to_string().contains("must be private"), "{err}");
    // A link in place of the cache.
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(dir.path(), &link).unwrap();
    let err = build_c(&source, &link).expect_err("a link is refused");
    assert!(err.to_string().contains("not a folder"), "{err}");
    // As root: a private folder owned by another user.
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        let theirs = dir.path().join("theirs");
        std::fs::create_dir(&theirs).unwrap();
        std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
        let err = build_c(&source, &theirs).expect_err("another user's cache is refused");
        assert!(err.to_string().contains("owned by uid 65534"), "{err}");
    }
    // The default cache is in juiz's private work root, not a predictable shared path.
    let default = juiz::bot::default_build_cache();
    if std::env::var_os("JUIZ_BUILD_CACHE").is_none() {
        assert!(!default.starts_with(std::env::temp_dir().join("juiz-build")), "{}", default.display());
        let root = default.parent().unwrap();
        assert_eq!(std::fs::metadata(root).unwrap().permissions().mode() & 0o777, 0o700);
    }
}

#[test]
fn a_hostile_build_loses_its_games_and_the_others_are_played() {
    let dir = tempfile::tempdir().unwrap();
    let evil = hostile(dir.path(), "include_file.c", Path::new("/etc/shadow"));
    let r = common::root().display().to_string();
    let text = format!(
        r#"{{"name": "hostile-builds", "seed": 5, "games_per_pairing": 2, "move_timeout": "1s",
            "bots": [{{"name": "smart", "build": "{r}/bots/smart.c"}},
                     {{"name": "template", "build": "{r}/bots/template.c"}},
                     {{"name": "evil", "build": "{}"}}]}}"#,
        evil.display()
    );
    let t = juiz::tournament::Tournament::parse(&text, true).unwrap();
    let out = dir.path().join("out");
    let opts = common::run_options(&out, 1);
    juiz::tournament::run(&t, &opts, &juiz::tournament::Quiet, Arc::new(AtomicBool::new(false))).unwrap();
    let rows = juiz::tournament::read_games(&out.join("games.csv")).unwrap();
    assert_eq!(rows.len(), 6);
    for row in rows {
        if row.seats.contains("evil") {
            assert_eq!((row.fault_kind.as_str(), row.faulty_bot.as_str()), ("build", "evil"), "{row:?}");
        } else {
            assert!(row.fault_kind.is_empty() && row.turns > 0, "the others play: {row:?}");
        }
    }
}

#[test]
fn a_build_over_its_memory_limit_is_stopped_and_names_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let limits = BuildLimits { memory_bytes: 8 << 20, ..BuildLimits::default() };
    let source = common::root().join("bots/smart.c");
    let err = build_c_with(&source, &dir.path().join("cache"), &limits).expect_err("cc1 needs more than 8 MiB");
    let BuildError::Limit { limit, .. } = &err else { panic!("expected a limit, got {err}") };
    assert!(limit.contains("memory limit"), "{limit}");
}
