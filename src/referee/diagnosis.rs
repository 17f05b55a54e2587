//! The evidence added to a timeout while the bot waited to read its input: which of the usual
//! causes what it was sent, what it read and when it wrote show — it reads all its input at once,
//! it answered at the wrong moment (after whose line), it read past its own id, or it wrote
//! nothing this game (its answer in a buffer). The clause ends the fault's detail, so the hint
//! (`bot::fault_hint`) is chosen from the English a log keeps.

use crate::bot::{BotFault, EarlyAnswer, FaultKind, InputEvidence, quote_line};
use crate::games::{Message, Violation};

/// The note a timeout's detail ends with when the bot was blocked reading its standard input.
const READING: &str = "; it was waiting to read its input";

/// `fault` with the evidence of `input` added, when it is a timeout while the bot waited to read
/// its input; `own` is the bot's wire id, `ids` every seat's.
pub(super) fn diagnosed(fault: BotFault, input: &InputEvidence, own: &str, ids: &[String]) -> BotFault {
    if fault.kind != FaultKind::Timeout || !fault.detail.ends_with(READING) {
        return fault;
    }
    let Some(message) = fault.message.clone() else {
        return fault;
    };
    let quote = |line: &str| quote_line(line.as_bytes());
    let last = input.last_lines.last().map(|l| quote(l)).unwrap_or_default();
    let evidence = if let Some(size) = input.read_size.filter(|&n| crate::bot::reads_to_the_end(n)) {
        Message::new("bf-reads-to-end").text("bytes", size)
    } else if let Some(early) = &input.early {
        early_clause(early, own, ids)
    } else if input.unread.is_some_and(|n| n > 0) {
        return fault;
    } else if input.replies == 0 && input.last_lines.last().is_some_and(|l| l == own) {
        Message::new("bf-wrote-nothing-own").text("id", own)
    } else if input.replies == 0 {
        Message::new("bf-wrote-nothing").text("last", last)
    } else if input.last_lines.last().is_some_and(|l| l == own) {
        Message::new("bf-read-past-turn").text("id", own)
    } else if let Some(reply) = input.last_reply.as_deref().filter(|r| answered(r, &input.since_reply, ids)) {
        let lines: Vec<String> = input.since_reply.iter().map(|l| format!("\"{}\"", quote(l))).collect();
        Message::new("bf-read-past-answer")
            .text("reply", quote(reply))
            .number("count", input.since_reply.len())
            .text("lines", lines.join(", "))
    } else {
        Message::new("bf-read-everything").text("last", last)
    };
    BotFault::new(fault.kind, Message::new("bf-two-notes").clause("first", message).clause("second", evidence))
}

/// Whether `since` (the lines sent after the bot's last reply `reply`) is only the answer to that
/// reply: a draw (`GET_STOCK`, `GET_DISCARD…`) is answered by one line, its card or the cards it
/// took, after any `RED3` lines (Canasta's red 3s laid out) — and no player's id came since.
fn answered(reply: &str, since: &[String], ids: &[String]) -> bool {
    let draw = reply.split_whitespace().next().is_some_and(|w| w == "GET_STOCK" || w.starts_with("GET_DISCARD"));
    let Some((last, before)) = since.split_last() else {
        return false;
    };
    draw && !ids.contains(last) && before.iter().all(|l| l.starts_with("RED3 "))
}

/// The clause of a reply written before the bot had read its input: which line it came after.
fn early_clause(early: &EarlyAnswer, own: &str, ids: &[String]) -> Message {
    let quote = |line: &str| quote_line(line.as_bytes());
    let after = early.after.as_deref().unwrap_or("");
    let whose = if after == own {
        Message::new("bf-own-id")
    } else if ids.iter().any(|id| id == after) {
        Message::new("bf-other-id")
    } else {
        Message::new("empty")
    };
    let unread: Vec<String> = early.unread.iter().map(|l| format!("\"{}\"", quote(l))).collect();
    if early.after.is_none() {
        // Written at its start, before any line: not out of step, a line it should not write.
        return Message::new("bf-answered-at-start")
            .text("reply", quote(&early.reply))
            .text("unread", unread.join(", "));
    }
    Message::new("bf-answered-early")
        .text("reply", quote(&early.reply))
        .text("after", quote(after))
        .clause("whose", whose)
        .text("unread", unread.join(", "))
}

