//! The per-game transcript: a CSV file `seq,ms,seat,dir,text` with one row per message or event,
//! the metadata that makes the game reproducible first. Written row by row into a buffer that
//! reaches the file when it fills and when the game ends (a fault included); a crash of juiz
//! loses the game in progress (which a tournament's `--resume` plays again). Read back by
//! `juiz replay`. While the game runs the file has no name
//! (`private_file`): no bot can open it, whatever it may read or `chmod`; it is linked at its path
//! when the game ends.

use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The `dir` column: what a row records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// `#` metadata: `key=value` in `text`; `seat` names the seat it is about, if any.
    Meta,
    /// `>` a line the referee sent to the seat.
    ToSeat,
    /// `<` a line the seat sent to the referee.
    FromSeat,
    /// `*` what an accepted line did, in words (narration).
    Event,
    /// `!` a fault: `text` is `<kind>: <detail>`.
    Fault,
    /// `=` the result line, in the `--silent` format.
    Result,
}

impl Direction {
    pub fn symbol(self) -> &'static str {
        match self {
            Direction::Meta => "#",
            Direction::ToSeat => ">",
            Direction::FromSeat => "<",
            Direction::Event => "*",
            Direction::Fault => "!",
            Direction::Result => "=",
        }
    }

    fn from_symbol(s: &str) -> Option<Self> {
        Some(match s {
            "#" => Direction::Meta,
            ">" => Direction::ToSeat,
            "<" => Direction::FromSeat,
            "*" => Direction::Event,
            "!" => Direction::Fault,
            "=" => Direction::Result,
            _ => return None,
        })
    }
}

/// One row of a transcript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub seq: u64,
    pub ms: u64,
    /// The seat's full id (`p1.mybot`), or empty for rows about the whole game.
    pub seat: String,
    pub dir: Direction,
    pub text: String,
}

/// The first format line of every transcript; bumped when the format changes incompatibly.
pub const FORMAT: &str = "juiz-transcript-1";

/// The keys of the `#` metadata rows (`key=value`), one spelling for the referee that writes
/// them and the reader that replays them.
pub mod key {
    /// The transcript format, `FORMAT`: the first row.
    pub const FORMAT: &str = "format";
    /// The juiz version that wrote the transcript (informative).
    pub const JUIZ: &str = "juiz";
    /// The game kind's name, `itp-buraco`.
    pub const GAME: &str = "game";
    pub const SEED: &str = "seed";
    /// One row per rule option chosen: `rule=name=value`.
    pub const RULE: &str = "rule";
    /// Informative: the move timeout and the sandbox in force.
    pub const MOVE_TIMEOUT: &str = "move-timeout";
    pub const SANDBOX: &str = "sandbox";
    /// Per seat (the row's seat column names it): its id on the wire and its command.
    pub const WIRE_ID: &str = "wire-id";
    pub const COMMAND: &str = "command";
    /// One row per line of the deal file that replays the game.
    pub const DEAL: &str = "deal";
}

/// Bytes of rows kept before they are written to the file: a whole game of two template bots
/// (about 20 KB) goes out in one or two writes.
const BUFFER_BYTES: usize = 32 * 1024;

