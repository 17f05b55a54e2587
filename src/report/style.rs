//! Terminal styling: whether to use colour (a terminal, and `NO_COLOR` unset) and how cards look.

use std::io::IsTerminal;

/// How text is decorated for the output it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

impl Style {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty (no-color.org).
    pub fn for_stdout() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style { color: std::io::stdout().is_terminal() && !no_color }
    }

    pub fn plain() -> Self {
        Style { color: false }
    }

    /// Colours every card token's suit in `text`: hearts and diamonds red. The text may come
    /// from a bot: it is escaped first (`terminal_safe`).
    pub fn cards(&self, text: &str) -> String {
        let text = &*super::escape::terminal_safe(text);
        if !self.color {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len() + 16);
        for (i, word) in text.split(' ').enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if word.contains('♥') || word.contains('♦') {
                out.push_str(RED);
                out.push_str(word);
                out.push_str(RESET);
            } else {
                out.push_str(word);
            }
        }
        out
    }

    pub fn bold(&self, text: &str) -> String {
        self.wrap(BOLD, text)
    }

    pub fn dim(&self, text: &str) -> String {
        self.wrap(DIM, text)
    }

    fn wrap(&self, code: &str, text: &str) -> String {
        if self.color { format!("{code}{text}{RESET}") } else { text.to_owned() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_leaves_text_alone() {
        assert_eq!(Style::plain().cards("[ 5♥ 6♠ ]"), "[ 5♥ 6♠ ]");
    }

    #[test]
    fn colour_marks_red_suits_only() {
        let s = Style { color: true };
        assert_eq!(s.cards("5♥ 6♠"), format!("{RED}5♥{RESET} 6♠"));
    }
}
