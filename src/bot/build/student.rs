//! The compiler's output as the student wrote the program: their file's name where the compiler
//! saw juiz's copy (`./d6f384…0637.c:106:9` becomes `bot.c:106:9`), and the first error quoted
//! for the hint after a failed build.

use std::path::Path;

use crate::games::Message;

/// `output` with the staged file `staged` (as the compiler was given it, `./NAME`, or bare)
/// named `student`, in one pass: a student's name that holds the staged one (`meu_bot.c` for
/// `bot.c`) is not renamed again, and a longer name that ends with it (`robot.c`) is left alone.
pub(super) fn as_student_wrote(output: &str, staged: &str, student: &str) -> String {
    if staged.is_empty() {
        return output.to_string();
    }
    let mut named = String::with_capacity(output.len());
    let mut rest = output;
    while let Some(at) = rest.find(staged) {
        let before = &rest[..at];
        let part_of_a_name = before.chars().next_back().is_some_and(|c| c.is_alphanumeric() || "_-.".contains(c));
        if part_of_a_name {
            named.push_str(&rest[..at + staged.len()]);
        } else {
            named.push_str(before.strip_suffix("./").unwrap_or(before));
            named.push_str(student);
        }
        rest = &rest[at + staged.len()..];
    }
    named.push_str(rest);
    named
}

/// The name a build's messages give the source: `name` when given (the student's own file
/// name, without any folder), else the source's file name.
pub(super) fn student_name(name: Option<&str>, staged: &str) -> String {
    let own = name.and_then(|n| std::path::Path::new(n).file_name()).map(|n| n.to_string_lossy().into_owned());
    own.filter(|n| !n.is_empty() && !n.contains(['\n', '\r'])).unwrap_or_else(|| staged.to_string())
}

/// The first error line of a compiler's output (`bot.c:3:5: error: …`), if it has one: what the
/// student fixes first.
pub fn first_error(output: &str) -> Option<&str> {
    let is_error = |l: &&str| l.contains(": error:") || l.contains(": fatal error:");
    output.lines().find(is_error).or_else(|| output.lines().find(|l| l.contains("error:"))).map(str::trim)
}

/// What to do after `source` failed to build with `output`, its file shown as `shown` (the
/// student's name for it): that a `.c` file is C++ and what to rename it, first; then the first
/// error quoted (or the general hint when no error line was found). `play`, `check` and the
/// course's page say the same.
pub fn failed_build_hints(source: &Path, shown: &Path, output: &str) -> Vec<Message> {
    let mut hints = Vec::new();
    let is_c = super::kind_by_name(source) == Some(super::SourceKind::C);
    if is_c && std::fs::read(source).is_ok_and(|bytes| super::looks_like_cpp(&bytes)) {
        hints.push(
            Message::new("build-cpp-in-c")
                .text("path", shown.display())
                .text("renamed", shown.with_extension("cpp").display()),
        );
    }
    let hint = match first_error(output) {
        Some(error) => Message::new("build-first-error").text("error", error),
        None => Message::new("hint-build"),
    };
    hints.push(Message::new("check-hint").clause("hint", hint));
    hints
}

/// How many warnings a compiler's output holds (`: warning:` lines).
pub fn warning_count(output: &str) -> usize {
    output.lines().filter(|l| l.contains(": warning:")).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_copy_is_named_as_the_student_named_it() {
        let out = "./d6f3.c: In function 'main':\n./d6f3.c:3:5: error: expected ';'\nIn file included from d6f3.c:1:";
        let named = as_student_wrote(out, "d6f3.c", "alice.c");
        assert_eq!(
            named,
            "alice.c: In function 'main':\nalice.c:3:5: error: expected ';'\nIn file included from alice.c:1:"
        );
        assert_eq!(as_student_wrote("./bot.c:1:1: warning: x", "bot.c", "bot.c"), "bot.c:1:1: warning: x");
        // A student's name holding the staged one is named once (it read `meu_meu_bot.c`).
        assert_eq!(
            as_student_wrote(
                "./bot.c: In function 'main':\n./bot.c:4:3: error: x\n    4 | bot.c",
                "bot.c",
                "meu_bot.c"
            ),
            "meu_bot.c: In function 'main':\nmeu_bot.c:4:3: error: x\n    4 | meu_bot.c"
        );
        assert_eq!(
            as_student_wrote("robot.c:1: note\n./bot.c:2: error", "bot.c", "a.c"),
            "robot.c:1: note\na.c:2: error"
        );
        assert_eq!(student_name(Some("/home/a/bot.c"), "x.c"), "bot.c");
        assert_eq!(student_name(None, "x.c"), "x.c");
    }

    #[test]
    fn the_first_error_is_found() {
        let out = "bot.c:2:1: warning: unused\nbot.c:3:5: error: expected ';' before '}'\nbot.c:9:1: error: later";
        assert_eq!(first_error(out), Some("bot.c:3:5: error: expected ';' before '}'"));
        assert_eq!(
            first_error("bot.c:1:10: fatal error: iostream: No such file"),
            Some("bot.c:1:10: fatal error: iostream: No such file")
        );
        assert_eq!(first_error("all fine"), None);
        assert_eq!(warning_count(out), 1);
    }
}
