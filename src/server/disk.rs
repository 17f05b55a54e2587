//! The course's disk: what its folder takes and what the file system has left, the ladder games
//! pruned to the last few per version (a game a student's bot was faulted in is kept, and so is
//! the final tournament, which lives in `final/`), each student's stored uploads, and the
//! shortages that pause the ladder and the checks: the free-space floor, the budget, the open
//! files. Ratings come from the database's running sums, never from the files or old rows, so
//! pruning and folding change no number.

use std::path::Path;

use rusqlite::Connection;

/// Bytes free for the server's user on the file system of `path`.
pub fn free_bytes(path: &Path) -> Option<u64> {
    let stat = nix::sys::statvfs::statvfs(path).ok()?;
    Some(stat.blocks_available() as u64 * stat.fragment_size() as u64)
}

/// Bytes the files under `path` take on disk (blocks, not lengths; links not followed).
pub fn used_bytes(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::symlink_metadata(path) else { return 0 };
    let mut total = meta.blocks() * 512;
    if meta.is_dir()
        && let Ok(entries) = std::fs::read_dir(path)
    {
        total += entries.flatten().map(|e| used_bytes(&e.path())).sum::<u64>();
    }
    total
}

/// Why the ladder and the checks wait, as the admin page says it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Shortage {
    #[error(
        "the disk has {free} free, below the floor of {floor}: the ladder and the checks wait and uploads are refused until space is freed"
    )]
    Floor { free: String, floor: String },
    #[error(
        "the course folder takes {used}, over its budget of {budget} even after pruning old games: the ladder and the checks wait (raise \"limits.disk\" or free space)"
    )]
    Budget { used: String, budget: String },
    #[error(
        "the server is short of open files ({open} of {limit} in use): no game or check starts until connections close"
    )]
    Files { open: u64, limit: u64 },
    #[error("a game could not start for a reason of the server's ({0}): it is replayed, never scored")]
    Host(String),
}

impl Shortage {
    /// Whether uploads are refused too (the disk is short).
    pub fn refuses_uploads(&self) -> bool {
        matches!(self, Shortage::Floor { .. } | Shortage::Budget { .. })
    }
}

/// A size for people: `1.5 GiB`.
pub fn human(bytes: u64) -> String {
    for (unit, size) in [("GiB", 1u64 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] {
        if bytes >= size {
            return if bytes.is_multiple_of(size) {
                format!("{} {unit}", bytes / size)
            } else {
                format!("{:.1} {unit}", bytes as f64 / size as f64)
            };
        }
    }
    format!("{bytes} bytes")
}

/// The free space of `path`'s file system, for people (`?` when unknown).
pub fn disk_free_text(path: &Path) -> String {
    free_bytes(path).map_or_else(|| "?".to_string(), human)
}

/// Descriptors this process has open, and its limit.
pub fn open_files() -> (u64, u64) {
    let open = std::fs::read_dir("/proc/self/fd").map_or(0, |d| d.count() as u64);
    let limit = nix::sys::resource::getrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE).map_or(1024, |l| l.0);
    (open, limit)
}

/// Whether a game's fault detail says the server (not the bot) ran out of something: open
/// files, processes' files, disk space or quota.
pub fn host_caused(detail: &str) -> bool {
    const SIGNS: [&str; 8] = [
        "os error 23)",
        "os error 24)",
        "os error 28)",
        "os error 122)",
        "Too many open files",
        "No space left on device",
        "Disk quota exceeded",
        "too many open files in system",
    ];
    SIGNS.iter().any(|s| detail.contains(s))
}

