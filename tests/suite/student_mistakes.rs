//! The usual mistakes of a student's bot, each played through a real bot process: what juiz says
//! quotes what the bot did (the line it wrote, the time it used, the file that would not start)
//! and the hint names the fix, in English and in Portuguese (`juiz play`); the same evidence and
//! hint reach `juiz check`, a tournament's `faults.csv` and its report. bots/README.md's table of
//! mistakes lists the same cases.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use common::*;

fn student() -> String {
    path_str(&root().join("tests/fixtures/mistakes/student.py"))
}

/// `juiz play` in `lang` with `args` (the bots and options): its stdout and stderr together.
fn play(lang: &str, args: &[String]) -> String {
    let output = juiz().args(["play", "--lang", lang]).args(args).output().unwrap();
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// One mistake: the `juiz play` arguments, and what each language's output must hold.
struct Mistake {
    name: &'static str,
    args: Vec<String>,
    english: Vec<String>,
    portuguese: Vec<String>,
}

/// The template at seat 0 and the student's bot at seat 1 (with seed 3 the student starts).
fn with_template(options: &[&str], student: String) -> Vec<String> {
    let mut args: Vec<String> = ["--seed", "3"].iter().chain(options).map(|s| s.to_string()).collect();
    args.push(path_str(&c_bot("template")));
    args.push(student);
    args
}

/// Texts, owned.
macro_rules! texts {
    ($($text:expr),* $(,)?) => { vec![$($text.to_string()),*] };
}

fn assert_all<S: AsRef<str>>(name: &str, lang: &str, text: &str, wanted: &[S]) {
    for want in wanted.iter().map(AsRef::as_ref) {
        assert!(text.contains(want), "{name} ({lang}): {want:?} missing:\n{text}");
    }
}

fn check(mistake: &Mistake) {
    let en = play("en", &mistake.args);
    assert_all(mistake.name, "en", &en, &mistake.english);
    let pt = play("pt", &mistake.args);
    assert_all(mistake.name, "pt", &pt, &mistake.portuguese);
    assert!(!pt.contains("hint:"), "{}: English left in the Portuguese:\n{pt}", mistake.name);
}

#[test]
fn a_debugging_line_written_off_turn_is_quoted_with_when_and_sent_to_stderr() {
    check(&Mistake {
        name: "debug print off turn",
        args: with_template(&[], format!("student=python3 {} debug-off-turn", student())),
        english: texts![
            "premature-output: wrote \"my hand is [ ",
            "\" when it was not its turn (turn 2, while the referee waited for p1.template)",
            "hint: that line is not a command of the protocol: it looks like debugging output",
            "print(..., file=sys.stderr) in Python",
        ],
        portuguese: texts![
            "escreveu \"my hand is [ ",
            "quando não era a sua vez (vez 2, enquanto o juiz esperava p1.template)",
            "dica: essa linha não é um comando do protocolo: parece saída de depuração",
            "fprintf(stderr, \"...\\n\") em C",
        ],
    });
}

#[test]
fn a_debugging_line_written_on_its_turn_is_quoted_and_sent_to_stderr() {
    check(&Mistake {
        name: "debug print on turn",
        args: with_template(&[], format!("student=python3 {} debug-on-turn", student())),
        english: texts![
            "malformed: unknown command 'my'",
            "(rule unknown-command): my turn, hand [ ",
            "hint: that line is not a command of the protocol: it looks like debugging output, which belongs on stderr",
        ],
        portuguese: texts![
            "comando desconhecido 'my'",
            "my turn, hand [ ",
            "dica: essa linha não é um comando do protocolo: parece saída de depuração, que vai em stderr",
        ],
    });
}

#[test]
fn a_crash_says_how_the_bot_ended_and_shows_its_stderr() {
    check(&Mistake {
        name: "crash",
        args: with_template(&[], format!("student=python3 {} crash", student())),
        english: texts!["crash: exited with code 1", "ValueError: no card to discard", "hint: a bot must keep reading"],
        portuguese: texts!["saiu com o código 1", "ValueError: no card to discard", "dica: "],
    });
}

#[test]
fn an_endless_loop_is_told_it_was_computing() {
    let args = with_template(
        &["--move-timeout", "1s", "--startup-timeout", "1s"],
        format!("student=python3 {} endless-loop", student()),
    );
    let en = play("en", &args);
    // On a machine so loaded that the bot was not given its second, the fault is the host's.
    if en.contains("timeout-overload") {
        eprintln!("the host was overloaded: the endless loop's hint was not checked\n{en}");
        return;
    }
    assert_all("endless loop", "en", &en, &["timeout: no line within 1s (", "hint: it was computing: it used "]);
    assert_all("endless loop", "en", &en, &["s of CPU of the 1s it had (an endless loop, or a search too slow"]);
    let pt = play("pt", &args);
    if !pt.contains("timeout-overload") {
        assert_all("endless loop", "pt", &pt, &["nenhuma linha em 1s (", "dica: ele estava calculando: usou "]);
    }
}

#[test]
fn a_bot_that_sleeps_passes_its_first_reply_and_is_told_it_slept() {
    // 1.5 s a move: within the start-up allowance (3 s here), over the move time (1 s).
    check(&Mistake {
        name: "sleep",
        args: with_template(
            &["--move-timeout", "1s", "--startup-timeout", "3s"],
            format!("student=python3 {} sleep 1.5", student()),
        ),
        english: texts![
            "p2.student draws from the stock",
            "timeout: no line within 1s (",
            "; it was sleeping",
            "hint: it was sleeping (sleep, usleep, time.sleep) when its time ran out",
            "--startup-timeout",
        ],
        portuguese: texts!["; ele estava dormindo", "dica: ele estava dormindo (sleep, usleep, time.sleep)"],
    });
}

#[test]
fn a_bot_that_does_not_flush_is_told_its_answer_sits_in_a_buffer() {
    check(&Mistake {
        name: "no flush",
        args: with_template(
            &["--move-timeout", "1s", "--startup-timeout", "1s"],
            format!("student=python3 {} no-flush", student()),
        ),
        english: texts![
            "timeout: no line within 1s (",
            "; it was waiting to read its input; it wrote nothing this game and had read every line sent",
            "hint: it wrote nothing this game, though its own id p2.studen was the last line sent: either its answer is still in its stdout buffer",
        ],
        portuguese: texts![
            "; ele esperava ler a sua entrada",
            "dica: ele não escreveu nada nesta partida",
            "buffer do stdout"
        ],
    });
}

/// A file in a folder every bot may read (bots run as users of their own when juiz is root).
fn readable_file(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

const SCRIPT: &str = "import sys\nfor line in sys.stdin:\n    pass\n";

/// A script juiz cannot tell as Python by its content (no `import`, `def`, `print(`…): one
/// that it can is run with python3 (tests/suite/student_sources.rs).
const UNTOLD_SCRIPT: &str = "for line in open('/dev/stdin'):\n    pass\n";

#[test]
fn a_script_without_a_shebang_is_told_to_add_one() {
    let dir = tempfile::tempdir().unwrap();
    let bot = readable_file(dir.path(), "mybot", UNTOLD_SCRIPT.as_bytes());
    let file = path_str(&bot);
    let english = format!("{file} has no #! line naming its interpreter");
    let fix = format!("or run it through the interpreter: python3 {file}");
    let portuguese = format!("{file} não tem uma linha #!");
    check(&Mistake {
        name: "no shebang",
        args: with_template(&[], file.clone()),
        english: texts!["spawn: cannot start `", "Exec format error", english, "#!/usr/bin/env python3", fix],
        portuguese: texts!["não foi possível iniciar `", portuguese, "dica: comece o script com uma linha"],
    });
}

#[test]
fn a_shebang_with_windows_line_endings_is_told_to_convert_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("#!/usr/bin/env python3\r\n{}", SCRIPT.replace('\n', "\r\n"));
    let bot = readable_file(dir.path(), "mybot", text.as_bytes());
    let file = path_str(&bot);
    check(&Mistake {
        name: "CRLF shebang",
        args: with_template(&[], file.clone()),
        english: texts![
            "has Windows line endings: its #! line ends in a carriage return (\\r)",
            format!("hint: save the file with Unix line endings (LF): dos2unix {file}"),
        ],
        portuguese: texts![
            "tem fins de linha do Windows",
            format!("dica: salve o arquivo com fins de linha do Unix (LF): dos2unix {file}")
        ],
    });
}

#[test]
fn a_wrong_path_says_to_check_it_before_any_game() {
    let output = juiz().args(["play", "./bots/no_such_bot"]).arg(c_bot("template")).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains(
            "bot program ./bots/no_such_bot does not exist (check the path: it is taken from the current folder)"
        ),
        "{err}"
    );
    let output = juiz().args(["play", "--lang", "pt", "./bots/no_such_bot"]).arg(c_bot("template")).output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("o programa do bot ./bots/no_such_bot não existe (confira o caminho"), "{err}");
}

