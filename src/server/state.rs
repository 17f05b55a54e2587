//! What the web handlers and the workers share: the course, its database, the flags that stop or
//! wake the workers, and the settings the admin page changes (kept in the database).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, SystemTime};

use super::course::{Course, instant_text, parse_instant};
use super::db::Db;
use super::error::ServerError;

/// The server's shared state.
pub struct Shared {
    pub course: Course,
    pub db: Db,
    /// Games (and checks) played at once.
    pub jobs: usize,
    /// Set to stop: running games and checks are cancelled, the workers end.
    pub stop: Arc<AtomicBool>,
    /// Set while the final tournament runs.
    pub final_running: AtomicBool,
    /// What links start with: the course's `url`, else the listening address (set once bound).
    pub base_url: std::sync::OnceLock<String>,
    wake: (Mutex<u64>, Condvar),
}

impl Shared {
    pub fn new(course: Course, db: Db, jobs: usize) -> Shared {
        Shared {
            course,
            db,
            jobs,
            stop: Arc::new(AtomicBool::new(false)),
            final_running: AtomicBool::new(false),
            base_url: std::sync::OnceLock::new(),
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
}
