//! The hints `fault_hint` chooses from evidence that a fault's English detail carries beyond its
//! kind: a card written with letters, when a card left the hand (`referee::diagnosis`), the
//! memory limit, what a Python bot's stderr said before it died (`process/death.rs` adds what
//! its folder shows).

use crate::games::Message;

/// A refused card: `'9D' is not a card: ...`. A value followed by a suit letter gets the card as
/// it is written (`9♦`); any other gets the notation.
pub(in crate::bot) fn card_notation_hint(detail: &str) -> Option<Message> {
    let start = detail.find('\'')? + 1;
    let end = start + detail[start..].find("' is not a card")?;
    let token = &detail[start..end];
    let id_like = token.len() > 3
        && token.starts_with('p')
        && token[1..].split_once('.').is_some_and(|(n, _)| n.parse::<u8>().is_ok());
    // Canasta's lines between a draw and the next turn: a red 3 laid out, the stock run out.
    match token {
        "RED3" => return Some(Message::new("hint-red3-missed")),
        "(null)" => return Some(Message::new("hint-null-string")),
        "STOCK_EMPTY" | "PASS" => return Some(Message::new("hint-stock-empty-line").text("token", token)),
        _ => {}
    }
    if id_like || (token.len() > 3 && token.bytes().all(|b| b.is_ascii_uppercase() || b == b'_')) {
        return Some(Message::new("hint-out-of-step-card").text("token", token));
    }
    let symbol = |letter: char| match letter.to_ascii_uppercase() {
        'H' => Some('♥'),
        'D' => Some('♦'),
        'C' => Some('♣'),
        'S' => Some('♠'),
        _ => None,
    };
    let mut chars = token.chars();
    let last = chars.next_back();
    let value = chars.as_str().to_ascii_uppercase();
    let values = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    match last.and_then(symbol) {
        Some(suit) if values.contains(&value.as_str()) => {
            Some(Message::new("hint-card-suit-letter").text("token", token).text("card", format!("{value}{suit}")))
        }
        _ => Some(Message::new("hint-card-notation")),
    }
}

/// A card the hand does not hold, with the referee's evidence of when it left:
/// `...; it played it at turn 7 ("DISCARD 6♣") (rule card-not-in-hand)`.
pub(in crate::bot) fn card_left_hint(detail: &str) -> Option<Message> {
    let card = detail.split_once(" is named ")?.0;
    if let Some((_, rest)) = detail.split_once("; it played it at turn ") {
        let turn: String = rest.chars().take_while(char::is_ascii_digit).collect();
        return Some(Message::new("hint-card-left").text("card", card).text("turn", turn));
    }
    detail.contains("; it has not played it this game").then(|| Message::new("hint-card-never").text("card", card))
}

/// A premature draw right after another player's id (`referee::diagnosis`): `...; a turn's first
/// move, right after "p2.b" (another player's id: its own is p1.a)`.
pub(in crate::bot) fn turn_taken_hint(detail: &str) -> Option<Message> {
    let (_, rest) = detail.rsplit_once("; a turn's first move, right after \"")?;
    let (after, rest) = rest.split_once("\" (another player's id: its own is ")?;
    let own = rest.split(')').next().unwrap_or_default();
    Some(Message::new("hint-premature-other-turn").text("after", after).text("own", own))
}

/// A bot that read every line and did not answer: its own id was the last line sent and it wrote
/// nothing this game (its answer is in its buffer, or it does not know that line is its id), or
/// the last line was one that asks for an answer (Shengji's `CARD`, `LEAD`, …).
pub(in crate::bot) fn nothing_hint(detail: &str) -> Option<Message> {
    const OWN: &str = "; it wrote nothing this game and had read every line sent, the last its own id ";
    if let Some((_, rest)) = detail.rsplit_once(OWN) {
        return Some(Message::new("hint-timeout-nothing-own").text("id", rest.trim()));
    }
    let (_, rest) = detail.rsplit_once("(the last: \"")?;
    let last = &rest[..rest.rfind("\")")?];
    let asks = ["CARD", "LAST_CALL", "KITTY", "LEAD", "FOLLOW"];
    asks.contains(&last.split_whitespace().next()?).then(|| Message::new("hint-timeout-unanswered").text("line", last))
}

/// The refused line's rule, when it has a hint of its own: `… (rule already-drew): GET_DISCARD …`.
pub(in crate::bot) fn rule_hint(detail: &str) -> Option<Message> {
    let (_, rest) = detail.rsplit_once(" (rule ")?;
    let rule = rest.split(')').next()?;
    let id = match rule {
        "already-drew" => "hint-already-drew",
        "missing-brackets" => "hint-missing-brackets",
        "must-follow-suit" => "hint-must-follow-suit",
        "closed-pile" => "hint-closed-pile",
        "wrong-card-count" => "hint-wrong-card-count",
        "discard-pile-empty" => "hint-discard-pile-empty",
        _ => return None,
    };
    Some(Message::new(id))
}

