//! Compiling C bots: `$CC` or `cc` with `-O2 -o OUT SRC -lm` (C++ sources, `.cpp`/`.cc`/`.cxx`:
//! `$CXX` or `c++`), cached by a hash of the source (and the local headers it includes) and of
//! the compiler command.

use std::fs::DirBuilder;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

/// Compiler output kept in a `BuildError`.
const MAX_OUTPUT_BYTES: usize = 16 * 1024;

/// A C bot that could not be built.
#[derive(Debug, Error)]
pub enum BuildError {
    #[error("cannot read C source {}: {source}", .path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot use build cache {}: {source}", .path.display())]
    Cache { path: PathBuf, source: std::io::Error },
    #[error("bad CC value `{0}` (unbalanced quotes or empty)")]
    BadCompiler(String),
    #[error("cannot run the C compiler `{compiler}`: {source} (set CC to choose one)")]
    Compiler { compiler: String, source: std::io::Error },
    #[error("compiling {} failed ({status}):\n{output}", .path.display())]
    Compile { path: PathBuf, status: String, output: String },
}

/// The build cache used when none is given: `$JUIZ_BUILD_CACHE`, else `juiz-build-<uid>` in
/// the temporary directory.
pub fn default_build_cache() -> PathBuf {
    if let Some(dir) = std::env::var_os("JUIZ_BUILD_CACHE") {
        return PathBuf::from(dir);
    }
    // SAFETY: getuid cannot fail and has no preconditions.
    let uid = unsafe { libc::getuid() };
    std::env::temp_dir().join(format!("juiz-build-{uid}"))
}

/// Compiles one C source with `$CC` or `cc` (`-O2 -o OUT SRC -lm`) into `cache_dir`, unless a
/// binary built from the same bytes (source and the local `#include "..."` headers next to it)
/// by the same compiler command is already there. Returns the binary's absolute path.
/// Concurrent builds of the same source are safe: each compiles to its own temporary name and
/// renames it into place.
pub fn build_c(source: &Path, cache_dir: &Path) -> Result<PathBuf, BuildError> {
    let read_err = |e| BuildError::Read { path: source.to_path_buf(), source: e };
    let bytes = std::fs::read(source).map_err(read_err)?;
    let source_abs = std::path::absolute(source).map_err(read_err)?;
    let cpp = source.extension().is_some_and(|e| ["cpp", "cc", "cxx"].iter().any(|x| e == *x));
    let (variable, default) = if cpp { ("CXX", "c++") } else { ("CC", "cc") };
    let cc_text = std::env::var(variable).unwrap_or_else(|_| default.to_string());
    let cc = shlex::split(&cc_text)
        .filter(|words| !words.is_empty())
        .ok_or_else(|| BuildError::BadCompiler(cc_text.clone()))?;

    let mut hash = Fnv::new();
    for word in &cc {
        hash.write(word.as_bytes());
        hash.write(&[0]);
    }
    hash.write(b"-O2 -lm\0");
    hash.write(&bytes);
    let dir = source_abs.parent().unwrap_or(Path::new("/"));
    for header in local_includes(&bytes) {
        hash.write(header.as_bytes());
        hash.write(&std::fs::read(dir.join(&header)).unwrap_or_default());
    }

    let cache_err = |e| BuildError::Cache { path: cache_dir.to_path_buf(), source: e };
    DirBuilder::new().recursive(true).mode(0o700).create(cache_dir).map_err(cache_err)?;
    let cache_abs = std::path::absolute(cache_dir).map_err(cache_err)?;
    let stem = source.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "bot".to_string());
    // `<cache>/<hash>/<stem>`: the binary keeps the source's name, so the bot's default name
    // (and its id `p<N>.<stem>`) is the same whether it is given as a source or a binary.
    let slot = cache_abs.join(format!("{:016x}", hash.finish()));
    let binary = slot.join(&stem);
    if binary.is_file() {
        return Ok(binary);
    }
    DirBuilder::new().recursive(true).mode(0o700).create(&slot).map_err(cache_err)?;

    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = slot.join(format!(".{stem}.{}.{unique}.tmp", std::process::id()));
    let output = Command::new(&cc[0])
        .args(&cc[1..])
        .arg("-O2")
        .arg("-o")
        .arg(&temp)
        .arg(&source_abs)
        .arg("-lm")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| BuildError::Compiler { compiler: cc_text.clone(), source: e })?;
    if !output.status.success() || !temp.is_file() {
        let _ = std::fs::remove_file(&temp);
        let mut text = String::from_utf8_lossy(&output.stderr).into_owned();
        text.push_str(&String::from_utf8_lossy(&output.stdout));
        if text.len() > MAX_OUTPUT_BYTES {
            text.truncate(text.floor_char_boundary(MAX_OUTPUT_BYTES));
            text.push_str("\n[... compiler output truncated]");
        }
        return Err(BuildError::Compile {
            path: source.to_path_buf(),
            status: output.status.to_string(),
            output: text.trim_end().to_string(),
        });
    }
    std::fs::rename(&temp, &binary).map_err(cache_err)?;
    Ok(binary)
}

/// Names in `#include "name"` lines, the headers a student keeps next to the source.
fn local_includes(source: &[u8]) -> Vec<String> {
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

/// 64-bit FNV-1a: a stable hash for cache keys (not for security; the cache is per user).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
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
    fn fnv_is_stable() {
        let mut h = Fnv::new();
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
    }
}
