//! The results folder's lock: the run (or merge) that writes a folder holds an exclusive `flock`
//! on its `.lock` file, which names the holder's process id. A second run on the same folder
//! refuses and says which process holds it; the kernel drops the lock when its holder ends, however
//! it ends (`kill -9` included), so a stale lock cannot exist.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};

use super::error::TournamentError;

/// Held while a folder is written; dropping it releases the lock.
#[derive(Debug)]
pub struct DirLock {
    _lock: Flock<File>,
}

/// Locks `dir` (which must exist) for this process, or says who holds it.
pub fn lock_dir(dir: &Path) -> Result<DirLock, TournamentError> {
    let path = dir.join(".lock");
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(&path)
        .map_err(TournamentError::io(&path))?;
    match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
        Ok(mut lock) => {
            let mut write = || -> std::io::Result<()> {
                lock.set_len(0)?;
                lock.seek(SeekFrom::Start(0))?;
                writeln!(&mut *lock, "{}", std::process::id())
            };
            write().map_err(TournamentError::io(&path))?;
            Ok(DirLock { _lock: lock })
        }
        Err((mut file, Errno::EWOULDBLOCK)) => {
            let mut text = String::new();
            let _ = file.read_to_string(&mut text);
            let holder = text.trim().parse::<u32>().ok();
            Err(TournamentError::Locked { dir: dir.to_path_buf(), holder })
        }
        Err((_, errno)) => Err(TournamentError::io(&path)(errno.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_and_names_the_holder_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let first = lock_dir(dir.path()).unwrap();
        match lock_dir(dir.path()) {
            Err(TournamentError::Locked { holder, .. }) => assert_eq!(holder, Some(std::process::id())),
            other => panic!("expected Locked, got {other:?}"),
        }
        drop(first);
        lock_dir(dir.path()).unwrap();
    }
}
