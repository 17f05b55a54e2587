//! The per-game transcript: a CSV file `seq,ms,seat,dir,text` with one row per message or event,
//! the metadata that makes the game reproducible first, read back by `juiz replay`. While the game
//! runs it is written in a private temporary folder, where no bot can read it (the sandbox lets a
//! bot read only system folders, its own program's and its work dir), and it is put at its path
//! when the game ends; a game cut short leaves no transcript (a tournament replays it on resume).

use std::fs::File;
use std::io::BufWriter;
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

/// Appends rows to a transcript, kept private until `finish` puts it at its path.
pub struct TranscriptWriter {
    out: Option<csv::Writer<BufWriter<File>>>,
    /// Where the transcript goes when the game ends.
    path: PathBuf,
    /// Where it is written meanwhile; removed when the writer is dropped.
    scratch: Option<tempfile::TempDir>,
    seq: u64,
    start: Instant,
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
    /// Checks that `path` can be written (creating its parent folders and an empty file there)
    /// and starts the transcript in a private temporary folder, header first.
    pub fn create(path: &Path) -> Result<Self, TranscriptError> {
        let fail = |e: std::io::Error| TranscriptError::Write { path: path.to_owned(), message: e.to_string() };
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(fail)?;
        }
        File::create(path).map_err(fail)?;
        let scratch = tempfile::Builder::new().prefix("juiz-log-").tempdir().map_err(fail)?;
        let file = File::create(scratch.path().join("transcript.csv")).map_err(fail)?;
        let mut out = csv::Writer::from_writer(BufWriter::new(file));
        out.write_record(["seq", "ms", "seat", "dir", "text"])
            .map_err(|e| TranscriptError::Write { path: path.to_owned(), message: e.to_string() })?;
        Ok(TranscriptWriter {
            out: Some(out),
            path: path.to_owned(),
            scratch: Some(scratch),
            seq: 0,
            start: Instant::now(),
            error: None,
        })
    }

    /// A writer that records nothing (no `--log`).
    pub fn disabled() -> Self {
        TranscriptWriter { out: None, path: PathBuf::new(), scratch: None, seq: 0, start: Instant::now(), error: None }
    }

    /// Appends one row. A write error is remembered (see `finish`) rather than interrupting
    /// the game: the bots are not to blame for a full disk.
    pub fn row(&mut self, seat: &str, dir: Direction, text: &str) {
        let Some(out) = self.out.as_mut() else { return };
        if self.error.is_some() {
            return;
        }
        self.seq += 1;
        let ms = self.start.elapsed().as_millis().to_string();
        let seq = self.seq.to_string();
        if let Err(e) = out.write_record([seq.as_str(), ms.as_str(), seat, dir.symbol(), text]) {
            self.error = Some(e.to_string());
        }
    }

    pub fn meta(&mut self, seat: &str, key: &str, value: &str) {
        self.row(seat, Direction::Meta, &format!("{key}={value}"));
    }

    /// Flushes, puts the transcript at its path, and reports the first write error, if any.
    pub fn finish(mut self) -> Result<(), TranscriptError> {
        if let Some(Err(e)) = self.out.take().map(|mut out| out.flush()) {
            self.error.get_or_insert(e.to_string());
        }
        if let (Some(scratch), None) = (self.scratch.as_ref(), self.error.as_ref()) {
            // A copy, not a rename: the temporary folder may be on another file system.
            if let Err(e) = std::fs::copy(scratch.path().join("transcript.csv"), &self.path) {
                self.error = Some(e.to_string());
            }
        }
        match self.error.take() {
            Some(message) => Err(TranscriptError::Write { path: self.path.clone(), message }),
            None => Ok(()),
        }
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
        let mut reader =
            csv::ReaderBuilder::new().has_headers(true).from_path(path).map_err(|e| read_err(e.to_string()))?;
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
                text: field(4).to_owned(),
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
                "format" => format = Some(value.to_owned()),
                "game" => meta.game = value.to_owned(),
                "seed" => seed = Some(value.parse::<u64>().map_err(|_| format!("bad seed '{value}'"))?),
                "wire-id" => {
                    meta.seat_ids.push(row.seat.clone());
                    meta.wire_ids.push(value.to_owned());
                }
                "command" => meta.commands.push(value.to_owned()),
                "deal" => deal.push(value.to_owned()),
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
