//! Submissions: an upload checked (a source file of a known language, text not a binary, or an
//! archive of sources; within the size limit, before the deadline), kept content-addressed in
//! `submissions/<sha256>.<ext>` (written whole, then renamed; an archive also unpacked into the
//! folder `submissions/<sha256>/`, the bot's own), and recorded as the student's next version,
//! queued for the build and the check.

use std::io::Write;
use std::path::{Path, PathBuf};

use rusqlite::OptionalExtension;

use super::accounts::sha256_hex;
use super::archive::{self, ArchiveError, Files};
use super::db::{Db, now};
use super::error::ServerError;
use super::roster::version_name;
use crate::tournament::BotRun;
use crate::tournament::submissions::find_bot;

/// The languages a submission may be in, by file extension.
pub const EXTENSIONS: [&str; 5] = ["c", "cpp", "cc", "cxx", "py"];

/// Why an upload is refused (nothing is stored).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the submission deadline has passed: uploads are closed")]
    Deadline,
    #[error("the file is {size} bytes, over the limit of {limit} bytes: send the source only")]
    TooLarge { size: u64, limit: u64 },
    #[error(
        "'{0}' is not a C, C++ or Python source nor a .zip, .tar or .tar.gz archive: name it bot.c, bot.cpp or main.py"
    )]
    Extension(String),
    #[error("{0}")]
    Archive(#[from] ArchiveError),
    #[error("no bot found in the archive: {0}")]
    NoBot(String),
    #[error("the file is empty")]
    Empty,
    #[error("the file is not text (a compiled program?): send the source")]
    Binary,
    #[error("no file was sent: choose one in the form")]
    Missing,
}

impl Refusal {
    /// The same in Portuguese, for the student's page.
    pub fn pt(&self) -> String {
        match self {
            Refusal::Deadline => "o prazo de envio passou: envios encerrados".into(),
            Refusal::TooLarge { size, limit } => {
                format!("o arquivo tem {size} bytes, acima do limite de {limit} bytes: envie só o fonte")
            }
            Refusal::Extension(name) => format!(
                "'{name}' não é um fonte C, C++ ou Python nem um arquivo .zip, .tar ou .tar.gz: chame-o bot.c, bot.cpp ou main.py"
            ),
            Refusal::Archive(e) => e.pt(),
            Refusal::NoBot(why) => format!("nenhum bot encontrado no arquivo compactado: {why}"),
            Refusal::Empty => "o arquivo está vazio".into(),
            Refusal::Binary => "o arquivo não é texto (um programa compilado?): envie o fonte".into(),
            Refusal::Missing => "nenhum arquivo foi enviado: escolha um no formulário".into(),
        }
    }
}

/// What an upload holds: one source file (its extension) or an archive's files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Upload {
    Source(&'static str),
    Archive(archive::Kind, Files),
}

/// The extension of an uploaded file name, if it is a known language's, as the file is stored:
/// C++'s other names (`.C`, `.c++`, as `juiz play` takes them) are stored as `.cpp`.
pub fn extension_of(file_name: &str) -> Option<&'static str> {
    let raw = Path::new(file_name).extension()?.to_str()?;
    if raw == "C" || raw.eq_ignore_ascii_case("c++") {
        return Some("cpp");
    }
    let ext = raw.to_ascii_lowercase();
    EXTENSIONS.iter().copied().find(|e| *e == ext)
}

/// Checks an upload: what it holds, or why it is refused.
pub fn check_upload(file_name: &str, bytes: &[u8], limit: u64) -> Result<Upload, Refusal> {
    if bytes.len() as u64 > limit {
        return Err(Refusal::TooLarge { size: bytes.len() as u64, limit });
    }
    if bytes.is_empty() {
        return Err(Refusal::Empty);
    }
    if let Some(kind) = archive::Kind::of(file_name) {
        let files = archive::unpack(kind, bytes, archive::Limits::for_upload(limit))?;
        return Ok(Upload::Archive(kind, files));
    }
    let ext = extension_of(file_name).ok_or_else(|| Refusal::Extension(file_name.to_string()))?;
    if bytes.contains(&0) || std::str::from_utf8(bytes).is_err() {
        return Err(Refusal::Binary);
    }
    Ok(Upload::Source(ext))
}

/// How to run a version kept at `file` (relative to the course's data folder): an archive's
/// folder by the submissions folder rule (`tournament::submissions`, `Unusable` where it finds
/// no bot), a Python script with python3, a C or C++ source built.
pub fn version_run(data: &Path, file: &str) -> BotRun {
    let path = data.join(file);
    if path.is_dir() {
        return find_bot(&path).unwrap_or_else(BotRun::Unusable);
    }
    if path.extension().is_some_and(|e| e == "py") {
        BotRun::Command(shlex::try_join(["python3", &path.to_string_lossy()]).unwrap_or_default())
    } else {
        BotRun::Build(path)
    }
}

/// Where a submission's bytes are kept (a single file is run from a folder of its own beside
/// them: `add_version`).
pub fn submission_path(data: &Path, sha: &str, ext: &str) -> PathBuf {
    data.join("submissions").join(format!("{sha}.{ext}"))
}

