//! Playing the games of a check: the checked bot and the bundled opponents at the table, a
//! watcher that times every reply of the checked bot and notes the commands the game exercised,
//! and what each game leaves for the report (result, fault, timings, the tail of stderr).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::bot::{BotCommand, Limits, default_build_cache};
use crate::games::{Ending, Engine, GameKind, RuleOptions, Seat};
use crate::referee::{self, FaultRecord, GameConfig, Observer, Player, PlayerSpec, RefereeError};

use super::CheckGame;
use super::opponents;
use super::plan::{full_plan, own_plan};
use crate::games::kit::Opponent;

/// Lines of a game's stderr kept for the report.
const STDERR_TAIL_LINES: usize = 8;

/// How to run a check.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    /// The game the checked bot plays.
    pub game: GameKind,
    /// The game's rule options every game of the check is played with (a course's); empty: the
    /// defaults.
    pub rules: RuleOptions,
    /// Random games played after the scripted ones.
    pub random_games: usize,
    /// Seeds every game of the check.
    pub seed: u64,
    pub move_timeout: Duration,
    /// Keep each game's transcript (`<stem>.csv`) and stderr logs here; `None`: a temporary
    /// folder, removed at the end unless a game failed (then kept, for `juiz replay`).
    pub keep_logs: Option<PathBuf>,
    /// Where the bundled opponents are compiled.
    pub build_cache: PathBuf,
    /// When set, the game in progress stops and the check ends with `CheckError::Cancelled`.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Games against each house bot (easy, medium, hard) at the end; 0: none.
    pub house_games: usize,
    /// The table every game is played at (a course's player count); `None`: the sizes of the
    /// game's own plan (`plan::own_plan`).
    pub players: Option<usize>,
    /// Every limit of the checked bot but the move timeout (which is `move_timeout`): a
    /// course's; `None`: the defaults.
    pub limits: Option<Limits>,
    /// Games played at once (1: one after another). The report is the same either way: the
    /// games are reported in their order.
    pub jobs: usize,
    /// When set, each game waits for a turn before it starts (the course server's worker slots,
    /// which its ladder shares), and ends it when it ends.
    pub turns: Option<Arc<dyn Turns>>,
}

/// Turns to play a game, shared with other work (the course server's worker slots).
pub trait Turns: Send + Sync + std::fmt::Debug {
    /// Waits for a turn; it ends when the value returned is dropped.
    fn take(&self) -> Box<dyn Send>;
}

impl CheckOptions {
    /// Four random games, no house games, a 3 s move timeout, no kept logs, the default build
    /// cache, the game's own table sizes and limits, one game at a time.
    pub fn new(seed: u64) -> Self {
        CheckOptions {
            game: GameKind::DEFAULT,
            rules: RuleOptions::new(),
            random_games: 4,
            seed,
            move_timeout: Limits::default().move_timeout,
            keep_logs: None,
            build_cache: default_build_cache(),
            cancel: None,
            house_games: 0,
            players: None,
            limits: None,
            jobs: 1,
            turns: None,
        }
    }
}

/// Why a check could not be carried out (a fault of the checked bot is a result, not this).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("cannot build the bundled {name} bot: {message}")]
    Opponent { name: &'static str, message: String },
    #[error("cannot create the log folder {}: {source} (check --keep-logs)", .path.display())]
    Logs { path: PathBuf, source: std::io::Error },
    #[error("game {number} of the check ({title}): {source}")]
    Game { number: usize, title: String, source: RefereeError },
    #[error("the check was interrupted")]
    Cancelled,
}

/// What one game of a check showed.
#[derive(Debug, Clone)]
pub struct GameCheck {
    pub game: CheckGame,
    /// The checked bot's command, as given (for the commands the report prints).
    pub bot: String,
    /// The checked bot's full ids (`p2.mybot`), one per seat it played.
    pub bot_ids: Vec<String>,
    /// The result line, `OK|NOK <seed> <score0> <score1> <winner>`.
    pub result_line: String,
    /// How the game ended, in words (`p1.smart went out`), when it was played to its end.
    pub ending: Option<String>,
    /// The fault that ended the game, whoever made it.
    pub fault: Option<FaultRecord>,
    /// The last line the faulty seat sent (the offending one for a malformed or illegal line).
    pub fault_line: Option<String>,
    /// The last line the referee sent the faulty seat before the fault.
    pub fault_prompt: Option<String>,
    /// The commands of the checked bot that the referee accepted, in order of first use.
    pub bot_commands: Vec<String>,
    /// The commands of the opponents (partners included) that the referee accepted.
    pub opponent_commands: Vec<String>,
    /// Time to each seat's first reply (start-up included), checked bot's seats only.
    pub startup: Vec<Duration>,
    /// Time of every later reply of the checked bot, from the line before it to the reply.
    pub moves: Vec<Duration>,
    /// Bytes the checked bot wrote on stderr (as stored: capped per seat), and the last lines.
    pub stderr_bytes: u64,
    pub stderr_tail: Vec<String>,
    /// The transcript, when the logs are kept.
    pub log: Option<PathBuf>,
    /// The checked bot's move that took longest by the clock, with what it was charged.
    pub slowest_move: Option<crate::bot::MoveTime>,
}

