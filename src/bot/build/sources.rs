//! The files a build may read, gathered by juiz: the source and the local headers it names with
//! `#include "..."` (and those they name), each a regular file under the source's folder, read
//! without following a link or blocking, up to a size cap. The compiler gets copies of these and
//! nothing else of the student's folder; a header juiz does not copy (a link, a FIFO, a path
//! outside the folder) is simply missing for the compiler.
//!
//! Only the student's own files: a copied header must be named as a header (`.h`, `.hpp`, …;
//! never another program's source, such as a classmate's `bob.c` beside `alice.c` in one
//! submissions folder), and no folder on its way beneath the source's may hold a program's
//! source (that is another submission's folder: `carol/bot.c` beside `alice.c`). The scan reads
//! `#include "…"` lines without the preprocessor, so it would take a name inside `#if 0` too: with
//! these rules such a name can only be one of the student's own headers. (`.incbin` reads
//! only what was copied.)

use std::ffi::CString;
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use super::error::BuildError;
use crate::bot::boxes::workdir;

/// The largest source or header copied for a build.
pub(super) const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// The most files (the source and its headers) copied for a build.
const MAX_FILES: usize = 64;

/// A source and its local headers: paths relative to the source's folder, with their bytes; the
/// source first, then the headers in the order they were found.
#[derive(Debug)]
pub(super) struct Sources {
    pub(super) files: Vec<(PathBuf, Vec<u8>)>,
}

/// Reads `source` and the local headers it includes. A source that is a link or not a regular
/// file, or larger than `MAX_FILE_BYTES`, is refused; so is such a header.
pub(super) fn gather(source: &Path) -> Result<Sources, BuildError> {
    let read_err = |path: &Path, e| BuildError::Read { path: path.to_path_buf(), source: e };
    let name = source
        .file_name()
        .map(PathBuf::from)
        .ok_or_else(|| read_err(source, io::Error::new(io::ErrorKind::InvalidInput, "not a file name")))?;
    let file = workdir::open_regular(source).map_err(|e| read_err(source, e))?;
    let bytes = read_capped(file).map_err(|e| read_err(source, e))?;
    let dir = match source.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let folder = open_folder(&dir).map_err(|e| read_err(&dir, e))?;
    let mut files = vec![(name, bytes)];
    let mut next = 0;
    while next < files.len() && files.len() < MAX_FILES {
        let (including, text) = &files[next];
        let here = including.parent().map(Path::to_path_buf).unwrap_or_default();
        let wanted: Vec<PathBuf> = local_includes(text)
            .into_iter()
            .filter_map(|n| beneath(&here, &n))
            .filter(|rel| is_header(rel) && !another_program_on_the_way(&dir, rel))
            .collect();
        next += 1;
        for rel in wanted {
            if files.len() >= MAX_FILES || files.iter().any(|(p, _)| *p == rel) {
                continue;
            }
            let Some(file) = open_beneath(&folder, &rel) else { continue };
            let bytes = read_capped(file).map_err(|e| read_err(&dir.join(&rel), e))?;
            files.push((rel, bytes));
        }
    }
    Ok(Sources { files })
}

/// The source's folder (named by the user: a link to it is followed), opened to look beneath it.
fn open_folder(dir: &Path) -> io::Result<OwnedFd> {
    let c = CString::new(dir.as_os_str().as_bytes()).map_err(io::Error::other)?;
    // SAFETY: a NUL-terminated path; O_DIRECTORY opens nothing but a folder.
    let raw = unsafe { libc::open(c.as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC) };
    if raw < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor we own.
    Ok(unsafe { OwnedFd::from_raw_fd(raw) })
}

/// The bytes of `file`, refused beyond `MAX_FILE_BYTES` (never more is read).
fn read_capped(file: File) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        let limit = crate::bot::format_bytes(MAX_FILE_BYTES);
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("larger than {limit}: not built")));
    }
    Ok(bytes)
}

/// `name` included from the folder `here` (both relative to the source's folder), when it stays
/// beneath the source's folder without `..`: the only headers a build gets.
fn beneath(here: &Path, name: &str) -> Option<PathBuf> {
    let path = Path::new(name);
    path.components().all(|c| matches!(c, Component::Normal(_))).then(|| here.join(path))
}

/// The regular file `rel` beneath the open folder `folder`, reached without a link anywhere on
/// the way and opened without blocking; `None` when it is anything else or missing.
fn open_beneath(folder: &OwnedFd, rel: &Path) -> Option<File> {
    use std::os::fd::AsRawFd;
    let c = CString::new(rel.as_os_str().as_bytes()).ok()?;
    // SAFETY: an all-zero `open_how` is valid (flags, mode and resolve 0); the fields are set next.
    let mut how: libc::open_how = unsafe { std::mem::zeroed() };
    how.flags = (libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC) as u64;
    how.resolve = libc::RESOLVE_BENEATH | libc::RESOLVE_NO_SYMLINKS | libc::RESOLVE_NO_MAGICLINKS;
    // SAFETY: an open folder, a NUL-terminated path and a valid `open_how` of the size given.
    let raw = unsafe {
        libc::syscall(libc::SYS_openat2, folder.as_raw_fd(), c.as_ptr(), &how, std::mem::size_of::<libc::open_how>())
    };
    if raw < 0 {
        return None;
    }
    // SAFETY: a fresh descriptor we own.
    let file = File::from(unsafe { OwnedFd::from_raw_fd(raw as i32) });
    file.metadata().ok().filter(std::fs::Metadata::is_file).map(|_| file)
}

