//! Whose turn it is, told to the kernel's scheduler: while another bot of its game is on move, a
//! bot's box gets the smallest CPU weight its cgroup can have (`cpu.weight` 1 in v2,
//! `cpu.shares` 2 in v1), and the default again when it is on move or the game is over. A
//! waiting bot whose processes spin (in any group or session: they are all in its box) then gets
//! about 1/100 (v2) or 1/512 (v1) of a core the mover wants, so it cannot starve the bot on move
//! into the wall-clock backstop (issue 34). An idle core still runs it: the weight only decides
//! who gets a core two want. One `pwrite` to a file opened once per box, with no wake-up of the
//! bot (a freeze would wake every sleeping task of it, twice a move: measured in
//! docs/benchmarks-containment.md).

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};

/// How the weight file counts: `cpu.shares` (v1, 2..262144, default 1024) or `cpu.weight` (v2,
/// 1..10000, default 100).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WeightFile {
    Shares,
    Weight,
}

impl WeightFile {
    fn value(self, on_move: bool) -> &'static [u8] {
        match (self, on_move) {
            (WeightFile::Shares, true) => b"1024\n",
            (WeightFile::Shares, false) => b"2\n",
            (WeightFile::Weight, true) => b"100\n",
            (WeightFile::Weight, false) => b"1\n",
        }
    }
}

/// The state written last: unknown, on move (or not in a game), waiting.
const UNKNOWN: u8 = 0;
const MOVING: u8 = 1;
const WAITING: u8 = 2;

/// A box's weight file, open.
#[derive(Debug)]
pub(super) struct Turn {
    file: Option<(File, WeightFile)>,
    last: AtomicU8,
}

impl Turn {
    /// Opens the weight file at `path` (`None`, or a file that cannot be opened: nothing to set).
    pub(super) fn open(path: Option<(&Path, WeightFile)>) -> Turn {
        let file = path.and_then(|(path, kind)| {
            std::fs::OpenOptions::new().write(true).open(path).ok().map(|f| (super::sys::kept_high(f.into()), kind))
        });
        let file = file.map(|(fd, kind)| (File::from(fd), kind));
        Turn { file, last: AtomicU8::new(UNKNOWN) }
    }

    /// Whether the kernel is told whose turn it is.
    pub(super) fn works(&self) -> bool {
        self.file.is_some()
    }

    /// The box's bot is on move (or not in a game: the default weight) when `on_move`, else it
    /// waits while another moves. Writes only a change; a failed write leaves the weight as it was.
    pub(super) fn set(&self, on_move: bool) {
        let Some((file, kind)) = &self.file else { return };
        let state = if on_move { MOVING } else { WAITING };
        if self.last.swap(state, Ordering::Relaxed) == state {
            return;
        }
        if file.write_at(kind.value(on_move), 0).is_err() {
            self.last.store(UNKNOWN, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weight_is_written_on_a_change_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cpu.weight");
        std::fs::write(&path, "100\n").unwrap();
        let turn = Turn::open(Some((&path, WeightFile::Weight)));
        assert!(turn.works());
        turn.set(false);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1\n0\n");
        std::fs::write(&path, "x").unwrap();
        turn.set(false);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "x", "no change, no write");
        turn.set(true);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "100\n");
        assert!(!Turn::open(None).works());
    }
}
