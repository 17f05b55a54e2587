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

/// The hints after `source` failed to build with `output` (`juiz::bot::failed_build_hints`),
/// a line each.
pub(super) fn failed_hint(source: &Path, output: &str) -> String {
    let hints = juiz::bot::failed_build_hints(source, source, output);
    hints.iter().map(juiz::i18n::say).collect::<Vec<_>>().join("\n")
}
