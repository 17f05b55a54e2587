//! What a check is asked (`CheckOptions`, the `Turns` it may share) and what it found: each
//! game's `GameCheck`, the whole `CheckReport` and when it passes, and why a check could not be
//! carried out (`CheckError`).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::bot::{Limits, default_build_cache};
use crate::games::{GameKind, RuleOptions};
use crate::referee::{FaultRecord, RefereeError};

use super::CheckGame;

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
    /// How the game ended (`p1.smart went out`), when it was played to its end: worded when the
    /// report is (a course's check is told in two languages).
    pub ending: Option<crate::games::Message>,
    /// The fault that ended the game, whoever made it.
    pub fault: Option<FaultRecord>,
    /// What the checked bot did once its input closed at the end of the game, when it did not
    /// simply exit (a warning, not a fault).
    pub after_end: Option<crate::games::Message>,
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
