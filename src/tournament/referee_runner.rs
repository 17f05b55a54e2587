//! The real game runner: one game of the schedule played by the referee with the bots' processes,
//! and `run`, the tournament entry point that uses it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::config::Tournament;
use super::error::TournamentError;
use super::progress::Progress;
use super::runner::{GameResult, GameRunner, GameSetup, PlayError, RunOptions, SeatFault, run_with};
use super::summary::Summary;
use crate::bot::BotCommand;
use crate::referee::{self, GameConfig, GameReport, Observer, Player, PlayerSpec, RefereeError};

/// Plays each game with `referee::play`, silently; the transcript goes to `games/<id>.csv` and
/// each seat's stderr beside it (`<id>.seat<N>.stderr`).
pub struct RefereeRunner;

impl GameRunner for RefereeRunner {
    fn play(&self, setup: &GameSetup) -> Result<GameResult, PlayError> {
        play_observed(setup, &mut referee::Quiet)
    }
}

/// Plays one game of the schedule exactly as `RefereeRunner` does, telling `observer` what
/// happens (`juiz bench` times the referee loop through it).
pub fn play_observed(setup: &GameSetup, observer: &mut dyn Observer) -> Result<GameResult, PlayError> {
    let players = setup
        .seats
        .iter()
        .map(|bot| PlayerSpec {
            name: bot.name.clone(),
            player: Player::Bot(BotCommand { argv: bot.argv.clone(), display: bot.display.clone() }),
        })
        .collect();
    let mut config = GameConfig::new(setup.tournament.game, setup.game.seed, players);
    config.options = setup.tournament.rules.clone();
    config.limits = setup.tournament.limits.clone();
    config.seat_limits =
        setup.seats.iter().map(|bot| setup.tournament.bot(&bot.name).and_then(|spec| spec.limits.clone())).collect();
    config.seat_workdirs = setup.seats.iter().map(|bot| bot.workdir.clone()).collect();
    config.log = Some(setup.log.clone());
    config.stderr_dir = Some(setup.stderr_dir.clone());
    config.stderr_stem = setup.game.id();
    config.cancel = Some(Arc::clone(setup.cancel));
    config.anonymous = setup.tournament.anonymous_seats;
    match referee::play(&config, observer) {
        Ok(report) => Ok(result_of(&report)),
        Err(RefereeError::Cancelled) => Err(PlayError::Cancelled),
        Err(e) => Err(PlayError::Failed(e.to_string())),
    }
}

/// The report as the tournament records it: side 0 is the side of seat 0.
fn result_of(report: &GameReport) -> GameResult {
    let side_of_seat0 = report.sides.first().copied().unwrap_or(0);
    let score = |side: usize| report.outcome.scores.get(side).copied().unwrap_or(0);
    let ours = |side: usize| usize::from(side != side_of_seat0);
    GameResult {
        scores: [score(side_of_seat0), score(1 - side_of_seat0)],
        winner: report.outcome.winner.map(ours),
        fault: report.fault.as_ref().map(|f| SeatFault {
            seat: f.seat,
            kind: f.kind.name().to_string(),
            detail: f.detail.clone(),
        }),
        turns: report.turns,
        duration: report.duration,
    }
}

/// Runs tournament `t` with real bots (see `run_with` for resume, shards and cancellation).
pub fn run(
    t: &Tournament,
    opts: &RunOptions,
    progress: &dyn Progress,
    cancel: Arc<AtomicBool>,
) -> Result<Summary, TournamentError> {
    run_with(t, opts, progress, cancel, &RefereeRunner)
}
