//! The rummy wire commands every rummy game (the Buraco variants, Canasta) reads, first stage:
//! syntax only, in the command words the game names (`Commands`). A line either parses into an
//! `Action` or is a `Malformed` violation; whether the action is allowed now is decided by the
//! game's table.

use crate::cards::Card;
#[cfg(test)]
use crate::games::ViolationKind;
use crate::games::{Message, Violation};

use super::Commands;

/// One rummy command, parsed (named here by the ITP Buraco protocol's words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    GetStock,
    /// Take the discard pile, melding its top card with these hand cards.
    GetDiscard(Vec<Card>),
    /// Take the closed discard pile by joining its top card to one of the side's melds (STBL).
    GetDiscardJoin {
        index: usize,
        index_token: String,
    },
    MeldNew(Vec<Card>),
    /// Add cards to one of the side's melds. `index_token` is the index exactly as sent (it is
    /// echoed to the other seats).
    MeldJoin {
        index: usize,
        index_token: String,
        cards: Vec<Card>,
    },
    Discard(Card),
}

impl Action {
    /// Whether the action is a draw (the first action of a turn).
    pub fn is_draw(&self) -> bool {
        matches!(self, Action::GetStock | Action::GetDiscard(_) | Action::GetDiscardJoin { .. })
    }
}

fn malformed(rule: &'static str, detail: Message) -> Violation {
    Violation::malformed(rule, detail)
}

/// Parses one line as the original referee splits it: a trailing CR/LF is dropped, the line is
/// split on single spaces and empty tokens are ignored; the arguments lose a surrounding `[` … `]`
/// pair when they have one (so brackets are optional), except that `MELD_JOIN` requires its cards
/// between brackets after the index. Extra tokens after `GET_STOCK` are ignored. ITP's commands
/// only; see `parse_with` for the closed pile's `GET_DISCARD_JOIN`.
pub fn parse(line: &str) -> Result<Action, Violation> {
    read(line, &Commands::ITP)
}

/// `parse`, also accepting `GET_DISCARD_JOIN <index>` when `join_pickup` (closed-pile variants).
pub fn parse_with(line: &str, join_pickup: bool) -> Result<Action, Violation> {
    read(line, if join_pickup { &Commands::ITP_CLOSED_PILE } else { &Commands::ITP })
}

/// Parses one line of a rummy game whose command words are `words` (as `parse` splits it);
/// every refusal names the game's own words.
pub fn read(line: &str, words: &Commands) -> Result<Action, Violation> {
    let line = line.trim_end_matches(['\n', '\r']);
    let mut tokens: Vec<&str> = line.split(' ').filter(|t| !t.is_empty()).collect();
    if tokens.is_empty() {
        return Err(malformed("unknown-command", Message::new("viol-empty-line")));
    }
    let command = tokens.remove(0);
    let mut args = tokens;
    if args.len() >= 2 && args[0] == "[" && args[args.len() - 1] == "]" {
        args = args[1..args.len() - 1].to_vec();
    }
    let count_error = |id: &'static str| {
        malformed("wrong-argument-count", Message::new(id).text("command", command).number("count", args.len()))
    };
    match command {
        c if c == words.draw_stock => Ok(Action::GetStock),
        c if c == words.take_discard => Ok(Action::GetDiscard(parse_cards(&args)?)),
        c if c == words.meld_new => Ok(Action::MeldNew(parse_cards(&args)?)),
        c if c == words.meld_join => parse_join(&args, c),
        c if Some(c) == words.take_discard_join => match args[..] {
            [token] => Ok(Action::GetDiscardJoin { index: parse_index(token)?, index_token: token.to_string() }),
            _ => Err(count_error("viol-discard-join-args")),
        },
        c if c == words.discard => match args[..] {
            [token] => Ok(Action::Discard(parse_card(token)?)),
            _ => Err(count_error("viol-discard-args")),
        },
        other => {
            let [first @ .., last] = words.expected();
            let expected = Message::new("words-or").text("first", first.join(", ")).text("last", last);
            Err(malformed(
                "unknown-command",
                Message::new("viol-unknown-command").text("command", other).clause("expected", expected),
            ))
        }
    }
}

