//! Spreadsheet-safe CSV cells: a cell that a bot controls (a line it wrote, a fault's detail)
//! and that begins with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a
//! formula by a spreadsheet (`=HYPERLINK(…)`). Such a cell is written with a `'` before it, as
//! spreadsheets themselves do; a cell that begins with `'` gets one more, so that every reader
//! of juiz's files (`juiz replay`, `--resume`, the report) takes exactly one leading `'` off a
//! cell whose next character is one of these and gets back every byte.

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

/// `#[serde(with = "crate::record::cell::serde")]` for a text field of a CSV row.
pub mod serde {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::to_cell(text))
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
