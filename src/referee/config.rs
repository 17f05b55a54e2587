//! What a game is set up with (game, seed, deal, players, limits, where to log) and the ids the
//! players are known by.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::bot::{BotCommand, Limits};
use crate::games::{GameKind, RuleOptions, SetupError};

/// Who plays a seat.
#[derive(Debug, Clone)]
pub enum Player {
    /// A program, spoken to over its stdin/stdout.
    Bot(BotCommand),
    /// A person at the terminal, through the observer (see `Observer::ask_human`).
    Human,
    /// A seat played back from a transcript (`juiz replay`).
    Scripted(super::scripted::Script),
}

/// One seat's player and the name it is known by (the full name; the wire id may be shorter).
#[derive(Debug, Clone)]
pub struct PlayerSpec {
    pub name: String,
    pub player: Player,
}

/// Everything needed to play one game.
#[derive(Debug, Clone)]
pub struct GameConfig {
    pub game: GameKind,
    pub seed: u64,
    /// A deal file's text, if the deal is fixed.
    pub deal: Option<String>,
    /// Rule options (`--rule`, a tournament's `"rules"`); empty: the game's defaults.
    pub options: RuleOptions,
    /// One per seat, in seat order (4-player team games: team 0 at seats 0 and 2).
    pub players: Vec<PlayerSpec>,
    /// The limits of every bot, unless `seat_limits` gives a seat its own.
    pub limits: Limits,
    /// Limits of particular seats (a tournament's per-bot `limits`): `Some` at a seat's index
    /// replaces `limits` for that seat. Empty by default.
    pub seat_limits: Vec<Option<Limits>>,
    /// Folders whose contents a seat's bot finds copied into its fresh work dir (a tournament
    /// bot's `workdir`): `Some` at a seat's index. Empty by default.
    pub seat_workdirs: Vec<Option<PathBuf>>,
    /// Where to write the game's transcript (`--log`).
    pub log: Option<PathBuf>,
    /// Where each seat's stderr goes, as `<dir>/<stem>.seat<N>.stderr`; `None` drops it.
    pub stderr_dir: Option<PathBuf>,
    /// File stem for the stderr logs (a tournament uses the game id).
    pub stderr_stem: String,
    /// When set, the game stops at the next message and every bot is killed.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Anonymous seats (graded runs): the wire ids name seats only (`p1.bot`), never the bots
    /// (`anonymous_wire_id`); every output still uses the full ids.
    pub anonymous: bool,
    /// A replay of a recorded premature output (`juiz replay --bot`): once `lines` lines were
    /// sent to `seat`, the look for output no line was asked for waits up to `wait` for that
    /// seat's, as the live game's timing let it be seen (`None`: no wait, as in a live game).
    pub premature_at: Option<PrematureAt>,
}

/// Where a replay waits for a bot's premature output (`GameConfig::premature_at`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrematureAt {
    pub seat: usize,
    pub lines: usize,
    pub wait: std::time::Duration,
}

impl GameConfig {
    /// A game of `game` between `players` with default limits and no logs.
    pub fn new(game: GameKind, seed: u64, players: Vec<PlayerSpec>) -> Self {
        GameConfig {
            game,
            seed,
            deal: None,
            options: RuleOptions::new(),
            players,
            limits: Limits::default(),
            seat_limits: Vec::new(),
            seat_workdirs: Vec::new(),
            log: None,
            stderr_dir: None,
            stderr_stem: "game".into(),
            cancel: None,
            anonymous: false,
            premature_at: None,
        }
    }
}

impl GameConfig {
    /// The limits of the bot at `seat`.
    pub fn limits_for(&self, seat: usize) -> &Limits {
        self.seat_limits.get(seat).and_then(Option::as_ref).unwrap_or(&self.limits)
    }

