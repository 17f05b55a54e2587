//! The hint a fault ends with: one suggestion chosen from the evidence in the fault's detail
//! (the English that logs and CSV files keep, so a fault read back from a file gets the same
//! hint): the signal or exit code of a crash, the CPU and wall time of a timeout and what the
//! bot was blocked in, the line it wrote, the file that would not start.

use crate::games::Message;

use crate::bot::faults::fault::FaultKind;

/// The hint for a fault of `kind` with `detail` (English, as recorded); `None` when there is
/// nothing to add to the fault's own explanation.
pub fn fault_hint(kind: FaultKind, detail: &str) -> Option<Message> {
    match kind {
        FaultKind::Crash => Some(crash_hint(detail)),
        FaultKind::Timeout => Some(timeout_hint(detail)),
        FaultKind::TimeoutOverload => Some(Message::new("hint-overload")),
        FaultKind::PrematureOutput => Some(match quoted_premature(detail) {
            Some(line) if looks_like_debugging(line) => Message::new("hint-premature-debug"),
            _ => crate::bot::faults::hint_evidence::turn_taken_hint(detail).unwrap_or(Message::new("hint-premature")),
        }),
        FaultKind::Malformed => Some(malformed_hint(detail)),
        FaultKind::Illegal => Some(
            red3_hint(detail)
                .or_else(|| detail.contains("(rule stock-empty)").then(|| Message::new("hint-stock-empty")))
                .or_else(|| early_hint(detail))
                .or_else(|| crate::bot::faults::hint_evidence::card_left_hint(detail))
                .or_else(|| crate::bot::faults::hint_evidence::rule_hint(detail))
                .unwrap_or(Message::new("hint-rules")),
        ),
        FaultKind::Spawn => spawn_hint(detail),
        FaultKind::Memory => Some(crate::bot::faults::hint_evidence::memory_hint(detail)),
        FaultKind::CpuTime => Some(Message::new("hint-cpu-time")),
        FaultKind::Processes => Some(Message::new("hint-processes")),
        FaultKind::FileSize | FaultKind::Disk => Some(Message::new("hint-disk")),
        FaultKind::ClosedOutput | FaultKind::ClosedInput => Some(Message::new("hint-closed")),
        FaultKind::OversizedLine => Some(Message::new("hint-oversized")),
        FaultKind::InvalidUtf8 => Some(Message::new("hint-utf8")),
    }
}

/// A refused line: a command in lower case, a card written with letters, debugging output, or
/// the rules.
fn malformed_hint(detail: &str) -> Message {
    let line = refused_line(detail);
    if let Some(hint) = red3_hint(detail) {
        hint
    } else if let Some(hint) = early_hint(detail) {
        hint
    } else if let Some(hint) = line.and_then(upper_case_hint) {
        hint
    } else if let Some(hint) = crate::bot::faults::hint_evidence::card_notation_hint(detail) {
        hint
    } else if let Some(hint) = line.and_then(text_before_hint) {
        hint
    } else if line.is_some_and(looks_like_debugging) {
        Message::new("hint-debug-stderr")
    } else {
        crate::bot::faults::hint_evidence::rule_hint(detail).unwrap_or(Message::new("hint-rules"))
    }
}

/// A Canasta bot that took a `RED3` line for its card (its refused line names `RED3`) or thinks
/// it holds a red 3 (`red-three-discard`): how many lines a draw of a red 3 gets.
fn red3_hint(detail: &str) -> Option<Message> {
    let named = refused_line(detail).is_some_and(|line| line.split_whitespace().any(|w| w == "RED3"));
    (named || detail.contains("(rule red-three-discard)")).then(|| Message::new("hint-red3-missed"))
}

/// A crash: what its stderr said (a Python syntax error, a missing module), else the signal or
/// the exit code, and how to find the line.
fn crash_hint(detail: &str) -> Message {
    if let Some(hint) = crate::bot::faults::hint_evidence::python_hint(detail) {
        hint
    } else if detail.contains("SIGSEGV") || detail.contains("SIGABRT") || detail.contains("SIGFPE") {
        Message::new("hint-segfault")
    } else if detail.starts_with("exited with code 0") {
        Message::new("hint-exit-zero")
    } else {
        Message::new("hint-exit-code")
    }
}

