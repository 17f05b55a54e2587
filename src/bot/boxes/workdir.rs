//! Bots' work dirs: a private, empty folder for each bot in each game, taken from a pool under
//! one private root (mode 0700, removed when juiz exits) and emptied completely when the bot is
//! gone. Making and removing a folder per bot per game costs an inode allocation that, on ext4,
//! scans the recently deleted inodes: a fifth of juiz's own CPU in a tournament of quick bots.
//! A folder is reused only when it could be emptied and nothing of its bot is left running.
//! The root holds a `.lock` that this juiz keeps locked (`flock`) while it lives: the next juiz
//! removes the roots whose lock is free, left by a juiz killed with -9, after killing what their
//! bots left running (`leftovers.rs`). (As root, bots' work
//! dirs are tmpfs boxes instead: `boxes.rs`.)
//!
//! A tournament entry's `workdir` is copied into the bot's work dir for every game: regular
//! files and folders only. A symbolic link (to `/etc/shadow`, to a classmate's file) or a
//! special file (a FIFO that would block juiz, a device, a socket) is refused with an error that
//! names it, when the tournament is loaded and again at each copy; nothing is opened that could
//! block (`O_NONBLOCK`), follow a link (`O_NOFOLLOW`) or change type between the look and the
//! open (`fstat` of the opened descriptor).

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::bot::boxes::leftovers;

/// Emptied folders ready for the next bot.
static POOL: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The private root of all work dirs of this process, made once.
static ROOT: OnceLock<Result<PathBuf, String>> = OnceLock::new();

/// The name of the lock file in a root.
const LOCK: &str = ".lock";

pub(in crate::bot) fn root() -> io::Result<&'static Path> {
    let root = ROOT.get_or_init(|| {
        remove_stale_roots();
        let dir = tempfile::Builder::new()
            .prefix("juiz-work-")
            .permissions(private())
            .tempdir()
            .map_err(|e| e.to_string())?;
        let lock = std::fs::File::create(dir.path().join(LOCK)).map_err(|e| e.to_string())?;
        // SAFETY: flock on a descriptor we own; it stays open (and locked) until juiz exits.
        unsafe { libc::flock(std::os::fd::IntoRawFd::into_raw_fd(lock), libc::LOCK_EX) };
        // SAFETY: registering a plain function to run at exit.
        unsafe { libc::atexit(remove_root) };
        Ok(dir.keep())
    });
    root.as_deref().map_err(|e| io::Error::other(e.clone()))
}

/// Mode 0700, for the folders of the root.
pub(in crate::bot) fn private() -> std::fs::Permissions {
    std::os::unix::fs::PermissionsExt::from_mode(0o700)
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
            leftovers::sweep(&path);
            remove_stubborn_dir(&path);
        }
    }
}

/// Where the record of a bot's user namespace `userns` goes (`leftovers.rs`).
fn namespace_record(userns: u64) -> Option<PathBuf> {
    root().ok().map(|root| root.join(format!("{}{userns}", leftovers::PREFIX)))
}

/// Notes that a bot of this juiz lives in the user namespace `userns` (`leftovers.rs`).
pub(crate) fn record_namespace(userns: u64) {
    if let Some(path) = namespace_record(userns) {
        let _ = std::fs::File::create(path);
    }
}

