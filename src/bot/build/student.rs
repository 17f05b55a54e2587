//! The compiler's output as the student wrote the program: their file's name where the compiler
//! saw juiz's copy (`./d6f384…0637.c:106:9` becomes `bot.c:106:9`), and the first error quoted
//! for the hint after a failed build.

/// `output` with the staged file `staged` (as the compiler was given it, `./NAME`, or bare)
/// named `student`.
pub(super) fn as_student_wrote(output: &str, staged: &str, student: &str) -> String {
    if staged == student {
        return output.replace(&format!("./{staged}"), student);
    }
    output.replace(&format!("./{staged}"), student).replace(staged, student)
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
