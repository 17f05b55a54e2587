//! Bot boxes, when juiz runs as root: each running bot gets an unprivileged uid and gid of its
//! own (from `JUIZ_BOT_UIDS`, default `BOT_UIDS`), distinct from juiz's and from every other
//! running bot's on the host, cgroups of its own (`cgroup.rs`), and a work dir that is a tmpfs
//! of the bot's disk quota, owned by that uid and mode 0700 (no other bot can read it), behind
//! a door only that uid may pass (`box-<uid>/w`: no other bot can even `stat` it).
//!
//! A uid belongs to the juiz that holds `<uid>.lock` under the state dir (`/run/juiz-boxes`)
//! with `flock`: the kernel releases it when that juiz dies, even by `kill -9`. Taking a uid
//! first kills whatever still runs under it and empties its cgroups and work dir: what a killed
//! juiz left is cleaned by the next one. A box goes back to this juiz's pool after a game only
//! once its cgroups are empty, its work dir's tmpfs unmounted with whatever the bot left in it;
//! the next bot gets a new tmpfs and emptied keyrings of the uid; the pool is removed at exit.

pub(in crate::bot) mod cgroup;
pub(in crate::bot) mod cgroup_counters;
pub(in crate::bot) mod cgroup_turn;
pub(in crate::bot) mod escapees;
pub(in crate::bot) mod leftovers;
pub(in crate::bot) mod workdir;

use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use crate::bot::host::sys::kept_high;
use cgroup::{BoxCgroup, Hierarchies};

/// The default uids of bots: far above those of people and system services.
pub(crate) const BOT_UIDS: (u32, u32) = (2_500_000, 2_500_999);
/// Files and folders a bot may make in its work dir.
const INODES: u32 = 16_384;

/// The uids bots run as, from `JUIZ_BOT_UIDS` (`FIRST-LAST`, or `off`): `None` when juiz is not
/// root or boxes are off.
pub(crate) fn uid_range() -> Result<Option<(u32, u32)>, String> {
    static RANGE: OnceLock<Result<Option<(u32, u32)>, String>> = OnceLock::new();
    RANGE
        .get_or_init(|| {
            // SAFETY: geteuid cannot fail.
            if unsafe { libc::geteuid() } != 0 {
                return Ok(None);
            }
            match std::env::var("JUIZ_BOT_UIDS") {
                Err(_) => Ok(Some(BOT_UIDS)),
                Ok(text) => parse_range(&text),
            }
        })
        .clone()
}

fn parse_range(text: &str) -> Result<Option<(u32, u32)>, String> {
    if text.trim() == "off" {
        return Ok(None);
    }
    let bad = || format!("bad JUIZ_BOT_UIDS '{text}' (example: 2500000-2500999, or off)");
    let (a, b) = text.trim().split_once('-').ok_or_else(bad)?;
    let (a, b): (u32, u32) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a == 0 || b < a || b >= u32::MAX - 1 {
        return Err(bad());
    }
    Ok(Some((a, b)))
}

/// A bot's box: its uid (also its gid), its cgroups, its work dir.
#[derive(Debug)]
pub(crate) struct BotBox {
    pub(crate) uid: u32,
    pub(crate) cgroup: Option<Arc<BoxCgroup>>,
    dir: PathBuf,
    /// The size of the tmpfs mounted on the work dir (`Some(0)`: no quota), if one is.
    size: Option<u64>,
    _lock: File,
}