/// The bot of `userns` is over and nothing of it is left: its record goes.
pub(crate) fn forget_namespace(userns: u64) {
    if let Some(path) = namespace_record(userns) {
        let _ = std::fs::remove_file(path);
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
        let dir = tempfile::Builder::new().prefix("bot-").permissions(private()).tempdir_in(root)?;
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

/// Checks that everything under `dir` (itself included) is a regular file or a folder, as
/// `copy_tree` requires; the error names the first thing that is not.
pub fn check_copyable(dir: &Path) -> io::Result<()> {
    walk(dir, None)
}

/// Copies the regular files and folders under `from` into the existing folder `to`; a symbolic
/// link or a special file anywhere is an error that names it (nothing is followed or read).
pub(crate) fn copy_tree(from: &Path, to: &Path) -> io::Result<()> {
    walk(from, Some(to))
}

/// Opens `path` for reading as a regular file: never following a last-component link, never
/// blocking on a FIFO or a device, its type checked on the opened descriptor.
pub(crate) fn open_regular(path: &Path) -> io::Result<File> {
    let fd = open_at(None, path, path, false)?;
    Ok(File::from(fd))
}

fn walk(from: &Path, to: Option<&Path>) -> io::Result<()> {
    let root = open_at(None, from, from, true)?;
    walk_fd(&root, from, to)
}

/// Refuses (or copies into `to`) everything in the open folder `dir`, shown as `shown`, in name
/// order.
fn walk_fd(dir: &OwnedFd, shown: &Path, to: Option<&Path>) -> io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut names = std::fs::read_dir(format!("/proc/self/fd/{}", dir.as_raw_fd()))?
        .map(|entry| entry.map(|e| e.file_name()))
        .collect::<io::Result<Vec<_>>>()?;
    names.sort();
    for name in names {
        let path = shown.join(&name);
        let mode = lstat_at(Some(dir), Path::new(&name), &path)?;
        let is_dir = mode & libc::S_IFMT == libc::S_IFDIR;
        refuse_special(mode, &path)?;
        let fd = open_at(Some(dir), Path::new(&name), &path, is_dir)?;
        let target = to.map(|t| t.join(&name));
        match (&target, is_dir) {
            (Some(target), true) => {
                std::fs::create_dir(target)?;
                walk_fd(&fd, &path, Some(target))?;
            }
            (None, true) => walk_fd(&fd, &path, None)?,
            (Some(target), false) => {
                let mut source = File::from(fd);
                let perm = source.metadata()?.permissions();
                let mode = std::os::unix::fs::PermissionsExt::mode(&perm) & 0o755 | 0o600;
                let mut copy = std::fs::OpenOptions::new().write(true).create_new(true).mode(mode).open(target)?;
                io::copy(&mut source, &mut copy)?;
            }
            (None, false) => {}
        }
    }
    Ok(())
}

/// The error for anything but a regular file or a folder, naming what it is.
fn refuse_special(mode: u32, path: &Path) -> io::Result<()> {
    let what = match mode & libc::S_IFMT {
        libc::S_IFREG | libc::S_IFDIR => return Ok(()),
        libc::S_IFLNK => "a symbolic link",
        libc::S_IFIFO => "a FIFO (named pipe)",
        libc::S_IFCHR => "a character device",
        libc::S_IFBLK => "a block device",
        libc::S_IFSOCK => "a socket",
        _ => "not a regular file",
    };
    Err(refused(path, what))
}

fn refused(path: &Path, what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{} is {what}: only regular files and folders are copied (put the file itself there)", path.display()),
    )
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes()).map_err(|_| io::Error::other(format!("nul in {}", path.display())))
}

/// The type and mode of `name` in `dir` (or of the path `name`), not following a link.
fn lstat_at(dir: Option<&OwnedFd>, name: &Path, shown: &Path) -> io::Result<u32> {
    let c = c_path(name)?;
    // SAFETY: an all-zero stat is a valid value to be overwritten.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: an open folder, a NUL-terminated name and a valid stat pointer.
    if unsafe {
        libc::fstatat(dir.map_or(libc::AT_FDCWD, AsRawFd::as_raw_fd), c.as_ptr(), &mut st, libc::AT_SYMLINK_NOFOLLOW)
    } != 0
    {
        let e = io::Error::last_os_error();
        return Err(io::Error::new(e.kind(), format!("{}: {e}", shown.display())));
    }
    Ok(st.st_mode)
}

/// Opens `name` (relative to `dir`, or a path) read-only, not following a last-component link,
/// without blocking, and checks on the descriptor that it is a folder (`want_dir`) or a regular
/// file.
fn open_at(dir: Option<&OwnedFd>, name: &Path, shown: &Path, want_dir: bool) -> io::Result<OwnedFd> {
    let c = c_path(name)?;
    let flags = libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC;
    let flags = if want_dir { flags | libc::O_DIRECTORY } else { flags };
    let at = dir.map_or(libc::AT_FDCWD, AsRawFd::as_raw_fd);
    // SAFETY: a NUL-terminated path; the descriptor, if any, is open.
    let raw = unsafe { libc::openat(at, c.as_ptr(), flags) };
    if raw < 0 {
        let e = io::Error::last_os_error();
        // A link (ELOOP, or ENOTDIR for a link to a folder) or a special file says what it is.
        if let Ok(mode) = lstat_at(dir, name, shown) {
            refuse_special(mode, shown)?;
        }
        return Err(io::Error::new(e.kind(), format!("{}: {e}", shown.display())));
    }
    // SAFETY: a fresh descriptor we own.
    let fd = unsafe { OwnedFd::from_raw_fd(raw) };
    // SAFETY: an all-zero stat is a valid value to be overwritten.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: an open descriptor and a valid stat pointer.
    if unsafe { libc::fstat(fd.as_raw_fd(), &mut st) } != 0 {
        return Err(io::Error::last_os_error());
    }
    refuse_special(st.st_mode, shown)?;
    let is_dir = st.st_mode & libc::S_IFMT == libc::S_IFDIR;
    if is_dir != want_dir {
        let what = if is_dir { "a folder, not a file" } else { "a file, not a folder" };
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("{} is {what}", shown.display())));
    }
    Ok(fd)
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
