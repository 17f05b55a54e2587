//! Files that have no name while they are written (`O_TMPFILE`), linked at their path when done:
//! no bot can open what it cannot name, whatever folders the sandbox lets it read and whatever
//! it may `chmod` (a bot runs as the referee's user). Where the file system has no `O_TMPFILE`
//! the file is created at its path with no permissions at all until it is done.
//!
//! Once done, a results file is readable by its owner's group (`FILE_MODE`, 0640: teaching
//! assistants in the instructor's group), never by others: bots, which run under users of their
//! own, are no one's group. Results folders are `DIR_MODE` (0750).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The mode of a finished results file: the owner writes, the group reads, others nothing.
pub const FILE_MODE: u32 = 0o640;
/// The mode of a results folder.
pub const DIR_MODE: u32 = 0o750;

/// A file being written, not yet at its path.
#[derive(Debug)]
pub struct PendingFile {
    path: PathBuf,
    unnamed: bool,
    published: bool,
}

/// Creates the file for `path` (its folder must exist): unnamed where possible. A file already at
/// `path` is removed.
pub fn create(path: &Path) -> io::Result<(File, PendingFile)> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let unnamed = OpenOptions::new().write(true).custom_flags(libc::O_TMPFILE).mode(FILE_MODE).open(dir);
    match unnamed {
        Ok(file) => Ok((file, PendingFile { path: path.to_owned(), unnamed: true, published: false })),
        Err(e) if e.raw_os_error() == Some(libc::EOPNOTSUPP) || e.raw_os_error() == Some(libc::EISDIR) => {
            let file = OpenOptions::new().write(true).create_new(true).mode(0o000).open(path)?;
            Ok((file, PendingFile { path: path.to_owned(), unnamed: false, published: false }))
        }
        Err(e) => Err(e),
    }
}

impl PendingFile {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Puts `file` (written and flushed) at its path, readable. Done once; later calls do nothing.
    pub fn publish(&mut self, file: &File) -> io::Result<()> {
        if self.published {
            return Ok(());
        }
        self.published = true;
        // Whatever the umask: the group reads (see the module doc).
        file.set_permissions(std::fs::Permissions::from_mode(FILE_MODE))?;
        if !self.unnamed {
            return Ok(());
        }
        let from = format!("/proc/self/fd/{}\0", file.as_raw_fd());
        let mut to = self.path.as_os_str().as_encoded_bytes().to_vec();
        to.push(0);
        // A file that appeared at the path meanwhile is replaced.
        for _ in 0..2 {
            // SAFETY: two NUL-terminated paths; linkat follows the /proc symlink to the open file.
            let rc = unsafe {
                libc::linkat(
                    libc::AT_FDCWD,
                    from.as_ptr().cast(),
                    libc::AT_FDCWD,
                    to.as_ptr().cast(),
                    libc::AT_SYMLINK_FOLLOW,
                )
            };
            if rc == 0 {
                return Ok(());
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::AlreadyExists {
                return Err(error);
            }
            std::fs::remove_file(&self.path)?;
        }
        Err(io::Error::from(io::ErrorKind::AlreadyExists))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn the_file_has_no_name_until_it_is_published() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.csv");
        std::fs::write(&path, "an older game").unwrap();
        let (mut file, mut pending) = create(&path).unwrap();
        file.write_all(b"seq,ms,seat,dir,text\n").unwrap();
        assert!(!path.exists(), "nothing at the path while the game runs");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "and nothing else to find in the folder");
        pending.publish(&file).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "seq,ms,seat,dir,text\n");
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, FILE_MODE);
        pending.publish(&file).unwrap();
    }
}