/// The clause a premature line gets when it starts a turn (a draw) and the last id the referee
/// sent was another player's: the bot took that player's turn for its own (`None` otherwise).
pub(super) fn premature_clause(wrote: &str, input: &InputEvidence, own: &str, ids: &[String]) -> Option<Message> {
    let first = wrote.split_whitespace().next()?;
    if first != "GET_STOCK" && !first.starts_with("GET_DISCARD") {
        return None;
    }
    let after = input.last_lines.iter().rev().find(|l| ids.contains(l))?;
    (after != own)
        .then(|| Message::new("bf-premature-other-turn").text("after", quote_line(after.as_bytes())).text("own", own))
}

/// A refused line of a bot that had answered before reading its input (so it is out of step
/// since): the violation's detail says after which line.
pub(super) fn with_early_answer(violation: &mut Violation, input: &InputEvidence, own: &str, ids: &[String]) {
    let Some(early) = &input.early else {
        return;
    };
    let first = std::mem::replace(&mut violation.detail, Message::new("empty"));
    violation.detail =
        Message::new("bf-two-notes").clause("first", first).clause("second", early_clause(early, own, ids));
}

/// `record`, a crash, with the line of the bot's stderr that explains it (a Python syntax error,
/// a missing module, and whether that module lies beside the script of `argv`), when there is one.
pub(super) fn with_stderr_cause(record: &mut super::report::FaultRecord, stderr_tail: &str, argv: &[String]) {
    if record.kind != FaultKind::Crash {
        return;
    }
    let Some(said) = crate::bot::stderr_cause(stderr_tail, argv) else {
        return;
    };
    match record.message.take() {
        Some(first) => {
            let message = Message::new("bf-two-notes").clause("first", first).clause("second", said);
            record.detail = crate::i18n::say_in(crate::i18n::Lang::En, &message);
            record.message = Some(message);
        }
        None => record.detail.push_str(&crate::i18n::say_in(crate::i18n::Lang::En, &said)),
    }
}

