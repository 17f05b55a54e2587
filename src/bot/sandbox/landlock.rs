//! Linux Landlock through its three system calls: the ABI the kernel offers, and a ruleset built
//! in the parent (it allocates) that the child enforces on itself before `exec` (system calls
//! only). No root needed; the kernel ANDs it with every later ruleset, and it is inherited.

use std::ffi::CStr;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

// File system rights (uapi/linux/landlock.h).
const EXECUTE: u64 = 1 << 0;
const WRITE_FILE: u64 = 1 << 1;
const READ_FILE: u64 = 1 << 2;
const READ_DIR: u64 = 1 << 3;
/// Creating a Unix socket in the file system: granted nowhere, so no bot can offer one to another.
pub(crate) const MAKE_SOCK: u64 = 1 << 12;
const REFER: u64 = 1 << 13;
const TRUNCATE: u64 = 1 << 14;
const IOCTL_DEV: u64 = 1 << 15;
/// Rights that apply to a file (not only to a directory).
const FILE_RIGHTS: u64 = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV;
// Network rights (ABI 4) and scopes (ABI 6).
const NET_BIND_TCP: u64 = 1 << 0;
const NET_CONNECT_TCP: u64 = 1 << 1;
const SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1 << 0;
const SCOPE_SIGNAL: u64 = 1 << 1;

const CREATE_RULESET_VERSION: libc::c_uint = 1;
const RULE_PATH_BENEATH: libc::c_int = 1;

/// Read and run.
pub(crate) const READ: u64 = EXECUTE | READ_FILE | READ_DIR;
/// A character device to read and write (`/dev/null`).
pub(crate) const READ_WRITE_FILE: u64 = READ_FILE | WRITE_FILE | TRUNCATE | IOCTL_DEV;

#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// The Landlock ABI version of the running kernel; `None` if Landlock is missing or disabled.
pub(crate) fn abi() -> Option<u32> {
    // SAFETY: with the VERSION flag the attribute pointer must be null and the size zero.
    let v = unsafe {
        libc::syscall(libc::SYS_landlock_create_ruleset, std::ptr::null::<RulesetAttr>(), 0, CREATE_RULESET_VERSION)
    };
    (v > 0).then_some(v as u32)
}

/// Every file system right the ABI knows.
fn all_fs_rights(abi: u32) -> u64 {
    let mut rights = (1 << 13) - 1; // ABI 1: EXECUTE ..= MAKE_SYM
    if abi >= 2 {
        rights |= REFER;
    }
    if abi >= 3 {
        rights |= TRUNCATE;
    }
    if abi >= 5 {
        rights |= IOCTL_DEV;
    }
    rights
}

/// A ruleset ready to be enforced in a child.
#[derive(Debug)]
pub(crate) struct Ruleset {
    fd: OwnedFd,
    pub(crate) abi: u32,
}

impl Ruleset {
    /// A ruleset that denies every file system right, TCP bind and connect (ABI 4+), and
    /// signals and abstract sockets to processes outside the bot (ABI 6+), except what rules
    /// allow.
    pub(crate) fn new(abi: u32) -> std::io::Result<Ruleset> {
        let attr = RulesetAttr {
            handled_access_fs: all_fs_rights(abi),
            handled_access_net: if abi >= 4 { NET_BIND_TCP | NET_CONNECT_TCP } else { 0 },
            scoped: if abi >= 6 { SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL } else { 0 },
        };
        // Older kernels refuse a larger struct with fields they do not know.
        let size = match abi {
            0..=3 => 8,
            4..=5 => 16,
            _ => std::mem::size_of::<RulesetAttr>(),
        };
        // SAFETY: a valid pointer to an attribute of at least `size` bytes.
        let fd = unsafe { libc::syscall(libc::SYS_landlock_create_ruleset, &attr as *const RulesetAttr, size, 0) };
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: the kernel just returned this descriptor; nobody else owns it.
        let fd = unsafe { OwnedFd::from_raw_fd(fd as i32) };
        Ok(Ruleset { fd, abi })
    }

    /// Allows `rights` beneath `path` (a directory) or on it (a file: directory rights are
    /// dropped). A path that does not exist is skipped.
    pub(crate) fn allow(&self, path: &Path, rights: u64) -> std::io::Result<()> {
        match PathRule::open(path, rights, self.abi)? {
            Some(rule) => self.add(&rule),
            None => Ok(()),
        }
    }

    /// Adds a rule opened beforehand (see `PathRule`).
    pub(crate) fn add(&self, rule: &PathRule) -> std::io::Result<()> {
        add_rule(self.fd.as_raw_fd(), rule.fd.as_raw_fd(), rule.rights)
    }

    pub(crate) fn raw_fd(&self) -> i32 {
        self.fd.as_raw_fd()
    }
}

/// A path opened for rules (`O_PATH`) with the rights it grants, ready to be added to any number
/// of rulesets: paths every bot is allowed are opened once, not once per bot.
#[derive(Debug)]
pub(crate) struct PathRule {
    fd: OwnedFd,
    rights: u64,
}

