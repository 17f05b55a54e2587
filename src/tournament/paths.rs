//! Where the relative paths of a tournament file's bots are found: in the current folder (where
//! `juiz tournament` was started) and, failing that, beside the tournament file; a path found
//! beside the file is made absolute, so the canonical `tournament.json` names what was run.

use std::path::{Path, PathBuf};

/// `path` made absolute from the tournament file's `folder` when it is relative, missing from
/// the current folder and present in `folder`; else unchanged.
pub(super) fn rebase(path: &Path, folder: &Path) -> PathBuf {
    if path.is_absolute() || path.exists() {
        return path.to_path_buf();
    }
    let beside = folder.join(path);
    if beside.exists() { std::path::absolute(&beside).unwrap_or(beside) } else { path.to_path_buf() }
}

/// Whether a word of a bot command names a file: the program when written as a path, an argument
/// with a `/` or an extension (`bot.py`), never an option.
fn names_a_file(index: usize, word: &str) -> bool {
    if word.starts_with('-') {
        return false;
    }
    word.contains('/') || (index > 0 && Path::new(word).extension().is_some()) || word.ends_with(".py")
}

/// `command` with each relative path it names rebased (see `rebase`); unchanged when nothing is.
pub(super) fn rebase_command(command: &str, folder: &Path) -> String {
    let Some(words) = shlex::split(command) else { return command.to_string() };
    let mut changed = false;
    let rebased: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, word)| {
            if !names_a_file(i, word) {
                return word.clone();
            }
            let new = rebase(Path::new(word), folder).to_string_lossy().into_owned();
            changed |= &new != word;
            new
        })
        .collect();
    if !changed {
        return command.to_string();
    }
    shlex::try_join(rebased.iter().map(String::as_str)).unwrap_or_else(|_| command.to_string())
}

/// Where relative paths were looked for, for an error about a missing one.
pub(super) fn looked_in(folder: &Path) -> String {
    let cwd = std::env::current_dir().map_or_else(|_| ".".to_string(), |d| d.display().to_string());
    let folder = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
    if Path::new(&cwd) == folder {
        format!("relative paths are taken from {cwd}")
    } else {
        format!(
            "relative paths are looked for in {cwd} (the current folder), then in {} (the tournament file's)",
            folder.display()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_missing_here_are_found_beside_the_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("bots")).unwrap();
        std::fs::write(dir.path().join("bots/x.py"), "").unwrap();
        let rebased = rebase_command("python3 -u bots/x.py --fast", dir.path());
        assert_eq!(rebased, format!("python3 -u {}/bots/x.py --fast", dir.path().display()));
        assert_eq!(rebase_command("python3 nowhere/y.py", dir.path()), "python3 nowhere/y.py");
        assert_eq!(rebase(Path::new("bots/x.py"), dir.path()), dir.path().join("bots/x.py"));
    }
}
