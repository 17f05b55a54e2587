//! A bot's view of the file systems: in a mount namespace of its own (root or not), every mount
//! it sees is read-only but its work dir. On a read-only mount the kernel updates no access time
//! (`touch_atime` needs write access to the mount) and refuses every change of metadata
//! (`chmod`, `chown`, `utimensat`, `utimes`, `setxattr`: `EROFS`), whatever the file's owner:
//! without root a bot's uid is juiz's, and Landlock covers no metadata. So a bot can neither
//! change a file of the operator's nor leave a mark on a system file (its access time) that a
//! bot of a later or a parallel game could read. What juiz itself does outside the bot's
//! namespace is untouched (`mount_setattr` changes the bot's copies of the mounts only).
//!
//! Three system calls in the child, after it made its namespaces (and, not root, mounted its
//! tmpfs): the mounts made private (nothing it mounts reaches the host's namespace), the work
//! dir bound onto itself (so that it is a mount of its own), `mount_setattr(AT_RECURSIVE,
//! MOUNT_ATTR_RDONLY)` on `/`, then the read-only flag cleared on the work dir's mount alone,
//! and the work dir entered again (on its new mount).
//! Writing to `/dev/null` and the pipes is unaffected (a device or a pipe is not written through
//! its mount). Linux 5.12 or later; `support.rs` probes it.

use std::ffi::CStr;

/// `mount_setattr`'s number (Linux 5.12), alike on every architecture.
const SYS_MOUNT_SETATTR: libc::c_long = 442;
/// `MOUNT_ATTR_RDONLY` (linux/mount.h).
const MOUNT_ATTR_RDONLY: u64 = 0x1;
/// `AT_RECURSIVE` (linux/fcntl.h): every mount beneath too.
const AT_RECURSIVE: libc::c_int = 0x8000;

/// `struct mount_attr` (linux/mount.h).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// Sets (`set`) or clears the flags of the mount at `path` (and those beneath, `recursive`).
fn mount_setattr(path: &CStr, recursive: bool, set: u64, clear: u64) -> std::io::Result<()> {
    let attr = MountAttr { attr_set: set, attr_clr: clear, propagation: 0, userns_fd: 0 };
    let flags = if recursive { AT_RECURSIVE } else { 0 };
    // SAFETY: a NUL-terminated path and a valid mount_attr of the size given.
    let rc = unsafe {
        libc::syscall(
            SYS_MOUNT_SETATTR,
            libc::AT_FDCWD,
            path.as_ptr(),
            flags,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// In the child, in a mount namespace of its own: every mount read-only but `work_dir`'s (see
/// the module's doc). System calls only.
pub(crate) fn read_only_but(work_dir: &CStr) -> std::io::Result<()> {
    let last = std::io::Error::last_os_error;
    // SAFETY: (the whole block) NUL-terminated strings that outlive the calls.
    unsafe {
        if libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            return Err(last());
        }
        if libc::mount(work_dir.as_ptr(), work_dir.as_ptr(), std::ptr::null(), libc::MS_BIND, std::ptr::null()) != 0 {
            return Err(last());
        }
    }
    mount_setattr(c"/", true, MOUNT_ATTR_RDONLY, 0)?;
    mount_setattr(work_dir, false, 0, MOUNT_ATTR_RDONLY)?;
    // The working directory was entered before the bind: it would stay on the read-only mount.
    // SAFETY: a NUL-terminated path.
    if unsafe { libc::chdir(work_dir.as_ptr()) } != 0 {
        return Err(last());
    }
    Ok(())
}

/// In the child, pid 1 of the bot's own pid namespace, after `read_only_but`: a `/proc` of that
/// namespace over the host's, read-only as the rest, so the bot sees only its own processes and
/// `/proc/self` names it by its pid there. System calls only.
pub(crate) fn own_proc() -> std::io::Result<()> {
    let flags = libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
    // SAFETY: NUL-terminated static strings.
    let rc = unsafe { libc::mount(c"proc".as_ptr(), c"/proc".as_ptr(), c"proc".as_ptr(), flags, std::ptr::null()) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Whether this kernel lets juiz's bots have such a view (for `support.rs`): a mount namespace
/// (in a user namespace when juiz is not root), the calls above on `/tmp`, then a refused
/// `utimensat` outside it. System calls only; run in a throwaway child.
pub(crate) fn probe() -> bool {
    // SAFETY: geteuid cannot fail; unshare is async-signal-safe in a single-threaded child.
    let user = if unsafe { libc::geteuid() } == 0 { 0 } else { libc::CLONE_NEWUSER };
    // SAFETY: as above.
    if unsafe { libc::unshare(user | libc::CLONE_NEWNS) } != 0 {
        return false;
    }
    if read_only_but(c"/tmp").is_err() {
        return false;
    }
    // SAFETY: a NUL-terminated path; null times mean now.
    let rc = unsafe { libc::utimensat(libc::AT_FDCWD, c"/".as_ptr(), std::ptr::null(), 0) };
    rc != 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EROFS)
}
