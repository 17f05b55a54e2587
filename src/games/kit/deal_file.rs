//! Pieces of the deal-file formats the games share: a `[ c1 c2 … ]` line, an error
//! naming the line, and taking the cards a file names out of the seeded deck.

use crate::cards::Card;

use crate::games::SetupError;

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

/// Which copy of a named card `take_named` takes out of the seeded deck (top card last).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakenCopy {
    /// The copy nearest the top (the last in the deck): juiz's own games.
    Top,
    /// The copy nearest the bottom (the first in the deck), as `buraco.js -i FILE` removes it, so
    /// that a deal file without a stock line gives the original's stock seed for seed.
    Bottom,
}

/// Takes each named card (with the line naming it) out of `deck`, the `copy` of it, reporting
/// the first card named more often than the `decks` decks hold (`copies` of it).
pub fn take_named(
    deck: &mut Vec<Card>,
    named: impl IntoIterator<Item = (usize, Card)>,
    decks: usize,
    copies: impl Fn(Card) -> usize,
    copy: TakenCopy,
) -> Result<(), SetupError> {
    for (line, card) in named {
        let at = match copy {
            TakenCopy::Top => deck.iter().rposition(|&c| c == card),
            TakenCopy::Bottom => deck.iter().position(|&c| c == card),
        };
        match at {
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