/// Deletes the files of finished ladder games (ranked and friendly) that are not among the last
/// `keep` of either of their versions and in which no student's bot was faulted, marking them
/// pruned; returns how many. Their rows are then folded (`fold`) when nothing else reads them:
/// results, ratings and the bar are unchanged, their numbers being in the running sums.
/// Also deletes the check logs (`versions/<id>/`) of retired versions, and each student's
/// games in the browser beyond their last `keep` (`human_store::prune_all`).
pub fn prune(conn: &Connection, data: &Path, keep: usize) -> rusqlite::Result<usize> {
    let mut stmt = conn.prepare(
        "WITH sides AS (SELECT id, a AS v FROM games WHERE state IN ('done', 'error')
                        UNION ALL SELECT id, b FROM games WHERE state IN ('done', 'error')),
              ranked AS (SELECT id, ROW_NUMBER() OVER (PARTITION BY v ORDER BY id DESC) AS k FROM sides),
              kept AS (SELECT id FROM ranked WHERE k <= ?1)
         SELECT g.id FROM games g WHERE g.state IN ('done', 'error') AND g.pruned = 0
           AND g.id NOT IN kept
           AND NOT (g.faulty IS NOT NULL AND g.faulty IN (SELECT id FROM versions WHERE student IS NOT NULL))
         ORDER BY g.id",
    )?;
    let old: Vec<i64> = stmt.query_map([keep as i64], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    for id in &old {
        let _ = std::fs::remove_dir_all(data.join("games").join(id.to_string()));
        conn.execute("UPDATE games SET pruned = 1 WHERE id = ?1", [id])?;
    }
    fold(conn, super::db::now())?;
    // The check logs of a student's versions that are neither active nor the newest (the
    // reports the pages show are in the database).
    let mut stmt = conn.prepare(
        "SELECT v.id FROM versions v WHERE v.student IS NOT NULL
           AND v.id NOT IN (SELECT active_version FROM students WHERE active_version IS NOT NULL)
           AND v.number < (SELECT MAX(number) FROM versions n WHERE n.student = v.student)",
    )?;
    let retired: Vec<i64> = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    for id in retired {
        let _ = std::fs::remove_dir_all(data.join("versions").join(id.to_string()));
    }
    // The games students played in the browser: the last `keep` of each student's.
    super::human_store::prune_all(data, keep);
    Ok(old.len())
}

/// Deletes the rows of games whose files were pruned and that nothing reads any more, their
/// numbers already in the running sums (`sums.rs`); returns how many. Kept: every game whose
/// files are kept (the last `keep_games` of each version, every game a student's bot was
/// faulted in), every game of the bar's fixed deals (the bar's verdict counts them), every
/// game finished within the draw's window (its seconds are the draw's), every game of a deal
/// with a game still to play, the newest game and the newest deal (so no game id or deal
/// number is given twice), and a ranked game not yet in the sums.
pub fn fold(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    let since = now - super::draw::WINDOW_SECS as i64;
    conn.execute(
        "DELETE FROM games WHERE pruned = 1 AND state IN ('done', 'error') AND bar_deal IS NULL
           AND (ranked = 0 OR state = 'error' OR summed = 1)
           AND (finished IS NULL OR finished < ?1)
           AND id < (SELECT MAX(id) FROM games) AND pair < (SELECT MAX(pair) FROM games)
           AND NOT EXISTS (SELECT 1 FROM games o WHERE o.pair = games.pair AND o.state IN ('queued', 'running'))",
        [since],
    )
}