/// A compiler's failure on a C file that is C++ (`iostream: No such file`, `bits/stdc++.h`,
/// `using namespace std`), as a tournament records it.
pub(in crate::bot) fn is_cpp_in_c(detail: &str) -> bool {
    let c_file = detail.split_once(" failed").is_some_and(|(head, _)| head.ends_with(".c"));
    let cpp = ["iostream: No such file", "bits/stdc++.h", "namespace std", "'std' ", "‘std’", "'cout'", "‘cout’"];
    c_file && cpp.iter().any(|word| detail.contains(word))
}

/// The limit a memory fault names (`limit of 1 GiB`, `(limit 1 GiB)`), with what grew and how
/// far when the detail says (`; the most it was seen to hold: 120 MiB of heap …, 3 MiB resident`).
pub(in crate::bot) fn memory_hint(detail: &str) -> Message {
    let limit = detail
        .split_once("limit of ")
        .map(|(_, rest)| rest)
        .or_else(|| detail.split_once("(limit ").map(|(_, rest)| rest))
        .map(|rest| rest.split([' ', ')']).take(2).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    let Some((_, held)) = detail.split_once("; the most it was seen to hold: ") else {
        return Message::new("hint-memory").text("limit", limit);
    };
    match (held.split_once(" of heap"), held.split_once(" resident")) {
        (Some((heap, _)), _) => Message::new("hint-memory-heap").text("limit", limit).text("heap", heap),
        (None, Some((resident, _))) => {
            Message::new("hint-memory-resident").text("limit", limit).text("resident", resident)
        }
        _ => Message::new("hint-memory").text("limit", limit),
    }
}

/// A Python bot that died on a syntax error or a missing module, as its stderr said:
/// `...; its stderr says: ModuleNotFoundError: No module named 'numpy'`.
pub(in crate::bot) fn python_hint(detail: &str) -> Option<Message> {
    let (_, said) = detail.split_once("; its stderr says: ")?;
    if let Some((_, rest)) = said.split_once("No module named '") {
        let module = rest.split('\'').next().unwrap_or_default();
        if let Some((_, beside)) = rest.split_once("'; ")
            && let Some((file, _)) = beside.split_once(" is beside ")
        {
            return Some(Message::new("hint-python-own-module").text("module", module).text("file", file));
        }
        return Some(Message::new("hint-python-module").text("module", module));
    }
    ["SyntaxError", "IndentationError", "TabError"]
        .iter()
        .any(|error| said.contains(error))
        .then(|| Message::new("hint-python-syntax"))
}

/// The line of a bot's stderr that explains its death: Python's syntax error (with the line it
/// names) or missing module.
pub(in crate::bot) fn stderr_line(tail: &str) -> Option<String> {
    let lines: Vec<&str> = tail.lines().collect();
    let at = lines.iter().rposition(|l| {
        ["SyntaxError:", "IndentationError:", "TabError:", "ModuleNotFoundError:", "ImportError:"]
            .iter()
            .any(|error| l.starts_with(error))
    })?;
    let error = lines[at].trim();
    if error.starts_with("ModuleNotFoundError") || error.starts_with("ImportError") {
        return Some(error.to_owned());
    }
    // A syntax error's location: `  File "/x/bot.py", line 12` a few lines above.
    let place = lines[..at].iter().rev().take(4).find_map(|l| {
        let (file, line) = l.trim().strip_prefix("File \"")?.split_once("\", line ")?;
        let name = file.rsplit('/').next().unwrap_or(file);
        // The copy juiz ran (`.juiz-0-bot.py`, see `own_program.rs`) is the student's `bot.py`.
        let name = name
            .strip_prefix(".juiz-")
            .and_then(|rest| rest.split_once('-'))
            .filter(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
            .map_or(name, |(_, original)| original);
        Some(format!(" ({name}, line {})", line.split(',').next().unwrap_or(line)))
    });
    Some(format!("{error}{}", place.unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_with_letters_are_written_with_symbols() {
        let hint = card_notation_hint("'9D' is not a card: no suit (♥ ♦ ♣ ♠) (rule bad-card): DISCARD 9D").unwrap();
        assert_eq!((hint.id, hint.arg_text("card")), ("hint-card-suit-letter", Some("9♦")));
        let hint = card_notation_hint("'10h' is not a card: no suit (rule bad-card): DISCARD 10h").unwrap();
        assert_eq!(hint.arg_text("card"), Some("10♥"));
        assert_eq!(card_notation_hint("'X' is not a card: x").unwrap().id, "hint-card-notation");
        let stale = "'GET_STOCK' is not a card: no suit (rule bad-card): DISCARD GET_STOCK";
        assert_eq!(card_notation_hint(stale).unwrap().id, "hint-out-of-step-card");
        assert_eq!(card_notation_hint("'p2.bob' is not a card: x").unwrap().id, "hint-out-of-step-card");
        // Canasta's own lines are named for what they are.
        assert_eq!(card_notation_hint("'RED3' is not a card: x").unwrap().id, "hint-red3-missed");
        let empty = card_notation_hint("'STOCK_EMPTY' is not a card: no suit (rule bad-card): DISCARD STOCK_EMPTY");
        assert_eq!(empty.unwrap().id, "hint-stock-empty-line");
    }

    #[test]
    fn a_turn_taken_and_an_id_not_known_are_named() {
        let premature = "wrote \"GET_STOCK\" when it was not its turn (turn 1, while the referee waited for p2.b); \
                         a turn's first move, right after \"p2.b\" (another player's id: its own is p1.a)";
        let hint = turn_taken_hint(premature).unwrap();
        assert_eq!(
            (hint.id, hint.arg_text("after"), hint.arg_text("own")),
            ("hint-premature-other-turn", Some("p2.b"), Some("p1.a"))
        );
        assert!(
            turn_taken_hint("wrote \"GET_STOCK\" when it was not its turn (turn 1, while the referee waited for p2.b)")
                .is_none()
        );
        let nothing = "no line within 1s (1.00s charged, 0.00s cpu, 1.00s wall); it was waiting to read its input; \
                       it wrote nothing this game and had read every line sent, the last its own id p1.a";
        assert_eq!(nothing_hint(nothing).unwrap().arg_text("id"), Some("p1.a"));
        let card = "no line within 10s (10.01s charged, 0.10s cpu, 10.15s wall); it was waiting to read its input; \
                    it wrote nothing this game and had read every line sent (the last: \"CARD 7♣\")";
        let hint = nothing_hint(card).unwrap();
        assert_eq!((hint.id, hint.arg_text("line")), ("hint-timeout-unanswered", Some("CARD 7♣")));
        assert!(nothing_hint(&card.replace("CARD 7♣", "p2.b")).is_none(), "another player's id asks nothing");
        assert_eq!(
            rule_hint("you already drew this turn (rule already-drew): GET_DISCARD [ J♦ ]").unwrap().id,
            "hint-already-drew"
        );
        assert!(rule_hint("x (rule bad-card): DISCARD 9x").is_none());
        let cpp = "compiling /w/bot.c failed (exited with code 1): bot.c:1:10: fatal error: iostream: No such file or directory";
        assert!(is_cpp_in_c(cpp) && !is_cpp_in_c(&cpp.replace("bot.c failed", "bot.cpp failed")));
        assert_eq!(
            card_notation_hint("'(null)' is not a card: no suit (rule bad-card): DISCARD (null)").unwrap().id,
            "hint-null-string"
        );
    }

    #[test]
    fn python_deaths_are_read_from_stderr() {
        let tail = "Traceback (most recent call last):\n  File \"/w/bot.py\", line 3, in <module>\n    import numpy\nModuleNotFoundError: No module named 'numpy'\n";
        assert_eq!(stderr_line(tail).as_deref(), Some("ModuleNotFoundError: No module named 'numpy'"));
        let hint = python_hint("exited with code 1; its stderr says: ModuleNotFoundError: No module named 'numpy'");
        assert_eq!(hint.unwrap().arg_text("module"), Some("numpy"));
        let tail = "  File \"/w/.juiz-0-bot.py\", line 12\n    if x = 3:\n         ^\nSyntaxError: invalid syntax\n";
        assert_eq!(stderr_line(tail).as_deref(), Some("SyntaxError: invalid syntax (bot.py, line 12)"));
        assert_eq!(stderr_line("Segmentation fault\n"), None);
    }

    #[test]
    fn memory_limits_are_named() {
        let hint = memory_hint("ran out of its memory limit of 1 GiB (killed by signal 11 (SIGSEGV))");
        assert_eq!(hint.arg_text("limit"), Some("1 GiB"));
        assert_eq!(
            memory_hint("its processes used 1.2 GiB of memory (limit 64 MiB)").arg_text("limit"),
            Some("64 MiB")
        );
        let leak = "ran out of its memory limit of 128 MiB (killed by signal 11 (SIGSEGV)); the most it was seen \
                    to hold: 125.0 MiB of heap (its data segment, what the limit counts), 2.1 MiB resident";
        let hint = memory_hint(leak);
        assert_eq!(
            (hint.id, hint.arg_text("limit"), hint.arg_text("heap")),
            ("hint-memory-heap", Some("128 MiB"), Some("125.0 MiB"))
        );
        let hog =
            "ran out of its memory limit of 64 MiB (exited with code 1); the most it was seen to hold: 63 MiB resident";
        assert_eq!(memory_hint(hog).arg_text("resident"), Some("63 MiB"));
        // Killed by the watchdog (no cgroup): the processes' total, named the same way.
        let polled = "ran out of its memory limit of 128 MiB (its processes used 130.4 MiB); the most it was seen \
                      to hold: 130.4 MiB resident";
        let hint = memory_hint(polled);
        assert_eq!((hint.id, hint.arg_text("limit")), ("hint-memory-resident", Some("128 MiB")));
    }
}