/// Extensions of a header file: the only files a build copies besides its source.
const HEADER_EXTENSIONS: [&str; 11] = ["h", "hh", "hpp", "hxx", "h++", "H", "inc", "inl", "ipp", "tcc", "tpp"];
/// Extensions of a program's source: a folder that holds one is a submission's.
const PROGRAM_EXTENSIONS: [&str; 8] = ["c", "cc", "cpp", "cxx", "c++", "C", "py", "rs"];

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
}

/// Whether `rel` is named as a header.
fn is_header(rel: &Path) -> bool {
    has_extension(rel, &HEADER_EXTENSIONS)
}

/// Whether a folder between `dir` (the source's, not itself) and the header `rel` beneath it
/// holds a program's source: then it is another submission's folder.
fn another_program_on_the_way(dir: &Path, rel: &Path) -> bool {
    rel.ancestors().skip(1).filter(|a| !a.as_os_str().is_empty()).any(|folder| {
        std::fs::read_dir(dir.join(folder)).map_or(true, |entries| {
            entries.flatten().any(|e| has_extension(Path::new(&e.file_name()), &PROGRAM_EXTENSIONS))
        })
    })
}

/// Names in `#include "name"` lines, the headers a student keeps next to the source.
pub(super) fn local_includes(source: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(source);
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let rest = rest.strip_prefix('"')?;
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_local_includes_only() {
        let src = b"#include <stdio.h>\n#include \"board.h\"\n  #  include \"a.h\" // x\n";
        assert_eq!(local_includes(src), ["a.h", "board.h"]);
    }

    #[test]
    fn headers_outside_the_folder_are_never_taken() {
        assert_eq!(beneath(Path::new(""), "board.h"), Some(PathBuf::from("board.h")));
        assert_eq!(beneath(Path::new("lib"), "x.h"), Some(PathBuf::from("lib/x.h")));
        for outside in ["/etc/shadow", "../bob/bot.c", "lib/../../x.h", "./x.h", "/dev/zero"] {
            assert_eq!(beneath(Path::new(""), outside), None, "{outside}");
        }
    }

    #[test]
    fn a_source_gathers_its_headers_and_not_what_it_must_not_read() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("lib")).unwrap();
        std::fs::write(d.join("bot.c"), "#include \"lib/a.h\"\n#include \"link.h\"\n#include \"fifo.h\"\n").unwrap();
        std::fs::write(d.join("lib/a.h"), "#include \"b.h\"\n").unwrap();
        std::fs::write(d.join("lib/b.h"), "#include \"a.h\"\n").unwrap();
        std::fs::write(d.join("secret"), "s3cret").unwrap();
        symlink(d.join("secret"), d.join("link.h")).unwrap();
        nix::unistd::mkfifo(&d.join("fifo.h"), nix::sys::stat::Mode::S_IRWXU).unwrap();
        let got = gather(&d.join("bot.c")).unwrap();
        let names: Vec<&Path> = got.files.iter().map(|(p, _)| p.as_path()).collect();
        assert_eq!(names, [Path::new("bot.c"), Path::new("lib/a.h"), Path::new("lib/b.h")]);
        // A classmate's source beside it, or a header in another submission's folder, is never
        // copied, even when named inside `#if 0`.
        std::fs::create_dir(d.join("carol")).unwrap();
        std::fs::write(d.join("carol/bot.c"), "int carol;").unwrap();
        std::fs::write(d.join("carol/board.h"), "int board;").unwrap();
        std::fs::write(d.join("bob.c"), "int bob;").unwrap();
        std::fs::write(d.join("eve.c"), "#if 0\n#include \"bob.c\"\n#include \"carol/board.h\"\n#endif\n").unwrap();
        let got = gather(&d.join("eve.c")).unwrap();
        assert_eq!(got.files.len(), 1, "{:?}", got.files.iter().map(|(p, _)| p).collect::<Vec<_>>());
        // The source itself as a link or a FIFO is refused, with what it is.
        symlink(d.join("secret"), d.join("linked.c")).unwrap();
        let err = gather(&d.join("linked.c")).unwrap_err().to_string();
        assert!(err.contains("symbolic link"), "{err}");
        nix::unistd::mkfifo(&d.join("fifo.c"), nix::sys::stat::Mode::S_IRWXU).unwrap();
        let err = gather(&d.join("fifo.c")).unwrap_err().to_string();
        assert!(err.contains("FIFO"), "{err}");
    }
}
