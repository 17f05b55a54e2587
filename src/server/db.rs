//! The course database: one SQLite file (`course.db`, WAL) in the course folder, its schema
//! migrations (table `migrations`), the folder lock that keeps a second server out, the one
//! writer connection (each write in a transaction) and the readers' own connections, so that a
//! page never waits behind a ladder write (WAL lets readers read the last commit meanwhile).

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, Transaction};

use super::error::ServerError;

/// The schema, one migration per change, applied in order and recorded in `migrations`.
const MIGRATIONS: &[&str] = &[
    // 1: settings, students, versions, games, ratings.
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
     CREATE TABLE students (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, team TEXT NOT NULL DEFAULT '',
        token_hash TEXT UNIQUE, active_version INTEGER, on_roster INTEGER NOT NULL DEFAULT 1);
     CREATE TABLE versions (
        id INTEGER PRIMARY KEY, student TEXT REFERENCES students(id), name TEXT NOT NULL UNIQUE,
        number INTEGER NOT NULL, sha256 TEXT NOT NULL DEFAULT '', file TEXT NOT NULL DEFAULT '',
        original_name TEXT NOT NULL DEFAULT '', uploaded INTEGER NOT NULL, state TEXT NOT NULL,
        build_output TEXT NOT NULL DEFAULT '', check_en TEXT NOT NULL DEFAULT '',
        check_pt TEXT NOT NULL DEFAULT '', argv TEXT NOT NULL DEFAULT '');
     CREATE INDEX versions_state ON versions(state);
     CREATE TABLE games (
        id INTEGER PRIMARY KEY, pair INTEGER NOT NULL, seed INTEGER NOT NULL,
        swapped INTEGER NOT NULL, a INTEGER NOT NULL REFERENCES versions(id),
        b INTEGER NOT NULL REFERENCES versions(id), ranked INTEGER NOT NULL, state TEXT NOT NULL,
        created INTEGER NOT NULL, finished INTEGER, score0 INTEGER, score1 INTEGER,
        winner INTEGER, verdict TEXT, fault_kind TEXT NOT NULL DEFAULT '', faulty INTEGER,
        fault_detail TEXT NOT NULL DEFAULT '', turns INTEGER, duration_ms INTEGER,
        log TEXT NOT NULL DEFAULT '');
     CREATE INDEX games_state ON games(state);
     CREATE TABLE ratings (
        version INTEGER PRIMARY KEY REFERENCES versions(id), elo REAL NOT NULL, ci95 REAL NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, draws INTEGER NOT NULL,
        losses INTEGER NOT NULL, faults INTEGER NOT NULL);",
    // 2: a game whose files were pruned (its row, result and rating stay); the indexes the
    // scheduler and the pruning read by.
    "ALTER TABLE games ADD COLUMN pruned INTEGER NOT NULL DEFAULT 0;
     CREATE INDEX games_a ON games(a);
     CREATE INDEX games_b ON games(b);
     CREATE INDEX versions_student ON versions(student);",
    // 3: the attempts of a game set aside because the host spoiled them (issue 34).
    "ALTER TABLE games ADD COLUMN replays TEXT NOT NULL DEFAULT '';",
    // 4 (course-admin, issue 37): a game of the bar's fixed deals (its deal number); a student's
    // link kept so the instructor can look it up; why a version was taken off the ladder.
    "ALTER TABLE games ADD COLUMN bar_deal INTEGER;
     ALTER TABLE students ADD COLUMN token TEXT;
     ALTER TABLE versions ADD COLUMN off_reason TEXT NOT NULL DEFAULT '';",
    // history-db (issue 37): each version's rating over time, a point each time it has played
    // a tenth more ranked games than at its last point (`ratings::record_points`).
    "CREATE TABLE rating_points (
        version INTEGER NOT NULL REFERENCES versions(id), at INTEGER NOT NULL,
        games INTEGER NOT NULL, elo REAL NOT NULL, ci95 REAL NOT NULL);
     CREATE INDEX rating_points_version ON rating_points(version, games);",
    // sums36 (issue 36): the running sums the ratings and the draw read instead of every row
    // (`sums.rs`), each finished ranked game added once (`summed`) in the transaction that
    // records it; rebuilt from the rows when this migration applies (`SUMS_MIGRATION`).
    "ALTER TABLE games ADD COLUMN summed INTEGER NOT NULL DEFAULT 0;
     CREATE INDEX games_finished ON games(finished);
     CREATE INDEX games_pair ON games(pair);
     CREATE TABLE version_sums (
        version INTEGER PRIMARY KEY REFERENCES versions(id),
        played INTEGER NOT NULL DEFAULT 0, ms INTEGER NOT NULL DEFAULT 0, first_created INTEGER,
        last_finished INTEGER, games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0,
        score_for INTEGER NOT NULL DEFAULT 0, score_against INTEGER NOT NULL DEFAULT 0,
        lost_by_both INTEGER NOT NULL DEFAULT 0, faults TEXT NOT NULL DEFAULT '{}',
        pairs INTEGER NOT NULL DEFAULT 0, halves INTEGER NOT NULL DEFAULT 0,
        halves_sq INTEGER NOT NULL DEFAULT 0, pent0 INTEGER NOT NULL DEFAULT 0,
        pent1 INTEGER NOT NULL DEFAULT 0, pent2 INTEGER NOT NULL DEFAULT 0,
        pent3 INTEGER NOT NULL DEFAULT 0, pent4 INTEGER NOT NULL DEFAULT 0,
        margins INTEGER NOT NULL DEFAULT 0, margin INTEGER NOT NULL DEFAULT 0,
        margin_sq INTEGER NOT NULL DEFAULT 0);
     CREATE TABLE pair_sums (
        lo INTEGER NOT NULL REFERENCES versions(id), hi INTEGER NOT NULL REFERENCES versions(id),
        met INTEGER NOT NULL DEFAULT 0, games INTEGER NOT NULL DEFAULT 0,
        lo_halves INTEGER NOT NULL DEFAULT 0, hi_halves INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (lo, hi)) WITHOUT ROWID;",
];

