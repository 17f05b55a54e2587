//! What the web handlers and the workers share: the course, its database, the flags that stop or
//! wake the workers, and the settings the admin page changes (kept in the database).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant, SystemTime};

use super::course::{Course, instant_text, parse_instant};
use super::db::Db;
use super::disk::{self, Shortage};
use super::error::ServerError;

/// The server's shared state.
pub struct Shared {
    pub course: Course,
    pub db: Db,
    /// Games (and checks) played at once.
    pub jobs: usize,
    /// The `jobs` slots every game takes, the ladder's and the checks' (`workers::Slots`).
    pub slots: Arc<super::workers::Slots>,
    /// Set to stop: running games and checks are cancelled, the workers end.
    pub stop: Arc<AtomicBool>,
    /// Set while the final tournament runs.
    pub final_running: AtomicBool,
    /// What links start with: the course's `url`, else the listening address (set once bound).
    pub base_url: std::sync::OnceLock<String>,
    /// Why the ladder and the checks wait (the disk, the open files, a game the server could
    /// not start), as last found by `tend`; `None`: nothing is short.
    pub shortage: Mutex<Option<Shortage>>,
    /// Bytes the course folder took when last measured.
    pub disk_used: AtomicU64,
    /// When the disk was last measured and pruned.
    tended: Mutex<Option<Instant>>,
    /// Until when a game the server could not start (its own files or disk) keeps the ladder
    /// waiting.
    host_fault_until: Mutex<Option<Instant>>,
    /// Whether the last game started was a ranked one, so that a friendly game may go next
    /// (`fair::lane`).
    pub friendly_owed: AtomicBool,
    /// The games with a human seat in a browser (`human.rs`).
    pub humans: super::human::Humans,
    wake: (Mutex<u64>, Condvar),
}

impl Shared {
    pub fn new(course: Course, db: Db, jobs: usize) -> Shared {
        Shared {
            course,
            db,
            jobs,
            slots: super::workers::Slots::new(jobs),
            stop: Arc::new(AtomicBool::new(false)),
            final_running: AtomicBool::new(false),
            base_url: std::sync::OnceLock::new(),
            shortage: Mutex::new(None),
            disk_used: AtomicU64::new(0),
            tended: Mutex::new(None),
            host_fault_until: Mutex::new(None),
            friendly_owed: AtomicBool::new(true),
            humans: Default::default(),
            wake: (Mutex::new(0), Condvar::new()),
        }
    }

    pub fn data(&self) -> &PathBuf {
        &self.course.data
    }

    /// Wakes the workers: there is new work (an upload, a game asked for, the ladder resumed).
    pub fn wake(&self) {
        let (lock, cvar) = &self.wake;
        *lock.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        cvar.notify_all();
    }

    /// Waits until `wake` or `timeout`.
    pub fn wait(&self, timeout: Duration) {
        let (lock, cvar) = &self.wake;
        let guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        let seen = *guard;
        let _ = cvar.wait_timeout_while(guard, timeout, |n| *n == seen && !self.stopping());
    }

    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// The deadline: the admin page's, else the course file's; `None`: uploads always open.
    pub fn deadline(&self) -> Result<Option<SystemTime>, ServerError> {
        match self.db.setting("deadline")? {
            Some(text) if text == "none" => Ok(None),
            Some(text) => Ok(parse_instant(&text).ok()),
            None => Ok(self.course.deadline),
        }
    }

    pub fn set_deadline(&self, at: Option<SystemTime>) -> Result<(), ServerError> {
        let text = at.map_or_else(|| "none".to_string(), instant_text);
        self.db.set_setting("deadline", Some(&text))
    }

    pub fn past_deadline(&self) -> Result<bool, ServerError> {
        Ok(self.deadline()?.is_some_and(|d| SystemTime::now() >= d))
    }

    /// Whether the ladder is paused (by the admin page).
    pub fn paused(&self) -> Result<bool, ServerError> {
        Ok(self.db.setting("paused")?.as_deref() == Some("1"))
    }

    pub fn set_paused(&self, paused: bool) -> Result<(), ServerError> {
        self.db.set_setting("paused", paused.then_some("1"))?;
        self.wake();
        Ok(())
    }

    /// What is short now, measuring the disk (and pruning old games) at most every 30 s and the
    /// open files every time: the ladder and the checks start nothing while something is.
    pub fn short(&self) -> Result<Option<Shortage>, ServerError> {
        const EVERY: Duration = Duration::from_secs(30);
        let due = {
            let mut tended = self.tended.lock().unwrap_or_else(|p| p.into_inner());
            let due = tended.is_none_or(|at| at.elapsed() >= EVERY);
            if due {
                *tended = Some(Instant::now());
            }
            due
        };
        if due {
            let found = self.tend_disk()?;
            *self.shortage.lock().unwrap_or_else(|p| p.into_inner()) = found;
        }
        let mut now = self.shortage.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if now.is_none() {
            let (open, limit) = disk::open_files();
            if open + super::listen::reserved_files(0) / 2 > limit {
                now = Some(Shortage::Files { open, limit });
            }
        }
        if now.is_none() {
            let until = *self.host_fault_until.lock().unwrap_or_else(|p| p.into_inner());
            if until.is_some_and(|at| Instant::now() < at) {
                now = Some(Shortage::Host("a game's spawn failed for lack of files or disk".into()));
            }
        }
        Ok(now)
    }

    /// Prunes old games, then measures the course folder and the free space against the budget.
    fn tend_disk(&self) -> Result<Option<Shortage>, ServerError> {
        let budget = &self.course.budget;
        disk::prune(&self.db.conn(), self.data(), budget.keep_games)?;
        let used = disk::used_bytes(self.data());
        self.disk_used.store(used, Ordering::SeqCst);
        let free = disk::free_bytes(self.data()).unwrap_or(u64::MAX);
        if free < budget.floor_bytes {
            return Ok(Some(Shortage::Floor { free: disk::human(free), floor: disk::human(budget.floor_bytes) }));
        }
        if used > budget.disk_bytes {
            return Ok(Some(Shortage::Budget { used: disk::human(used), budget: disk::human(budget.disk_bytes) }));
        }
        Ok(None)
    }

    /// A game could not start for a reason of the server's: the ladder waits a while.
    pub fn host_fault(&self) {
        *self.host_fault_until.lock().unwrap_or_else(|p| p.into_inner()) =
            Some(Instant::now() + Duration::from_secs(20));
        *self.tended.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}
