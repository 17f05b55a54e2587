//! Bot command lines (the `BotCommand` a process starts from, `process/command.rs`): splitting them like a POSIX shell, a lone source run as its language, and
//! resolving the program to an absolute path before the bot runs in its own directory.

use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::bot::process::command::BotCommand;

use crate::bot::build::{BuildError, BuildLimits, Content, SourceKind, build_source, default_build_cache};

/// A bot command that cannot be run.
#[derive(Debug, Error)]
pub enum CommandError {
    #[error("empty bot command")]
    Empty,
    #[error("cannot split bot command `{0}`: unbalanced quotes or a trailing backslash")]
    Unsplittable(String),
    #[error("bot program {} does not exist (check the path: it is taken from the current folder)", .0.display())]
    NotFound(PathBuf),
    #[error("bot program {} is not a file", .0.display())]
    NotAFile(PathBuf),
    #[error("bot program {} is not executable (chmod +x it)", .0.display())]
    NotExecutable(PathBuf),
    /// A lone file that is neither executable nor a source juiz knows by its name or content.
    #[error(
        "bot file {} is not executable and juiz cannot tell its language: name a C source bot.c, \
         C++ bot.cpp, Python bot.py (or chmod +x a program)",
        .0.display()
    )]
    Unrecognised(PathBuf),
    #[error("bot program `{0}` is not in PATH")]
    NotInPath(String),
    #[error("bot script {} does not exist (check the path: it is taken from the current folder)", .0.display())]
    ScriptNotFound(PathBuf),
    #[error("cannot read the current directory: {0}")]
    CurrentDir(std::io::Error),
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Extensions of scripts whose path, given as an argument, must exist.
const SCRIPT_EXTENSIONS: [&str; 5] = ["py", "js", "rb", "pl", "lua"];

impl BotCommand {
    /// Splits `text` like a POSIX shell: `"bots/x"`, `"python3 bots/x.py"`, `"./a.out --level 3"`.
    /// A single path to a source is run as its language (`build::kind_by_name`: `.py`, `.c`,
    /// `.cpp`, `.cc`, `.cxx`, `.C`; a file without an extension by its content): a Python script
    /// with `python3`, a C or C++ source compiled into the default build cache (see
    /// `build_source` and `default_build_cache`).
    pub fn parse(text: &str) -> Result<BotCommand, CommandError> {
        BotCommand::parse_with_cache(text, &default_build_cache())
    }

    /// `parse`, compiling a lone source into `cache_dir`.
    pub fn parse_with_cache(text: &str, cache_dir: &Path) -> Result<BotCommand, CommandError> {
        BotCommand::parse_reporting(text, cache_dir).map(|(command, _)| command)
    }

    /// `parse_with_cache`, with the compiler's warnings when a lone source was built (empty
    /// otherwise), for the user to see although the build succeeded.
    pub fn parse_reporting(text: &str, cache_dir: &Path) -> Result<(BotCommand, String), CommandError> {
        let words = shlex::split(text).ok_or_else(|| CommandError::Unsplittable(text.into()))?;
        let display = text.trim().to_string();
        let mut warnings = String::new();
        let argv = match words.as_slice() {
            [] => return Err(CommandError::Empty),
            [single] => match lone_source(Path::new(single))? {
                Some(SourceKind::Python) => vec!["python3".to_string(), single.clone()],
                Some(_) => {
                    let built = build_source(Path::new(single), None, cache_dir, &BuildLimits::default())?;
                    warnings = built.warnings;
                    vec![built.binary.to_string_lossy().into_owned()]
                }
                None => words,
            },
            _ => words,
        };
        Ok((BotCommand { argv, display }, warnings))
    }

    /// Checks that the program exists and is executable (a path with '/' is taken relative to
    /// the current directory, a bare name is looked up in PATH) and makes `argv[0]` absolute,
    /// since bots run in another working directory. Later arguments that name an existing file
    /// by a relative path with a '/' or an extension (`bots/x.py`) are made absolute too; a
    /// script argument (`.py`, `.js`, ...) that does not exist is an error.
    pub fn resolve(mut self) -> Result<BotCommand, CommandError> {
        let cwd = std::env::current_dir().map_err(CommandError::CurrentDir)?;
        let program = self.argv.first().ok_or(CommandError::Empty)?;
        let resolved = if program.contains('/') {
            let path = PathBuf::from(program);
            check_executable(&path)?;
            cwd.join(path)
        } else {
            find_in_path(program)?
        };
        self.argv[0] = resolved.to_string_lossy().into_owned();
        for arg in self.argv.iter_mut().skip(1) {
            if arg.starts_with('-') || Path::new(arg.as_str()).is_absolute() {
                continue;
            }
            let path = Path::new(arg.as_str());
            let looks_like_path = arg.contains('/') || path.extension().is_some();
            if looks_like_path && path.is_file() {
                *arg = cwd.join(path).to_string_lossy().into_owned();
            } else if SCRIPT_EXTENSIONS.iter().any(|ext| has_extension(arg, ext)) {
                return Err(CommandError::ScriptNotFound(path.to_path_buf()));
            }
        }
        Ok(self)
    }
}