impl PathRule {
    /// `rights` beneath `path` (a directory) or on it (a file: directory rights are dropped),
    /// within what `abi` knows; `None` if the path does not exist.
    pub(crate) fn open(path: &Path, rights: u64, abi: u32) -> std::io::Result<Option<PathRule>> {
        let Ok(meta) = std::fs::metadata(path) else {
            return Ok(None);
        };
        let rights = rights & all_fs_rights(abi);
        let rights = if meta.is_dir() { rights } else { rights & FILE_RIGHTS };
        let mut bytes = path.as_os_str().as_bytes().to_vec();
        bytes.push(0);
        let c_path = CStr::from_bytes_with_nul(&bytes).map_err(|_| std::io::Error::other("nul in path"))?;
        // SAFETY: a valid C string; O_PATH opens without reading.
        let raw = unsafe { libc::open(c_path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
        if raw < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: a fresh descriptor we own.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        Ok(Some(PathRule { fd, rights }))
    }

    /// The same rule on a descriptor above those a bot's start copies, for a rule juiz keeps
    /// for its life (`sys::kept_high`).
    pub(crate) fn kept_high(self) -> PathRule {
        PathRule { fd: crate::bot::host::sys::kept_high(self.fd), rights: self.rights }
    }
}

/// The folders of `dirs` that exist, by their real paths, less each that lies beneath another
/// (`/lib` where it links to `/usr/lib` and `/usr` is listed): granted the same rights, such a
/// rule adds nothing, since Landlock judges the path an open resolves to by every folder above
/// it. A rule fewer is a `landlock_add_rule` fewer in every bot's start.
pub(crate) fn outermost_dirs<P: AsRef<Path>>(dirs: &[P]) -> Vec<PathBuf> {
    let real: Vec<PathBuf> = dirs.iter().filter_map(|d| std::fs::canonicalize(d).ok()).filter(|d| d.is_dir()).collect();
    let mut kept: Vec<PathBuf> = Vec::new();
    for dir in &real {
        let beneath = real.iter().any(|other| other != dir && dir.starts_with(other));
        if !beneath && !kept.contains(dir) {
            kept.push(dir.clone());
        }
    }
    kept
}

/// What the bot's process in a pid namespace adds for each `/proc` file every bot may read, and
/// for its own `/proc/<pid>` (`pid1/main.rs`, which has these numbers on its command line).
pub(crate) const PROC_FILE_RIGHTS: u64 = READ_FILE;
pub(crate) const OWN_PROC_RIGHTS: u64 = READ_FILE | READ_DIR;

/// The rights a bot has in its work dir: everything but making sockets.
pub(crate) fn work_dir_rights(abi: u32) -> u64 {
    !MAKE_SOCK & all_fs_rights(abi)
}

/// In the child before `exec`: allows `rights` beneath the folder `dir`. System calls only.
pub(crate) fn allow_in_child(ruleset: i32, dir: *const libc::c_char, rights: u64) -> std::io::Result<()> {
    // SAFETY: a NUL-terminated path; O_PATH opens without reading.
    let fd = unsafe { libc::open(dir, libc::O_PATH | libc::O_CLOEXEC | libc::O_DIRECTORY) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    let added = add_rule(ruleset, fd, rights);
    // SAFETY: closing the descriptor opened above.
    unsafe { libc::close(fd) };
    added
}

/// Adds one path-beneath rule; async-signal-safe.
fn add_rule(ruleset: i32, parent: i32, rights: u64) -> std::io::Result<()> {
    let attr = PathBeneathAttr { allowed_access: rights, parent_fd: parent };
    // SAFETY: a valid pointer to a path-beneath attribute; both descriptors are open.
    let rc = unsafe {
        libc::syscall(libc::SYS_landlock_add_rule, ruleset, RULE_PATH_BENEATH, &attr as *const PathBeneathAttr, 0)
    };
    if rc < 0 { Err(std::io::Error::last_os_error()) } else { Ok(()) }
}

/// In the child before `exec`: allows reading the child's own `/proc/<pid>` (through
/// `/proc/self`, which only the child can resolve to itself), then enforces the ruleset.
/// System calls only: no allocation, no locks.
pub(crate) fn enforce_in_child(ruleset: i32) -> std::io::Result<()> {
    // SAFETY: a static C string; O_PATH opens without reading.
    let own = unsafe { libc::open(c"/proc/self".as_ptr(), libc::O_PATH | libc::O_CLOEXEC | libc::O_DIRECTORY) };
    if own >= 0 {
        let added = add_rule(ruleset, own, OWN_PROC_RIGHTS);
        // SAFETY: closing the descriptor opened above.
        unsafe { libc::close(own) };
        added?;
    }
    // SAFETY: prctl with PR_SET_NO_NEW_PRIVS takes one integer; required before restrict_self.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: an open ruleset descriptor and no flags.
    if unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_beneath_another_is_left_out_whatever_path_names_it() {
        let root = tempfile::tempdir().unwrap();
        let usr = root.path().join("usr");
        std::fs::create_dir_all(usr.join("lib")).unwrap();
        std::fs::create_dir(root.path().join("etc")).unwrap();
        std::os::unix::fs::symlink(usr.join("lib"), root.path().join("lib")).unwrap();
        std::os::unix::fs::symlink(root.path().join("etc"), root.path().join("etc2")).unwrap();
        let listed = ["lib", "usr", "etc", "etc2", "missing"].map(|d| root.path().join(d));
        let real = |d: &str| std::fs::canonicalize(root.path().join(d)).unwrap();
        assert_eq!(outermost_dirs(&listed), vec![real("usr"), real("etc")]);
    }
}