/// Appends rows to a transcript file through a buffer; the file gets its name when the game ends.
pub struct TranscriptWriter {
    out: Option<BufWriter<File>>,
    /// Where the file goes when the game ends.
    pending: Option<crate::private_file::PendingFile>,
    path: PathBuf,
    seq: u64,
    start: Instant,
    /// The row being written, reused from row to row (`csv_row`).
    line: Vec<u8>,
    /// The first write error, kept so the game goes on and the caller reports it once.
    error: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum TranscriptError {
    #[error("cannot write log {path}: {message}")]
    Write { path: PathBuf, message: String },
    #[error("cannot read log {path}: {message}")]
    Read { path: PathBuf, message: String },
    #[error("log {path}, row {row}: {message}")]
    Malformed { path: PathBuf, row: u64, message: String },
}

impl TranscriptWriter {
    /// Starts the transcript for `path` (a file there is replaced), header first. It has no name
    /// until the game ends (see `private_file`). Parent folders are created.
    pub fn create(path: &Path) -> Result<Self, TranscriptError> {
        let fail = |e: std::io::Error| TranscriptError::Write { path: path.to_owned(), message: e.to_string() };
        // The folder is made when the file cannot be: every game but a folder's first saves a
        // `mkdir` and a `stat` of what is there already.
        let created = match crate::private_file::create(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                match path.parent().filter(|p| !p.as_os_str().is_empty()) {
                    Some(parent) => std::fs::create_dir_all(parent).and_then(|()| crate::private_file::create(path)),
                    None => Err(e),
                }
            }
            created => created,
        };
        let (file, pending) = created.map_err(fail)?;
        let mut out = BufWriter::with_capacity(BUFFER_BYTES, file);
        let mut line = Vec::new();
        super::csv_row::push_row(&mut line, &[b"seq", b"ms", b"seat", b"dir", b"text"]);
        out.write_all(&line).map_err(fail)?;
        Ok(TranscriptWriter {
            out: Some(out),
            pending: Some(pending),
            path: path.to_owned(),
            seq: 0,
            start: Instant::now(),
            line,
            error: None,
        })
    }

    /// A writer that records nothing (no `--log`).
    pub fn disabled() -> Self {
        TranscriptWriter {
            out: None,
            pending: None,
            path: PathBuf::new(),
            seq: 0,
            start: Instant::now(),
            line: Vec::new(),
            error: None,
        }
    }

    /// Appends one row to the buffer. A write error is remembered (see `finish`) rather than
    /// interrupting the game: the bots are not to blame for a full disk.
    pub fn row(&mut self, seat: &str, dir: Direction, text: &str) {
        if self.out.is_some() && self.error.is_none() {
            self.row_at(Instant::now(), seat, dir, text);
        }
    }

    /// `row`, timed at `at`, an instant the caller has just read: the rows of one step of the
    /// game (a reply, what it did, the lines it caused) share one clock read.
    pub fn row_at(&mut self, at: Instant, seat: &str, dir: Direction, text: &str) {
        let Some(out) = self.out.as_mut() else { return };
        if self.error.is_some() {
            return;
        }
        self.seq += 1;
        let ms = u64::try_from(at.saturating_duration_since(self.start).as_millis()).unwrap_or(u64::MAX);
        let line = &mut self.line;
        line.clear();
        super::csv_row::push_number(line, self.seq);
        line.push(b',');
        super::csv_row::push_number(line, ms);
        for field in [seat, dir.symbol(), &super::cell::to_cell(text)] {
            line.push(b',');
            super::csv_row::push_field(line, field.as_bytes());
        }
        line.push(b'\n');
        if let Err(e) = out.write_all(line) {
            self.error = Some(e.to_string());
        }
    }

    pub fn meta(&mut self, seat: &str, key: &str, value: &str) {
        self.row(seat, Direction::Meta, &format!("{key}={value}"));
    }

    /// Flushes, puts the transcript at its path, and reports the first write error, if any.
    pub fn finish(mut self) -> Result<(), TranscriptError> {
        if let Err(e) = self.publish() {
            self.error.get_or_insert(e.to_string());
        }
        match self.error.take() {
            Some(message) => Err(TranscriptError::Write { path: self.path.clone(), message }),
            None => Ok(()),
        }
    }
}

impl TranscriptWriter {
    /// Flushes what is buffered and links the file at its path (once).
    fn publish(&mut self) -> std::io::Result<()> {
        let (Some(mut out), Some(mut pending)) = (self.out.take(), self.pending.take()) else {
            return Ok(());
        };
        out.flush()?;
        let file = out.get_ref();
        pending.publish(file)
    }
}

/// A writer dropped without `finish` (a game cancelled or cut short by an error, once its bots
/// are gone) still leaves the file with every row written so far.
impl Drop for TranscriptWriter {
    fn drop(&mut self) {
        let _ = self.publish();
    }
}

