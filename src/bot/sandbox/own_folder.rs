//! When a Python bot of several files (a script and the modules it imports beside it) owns its
//! folder without the `.juiz-bot-folder` mark, so that it runs under `juiz play` as it runs on
//! the server. The folder F of a script S is S's own when all of these hold:
//!
//! 1. S imports (itself or through those modules) a module of F: a `NAME.py` file or a package
//!    folder `NAME/` in F;
//! 2. every program in F (a file named as a program's source, `.py` `.c` `.cpp` …, or an
//!    executable file) is S or a module S imports, and every other folder of F holds no program;
//! 3. no module of F that S imports is itself a program: none reads standard input (`stdin`,
//!    `input(`, `open(0`, `fileinput`, `os.read(0`) or has a `__main__` block.
//!
//! A classmate's bot beside S (`submissions/alice.py` beside `submissions/bob.py`) reads its
//! input, so it is never one of S's modules: even when S names it in an `import`, the folder
//! stays closed and S gets its private copy alone. A folder of more than `MAX_ENTRIES` entries, or
//! a module larger than `MAX_MODULE_BYTES`, is not looked into: it is not the bot's own.

use std::collections::BTreeSet;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The most entries of the folder (and of each package) looked at.
const MAX_ENTRIES: usize = 64;
/// The most bytes of a module read.
const MAX_MODULE_BYTES: u64 = 256 * 1024;
/// Extensions of a program's source.
const PROGRAM_EXTENSIONS: [&str; 9] = ["c", "cc", "cpp", "cxx", "c++", "C", "py", "rs", "java"];

/// Whether the folder of the Python script `script` is its own (see the module's documentation).
pub(crate) fn owns_its_folder(script: &Path) -> bool {
    own_modules(script).is_some()
}

/// The modules of `script` that are files beside it (`NAME.py`), when its folder is its own and
/// it imports no package (folder) of it: what a copy of the script needs beside it to run.
pub(crate) fn flat_modules(script: &Path) -> Option<Vec<PathBuf>> {
    let dir = script.parent()?;
    let modules = own_modules(script)?;
    modules.iter().all(|m| m.parent() == Some(dir)).then_some(modules)
}

/// The module files of `script` (see `owns_its_folder`), when its folder is its own.
fn own_modules(script: &Path) -> Option<Vec<PathBuf>> {
    walk(script).ok()
}

/// Why a script's folder is not its own: what a bot that cannot import its module is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NotOwn {
    /// A program beside the script that is not one of its modules (`other.c`, `alice.py`).
    Program(String),
    /// A module it imports is a program of its own: it reads stdin or has a `__main__` block.
    ModuleIsProgram(String),
    /// The folder or a module could not be looked into (too many entries, too large, unreadable),
    /// or the script imports nothing of it.
    Unread,
}

/// The module files of `script` when its folder is its own, or why it is not.
fn walk(script: &Path) -> Result<Vec<PathBuf>, NotOwn> {
    if script.extension().is_none_or(|e| e != "py") {
        return Err(NotOwn::Unread);
    }
    let dir = script.parent().ok_or(NotOwn::Unread)?;
    let entries = listing(dir).ok_or(NotOwn::Unread)?;
    let mut files: Vec<PathBuf> = Vec::new();
    // The modules S reaches, by name, walked from S.
    let mut imported: BTreeSet<String> = BTreeSet::new();
    let text = read_module(script).ok_or(NotOwn::Unread)?;
    let mut todo = imports(&text);
    while let Some(name) = todo.pop() {
        if imported.contains(&name) {
            continue;
        }
        let file = dir.join(format!("{name}.py"));
        let package = dir.join(&name);
        let found = if file.is_file() {
            vec![file]
        } else if package.is_dir() {
            listing(&package).ok_or(NotOwn::Unread)?.into_iter().filter(|p| is_python(p)).collect()
        } else {
            continue; // The standard library's, not the folder's.
        };
        imported.insert(name);
        for path in found {
            let text = read_module(&path).ok_or(NotOwn::Unread)?;
            if is_a_program(&text) {
                return Err(NotOwn::ModuleIsProgram(file_name(&path)));
            }
            todo.extend(imports(&text));
            files.push(path);
        }
    }
    if imported.is_empty() {
        return Err(NotOwn::Unread);
    }
    let stranger = entries.iter().find(|entry| {
        let name = file_name(entry);
        if *entry == script || name.starts_with('.') {
            return false;
        }
        let stem = entry.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if entry.is_dir() {
            return !(imported.contains(&name)
                || listing(entry).is_some_and(|inner| !inner.iter().any(|p| is_program(p))));
        }
        is_program(entry) && !(is_python(entry) && imported.contains(&stem))
    });
    match stranger {
        Some(entry) => Err(NotOwn::Program(file_name(entry))),
        None => Ok(files),
    }
}

