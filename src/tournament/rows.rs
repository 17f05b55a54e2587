//! `games.csv`: the row of one finished game, its CSV encoding, the append-only writer, reading
//! it back with a torn last line detected (and, on resume, cut off), and atomic file rewrites.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::TournamentError;
use crate::referee::Verdict;

/// One finished game, as a row of `games.csv`. Field order is column order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRow {
    pub game_id: String,
    /// The pairing's two bots, `alice-bob`.
    pub pairing: String,
    pub deal: u32,
    /// The bot at each seat, space-separated, seat 0 first.
    pub seats: String,
    pub seed: u64,
    /// Side 0's score (seats 0 and 2) and side 1's (seats 1 and 3).
    pub score0: i64,
    pub score1: i64,
    /// The bot whose side won; empty for a draw, and for a game lost by both sides (a fault with
    /// no winner: see `lost_by_both`).
    pub winner: String,
    /// `OK` when nobody faulted, `NOK` otherwise (as the original referee's result line).
    pub verdict: Verdict,
    /// The fault's kind (`timeout`, `crash`, `illegal`, `build`...) and the bot that made it.
    pub fault_kind: String,
    pub faulty_bot: String,
    /// One line saying what went wrong, for a reader; empty when nothing did. It may quote a
    /// bot's line: written spreadsheet-safe (`record::cell`).
    #[serde(with = "crate::record::cell::serde")]
    pub fault_detail: String,
    pub turns: u32,
    pub duration_ms: u64,
    /// The game's transcript, relative to the results directory (`games/<id>.csv`).
    pub log: String,
    /// The attempts of this game set aside because the host spoiled them (`replays.rs`), `; `
    /// between them: `timeout-overload by eve`; empty when the first attempt counted.
    pub replays: String,
    /// `row_check` of the other fields with the tournament's identity: `--resume` and `merge`
    /// refuse a row that was edited or comes from another tournament.
    pub check: String,
}

/// The header of `games.csv`.
pub const HEADER: [&str; 17] = [
    "game_id",
    "pairing",
    "deal",
    "seats",
    "seed",
    "score0",
    "score1",
    "winner",
    "verdict",
    "fault_kind",
    "faulty_bot",
    "fault_detail",
    "turns",
    "duration_ms",
    "log",
    "replays",
    "check",
];

impl GameRow {
    /// The bot at each seat.
    pub fn seat_bots(&self) -> Vec<&str> {
        self.seats.split(' ').filter(|s| !s.is_empty()).collect()
    }

    /// A game both sides lost: no winner although someone faulted. Only a game that could not be
    /// played gives it (a bot of each side does not build or cannot run); a game played ends at
    /// its first fault, which the other side wins.
    pub fn lost_by_both(&self) -> bool {
        self.winner.is_empty() && !self.fault_kind.is_empty() && !self.is_void()
    }

    /// A game the host spoiled even when played again (`replays.rs`): recorded, counted for nobody.
    pub fn is_void(&self) -> bool {
        super::replays::is_host_problem(&self.fault_kind)
    }

    /// The bot of side 0 and of side 1.
    pub fn side_bots(&self) -> Option<[&str; 2]> {
        let seats = self.seat_bots();
        (seats.len() >= 2).then(|| [seats[0], seats[1]])
    }
}

/// The first 16 hex digits of the SHA-256 of `parts`, each ended by a NUL.
pub(super) fn digest(parts: &[&[u8]]) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(part);
        hash.update([0]);
    }
    hash.finalize()[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// A tournament's identity: the digest of its canonical `tournament.json` text.
pub fn identity(tournament_json: &str) -> String {
    digest(&[tournament_json.as_bytes()])
}

/// The checksum of `row` (its `check` field left out) in the tournament of `identity`.
pub fn row_check(identity: &str, row: &GameRow) -> String {
    let unchecked = GameRow { check: String::new(), ..row.clone() };
    digest(&[identity.as_bytes(), &encode_row(&unchecked)])
}

impl GameRow {
    /// Sets `check` for the tournament of `identity`.
    pub fn seal(mut self, identity: &str) -> GameRow {
        self.check = row_check(identity, &self);
        self
    }

    /// Whether `check` is right for the tournament of `identity`.
    pub fn sealed_by(&self, identity: &str) -> bool {
        self.check == row_check(identity, self)
    }

    /// The fields two plays of one game must agree on (all but the time it took, the attempts the
    /// host spoiled, and `check`).
    pub(super) fn outcome_digest(&self) -> String {
        let outcome = GameRow { duration_ms: 0, replays: String::new(), check: String::new(), ..self.clone() };
        digest(&[&encode_row(&outcome)])
    }
}

/// The CSV line of one row, newline included.
pub fn encode_row(row: &GameRow) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
    w.serialize(row).expect("a row serializes to memory");
    w.into_inner().expect("writing to memory cannot fail")
}

/// The whole `games.csv`: header then rows, in the order given.
pub fn encode_all(rows: &[GameRow]) -> Vec<u8> {
    let mut bytes = HEADER.join(",").into_bytes();
    bytes.push(b'\n');
    for row in rows {
        bytes.extend(encode_row(row));
    }
    bytes
}

