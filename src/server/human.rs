//! Games with a human seat held by a browser (issue 37, item 8): at most one per student and a
//! bounded number on the server, each played by the referee's own loop on a thread of its own,
//! the human's lines coming through the game's inbox (`Observer::ask_human`), the bots in the
//! sandbox at the course's limits. An unanswered question for longer than the course's idle
//! time, a resignation, or the server stopping ends the game as the human leaving (a forfeit of
//! the human's side, logged like any fault). Never rated: the games are not in the database.
//! The seat's observer, which asks the page and tells it what the seat sees, is `human_seat`.

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::human_moves::Shadow;
use super::human_seat::HumanSeat;
use super::human_store::{self, Sidecar};
use super::state::Shared;
use crate::games::{Seat, TableSetup, table::Table};
use crate::i18n::{Lang, with_lang};
use crate::referee::GameReport;

/// Lines of the game's account kept for the page (the oldest dropped first).
pub(super) const LOG_KEPT: usize = 400;

/// A text in both page languages: `[English, Portuguese]`.
pub(super) type Both = [String; 2];

pub(super) fn both(f: impl Fn() -> String) -> Both {
    [with_lang(Lang::En, &f), with_lang(Lang::Pt, &f)]
}

/// One line of the game's account as the human's seat sees it.
#[derive(Debug, Clone, Serialize)]
pub(super) struct Entry {
    /// `told` (a line the referee sent the seat), `mine` (what the human's move did), `fault`,
    /// `end`.
    pub kind: &'static str,
    pub text: Both,
}

/// What the page shows of a game, changed by the game's thread and read by the page.
#[derive(Debug, Default)]
pub(super) struct Live {
    /// Counts every change, for the page's polling.
    pub seq: u64,
    /// The table as the human's seat sees it.
    pub table: Option<Table>,
    /// The referee waits for the human's line.
    pub awaiting: bool,
    pub moves: Vec<String>,
    pub hint: Option<Both>,
    /// Why the human's last line was refused (the engine's words).
    pub problem: Option<Both>,
    pub log: std::collections::VecDeque<Entry>,
    /// The human's line, once sent, until the referee takes it.
    pub(super) inbox: Option<String>,
    /// The human's lines the referee judged so far, and the last one's verdict.
    pub judged: u64,
    pub refused: Option<Both>,
    pub resigned: bool,
    pub over: bool,
    pub result: Option<Both>,
    /// Whether the game's transcript is kept (false when the server stopped in the middle).
    pub kept: bool,
    /// When the human was last asked or last answered.
    pub(super) touched: Option<Instant>,
}

/// One game with a browser's human seat.
pub struct HumanGame {
    pub student: String,
    /// The game's number among the student's (`h<N>`).
    pub number: u32,
    pub seat: Seat,
    pub opponent: String,
    live: Mutex<Live>,
    pub(super) changed: Condvar,
}

impl HumanGame {
    pub(super) fn live(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn changed(&self, live: &mut Live) {
        live.seq += 1;
        self.changed.notify_all();
    }

    /// Hands the human's `line` to the referee and waits (up to `wait`) for its verdict: `Ok(None)`
    /// accepted, `Ok(Some(why))` refused by the engine, `Err` when no line is asked for now.
    pub(super) fn send(&self, line: String, wait: Duration) -> Result<Option<Both>, NotAsked> {
        let mut live = self.live();
        if live.over {
            return Err(NotAsked::Over);
        }
        if !live.awaiting || live.inbox.is_some() {
            return Err(NotAsked::NotYourTurn);
        }
        let before = live.judged;
        live.inbox = Some(line);
        live.touched = Some(Instant::now());
        self.changed(&mut live);
        let (live, _) = self
            .changed
            .wait_timeout_while(live, wait, |l| l.judged == before && !l.over)
            .unwrap_or_else(|p| p.into_inner());
        Ok(if live.judged > before { live.refused.clone() } else { None })
    }

    /// The human gives up: the game ends at the referee's next question.
    pub(super) fn resign(&self) {
        let mut live = self.live();
        live.resigned = true;
        self.changed(&mut live);
    }
}

/// Why a line could not be handed to the referee.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NotAsked {
    NotYourTurn,
    Over,
}

/// Why a game could not start.
#[derive(Debug)]
pub(super) enum Refusal {
    /// The student has a game going.
    Playing,
    /// The server holds as many as the course allows.
    Full(usize),
    Failed(String),
}

/// The server's games with a human seat: each student's latest, and the threads playing them.
#[derive(Default)]
pub struct Humans {
    games: Mutex<BTreeMap<String, Arc<HumanGame>>>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

impl Humans {
    /// The student's latest game, going or over.
    pub(super) fn of(&self, student: &str) -> Option<Arc<HumanGame>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner()).get(student).cloned()
    }

    /// Waits for every game's thread (after the stop flag is set: each ends promptly).
    pub fn join_all(&self) {
        let handles = std::mem::take(&mut *self.threads.lock().unwrap_or_else(|p| p.into_inner()));
        for handle in handles {
            let _ = handle.join();
        }
    }
}