/// The language of a lone `path` on the command line, when it is a source: by its name, or, for a
/// file without an extension, by its content. A file that is not executable and whose language
/// cannot be told is `CommandError::Unrecognised` (what to rename it); a missing file or a
/// program is left to `resolve`.
fn lone_source(path: &Path) -> Result<Option<SourceKind>, CommandError> {
    if let Some(kind) = crate::bot::build::kind_by_name(path) {
        return Ok(Some(kind));
    }
    let Ok(meta) = std::fs::metadata(path) else { return Ok(None) };
    if !meta.is_file() {
        return Ok(None);
    }
    let executable = meta.permissions().mode() & 0o111 != 0;
    if executable && std::fs::read(path).is_ok_and(|bytes| bytes.starts_with(b"#!")) {
        // The kernel runs it by its `#!` line (and `exec_check` says what is wrong with one).
        return Ok(None);
    }
    match crate::bot::build::kind_by_content(path) {
        Content::Source(kind) if path.extension().is_none() => Ok(Some(kind)),
        Content::Unknown | Content::Source(_) if !executable => Err(CommandError::Unrecognised(path.to_path_buf())),
        _ => Ok(None),
    }
}

fn has_extension(word: &str, ext: &str) -> bool {
    Path::new(word).extension() == Some(OsStr::new(ext))
}

fn check_executable(path: &Path) -> Result<(), CommandError> {
    let meta = std::fs::metadata(path).map_err(|_| CommandError::NotFound(path.to_path_buf()))?;
    if !meta.is_file() {
        return Err(CommandError::NotAFile(path.to_path_buf()));
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(CommandError::NotExecutable(path.to_path_buf()));
    }
    Ok(())
}

fn find_in_path(name: &str) -> Result<PathBuf, CommandError> {
    let path_var = std::env::var_os("PATH").unwrap_or_default();
    let found: Vec<PathBuf> = std::env::split_paths(&path_var)
        .map(|dir| if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir })
        .map(|dir| dir.join(name))
        .filter(|candidate| check_executable(candidate).is_ok())
        .collect();
    // Bots running under uids of their own search PATH as their uid does (execvp skips what it
    // may not reach): a `python3` under root's 0700 home gives way to `/usr/bin/python3`.
    let own_uids = matches!(crate::bot::boxes::uid_range(), Ok(Some(_)));
    let chosen = found.iter().find(|c| own_uids && reachable_by_others(c)).or(found.first());
    let chosen = chosen.ok_or_else(|| CommandError::NotInPath(name.to_string()))?;
    std::path::absolute(chosen).map_err(|_| CommandError::NotInPath(name.to_string()))
}

/// Whether a user other than the file's owner and group may execute `path`: the file and every
/// folder above it (after symbolic links) open to others.
fn reachable_by_others(path: &Path) -> bool {
    let Ok(real) = std::fs::canonicalize(path) else { return false };
    let open = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o001 != 0);
    open(&real) && real.ancestors().skip(1).all(open)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_in_a_private_folder_is_not_reachable_by_others() {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("bot");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        assert!(!reachable_by_others(&program));
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        assert!(reachable_by_others(&program));
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o750)).unwrap();
        assert!(!reachable_by_others(&program));
    }

    #[test]
    fn splits_like_a_shell() {
        let cmd = BotCommand::parse("./a.out --name 'two words' \"x y\"").unwrap();
        assert_eq!(cmd.argv, ["./a.out", "--name", "two words", "x y"]);
        assert_eq!(cmd.display, "./a.out --name 'two words' \"x y\"");
    }

    #[test]
    fn lone_python_script_runs_with_python3() {
        let cmd = BotCommand::parse("bots/x.py").unwrap();
        assert_eq!(cmd.argv, ["python3", "bots/x.py"]);
        let cmd = BotCommand::parse("python3 -u bots/x.py").unwrap();
        assert_eq!(cmd.argv, ["python3", "-u", "bots/x.py"]);
    }

    #[test]
    fn bad_text_is_a_clear_error() {
        assert!(matches!(BotCommand::parse("   "), Err(CommandError::Empty)));
        let err = BotCommand::parse("bot 'unclosed").unwrap_err();
        assert!(matches!(err, CommandError::Unsplittable(_)));
        assert!(err.to_string().contains("unbalanced quotes"), "{err}");
    }
}
