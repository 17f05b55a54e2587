//! Bot text made harmless before it reaches a terminal: every character that could move the
//! cursor, change colours, retitle the window or reorder the text (C0 and C1 controls, DEL, the
//! bidirectional overrides and other invisible format characters) is shown as an escape instead.
//! Everything that prints text a bot chose (a line it wrote, its stderr, a fault's detail, a name
//! derived from its file) passes through `terminal_safe`.

use std::borrow::Cow;

/// Whether `c` must not reach a terminal as it is. A newline is kept: callers pass single lines
/// or text whose lines they split themselves.
fn unsafe_char(c: char) -> bool {
    match c {
        '\n' => false,
        c if c.is_control() => true, // C0, DEL and C1 (CSI, OSC... as 0x9b, 0x9d)
        // Bidirectional embeddings, overrides and isolates; zero-width and other format marks.
        '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}' => true,
        '\u{fff9}'..='\u{fffb}' => true,
        _ => false,
    }
}

/// `text` with every unsafe character written as an escape: `\x1b` for one below 0x80 (`\t`,
/// `\r` as such), `\u{202e}` above; borrowed unchanged when there is none.
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if unsafe_char(c) && (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
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
