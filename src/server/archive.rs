//! Archive submissions (`.zip`, `.tar`, `.tar.gz`): unpacked in memory within limits, refusing
//! what a hostile archive holds (paths outside its folder, links, devices, more than it says it
//! holds, compiled programs), then written as the version's own folder.

use std::io::{Cursor, Read};
use std::path::{Component, Path, PathBuf};

/// The archive formats a submission may come in, by the file name's ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Zip,
    Tar,
    TarGz,
}

impl Kind {
    /// The kind of `file_name`, if it names an archive.
    pub fn of(file_name: &str) -> Option<Kind> {
        let name = file_name.to_ascii_lowercase();
        [(".zip", Kind::Zip), (".tar.gz", Kind::TarGz), (".tgz", Kind::TarGz), (".tar", Kind::Tar)]
            .into_iter()
            .find_map(|(end, kind)| name.ends_with(end).then_some(kind))
    }

    /// The extension its stored copy gets.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Zip => "zip",
            Kind::Tar => "tar",
            Kind::TarGz => "tar.gz",
        }
    }
}

/// What an archive may hold.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub files: usize,
    /// Bytes of all files together, unpacked.
    pub total: u64,
    /// Folders deep.
    pub depth: usize,
}

impl Limits {
    /// For uploads of at most `upload_limit` bytes: 100 files, 8 times the upload unpacked.
    pub fn for_upload(upload_limit: u64) -> Limits {
        Limits { files: 100, total: upload_limit.saturating_mul(8), depth: 8 }
    }
}

/// An archive's files: paths relative to its folder, and contents.
pub type Files = Vec<(PathBuf, Vec<u8>)>;

/// Why an archive is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArchiveError {
    #[error("not a readable {0} file: {1}")]
    Unreadable(&'static str, String),
    #[error("the archive holds no file")]
    Empty,
    #[error("'{0}' is a link: send plain files only")]
    Link(String),
    #[error("'{0}' is not a plain file: send plain files only")]
    Special(String),
    #[error("'{0}' points outside the archive's folder: send plain relative paths")]
    Outside(String),
    #[error("'{0}' is not a plain file name")]
    BadName(String),
    #[error("'{0}' is a name juiz keeps for itself")]
    Reserved(String),
    #[error("'{0}' is more than {1} folders deep")]
    Deep(String, usize),
    #[error("'{0}' is in the archive twice")]
    Twice(String),
    #[error("'{0}' is not text (a compiled program?): send sources only")]
    NotText(String),
    #[error("the archive holds more than {0} files: send the bot's sources only")]
    TooMany(usize),
    #[error("the archive unpacks to more than {0} bytes: send the bot's sources only")]
    TooBig(u64),
}

impl ArchiveError {
    /// The same in Portuguese.
    pub fn pt(&self) -> String {
        match self {
            ArchiveError::Unreadable(kind, e) => format!("não é um arquivo {kind} legível: {e}"),
            ArchiveError::Empty => "o arquivo compactado não tem nenhum arquivo".into(),
            ArchiveError::Link(n) => format!("'{n}' é um link: envie só arquivos comuns"),
            ArchiveError::Special(n) => format!("'{n}' não é um arquivo comum: envie só arquivos comuns"),
            ArchiveError::Outside(n) => {
                format!("'{n}' aponta para fora da pasta do arquivo compactado: use caminhos relativos simples")
            }
            ArchiveError::BadName(n) => format!("'{n}' não é um nome de arquivo simples"),
            ArchiveError::Reserved(n) => format!("'{n}' é um nome que o juiz reserva para si"),
            ArchiveError::Deep(n, d) => format!("'{n}' está a mais de {d} pastas de profundidade"),
            ArchiveError::Twice(n) => format!("'{n}' aparece duas vezes no arquivo compactado"),
            ArchiveError::NotText(n) => format!("'{n}' não é texto (um programa compilado?): envie só os fontes"),
            ArchiveError::TooMany(max) => {
                format!("o arquivo compactado tem mais de {max} arquivos: envie só os fontes do bot")
            }
            ArchiveError::TooBig(max) => {
                format!("o arquivo compactado descompactado passa de {max} bytes: envie só os fontes do bot")
            }
        }
    }
}