impl GameCheck {
    /// The checked bot made the fault that ended the game.
    pub fn bot_faulted(&self) -> bool {
        self.fault.as_ref().is_some_and(|f| self.game.bot_seats.contains(&f.seat))
    }

    /// The checked bot's fault was the host's overload (`timeout-overload`): it decides nothing
    /// about the bot.
    pub fn overloaded(&self) -> bool {
        self.bot_faulted() && self.fault.as_ref().is_some_and(|f| f.kind.is_host_problem())
    }

    /// The checked bot's side won (the result line's winner names it).
    /// (Ids start `p<N>.`, so no score token is taken for one; a draw names nobody.)
    pub fn bot_won(&self) -> bool {
        self.result_line.split(' ').skip(2).any(|token| self.bot_ids.iter().any(|id| id == token))
    }
}

/// Everything a check found.
#[derive(Debug, Clone)]
pub struct CheckReport {
    /// The checked bot's command, as given.
    pub bot: String,
    pub seed: u64,
    pub limits: Limits,
    pub games: Vec<GameCheck>,
    /// How many of `games`, the last ones, are the rounds against each house bot level (the
    /// house bots standing in for bundled opponents under rule options are not counted).
    pub house_rounds: usize,
    /// Where the logs were kept: `--keep-logs`, or the temporary folder when a game failed.
    pub kept_logs: Option<PathBuf>,
}

impl CheckReport {
    /// No game ended with a fault of the checked bot, none was undecided for the host's
    /// overload, and no move was slower than the limit by the clock.
    pub fn passed(&self) -> bool {
        !self.games.iter().any(GameCheck::bot_faulted) && self.slow_by_clock().is_none_or(|(_, t)| !computed(t, self))
    }

    /// The game and the move of the checked bot slowest by the clock, when it took longer than
    /// the move limit by the clock though it was charged less (it waited for a processor on a
    /// busy machine): an idle grading machine charges the clock, and times it out.
    pub fn slow_by_clock(&self) -> Option<(usize, crate::bot::MoveTime)> {
        let limit = self.limits.move_timeout;
        self.games
            .iter()
            .filter_map(|g| Some((g.game.number, g.slowest_move?)))
            .filter(|(_, t)| t.wall > limit && t.charged < limit)
            .max_by_key(|(_, t)| t.wall)
    }
}

/// Whether a move slower than the limit by the clock computed a good part of it (a fifth of the
/// limit charged at least): a search stopped by the clock, which an idle machine times out. A
/// move charged less only waited for a processor: its verdict warns instead of failing.
pub(super) fn computed(t: crate::bot::MoveTime, report: &CheckReport) -> bool {
    t.charged * 5 >= report.limits.move_timeout
}

