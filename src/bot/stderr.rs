//! Continuous draining of a bot's stderr on its own thread: a capped log file, a byte count,
//! and the last few KiB kept in memory for error messages.

use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// Bytes of the end of stderr kept in memory.
pub(crate) const TAIL_BYTES: usize = 4096;

#[derive(Debug, Default)]
struct Shared {
    tail: Vec<u8>,
    total: u64,
    dropped: u64,
}

/// The draining thread of one bot and what it has seen so far.
#[derive(Debug)]
pub(crate) struct StderrDrain {
    shared: Arc<Mutex<Shared>>,
    done: Receiver<()>,
    handle: Option<JoinHandle<()>>,
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

impl StderrDrain {
    /// Starts reading `pipe` until end of file, writing at most `cap` bytes into the file `log`,
    /// which is created when the first byte arrives (a bot that writes nothing leaves no file).
    pub(crate) fn start(pipe: File, log: Option<PathBuf>, cap: u64, pid: u32) -> std::io::Result<StderrDrain> {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let (done_tx, done) = sync_channel(1);
        let thread_shared = Arc::clone(&shared);
        let handle =
            std::thread::Builder::new().name(format!("juiz-stderr-{pid}")).stack_size(64 * 1024).spawn(move || {
                drain(pipe, log, cap, &thread_shared);
                let _ = done_tx.send(());
            })?;
        Ok(StderrDrain { shared, done, handle: Some(handle) })
    }

    /// The last bytes of stderr (at most `TAIL_BYTES`), lossily decoded.
    pub(crate) fn tail(&self) -> String {
        String::from_utf8_lossy(&lock(&self.shared).tail).into_owned()
    }

    /// Waits at most `wait` for the thread to reach end of file (it does once every process
    /// holding the pipe is gone) and returns the total and dropped byte counts. A thread still
    /// blocked after `wait` is left to finish on its own.
    pub(crate) fn finish(&mut self, wait: Duration) -> (u64, u64) {
        if let Some(handle) = self.handle.take() {
            match self.done.recv_timeout(wait) {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => {
                    let _ = handle.join();
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
        let shared = lock(&self.shared);
        (shared.total, shared.dropped)
    }
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
