//! Pieces of the deal-file formats every rummy game shares: a `[ c1 c2 … ]` line, an error
//! naming the line, and taking the cards a file names out of the seeded deck.

use crate::cards::Card;

use super::SetupError;

/// An error at `line` of a deal file.
pub fn deal_error(line: usize, message: impl Into<String>) -> SetupError {
    SetupError::Deal { line, message: message.into() }
}

/// Parses `[ c1 c2 … ]` (whitespace-separated, brackets required); `what` names the line.
pub fn parse_list(text: &str, line: usize, what: &str) -> Result<Vec<Card>, SetupError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() < 2 || tokens[0] != "[" || tokens[tokens.len() - 1] != "]" {
        return Err(deal_error(line, format!("{what} must be a list of cards between brackets: [ c1 c2 ... ]")));
    }
    tokens[1..tokens.len() - 1]
        .iter()
        .map(|t| Card::parse_single_joker(t).map_err(|e| deal_error(line, format!("{what}: {e}"))))
        .collect()
}

/// Takes each named card (with the line naming it) out of `deck`, reporting the first card named
/// more often than the `decks` decks hold (`copies` of it).
pub fn take_named(
    deck: &mut Vec<Card>,
    named: impl IntoIterator<Item = (usize, Card)>,
    decks: usize,
    copies: impl Fn(Card) -> usize,
) -> Result<(), SetupError> {
    for (line, card) in named {
        match deck.iter().rposition(|&c| c == card) {
            Some(at) => {
                deck.remove(at);
            }
            None => {
                return Err(deal_error(
                    line,
                    format!("{card} is named more times than the {decks} deck(s) hold ({})", copies(card)),
                ));
            }
        }
    }
    Ok(())
}