    /// The protections the bots of this game get, for the transcript (`landlock,netns`, or
    /// `none`): those of the host when every bot seat is sandboxed, else `none`.
    pub fn sandbox_metadata(&self) -> String {
        let all = (0..self.players.len())
            .filter(|&seat| matches!(self.players[seat].player, Player::Bot(_)))
            .all(|seat| self.limits_for(seat).sandbox);
        crate::bot::sandbox_support().metadata(all)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Log(#[from] crate::record::TranscriptError),
    #[error("cannot create stderr log folder {path}: {message}")]
    StderrDir { path: PathBuf, message: String },
    #[error("the game was cancelled")]
    Cancelled,
    #[error("the replay left the recording: {0}")]
    Diverged(String),
    /// The rules engine broke the `Engine` contract (a seat that does not exist, no outcome at
    /// the end, a panic): a bug of juiz, reported instead of taking the referee down.
    #[error("the {game} engine broke its contract: {why}")]
    Engine { game: crate::games::GameKind, why: String },
}

/// Where a seat's stderr log goes: `<dir>/<stem>.seat<N>.stderr` (made only if the bot wrote to
/// stderr).
pub fn stderr_log_path(dir: &std::path::Path, stem: &str, seat: usize) -> PathBuf {
    dir.join(format!("{stem}.seat{seat}.stderr"))
}

/// Longest id sent on the wire: many student bots keep their id in a 10-byte buffer.
pub const MAX_WIRE_ID_BYTES: usize = 9;

/// The full id of a seat, as the original referee forms it: `p<N>.<name>`, N counting bots from 1;
/// a human is `user`.
pub fn display_id(players: &[PlayerSpec], seat: usize) -> String {
    match players[seat].player {
        Player::Human => "user".to_owned(),
        Player::Bot(_) | Player::Scripted(_) => {
            let number = players[..seat].iter().filter(|p| !matches!(p.player, Player::Human)).count() + 1;
            format!("p{number}.{}", players[seat].name)
        }
    }
}

/// The name every bot has on the wire in a game with anonymous seats.
pub const ANONYMOUS_NAME: &str = "bot";

/// The id sent on the wire for `seat` in a game with anonymous seats: `p<N>.bot`, N as in
/// `display_id` (a human is still `user`), so that a bot learns where each seat sits and
/// nothing of who plays it.
pub fn anonymous_wire_id(players: &[PlayerSpec], seat: usize) -> String {
    match players[seat].player {
        Player::Human => "user".to_owned(),
        Player::Bot(_) | Player::Scripted(_) => {
            let number = players[..seat].iter().filter(|p| !matches!(p.player, Player::Human)).count() + 1;
            wire_id(&format!("p{number}.{ANONYMOUS_NAME}"))
        }
    }
}

/// The id sent on the wire: the full id cut to at most 9 bytes, on a character boundary.
pub fn wire_id(display_id: &str) -> String {
    display_id[..display_id.floor_char_boundary(MAX_WIRE_ID_BYTES)].to_owned()
}

/// The name a bot is known by when none is given: the file stem of its program, or of the script
/// an interpreter runs (`python3 bots/x.py` → `x`, `bots/x.c` → `x`), read from the command as the
/// user gave it. Spaces become `_` so ids stay one token.
pub fn bot_name_from_command(command: &BotCommand) -> String {
    if let Some(Ok(level)) = crate::house::house_level(&command.display) {
        return crate::house::house_name(level);
    }
    let words = shlex::split(&command.display).unwrap_or_else(|| command.argv.clone());
    let path_like = words
        .iter()
        .rev()
        .find(|arg| !arg.starts_with('-') && (arg.contains('/') || arg.contains('.')))
        .or(words.first());
    let stem = path_like
        .map(|arg| {
            std::path::Path::new(arg)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| arg.clone())
        })
        .unwrap_or_else(|| "bot".to_owned());
    let cleaned: String = stem.chars().map(|c| if c.is_whitespace() { '_' } else { c }).collect();
    if cleaned.is_empty() { "bot".to_owned() } else { cleaned }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_ids_fit_nine_bytes_on_char_boundaries() {
        assert_eq!(wire_id("p1.template"), "p1.templa");
        assert_eq!(wire_id("p2.bob"), "p2.bob");
        // 'é' is two bytes: p1.abcdé would end inside it at byte 9.
        assert_eq!(wire_id("p1.abcdeé"), "p1.abcde");
        assert!(wire_id("p1.ééééééé").len() <= MAX_WIRE_ID_BYTES);
    }

    #[test]
    fn display_ids_count_bots_only() {
        let bot = |n: &str| PlayerSpec {
            name: n.into(),
            player: Player::Bot(BotCommand { argv: vec![n.into()], display: n.into() }),
        };
        let players = vec![PlayerSpec { name: "you".into(), player: Player::Human }, bot("a"), bot("b")];
        assert_eq!(display_id(&players, 0), "user");
        assert_eq!(display_id(&players, 1), "p1.a");
        assert_eq!(display_id(&players, 2), "p2.b");
    }
}
