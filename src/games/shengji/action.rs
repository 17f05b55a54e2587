//! First stage of reading a Shengji line: syntax only (`PASS`, `DECLARE [ … ]`, `BURY [ … ]`,
//! `PLAY [ … ]`); whether the action is allowed now is decided by the deal.

use crate::cards::Card;
use crate::games::{Message, Violation};

/// One command of the Shengji protocol, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Pass,
    Declare(Vec<Card>),
    Bury(Vec<Card>),
    Play(Vec<Card>),
}

impl Action {
    pub fn word(&self) -> &'static str {
        match self {
            Action::Pass => "PASS",
            Action::Declare(_) => "DECLARE",
            Action::Bury(_) => "BURY",
            Action::Play(_) => "PLAY",
        }
    }
}

fn malformed(rule: &'static str, detail: Message) -> Violation {
    Violation::malformed(rule, detail)
}

/// Parses a line: a command word, then (except `PASS`) a card list between `[` and `]`, tokens
/// separated by spaces. Cards are `2`…`10 J Q K A` with a suit symbol, `SJ`, `BJ`.
pub fn parse(line: &str) -> Result<Action, Violation> {
    let line = line.trim_end_matches(['\n', '\r']);
    let tokens: Vec<&str> = line.split(' ').filter(|t| !t.is_empty()).collect();
    let Some((&command, args)) = tokens.split_first() else {
        return Err(malformed("unknown-command", Message::new("viol-empty-line")));
    };
    let list = |args: &[&str]| -> Result<Vec<Card>, Violation> {
        if args.len() < 2 || args[0] != "[" || args[args.len() - 1] != "]" {
            return Err(malformed("missing-brackets", Message::new("sj-viol-missing-brackets")));
        }
        args[1..args.len() - 1].iter().map(|t| parse_card(t)).collect()
    };
    match command {
        "PASS" if args.is_empty() => Ok(Action::Pass),
        "PASS" => Err(malformed("wrong-argument-count", Message::new("sj-viol-pass-args"))),
        "DECLARE" => Ok(Action::Declare(list(args)?)),
        "BURY" => Ok(Action::Bury(list(args)?)),
        "PLAY" => Ok(Action::Play(list(args)?)),
        other => Err(malformed("unknown-command", Message::new("sj-viol-unknown-command").text("command", other))),
    }
}

fn parse_card(token: &str) -> Result<Card, Violation> {
    let bad = |token: &str, reason: Message| {
        malformed("bad-card", Message::new("viol-bad-card").text("token", token).clause("reason", reason))
    };
    match token.parse::<Card>() {
        Ok(Card::Joker) => Err(bad(token, Message::new("sj-card-jk"))),
        Ok(card) => Ok(card),
        Err(e) => Err(bad(&e.token, Message::new(e.reason.message_id()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_or_are_malformed() {
        assert_eq!(parse("PASS"), Ok(Action::Pass));
        assert_eq!(parse("PLAY [ SJ 10♥ ]\r\n").unwrap(), Action::Play(vec![Card::SmallJoker, "10♥".parse().unwrap()]));
        for bad in ["", "PLAY 5♠", "PLAY [ JK ]", "PLAY [ 1♠ ]", "PASS now", "TAKE [ 5♠ ]"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