/// Checks `bot` (named `name` in the game ids): plays the scripted games, then the random ones
/// (`options.jobs` at once), calling `on_game` for each in the plan's order as soon as it and
/// every game before it ended. `Err` only when the check itself could not be carried out.
pub fn run_check(
    bot: &BotCommand,
    name: &str,
    options: &CheckOptions,
    on_game: &mut dyn FnMut(&GameCheck),
) -> Result<CheckReport, CheckError> {
    let plan = full_plan(options);
    // `full_plan` appends the rounds against each house bot level to the game's own plan.
    let house_rounds = plan.len() - own_plan(options).len();
    let mut wanted: Vec<Opponent> = plan.iter().map(|g| g.opponent).collect();
    wanted.sort();
    wanted.dedup();
    let mut opponents = Vec::new();
    for opponent in wanted {
        opponents.push((opponent, opponents::build(opponent, &options.build_cache, options.game, &options.rules)?));
    }
    let (dir, temp) = match &options.keep_logs {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|source| CheckError::Logs { path: dir.clone(), source })?;
            (dir.clone(), None)
        }
        None => {
            let temp = tempfile::Builder::new()
                .prefix("juiz-check-")
                .tempdir()
                .map_err(|source| CheckError::Logs { path: std::env::temp_dir(), source })?;
            (temp.path().to_owned(), Some(temp))
        }
    };
    let dir = dir.as_path();
    let limits = Limits { move_timeout: options.move_timeout, ..options.limits.clone().unwrap_or_default() };
    let play = |game: CheckGame| {
        let opponent = &opponents.iter().find(|(o, _)| *o == game.opponent).expect("every opponent is built").1;
        let players = (0..game.players)
            .map(|seat| {
                if game.bot_seats.contains(&seat) {
                    PlayerSpec { name: name.to_owned(), player: Player::Bot(bot.clone()) }
                } else {
                    PlayerSpec { name: game.opponent.name().to_owned(), player: Player::Bot(opponent.clone()) }
                }
            })
            .collect();
        let mut config = GameConfig::new(options.game, game.seed, players);
        config.deal = game.deal.clone();
        config.options = options.rules.clone();
        config.limits = limits.clone();
        config.log = Some(dir.join(format!("{}.csv", game.stem)));
        config.stderr_dir = Some(dir.to_path_buf());
        config.stderr_stem = game.stem.clone();
        config.cancel = options.cancel.clone();
        let _turn = options.turns.as_ref().map(|t| t.take());
        play_one(&config, game, &bot.display, dir, options.keep_logs.is_some())
    };
    let games = play_in_order(plan, options.jobs, &play, on_game)?;
    // The logs of failed games outlive the check: its report tells how to replay them.
    let kept_logs = match temp {
        Some(temp) if games.iter().any(GameCheck::bot_faulted) => Some(temp.keep()),
        Some(_) => None,
        None => options.keep_logs.clone(),
    };
    Ok(CheckReport { bot: bot.display.clone(), seed: options.seed, limits, games, house_rounds, kept_logs })
}

/// Plays every game of `plan` with `play`, `jobs` at once (at least one), and hands each result
/// to `on_game` in the plan's order. After a game that could not be played no new game starts;
/// the error returned is the interruption if there was one, else the first game's by number.
fn play_in_order(
    plan: Vec<CheckGame>,
    jobs: usize,
    play: &(dyn Fn(CheckGame) -> Result<GameCheck, CheckError> + Sync),
    on_game: &mut dyn FnMut(&GameCheck),
) -> Result<Vec<GameCheck>, CheckError> {
    let total = plan.len();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel();
    let mut done: Vec<Option<GameCheck>> = (0..total).map(|_| None).collect();
    let mut error: Option<(usize, CheckError)> = None;
    let mut reported = 0;
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, total.max(1)) {
            let (tx, next, stop, plan) = (tx.clone(), &next, &stop, &plan);
            scope.spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(game) = plan.get(i) else { break };
                    let result = play(game.clone());
                    if result.is_err() {
                        stop.store(true, Ordering::SeqCst);
                    }
                    if tx.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, result) in rx {
            match result {
                Ok(game) => done[i] = Some(game),
                Err(e) => {
                    let first = match &error {
                        None => true,
                        Some((_, CheckError::Cancelled)) => false,
                        Some((j, _)) => matches!(e, CheckError::Cancelled) || i < *j,
                    };
                    if first {
                        error = Some((i, e));
                    }
                }
            }
            while let Some(Some(game)) = done.get(reported).filter(|_| error.is_none()) {
                on_game(game);
                reported += 1;
            }
        }
    });
    match error {
        Some((_, e)) => Err(e),
        None => Ok(done.into_iter().map(|g| g.expect("every game was played")).collect()),
    }
}

