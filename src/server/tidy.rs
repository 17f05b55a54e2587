//! The course folder made safe at each start: what a killed server left half-written removed (an
//! archive being unpacked, an upload being written, a zip being made, a game's file being
//! compressed), and the folder made
//! private: readable by the server's user only (`course.db`, with the form secret, and every
//! uploaded source 0600; the folders 0700, or 0711 under root, where the bots' own uids must
//! pass through to their programs without listing anything).

use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::Path;

use super::error::ServerError;

/// Whether this process runs as root (bots then run under uids of their own).
fn root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Removes the leftovers of a killed server in `data`; returns what was removed, for the log.
pub fn clean_leftovers(data: &Path) -> Vec<String> {
    let mut removed = Vec::new();
    for (folder, prefixes) in [("submissions", &[".unpacking", ".tmp"][..]), ("final", &[".tmp"][..])] {
        let dir = data.join(folder);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let leftover = prefixes.iter().any(|p| name.starts_with(p)) || name.ends_with(".zip.tmp");
            if !leftover {
                continue;
            }
            let path = entry.path();
            let gone = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
            if gone.is_ok() {
                removed.push(format!("{folder}/{name}"));
            }
        }
    }
    // A game's or a check's file being compressed (`record::packed::pack`): its plain file is
    // still there, so the temporary copy goes.
    for folder in ["games", "versions", "human"] {
        let Ok(dirs) = std::fs::read_dir(data.join(folder)) else { continue };
        let mut dirs: Vec<_> = dirs.flatten().filter(|e| e.file_type().is_ok_and(|t| t.is_dir())).collect();
        dirs.sort_by_key(|e| e.file_name());
        for dir in dirs {
            let Ok(entries) = std::fs::read_dir(dir.path()) else { continue };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.starts_with(".packing") && std::fs::remove_file(entry.path()).is_ok() {
                    removed.push(format!("{folder}/{}/{name}", dir.file_name().to_string_lossy()));
                }
            }
        }
    }
    removed
}

/// Sets `path`'s mode to `mode` unless it has it; says so when it changed.
fn ensure(path: &Path, mode: u32, changed: &mut Vec<String>) -> Result<(), ServerError> {
    let Ok(meta) = std::fs::symlink_metadata(path) else { return Ok(()) };
    if meta.file_type().is_symlink() || meta.permissions().mode() & 0o7777 == mode {
        return Ok(());
    }
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(ServerError::io(path))?;
    changed.push(format!("{} {mode:o}", path.display()));
    Ok(())
}

/// Makes the course folder private (see the module doc) and returns what had to change. An
/// archive's folder stays readable under root: its bot reads it in place, as its own uid.
pub fn make_private(data: &Path) -> Result<Vec<String>, ServerError> {
    let dir_mode = if root() { 0o711 } else { 0o700 };
    let mut changed = Vec::new();
    ensure(data, dir_mode, &mut changed)?;
    for name in ["course.db", "course.db-wal", "course.db-shm", "serve.lock"] {
        ensure(&data.join(name), 0o600, &mut changed)?;
    }
    // The folders are made now with their mode, not later by the first upload or game with
    // the process's umask (readable by every local user).
    for folder in ["submissions", "games", "versions", "final"] {
        let path = data.join(folder);
        match std::fs::DirBuilder::new().mode(dir_mode).create(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(ServerError::io(&path)(e)),
            _ => {}
        }
    }
    let submissions = data.join("submissions");
    ensure(&submissions, dir_mode, &mut changed)?;
    if let Ok(entries) = std::fs::read_dir(&submissions) {
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_file() => ensure(&path, 0o600, &mut changed)?,
                Ok(t) if t.is_dir() && !root() => private_tree(&path, &mut changed)?,
                _ => {}
            }
        }
    }
    for folder in ["games", "versions", "final"] {
        ensure(&data.join(folder), dir_mode, &mut changed)?;
    }
    Ok(changed)
}

/// An archive's folder, when the bots run as the server's own user: 0700 folders, 0600 files.
fn private_tree(dir: &Path, changed: &mut Vec<String>) -> Result<(), ServerError> {
    ensure(dir, 0o700, changed)?;
    for entry in std::fs::read_dir(dir).map_err(ServerError::io(dir))?.flatten() {
        match entry.file_type() {
            Ok(t) if t.is_dir() => private_tree(&entry.path(), changed)?,
            Ok(t) if t.is_file() => ensure(&entry.path(), 0o600, changed)?,
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftovers_go_and_the_folder_becomes_private() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path();
        let subs = data.join("submissions");
        std::fs::create_dir_all(subs.join(".unpackingAbC/inner")).unwrap();
        std::fs::write(subs.join(".tmpXyZ"), b"half").unwrap();
        std::fs::write(subs.join("abc.c"), b"int main(){}").unwrap();
        std::fs::set_permissions(subs.join("abc.c"), std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::write(data.join("course.db"), b"").unwrap();
        std::fs::set_permissions(data.join("course.db"), std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::create_dir_all(data.join("games/7")).unwrap();
        std::fs::write(data.join("games/7/g1.csv"), b"seq").unwrap();
        std::fs::write(data.join("games/7/.packingQ1w"), b"half").unwrap();
        let mut removed = clean_leftovers(data);
        removed.sort();
        assert_eq!(removed, ["games/7/.packingQ1w", "submissions/.tmpXyZ", "submissions/.unpackingAbC"]);
        assert!(data.join("games/7/g1.csv").is_file());
        assert!(subs.join("abc.c").is_file());
        make_private(data).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&data.join("course.db")), 0o600);
        assert_eq!(mode(&subs.join("abc.c")), 0o600);
        assert_eq!(mode(data), if root() { 0o711 } else { 0o700 });
        assert!(make_private(data).unwrap().is_empty(), "a second start changes nothing");
        for folder in ["versions", "final"] {
            assert_eq!(mode(&data.join(folder)), mode(data), "{folder} made at start, as private as the course folder");
        }
    }
}
