//! What a tournament run tells whoever watches it while it runs: the `Progress` trait (the
//! report module draws the progress bar) and a silent implementation.

use super::rows::GameRow;

/// Callbacks of a tournament run, made from the one thread that writes `games.csv` (the build
/// callback from the calling thread, before any game).
pub trait Progress: Sync {
    /// Games of this run's schedule (the shard's, with `--shard`), and how many of them were
    /// already in `games.csv` (with `--resume`).
    fn started(&self, total: usize, already_done: usize);
    /// A bot could not be built: its games are recorded as lost (fault kind `build`), unplayed.
    fn build_failed(&self, _bot: &str, _message: &str) {}
    /// A game finished and its row is in `games.csv` (`row.fault_kind` says if someone faulted).
    fn game_finished(&self, row: &GameRow);
    /// No more games will finish in this run (all done, stopped by Ctrl-C, or failed).
    fn finished(&self) {}
}

/// Says nothing.
pub struct Quiet;

impl Progress for Quiet {
    fn started(&self, _total: usize, _already_done: usize) {}
    fn game_finished(&self, _row: &GameRow) {}
}
