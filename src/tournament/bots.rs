//! The tournament's bots made ready to run: commands checked and resolved, C sources built once
//! before the first game (a bot that does not build loses its games, unplayed).

use std::path::{Path, PathBuf};

use super::config::{BotRun, BotSpec};

/// A bot ready for the referee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedBot {
    pub name: String,
    /// The program (made absolute) and its arguments.
    pub argv: Vec<String>,
    /// The command as the user wrote it, for messages and reproduction commands.
    pub display: String,
    pub workdir: Option<PathBuf>,
    /// Why the bot cannot run (its C source does not build); its games are lost unplayed.
    pub broken: Option<String>,
}

/// Checks that a bot's command line names a program that exists and is executable.
pub fn check_command(text: &str) -> Result<(), String> {
    resolve_command(text).map(|_| ())
}

/// Splits a command line like a POSIX shell (quotes and backslashes) and makes the program
/// absolute: a path with '/' from the current directory, a bare name from `PATH`.
// Until the bot module lands with `BotCommand::parse`/`resolve`, which this defers to then.
fn resolve_command(text: &str) -> Result<Vec<String>, String> {
    let mut argv = split(text).ok_or_else(|| format!("command '{text}' has an unclosed quote"))?;
    let Some(program) = argv.first() else {
        return Err("the command is empty".to_string());
    };
    let path = if program.contains('/') {
        let path = Path::new(program);
        if !path.exists() {
            return Err(format!("{program} not found"));
        }
        std::path::absolute(path).map_err(|e| format!("{program}: {e}"))?
    } else {
        let paths = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|p| is_executable(p))
            .ok_or_else(|| format!("{program} not found in PATH"))?
    };
    if !is_executable(&path) {
        return Err(format!("{} is not an executable file", path.display()));
    }
    argv[0] = path.display().to_string();
    Ok(argv)
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn split(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => words.extend(word.take()),
            '\'' => loop {
                let w = word.get_or_insert_with(String::new);
                match chars.next()? {
                    '\'' => break,
                    c => w.push(c),
                }
            },
            '"' => loop {
                let w = word.get_or_insert_with(String::new);
                match chars.next()? {
                    '"' => break,
                    '\\' => w.push(chars.next()?),
                    c => w.push(c),
                }
            },
            '\\' => word.get_or_insert_with(String::new).push(chars.next()?),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

/// Makes every bot ready: commands resolved, C sources compiled into `build_dir` (cached).
/// `on_build_failure` is told about each bot that does not build.
pub fn prepare(
    bots: &[BotSpec],
    build_dir: &Path,
    on_build_failure: &mut dyn FnMut(&str, &str),
) -> Vec<PreparedBot> {
    bots.iter()
        .map(|spec| {
            let display = spec.command_text();
            let (argv, broken) = match &spec.run {
                BotRun::Command(text) => match resolve_command(text) {
                    Ok(argv) => (argv, None),
                    Err(e) => (Vec::new(), Some(e)),
                },
                BotRun::Build(source) => match build_c(source, build_dir) {
                    Ok(binary) => (vec![binary.display().to_string()], None),
                    Err(e) => (Vec::new(), Some(e)),
                },
            };
            if let Some(message) = &broken {
                on_build_failure(&spec.name, message);
            }
            PreparedBot {
                name: spec.name.clone(),
                argv,
                display,
                workdir: spec.workdir.clone(),
                broken,
            }
        })
        .collect()
}

// Until the bot module lands with `bot::build_c`: compile with $CC or `cc`, no caching.
fn build_c(source: &Path, build_dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(build_dir).map_err(|e| format!("{}: {e}", build_dir.display()))?;
    let stem = source
        .file_stem()
        .map_or("bot".into(), |s| s.to_string_lossy().into_owned());
    let binary = std::path::absolute(build_dir.join(stem)).map_err(|e| e.to_string())?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let output = std::process::Command::new(&cc)
        .arg("-O2")
        .arg("-o")
        .arg(&binary)
        .arg(source)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run the C compiler {cc}: {e}"))?;
    if output.status.success() {
        Ok(binary)
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        Err(format!(
            "{} does not compile: {}",
            source.display(),
            stderr.trim()
        ))
    }
}
