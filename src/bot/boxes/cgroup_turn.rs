//! Whose turn it is, told to the kernel's scheduler when it matters: a waiting bot (another bot
//! of its game is on move) whose box the watchdog finds computing (at least `BUSY` of CPU since
//! its last look, every 50 ms) gets the smallest CPU weight its cgroup can have (`cpu.weight` 1
//! in v2, `cpu.shares` 2 in v1) until it is on move again, when the default comes back. Its
//! processes, in any group or session (they are all in its box), then get about 1/100 (v2) or
//! 1/512 (v1) of a core the mover wants, not 24/25 for 24 helpers, so it cannot starve the bot
//! on move into the wall-clock backstop (issue 34). A bot that waits idle, as a bot should, is
//! never reweighted: writing the weight at every change of turn cost 45 % of the games per
//! second (docs/benchmarks-containment.md), one write per turn being a reweighting of the
//! group on every core. The weight decides who gets a core two want: an idle core still runs a
//! demoted bot.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// CPU a waiting bot's box may use between two looks of the watchdog (50 ms apart) before its
/// weight drops: a tenth of a core. Reading the referee's lines costs microseconds.
pub(in crate::bot) const BUSY: Duration = Duration::from_millis(5);

/// How the weight file counts: `cpu.shares` (v1, 2..262144, default 1024) or `cpu.weight` (v2,
/// 1..10000, default 100).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::bot) enum WeightFile {
    Shares,
    Weight,
}

impl WeightFile {
    fn value(self, least: bool) -> &'static [u8] {
        match (self, least) {
            (WeightFile::Shares, false) => b"1024\n",
            (WeightFile::Shares, true) => b"2\n",
            (WeightFile::Weight, false) => b"100\n",
            (WeightFile::Weight, true) => b"1\n",
        }
    }
}

/// The turn as the referee told it, and what the watchdog did about it.
#[derive(Debug, Default)]
struct State {
    /// Another bot of the game is on move.
    waiting: bool,
    /// The least weight is written (the bot was found computing while it waited).
    demoted: bool,
    /// The box's CPU time at the watchdog's last look while waiting.
    seen: Option<Duration>,
}

/// A box's weight file, open, and its turn.
#[derive(Debug)]
pub(in crate::bot) struct Turn {
    file: Option<(File, WeightFile)>,
    state: Mutex<State>,
}

impl Turn {
    /// Opens the weight file at `path` (`None`, or a file that cannot be opened: nothing to set).
    pub(in crate::bot) fn open(path: Option<(&Path, WeightFile)>) -> Turn {
        let file = path.and_then(|(path, kind)| {
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .ok()
                .map(|f| (crate::bot::host::sys::kept_high(f.into()), kind))
        });
        let file = file.map(|(fd, kind)| (File::from(fd), kind));
        Turn { file, state: Mutex::new(State::default()) }
    }

    /// Whether the kernel can be told whose turn it is.
    pub(in crate::bot) fn works(&self) -> bool {
        self.file.is_some()
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self, least: bool) -> bool {
        self.file.as_ref().is_some_and(|(file, kind)| file.write_at(kind.value(least), 0).is_ok())
    }

    /// The referee: the box's bot is on move (or out of a game) when `on_move`, else it waits
    /// while another moves. Writes only to lift a demotion.
    pub(in crate::bot) fn set(&self, on_move: bool) {
        let mut state = self.state();
        state.waiting = !on_move;
        state.seen = None;
        if on_move && state.demoted && self.write(false) {
            state.demoted = false;
        }
    }

    /// The watchdog's look, `cpu` the box's CPU time now: a waiting bot that used at least `BUSY`
    /// since the last look gets the least weight. True when it was demoted now.
    pub(in crate::bot) fn look(&self, cpu: Duration) -> bool {
        let mut state = self.state();
        if !state.waiting || state.demoted || self.file.is_none() {
            return false;
        }
        let busy = state.seen.is_some_and(|seen| cpu.saturating_sub(seen) >= BUSY);
        state.seen = Some(cpu);
        if busy && self.write(true) {
            state.demoted = true;
        }
        state.demoted
    }

    /// Back to the default weight, if it is not (a box taken for a new bot).
    pub(in crate::bot) fn reset(&self) {
        let mut state = self.state();
        if state.demoted && self.write(false) {
            state.demoted = false;
        }
        *state = State { demoted: state.demoted, ..State::default() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_waiting_bot_found_computing_is_demoted_until_it_moves() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cpu.weight");
        std::fs::write(&path, "100\n").unwrap();
        let turn = Turn::open(Some((&path, WeightFile::Weight)));
        assert!(turn.works());
        let ms = Duration::from_millis;
        // On move: never demoted, whatever it uses.
        turn.set(true);
        assert!(!turn.look(ms(0)) && !turn.look(ms(40)));
        // Waiting and idle: nothing written.
        turn.set(false);
        std::fs::write(&path, "x").unwrap();
        assert!(!turn.look(ms(40)) && !turn.look(ms(41)));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "x", "no write for an idle bot");
        // Waiting and computing: the least weight, until it is on move again.
        assert!(turn.look(ms(41) + BUSY));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1\n");
        turn.set(true);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "100\n");
        assert!(!Turn::open(None).works());
    }
}
