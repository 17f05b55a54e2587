//! Sources named as students name them (issue 35 item 3, issue 37 items 4 and 9): `juiz play`
//! builds C++ from `.cpp`/`.C`, recognises a file without an extension by its content, says what
//! to rename a file it cannot tell, names C++ saved as `.c`, shows the compiler's warnings of a
//! build that succeeded, and runs a Python bot of several files from its own folder, while a
//! classmate's bot beside a script stays out of its reach. Real processes, English and Portuguese.

use crate::common;

use std::path::Path;

use common::*;

/// `juiz play` in `lang` of `bot` against the template, from the folder `cwd`, with a build cache
/// in `cache`: (exit status, stdout and stderr together).
fn play_in(cwd: &Path, cache: &Path, lang: &str, bot: &str) -> (Option<i32>, String) {
    let output = juiz()
        .current_dir(cwd)
        .env("JUIZ_BUILD_CACHE", cache)
        .args(["play", "--lang", lang, "--seed", "5", "--move-timeout", "10s", bot])
        .arg(c_bot("template"))
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.code(), text)
}

/// A game that ended with a winner and no fault of the bot.
fn played(text: &str) -> bool {
    text.contains("winner") || text.contains("vencedor")
}

#[test]
fn cpp_and_sources_without_an_extension_are_played_like_the_course_plays_them() {
    let dir = tempfile::tempdir().unwrap();
    let template = std::fs::read_to_string(root().join("bots/template.c")).unwrap();
    let python = std::fs::read_to_string(root().join("bots/random_bot.py")).unwrap();
    let without_shebang: String = python.lines().skip(1).collect::<Vec<_>>().join("\n");
    for (name, text) in
        [("upper.C", &template), ("plus.cpp", &template), ("noext_c", &template), ("noext_py", &without_shebang)]
    {
        std::fs::write(dir.path().join(name), text).unwrap();
        if name == "noext_py" {
            // Executable but without a `#!` line: run with python3, not refused by the kernel.
            std::fs::set_permissions(dir.path().join(name), std::os::unix::fs::PermissionsExt::from_mode(0o755))
                .unwrap();
        }
        let (status, text) = play_in(dir.path(), &dir.path().join("cache"), "en", name);
        assert_eq!(status, Some(0), "{name}: {text}");
        assert!(played(&text) && !text.contains("not executable"), "{name}: {text}");
    }
}

#[test]
fn a_file_juiz_cannot_tell_says_what_to_rename_it_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mybot"), "hello, I am not a program\n").unwrap();
    for (lang, wanted) in
        [("en", "name a C source bot.c, C++ bot.cpp"), ("pt", "chame um fonte C de bot.c, C++ de bot.cpp")]
    {
        let (status, text) = play_in(dir.path(), &dir.path().join("cache"), lang, "mybot");
        assert_eq!(status, Some(2), "{lang}: {text}");
        assert!(text.contains(wanted) && !text.contains("#!/usr/bin/env"), "{lang}: {text}");
    }
}

#[test]
fn cpp_saved_as_c_is_named_cpp_with_the_compilers_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bot.c"), "#include <iostream>\nint main() { std::cout << 1; }\n").unwrap();
    for (lang, wanted) in [("en", "is C++ (it uses iostream"), ("pt", "é C++ (usa iostream")] {
        let (status, text) = play_in(dir.path(), &dir.path().join(format!("cache-{lang}")), lang, "bot.c");
        assert_eq!(status, Some(2), "{lang}: {text}");
        assert!(text.contains(wanted) && text.contains("bot.cpp"), "{lang}: {text}");
        assert!(text.contains("bot.c:1:"), "{lang}: the compiler's own error: {text}");
    }
}

#[test]
fn warnings_of_a_build_that_succeeded_are_shown_briefly() {
    let dir = tempfile::tempdir().unwrap();
    let template = std::fs::read_to_string(root().join("bots/template.c")).unwrap();
    let warned = template.replacen("int main(", "static int unused_helper(void) { int x; return 0; }\nint main(", 1);
    assert_ne!(warned, template, "the template has a main");
    std::fs::write(dir.path().join("warned.c"), warned).unwrap();
    for (lang, wanted) in
        [("en", "the compiler warned about warned.c"), ("pt", "o compilador deu avisos sobre warned.c")]
    {
        // The same cache twice: the second build is the kept one, its warnings kept with it.
        for round in 0..2 {
            let (status, text) = play_in(dir.path(), &dir.path().join("cache"), lang, "warned.c");
            assert_eq!(status, Some(0), "{lang} {round}: {text}");
            assert!(text.contains(wanted) && text.contains("warned.c:"), "{lang} {round}: {text}");
            assert!(text.contains("-Wunused"), "{lang} {round}: {text}");
            assert!(played(&text), "{lang} {round}: {text}");
        }
    }
}

/// `bots/random_bot.py` split in two: its card names in `cards.py`, imported by `bot.py`.
fn split_bot(dir: &Path) {
    let python = std::fs::read_to_string(root().join("bots/random_bot.py")).unwrap();
    let (start, end) = (python.find("SUITS = \"").unwrap(), python.find("DEBUG = bool").unwrap());
    let bot = format!("{}from cards import SUITS, VALUES, NAMES\n{}", &python[..start], &python[end..]);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("bot.py"), bot).unwrap();
    std::fs::write(dir.join("cards.py"), &python[start..end]).unwrap();
}

#[test]
fn a_python_bot_of_several_files_runs_from_its_own_folder_and_from_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mybot");
    split_bot(&mine);
    let cache = dir.path().join("cache");
    let (status, text) = play_in(&mine, &cache, "en", "bot.py");
    assert_eq!(status, Some(0), "from its folder: {text}");
    assert!(played(&text) && !text.contains("ModuleNotFoundError"), "from its folder: {text}");
    let (status, text) = play_in(dir.path(), &cache, "pt", "mybot/bot.py");
    assert_eq!(status, Some(0), "from above: {text}");
    assert!(played(&text) && !text.contains("ModuleNotFoundError"), "from above: {text}");
}

#[test]
fn a_classmates_bot_beside_a_script_stays_out_of_its_reach() {
    let dir = tempfile::tempdir().unwrap();
    let subs = dir.path().join("submissions");
    split_bot(&subs);
    // In a shared folder, alice's script imports bob's bot (`bob.py`, which reads its input):
    // the folder is not alice's own, so the import fails and bob's file is never read.
    std::fs::rename(subs.join("bot.py"), subs.join("alice.py")).unwrap();
    let bob = std::fs::read_to_string(root().join("bots/random_bot.py")).unwrap();
    std::fs::write(subs.join("bob.py"), bob).unwrap();
    let alice = std::fs::read_to_string(subs.join("alice.py")).unwrap();
    std::fs::write(subs.join("alice.py"), alice.replace("from cards import", "import bob\nfrom cards import")).unwrap();
    let (_, text) = play_in(dir.path(), &dir.path().join("cache"), "en", "submissions/alice.py");
    assert!(text.contains("No module named 'bob'"), "bob's bot must stay out of reach: {text}");
}