/// Plays one game; its transcript is named in the result when all logs are kept or the checked
/// bot failed (a failed game's logs are always kept).
fn play_one(config: &GameConfig, game: CheckGame, bot: &str, dir: &Path, keep: bool) -> Result<GameCheck, CheckError> {
    let mut watch = Watch::new(&game.bot_seats, game.players);
    let report = match referee::play(config, &mut watch) {
        Ok(report) => report,
        Err(RefereeError::Cancelled) => return Err(CheckError::Cancelled),
        Err(source) => return Err(CheckError::Game { number: game.number, title: game.title.clone(), source }),
    };
    let (fault_line, fault_prompt) = match &report.fault {
        // The line the fault is about: the one refused, or the one written out of turn.
        Some(f) => (f.line.clone().or_else(|| watch.last_from[f.seat].clone()), watch.last_to[f.seat].clone()),
        None => (None, None),
    };
    // The tail shown is the faulting copy's when the checked bot faulted (in a 4-player game
    // its partner's stderr says nothing about the fault), else the last seat's that wrote any.
    let faulted = report.fault.as_ref().map(|f| f.seat).filter(|s| game.bot_seats.contains(s));
    let mut stderr_bytes = 0;
    let mut stderr_tail = Vec::new();
    for &seat in &game.bot_seats {
        let text = std::fs::read(crate::referee::stderr_log_path(dir, &game.stem, seat)).unwrap_or_default();
        stderr_bytes += text.len() as u64;
        if faulted.is_some_and(|f| f != seat) {
            continue;
        }
        let text = String::from_utf8_lossy(&text);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if !lines.is_empty() {
            stderr_tail =
                lines[lines.len().saturating_sub(STDERR_TAIL_LINES)..].iter().map(|l| l.to_string()).collect();
        }
    }
    let mut checked = GameCheck {
        bot: bot.to_owned(),
        bot_ids: game.bot_seats.iter().map(|&s| report.seats[s].id.clone()).collect(),
        result_line: report.result_line(),
        ending: match &report.outcome.ending {
            Ending::Finished { reason } => Some(crate::i18n::say(reason)),
            Ending::Forfeit { .. } => None,
        },
        fault: report.fault.clone(),
        fault_line,
        fault_prompt,
        bot_commands: watch.bot_commands,
        opponent_commands: watch.opponent_commands,
        startup: watch.startup,
        moves: watch.moves,
        stderr_bytes,
        stderr_tail,
        log: None,
        slowest_move: game
            .bot_seats
            .iter()
            .filter_map(|&seat| Some(report.timing.get(seat).copied().flatten()?.slowest_move))
            .filter(|t| !t.wall.is_zero())
            .max_by_key(|t| t.wall),
        game,
    };
    if keep || checked.bot_faulted() {
        checked.log = Some(dir.join(format!("{}.csv", checked.game.stem)));
    }
    Ok(checked)
}

/// Watches one game: times the checked bot's replies and notes the commands accepted.
struct Watch {
    is_bot: Vec<bool>,
    sent_at: Vec<Option<Instant>>,
    answered: Vec<bool>,
    last_to: Vec<Option<String>>,
    last_from: Vec<Option<String>>,
    startup: Vec<Duration>,
    moves: Vec<Duration>,
    bot_commands: Vec<String>,
    opponent_commands: Vec<String>,
}

impl Watch {
    fn new(bot_seats: &[Seat], players: usize) -> Self {
        Watch {
            is_bot: (0..players).map(|s| bot_seats.contains(&s)).collect(),
            sent_at: vec![None; players],
            answered: vec![false; players],
            last_to: vec![None; players],
            last_from: vec![None; players],
            startup: Vec::new(),
            moves: Vec::new(),
            bot_commands: Vec::new(),
            opponent_commands: Vec::new(),
        }
    }
}

impl Observer for Watch {
    fn message(&mut self, seat: Seat, to_seat: bool, line: &str) {
        if to_seat {
            self.sent_at[seat] = Some(Instant::now());
            self.last_to[seat] = Some(line.to_owned());
            return;
        }
        self.last_from[seat] = Some(line.to_owned());
        if !self.is_bot[seat] {
            return;
        }
        let took = self.sent_at[seat].map(|at| at.elapsed()).unwrap_or_default();
        if self.answered[seat] {
            self.moves.push(took);
        } else {
            self.startup.push(took);
            self.answered[seat] = true;
        }
    }

    fn action(&mut self, seat: Seat, _turn: u32, _narration: &crate::games::Message, _engine: &dyn Engine) {
        let word = self.last_from[seat].as_deref().and_then(|l| l.split_whitespace().next()).unwrap_or_default();
        let list = if self.is_bot[seat] { &mut self.bot_commands } else { &mut self.opponent_commands };
        if !word.is_empty() && !list.iter().any(|w| w == word) {
            list.push(word.to_owned());
        }
    }
}
