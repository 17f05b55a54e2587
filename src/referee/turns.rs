//! Whose turn it is, for fairness (issue 34): the bot on move gets the CPU, a waiting bot must not
//! take it. As root with the `cpu` cgroup controller the scheduler is told at every change of
//! turn (`SeatPlayer::set_on_move`: the waiting bots' CPU weight drops to the least). Either way
//! the CPU each seat's processes used since their last move ended is kept: when the bot on move
//! reaches the wall-clock backstop without having used its own time (`timeout-overload`) and a
//! waiting seat's processes used at least the mover's move timeout of CPU meanwhile, that seat
//! took the CPU: the fault is its own (`cpu-time`, saying so), not the host's, and the bot on
//! move is not faulted.

use std::time::Duration;

use crate::bot::{BotFault, FaultKind};
use crate::games::Seat;

use super::seats::SeatPlayer;

/// The turn as the scheduler was last told it, and each seat's CPU time when it last stopped
/// moving (when the game began for a seat that has not moved).
#[derive(Debug, Default)]
pub(super) struct Turns {
    on_move: Option<Seat>,
    waiting_since: Vec<Option<Duration>>,
}

impl Turns {
    /// `seat` is on move: the scheduler is told what changed since the last move, and the seat
    /// that stopped moving has its CPU time noted.
    pub(super) fn give(&mut self, players: &[SeatPlayer], seat: Seat) {
        match self.on_move {
            Some(last) if last == seat => return,
            Some(last) => {
                players[last].set_on_move(false);
                self.waiting_since[last] = players[last].cpu_time();
            }
            None => {
                self.waiting_since = players.iter().map(SeatPlayer::cpu_time).collect();
                for (other, player) in players.iter().enumerate() {
                    player.set_on_move(other == seat);
                }
            }
        }
        players[seat].set_on_move(true);
        self.on_move = Some(seat);
    }

    /// Every bot gets its default CPU weight back (the game is over: it reads its last lines and
    /// exits).
    pub(super) fn end(&mut self, players: &[SeatPlayer]) {
        for player in players {
            player.set_on_move(true);
        }
        self.on_move = None;
    }

    /// For a `timeout-overload` of `mover`: the waiting seat (the first in seat order) whose
    /// processes used at least `allowance` of CPU since its last move ended, and its fault.
    pub(super) fn took_the_cpu(
        &self,
        players: &[SeatPlayer],
        mover: Seat,
        mover_id: &str,
        fault: &BotFault,
        allowance: Duration,
    ) -> Option<(Seat, BotFault)> {
        if fault.kind != FaultKind::TimeoutOverload {
            return None;
        }
        (0..players.len()).filter(|&seat| seat != mover).find_map(|seat| {
            let since = self.waiting_since.get(seat).copied().flatten()?;
            let used = players[seat].cpu_time()?.saturating_sub(since);
            (used >= allowance).then(|| (seat, took_cpu_fault(used, mover_id)))
        })
    }
}

/// The fault of a seat whose processes ran while another seat was on move.
fn took_cpu_fault(used: Duration, mover: &str) -> BotFault {
    BotFault::text(
        FaultKind::CpuTime,
        format!(
            "its processes used {:.2} s of CPU while it waited and {mover} was on move, which then ran out \
             of wall-clock time: a bot must not compute while another is on move (no helper processes or threads \
             left running after its reply)",
            used.as_secs_f64()
        ),
    )
}
