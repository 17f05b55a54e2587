//! What `play`, `check` and `replay --bot` say about building a student's C or C++ source: the
//! compiler's warnings when the build succeeded (briefly), and after a failed build the hint that
//! quotes the first error, or says the `.c` file is C++ and what to rename it.

use std::path::Path;

use juiz::i18n::tr;

/// Lines of warnings shown; the rest are counted.
const SHOWN_LINES: usize = 8;

/// The compiler's `warnings` about `source`, which built: a line naming them, the first lines.
pub(super) fn warnings_said(source: &str, warnings: &str) -> String {
    let count = juiz::bot::warning_count(warnings);
    let lines: Vec<&str> = warnings.lines().collect();
    let mut text = tr("build-warnings", &[("path", &source), ("count", &count)]);
    text.push('\n');
    for line in lines.iter().take(SHOWN_LINES) {
        text.push_str(&format!("  {line}\n"));
    }
    if lines.len() > SHOWN_LINES {
        text.push_str(&tr("build-warnings-more", &[("lines", &(lines.len() - SHOWN_LINES))]));
        text.push('\n');
    }
    text
}

/// The hint after `source` failed to build with `output`: C++ saved as `.c` said first, then
/// the first error quoted with what to do (or the general hint when no error line was found).
pub(super) fn failed_hint(source: &Path, output: &str) -> String {
    let mut lines = Vec::new();
    let is_c = juiz::bot::kind_by_name(source) == Some(juiz::bot::SourceKind::C);
    if is_c && std::fs::read(source).is_ok_and(|bytes| juiz::bot::looks_like_cpp(&bytes)) {
        let renamed = source.with_extension("cpp");
        let (path, renamed) = (source.display().to_string(), renamed.display().to_string());
        lines.push(tr("build-cpp-in-c", &[("path", &path), ("renamed", &renamed)]));
    }
    let hint = match juiz::bot::first_error(output) {
        Some(error) => tr("build-first-error", &[("error", &error)]),
        None => juiz::i18n::say(&juiz::games::Message::new("hint-build")),
    };
    lines.push(tr("check-hint", &[("hint", &hint)]));
    lines.join("\n")
}