/// Boxes of this juiz, empty, ready for the next bot.
static POOL: Mutex<Vec<BotBox>> = Mutex::new(Vec::new());
fn state_dir() -> io::Result<&'static Path> {
    static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    DIR.get_or_init(|| {
        let base = if Path::new("/run").is_dir() { PathBuf::from("/run") } else { std::env::temp_dir() };
        let dir = base.join("juiz-boxes");
        match std::fs::create_dir(&dir) {
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(format!("{}: {e}", dir.display())),
            _ => {}
        }
        let meta = std::fs::symlink_metadata(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        if !meta.is_dir() || meta.uid() != 0 {
            return Err(format!("{} is not a folder of root's", dir.display()));
        }
        // Bots pass through it to their work dirs; nobody but root lists or changes it.
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o711)).map_err(|e| e.to_string())?;
        sweep_stale(&dir);
        // SAFETY: registering a plain function to run at exit.
        unsafe { libc::atexit(unmount_pool) };
        Ok(dir)
    })
    .as_deref()
    .map_err(|e| io::Error::other(e.clone()))
}

/// Cleans every box a juiz killed with -9 left (its uid's lock is free, its work dir is still
/// there): processes under its uid, cgroups, work dir. Done once, by the first box taken.
fn sweep_stale(state: &Path) {
    let Ok(entries) = std::fs::read_dir(state) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(uid) = name.to_str().and_then(|n| n.strip_prefix("box-")).and_then(|u| u.parse::<u32>().ok()) else {
            continue;
        };
        let Ok(lock) = std::fs::OpenOptions::new().write(true).open(state.join(format!("{uid}.lock"))) else {
            continue;
        };
        // SAFETY: flock on a descriptor we own.
        if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            continue; // a live juiz's box
        }
        kill_uid(uid);
        if Hierarchies::get().usable()
            && let Ok(cgroup) = BoxCgroup::open(uid)
        {
            cgroup.remove();
        }
        let door = entry.path();
        let dir = door.join(WORK);
        for mounted in [&door, &dir] {
            if is_mount_point(mounted) {
                unmount(mounted);
            }
        }
        let _ = std::fs::remove_dir(&dir);
        let _ = std::fs::remove_dir(&door);
    }
}

/// The work dir's name in its box's door (`box-<uid>/w`).
const WORK: &str = "w";

/// Makes the door of a box, `box-<uid>` in the state dir: root's, mode 0710, its group the box's
/// gid. Only the box's bot passes through it to its work dir: no other bot can `stat` that
/// folder (its times, which the bot may set, would pass a hand), and the door's own times
/// change only when root changes it. Returns the work dir beneath it (created, empty).
fn make_door(door: &Path, uid: u32) -> io::Result<PathBuf> {
    match std::fs::create_dir(door) {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
        _ => {}
    }
    if is_mount_point(door) {
        // An older juiz's box, mounted on the door itself.
        unmount(door);
    }
    std::os::unix::fs::lchown(door, Some(0), Some(uid))?;
    std::fs::set_permissions(door, std::fs::Permissions::from_mode(0o710))?;
    let dir = door.join(WORK);
    match std::fs::create_dir(&dir) {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
        _ => {}
    }
    Ok(dir)
}

/// At exit: the pooled boxes are emptied, their work dirs unmounted and their cgroups removed.
extern "C" fn unmount_pool() {
    let boxes = std::mem::take(&mut *POOL.lock().unwrap_or_else(PoisonError::into_inner));
    drop(boxes);
}

impl BotBox {
    /// An empty box for a bot with a disk quota of `disk` bytes (`None`: no quota but memory)
    /// and at most `tasks` tasks and `memory` bytes (files of its work dir included).
    pub(crate) fn take(
        range: (u32, u32),
        disk: Option<u64>,
        tasks: Option<u64>,
        memory: Option<u64>,
    ) -> io::Result<BotBox> {
        let pooled = POOL.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut bx = match pooled {
            Some(bx) => bx,
            None => BotBox::claim(range)?,
        };
        bx.mount(disk.unwrap_or(0))?;
        if let Some(cgroup) = bx.cgroup.as_ref() {
            cgroup.prepare(tasks, memory.map(|m| m.saturating_add(disk.unwrap_or(0))))?;
        }
        escapees::box_taken(bx.uid);
        Ok(bx)
    }

