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

use std::borrow::Cow;

/// The characters that make a spreadsheet read a cell as a formula, and the quote itself.
const GUARDED: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\''];

/// `text` as written in a CSV cell.
pub fn to_cell(text: &str) -> Cow<'_, str> {
    if text.starts_with(GUARDED) { Cow::Owned(format!("'{text}")) } else { Cow::Borrowed(text) }
}

/// The text of a cell written by `to_cell`.
pub fn from_cell(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(GUARDED) => rest,
        _ => cell,
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
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
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
