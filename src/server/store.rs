//! Submissions: an upload checked (a source file of a known language, text not a binary, within
//! the size limit, before the deadline), kept content-addressed in `submissions/<sha256>.<ext>`
//! (written whole, then renamed), and recorded as the student's next version, queued for the
//! build and the check.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::accounts::sha256_hex;
use super::db::{Db, now};
use super::error::ServerError;
use super::roster::version_name;

/// The languages a submission may be in, by file extension.
pub const EXTENSIONS: [&str; 5] = ["c", "cpp", "cc", "cxx", "py"];

/// Why an upload is refused (nothing is stored).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the submission deadline has passed: uploads are closed")]
    Deadline,
    #[error("the file is {size} bytes, over the limit of {limit} bytes: send the source only")]
    TooLarge { size: u64, limit: u64 },
    #[error("'{0}' is not a C, C++ or Python source: name it bot.c, bot.cpp or main.py")]
    Extension(String),
    #[error("the file is empty")]
    Empty,
    #[error("the file is not text (a compiled program?): send the source")]
    Binary,
    #[error("no file was sent: choose one in the form")]
    Missing,
}

/// The extension of an uploaded file name, if it is a known language's.
pub fn extension_of(file_name: &str) -> Option<&'static str> {
    let ext = Path::new(file_name).extension()?.to_str()?.to_ascii_lowercase();
    EXTENSIONS.iter().copied().find(|e| *e == ext)
}

/// Checks an upload: `Ok(extension)` or why it is refused.
pub fn check_upload(file_name: &str, bytes: &[u8], limit: u64) -> Result<&'static str, Refusal> {
    if bytes.len() as u64 > limit {
        return Err(Refusal::TooLarge { size: bytes.len() as u64, limit });
    }
    let ext = extension_of(file_name).ok_or_else(|| Refusal::Extension(file_name.to_string()))?;
    if bytes.is_empty() {
        return Err(Refusal::Empty);
    }
    if bytes.contains(&0) || std::str::from_utf8(bytes).is_err() {
        return Err(Refusal::Binary);
    }
    Ok(ext)
}

/// Where a submission's bytes are kept.
pub fn submission_path(data: &Path, sha: &str, ext: &str) -> PathBuf {
    data.join("submissions").join(format!("{sha}.{ext}"))
}

/// Stores the bytes (once per content) and records the student's next version, queued. Returns
/// the version's id.
pub fn add_version(
    db: &Db,
    data: &Path,
    student: &str,
    file_name: &str,
    ext: &str,
    bytes: &[u8],
) -> Result<i64, ServerError> {
    let sha = sha256_hex(bytes);
    let path = submission_path(data, &sha, ext);
    if !path.is_file() {
        let dir = path.parent().expect("a file in a folder");
        std::fs::create_dir_all(dir).map_err(ServerError::io(dir))?;
        super::db::open_to_bots(dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(ServerError::io(dir))?;
        tmp.write_all(bytes).and_then(|()| tmp.as_file().sync_all()).map_err(ServerError::io(&path))?;
        // Readable by the bots' own uids (a root juiz runs each bot as a user of its own; the
        // sandbox keeps other bots out), as a bot's files must be.
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file().set_permissions(std::fs::Permissions::from_mode(0o644)).map_err(ServerError::io(&path))?;
        tmp.persist(&path).map_err(|e| ServerError::io(&path)(e.error))?;
    }
    let file = path.strip_prefix(data).unwrap_or(&path).display().to_string();
    let original: String = file_name.chars().filter(|c| !c.is_control()).take(100).collect();
    db.tx(|tx| {
        let number: i64 =
            tx.query_row("SELECT COALESCE(MAX(number), 0) + 1 FROM versions WHERE student = ?1", [student], |r| {
                r.get(0)
            })?;
        tx.execute(
            "INSERT INTO versions (student, name, number, sha256, file, original_name, uploaded, state)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'queued')",
            rusqlite::params![student, version_name(student, number), number, sha, file, original, now()],
        )?;
        Ok(tx.last_insert_rowid())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_are_checked() {
        assert_eq!(check_upload("bot.c", b"int main(){}", 100), Ok("c"));
        assert_eq!(check_upload("Main.PY", b"print(1)", 100), Ok("py"));
        assert_eq!(check_upload("bot.c", &[b'x'; 101], 100), Err(Refusal::TooLarge { size: 101, limit: 100 }));
        assert_eq!(check_upload("bot.exe", b"x", 100), Err(Refusal::Extension("bot.exe".into())));
        assert_eq!(check_upload("bot.c", b"\x7fELF\0\0", 100), Err(Refusal::Binary));
        assert_eq!(check_upload("bot.c", b"", 100), Err(Refusal::Empty));
    }
}