/// A refused card the hand does not hold, with when the bot's own lines took it out of its hand:
/// the last of `said` (its accepted lines, with their turns) that names it.
pub(super) fn with_card_history(violation: &mut Violation, said: &[(usize, String)]) {
    if violation.rule != "card-not-in-hand" {
        return;
    }
    let Some(card) = violation.detail.arg_text("card").map(str::to_owned) else {
        return;
    };
    let played = said.iter().rev().find(|(_, line)| line.split_whitespace().any(|token| token == card));
    let evidence = match played {
        Some((turn, line)) => {
            Message::new("bf-card-played").number("turn", *turn).text("line", quote_line(line.as_bytes()))
        }
        None => Message::new("bf-card-never"),
    };
    let first = std::mem::replace(&mut violation.detail, Message::new("empty"));
    violation.detail = Message::new("bf-two-notes").clause("first", first).clause("second", evidence);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timeout() -> BotFault {
        let note = Message::new("bf-was-reading");
        BotFault::new(
            FaultKind::Timeout,
            Message::new("bf-timeout")
                .text("timeout", "1s")
                .text("charged", "1.00")
                .text("cpu", "0.00")
                .text("wall", "1.00")
                .clause("note", note),
        )
    }

    fn detail(input: &InputEvidence) -> String {
        let ids = ["p1.a".to_owned(), "p2.b".to_owned()];
        diagnosed(timeout(), input, "p1.a", &ids).detail
    }

    #[test]
    fn each_cause_is_told_by_its_evidence() {
        let base = InputEvidence {
            unread: Some(0),
            read_size: Some(4096),
            last_lines: vec!["p1.a".into()],
            ..InputEvidence::default()
        };
        assert!(
            detail(&base)
                .ends_with("; it wrote nothing this game and had read every line sent, the last its own id p1.a")
        );
        let other_last = InputEvidence { last_lines: vec!["p2.b".into()], ..base.clone() };
        assert!(
            detail(&other_last)
                .ends_with("; it wrote nothing this game and had read every line sent (the last: \"p2.b\")")
        );
        let all = InputEvidence { read_size: Some(8162), ..base.clone() };
        assert!(detail(&all).contains("; its read of stdin asks for 8162 bytes: it reads all of its input at once"));
        let past = InputEvidence { replies: 3, ..base.clone() };
        assert!(detail(&past).ends_with("; it had read every line sent, the last its own id p1.a, and read on"));
        let early = EarlyAnswer { reply: "GET_STOCK".into(), after: Some("p2.b".into()), unread: vec!["p1.a".into()] };
        let early = InputEvidence { replies: 3, early: Some(early), ..base.clone() };
        assert!(detail(&early).ends_with(
            "; it answered \"GET_STOCK\" right after \"p2.b\" (another player's id), before it had read \"p1.a\""
        ));
        // A line written at its start, before it read anything: not "right after" a line.
        let start = EarlyAnswer { reply: "rm -rf /".into(), after: None, unread: vec!["p1.a p2.b".into()] };
        let start = InputEvidence { replies: 1, early: Some(start), ..base.clone() };
        assert!(detail(&start).ends_with(
            "; it wrote \"rm -rf /\" at its start, before it had read a single line (so the referee took it for its \
             first move), and had not read \"p1.a p2.b\""
        ));
        let other = InputEvidence { replies: 3, last_lines: vec!["Q♣".into()], ..base.clone() };
        assert!(detail(&other).ends_with("; it had read every line sent (the last: \"Q♣\") and wrote no answer"));
        // It drew, read its card and read on: a Canasta bot waiting for a RED3 line never sent.
        let drew = |since: &[&str]| InputEvidence {
            replies: 3,
            last_reply: Some("GET_STOCK".into()),
            since_reply: since.iter().map(|l| l.to_string()).collect(),
            last_lines: vec![since.last().unwrap().to_string()],
            ..base.clone()
        };
        assert!(
            detail(&drew(&["Q♣"]))
                .ends_with("; it had read the 1 line that answers its \"GET_STOCK\" (\"Q♣\") and read on")
        );
        let red = drew(&["RED3 p1.a [ 3♥ ]", "Q♣"]);
        assert!(
            detail(&red)
                .ends_with("the 2 lines that answer its \"GET_STOCK\" (\"RED3 p1.a [ 3♥ ]\", \"Q♣\") and read on")
        );
        // The other player's id since: not the answer alone.
        assert!(detail(&drew(&["Q♣", "p2.b"])).contains("(the last: \"p2.b\") and wrote no answer"));
    }

    #[test]
    fn a_draw_after_another_players_id_is_named_a_turn_taken() {
        let ids = ["p1.a".to_owned(), "p2.b".to_owned()];
        let input = InputEvidence { last_lines: vec!["6♥".into(), "p2.b".into()], ..InputEvidence::default() };
        let clause = premature_clause("GET_STOCK", &input, "p1.a", &ids).unwrap();
        assert_eq!(
            crate::i18n::say_in(crate::i18n::Lang::En, &clause),
            "; a turn's first move, right after \"p2.b\" (another player's id: its own is p1.a)"
        );
        assert!(premature_clause("descartei 6♥", &input, "p1.a", &ids).is_none(), "not a draw");
        let own = InputEvidence { last_lines: vec!["p1.a".into(), "GET_STOCK".into()], ..input };
        assert!(premature_clause("GET_STOCK", &own, "p1.a", &ids).is_none(), "its own turn");
    }
}
