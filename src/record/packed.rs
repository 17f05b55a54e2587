//! Game files kept compressed (zstd): a finished game's transcript and stderr logs packed into
//! `<file>.zst` beside where the plain file was (which goes), and read back from either form by
//! the plain file's path, so every reader (`Transcript::read`, `juiz replay`, the replay viewer,
//! the downloads) works on old plain files and new packed ones alike. A file is told packed by
//! zstd's magic number, whatever its name.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write as _};
use std::path::{Path, PathBuf};

/// zstd's frame magic number, the first four bytes of a packed file.
const MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// The compression level: zstd's default (fast, and most of the gain on transcripts).
const LEVEL: i32 = 3;

/// Where `path`'s packed form is: `<path>.zst`.
pub fn packed_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".zst");
    PathBuf::from(name)
}

/// The plain file's path a packed one stands for: `game.csv.zst` is `game.csv`, so that the
/// files beside it (`game.seat0.stderr`, packed or not) are found by the plain file's stem;
/// any other path is itself.
pub fn plain_path(path: &Path) -> PathBuf {
    match path.to_str().and_then(|p| p.strip_suffix(".zst")) {
        Some(plain) if !plain.is_empty() && !plain.ends_with('/') => PathBuf::from(plain),
        _ => path.to_path_buf(),
    }
}

/// Whether `path` is there, plain or packed.
pub fn exists(path: &Path) -> bool {
    path.is_file() || packed_path(path).is_file()
}

/// Opens `path` for reading its plain bytes: the file itself (decompressed if it is packed),
/// else its packed form `<path>.zst`.
pub fn open(path: &Path) -> std::io::Result<Box<dyn Read + Send>> {
    let file = match File::open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match File::open(packed_path(path)) {
            Ok(file) => return Ok(Box::new(zstd::stream::read::Decoder::new(file)?)),
            Err(_) => return Err(e),
        },
        other => other?,
    };
    let mut reader = BufReader::new(file);
    if reader.fill_buf()?.starts_with(&MAGIC) {
        return Ok(Box::new(zstd::stream::read::Decoder::with_buffer(reader)?));
    }
    Ok(Box::new(reader))
}

/// `path`'s plain bytes (see `open`).
pub fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Packs the plain file `path` into `<path>.zst` (written under a temporary name, then renamed,
/// with the file's permissions) and removes it; returns the bytes before and after.
pub fn pack(path: &Path) -> std::io::Result<(u64, u64)> {
    let plain = std::fs::read(path)?;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut temp = tempfile::Builder::new().prefix(".packing").tempfile_in(dir)?;
    let packed = zstd::stream::encode_all(plain.as_slice(), LEVEL)?;
    temp.write_all(&packed)?;
    temp.as_file().set_permissions(std::fs::metadata(path)?.permissions())?;
    temp.persist(packed_path(path)).map_err(|e| e.error)?;
    std::fs::remove_file(path)?;
    Ok((plain.len() as u64, packed.len() as u64))
}

/// Packs every plain file directly in `dir` (not those packed already); returns the bytes
/// before and after.
pub fn pack_folder(dir: &Path) -> std::io::Result<(u64, u64)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| p.extension().is_none_or(|x| x != "zst"))
        .collect();
    paths.sort();
    let mut total = (0, 0);
    for path in paths {
        let (before, after) = pack(&path)?;
        total = (total.0 + before, total.1 + after);
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_file_reads_as_the_plain_one_by_either_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.csv");
        let text = "seq,ms,seat,dir,text\n".to_string() + &"1,0,p1,>,HAND 3C 4D 5H\n".repeat(500);
        std::fs::write(&path, &text).unwrap();
        // Plain: read as it is.
        assert_eq!(read(&path).unwrap(), text.as_bytes());
        let (before, after) = pack_folder(dir.path()).unwrap();
        assert_eq!(before, text.len() as u64);
        assert!(after * 10 < before, "repetitive text packs well: {after} of {before}");
        assert!(!path.exists() && packed_path(&path).is_file() && exists(&path));
        // By the plain name and by the packed one.
        assert_eq!(read(&path).unwrap(), text.as_bytes());
        assert_eq!(read(&packed_path(&path)).unwrap(), text.as_bytes());
        // A second pass packs nothing again.
        assert_eq!(pack_folder(dir.path()).unwrap(), (0, 0));
        assert!(read(&dir.path().join("other.csv")).is_err());
        assert_eq!(plain_path(&packed_path(&path)), path);
        assert_eq!(plain_path(&path), path);
        assert_eq!(plain_path(Path::new(".zst")), Path::new(".zst"));
        assert!(!exists(&dir.path().join("other.csv")));
    }

    #[test]
    fn a_packed_transcript_reads_as_a_transcript() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.csv");
        let mut writer = crate::record::TranscriptWriter::create(&path).unwrap();
        use crate::record::key;
        writer.meta("", key::FORMAT, crate::record::FORMAT);
        writer.meta("", key::GAME, "itp");
        writer.meta("", key::SEED, "7");
        writer.meta("p1.a", key::WIRE_ID, "p1");
        writer.row("p1", crate::record::Direction::ToSeat, "HELLO");
        writer.finish().unwrap();
        let plain = crate::record::Transcript::read(&path).unwrap();
        pack(&path).unwrap();
        let packed = crate::record::Transcript::read(&path).unwrap();
        assert_eq!(packed.rows, plain.rows);
        assert_eq!(crate::record::Transcript::read(&packed_path(&path)).unwrap().rows, plain.rows);
    }
}
