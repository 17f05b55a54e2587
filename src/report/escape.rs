//! Bot text made harmless before it reaches a terminal: every character that could move the
//! cursor, change colours, retitle the window or reorder the text (C0 and C1 controls, DEL, the
//! bidirectional overrides and other invisible format characters) is shown as an escape instead.
//! Everything that prints text a bot chose (a line it wrote, its stderr, a fault's detail, a name
//! derived from its file) passes through `terminal_safe`.

use std::borrow::Cow;

/// `text` with every unsafe character written as an escape: `\x1b` for one below 0x80 (`\t`,
/// `\r` as such), `\u{202e}` above; borrowed unchanged when there is none. The same escapes as
/// the CSV files' (`record::cell::escape_controls`).
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    crate::record::cell::escape_controls(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_and_cards_pass_unchanged() {
        let text = "MELD_NEW [ 5♥ 6♥ 7♥ ] — ok\nsecond line";
        assert!(matches!(terminal_safe(text), Cow::Borrowed(t) if t == text));
    }

    #[test]
    fn controls_and_bidi_marks_are_shown_as_escapes() {
        assert_eq!(terminal_safe("\x1b[2J\x1b]0;pwned\x07"), "\\x1b[2J\\x1b]0;pwned\\x07");
        assert_eq!(terminal_safe("a\rb\tc\x7f"), "a\\rb\\tc\\x7f");
        assert_eq!(terminal_safe("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(terminal_safe("win\u{202e}sol"), "win\\u{202e}sol");
        assert_eq!(terminal_safe("x\u{200b}y\u{feff}"), "x\\u{200b}y\\u{feff}");
    }
}