/// A command of some game's protocol written in lower case (`get_stock`, `Discard 5♠`):
/// "commands are upper case", naming the command as it must be written.
fn upper_case_hint(line: &str) -> Option<Message> {
    let word = line.split_whitespace().next()?;
    let upper = word.to_ascii_uppercase();
    (word != upper && COMMANDS.contains(&upper.as_str()))
        .then(|| Message::new("hint-upper-case").text("word", word).text("command", upper))
}

/// A line that holds a command after other text (`Jogada: GET_STOCK`): the command must start it.
fn text_before_hint(line: &str) -> Option<Message> {
    let mut words = line.split_whitespace();
    let first = words.next()?;
    if COMMANDS.contains(&first) {
        return None;
    }
    let command = words.find(|w| COMMANDS.contains(w))?;
    let before = &line[..line.find(command)?];
    Some(Message::new("hint-text-before-command").text("command", command).text("before", before.trim_end()))
}

/// The commands of every game's protocol, as written.
const COMMANDS: [&str; 11] = [
    "GET_STOCK",
    "GET_DISCARD",
    "GET_DISCARD_JOIN",
    "MELD_NEW",
    "MELD_JOIN",
    "DISCARD",
    "PASS",
    "DECLARE",
    "BURY",
    "PLAY",
    "HAND_END",
];

/// A fault kind as the terminal names it in the process's language: the kebab-case name of the
/// logs, with its translation in Portuguese (`timeout (tempo esgotado)`).
pub fn kind_label(kind: FaultKind) -> String {
    let id = format!("kind-{}", kind.name());
    crate::i18n::tr(&id, &[])
}

/// The hint for a fault recorded by its kind's name (a tournament's `games.csv`), `build` (a
/// bot whose source does not compile) included.
pub fn hint_for_recorded(kind: &str, detail: &str) -> Option<Message> {
    match kind {
        "build" if crate::bot::faults::hint_evidence::is_cpp_in_c(detail) => Some(Message::new("hint-build-cpp")),
        "build" => Some(Message::new("hint-build")),
        _ => fault_hint(FaultKind::from_name(kind)?, detail),
    }
}

/// The hint for a recorded fault in English and in Portuguese (files and pages that one language
/// cannot serve: `faults.csv`, the report, the viewer), or `None`.
pub fn recorded_hint_texts(kind: &str, detail: &str) -> Option<(String, String)> {
    use crate::i18n::{Lang, say_in};
    hint_for_recorded(kind, detail).map(|hint| (say_in(Lang::En, &hint), say_in(Lang::Pt, &hint)))
}

/// Computing (CPU close to the time charged), sleeping, reading its input, or waiting.
fn timeout_hint(detail: &str) -> Message {
    let limit = detail
        .strip_prefix("no line within ")
        .and_then(|rest| rest.split_once(" ("))
        .map_or_else(String::new, |(limit, _)| limit.to_owned());
    let number = |unit: &str| -> Option<f64> {
        let end = detail.find(unit)?;
        let start = detail[..end].rfind(|c: char| c != '.' && !c.is_ascii_digit())? + 1;
        detail[start..end].parse().ok()
    };
    let (cpu, charged) = (number("s cpu,"), number("s charged,"));
    // What the bot was doing when its time ran out decides; without that, its CPU time: a bot
    // charged mostly CPU was computing (start-up aside, which costs time off the CPU too).
    let busy = matches!((cpu, charged), (Some(cpu), Some(charged)) if charged > 0.0 && cpu >= 0.5 * charged);
    let text = |v: Option<f64>| format!("{:.2}", v.unwrap_or(0.0));
    // Part of a line written and no end of line since, while the bot was not computing.
    let unfinished = detail.split_once(") (").and_then(|(_, rest)| {
        let bytes: String = rest.chars().take_while(char::is_ascii_digit).collect();
        rest[bytes.len()..]
            .starts_with(" bytes of an unfinished line)")
            .then(|| Message::new("hint-no-newline").text("bytes", bytes))
    });
    if detail.ends_with("; it was sleeping") {
        Message::new("hint-timeout-sleeping").text("limit", limit)
    } else if detail.contains("; it was waiting to read its input") {
        unfinished
            .or_else(|| reading_hint(detail))
            .unwrap_or_else(|| Message::new("hint-timeout-reading").text("cpu", text(cpu)))
    } else if detail.ends_with("; it was computing") || busy {
        Message::new("hint-timeout-computing").text("cpu", text(cpu)).text("limit", limit)
    } else {
        unfinished.unwrap_or_else(|| Message::new("hint-timeout-waiting").text("cpu", text(cpu)))
    }
}