/// Starts a game of `student` against the bot `opponent` (a version's name and command).
pub(super) fn start(
    shared: &Arc<Shared>,
    student: &str,
    opponent: (String, Vec<String>),
) -> Result<Arc<HumanGame>, Refusal> {
    let most = shared.course.human_games;
    let mut games = shared.humans.games.lock().unwrap_or_else(|p| p.into_inner());
    if games.get(student).is_some_and(|g| !g.live().over) {
        return Err(Refusal::Playing);
    }
    if games.values().filter(|g| !g.live().over).count() >= most {
        return Err(Refusal::Full(most));
    }
    let dir = human_store::folder(shared.data(), student);
    std::fs::create_dir_all(&dir).map_err(|e| Refusal::Failed(format!("cannot make {}: {e}", dir.display())))?;
    let number = human_store::next_number(&dir);
    let t = &shared.course.tournament;
    let seat = (number as usize + 1) % 2;
    let (name, argv) = opponent;
    let players = (0..t.players)
        .map(|s| crate::referee::PlayerSpec {
            name: if s == seat { student.to_string() } else { name.clone() },
            player: if s == seat {
                crate::referee::Player::Human
            } else {
                crate::referee::Player::Bot(crate::bot::BotCommand { argv: argv.clone(), display: name.clone() })
            },
        })
        .collect();
    let mut config = crate::referee::GameConfig::new(t.game, rand::random::<u64>() >> 11, players);
    config.options = t.rules.clone();
    config.limits = t.limits.clone();
    config.limits.stderr_cap_bytes = config.limits.stderr_cap_bytes.min(shared.course.budget.stderr_bytes);
    let own = t.bot(&name).and_then(|spec| spec.limits.clone());
    config.seat_limits = (0..t.players).map(|s| if s == seat { None } else { own.clone() }).collect();
    let stem = format!("h{number}");
    config.log = Some(dir.join(format!("{stem}.csv")));
    config.stderr_dir = Some(dir.clone());
    config.stderr_stem = stem;
    config.cancel = Some(shared.stop.clone());
    config.anonymous = true;
    let setup = TableSetup {
        wire_ids: crate::referee::seat_reports(&config).into_iter().map(|s| s.wire_id).collect(),
        seed: config.seed,
        deal: None,
        options: config.options.clone(),
    };
    let shadow = Shadow::new(t.game, setup).map_err(|e| Refusal::Failed(e.to_string()))?;
    let game = Arc::new(HumanGame {
        student: student.to_string(),
        number,
        seat,
        opponent: name,
        live: Mutex::new(Live { touched: Some(Instant::now()), ..Live::default() }),
        changed: Condvar::new(),
    });
    let mut seat_player = HumanSeat::new(Arc::clone(&game), shadow, t.players, shared);
    let own_bot = super::roster::is_version_name(&game.opponent);
    let keep = shared.course.budget.keep_games;
    let thread = std::thread::Builder::new().name(format!("human-{number}")).spawn({
        let game = Arc::clone(&game);
        move || {
            let played = crate::referee::play(&config, &mut seat_player);
            finish(&game, &config, played, own_bot, keep);
        }
    });
    let thread = thread.map_err(|e| Refusal::Failed(format!("cannot start the game's thread: {e}")))?;
    let mut threads = shared.humans.threads.lock().unwrap_or_else(|p| p.into_inner());
    threads.retain(|h| !h.is_finished());
    threads.push(thread);
    games.insert(student.to_string(), Arc::clone(&game));
    Ok(game)
}

/// After the referee: the game marked over, its sidecar written and its files packed (the
/// student's games beyond the last `keep` pruned), or its files removed when the server stopped
/// it in the middle.
fn finish(
    game: &HumanGame,
    config: &crate::referee::GameConfig,
    played: Result<GameReport, crate::referee::RefereeError>,
    own_bot: bool,
    keep: usize,
) {
    let mut live = game.live();
    live.over = true;
    live.awaiting = false;
    match played {
        Ok(report) => {
            let sidecar = Sidecar::of(&report, game.seat, &game.opponent, own_bot);
            live.kept = human_store::write_sidecar(config.log.as_deref(), &sidecar).is_ok();
            // Packed, and the student's games beyond the last `keep` pruned, as ladder games are.
            if let Some(log) = config.log.as_deref().filter(|_| live.kept)
                && let Err(e) = human_store::keep(log, keep)
            {
                eprintln!(
                    "juiz serve: the human game {} of {}: its files stay uncompressed: {e}",
                    game.number, game.student
                );
            }
        }
        Err(e) => {
            let stopped = matches!(e, crate::referee::RefereeError::Cancelled);
            if !stopped {
                eprintln!("juiz serve: the human game {} of {} failed: {e}", game.number, game.student);
            }
            live.result = Some(if stopped {
                [
                    "the server stopped: the game is not kept".into(),
                    "o servidor parou: a partida não foi guardada".into(),
                ]
            } else {
                let text = e.to_string();
                [format!("the game could not go on: {text}"), format!("a partida não pôde continuar: {text}")]
            });
            if let Some(log) = &config.log {
                human_store::remove(log);
            }
        }
    }
    game.changed(&mut live);
}
