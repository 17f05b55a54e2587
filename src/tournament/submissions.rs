//! A folder of submissions named by a tournament file (`"submissions": "subs/"`): one folder per
//! student, the folder's name the bot's name, and in it the bot, found by this rule (the first
//! that applies):
//!
//! 1. a C source (`.c`), built before the first game;
//! 2. a C++ source (`.cpp`, `.cc`, `.cxx`, `.c++`, `.C`), built the same way with `$CXX` or `c++`;
//! 3. a Python script (`.py`), run with `python3`;
//! 4. an executable file.
//!
//! With several files of the kind that applies, the one named `bot` or `main` is taken. A folder
//! where no rule finds one bot (nothing usable, several candidates, only a Makefile: juiz does
//! not run Makefiles, which run any command outside the sandbox) is an unusable submission: it
//! is listed with its reason before the first game and loses its games with a `build` fault.
//! Folders are taken in name order; hidden ones (`.git`) are skipped.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::config::BotRun;

/// One submission: the bot's name (the folder's, with characters a bot name cannot have made
/// `_`) and how to run it, or why it cannot run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    pub name: String,
    pub run: Result<BotRun, String>,
}

const KINDS: [(&str, &[&str]); 3] =
    [("C source", &["c"]), ("C++ source", &crate::bot::CPP_EXTENSIONS), ("Python script", &["py"])];

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Among `files`, the one named `bot` or `main` (any extension) when there are several.
fn pick(files: Vec<PathBuf>, kind: &str) -> Result<PathBuf, String> {
    if files.len() == 1 {
        return Ok(files.into_iter().next().expect("one file"));
    }
    let stem = |p: &PathBuf| p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(main) = files.iter().find(|p| stem(p) == "bot" || stem(p) == "main") {
        return Ok(main.clone());
    }
    let names: Vec<String> =
        files.iter().filter_map(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned()).collect();
    let ext = files[0].extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    Err(format!(
        "several {kind}s ({}): juiz takes the one named bot or main (bot{ext}, main{ext}): rename the bot's \
         file so, or leave only it in the folder",
        names.join(", ")
    ))
}

/// How to run the bot in `folder`, by the rule of the module doc.
pub(crate) fn find_bot(folder: &Path) -> Result<BotRun, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(|e| format!("cannot read the folder: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    files.sort();
    let with_ext = |exts: &[&str]| -> Vec<PathBuf> {
        files.iter().filter(|p| p.extension().is_some_and(|e| exts.iter().any(|x| e == *x))).cloned().collect()
    };
    for (i, (kind, exts)) in KINDS.iter().enumerate() {
        let found = with_ext(exts);
        if found.is_empty() {
            continue;
        }
        let file = pick(found, kind)?;
        return Ok(if i < 2 {
            BotRun::Build(file)
        } else {
            BotRun::Command(shlex::try_join(["python3", &file.to_string_lossy()]).unwrap_or_default())
        });
    }
    let programs: Vec<PathBuf> = files.iter().filter(|p| is_executable(p)).cloned().collect();
    if !programs.is_empty() {
        let program = pick(programs, "executable")?;
        return Ok(BotRun::Command(shlex::try_join([program.to_string_lossy().as_ref()]).unwrap_or_default()));
    }
    if files.iter().any(|p| p.file_name().is_some_and(|n| n == "Makefile" || n == "makefile")) {
        return Err("only a Makefile: juiz does not run Makefiles (they run any command, outside the sandbox); \
                    submit the C or C++ source, or the built executable"
            .to_string());
    }
    Err("no C or C++ source, Python script or executable in it".to_string())
}

/// The bot name for a folder's name: characters a name cannot have become `_`.
fn bot_name(folder_name: &str) -> String {
    let mut name: String = folder_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') { c } else { '_' })
        .collect();
    name.truncate(64);
    name
}

/// The submissions in `dir`, in name order. Sources lying loose in `dir` (`subs/alice.c`) are
/// refused with the layout that works: a folder per student.
pub fn scan(dir: &Path) -> Result<Vec<Submission>, String> {
    let mut loose: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read submissions folder {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| p.extension().is_some_and(|e| KINDS.iter().any(|(_, exts)| exts.iter().any(|x| e == *x))))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    loose.sort();
    if let Some(first) = loose.first() {
        let student = Path::new(first).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let ext = Path::new(first).extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
        return Err(format!(
            "submissions folder {0} holds bot files of its own ({1}): each student's bot goes in a folder of its \
             own, named after the student: {2}/bot.{ext}",
            dir.display(),
            loose.join(", "),
            dir.join(&student).display()
        ));
    }
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read submissions folder {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(['.', '-'])))
        .collect();
    folders.sort();
    Ok(folders
        .iter()
        .map(|folder| Submission {
            name: bot_name(&folder.file_name().unwrap_or_default().to_string_lossy()),
            run: find_bot(folder),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(root: &Path, name: &str, files: &[(&str, u32)]) {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        for (file, mode) in files {
            std::fs::write(dir.join(file), "x").unwrap();
            std::fs::set_permissions(dir.join(file), std::fs::Permissions::from_mode(*mode)).unwrap();
        }
    }

    #[test]
    fn each_folder_is_one_bot_found_by_the_rule() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        folder(d, "ana", &[("bot.c", 0o644), ("a.out", 0o755), ("README", 0o644)]);
        folder(d, "bia", &[("x.py", 0o644)]);
        folder(d, "caio", &[("prog", 0o755)]);
        folder(d, "duda", &[("Makefile", 0o644)]);
        folder(d, "edu", &[("a.c", 0o644), ("b.c", 0o644)]);
        folder(d, "fabi", &[("main.cpp", 0o644), ("util.cpp", 0o644)]);
        folder(d, "gabi silva", &[]);
        folder(d, ".git", &[("x.c", 0o644)]);
        let subs = scan(d).unwrap();
        let names: Vec<&str> = subs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["ana", "bia", "caio", "duda", "edu", "fabi", "gabi_silva"]);
        assert_eq!(subs[0].run, Ok(BotRun::Build(d.join("ana/bot.c"))));
        assert_eq!(subs[1].run, Ok(BotRun::Command(format!("python3 {}", d.join("bia/x.py").display()))));
        assert_eq!(subs[2].run, Ok(BotRun::Command(d.join("caio/prog").display().to_string())));
        assert!(subs[3].run.as_ref().unwrap_err().contains("does not run Makefiles"));
        let several = subs[4].run.as_ref().unwrap_err();
        assert!(several.contains("several C sources (a.c, b.c): juiz takes the one named bot or main (bot.c, main.c)"));
        assert_eq!(subs[5].run, Ok(BotRun::Build(d.join("fabi/main.cpp"))));
        assert!(subs[6].run.as_ref().unwrap_err().starts_with("no C or C++ source"));
    }

    #[test]
    fn loose_files_are_refused_with_the_layout_that_works() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("bob.c"), "x").unwrap();
        std::fs::write(dir.path().join("alice.c"), "x").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        let error = scan(dir.path()).unwrap_err();
        assert!(error.contains("(alice.c, bob.c): each student's bot goes in a folder of its own"), "{error}");
        assert!(error.ends_with(&format!("{}/bot.c", dir.path().join("alice").display())), "{error}");
    }
}