    /// Takes the first uid of `range` no other juiz holds, and cleans what its last user left.
    fn claim(range: (u32, u32)) -> io::Result<BotBox> {
        let state = state_dir()?;
        for uid in range.0..=range.1 {
            let lock = std::fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(state.join(format!("{uid}.lock")))?;
            // SAFETY: flock on a descriptor we own.
            if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
                continue;
            }
            // Kept for the box's life: above the descriptors a bot's start copies (`sys.rs`).
            let lock = File::from(kept_high(lock.into()));
            kill_uid(uid);
            let cgroup = if Hierarchies::get().usable() { Some(Arc::new(BoxCgroup::open(uid)?)) } else { None };
            let dir = make_door(&state.join(format!("box-{uid}")), uid)?;
            let bx = BotBox { uid, cgroup, dir, size: None, _lock: lock };
            if is_mount_point(&bx.dir) {
                // A killed juiz's: unmounted, as its size is unknown.
                unmount(&bx.dir);
            }
            bx.empty()?;
            return Ok(bx);
        }
        Err(io::Error::other(format!(
            "every bot uid of {}-{} is in use by other juiz runs (set JUIZ_BOT_UIDS to a larger range)",
            range.0, range.1
        )))
    }

    /// Mounts a new tmpfs on the work dir: `size` bytes, 0 for no quota (the memory limit still
    /// bounds it). Never the last bot's: its root folder (attributes, times, mode) carries nothing
    /// from one game to the next.
    fn mount(&mut self, size: u64) -> io::Result<()> {
        if self.size.take().is_some() {
            unmount(&self.dir);
        }
        let options = format!("size={size},nr_inodes={INODES},mode=0700,uid={0},gid={0}", self.uid);
        let target = std::ffi::CString::new(self.dir.as_os_str().as_bytes()).map_err(io::Error::other)?;
        let options = std::ffi::CString::new(options).map_err(io::Error::other)?;
        // SAFETY: NUL-terminated strings that outlive the call.
        let rc = unsafe {
            libc::mount(
                c"juiz-box".as_ptr(),
                target.as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                options.as_ptr().cast(),
            )
        };
        if rc != 0 {
            return Err(io::Error::last_os_error());
        }
        self.size = Some(size);
        Ok(())
    }

    /// The work dir.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The work dir when it has a disk quota, for the watchdog (see `disk_full`).
    pub(crate) fn quota_dir(&self) -> Option<(PathBuf, u64)> {
        self.size.filter(|&n| n > 0).map(|n| (self.dir.clone(), n))
    }

    /// Empties the work dir and gives it to the bot's uid, mode 0700.
    fn empty(&self) -> io::Result<()> {
        if !workdir::empty(&self.dir) {
            return Err(io::Error::other(format!("cannot empty {}", self.dir.display())));
        }
        std::os::unix::fs::chown(&self.dir, Some(self.uid), Some(self.uid))
    }

    /// Gives `path` and everything under it to the bot's uid (files copied in for it).
    pub(crate) fn hand_over(&self, path: &Path) -> io::Result<()> {
        std::os::unix::fs::lchown(path, Some(self.uid), Some(self.uid))?;
        if std::fs::symlink_metadata(path)?.is_dir() {
            for entry in std::fs::read_dir(path)? {
                self.hand_over(&entry?.path())?;
            }
        }
        Ok(())
    }

    /// After the bot: kills what is left of it (its cgroups emptied, orphans reaped, or without
    /// cgroups every process of its uid), and goes back to the pool when that worked, its work
    /// dir's tmpfs unmounted (what the bot left there goes with it, not a file at a time: the
    /// next bot gets a new one, and the folder beneath is the empty one `claim` left); else it
    /// is dropped. True when nothing of the bot is left.
    pub(crate) fn release(mut self, bound: Duration) -> bool {
        escapees::box_freed(self.uid);
        let clear = match &self.cgroup {
            Some(cgroup) => cgroup.kill_and_wait(bound),
            None => kill_uid(self.uid),
        };
        if clear {
            let emptied = match self.size.take() {
                Some(_) => {
                    unmount(&self.dir);
                    true
                }
                None => self.empty().is_ok(),
            };
            if emptied {
                POOL.lock().unwrap_or_else(PoisonError::into_inner).push(self);
            }
        }
        clear
    }
}