/// The hint for a bot that waited to read its input, from the evidence the referee added
/// (`referee::diagnosis`): it reads everything at once, it answered after the wrong line, it read
/// past its own id, or it wrote nothing at all.
fn reading_hint(detail: &str) -> Option<Message> {
    if detail.contains(": it reads all of its input at once") {
        return Some(Message::new("hint-timeout-read-all"));
    }
    if let Some(hint) = early_hint(detail) {
        return Some(hint);
    }
    if let Some(hint) = crate::bot::faults::hint_evidence::nothing_hint(detail) {
        return Some(hint);
    }
    if let Some(at) = detail.rfind(", the last its own id ") {
        let id = detail[at + ", the last its own id ".len()..].trim_end_matches(", and read on");
        return Some(Message::new("hint-timeout-past-turn").text("id", id));
    }
    if let Some((_, rest)) =
        detail.rsplit_once(" that answers its \"").or_else(|| detail.rsplit_once(" that answer its \""))
    {
        let reply = rest.split('"').next().unwrap_or_default();
        return Some(Message::new("hint-read-past-answer").text("reply", reply));
    }
    detail.contains("; it wrote nothing this game").then(|| Message::new("hint-timeout-nothing"))
}

/// A bot that answered before it had read its input (the referee's evidence: `it answered "X"
/// right after "Y" ..., before it had read ...`): out of step since, after the line it names.
fn early_hint(detail: &str) -> Option<Message> {
    let at = detail.rfind("\" right after \"")?;
    let rest = &detail[at + "\" right after \"".len()..];
    let end = rest.rfind(", before it had read ")?;
    let (after, whose) = rest[..end].split_once("\" (").unwrap_or((&rest[..end], ""));
    if whose.starts_with("its own id") {
        let reply = detail[..at].rsplit_once("; it answered \"").map_or("", |(_, reply)| reply);
        let unread = &rest[end + ", before it had read ".len()..];
        let unread = unread.split(" (rule ").next().unwrap_or(unread);
        return Some(Message::new("hint-early-own").text("reply", reply).text("unread", unread));
    }
    Some(Message::new("hint-timeout-early").text("after", after.trim_end_matches('"')))
}

/// The fix for a program that would not start, from the reason `exec_check` gave: the detail
/// ends with `<file> <reason>`.
fn spawn_hint(detail: &str) -> Option<Message> {
    const REASONS: [(&str, &str); 5] = [
        (" has no #! line", "hint-no-shebang"),
        (" has Windows line endings", "hint-crlf"),
        (" names the interpreter ", "hint-no-interpreter"),
        (" is not executable", "hint-not-executable"),
        (" is a program for another machine", "hint-other-machine"),
    ];
    let (at, id) = REASONS.iter().find_map(|(reason, id)| Some((detail.rfind(reason)?, *id)))?;
    let file = detail[..at].rsplit(": ").next().unwrap_or_default();
    Some(Message::new(id).text("file", file))
}

/// The line in a premature-output detail: `wrote "<line>" when it was not its turn (...)`.
fn quoted_premature(detail: &str) -> Option<&str> {
    let rest = detail.strip_prefix("wrote \"")?;
    Some(&rest[..rest.rfind("\" when it was not its turn")?])
}

/// The line at the end of a refused line's detail: `<why> (rule <rule>): <line>`.
fn refused_line(detail: &str) -> Option<&str> {
    detail.split_once("): ").map(|(_, line)| line)
}