/// The files of an archive of `kind`, or why it is refused.
pub fn unpack(kind: Kind, bytes: &[u8], limits: Limits) -> Result<Files, ArchiveError> {
    let mut files = match kind {
        Kind::Zip => unzip(bytes, limits)?,
        Kind::Tar => untar(bytes, limits)?,
        Kind::TarGz => untar(&gunzip(bytes, limits)?, limits)?,
    };
    strip_common_folder(&mut files);
    if files.is_empty() {
        return Err(ArchiveError::Empty);
    }
    Ok(files)
}

fn unzip(bytes: &[u8], limits: Limits) -> Result<Files, ArchiveError> {
    let unreadable = |e: zip::result::ZipError| ArchiveError::Unreadable("zip", e.to_string());
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(unreadable)?;
    let mut out = Tally::new(limits);
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(unreadable)?;
        let name = entry.name().map_err(unreadable)?.into_owned();
        if entry.is_dir() {
            continue;
        }
        if entry.is_symlink() {
            return Err(ArchiveError::Link(shown(&name)));
        }
        let path = safe_path(&name, limits)?;
        // Read no more than the limit allows, whatever the entry says it holds.
        let data = out.read(&name, &mut entry)?;
        out.add(path, data)?;
    }
    Ok(out.files)
}

fn untar(bytes: &[u8], limits: Limits) -> Result<Files, ArchiveError> {
    let unreadable = |e: std::io::Error| ArchiveError::Unreadable("tar", e.to_string());
    let mut tar = tar::Archive::new(Cursor::new(bytes));
    let mut out = Tally::new(limits);
    for entry in tar.entries().map_err(unreadable)? {
        let mut entry = entry.map_err(unreadable)?;
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        match entry.header().entry_type() {
            tar::EntryType::Directory => continue,
            tar::EntryType::Regular | tar::EntryType::Continuous => {}
            // Metadata of the archive, not files.
            tar::EntryType::XGlobalHeader | tar::EntryType::XHeader => continue,
            tar::EntryType::Symlink | tar::EntryType::Link => return Err(ArchiveError::Link(shown(&name))),
            _ => return Err(ArchiveError::Special(shown(&name))),
        }
        let path = safe_path(&name, limits)?;
        let data = out.read(&name, &mut entry)?;
        out.add(path, data)?;
    }
    Ok(out.files)
}

fn gunzip(bytes: &[u8], limits: Limits) -> Result<Vec<u8>, ArchiveError> {
    let mut data = Vec::new();
    // The tar's own headers add to its files: room for one 512-byte header per file, and two
    // end blocks.
    let room = limits.total + 512 * (2 * limits.files as u64 + 2);
    flate2::read::GzDecoder::new(bytes)
        .take(room + 1)
        .read_to_end(&mut data)
        .map_err(|e| ArchiveError::Unreadable("tar.gz", e.to_string()))?;
    if data.len() as u64 > room {
        return Err(ArchiveError::TooBig(limits.total));
    }
    Ok(data)
}

/// The files read so far, against the limits.
struct Tally {
    files: Files,
    total: u64,
    limits: Limits,
}

impl Tally {
    fn new(limits: Limits) -> Tally {
        Tally { files: Vec::new(), total: 0, limits }
    }

    fn read(&mut self, name: &str, entry: &mut dyn Read) -> Result<Vec<u8>, ArchiveError> {
        let room = self.limits.total - self.total;
        let mut data = Vec::new();
        let unreadable = |e: std::io::Error| ArchiveError::Unreadable("archive", format!("{}: {e}", shown(name)));
        entry.take(room + 1).read_to_end(&mut data).map_err(unreadable)?;
        if data.len() as u64 > room {
            return Err(ArchiveError::TooBig(self.limits.total));
        }
        if data.contains(&0) || std::str::from_utf8(&data).is_err() {
            return Err(ArchiveError::NotText(shown(name)));
        }
        Ok(data)
    }

    fn add(&mut self, path: PathBuf, data: Vec<u8>) -> Result<(), ArchiveError> {
        if self.files.len() == self.limits.files {
            return Err(ArchiveError::TooMany(self.limits.files));
        }
        if self.files.iter().any(|(p, _)| *p == path) {
            return Err(ArchiveError::Twice(path.display().to_string()));
        }
        self.total += data.len() as u64;
        self.files.push((path, data));
        Ok(())
    }
}

/// A name as shown in a message: printable, at most 100 characters.
fn shown(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).take(100).collect()
}

