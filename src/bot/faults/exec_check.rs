//! Why a bot's program cannot be started, found by looking at the file: a script without a
//! `#!` line, a `#!` line with Windows (CRLF) line endings or naming an interpreter that does not
//! exist, a file that is not executable, a program built for another machine. Said in the
//! `spawn` fault's detail, so that the hint (see `fault_hint`) can name the fix.

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::games::Message;

/// What is wrong with a bot's program file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ExecProblem {
    /// Neither a `#!` line nor a program: the kernel cannot run it.
    NoShebang,
    /// The `#!` line ends in `\r`: the interpreter's name has a carriage return in it.
    CrlfShebang,
    /// The `#!` line names an interpreter that is not there.
    NoInterpreter(String),
    /// The file has no execute permission.
    NotExecutable,
    /// An ELF program for another machine.
    OtherMachine(String),
}

impl ExecProblem {
    /// The clause the spawn fault's detail ends with (the English is what hints look for).
    pub(crate) fn message(&self, file: &Path) -> Message {
        let file = file.display().to_string();
        match self {
            ExecProblem::NoShebang => Message::new("bf-exec-no-shebang").text("file", file),
            ExecProblem::CrlfShebang => Message::new("bf-exec-crlf").text("file", file),
            ExecProblem::NoInterpreter(name) => {
                Message::new("bf-exec-no-interpreter").text("file", file).text("interpreter", name)
            }
            ExecProblem::NotExecutable => Message::new("bf-exec-not-executable").text("file", file),
            ExecProblem::OtherMachine(machine) => Message::new("bf-exec-other-machine")
                .text("file", file)
                .text("machine", machine)
                .text("here", this_machine()),
        }
    }
}

/// A problem that stops `file` from starting whatever the kernel allows: a `#!` line with a
/// carriage return, or naming an interpreter that does not exist (`path` is where `env` looks).
/// Looked at before the start, since with `#!/usr/bin/env` the start succeeds and `env` fails.
pub(crate) fn before_start(file: &Path, path: &str) -> Option<ExecProblem> {
    let head = read_head(file)?;
    let shebang = head.strip_prefix(b"#!")?;
    let line = &shebang[..shebang.iter().position(|&b| b == b'\n').unwrap_or(shebang.len())];
    if line.ends_with(b"\r") {
        return Some(ExecProblem::CrlfShebang);
    }
    let text = String::from_utf8_lossy(line);
    let mut words = text.split_whitespace();
    let interpreter = words.next()?;
    let missing = |name: &str| ExecProblem::NoInterpreter(name.to_owned());
    if !Path::new(interpreter).is_file() {
        return Some(missing(interpreter));
    }
    if Path::new(interpreter).file_name().is_some_and(|n| n == "env") {
        // `env NAME` or `env -S NAME ARGS`: the first word that is not an option.
        let name = words.find(|w| !w.starts_with('-'))?;
        if !name.contains('/') && !in_path(name, path) {
            return Some(missing(name));
        }
    }
    None
}

/// Why starting `file` failed, when the file says (whatever the error: the file alone decides,
/// and a file like these never starts).
pub(crate) fn after_failure(file: &Path) -> Option<ExecProblem> {
    let metadata = std::fs::metadata(file).ok()?;
    if metadata.is_file() && metadata.permissions().mode() & 0o111 == 0 {
        return Some(ExecProblem::NotExecutable);
    }
    let head = read_head(file)?;
    match elf_machine(&head) {
        Some(machine) => Some(ExecProblem::OtherMachine(machine)),
        None if !head.starts_with(b"#!") => Some(ExecProblem::NoShebang),
        None => None,
    }
}

/// The first bytes of `file`: enough for a `#!` line or an ELF header.
fn read_head(file: &Path) -> Option<Vec<u8>> {
    let mut head = Vec::new();
    std::fs::File::open(file).ok()?.take(512).read_to_end(&mut head).ok()?;
    Some(head)
}

fn in_path(name: &str, path: &str) -> bool {
    path.split(':').filter(|d| !d.is_empty()).any(|dir| {
        let candidate: PathBuf = Path::new(dir).join(name);
        std::fs::metadata(&candidate).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// The machine an ELF header says the program is for, when it is an ELF file at all.
fn elf_machine(head: &[u8]) -> Option<String> {
    if head.len() < 20 || &head[..4] != b"\x7fELF" {
        return None;
    }
    let machine = match head[5] {
        2 => u16::from_be_bytes([head[18], head[19]]),
        _ => u16::from_le_bytes([head[18], head[19]]),
    };
    Some(machine_name(machine))
}

fn machine_name(machine: u16) -> String {
    match machine {
        3 => "x86 (32-bit)".into(),
        40 => "ARM (32-bit)".into(),
        62 => "x86-64".into(),
        183 => "ARM64 (aarch64)".into(),
        243 => "RISC-V".into(),
        n => format!("ELF machine {n}"),
    }
}

/// The machine juiz runs on, in the words of `machine_name`.
fn this_machine() -> &'static str {
    match std::env::consts::ARCH {
        "x86_64" => "x86-64",
        "aarch64" => "ARM64 (aarch64)",
        "x86" => "x86 (32-bit)",
        "arm" => "ARM (32-bit)",
        "riscv64" => "RISC-V",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(dir: &Path, name: &str, bytes: &[u8], mode: u32) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        path
    }

    #[test]
    fn files_say_why_they_cannot_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = std::env::var("PATH").unwrap_or_default();
        let script = file(dir.path(), "bot.py", b"import sys\nprint('hi')\n", 0o755);
        assert_eq!(before_start(&script, &path), None);
        assert_eq!(after_failure(&script), Some(ExecProblem::NoShebang));
        let crlf = file(dir.path(), "crlf.py", b"#!/usr/bin/env python3\r\nprint('hi')\r\n", 0o755);
        assert_eq!(before_start(&crlf, &path), Some(ExecProblem::CrlfShebang));
        let missing = file(dir.path(), "m.py", b"#!/usr/bin/env no-such-python\n", 0o755);
        assert_eq!(before_start(&missing, &path), Some(ExecProblem::NoInterpreter("no-such-python".into())));
        let absolute = file(dir.path(), "a.py", b"#!/no/such/python3 -u\n", 0o755);
        assert_eq!(before_start(&absolute, &path), Some(ExecProblem::NoInterpreter("/no/such/python3".into())));
        let fine = file(dir.path(), "ok.sh", b"#!/bin/sh\necho hi\n", 0o755);
        assert_eq!(before_start(&fine, &path), None);
        let plain = file(dir.path(), "plain", b"#!/bin/sh\n", 0o644);
        assert_eq!(after_failure(&plain), Some(ExecProblem::NotExecutable));
        let mut elf = b"\x7fELF\x02\x01\x01\x00".to_vec();
        elf.resize(18, 0);
        elf.extend_from_slice(&[if std::env::consts::ARCH == "aarch64" { 62 } else { 183 }, 0]);
        let foreign = file(dir.path(), "foreign", &elf, 0o755);
        assert!(matches!(after_failure(&foreign), Some(ExecProblem::OtherMachine(_))));
        let said = crate::i18n::say_in(crate::i18n::Lang::En, &ExecProblem::NoShebang.message(&script));
        assert!(said.contains("no #! line"), "{said}");
    }
}