/// The migration (counted from 1) that brings the running sums: applying it fills them from
/// the games already stored.
const SUMS_MIGRATION: usize = 6;

/// The course's database, shared by the web handlers and the workers.
pub struct Db {
    /// The writer: every write, and the reads a write depends on.
    conn: Mutex<Connection>,
    /// The readers' connections (`query_only`), taken in turn by `read`.
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
}

/// How many reader connections a course keeps: enough for the pages served at once on a small
/// server (the web side's blocking work runs on a handful of threads).
const READERS: usize = 4;

/// Seconds since the epoch.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl Db {
    /// Opens (or creates) `course.db` in `folder`, in WAL mode, with every migration applied.
    pub fn open(folder: &Path) -> Result<Db, ServerError> {
        let path = folder.join("course.db");
        let wrap = |source| ServerError::Database { path: path.clone(), source };
        let mut conn = Connection::open(&path).map_err(wrap)?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(wrap)?;
        conn.pragma_update(None, "synchronous", "FULL").map_err(wrap)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(wrap)?;
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(wrap)?;
        migrate(&mut conn).map_err(wrap)?;
        let readers = (0..READERS)
            .map(|_| {
                let reader = Connection::open(&path)?;
                // Refuses any write: a reader that wrote would take the write lock from aside.
                reader.pragma_update(None, "query_only", "ON")?;
                reader.busy_timeout(std::time::Duration::from_secs(10))?;
                Ok(Mutex::new(reader))
            })
            .collect::<rusqlite::Result<_>>()
            .map_err(wrap)?;
        Ok(Db { conn: Mutex::new(conn), readers, next_reader: AtomicUsize::new(0) })
    }

    /// The writer connection, for writes (single statements, which SQLite makes atomic, or
    /// `tx`) and the reads a write decides on.
    pub fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A reader connection, for pages: it sees the last committed state and never waits for
    /// the writer. A free one if there is, else the next in turn.
    pub fn read(&self) -> MutexGuard<'_, Connection> {
        let start = self.next_reader.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.readers.len() {
            match self.readers[(start + i) % self.readers.len()].try_lock() {
                Ok(guard) => return guard,
                Err(std::sync::TryLockError::Poisoned(p)) => return p.into_inner(),
                Err(std::sync::TryLockError::WouldBlock) => {}
            }
        }
        self.readers[start % self.readers.len()].lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `f` in one transaction, committed when it returns `Ok`.
    pub fn tx<R>(&self, f: impl FnOnce(&Transaction) -> rusqlite::Result<R>) -> Result<R, ServerError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let result = f(&tx)?;
        tx.commit()?;
        Ok(result)
    }

    /// A setting, or `None`.
    pub fn setting(&self, key: &str) -> Result<Option<String>, ServerError> {
        use rusqlite::OptionalExtension;
        Ok(self.read().query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| r.get(0)).optional()?)
    }

    pub fn set_setting(&self, key: &str, value: Option<&str>) -> Result<(), ServerError> {
        self.tx(|tx| {
            match value {
                Some(v) => tx.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?1, ?2)", [key, v])?,
                None => tx.execute("DELETE FROM settings WHERE key = ?1", [key])?,
            };
            Ok(())
        })
    }
}

fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute("CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied INTEGER NOT NULL)", [])?;
    let done: i64 = tx.query_row("SELECT COUNT(*) FROM migrations", [], |r| r.get(0))?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(done as usize) {
        tx.execute_batch(sql)?;
        if i + 1 == SUMS_MIGRATION {
            super::sums::rebuild(&tx)?;
        }
        tx.execute("INSERT INTO migrations (version, applied) VALUES (?1, ?2)", [i as i64 + 1, now()])?;
    }
    tx.commit()
}

/// Lets the bots' own uids (under a root juiz) pass through `dir` to their files, without
/// listing it: mode 0711 as root, left as it is otherwise.
pub fn open_to_bots(dir: &Path) -> Result<(), ServerError> {
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return Ok(());
    }
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o711)).map_err(ServerError::io(dir))
}

/// The course folder's lock: held (an exclusive `flock` on `serve.lock`) while a server runs.
pub struct FolderLock {
    _lock: nix::fcntl::Flock<std::fs::File>,
}

/// How long to wait for a lock whose holder has died: a child it forked (a bot, a compiler)
/// holds the lock until its `exec`, which a `kill -9` of the server may leave pending for a
/// moment (as `tournament`'s results folder lock does).
const DEAD_HOLDER_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Creates `folder` if needed and takes its lock, or says another server holds it. The holder's
/// process id is written in the lock file, so that a lock still held by a dead server's child
/// is waited for instead of refused.
pub fn lock_folder(folder: &Path) -> Result<FolderLock, ServerError> {
    use std::io::{Read, Seek, Write};
    std::fs::create_dir_all(folder).map_err(ServerError::io(folder))?;
    open_to_bots(folder)?;
    let path = folder.join("serve.lock");
    let start = std::time::Instant::now();
    loop {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&path)
            .map_err(ServerError::io(&path))?;
        let mut holder = String::new();
        let _ = file.read_to_string(&mut holder);
        match nix::fcntl::Flock::lock(file, nix::fcntl::FlockArg::LockExclusiveNonblock) {
            Ok(mut lock) => {
                let _ = lock.set_len(0);
                let _ = lock.rewind();
                let _ = write!(lock, "{}", std::process::id());
                return Ok(FolderLock { _lock: lock });
            }
            Err(_) => {
                let dead = holder.trim().parse::<u32>().is_ok_and(|pid| !Path::new(&format!("/proc/{pid}")).exists());
                if !dead || start.elapsed() >= DEAD_HOLDER_GRACE {
                    return Err(ServerError::Locked(folder.to_path_buf()));
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_apply_once_and_a_second_lock_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path()).unwrap();
        db.set_setting("x", Some("1")).unwrap();
        drop(db);
        let db = Db::open(dir.path()).unwrap();
        assert_eq!(db.setting("x").unwrap().as_deref(), Some("1"));
        let applied: i64 = db.conn().query_row("SELECT COUNT(*) FROM migrations", [], |r| r.get(0)).unwrap();
        assert_eq!(applied, MIGRATIONS.len() as i64);
        let _held = lock_folder(dir.path()).unwrap();
        assert!(matches!(lock_folder(dir.path()), Err(ServerError::Locked(_))));
    }

    #[test]
    fn a_reader_reads_the_last_commit_while_a_write_is_open_and_cannot_write() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path()).unwrap();
        db.set_setting("x", Some("old")).unwrap();
        // Inside the writer's transaction (the writer's lock held), every reader answers from
        // the last commit; with one shared connection this would wait for itself.
        let seen = db
            .tx(|tx| {
                tx.execute("UPDATE settings SET value = 'new' WHERE key = 'x'", [])?;
                let seen: Vec<String> = std::thread::scope(|scope| {
                    let readers: Vec<_> = (0..READERS + 1)
                        .map(|_| scope.spawn(|| db.setting("x").unwrap().unwrap_or_default()))
                        .collect();
                    readers.into_iter().map(|r| r.join().unwrap()).collect()
                });
                Ok(seen)
            })
            .unwrap();
        assert_eq!(seen, vec!["old".to_string(); READERS + 1]);
        assert_eq!(db.setting("x").unwrap().as_deref(), Some("new"));
        let refused = db.read().execute("DELETE FROM settings", []);
        assert!(refused.is_err(), "a reader refuses writes");
    }
}