/// `name` as a relative path inside the archive's folder, or why not.
fn safe_path(name: &str, limits: Limits) -> Result<PathBuf, ArchiveError> {
    let outside = || ArchiveError::Outside(shown(name));
    if name.contains('\\') || name.chars().any(char::is_control) {
        return Err(ArchiveError::BadName(shown(name)));
    }
    let mut path = PathBuf::new();
    for part in Path::new(name).components() {
        match part {
            Component::Normal(p) if p == crate::bot::OWN_FOLDER_MARK => {
                return Err(ArchiveError::Reserved(shown(name)));
            }
            Component::Normal(p) => path.push(p),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return Err(outside()),
        }
    }
    if path.as_os_str().is_empty() {
        return Err(outside());
    }
    if path.components().count() > limits.depth {
        return Err(ArchiveError::Deep(shown(name), limits.depth));
    }
    Ok(path)
}

/// An archive of one folder (`alice/bot.c`, `alice/util.h`) is taken as that folder's files.
fn strip_common_folder(files: &mut Files) {
    loop {
        let first = |p: &PathBuf| p.components().next().map(|c| c.as_os_str().to_owned());
        let Some(top) = files.first().and_then(|(p, _)| first(p)) else { return };
        let all_under = files.iter().all(|(p, _)| p.components().count() > 1 && first(p).as_ref() == Some(&top));
        if !all_under {
            return;
        }
        for (p, _) in files.iter_mut() {
            *p = p.strip_prefix(&top).expect("checked above").to_path_buf();
        }
    }
}

/// Writes `files` into `dir` (made, with the folders they need): folders 0755, files 0644, so
/// the bot's own uid can read them.
pub fn write_folder(files: &Files, dir: &Path) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    std::fs::DirBuilder::new().recursive(true).mode(0o755).create(dir)?;
    for (path, data) in files {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::DirBuilder::new().recursive(true).mode(0o755).create(parent)?;
        }
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o644).open(&target)?;
        file.write_all(data)?;
        file.sync_all()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits { files: 3, total: 100, depth: 2 };

    #[test]
    fn paths_stay_inside_the_folder() {
        assert_eq!(safe_path("a/./b.c", LIMITS), Ok(PathBuf::from("a/b.c")));
        for bad in ["../x.c", "a/../../x.c", "/etc/passwd", "", "./"] {
            assert!(matches!(safe_path(bad, LIMITS), Err(ArchiveError::Outside(_))), "{bad}");
        }
        assert!(matches!(safe_path("a\\b.c", LIMITS), Err(ArchiveError::BadName(_))));
        assert!(matches!(safe_path("a/b/c.c", LIMITS), Err(ArchiveError::Deep(_, 2))));
        assert!(matches!(safe_path("x/.juiz-bot-folder", LIMITS), Err(ArchiveError::Reserved(_))));
    }

    #[test]
    fn one_top_folder_is_taken_away() {
        let mut files: Files = vec![("s/x/bot.c".into(), vec![]), ("s/x/a.h".into(), vec![])];
        strip_common_folder(&mut files);
        assert_eq!(files.iter().map(|(p, _)| p.display().to_string()).collect::<Vec<_>>(), ["bot.c", "a.h"]);
        let mut mixed: Files = vec![("s/bot.c".into(), vec![]), ("t.h".into(), vec![])];
        strip_common_folder(&mut mixed);
        assert_eq!(mixed[0].0, PathBuf::from("s/bot.c"));
    }

    #[test]
    fn counts_and_sizes_are_limited() {
        let mut tally = Tally::new(LIMITS);
        let data = tally.read("a", &mut &b"hello"[..]).unwrap();
        tally.add("a".into(), data).unwrap();
        assert_eq!(tally.add("a".into(), vec![]), Err(ArchiveError::Twice("a".into())));
        assert_eq!(tally.read("big", &mut &[b'x'; 96][..]), Err(ArchiveError::TooBig(100)));
        assert_eq!(tally.read("bin", &mut &b"\x7fELF\0"[..]), Err(ArchiveError::NotText("bin".into())));
        tally.add("b".into(), vec![]).unwrap();
        tally.add("c".into(), vec![]).unwrap();
        assert_eq!(tally.add("d".into(), vec![]), Err(ArchiveError::TooMany(3)));
    }
}