/// The rows of a `games.csv` text, and the length of its good prefix: a last line without its
/// newline, with the wrong number of fields or that does not parse is torn (a write cut short)
/// and left out. A bad line before the last one is an error: the file was edited or damaged.
pub fn decode(bytes: &[u8], path: &Path) -> Result<(Vec<GameRow>, usize), TournamentError> {
    let complete = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(last) => &bytes[..=last],
        None => return Ok((Vec::new(), 0)),
    };
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(complete);
    let mut records = Vec::new();
    for result in reader.records() {
        let record = result.map_err(|e| bad(path, e.position().map_or(0, |p| p.line()), e.to_string()))?;
        records.push(record);
    }
    let Some((header, body)) = records.split_first() else {
        return Ok((Vec::new(), 0));
    };
    if header.iter().ne(HEADER.iter().copied()) {
        return Err(bad(path, 1, format!("the header is not the games.csv header ({})", HEADER.join(","))));
    }
    let mut rows = Vec::with_capacity(body.len());
    let mut good_len = complete.len();
    for (i, record) in body.iter().enumerate() {
        match decode_record(record) {
            Ok(row) => rows.push(row),
            Err(_) if i + 1 == body.len() => {
                good_len = record.position().map_or(0, |p| p.byte() as usize);
            }
            Err(message) => {
                return Err(bad(path, record.position().map_or(0, |p| p.line()), message));
            }
        }
    }
    Ok((rows, good_len))
}

/// One record of `games.csv` as a row; the message says why it is not one.
pub(super) fn decode_record(record: &csv::StringRecord) -> Result<GameRow, String> {
    if record.len() == HEADER.len() {
        record.deserialize::<GameRow>(None).map_err(|e| e.to_string())
    } else {
        Err(format!("{} fields instead of {}", record.len(), HEADER.len()))
    }
}

fn bad(path: &Path, line: u64, message: String) -> TournamentError {
    TournamentError::BadGamesCsv { path: path.to_path_buf(), line, message }
}

/// Reads `games.csv` without changing it (a torn last line is left out). A missing file has no rows.
pub fn read_games(path: &Path) -> Result<Vec<GameRow>, TournamentError> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(decode(&bytes, path)?.0),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(TournamentError::io(path)(e)),
    }
}

/// Reads `games.csv` and cuts a torn last line off the file, so appending can go on after it.
/// Returns the good rows and whether something was cut.
pub fn repair_games(path: &Path) -> Result<(Vec<GameRow>, bool), TournamentError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), false)),
        Err(e) => return Err(TournamentError::io(path)(e)),
    };
    let (rows, good_len) = decode(&bytes, path)?;
    let torn = good_len < bytes.len();
    if torn {
        let file = OpenOptions::new().write(true).open(path).map_err(TournamentError::io(path))?;
        file.set_len(good_len as u64).map_err(TournamentError::io(path))?;
        file.sync_all().map_err(TournamentError::io(path))?;
    }
    Ok((rows, torn))
}

/// Appends rows to `games.csv`, one `write` and flush per row, the header first if the file is new.
pub struct Appender {
    file: File,
    path: std::path::PathBuf,
}

impl Appender {
    pub fn open(path: &Path) -> Result<Appender, TournamentError> {
        let mut file = OpenOptions::new().create(true).append(true).open(path).map_err(TournamentError::io(path))?;
        set_result_mode(&file).map_err(TournamentError::io(path))?;
        let len = file.metadata().map_err(TournamentError::io(path))?.len();
        if len == 0 {
            let mut header = HEADER.join(",").into_bytes();
            header.push(b'\n');
            file.write_all(&header).map_err(TournamentError::io(path))?;
        }
        Ok(Appender { file, path: path.to_path_buf() })
    }

    pub fn append(&mut self, row: &GameRow) -> Result<(), TournamentError> {
        self.file.write_all(&encode_row(row)).map_err(TournamentError::io(&self.path))?;
        self.file.flush().map_err(TournamentError::io(&self.path))
    }

    /// Flushes the file to disk.
    pub fn sync(&self) -> Result<(), TournamentError> {
        self.file.sync_all().map_err(TournamentError::io(&self.path))
    }
}

/// Gives a results file its mode (`private_file::FILE_MODE`: the group reads, others nothing).
pub(super) fn set_result_mode(file: &File) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(crate::private_file::FILE_MODE))
}

/// Whether the files at `a` and `b` hold the same bytes (false when one cannot be read).
pub(super) fn same_content(a: &Path, b: &Path) -> bool {
    use std::io::{BufReader, Read};
    let (Ok(fa), Ok(fb)) = (File::open(a), File::open(b)) else {
        return false;
    };
    if fa.metadata().map(|m| m.len()).ok() != fb.metadata().map(|m| m.len()).ok() {
        return false;
    }
    let (mut ra, mut rb) = (BufReader::new(fa), BufReader::new(fb));
    let (mut ba, mut bb) = (vec![0u8; 64 * 1024], vec![0u8; 64 * 1024]);
    loop {
        let Ok(n) = ra.read(&mut ba) else { return false };
        if n == 0 {
            return rb.read(&mut bb[..1]).is_ok_and(|m| m == 0);
        }
        if rb.read_exact(&mut bb[..n]).is_err() || ba[..n] != bb[..n] {
            return false;
        }
    }
}

/// Replaces `path` with `bytes` atomically: a temporary file in the same directory, synced, then
/// renamed over it, so a reader (or a crash) sees the old file or the new one, never a mix.
/// A file that already holds exactly `bytes` is left alone (its time too): a run that plays
/// nothing changes no file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), TournamentError> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(TournamentError::io(dir))?;
    tmp.write_all(bytes).map_err(TournamentError::io(path))?;
    set_result_mode(tmp.as_file()).map_err(TournamentError::io(path))?;
    tmp.as_file().sync_all().map_err(TournamentError::io(path))?;
    tmp.persist(path).map_err(|e| TournamentError::io(path)(e.error))?;
    Ok(())
}