fn parse_join(args: &[&str], command: &str) -> Result<Action, Violation> {
    let Some((&index_token, rest)) = args.split_first() else {
        return Err(malformed("wrong-argument-count", Message::new("viol-meld-join-args").text("command", command)));
    };
    let index = parse_index(index_token)?;
    if rest.len() < 2 || rest[0] != "[" || rest[rest.len() - 1] != "]" {
        return Err(malformed("missing-brackets", Message::new("viol-missing-brackets").text("command", command)));
    }
    let cards = parse_cards(&rest[1..rest.len() - 1])?;
    Ok(Action::MeldJoin { index, index_token: index_token.to_string(), cards })
}

/// A meld index: a plain decimal integer (too many digits to be an index is out of range, which
/// the table reports).
fn parse_index(index_token: &str) -> Result<usize, Violation> {
    if index_token.is_empty() || !index_token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed("bad-index", Message::new("viol-index-not-integer").text("index", index_token)));
    }
    Ok(index_token.parse().unwrap_or(usize::MAX))
}

fn parse_card(token: &str) -> Result<Card, Violation> {
    Card::parse_single_joker(token).map_err(|e: crate::cards::CardParseError| {
        let reason = Message::new(e.reason.message_id());
        malformed("bad-card", Message::new("viol-bad-card").text("token", &e.token).clause("reason", reason))
    })
}

fn parse_cards(tokens: &[&str]) -> Result<Vec<Card>, Violation> {
    tokens.iter().map(|t| parse_card(t)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(tokens: &str) -> Vec<Card> {
        tokens.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    fn rule_of(line: &str) -> &'static str {
        parse(line).expect_err(line).rule
    }

    #[test]
    fn lenient_forms_are_accepted() {
        assert_eq!(parse("GET_STOCK").unwrap(), Action::GetStock);
        assert_eq!(parse("GET_STOCK please now\r").unwrap(), Action::GetStock);
        assert_eq!(parse("MELD_NEW 5♣ 6♣ 7♣").unwrap(), Action::MeldNew(cards("5♣ 6♣ 7♣")));
        assert_eq!(parse("MELD_NEW  [ 5♣  6♣ 7♣ ]\r\n").unwrap(), Action::MeldNew(cards("5♣ 6♣ 7♣")));
        assert_eq!(parse("DISCARD [ 9♥ ]").unwrap(), Action::Discard("9♥".parse().unwrap()));
        assert_eq!(parse("GET_DISCARD [ 6♠ 7♠ ]").unwrap(), Action::GetDiscard(cards("6♠ 7♠")));
        assert_eq!(
            parse("MELD_JOIN 0 [ ]").unwrap(),
            Action::MeldJoin { index: 0, index_token: "0".into(), cards: vec![] }
        );
        assert_eq!(
            parse("MELD_JOIN 007 [ 8♣ ]").unwrap(),
            Action::MeldJoin { index: 7, index_token: "007".into(), cards: cards("8♣") }
        );
    }

    #[test]
    fn malformed_lines_name_their_rule() {
        for (line, rule) in [
            ("", "unknown-command"),
            ("   ", "unknown-command"),
            ("FOO", "unknown-command"),
            ("get_stock", "unknown-command"),
            ("MELD_JOIN x [ 8♣ ]", "bad-index"),
            ("MELD_JOIN 0x1 [ 8♣ ]", "bad-index"),
            ("MELD_JOIN 1.5 [ 8♣ ]", "bad-index"),
            ("MELD_JOIN -1 [ 8♣ ]", "bad-index"),
            ("MELD_JOIN +1 [ 8♣ ]", "bad-index"),
            ("MELD_JOIN", "wrong-argument-count"),
            ("MELD_JOIN 0 8♣", "missing-brackets"),
            ("MELD_JOIN 0 [ 8♣", "missing-brackets"),
            ("MELD_JOIN 0 [", "missing-brackets"),
            ("DISCARD", "wrong-argument-count"),
            ("DISCARD 9♥ 9♦", "wrong-argument-count"),
            ("DISCARD 5♥x", "bad-card"),
            ("MELD_NEW [ 1♠ 2♠ 3♠ ]", "bad-card"),
            ("GET_DISCARD [ 11♠ 12♠ ]", "bad-card"),
        ] {
            assert_eq!(rule_of(line), rule, "{line:?}");
            assert_eq!(parse(line).unwrap_err().kind, ViolationKind::Malformed);
        }
    }
}