/// Stores the upload (once per content) and records the student's next version, queued: its
/// id, or why it is refused (an archive in which the submissions folder rule finds no bot); the
/// outer error is the server's.
pub fn add_version(
    db: &Db,
    data: &Path,
    student: &str,
    file_name: &str,
    upload: &Upload,
    bytes: &[u8],
) -> Result<Result<i64, Refusal>, ServerError> {
    let sha = sha256_hex(bytes);
    let ext = match upload {
        Upload::Source(ext) => ext,
        Upload::Archive(kind, _) => kind.extension(),
    };
    let kept = submission_path(data, &sha, ext);
    let dir = kept.parent().expect("a file in a folder");
    std::fs::create_dir_all(dir).map_err(ServerError::io(dir))?;
    super::db::open_to_bots(dir)?;
    // An archive's folder first: a refused archive keeps nothing. A single file gets a folder
    // of its own (`<sha>/bot.<ext>`): a build copies the headers a source includes from its
    // folder, which must hold nothing of another student's.
    let path = match upload {
        Upload::Source(ext) => {
            let folder = dir.join(&sha);
            let file = folder.join(format!("bot.{ext}"));
            if !file.is_file() {
                std::fs::create_dir_all(&folder).map_err(ServerError::io(&folder))?;
                super::db::open_to_bots(&folder)?;
                write_once(&file, bytes)?;
            }
            file
        }
        Upload::Archive(_, files) => {
            let folder = dir.join(&sha);
            if let Err(refusal) = unpack_once(&folder, files)? {
                return Ok(Err(refusal));
            }
            folder
        }
    };
    write_once(&kept, bytes)?;
    let file = path.strip_prefix(data).unwrap_or(&path).display().to_string();
    let original: String = file_name.chars().filter(|c| !c.is_control()).take(100).collect();
    db.tx(|tx| {
        // The same bytes again while the student's latest version of them is waiting, being
        // checked or active (a double click, two tabs): that version, not a second one.
        let same: Option<i64> = tx
            .query_row(
                "SELECT id FROM versions WHERE student = ?1 AND sha256 = ?2
                 AND state IN ('queued', 'building', 'checking', 'ready')
                 AND number = (SELECT MAX(number) FROM versions WHERE student = ?1)",
                [student, &sha],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = same {
            return Ok(id);
        }
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
    .map(Ok)
}

/// Writes `bytes` to `path` unless it is there: whole (a temporary file renamed), readable by
/// the server's user only (juiz opens a source for its bot's private copy and for the compiler's).
fn write_once(path: &Path, bytes: &[u8]) -> Result<(), ServerError> {
    use std::os::unix::fs::PermissionsExt;
    if path.is_file() {
        return Ok(());
    }
    let dir = path.parent().expect("a file in a folder");
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(ServerError::io(dir))?;
    tmp.write_all(bytes).and_then(|()| tmp.as_file().sync_all()).map_err(ServerError::io(path))?;
    tmp.as_file().set_permissions(std::fs::Permissions::from_mode(0o600)).map_err(ServerError::io(path))?;
    tmp.persist(path).map_err(|e| ServerError::io(path)(e.error))?;
    Ok(())
}

/// Unpacks an archive's `files` into the folder `dir` unless it is there, marked as the bot's
/// own (a script may read its modules), once the submissions folder rule finds a bot in it
/// (else nothing is kept): a whole folder or none (written beside it, then renamed).
fn unpack_once(dir: &Path, files: &Files) -> Result<Result<(), Refusal>, ServerError> {
    use std::os::unix::fs::PermissionsExt;
    if dir.is_dir() {
        return Ok(Ok(()));
    }
    let parent = dir.parent().expect("a folder in a folder");
    let tmp = tempfile::Builder::new().prefix(".unpacking").tempdir_in(parent).map_err(ServerError::io(parent))?;
    archive::write_folder(files, tmp.path()).map_err(ServerError::io(tmp.path()))?;
    let mark = tmp.path().join(crate::bot::OWN_FOLDER_MARK);
    std::fs::write(&mark, b"").map_err(ServerError::io(&mark))?;
    std::fs::set_permissions(&mark, std::fs::Permissions::from_mode(0o644)).map_err(ServerError::io(&mark))?;
    std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o755))
        .map_err(ServerError::io(tmp.path()))?;
    if let Err(why) = find_bot(tmp.path()) {
        return Ok(Err(Refusal::NoBot(why)));
    }
    let staged = tmp.keep();
    if let Err(e) = std::fs::rename(&staged, dir) {
        // The same archive unpacked at the same time by another upload: theirs is kept.
        let _ = std::fs::remove_dir_all(&staged);
        if !dir.is_dir() {
            return Err(ServerError::io(dir)(e));
        }
    }
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uploads_are_checked() {
        assert_eq!(check_upload("bot.c", b"int main(){}", 100), Ok(Upload::Source("c")));
        assert_eq!(check_upload("Main.PY", b"print(1)", 100), Ok(Upload::Source("py")));
        // C++ under the names `juiz play` takes, stored as `.cpp`; `.c` stays C.
        assert_eq!(check_upload("bot.C", b"int main(){}", 100), Ok(Upload::Source("cpp")));
        assert_eq!(check_upload("bot.c++", b"int main(){}", 100), Ok(Upload::Source("cpp")));
        assert_eq!(check_upload("bot.c", &[b'x'; 101], 100), Err(Refusal::TooLarge { size: 101, limit: 100 }));
        assert_eq!(check_upload("bot.exe", b"x", 100), Err(Refusal::Extension("bot.exe".into())));
        assert_eq!(check_upload("bot.c", b"\x7fELF\0\0", 100), Err(Refusal::Binary));
        assert_eq!(check_upload("bot.c", b"", 100), Err(Refusal::Empty));
    }
}
