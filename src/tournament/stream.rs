//! `games.csv` read and rewritten without holding its rows: a streaming scan (a torn last line
//! detected as `decode` does), and the rewrite in schedule order from a small index of where each
//! row lies (16 bytes a game), each row handed on once as it is written.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::error::TournamentError;
use super::rows::{GameRow, HEADER, decode_record, encode_row};

/// Where one row lies in its file.
#[derive(Debug, Clone, Copy)]
pub(super) struct Span {
    pub start: u64,
    pub len: u32,
}

/// What a scan found besides the rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Scanned {
    /// The length of the good prefix (without a torn last line), and of the whole file.
    pub good_len: u64,
    pub file_len: u64,
}

/// The offset just past the last newline of `file` (0 if it has none), read from the end.
fn complete_len(file: &File, file_len: u64) -> std::io::Result<u64> {
    let mut block = vec![0u8; 64 * 1024];
    let mut end = file_len;
    while end > 0 {
        let start = end.saturating_sub(block.len() as u64);
        let chunk = &mut block[..(end - start) as usize];
        file.read_exact_at(chunk, start)?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            return Ok(start + i as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

/// Reads the rows of `games.csv` one at a time, each with where it lies, without changing the
/// file: the same rows, errors and good prefix as `decode` on the whole file. A missing file has
/// no rows.
pub(super) fn scan(
    path: &Path,
    each: &mut dyn FnMut(GameRow, Span) -> Result<(), TournamentError>,
) -> Result<Scanned, TournamentError> {
    let io = |e: std::io::Error| TournamentError::io(path)(e);
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Scanned { good_len: 0, file_len: 0 }),
        Err(e) => return Err(io(e)),
    };
    let file_len = file.metadata().map_err(&io)?.len();
    let complete = complete_len(&file, file_len).map_err(&io)?;
    if complete == 0 {
        return Ok(Scanned { good_len: 0, file_len });
    }
    file.seek(SeekFrom::Start(0)).map_err(&io)?;
    let reader = BufReader::with_capacity(64 * 1024, (&file).take(complete));
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(reader);
    let bad = |line: u64, message: String| TournamentError::BadGamesCsv { path: path.to_path_buf(), line, message };
    let mut record = csv::StringRecord::new();
    let read = |reader: &mut csv::Reader<_>, record: &mut csv::StringRecord| {
        reader.read_record(record).map_err(|e| bad(e.position().map_or(0, |p| p.line()), e.to_string()))
    };
    if !read(&mut reader, &mut record)? {
        return Ok(Scanned { good_len: 0, file_len });
    }
    if record.iter().ne(HEADER.iter().copied()) {
        return Err(bad(1, format!("the header is not the games.csv header ({})", HEADER.join(","))));
    }
    // One record of look-ahead: a bad record is torn only if it is the last one.
    let mut pending: Option<csv::StringRecord> = None;
    let mut next = csv::StringRecord::new();
    loop {
        let more = read(&mut reader, &mut next)?;
        let end = if more { next.position().map_or(complete, |p| p.byte()) } else { complete };
        if let Some(current) = pending.take() {
            let start = current.position().map_or(0, |p| p.byte());
            match decode_record(&current) {
                Ok(row) => {
                    let len = u32::try_from(end - start).map_err(|_| bad(line_of(&current), "row too long".into()))?;
                    each(row, Span { start, len })?;
                }
                Err(_) if !more => return Ok(Scanned { good_len: start, file_len }),
                Err(message) => return Err(bad(line_of(&current), message)),
            }
        }
        if !more {
            return Ok(Scanned { good_len: complete, file_len });
        }
        pending = Some(std::mem::take(&mut next));
    }
}

fn line_of(record: &csv::StringRecord) -> u64 {
    record.position().map_or(0, |p| p.line())
}

/// One row to write: its schedule index, which source file and where in it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub index: u32,
    pub source: u32,
    pub span: Span,
}

