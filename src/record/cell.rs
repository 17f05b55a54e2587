//! Spreadsheet-safe CSV cells: a cell that a bot controls (a line it wrote, a fault's detail)
//! and that begins with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a
//! formula by a spreadsheet (`=HYPERLINK(…)`). Such a cell is written with a `'` before it, as
//! spreadsheets themselves do; a cell that begins with `'` gets one more, so that every reader
//! of juiz's files (`juiz replay`, `--resume`, the report) takes exactly one leading `'` off a
//! cell whose next character is one of these and gets back every byte.
//!
//! Control characters are another matter: a fault's detail, a build's output and every other
//! free text a bot controls reach `games.csv`, `faults.csv` and the terminal through
//! `escape_controls`, which shows NUL, ESC, the C1 controls and the invisible format characters
//! as escapes (`\x00`, `\x1b`, `\u{202e}`), never raw (the terminal reuses it: `report::escape`).
//! A transcript must give back every byte a bot wrote (`juiz replay` plays it again), so there a
//! cell with such a character is written escaped after the marker `'\` (`\\` for a backslash),
//! which `from_cell` undoes: a marker no earlier cell can begin with (`to_cell` puts a `'` only
//! before the characters above, never before a `\`).

use std::borrow::Cow;

/// The characters that make a spreadsheet read a cell as a formula, and the quote itself.
const GUARDED: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\''];

/// What begins a cell whose text holds control characters, written escaped.
const ESCAPED: &str = "'\\";

/// `text` as written in a CSV cell: its control characters escaped after `ESCAPED` if it has any,
/// else a `'` before a formula's first character.
pub fn to_cell(text: &str) -> Cow<'_, str> {
    if text.chars().any(unsafe_char) {
        let mut out = String::from(ESCAPED);
        for c in text.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                c => push_escaped(&mut out, c),
            }
        }
        return Cow::Owned(out);
    }
    if text.starts_with(GUARDED) { Cow::Owned(format!("'{text}")) } else { Cow::Borrowed(text) }
}

/// The text of a cell written by `to_cell`.
pub fn from_cell(cell: &str) -> Cow<'_, str> {
    if let Some(escaped) = cell.strip_prefix(ESCAPED) {
        return Cow::Owned(unescape(escaped));
    }
    Cow::Borrowed(match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(GUARDED) => rest,
        _ => cell,
    })
}

/// The text of an escaped cell's rest (an escape it cannot read is kept as it is).
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (c, used) = match after.as_bytes().first() {
            Some(b'\\') => (Some('\\'), 1),
            Some(b'n') => (Some('\n'), 1),
            Some(b't') => (Some('\t'), 1),
            Some(b'r') => (Some('\r'), 1),
            Some(b'x') => (after.get(1..3).and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32), 3),
            Some(b'u') => match after.strip_prefix("u{").and_then(|t| t.split_once('}')) {
                Some((hex, _)) => (u32::from_str_radix(hex, 16).ok().and_then(char::from_u32), hex.len() + 3),
                None => (None, 0),
            },
            _ => (None, 0),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &after[used..];
            }
            None => {
                out.push('\\');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Appends `c`, escaped if it is unsafe (`escape_controls`'s escapes).
fn push_escaped(out: &mut String, c: char) {
    match c {
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        c if unsafe_char(c) && (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
        c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

/// Whether `c` must not reach a file or a terminal as it is. A newline is kept: callers pass
/// single lines or text whose lines they split themselves.
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
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// `#[serde(with = "crate::record::cell::serde")]` for a text field of a CSV row.
pub mod serde {
    use serde::{Deserialize, Deserializer, Serializer};

    /// Control characters are written as escapes (`escape_controls`), never raw: reading the
    /// cell back gives the escaped text, which writes the same bytes again.
    pub fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::to_cell(&super::escape_controls(text)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let cell = String::deserialize(d)?;
        Ok(super::from_cell(&cell).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_every_text_comes_back() {
        for (text, cell) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("+1", "'+1"),
            ("-2", "'-2"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\\\\tx"),
            ("\rx", "'\\\\rx"),
            ("a\x00b\x1b[2J\\", "'\\a\\x00b\\x1b[2J\\\\"),
            ("=\u{202e}x", "'\\=\\u{202e}x"),
            ("\\x1b", "\\x1b"),
            ("'\\", "''\\"),
            ("'", "''"),
            ("'=x", "''=x"),
            ("'a", "''a"),
            ("GET_STOCK", "GET_STOCK"),
            ("", ""),
            ("a=b", "a=b"),
        ] {
            assert_eq!(to_cell(text), cell, "{text:?}");
            assert_eq!(from_cell(cell), text, "{cell:?}");
        }
    }

    #[test]
    fn a_cell_juiz_did_not_guard_reads_as_it_is() {
        // A cell written before the guard existed, or by hand: only a guard juiz could have
        // written is taken off.
        assert_eq!(from_cell("'abc"), "'abc");
        assert_eq!(from_cell("abc"), "abc");
    }
}