impl Drop for BotBox {
    fn drop(&mut self) {
        escapees::box_freed(self.uid);
        // The watchdog may hold the cgroups a while longer: they go now.
        if let Some(cgroup) = self.cgroup.as_ref() {
            cgroup.remove();
        }
        kill_uid(self.uid);
        if self.size.is_some() {
            unmount(&self.dir);
        }
        let _ = std::fs::remove_dir(&self.dir);
        if let Some(door) = self.dir.parent() {
            let _ = std::fs::remove_dir(door);
        }
    }
}

/// `keyctl`'s clear operation and the special ids of the caller's uid's keyrings (linux/keyctl.h).
const KEYCTL_CLEAR: libc::c_long = 7;
const KEY_SPEC_USER_KEYRING: libc::c_long = -4;
const KEY_SPEC_USER_SESSION_KEYRING: libc::c_long = -5;

/// Kills every process running as `uid` and empties its keyrings (from a child that takes that uid: `kill(-1)` reaches
/// exactly the processes of its own uid). True when the child could do it.
fn kill_uid(uid: u32) -> bool {
    // SAFETY: the child only makes system calls and leaves with _exit.
    match unsafe { libc::fork() } {
        -1 => false,
        // SAFETY: in the child, system calls only, then _exit.
        0 => unsafe {
            let ok = libc::setgroups(0, std::ptr::null()) == 0
                && libc::setresgid(uid, uid, uid) == 0
                && libc::setresuid(uid, uid, uid) == 0;
            if ok {
                libc::kill(-1, libc::SIGKILL);
                // What a bot of this uid left in the uid's keyrings (seccomp refuses keyrings to
                // a bot; this is for one without the filter) goes too.
                for keyring in [KEY_SPEC_USER_KEYRING, KEY_SPEC_USER_SESSION_KEYRING] {
                    libc::syscall(libc::SYS_keyctl, KEYCTL_CLEAR, keyring);
                }
            }
            libc::_exit(if ok { 0 } else { 1 })
        },
        pid => {
            let mut status = 0;
            // SAFETY: waiting for the child forked above.
            while unsafe { libc::waitpid(pid, &mut status, 0) } < 0
                && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
            {}
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
        }
    }
}

/// Whether the tmpfs at `dir` is full: the bot reached its disk quota (or its file count).
pub(crate) fn disk_full(dir: &Path) -> bool {
    nix::sys::statvfs::statvfs(dir).is_ok_and(|s| s.blocks_available() == 0 || s.files_available() == 0)
}

fn is_mount_point(dir: &Path) -> bool {
    match (std::fs::metadata(dir), dir.parent().map(std::fs::metadata)) {
        (Ok(a), Some(Ok(b))) => a.dev() != b.dev(),
        _ => false,
    }
}

fn unmount(dir: &Path) {
    if let Ok(target) = std::ffi::CString::new(dir.as_os_str().as_bytes()) {
        // SAFETY: a NUL-terminated path.
        unsafe { libc::umount2(target.as_ptr(), libc::MNT_DETACH) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uid_ranges() {
        assert_eq!(parse_range("2500000-2500999"), Ok(Some((2_500_000, 2_500_999))));
        assert_eq!(parse_range("off"), Ok(None));
        for bad in ["", "5", "0-10", "10-5", "a-b", "1-4294967295"] {
            assert!(parse_range(bad).unwrap_err().contains("JUIZ_BOT_UIDS"), "{bad}");
        }
    }
}
