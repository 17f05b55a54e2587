//! The build cache: a private folder of juiz's user (made by juiz or checked: never one that
//! someone else made or may write), one slot per hash of everything a build is given (compiler,
//! limits, source and headers), holding the build's verdict: its binary, or the message of its
//! failure, so that a source is compiled once (`--resume` included) whatever its outcome.

use std::fs::{DirBuilder, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};

use super::compile::{BuildLimits, Built};
use super::error::BuildError;
use super::sources::Sources;
use crate::bot::boxes::workdir;

/// The most bytes of a kept failure read back.
const MAX_VERDICT_BYTES: u64 = 64 * 1024;

/// The build cache used when none is given: `$JUIZ_BUILD_CACHE`, else `build/` in this juiz's
/// private work root (`workdir.rs`: a fresh folder of mode 0700, removed when juiz exits), never
/// a path someone else could make first.
pub fn default_build_cache() -> PathBuf {
    if let Some(dir) = std::env::var_os("JUIZ_BUILD_CACHE") {
        return PathBuf::from(dir);
    }
    match workdir::root() {
        Ok(root) => root.join("build"),
        // Checked like any other cache by `private_dir`: refused if someone else made it.
        Err(_) => std::env::temp_dir().join(format!("juiz-build-{}", std::process::id())),
    }
}

fn euid() -> u32 {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() }
}

/// The mode of the cache's folders: private, except that a root juiz's bots, which run under
/// uids of their own (`boxes.rs`), may pass through them to run their binary (not list them).
fn cache_mode() -> u32 {
    if euid() == 0 { 0o711 } else { 0o700 }
}

/// Makes the folder `dir` (and its missing parents), or checks the one there: a folder, not a
/// link, owned by juiz's user, that nobody else may write; it is then made private (`cache_mode`:
/// 0700, or 0711 as root). A folder that fails the check is refused, never used.
pub(super) fn private_dir(dir: &Path) -> io::Result<()> {
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    match DirBuilder::new().mode(cache_mode()).create(dir) {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
        _ => {}
    }
    let meta = std::fs::symlink_metadata(dir)?;
    let refuse = |why: String| Err(io::Error::new(io::ErrorKind::PermissionDenied, why));
    if !meta.is_dir() {
        return refuse("not a folder (a link or a file is never used as a build cache; remove it)".into());
    }
    if meta.uid() != euid() {
        return refuse(format!(
            "owned by uid {}, not by juiz's uid {}: someone else made it (remove it, or set JUIZ_BUILD_CACHE)",
            meta.uid(),
            euid()
        ));
    }
    let mode = meta.mode() & 0o7777;
    if mode & 0o022 != 0 {
        return refuse(format!(
            "mode {mode:04o}: others may write in it; a build cache must be private (chmod 700 it)"
        ));
    }
    if mode != cache_mode() {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(cache_mode()))?;
    }
    Ok(())
}