#[test]
fn a_c_file_that_does_not_compile_shows_the_compiler_and_what_to_do_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, failed, status, hint) in [
        ("en", "compiling ", "failed (exited with code 1):", "hint: fix the first error first"),
        ("pt", "a compilação de ", "falhou (saiu com o código 1):", "dica: corrija primeiro o primeiro erro"),
    ] {
        let source = dir.path().join(format!("broken_{lang}.c"));
        std::fs::write(&source, "int main( {\n").unwrap();
        let output = juiz()
            .env("JUIZ_BUILD_CACHE", dir.path().join(format!("cache-{lang}")))
            .args(["play", "--lang", lang, &path_str(&source)])
            .arg(c_bot("template"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(&format!("{failed}{}", path_str(&source))), "{lang}: {err}");
        assert!(err.contains(status), "{lang}: how the compiler ended, in the language: {err}");
        // The compiler's own message names the student's file (never `./broken_en.c`), and the
        // hint quotes its first error.
        assert!(err.contains(&format!("\nbroken_{lang}.c:1:")), "{lang}: the compiler's own message: {err}");
        assert!(!err.contains(&format!("./broken_{lang}.c")), "{lang}: the copy's name: {err}");
        let hint_line = err.lines().find(|l| l.contains(hint)).unwrap_or_else(|| panic!("{lang}: no hint: {err}"));
        assert!(hint_line.contains(&format!("broken_{lang}.c:1:")) && hint_line.contains("error"), "{lang}: {err}");
    }
}

