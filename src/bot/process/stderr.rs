//! Continuous draining of a bot's stderr on a thread of its own while the bot lives: a capped
//! log file, a byte count, and the last few KiB kept in memory for error messages. The threads
//! are kept between bots (a bot's drain is a job for an idle one; one is started only when none
//! is idle), so that no bot's start pays for a thread's creation and end.

use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// Bytes of the end of stderr kept in memory.
pub(crate) const TAIL_BYTES: usize = 4096;
/// Idle drain threads kept at most; a thread that finds this many idle ends.
const IDLE_THREADS: usize = 64;

#[derive(Debug, Default)]
struct Shared {
    tail: Vec<u8>,
    total: u64,
    dropped: u64,
}

/// The drain of one bot's stderr and what it has seen so far.
#[derive(Debug)]
pub(crate) struct StderrDrain {
    shared: Arc<Mutex<Shared>>,
    done: Receiver<()>,
    /// The drain reached end of file (or was given up on): `finish` does not wait again.
    over: bool,
}

fn lock<T>(shared: &Mutex<T>) -> MutexGuard<'_, T> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One bot's drain, as handed to a thread.
struct Job {
    pipe: File,
    log: Option<PathBuf>,
    cap: u64,
    shared: Arc<Mutex<Shared>>,
    done: SyncSender<()>,
}

/// The idle drain threads, each waiting for a job on its own channel.
static IDLE: Mutex<Vec<SyncSender<Job>>> = Mutex::new(Vec::new());

impl StderrDrain {
    /// Starts reading `pipe` until end of file, writing at most `cap` bytes into the file `log`,
    /// which is created when the first byte arrives (a bot that writes nothing leaves no file).
    pub(crate) fn start(pipe: File, log: Option<PathBuf>, cap: u64) -> std::io::Result<StderrDrain> {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let (done_tx, done) = sync_channel(1);
        let mut job = Job { pipe, log, cap, shared: Arc::clone(&shared), done: done_tx };
        // An idle thread takes it; one whose channel is gone (it ended) is passed over.
        loop {
            let idle = lock(&IDLE).pop();
            match idle {
                Some(thread) => match thread.send(job) {
                    Ok(()) => break,
                    Err(std::sync::mpsc::SendError(back)) => job = back,
                },
                None => {
                    spawn_thread(job)?;
                    break;
                }
            }
        }
        Ok(StderrDrain { shared, done, over: false })
    }

    /// The last bytes of stderr (at most `TAIL_BYTES`), lossily decoded.
    pub(crate) fn tail(&self) -> String {
        String::from_utf8_lossy(&lock(&self.shared).tail).into_owned()
    }

    /// Waits at most `wait` for the drain to reach end of file (it does once every process
    /// holding the pipe is gone) and returns the total and dropped byte counts. A drain still
    /// blocked after `wait` is left to finish on its own (its thread is not reused until then).
    pub(crate) fn finish(&mut self, wait: Duration) -> (u64, u64) {
        if !self.over {
            self.over = true;
            // Done, a drain that died (its sender gone) or one still blocked: the counts so far.
            let _ = self.done.recv_timeout(wait);
        }
        let shared = lock(&self.shared);
        (shared.total, shared.dropped)
    }
}

/// A new drain thread, with `job` as its first: after each job it waits, idle, for the next.
fn spawn_thread(first: Job) -> std::io::Result<()> {
    let (jobs_tx, jobs) = sync_channel::<Job>(1);
    std::thread::Builder::new().name("juiz-stderr".into()).stack_size(64 * 1024).spawn(move || {
        let mut job = first;
        loop {
            let Job { pipe, log, cap, shared, done } = job;
            drain(pipe, log, cap, &shared);
            let _ = done.send(());
            {
                let mut idle = lock(&IDLE);
                if idle.len() >= IDLE_THREADS {
                    return;
                }
                idle.push(jobs_tx.clone());
            }
            match jobs.recv() {
                Ok(next) => job = next,
                Err(_) => return,
            }
        }
    })?;
    Ok(())
}

fn drain(mut pipe: File, path: Option<PathBuf>, cap: u64, shared: &Mutex<Shared>) {
    let mut buf = vec![0u8; 16 * 1024];
    // The log file, once the first byte came; a file that cannot be created is given up on (the
    // tail is still kept in memory): the bot is not to blame.
    // The file has no name until the bot is gone (see `private_file`): no other bot can read what
    // this one prints, wherever the log folder is.
    let mut path = path;
    let mut log: Option<(File, crate::private_file::PendingFile)> = None;
    let mut stored: u64 = 0;
    loop {
        let n = match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let chunk = &buf[..n];
        let room = usize::try_from(cap.saturating_sub(stored)).unwrap_or(usize::MAX);
        let keep = chunk.len().min(room);
        if let Some(path) = path.take() {
            log = crate::private_file::create(&path).ok();
        }
        if keep > 0
            && let Some((file, _)) = log.as_mut()
            && file.write_all(&chunk[..keep]).is_err()
        {
            log = None;
        }
        stored += keep as u64;
        let mut shared = lock(shared);
        shared.total += n as u64;
        shared.dropped += (n - keep) as u64;
        shared.tail.extend_from_slice(chunk);
        if shared.tail.len() > TAIL_BYTES {
            let excess = shared.tail.len() - TAIL_BYTES;
            shared.tail.drain(..excess);
        }
    }
    let dropped = lock(shared).dropped;
    if let Some((mut file, mut pending)) = log {
        if dropped > 0 {
            let _ = write!(file, "\n[... {dropped} bytes dropped]\n");
        }
        let _ = pending.publish(&file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::OwnedFd;

    fn pipe() -> (File, File) {
        let (read, write): (OwnedFd, OwnedFd) = nix::unistd::pipe().unwrap();
        (File::from(read), File::from(write))
    }

    #[test]
    fn a_drain_still_blocked_keeps_its_thread_and_the_next_bot_gets_another() {
        // A pipe some process still holds open: its drain stays blocked after `finish`.
        let (held_read, held_write) = pipe();
        let mut blocked = StderrDrain::start(held_read, None, 1 << 20).unwrap();
        assert_eq!(blocked.finish(Duration::from_millis(10)), (0, 0));
        // Bot after bot, each drained to its end, whatever thread takes it.
        for round in 0..3u64 {
            let (read, mut write) = pipe();
            let mut drain = StderrDrain::start(read, None, 4).unwrap();
            write.write_all(&b"0123456789"[..5 + round as usize]).unwrap();
            drop(write);
            assert_eq!(drain.finish(Duration::from_secs(60)), (5 + round, 1 + round), "round {round}");
            assert_eq!(drain.tail(), String::from_utf8_lossy(&b"0123456789"[..5 + round as usize]));
        }
        drop(held_write);
    }
}