/// A line that is no command of any game's protocol: its first word is not written in capitals
/// (`GET_STOCK`, `PLAY`), nor a card or a list (`[`). `my hand is …`, `debug: 3`, `turn 4`.
pub fn looks_like_debugging(line: &str) -> bool {
    let Some(first) = line.split_whitespace().next() else {
        return false;
    };
    upper_case_hint(line).is_none() && !first.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(kind: FaultKind, detail: &str) -> &'static str {
        fault_hint(kind, detail).map_or("none", |m| m.id)
    }

    #[test]
    fn timeouts_are_told_apart_by_what_was_measured() {
        let computing = "no line within 3s (3.00s charged, 2.98s cpu, 3.01s wall)";
        let hint = fault_hint(FaultKind::Timeout, computing).unwrap();
        assert_eq!(hint.id, "hint-timeout-computing");
        assert_eq!((hint.arg_text("cpu"), hint.arg_text("limit")), (Some("2.98"), Some("3s")));
        let asleep = "no line within 3s (3.00s charged, 0.01s cpu, 3.00s wall); it was sleeping";
        assert_eq!(id(FaultKind::Timeout, asleep), "hint-timeout-sleeping");
        let reading = "no line within 3s (3.00s charged, 0.00s cpu, 3.00s wall); it was waiting to read its input";
        assert_eq!(id(FaultKind::Timeout, reading), "hint-timeout-reading");
        let running = "no line within 1s (1.00s charged, 0.41s cpu, 2.50s wall); it was computing";
        assert_eq!(id(FaultKind::Timeout, running), "hint-timeout-computing");
        let base = "no line within 1s (1.00s charged, 0.00s cpu, 1.00s wall); it was waiting to read its input";
        let all = format!("{base}; its read of stdin asks for 8162 bytes: it reads all of its input at once and waits");
        assert_eq!(id(FaultKind::Timeout, &all), "hint-timeout-read-all");
        let early = format!(
            "{base}; it answered \"GET_STOCK\" right after \"p2.b\" (another player's id), before it had read \"p1.a\""
        );
        let hint = fault_hint(FaultKind::Timeout, &early).unwrap();
        assert_eq!((hint.id, hint.arg_text("after")), ("hint-timeout-early", Some("p2.b")));
        let past = format!("{base}; it had read every line sent, the last its own id p1.a, and read on");
        let hint = fault_hint(FaultKind::Timeout, &past).unwrap();
        assert_eq!((hint.id, hint.arg_text("id")), ("hint-timeout-past-turn", Some("p1.a")));
        let nothing = format!("{base}; it wrote nothing this game and had read every line sent (the last: \"p1.a\")");
        assert_eq!(id(FaultKind::Timeout, &nothing), "hint-timeout-nothing");
        let unfinished = "no line within 3s (3.00s charged, 0.20s cpu, 3.00s wall) (12 bytes of an unfinished line)";
        let hint = fault_hint(FaultKind::Timeout, unfinished).unwrap();
        assert_eq!((hint.id, hint.arg_text("bytes")), ("hint-no-newline", Some("12")));
        let read = format!(
            "{unfinished}; it was waiting to read its input; it wrote nothing this game and had read every line sent, the last its own id p1.a"
        );
        assert_eq!(id(FaultKind::Timeout, &read), "hint-no-newline");
        let waiting = "no line within 3s (3.00s charged, 0.20s cpu, 3.00s wall)";
        assert_eq!(id(FaultKind::Timeout, waiting), "hint-timeout-waiting");
        let computing = "no line within 3s (3.00s charged, 2.90s cpu, 3.00s wall) (12 bytes of an unfinished line); it was computing";
        assert_eq!(id(FaultKind::Timeout, computing), "hint-timeout-computing");
    }

    #[test]
    fn lines_that_look_like_debugging_point_to_stderr() {
        assert!(looks_like_debugging("my hand is [ 5♠ ]"));
        assert!(looks_like_debugging("turn 3"));
        assert!(!looks_like_debugging("GET_STOCK"));
        assert!(!looks_like_debugging("MELD_JOIN 0 [ 5♠ ]"));
        assert!(!looks_like_debugging(""));
        let premature = |line: &str| {
            format!("wrote \"{line}\" when it was not its turn (turn 2, while the referee waited for p1.a)")
        };
        assert_eq!(id(FaultKind::PrematureOutput, &premature("my hand is 5♠")), "hint-premature-debug");
        assert_eq!(id(FaultKind::PrematureOutput, &premature("GET_STOCK")), "hint-premature");
        let refused = "unknown command 'hand:' (expected GET_STOCK, ...) (rule unknown-command): hand: 5♠";
        assert_eq!(id(FaultKind::Malformed, refused), "hint-debug-stderr");
        assert_eq!(id(FaultKind::Malformed, "x (rule bad-card): DISCARD 9x"), "hint-rules");
        let refused_draw = "the stock is empty and you can use the top of the discard pile, so you must take it (for example GET_DISCARD [ 7♣ 7♦ ]) (rule stock-empty): GET_STOCK";
        assert_eq!(id(FaultKind::Illegal, refused_draw), "hint-stock-empty");
    }

    #[test]
    fn every_fault_kind_has_a_hint_in_both_languages() {
        use crate::i18n::{Lang, say_in};
        for kind in FaultKind::ALL {
            let detail = match kind {
                FaultKind::Spawn => "cannot start `./b`: could not exec: x: ./b is not executable",
                _ => "x",
            };
            let hint = fault_hint(kind, detail).unwrap_or_else(|| panic!("{kind} has no hint"));
            let (en, pt) = (say_in(Lang::En, &hint), say_in(Lang::Pt, &hint));
            assert!(!en.is_empty() && en != hint.id && pt != en, "{kind}: {en} / {pt}");
        }
        assert_eq!(id(FaultKind::TimeoutOverload, "host overloaded: ..."), "hint-overload");
        let lower = "unknown command 'get_stock' (expected GET_STOCK) (rule unknown-command): get_stock";
        let hint = fault_hint(FaultKind::Malformed, lower).unwrap();
        assert_eq!((hint.id, hint.arg_text("command")), ("hint-upper-case", Some("GET_STOCK")));
        assert_eq!(
            id(FaultKind::Memory, "ran out of its memory limit of 1 GiB (killed by signal 11 (SIGSEGV))"),
            "hint-memory"
        );
        let numpy = "exited with code 1; its stderr says: ModuleNotFoundError: No module named 'numpy'";
        assert_eq!(id(FaultKind::Crash, numpy), "hint-python-module");
        let left = "6♣ is named 1 time but the hand holds 0; it played it at turn 7 (\"DISCARD 6♣\") (rule card-not-in-hand): DISCARD 6♣";
        let hint = fault_hint(FaultKind::Illegal, left).unwrap();
        assert_eq!((hint.id, hint.arg_text("turn")), ("hint-card-left", Some("7")));
        let red3 =
            "DISCARD takes exactly one card, got 5 arguments (rule wrong-argument-count): DISCARD RED3 p1.a [ 3♥ ]";
        assert_eq!(id(FaultKind::Malformed, red3), "hint-red3-missed");
        assert_eq!(
            id(FaultKind::Malformed, "'RED3' is not a card: x (rule bad-card): DISCARD RED3"),
            "hint-red3-missed"
        );
        assert_eq!(
            id(FaultKind::Illegal, "a red 3 is never discarded (rule red-three-discard): DISCARD 3♥"),
            "hint-red3-missed"
        );
        let past = "no line within 1s (1.00s charged, 0.00s cpu, 1.00s wall); it was waiting to read its input; \
                    it had read the 1 line that answers its \"GET_STOCK\" (\"Q♣\") and read on";
        let hint = fault_hint(FaultKind::Timeout, past).unwrap();
        assert_eq!((hint.id, hint.arg_text("reply")), ("hint-read-past-answer", Some("GET_STOCK")));
    }

    #[test]
    fn a_program_that_would_not_start_gets_its_fix() {
        let detail =
            "cannot start `./bot.py`: could not exec: Exec format error (os error 8): /tmp/bot.py has no #! line";
        let hint = fault_hint(FaultKind::Spawn, detail).unwrap();
        assert_eq!((hint.id, hint.arg_text("file")), ("hint-no-shebang", Some("/tmp/bot.py")));
        assert_eq!(id(FaultKind::Spawn, "cannot create a work dir: no space"), "none");
    }
}