/// Writes `out` atomically as the header then the rows of `entries` in schedule order, each read
/// from its source file, decoded and encoded again (as `encode_all` would); `each` sees every
/// row in that order. An `out` that already holds those bytes is left as it was.
pub(super) fn rewrite_sorted(
    out: &Path,
    sources: &[(PathBuf, File)],
    mut entries: Vec<Entry>,
    each: &mut dyn FnMut(&GameRow),
) -> Result<(), TournamentError> {
    entries.sort_by_key(|e| e.index);
    let dir = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let tmp = tempfile::NamedTempFile::new_in(dir).map_err(TournamentError::io(dir))?;
    let mut w = BufWriter::with_capacity(64 * 1024, tmp.as_file());
    let io = |e: std::io::Error| TournamentError::io(out)(e);
    let mut header = HEADER.join(",").into_bytes();
    header.push(b'\n');
    w.write_all(&header).map_err(&io)?;
    let mut line = Vec::new();
    for entry in entries {
        let (path, file) = &sources[entry.source as usize];
        line.resize(entry.span.len as usize, 0);
        file.read_exact_at(&mut line, entry.span.start).map_err(TournamentError::io(path))?;
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(line.as_slice());
        let mut record = csv::StringRecord::new();
        let changed = || TournamentError::BadGamesCsv {
            path: path.to_path_buf(),
            line: 0,
            message: "the file changed while it was being rewritten".into(),
        };
        if !reader.read_record(&mut record).map_err(|_| changed())? {
            return Err(changed());
        }
        let row = decode_record(&record).map_err(|_| changed())?;
        w.write_all(&encode_row(&row)).map_err(&io)?;
        each(&row);
    }
    w.flush().map_err(&io)?;
    drop(w);
    super::rows::set_result_mode(tmp.as_file()).map_err(&io)?;
    tmp.as_file().sync_all().map_err(&io)?;
    // The same rows in the same order: the file stays as it was (a rerun that plays nothing).
    if super::rows::same_content(tmp.path(), out) {
        return Ok(());
    }
    tmp.persist(out).map_err(|e| io(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::rows::{decode, encode_all};

    fn row(i: u32) -> GameRow {
        GameRow {
            game_id: format!("r0001-a-b-d{i:03}-s0"),
            pairing: "a-b".into(),
            deal: i,
            seats: "a b".into(),
            seed: u64::from(i) * 7,
            score0: 10,
            score1: -5,
            winner: "a".into(),
            verdict: crate::referee::Verdict::Nok,
            fault_kind: "crash".into(),
            faulty_bot: "b".into(),
            fault_detail: "said \"bye\", then, left".into(),
            turns: i,
            duration_ms: 3,
            log: String::new(),
            replays: String::new(),
            check: String::new(),
        }
    }

    #[test]
    fn scan_finds_what_decode_finds_and_rewrite_sorts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.csv");
        let rows: Vec<GameRow> = [3, 1, 2].into_iter().map(row).collect();
        let full = encode_all(&rows);
        for cut in [0, 5, full.len() - 40, full.len() - 1, full.len()] {
            std::fs::write(&path, &full[..cut]).unwrap();
            let (expected, good) = decode(&full[..cut], &path).unwrap();
            let mut got = Vec::new();
            let mut entries = Vec::new();
            let scanned = scan(&path, &mut |r, span| {
                entries.push(Entry { index: r.deal, source: 0, span });
                got.push(r);
                Ok(())
            })
            .unwrap();
            assert_eq!((got, scanned), (expected.clone(), Scanned { good_len: good as u64, file_len: cut as u64 }));
            let out = dir.path().join("sorted.csv");
            let sources = [(path.clone(), File::open(&path).unwrap())];
            let mut seen = Vec::new();
            rewrite_sorted(&out, &sources, entries, &mut |r| seen.push(r.clone())).unwrap();
            let mut sorted = expected;
            sorted.sort_by_key(|r| r.deal);
            assert_eq!(seen, sorted);
            assert_eq!(std::fs::read(&out).unwrap(), encode_all(&sorted));
        }
    }
}