/// Bytes `student`'s stored uploads take: each distinct kept file or archive folder once (an
/// archive's folder as well as the archive).
pub fn student_bytes(conn: &Connection, data: &Path, student: &str) -> rusqlite::Result<u64> {
    let mut stmt = conn.prepare("SELECT DISTINCT file, sha256 FROM versions WHERE student = ?1")?;
    let files: Vec<(String, String)> =
        stmt.query_map([student], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?;
    let mut total = 0;
    for (file, sha) in files {
        let path = data.join(&file);
        total += used_bytes(&path);
        if path.is_dir()
            && let Ok(entries) = std::fs::read_dir(data.join("submissions"))
        {
            // The archive the folder was unpacked from: `<sha>.zip`, `<sha>.tar.gz`...
            let prefix = format!("{sha}.");
            total += entries
                .flatten()
                .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
                .map(|e| used_bytes(&e.path()))
                .sum::<u64>();
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::db::Db;

    /// A course database with versions 1 (house), 2 and 3 (students) and `games` of 2 vs 3 or
    /// 1 vs 2, each with a folder; `faulted` games faulted by version 2.
    fn store(games: &[(i64, i64)], faulted: &[usize]) -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(dir.path()).unwrap();
        db.tx(|tx| {
            tx.execute_batch(
                "INSERT INTO students (id, name) VALUES ('ana', 'Ana'), ('bia', 'Bia');
                 INSERT INTO versions (id, student, name, number, uploaded, state) VALUES
                   (1, NULL, 'house', 0, 0, 'ready'), (2, 'ana', 'ana-v1', 1, 0, 'ready'),
                   (3, 'bia', 'bia-v1', 1, 0, 'ready');",
            )?;
            for (i, (a, b)) in games.iter().enumerate() {
                let faulty = faulted.contains(&i).then_some(2);
                tx.execute(
                    "INSERT INTO games (id, pair, seed, swapped, a, b, ranked, state, created, faulty)
                     VALUES (?1, ?1, 1, 0, ?2, ?3, 1, 'done', 0, ?4)",
                    rusqlite::params![i as i64 + 1, a, b, faulty],
                )?;
            }
            Ok(())
        })
        .unwrap();
        for i in 1..=games.len() {
            let game = dir.path().join("games").join(i.to_string());
            std::fs::create_dir_all(&game).unwrap();
            std::fs::write(game.join("t.csv"), vec![b'x'; 10_000]).unwrap();
        }
        (dir, db)
    }

    #[test]
    fn pruning_keeps_the_last_games_of_each_version_and_every_faulted_one() {
        // Games 1..=10 between the students, then 11..=12 of ana against the house bot.
        let mut games = vec![(2, 3); 10];
        games.extend([(1, 2), (1, 2)]);
        let (dir, db) = store(&games, &[1]);
        let before = used_bytes(&dir.path().join("games"));
        let pruned = prune(&db.conn(), dir.path(), 3).unwrap();
        let kept = |id: i64| dir.path().join("games").join(id.to_string()).is_dir();
        // bia's last 3 are 8, 9, 10; ana's 10, 11, 12; the house's 11, 12; game 2 was faulted.
        let expected_kept = [2, 8, 9, 10, 11, 12];
        for id in 1..=12 {
            assert_eq!(kept(id), expected_kept.contains(&id), "game {id}");
        }
        assert_eq!(pruned, 6);
        assert!(used_bytes(&dir.path().join("games")) < before);
        let marked: i64 = db.conn().query_row("SELECT COUNT(*) FROM games WHERE pruned = 1", [], |r| r.get(0)).unwrap();
        assert_eq!(marked, 6);
        // The rows stay, and a second pass has nothing left to do.
        // ana's first version retired by a second: its check logs go, the second's stay.
        db.tx(|tx| {
            tx.execute_batch(
                "INSERT INTO versions (id, student, name, number, uploaded, state) VALUES (4, 'ana', 'ana-v2', 2, 0, 'ready');
                 UPDATE students SET active_version = 4 WHERE id = 'ana';",
            )
        })
        .unwrap();
        for v in [2, 4] {
            std::fs::create_dir_all(dir.path().join("versions").join(v.to_string())).unwrap();
        }
        prune(&db.conn(), dir.path(), 3).unwrap();
        assert!(!dir.path().join("versions/2").exists() && dir.path().join("versions/4").is_dir());
        let rows: i64 = db.conn().query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, 12);
        assert_eq!(prune(&db.conn(), dir.path(), 3).unwrap(), 0, "nothing left to prune");
    }

    #[test]
    fn sizes_are_told_in_the_largest_unit() {
        assert_eq!(human(20 << 30), "20 GiB");
        assert_eq!(human(73_368_440 << 10), "70.0 GiB");
        assert_eq!(human(5300 << 10), "5.2 MiB");
        assert_eq!(human(1536), "1.5 KiB");
        assert_eq!(human(900), "900 bytes");
    }

    #[test]
    fn a_server_shortage_is_told_apart_from_a_bot_fault() {
        assert!(host_caused("cannot start the bot: Too many open files (os error 24)"));
        assert!(host_caused("cannot write: No space left on device (os error 28)"));
        assert!(!host_caused("the bot exited with status 1"));
        assert!(!host_caused("bad line 'os error 24'"));
    }
}
