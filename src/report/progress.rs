//! The tournament progress bar: games done, games per second, ETA and faults so far, on stderr,
//! drawn only when stderr is a terminal.

use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::tournament::{GameRow, Progress};

/// One indicatif bar on stderr (drawn only when stderr is a terminal): games done, games per
/// second, ETA and faults so far.
pub struct Bar {
    bar: ProgressBar,
    faults: AtomicU64,
}

impl Bar {
    pub fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{wide_bar} {pos}/{len} games  {per_sec}  eta {eta}  {msg}")
                .expect("the template is valid"),
        );
        Bar { bar, faults: AtomicU64::new(0) }
    }
}

impl Default for Bar {
    fn default() -> Self {
        Bar::new()
    }
}

impl Progress for Bar {
    fn started(&self, total: usize, already_done: usize) {
        self.bar.set_length(total as u64);
        self.bar.set_position(already_done as u64);
        self.bar.reset_eta();
        self.bar.set_message("faults: 0");
    }

    fn build_failed(&self, bot: &str, message: &str) {
        let message = super::escape::terminal_safe(message);
        self.bar.println(format!("bot '{bot}' does not build, its games are lost: {message}"));
    }

    fn game_finished(&self, row: &GameRow) {
        if !row.fault_kind.is_empty() {
            let n = self.faults.fetch_add(1, Ordering::Relaxed) + 1;
            self.bar.set_message(format!("faults: {n}"));
        }
        self.bar.inc(1);
    }

    fn finished(&self) {
        self.bar.finish_and_clear();
    }
}
