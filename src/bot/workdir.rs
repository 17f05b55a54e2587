//! Bots' work dirs: a private, empty folder for each bot in each game, taken from a pool under
//! one private root (mode 0700, removed when juiz exits) and emptied completely when the bot is
//! gone. Making and removing a folder per bot per game costs an inode allocation that, on ext4,
//! scans the recently deleted inodes: a fifth of juiz's own CPU in a tournament of quick bots.
//! A folder is reused only when it could be emptied and nothing of its bot is left running.
//! The root holds a `.lock` that this juiz keeps locked (`flock`) while it lives: the next juiz
//! removes the roots whose lock is free, left by a juiz killed with -9, after killing what their
//! bots left running (`leftovers.rs`). (As root, bots' work
//! dirs are tmpfs boxes instead: `boxes.rs`.)

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError};

/// Emptied folders ready for the next bot.
static POOL: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The private root of all work dirs of this process, made once.
static ROOT: OnceLock<Result<PathBuf, String>> = OnceLock::new();

/// The name of the lock file in a root.
const LOCK: &str = ".lock";

pub(super) fn root() -> io::Result<&'static Path> {
    let root = ROOT.get_or_init(|| {
        remove_stale_roots();
        let dir = tempfile::Builder::new().prefix("juiz-work-").tempdir().map_err(|e| e.to_string())?;
        let lock = std::fs::File::create(dir.path().join(LOCK)).map_err(|e| e.to_string())?;
        // SAFETY: flock on a descriptor we own; it stays open (and locked) until juiz exits.
        unsafe { libc::flock(std::os::fd::IntoRawFd::into_raw_fd(lock), libc::LOCK_EX) };
        // SAFETY: registering a plain function to run at exit.
        unsafe { libc::atexit(remove_root) };
        Ok(dir.keep())
    });
    root.as_deref().map_err(|e| io::Error::other(e.clone()))
}

/// Removes the roots of this user that no live juiz holds (their lock is free).
fn remove_stale_roots() {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    // SAFETY: geteuid cannot fail.
    let me = unsafe { libc::geteuid() };
    for entry in entries.flatten() {
        let path = entry.path();
        let ours = entry.file_name().to_string_lossy().starts_with("juiz-work-")
            && std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir() && m.uid() == me);
        let Ok(lock) = std::fs::File::open(path.join(LOCK)) else { continue };
        // SAFETY: flock on a descriptor we own.
        if ours && unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&lock), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            super::leftovers::sweep(&path);
            remove_stubborn_dir(&path);
        }
    }
}

/// At exit: the root goes, with the pooled folders in it.
extern "C" fn remove_root() {
    if let Some(Ok(path)) = ROOT.get() {
        remove_stubborn_dir(path);
    }
}

/// A work dir in use by one bot.
#[derive(Debug)]
pub(crate) struct WorkDirLease {
    path: PathBuf,
}

impl WorkDirLease {
    /// An empty private folder: one from the pool, or a new one.
    pub(crate) fn take() -> io::Result<WorkDirLease> {
        let pooled = POOL.lock().unwrap_or_else(PoisonError::into_inner).pop();
        if let Some(path) = pooled {
            return Ok(WorkDirLease { path });
        }
        let root = root()?;
        let dir = tempfile::Builder::new().prefix("bot-").tempdir_in(root)?;
        Ok(WorkDirLease { path: dir.keep() })
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Empties the folder and returns it to the pool when `reusable` (nothing of the bot is left
    /// running) and it could be emptied; otherwise removes it.
    pub(crate) fn release(mut self, reusable: bool) {
        // The lease gives up its path (and `Drop` then has nothing to remove).
        let path = std::mem::take(&mut self.path);
        if reusable && empty(&path) {
            POOL.lock().unwrap_or_else(PoisonError::into_inner).push(path);
        } else {
            remove_stubborn_dir(&path);
        }
    }
}

impl Drop for WorkDirLease {
    fn drop(&mut self) {
        if !self.path.as_os_str().is_empty() {
            remove_stubborn_dir(&self.path);
        }
    }
}

/// Removes everything in `dir` and gives it back mode 0700; true when it is then empty.
pub(crate) fn empty(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    if std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).is_err() {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            remove_stubborn_dir(&path);
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }
    std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none())
}

/// Removes a folder a bot made hard to remove (read-only or unreadable subfolders).
pub(crate) fn remove_stubborn_dir(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    fn open_up(dir: &Path) {
        let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
        if let Ok(entries) = std::fs::read_dir(dir) {
            for entry in entries.flatten() {
                if entry.file_type().is_ok_and(|t| t.is_dir()) {
                    open_up(&entry.path());
                }
            }
        }
    }
    if std::fs::remove_dir_all(path).is_ok() {
        return;
    }
    open_up(path);
    let _ = std::fs::remove_dir_all(path);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn roots_left_by_a_killed_juiz_are_removed_and_live_ones_kept() {
        let make = |name: &str| {
            let dir = std::env::temp_dir().join(format!("juiz-work-{name}-{}", std::process::id()));
            std::fs::create_dir_all(dir.join("bot-1")).unwrap();
            let lock = std::fs::File::create(dir.join(LOCK)).unwrap();
            (dir, lock)
        };
        let (stale, _unlocked) = make("stale");
        let (live, held) = make("live");
        // SAFETY: flock on a descriptor we own.
        assert_eq!(unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&held), libc::LOCK_EX) }, 0);
        remove_stale_roots();
        assert!(!stale.exists(), "a root with a free lock is removed");
        assert!(live.join("bot-1").exists(), "a root with a held lock stays");
        // Its juiz gone (the lock released with it), it goes too.
        drop(held);
        remove_stale_roots();
        assert!(!live.exists());
    }

    #[test]
    fn a_released_folder_comes_back_empty_whatever_the_bot_left() {
        let lease = WorkDirLease::take().unwrap();
        let path = lease.path().to_path_buf();
        std::fs::write(path.join("p1.bot.txt"), "my cards").unwrap();
        std::fs::write(path.join(".hidden"), "x").unwrap();
        std::fs::create_dir_all(path.join("a/b")).unwrap();
        std::fs::write(path.join("a/b/c"), "x").unwrap();
        std::fs::set_permissions(path.join("a"), std::fs::Permissions::from_mode(0o000)).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        lease.release(true);
        // Another lease may get this folder (or a new one): either way it is empty and private.
        let again = WorkDirLease::take().unwrap();
        assert_eq!(std::fs::read_dir(again.path()).unwrap().count(), 0);
        assert_eq!(std::fs::metadata(again.path()).unwrap().permissions().mode() & 0o777, 0o700);
        let other = again.path().to_path_buf();
        again.release(false);
        assert!(!other.exists(), "a folder that may not be reused is removed");
    }
}