/// A module `module` that `script` failed to import although it lies beside it (`NAME.py` or a
/// package folder `NAME/`): the file's name, and why the folder is not the script's own (so the
/// script ran from a copy of its own, without it).
pub(crate) fn module_beside(script: &Path, module: &str) -> Option<(String, NotOwn)> {
    let dir = script.parent()?;
    let found = [format!("{module}.py"), module.to_owned()].into_iter().find(|name| {
        let path = dir.join(name);
        if name.ends_with(".py") { path.is_file() } else { path.is_dir() }
    })?;
    let why = walk(script).err().unwrap_or(NotOwn::Unread);
    Some((found, why))
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The entries of `dir`, sorted; `None` when it cannot be read or holds more than `MAX_ENTRIES`.
fn listing(dir: &Path) -> Option<Vec<PathBuf>> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).ok()? {
        entries.push(entry.ok()?.path());
        if entries.len() > MAX_ENTRIES {
            return None;
        }
    }
    entries.sort();
    Some(entries)
}

fn is_python(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "py") && path.is_file()
}

/// A file named as a program's source, or executable.
fn is_program(path: &Path) -> bool {
    let named = path.extension().and_then(|e| e.to_str()).is_some_and(|e| PROGRAM_EXTENSIONS.contains(&e));
    let executable = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
    named || executable
}

/// The text of a module, never through a link; `None` when it cannot be read or is too large.
fn read_module(path: &Path) -> Option<String> {
    let file = crate::bot::boxes::workdir::open_regular(path).ok()?;
    let mut bytes = Vec::new();
    file.take(MAX_MODULE_BYTES + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= MAX_MODULE_BYTES).then(|| String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether a module's text is a program of its own: it reads standard input or has a `__main__`.
fn is_a_program(text: &str) -> bool {
    ["stdin", "input(", "open(0", "fileinput", "os.read(0", "__main__"].iter().any(|w| text.contains(w))
}

/// The top-level names a module imports (`import a.b, c as d` gives a and c; `from e.f import g`
/// gives e; relative imports, inside a package, none).
fn imports(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines().map(str::trim_start) {
        let line = line.split('#').next().unwrap_or_default();
        if let Some(rest) = line.strip_prefix("import ") {
            for part in rest.split(',') {
                names.extend(top_name(part));
            }
        } else if let Some((module, _)) = line.strip_prefix("from ").and_then(|rest| rest.split_once(" import")) {
            names.extend(top_name(module));
        }
    }
    names
}

/// `a` of `a.b as c`; nothing for a relative name (`.x`).
fn top_name(part: &str) -> Option<String> {
    let word = part.split_whitespace().next()?;
    let top = word.split('.').next()?;
    (!top.is_empty() && top.chars().all(|c| c.is_alphanumeric() || c == '_')).then(|| top.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn imports_are_read_as_python_reads_them() {
        let text = "import sys, strategy as s\nfrom cards.deck import Deck\nfrom . import x\n# import nothing\n";
        assert_eq!(imports(text), ["sys", "strategy", "cards"]);
    }

    #[test]
    fn a_script_and_its_modules_own_their_folder() {
        let dir = tempfile::tempdir().unwrap();
        let bot = write(dir.path(), "bot.py", "import sys\nimport strategy\nfrom cards import deck\n");
        write(dir.path(), "strategy.py", "def best(hand):\n    return hand[0]\n");
        write(dir.path(), "cards/__init__.py", "");
        write(dir.path(), "cards/deck.py", "from .card import Card\n");
        write(dir.path(), "README.md", "notes");
        assert!(owns_its_folder(&bot));
        assert_eq!(flat_modules(&bot), None, "a package cannot be copied beside the script");
        std::fs::remove_dir_all(dir.path().join("cards")).unwrap();
        write(dir.path(), "cards.py", "SUITS = 4\n");
        let modules = vec![dir.path().join("cards.py"), dir.path().join("strategy.py")];
        assert_eq!(
            flat_modules(&bot).map(|mut m| {
                m.sort();
                m
            }),
            Some(modules)
        );
        // An unrelated program beside it closes the folder.
        write(dir.path(), "other.c", "int main(void) { return 0; }");
        assert!(!owns_its_folder(&bot));
        assert_eq!(module_beside(&bot, "cards"), Some(("cards.py".into(), NotOwn::Program("other.c".into()))));
        assert_eq!(module_beside(&bot, "numpy"), None);
    }

    #[test]
    fn a_classmates_bot_is_never_a_module() {
        let dir = tempfile::tempdir().unwrap();
        // alice imports bob's bot to read it: bob's file reads its input, so it is not a module.
        let alice = write(dir.path(), "alice.py", "import bob\n");
        write(dir.path(), "bob.py", "import sys\nfor line in sys.stdin:\n    print('PASS')\n");
        assert!(!owns_its_folder(&alice));
        assert_eq!(module_beside(&alice, "bob"), Some(("bob.py".into(), NotOwn::ModuleIsProgram("bob.py".into()))));
        // Nor in another submission's folder.
        let shared = tempfile::tempdir().unwrap();
        let alice = write(shared.path(), "alice.py", "import helper\n");
        write(shared.path(), "helper.py", "X = 1\n");
        write(shared.path(), "carol/bot.c", "int main(void) { return 0; }");
        assert!(!owns_its_folder(&alice));
        // A script that imports nothing of its folder has nothing to own.
        let lone = tempfile::tempdir().unwrap();
        assert!(!owns_its_folder(&write(lone.path(), "bot.py", "import sys\n")));
    }
}
