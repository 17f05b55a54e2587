//! The tournament progress bar: games done, games per second, ETA and faults so far, on stderr,
//! drawn only when stderr is a terminal. The rate and the ETA come from the games this run has
//! played over the whole time it has run (not from the last few games, which a burst of timeouts
//! or of quick forfeits throws far off), with as many digits as they deserve.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::tournament::{GameRow, Progress};

/// One indicatif bar on stderr (drawn only when stderr is a terminal): games done, games per
/// second, ETA and faults so far.
pub struct Bar {
    bar: ProgressBar,
    faults: AtomicU64,
    /// Games already in `games.csv` when the run started (not played by it).
    reused: Arc<AtomicU64>,
}

/// Games per second, to three significant digits at most: `12 games/s`, `1.5 games/s`,
/// `0.25 games/s`.
pub fn rate_text(games: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if games == 0 || secs <= 0.0 {
        return "- games/s".to_string();
    }
    let rate = games as f64 / secs;
    match rate {
        r if r >= 10.0 => format!("{r:.0} games/s"),
        r if r >= 1.0 => format!("{r:.1} games/s"),
        r => format!("{r:.2} games/s"),
    }
}

/// Time left for `left` games at the average pace of the `games` played in `elapsed`, rounded
/// to what a reader needs: `45s`, `3m 20s`, `2h 05m`; `-` before the first game.
pub fn eta_text(left: u64, games: u64, elapsed: Duration) -> String {
    if games == 0 {
        return "-".to_string();
    }
    let secs = (elapsed.as_secs_f64() * left as f64 / games as f64).round() as u64;
    match secs {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m {:02}s", s / 60, s % 60),
        s => format!("{}h {:02}m", s / 3600, (s % 3600) / 60),
    }
}

impl Bar {
    pub fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        let reused = Arc::new(AtomicU64::new(0));
        let played = {
            let reused = Arc::clone(&reused);
            move |state: &ProgressState| state.pos().saturating_sub(reused.load(Ordering::Relaxed))
        };
        let rate = {
            let played = played.clone();
            move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate_text(played(state), state.elapsed()));
            }
        };
        let eta = move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let left = state.len().unwrap_or(0).saturating_sub(state.pos());
            let _ = w.write_str(&eta_text(left, played(state), state.elapsed()));
        };
        bar.set_style(
            ProgressStyle::with_template("{wide_bar} {pos}/{len} games  {rate}  eta {left}  {msg}")
                .expect("the template is valid")
                .with_key("rate", rate)
                .with_key("left", eta),
        );
        Bar { bar, faults: AtomicU64::new(0), reused }
    }
}

impl Default for Bar {
    fn default() -> Self {
        Bar::new()
    }
}

impl Progress for Bar {
    fn started(&self, total: usize, already_done: usize) {
        self.reused.store(already_done as u64, Ordering::Relaxed);
        self.bar.set_length(total as u64);
        self.bar.set_position(already_done as u64);
        self.bar.reset_elapsed();
        self.bar.reset_eta();
        self.bar.set_message("faults: 0");
    }

    fn build_failed(&self, bot: &str, message: &str) {
        let message = super::escape::terminal_safe(message);
        let line = format!("bot '{bot}' cannot run, its games are lost: {message}");
        // Said before the first game, terminal or not (the bar draws only on a terminal).
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_has_few_digits() {
        let s = Duration::from_secs;
        assert_eq!(rate_text(12345, s(1000)), "12 games/s");
        assert_eq!(rate_text(15, s(10)), "1.5 games/s");
        assert_eq!(rate_text(1, s(3)), "0.33 games/s");
        assert_eq!(rate_text(0, s(3)), "- games/s");
    }

    #[test]
    fn the_eta_follows_the_average_pace_of_this_run() {
        let s = Duration::from_secs;
        // 10 games in 100 s (timeouts among them): 290 left take 2900 s, whatever the last
        // game took.
        assert_eq!(eta_text(290, 10, s(100)), "48m 20s");
        assert_eq!(eta_text(3, 10, s(100)), "30s");
        assert_eq!(eta_text(1000, 10, s(100)), "2h 46m");
        assert_eq!(eta_text(5, 0, s(100)), "-");
    }
}