/// A tournament folder of submissions: `(student, file, text)`.
fn submissions(dir: &Path, files: &[(&str, &str, &str)]) -> PathBuf {
    let subs = dir.join("subs");
    for (student, file, text) in files {
        std::fs::create_dir_all(subs.join(student)).unwrap();
        std::fs::write(subs.join(student).join(file), text).unwrap();
    }
    subs
}

#[test]
fn c_files_that_do_not_compile_are_said_once_and_lose_to_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let template = std::fs::read_to_string(root().join("bots/template.c")).unwrap();
    let subs = submissions(
        dir.path(),
        &[("alice", "bot.c", &template), ("bob", "bot.c", "int main( { broken\n"), ("carol", "bot.c", "oops\n")],
    );
    let file = dir.path().join("t.json");
    let json = format!(r#"{{"name": "t", "submissions": "{}", "move_timeout": "2s"}}"#, path_str(&subs));
    std::fs::write(&file, json).unwrap();
    let out = dir.path().join("out");
    let output =
        juiz().args(["tournament", &path_str(&file), "--jobs", "1", "--out", &path_str(&out)]).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{stdout}{stderr}");
    // Said once each before the first game, with the compiler's message; no page noise.
    assert_eq!(stderr.matches("bot 'bob' cannot run, its games are lost: compiling").count(), 1, "{stderr}");
    assert_eq!(stderr.matches("bot 'carol' cannot run").count(), 1, "{stderr}");
    assert!(!stderr.contains("no viewer page"), "{stderr}");
    assert!(stdout.starts_with("defaults applied (not set in"), "{stdout}");
    assert!(stdout.contains("; games_per_pairing 2; "), "{stdout}");
    assert!(stdout.contains("seed none: a secret drawn for the run"), "{stdout}");
    // bob and carol lost to each other: 0 points each, and no pair points gained.
    // Their pair points' interval stays within 0 to 2 (no "0.50 ±6.35").
    let standings = std::fs::read_to_string(out.join("standings.csv")).unwrap();
    let header: Vec<&str> = standings.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for (bot, pair_points) in [("alice", "2.000"), ("bob", "0.000"), ("carol", "0.000")] {
        let line = standings.lines().find(|l| l.split(',').nth(1) == Some(bot)).unwrap();
        let cells: Vec<&str> = line.split(',').collect();
        if bot != "alice" {
            assert_eq!(&cells[2..7], ["4", "0", "0", "4", "0"], "{bot}: games, wins, draws, losses, points: {line}");
        }
        for name in ["pair_points", "pair_points_low", "pair_points_high"] {
            assert_eq!(cells[column(name)], pair_points, "{bot}'s {name}: {line}");
        }
    }
    assert!(stdout.contains("0.00 (0.00–0.00)"), "{stdout}");
    assert!(stdout.contains("hint: compile it yourself"), "{stdout}");
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert_eq!(report.matches("<h3>bob</h3>").count(), 1, "bob's build said once in the report");
    assert!(report.contains("not played: bob did not build (see above)"));
}

