//! What a person types at the human seat, made into a protocol line: cards may be typed with
//! ASCII suits (`5h 10d Qc As`, any case) instead of `♥ ♦ ♣ ♠`, which few keyboards have. Bots
//! get no such leniency: the wire protocol stays as it is.

/// `line` with every card typed with an ASCII suit (`h d c s`) written with its suit symbol;
/// every other word as typed.
pub fn with_suit_symbols(line: &str) -> String {
    line.split(' ').map(card_word).collect::<Vec<_>>().join(" ")
}

fn card_word(word: &str) -> String {
    let Some(last) = word.chars().last() else { return String::new() };
    let suit = match last.to_ascii_lowercase() {
        'h' => '♥',
        'd' => '♦',
        'c' => '♣',
        's' => '♠',
        _ => return word.to_owned(),
    };
    let value = word[..word.len() - 1].to_ascii_uppercase();
    if matches!(value.as_str(), "A" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K") {
        format!("{value}{suit}")
    } else {
        word.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_suits_become_symbols() {
        assert_eq!(with_suit_symbols("MELD_NEW [ 5h 6H 7h ]"), "MELD_NEW [ 5♥ 6♥ 7♥ ]");
        assert_eq!(with_suit_symbols("DISCARD 10d"), "DISCARD 10♦");
        assert_eq!(with_suit_symbols("GET_DISCARD [ qc kc ]"), "GET_DISCARD [ Q♣ K♣ ]");
        assert_eq!(with_suit_symbols("MELD_JOIN 0 [ As 2s ]"), "MELD_JOIN 0 [ A♠ 2♠ ]");
        // Words that are not cards stay as typed, symbols too.
        for line in ["GET_STOCK", "DISCARD 5♠", "DISCARD 1h", "DISCARD 11s", "MELD_JOIN 0 [  ]", "hs", "s"] {
            assert_eq!(with_suit_symbols(line), line);
        }
    }
}
