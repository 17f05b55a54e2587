//! Why a bot died, read from what it left: the line of its stderr that explains the death
//! (`faults/hint_evidence.rs` finds it) and, for a Python module of the student's own, the
//! script's folder (`sandbox/own_folder.rs` tells why it was not run with the script).

use crate::bot::faults::hint_evidence;
use crate::bot::sandbox::own_folder;
use crate::games::Message;

/// The clause a crash's detail ends with when a line of its stderr explains the death (see
/// `stderr_line`): `; its stderr says: …`, and, for a module of the student's own that lies
/// beside the script of `argv` but was not run with it, which file and why.
pub fn stderr_cause(tail: &str, argv: &[String]) -> Option<Message> {
    let line = hint_evidence::stderr_line(tail)?;
    let said = Message::new("bf-stderr-says").text("line", crate::bot::quote_line(line.as_bytes()));
    let module = line.split_once("No module named '").and_then(|(_, rest)| rest.split('\'').next());
    let script = argv.iter().skip(1).map(std::path::Path::new).find(|p| p.extension().is_some_and(|e| e == "py"));
    let Some(((file, why), script)) =
        module.zip(script).and_then(|(module, script)| Some((own_folder::module_beside(script, module)?, script)))
    else {
        return Some(said);
    };
    let why = match why {
        own_folder::NotOwn::Program(name) => Message::new("bf-not-own-program").text("name", name),
        own_folder::NotOwn::ModuleIsProgram(name) => Message::new("bf-not-own-module").text("name", name),
        own_folder::NotOwn::Unread => Message::new("empty"),
    };
    let name = script.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let beside = Message::new("bf-module-beside").text("file", file).text("script", name).clause("why", why);
    Some(Message::new("bf-two-notes").clause("first", said).clause("second", beside))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_beside_the_script_is_named_with_why_it_was_not_run() {
        use crate::i18n::{Lang, say_in};
        let dir = tempfile::tempdir().unwrap();
        let bot = dir.path().join("bot.py");
        std::fs::write(&bot, "import cards\n").unwrap();
        std::fs::write(dir.path().join("cards.py"), "import sys\nHAND = sys.stdin.readline()\n").unwrap();
        let tail = "Traceback (most recent call last):\nModuleNotFoundError: No module named 'cards'\n";
        let argv = ["python3".to_owned(), bot.to_string_lossy().into_owned()];
        let detail = say_in(Lang::En, &stderr_cause(tail, &argv).unwrap());
        assert_eq!(
            detail,
            "; its stderr says: ModuleNotFoundError: No module named 'cards'; cards.py is beside bot.py, but juiz \
             ran bot.py alone, from a copy of its own: its folder is not the bot's own (cards.py reads stdin or \
             has a __main__ block: a program, not a module)"
        );
        let hint = hint_evidence::python_hint(&format!("exited with code 1{detail}")).unwrap();
        assert_eq!((hint.id, hint.arg_text("file")), ("hint-python-own-module", Some("cards.py")));
        let numpy = "Traceback:\nModuleNotFoundError: No module named 'numpy'\n";
        let detail = say_in(Lang::En, &stderr_cause(numpy, &argv).unwrap());
        assert_eq!(
            hint_evidence::python_hint(&format!("exited with code 1{detail}")).unwrap().id,
            "hint-python-module"
        );
    }
}