/// The cache key of a build: a SHA-256 of the compiler command, the limits and every file.
pub(super) fn key(compiler: &[String], flags: &str, limits: &BuildLimits, sources: &Sources) -> String {
    let mut hash = Sha256::new();
    for word in compiler {
        hash.update(word.as_bytes());
        hash.update([0]);
    }
    hash.update(flags.as_bytes());
    hash.update(b"\0-lm\0");
    hash.update(format!("{limits:?}\0").as_bytes());
    for (path, bytes) in &sources.files {
        hash.update(path.as_os_str().as_encoded_bytes());
        hash.update([0]);
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(bytes);
    }
    hash.finalize()[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// One build's place in the cache: `<cache>/<key>/<stem>` for its binary (it keeps the
/// source's name, so a bot's default name is the same from a source or a binary), `failed`
/// beside it for its failure.
#[derive(Debug)]
pub(super) struct Slot {
    dir: PathBuf,
    stem: String,
}

impl Slot {
    /// The slot of `key` in `cache` (absolute), made or checked like the cache.
    pub(super) fn open(cache: &Path, key: &str, stem: &str) -> io::Result<Slot> {
        let dir = cache.join(key);
        private_dir(&dir)?;
        Ok(Slot { dir, stem: stem.to_string() })
    }

    pub(super) fn binary(&self) -> PathBuf {
        self.dir.join(&self.stem)
    }

    fn warnings(&self) -> PathBuf {
        self.dir.join("warnings")
    }

    fn failed(&self) -> PathBuf {
        self.dir.join("failed")
    }

    /// The verdict of an earlier build of the same key, if there was one.
    pub(super) fn verdict(&self) -> Option<Result<Built, BuildError>> {
        let binary = self.binary();
        if std::fs::symlink_metadata(&binary).is_ok_and(|m| m.is_file() && m.uid() == euid()) {
            let mut warnings = Vec::new();
            if let Ok(file) = workdir::open_regular(&self.warnings()) {
                let _ = file.take(MAX_VERDICT_BYTES).read_to_end(&mut warnings);
            }
            return Some(Ok(Built { binary, warnings: String::from_utf8_lossy(&warnings).into_owned() }));
        }
        let mut message = Vec::new();
        let file = workdir::open_regular(&self.failed()).ok()?;
        file.take(MAX_VERDICT_BYTES).read_to_end(&mut message).ok()?;
        let message = String::from_utf8_lossy(&message).into_owned();
        Some(Err(BuildError::Earlier { message, kept: self.dir.clone() }))
    }

    /// Keeps the binary read from `from` (at most `limit` bytes), with the compiler's
    /// `warnings` (kept first: a binary there has its warnings beside it), and returns its path.
    /// Two builds of the same key at once are safe: each writes a name of its own, then renames it.
    pub(super) fn keep_binary(&self, from: &mut File, limit: u64, warnings: &str) -> io::Result<PathBuf> {
        if !warnings.is_empty() {
            self.keep_text(warnings, &self.warnings())?;
        }
        let temp = self.temp_name();
        let kept = (|| {
            let mut to = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o755).open(&temp)?;
            io::copy(&mut from.take(limit), &mut to)?;
            std::fs::rename(&temp, self.binary())
        })();
        if kept.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        kept.map(|()| self.binary())
    }

    /// Keeps the message of a failed build, for the next build of the same key.
    pub(super) fn keep_failure(&self, message: &str) -> io::Result<()> {
        self.keep_text(message, &self.failed())
    }

    /// Writes `text` to `path` in the slot, whole or not at all.
    fn keep_text(&self, text: &str, path: &Path) -> io::Result<()> {
        let temp = self.temp_name();
        let kept = (|| {
            let mut to = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temp)?;
            to.write_all(text.as_bytes())?;
            std::fs::rename(&temp, path)
        })();
        if kept.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        kept
    }

    fn temp_name(&self) -> PathBuf {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
        self.dir.join(format!(".{}.{}.{unique}.tmp", self.stem, std::process::id()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_others_could_write_is_refused_and_ours_is_made_private() {
        let base = tempfile::tempdir().unwrap();
        let fresh = base.path().join("a").join("cache");
        private_dir(&fresh).unwrap();
        assert_eq!(std::fs::metadata(&fresh).unwrap().mode() & 0o777, cache_mode());
        let open = base.path().join("open");
        std::fs::create_dir(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).unwrap();
        private_dir(&open).unwrap();
        assert_eq!(std::fs::metadata(&open).unwrap().mode() & 0o777, cache_mode(), "made private");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
        let err = private_dir(&open).unwrap_err().to_string();
        assert!(err.contains("must be private"), "{err}");
        let link = base.path().join("link");
        std::os::unix::fs::symlink(&fresh, &link).unwrap();
        let err = private_dir(&link).unwrap_err().to_string();
        assert!(err.contains("not a folder"), "{err}");
    }
}
