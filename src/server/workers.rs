//! The workers: `--jobs` threads of their own (never the web server's), each taking the next
//! job — a version to build and check first (students wait for that), else a game — and
//! sleeping until woken when there is none; and the checks' own lane, one more thread that only
//! builds and checks, so that an upload never waits behind the ladder's longest game.

use std::sync::Arc;
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
    if let Some(id) = ladder::claim(shared)? {
        ladder::play(shared, id)?;
        return Ok(true);
    }
    Ok(false)
}