/// The reproducible facts of a game, read from the `#` rows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Metadata {
    pub game: String,
    pub seed: u64,
    /// Full ids (`p1.mybot`) in seat order.
    pub seat_ids: Vec<String>,
    /// Ids as sent on the wire (at most 9 bytes), in seat order.
    pub wire_ids: Vec<String>,
    /// Each seat's command line as given (empty for a human).
    pub commands: Vec<String>,
    /// The deal file text (the game's format), one line per `deal` row.
    pub deal: String,
    /// The rule options the game was played with, one `rule` row (`rule=name=value`) each.
    pub options: crate::games::RuleOptions,
}

/// A transcript read back from disk.
#[derive(Debug, Clone)]
pub struct Transcript {
    pub meta: Metadata,
    pub rows: Vec<Row>,
}

impl Transcript {
    pub fn read(path: &Path) -> Result<Self, TranscriptError> {
        let read_err = |message: String| TranscriptError::Read { path: path.to_owned(), message };
        // Plain or packed (`packed`): the ladder keeps its games compressed.
        let file = super::packed::open(path).map_err(|e| read_err(e.to_string()))?;
        let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(file);
        let headers = reader.headers().map_err(|e| read_err(e.to_string()))?.clone();
        if headers.iter().collect::<Vec<_>>() != ["seq", "ms", "seat", "dir", "text"] {
            return Err(read_err("not a juiz transcript (header is not seq,ms,seat,dir,text)".into()));
        }
        let mut rows = Vec::new();
        for (index, record) in reader.records().enumerate() {
            let line = index as u64 + 2;
            let malformed = |message: String| TranscriptError::Malformed { path: path.to_owned(), row: line, message };
            let record = record.map_err(|e| malformed(e.to_string()))?;
            let field = |i: usize| record.get(i).unwrap_or_default();
            let number = |i: usize, name: &str| {
                field(i).parse::<u64>().map_err(|_| malformed(format!("{name} is not a number: '{}'", field(i))))
            };
            let dir =
                Direction::from_symbol(field(3)).ok_or_else(|| malformed(format!("unknown dir '{}'", field(3))))?;
            rows.push(Row {
                seq: number(0, "seq")?,
                ms: number(1, "ms")?,
                seat: field(2).to_owned(),
                dir,
                text: super::cell::from_cell(field(4)).into_owned(),
            });
        }
        let meta = Metadata::from_rows(&rows).map_err(read_err)?;
        Ok(Transcript { meta, rows })
    }
}

impl Metadata {
    fn from_rows(rows: &[Row]) -> Result<Self, String> {
        let mut meta = Metadata::default();
        let mut format = None;
        let mut seed = None;
        let mut deal = Vec::new();
        for row in rows.iter().filter(|r| r.dir == Direction::Meta) {
            let (key, value) = row
                .text
                .split_once('=')
                .ok_or_else(|| format!("metadata row {} is not key=value: '{}'", row.seq, row.text))?;
            match key {
                key::FORMAT => format = Some(value.to_owned()),
                key::GAME => meta.game = value.to_owned(),
                key::SEED => seed = Some(value.parse::<u64>().map_err(|_| format!("bad seed '{value}'"))?),
                key::WIRE_ID => {
                    meta.seat_ids.push(row.seat.clone());
                    meta.wire_ids.push(value.to_owned());
                }
                key::COMMAND => meta.commands.push(value.to_owned()),
                key::DEAL => deal.push(value.to_owned()),
                key::RULE => {
                    let (name, value) =
                        value.split_once('=').ok_or_else(|| format!("rule row {} is not name=value", row.seq))?;
                    meta.options.insert(name.to_owned(), value.to_owned());
                }
                _ => {} // informative keys (juiz version, limits) are not needed to replay
            }
        }
        match format.as_deref() {
            Some(FORMAT) => {}
            Some(other) => return Err(format!("unsupported transcript format '{other}' (this juiz reads {FORMAT})")),
            None => return Err("no format row: not a juiz transcript".into()),
        }
        if meta.game.is_empty() {
            return Err("no game row".into());
        }
        meta.seed = seed.ok_or("no seed row")?;
        if meta.seat_ids.is_empty() {
            return Err("no seats".into());
        }
        meta.deal = deal.join("\n");
        Ok(meta)
    }
}

#[cfg(test)]
#[path = "transcript_tests.rs"]
mod tests;