#[test]
fn a_folder_with_two_scripts_says_which_names_juiz_looks_for() {
    let dir = tempfile::tempdir().unwrap();
    let bot = std::fs::read_to_string(root().join("bots/random_bot.py")).unwrap();
    let subs = submissions(dir.path(), &[("ana", "a.py", &bot), ("ana", "b.py", &bot), ("bia", "bot.py", &bot)]);
    let file = dir.path().join("t.json");
    std::fs::write(&file, format!(r#"{{"name": "t", "submissions": "{}"}}"#, path_str(&subs))).unwrap();
    let out = dir.path().join("out");
    let output = juiz().args(["tournament", &path_str(&file), "--out", &path_str(&out)]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "bot 'ana' cannot run, its games are lost: several Python scripts (a.py, b.py): juiz takes the one \
             named bot or main (bot.py, main.py)"
        ),
        "{stderr}"
    );
    // Loose files in the submissions folder: the layout that works.
    let loose = dir.path().join("loose");
    std::fs::create_dir_all(&loose).unwrap();
    std::fs::write(loose.join("alice.c"), "x").unwrap();
    std::fs::write(loose.join("bob.c"), "x").unwrap();
    std::fs::write(&file, format!(r#"{{"name": "t", "submissions": "{}"}}"#, path_str(&loose))).unwrap();
    let output = juiz().args(["tournament", &path_str(&file), "--out", &path_str(&out)]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("each student's bot goes in a folder of its own, named after the student"), "{stderr}");
    assert!(stderr.contains(&format!("{}/bot.c", path_str(&loose.join("alice")))), "{stderr}");
}

#[test]
fn a_tournament_and_check_carry_the_evidence_and_the_hint() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    let json = format!(
        r#"{{"name": "t", "seed": 3, "bots": [{{"name": "template", "build": "{}"}},
            {{"name": "student", "command": "python3 {} debug-off-turn"}}]}}"#,
        path_str(&root().join("bots/template.c")),
        student()
    );
    std::fs::write(&file, json).unwrap();
    let out = dir.path().join("out");
    let output = juiz().args(["tournament", &path_str(&file), "--out", &path_str(&out)]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let faults = std::fs::read_to_string(out.join("faults.csv")).unwrap();
    assert!(faults.contains("premature-output,\"wrote \"\"my hand is [ "), "{faults}");
    assert!(faults.contains("it looks like debugging output"), "{faults}");
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(report.contains("wrote &quot;my hand is [ "), "the report quotes the line");
    assert!(report.contains("it looks like debugging output"), "the report has the hint");
    // In Portuguese too, for the course's students: faults.csv's hint_pt, the report's dica.
    assert!(faults.lines().next().unwrap().ends_with(",hint,hint_pt,replays"), "{faults}");
    assert!(faults.contains("parece saída de depuração"), "{faults}");
    assert!(report.contains("dica: essa linha não é um comando do protocolo"), "the report has the hint in Portuguese");
    let pt = juiz().args(["tournament", "--lang", "pt", &path_str(&file), "--out", &path_str(&out)]).output().unwrap();
    let summary = String::from_utf8_lossy(&pt.stdout);
    assert!(summary.contains("    dica: essa linha não é um comando do protocolo"), "{summary}");
    let games = std::fs::read_dir(out.join("games")).unwrap().flatten().find(|e| {
        std::fs::read_to_string(e.path()).is_ok_and(|t| t.contains(",!,\"premature-output: wrote \"\"my hand is"))
    });
    assert!(games.is_some(), "a log row quotes the line");
    // A second run plays nothing and changes no file.
    let before = listing(&out);
    let again = juiz().args(["tournament", &path_str(&file), "--out", &path_str(&out)]).output().unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).contains("nothing was played"));
    assert_eq!(listing(&out), before, "a rerun that plays nothing changes no file");

    for (lang, wanted) in [("en", "hint: that line is not a command"), ("pt", "dica: essa linha não é um comando")] {
        let bot = format!("python3 {} debug-on-turn", student());
        let output = juiz().args(["check", "--lang", lang, "--games", "0", "--seed", "1", &bot]).output().unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(wanted), "check ({lang}): {wanted:?} missing:\n{text}");
        assert!(text.contains("my turn, hand [ "), "check ({lang}) quotes the line:\n{text}");
    }
}

/// Every file under `dir` but the lock, with its modification time and bytes.
fn listing(dir: &Path) -> Vec<(PathBuf, std::time::SystemTime, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n != ".lock") {
                files.push((
                    path.clone(),
                    entry.metadata().unwrap().modified().unwrap(),
                    std::fs::read(&path).unwrap(),
                ));
            }
        }
    }
    files.sort();
    files
}
