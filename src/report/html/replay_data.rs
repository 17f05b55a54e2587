//! The data of a replay page: the transcript's rows (the timeline) and the table after every
//! accepted line as each viewer sees it (omniscient, then each seat), recomputed by replaying the
//! transcript through the referee and the engine, the same code path as a live game. Zones and
//! counter lists repeat from step to step, so each distinct one is stored once and the steps
//! refer to them by index.

use std::collections::{BTreeMap, VecDeque};
use std::path::Path;

use serde::Serialize;

use crate::games::table::{Counter, Table, Zone};
use crate::games::{Engine, Message, Seat, Violation};
use crate::record::{self, Direction, Transcript};
use crate::referee::{self, GameReport, Observer, RefereeError, ReplayError, SeatReport};

/// Why a transcript cannot become a page.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    #[error(transparent)]
    Read(#[from] crate::record::TranscriptError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error("log {0} is cut short: it has no result row (the game did not end while it was written)")]
    CutShort(String),
    #[error("log {path}: the replay does not reach the recorded result (recorded '{recorded}', replayed '{replayed}')")]
    Differs { path: String, recorded: String, replayed: String },
    #[error("log {path}: the replay does not follow the recording at step {step} ({why})")]
    Misaligned { path: String, step: usize, why: String },
    #[error("cannot write {path}: {message}")]
    Write { path: String, message: String },
}

/// One step of the game: the table after an accepted line (or the deal, or the end).
#[derive(Debug, Serialize)]
pub struct Step {
    /// Index into `rows` where the step starts: the accepted line's `<` row (the offending line,
    /// the fault row or the result row for the last step; 0 for the deal).
    pub row: usize,
    /// The seat whose line made the step, if any.
    pub seat: Option<Seat>,
    /// What happened, in the engine's words (`deal` and `end` for the first and last steps).
    pub label: String,
    pub to_play: Vec<Seat>,
    /// Per viewer (0: omniscient, 1 + seat): indices into `zones`.
    pub views: Vec<Vec<u32>>,
    /// Per viewer: an index into `counter_sets`.
    pub counters: Vec<u32>,
}

