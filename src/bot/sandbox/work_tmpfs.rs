//! Without root, a bot's work dir with a disk quota: a tmpfs of the quota's size that the child
//! mounts on its (empty) work dir in a mount namespace of its own, seen by no other process, gone
//! with the bot's last process. Filling it is the bot's `disk` fault (the watchdog looks at it
//! through `/proc/<pid>/root`). As root a box's tmpfs does the same (`boxes.rs`).

use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::bot::sandbox::landlock;

/// The tmpfs of one bot, prepared in the parent: every string the child needs.
#[derive(Debug)]
pub(crate) struct WorkTmpfs {
    dir: CString,
    options: CString,
    /// The lines that map juiz's uid and gid to themselves in the bot's user namespace: a file
    /// system mounted there takes only ids mapped in it.
    uid_map: CString,
    gid_map: CString,
    /// The Landlock rights the bot has in it (its rules bind inodes: the tmpfs is not the folder
    /// the parent allowed).
    rights: u64,
}

/// `WorkTmpfs` as the child reads it: pointers into the parent's strings, alive until the exec.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WorkTmpfsPlan {
    dir: *const libc::c_char,
    options: *const libc::c_char,
    uid_map: *const libc::c_char,
    gid_map: *const libc::c_char,
    rights: u64,
}

// SAFETY: the pointers are read only, by the child before its exec, while `WorkTmpfs` lives.
unsafe impl Send for WorkTmpfsPlan {}
// SAFETY: as for Send: nothing writes through them.
unsafe impl Sync for WorkTmpfsPlan {}

impl WorkTmpfs {
    /// A tmpfs of `size` bytes on `work_dir`, the bot allowed `rights` in it.
    pub(crate) fn new(work_dir: &Path, size: u64, rights: u64) -> Result<WorkTmpfs, String> {
        let text = |s: String| CString::new(s).map_err(|_| "nul in the work dir's path".to_string());
        // SAFETY: getuid and getgid cannot fail.
        let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
        Ok(WorkTmpfs {
            dir: CString::new(work_dir.as_os_str().as_bytes()).map_err(|_| "nul in the work dir's path")?,
            options: text(format!("size={size},nr_inodes=16384,mode=0700"))?,
            uid_map: text(format!("{uid} {uid} 1\n"))?,
            gid_map: text(format!("{gid} {gid} 1\n"))?,
            rights,
        })
    }

    pub(crate) fn plan(&self) -> WorkTmpfsPlan {
        WorkTmpfsPlan {
            dir: self.dir.as_ptr(),
            options: self.options.as_ptr(),
            uid_map: self.uid_map.as_ptr(),
            gid_map: self.gid_map.as_ptr(),
            rights: self.rights,
        }
    }

    /// The work dir as juiz sees it in the mount namespace of the bot whose main process is `pid`.
    pub(crate) fn seen_from_outside(&self, pid: i32) -> PathBuf {
        let dir = Path::new(OsStr::from_bytes(self.dir.as_bytes()));
        Path::new(&format!("/proc/{pid}/root")).join(dir.strip_prefix("/").unwrap_or(dir))
    }
}

impl WorkTmpfsPlan {
    /// In the child, just after it made its own user and mount namespaces: maps its ids, mounts
    /// the tmpfs on the work dir, makes it the working directory and allows it in `ruleset`.
    /// System calls only.
    pub(crate) fn mount_in_child(&self, ruleset: Option<i32>) -> std::io::Result<()> {
        write_file(c"/proc/self/setgroups", c"deny")?;
        // SAFETY: NUL-terminated strings of the parent's, alive until the exec.
        unsafe {
            write_file(c"/proc/self/uid_map", std::ffi::CStr::from_ptr(self.uid_map))?;
            write_file(c"/proc/self/gid_map", std::ffi::CStr::from_ptr(self.gid_map))?;
            let flags = libc::MS_NOSUID | libc::MS_NODEV;
            if libc::mount(c"juiz-work".as_ptr(), self.dir, c"tmpfs".as_ptr(), flags, self.options.cast()) != 0
                || libc::chdir(self.dir) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
        }
        match ruleset {
            Some(fd) => landlock::allow_in_child(fd, self.dir, self.rights),
            None => Ok(()),
        }
    }
}

/// Writes `text` to the file `path` in one call. System calls only.
fn write_file(path: &std::ffi::CStr, text: &std::ffi::CStr) -> std::io::Result<()> {
    // SAFETY: NUL-terminated strings; the descriptor is closed before returning.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let bytes = text.to_bytes();
        let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let error = std::io::Error::last_os_error();
        libc::close(fd);
        if written != bytes.len() as isize {
            return Err(error);
        }
    }
    Ok(())
}
