//! The results folder (`--out`): created with its mode (`private_file::DIR_MODE`, 0750: the
//! instructor's group reads, bots never), every problem with it said in terms of `--out` and
//! its fix; and its lock: the run (or merge) that writes a folder holds an exclusive `flock` on
//! its `.lock` file, which names the holder's process id. A second run on the same folder
//! refuses and says which process holds it; the kernel drops the lock when its holder ends,
//! however it ends (`kill -9` included), so a stale lock cannot exist.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};

use super::error::TournamentError;

/// Creates `dir` and its `games/` folder (and missing parents) for results, with their mode.
pub fn create(dir: &Path) -> Result<(), TournamentError> {
    let games = dir.join("games");
    std::fs::create_dir_all(&games).map_err(|e| out_error(dir, &e))?;
    // The folders' group is juiz's own (not one inherited from a set-group-id parent), and the
    // mode has no set-group-id bit: files made inside get juiz's group too.
    // SAFETY: getegid has no preconditions and cannot fail.
    let group = unsafe { libc::getegid() };
    for d in [dir, games.as_path()] {
        std::os::unix::fs::chown(d, None, Some(group)).map_err(|e| out_error(dir, &e))?;
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(crate::private_file::DIR_MODE))
            .map_err(|e| out_error(dir, &e))?;
    }
    Ok(())
}

/// What is wrong with `dir` as a results folder, and what to do about it.
pub(super) fn out_error(dir: &Path, e: &std::io::Error) -> TournamentError {
    // The first part of the path that exists and is not a folder, if any.
    let file = dir.ancestors().filter(|p| !p.as_os_str().is_empty()).find(|p| p.exists() && !p.is_dir());
    let problem = match (file, e.raw_os_error()) {
        (Some(file), _) => {
            format!("{} is a file, not a folder: give --out a folder (created if missing)", file.display())
        }
        (None, Some(libc::EACCES | libc::EPERM)) => {
            "permission denied: give --out a folder you can write to".to_string()
        }
        (None, Some(libc::EROFS)) => "the file system is read-only: give --out a folder on a writable disk".to_string(),
        (None, Some(libc::ENOSPC | libc::EDQUOT)) => {
            "the disk is full: free some space or give --out another disk".to_string()
        }
        _ => format!("{e}: give --out a folder you can create and write to"),
    };
    TournamentError::Out { dir: dir.to_path_buf(), problem }
}

/// Held while a folder is written; dropping it releases the lock.
#[derive(Debug)]
pub struct DirLock {
    _lock: Flock<File>,
}

/// How long to wait for a lock whose holder has died: a child it forked may still hold the lock
/// for the few milliseconds until its `exec` (a run killed with SIGKILL while starting a bot).
const DEAD_HOLDER_GRACE: Duration = Duration::from_secs(5);

/// Locks `dir` (which must exist) for this process, or says who holds it.
pub fn lock_dir(dir: &Path) -> Result<DirLock, TournamentError> {
    let start = Instant::now();
    loop {
        match try_lock_dir(dir) {
            Err(TournamentError::Locked { holder: Some(pid), .. })
                if !Path::new(&format!("/proc/{pid}")).exists() && start.elapsed() < DEAD_HOLDER_GRACE =>
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            result => return result,
        }
    }
}

fn try_lock_dir(dir: &Path) -> Result<DirLock, TournamentError> {
    let path = dir.join(".lock");
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(&path)
        .map_err(|e| out_error(dir, &e))?;
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

#[cfg(test)]
mod out_tests {
    use super::*;

    #[test]
    fn a_file_in_the_way_is_named_with_the_fix() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("results");
        std::fs::write(&file, "not a folder").unwrap();
        for out in [file.clone(), file.join("sub")] {
            let message = create(&out).unwrap_err().to_string();
            assert!(
                message.starts_with(&format!("--out {}: {} is a file", out.display(), file.display())),
                "{message}"
            );
            assert!(message.contains("give --out a folder"), "{message}");
        }
        let fresh = dir.path().join("a/b");
        create(&fresh).unwrap();
        for d in [&fresh, &fresh.join("games")] {
            assert_eq!(std::fs::metadata(d).unwrap().permissions().mode() & 0o777, 0o750);
        }
    }
}