/// A row of the timeline: `[seq, ms, seat or -1, dir, text, move ms or -1]`.
type RowData = (u64, u64, i64, &'static str, String, i64);

#[derive(Debug, Serialize)]
pub struct Fault {
    pub row: usize,
    pub step: usize,
    pub seat: i64,
    pub kind: String,
    pub detail: String,
    /// The offending line (the seat's last line before a malformed or illegal fault).
    pub line: Option<String>,
    /// What to try, chosen from the fault's evidence (see `bot::fault_hint`), in English and in
    /// Portuguese.
    pub hint: Option<String>,
    pub hint_pt: Option<String>,
}

/// Everything the page shows, embedded in it as JSON.
#[derive(Debug, Serialize)]
pub struct PageData {
    pub version: u32,
    pub source: String,
    pub game: String,
    pub seed: u64,
    pub seats: Vec<String>,
    pub sides: Vec<usize>,
    pub result: String,
    pub meta: Vec<(String, String)>,
    pub rows: Vec<RowData>,
    pub zones: Vec<Zone>,
    pub counter_sets: Vec<Vec<Counter>>,
    pub steps: Vec<Step>,
    pub fault: Option<Fault>,
    /// Each seat's stderr (capped), when its file lies beside the log.
    pub stderr: Vec<Option<String>>,
}

/// Bytes of each seat's stderr put in the page.
const STDERR_BYTES: usize = 64 * 1024;

/// The tables of every step, as the replay goes.
struct Recorder {
    steps: Vec<(String, Option<Seat>, Vec<Table>)>,
    human: VecDeque<String>,
}

fn views(engine: &dyn Engine) -> Vec<Table> {
    std::iter::once(None).chain((0..engine.seat_count()).map(Some)).map(|v| engine.table(v)).collect()
}

impl Observer for Recorder {
    fn started(&mut self, _seats: &[SeatReport], engine: &dyn Engine) {
        self.steps.push(("deal".into(), None, views(engine)));
    }

    fn action(&mut self, seat: Seat, _turn: u32, narration: &Message, engine: &dyn Engine) {
        // In English, as the transcript's `*` rows are.
        self.steps.push((narration.to_string(), Some(seat), views(engine)));
    }

    fn finished(&mut self, _report: &GameReport, engine: &dyn Engine) {
        self.steps.push(("end".into(), None, views(engine)));
    }

    fn ask_human(&mut self, _seat: Seat, _engine: &dyn Engine, _problem: Option<&Violation>) -> Option<String> {
        self.human.pop_front()
    }
}

/// Replays `transcript` (read from `path`) and gathers the page's data.
pub fn replay_data(transcript: &Transcript, path: &Path) -> Result<PageData, PageError> {
    let source = path.display().to_string();
    if !transcript.rows.iter().any(|r| r.dir == Direction::Result) {
        return Err(PageError::CutShort(source));
    }
    let human = transcript.meta.seat_ids.iter().find(|id| *id == "user").map(|u| referee::human_lines(transcript, u));
    let mut recorder = Recorder { steps: Vec::new(), human: human.unwrap_or_default().into() };
    let replayed = match referee::replay(transcript, &mut recorder) {
        Err(ReplayError::Referee(RefereeError::Diverged(why))) => {
            return Err(PageError::Misaligned { path: source, step: recorder.steps.len(), why: why.to_string() });
        }
        other => other?,
    };
    let recorded = replayed.recorded_result.clone().ok_or_else(|| PageError::CutShort(source.clone()))?;
    if !replayed.matches() {
        let replayed = replayed.report.result_line();
        return Err(PageError::Differs { path: source, recorded, replayed });
    }
    let seat_ids = &transcript.meta.seat_ids;
    let seat_index = |id: &str| seat_ids.iter().position(|s| s == id).map_or(-1, |s| s as i64);
    let kept: Vec<&record::Row> = transcript.rows.iter().filter(|r| r.dir != Direction::Meta).collect();
    let mut last_prompt: BTreeMap<&str, u64> = BTreeMap::new();
    let rows: Vec<RowData> = kept
        .iter()
        .map(|r| {
            let mut took = -1;
            match r.dir {
                Direction::ToSeat => {
                    last_prompt.insert(&r.seat, r.ms);
                }
                Direction::FromSeat => {
                    took = last_prompt.get(r.seat.as_str()).map_or(-1, |&t| (r.ms - t.min(r.ms)) as i64)
                }
                _ => {}
            }
            (r.seq, r.ms, seat_index(&r.seat), r.dir.symbol(), r.text.clone(), took)
        })
        .collect();
    // Step k (after the deal) is the k-th accepted line: its `<` row and the `*` row right after
    // it (other `*` rows, such as the timing summaries, are not steps). A step's rows run from
    // its `<` row to the next step's.
    let accepted: Vec<usize> = (1..kept.len())
        .filter(|&i| {
            let (line, row) = (kept[i - 1], kept[i]);
            row.dir == Direction::Event
                && line.dir == Direction::FromSeat
                && line.seat == row.seat
                && !row.text.starts_with("refused: ")
        })
        .collect();
    let fault_row = kept.iter().position(|r| r.dir == Direction::Fault);
    // The offending line of a malformed or illegal fault: the seat's last line before it.
    let offending = fault_row.and_then(|row| {
        let r = kept[row];
        let refused = r.text.starts_with("malformed: ") || r.text.starts_with("illegal: ");
        refused
            .then(|| (0..row).rev().find(|&i| kept[i].seat == r.seat && kept[i].dir == Direction::FromSeat))
            .flatten()
    });
    let result_row = kept.iter().rposition(|r| r.dir == Direction::Result).unwrap_or(kept.len().saturating_sub(1));
    let actions = recorder.steps.len().saturating_sub(2);
    if accepted.len() != actions {
        let why = format!("{} accepted lines recorded, {actions} replayed", accepted.len());
        return Err(PageError::Misaligned { path: source, step: actions.min(accepted.len()), why });
    }
    let mut data = PageData {
        version: 1,
        source,
        game: transcript.meta.game.clone(),
        seed: transcript.meta.seed,
        seats: seat_ids.clone(),
        sides: recorder.steps.first().map(|s| s.2[0].sides.clone()).unwrap_or_default(),
        result: recorded,
        meta: transcript
            .rows
            .iter()
            .filter(|r| r.dir == Direction::Meta)
            .filter_map(|r| r.text.split_once('=').map(|(k, v)| (k.to_owned(), v.to_owned())))
            .filter(|(k, _)| k != "deal")
            .collect(),
        rows,
        zones: Vec::new(),
        counter_sets: Vec::new(),
        steps: Vec::new(),
        fault: None,
        stderr: (0..seat_ids.len()).map(|seat| stderr_beside(path, seat)).collect(),
    };
    let mut zone_index: BTreeMap<String, u32> = BTreeMap::new();
    let mut counter_index: BTreeMap<String, u32> = BTreeMap::new();
    let last = recorder.steps.len() - 1;
    for (k, (label, seat, tables)) in recorder.steps.into_iter().enumerate() {
        let row = match k {
            0 => 0,
            k if k == last => offending.or(fault_row).unwrap_or(result_row),
            k => accepted[k - 1] - 1,
        };
        if k > 0 && k < last && kept[row + 1].text != label {
            let why = format!("recorded '{}', replayed '{label}'", kept[row + 1].text);
            return Err(PageError::Misaligned { path: data.source, step: k, why });
        }
        let to_play = tables[0].to_play.clone();
        let mut step = Step { row, seat, label, to_play, views: Vec::new(), counters: Vec::new() };
        for table in tables {
            let zones = table.zones.into_iter().map(|z| intern(&mut zone_index, &mut data.zones, z)).collect();
            step.views.push(zones);
            step.counters.push(intern(&mut counter_index, &mut data.counter_sets, table.counters));
        }
        data.steps.push(step);
    }
    if let Some(row) = fault_row {
        let r = kept[row];
        let (kind, detail) = r.text.split_once(": ").unwrap_or((r.text.as_str(), ""));
        let line = offending.map(|i| kept[i].text.clone());
        let (hint, hint_pt) = crate::bot::recorded_hint_texts(kind, detail).unzip();
        data.fault = Some(Fault {
            row,
            step: last,
            seat: seat_index(&r.seat),
            kind: kind.to_owned(),
            detail: detail.to_owned(),
            line,
            hint,
            hint_pt,
        });
    }
    Ok(data)
}

/// The index of `value` in `pool`, adding it if it is new (compared by its JSON).
fn intern<T: Serialize>(index: &mut BTreeMap<String, u32>, pool: &mut Vec<T>, value: T) -> u32 {
    let key = serde_json::to_string(&value).unwrap_or_default();
    *index.entry(key).or_insert_with(|| {
        pool.push(value);
        (pool.len() - 1) as u32
    })
}

/// The seat's stderr log beside a tournament's transcript (`<id>.seat<N>.stderr`), capped.
fn stderr_beside(log: &Path, seat: usize) -> Option<String> {
    let stem = log.file_stem()?.to_str()?;
    let path = crate::referee::stderr_log_path(log.parent()?, stem, seat);
    let bytes = crate::record::packed::read(&path).ok()?;
    let mut text = String::from_utf8_lossy(&bytes[..bytes.len().min(STDERR_BYTES)]).into_owned();
    if bytes.len() > STDERR_BYTES {
        text.push_str(&format!("\n[... {} more bytes not shown]", bytes.len() - STDERR_BYTES));
    }
    Some(text)
}
