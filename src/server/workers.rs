//! The workers: `--jobs` threads of their own (never the web server's), each taking the next
//! job — a version to build and check first (students wait for that), else a game — and
//! sleeping until woken when there is none; and the checks' own lane, one more thread that only
//! builds and checks, so that an upload never waits behind the ladder's longest game. Games,
//! the ladder's and the checks' alike, take `--jobs` slots (`Slots`): never more games at once
//! than the workers, and a check's game takes the next free slot before any ladder game.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::state::Shared;
use super::{ladder, pipeline};

/// Starts the workers; they end when `shared.stop` is set (join the handles to wait).
pub fn start(shared: &Arc<Shared>) -> Vec<std::thread::JoinHandle<()>> {
    let lane = {
        let shared = Arc::clone(shared);
        std::thread::Builder::new()
            .name("juiz-checks".into())
            .spawn(move || work(&shared, check_next))
            .expect("a thread can be started")
    };
    (0..shared.jobs)
        .map(|i| {
            let shared = Arc::clone(shared);
            std::thread::Builder::new()
                .name(format!("juiz-worker-{i}"))
                .spawn(move || work(&shared, next))
                .expect("a thread can be started")
        })
        .chain([lane])
        .collect()
}

fn work(shared: &Shared, next: fn(&Shared) -> Result<bool, super::error::ServerError>) {
    while !shared.stopping() {
        match next(shared) {
            Ok(true) => {}
            Ok(false) => shared.wait(Duration::from_secs(2)),
            Err(e) => {
                eprintln!("juiz serve: {e}");
                shared.wait(Duration::from_secs(2));
            }
        }
    }
}

/// Builds and checks one version; false when none waits.
fn check_next(shared: &Shared) -> Result<bool, super::error::ServerError> {
    match pipeline::claim(shared)? {
        Some(id) => pipeline::process(shared, id).map(|()| true),
        None => Ok(false),
    }
}

/// Does one job; false when there was none.
fn next(shared: &Shared) -> Result<bool, super::error::ServerError> {
    if let Some(id) = pipeline::claim(shared)? {
        pipeline::process(shared, id)?;
        return Ok(true);
    }
    let Some(_slot) = shared.slots.ladder(&shared.stop) else { return Ok(false) };
    if let Some(id) = ladder::claim(shared)? {
        ladder::play(shared, id)?;
        return Ok(true);
    }
    Ok(false)
}

/// The games played at once, the ladder's and the checks' together: `jobs` slots, a check's
/// game served first.
#[derive(Debug)]
pub struct Slots {
    /// Free slots, and the checks' games waiting for one.
    state: Mutex<(usize, usize)>,
    freed: Condvar,
}

/// A slot held until dropped.
#[derive(Debug)]
pub struct Slot(Arc<Slots>);

impl Slots {
    pub fn new(jobs: usize) -> Arc<Slots> {
        Arc::new(Slots { state: Mutex::new((jobs.max(1), 0)), freed: Condvar::new() })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (usize, usize)> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A slot for a ladder game, once one is free and no check's game waits for it; `None` once
    /// `stop` is set.
    pub fn ladder(self: &Arc<Self>, stop: &AtomicBool) -> Option<Slot> {
        let mut state = self.lock();
        while state.0 == 0 || state.1 > 0 {
            if stop.load(Ordering::SeqCst) {
                return None;
            }
            state = self.freed.wait_timeout(state, Duration::from_secs(1)).unwrap_or_else(|p| p.into_inner()).0;
        }
        state.0 -= 1;
        Some(Slot(Arc::clone(self)))
    }

    /// A slot for a check's game: the next one freed.
    pub fn check(self: &Arc<Self>) -> Slot {
        let mut state = self.lock();
        state.1 += 1;
        while state.0 == 0 {
            state = self.freed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        state.0 -= 1;
        state.1 -= 1;
        Slot(Arc::clone(self))
    }

    /// Slots free now.
    #[cfg(test)]
    fn free(&self) -> usize {
        self.lock().0
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.lock().0 += 1;
        self.0.freed.notify_all();
    }
}

/// A check's games take the workers' slots (`CheckOptions::turns`).
#[derive(Debug)]
pub struct CheckTurns(pub Arc<Slots>);

impl crate::check::Turns for CheckTurns {
    fn take(&self) -> Box<dyn Send> {
        Box::new(self.0.check())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_never_outnumber_the_slots_and_a_checks_game_goes_first() {
        let slots = Slots::new(2);
        let stop = AtomicBool::new(false);
        let a = slots.ladder(&stop).expect("a free slot");
        let b = slots.ladder(&stop).expect("a free slot");
        assert_eq!(slots.free(), 0);
        // A check's game waits for the next slot freed; a ladder game asking meanwhile gets none
        // until the check's game has it.
        let check = {
            let slots = Arc::clone(&slots);
            std::thread::spawn(move || slots.check())
        };
        while slots.lock().1 == 0 {
            std::thread::yield_now();
        }
        drop(a);
        let held = check.join().expect("the check's game got a slot");
        assert_eq!(slots.free(), 0, "the freed slot went to the check's game");
        drop(held);
        drop(b);
        assert_eq!(slots.free(), 2);
        // Stopping: a ladder worker waiting for a slot gives up.
        let _all = [slots.ladder(&stop).unwrap(), slots.ladder(&stop).unwrap()];
        stop.store(true, Ordering::SeqCst);
        assert!(slots.ladder(&stop).is_none());
    }
}
