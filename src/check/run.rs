//! Playing the games of a check: the checked bot and the bundled opponents at the table, a
//! watcher that times every reply of the checked bot and notes the commands the game exercised,
//! and what each game leaves for the report (result, fault, timings, the tail of stderr).

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::bot::{BotCommand, Limits};
use crate::games::{Ending, Engine, Seat};
use crate::referee::{self, GameConfig, Observer, Player, PlayerSpec, RefereeError};

use super::CheckGame;
use super::opponents;
use super::outcome::{CheckError, CheckOptions, CheckReport, GameCheck};
use super::plan::{full_plan, own_plan};
use crate::games::kit::Opponent;

/// Lines of a game's stderr kept for the report.
const STDERR_TAIL_LINES: usize = 8;

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
            Ending::Finished { reason } => Some(reason.clone()),
            Ending::Forfeit { .. } => None,
        },
        fault: report.fault.clone(),
        after_end: game.bot_seats.iter().find_map(|&seat| report.after_end[seat].clone()),
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
