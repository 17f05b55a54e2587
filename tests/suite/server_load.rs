//! A load measurement of the course server, not a timed test (ignored by default; run it with
//! `cargo test --release --test suite server_load:: -- --ignored --nocapture`): 60 students upload at
//! once, every version must be built and checked, and meanwhile, with the ladder playing, the
//! time to answer page requests is measured and printed (median, 99th percentile, maximum);
//! issue 36's deadline of a class of 150 (`a_class_uploads_before_the_deadline`), its slow bot
//! (`a_slow_legal_bot_joins_the_ladder`) and its stderr flood under a disk budget
//! (`a_day_of_a_stderr_flooding_bot_stays_within_the_disk_budget`).

use crate::server_support;

use std::time::{Duration, Instant};

use server_support::{Course, Server, settled};

const STUDENTS: usize = 60;

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn sixty_students_upload_at_once_and_pages_stay_fast() {
    let roster: String = (0..STUDENTS).map(|i| format!("s{i:02},Student {i},\n")).collect();
    let course = Course::new(&roster, "");
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read_to_string(server_support::root().join("bots/smart.c")).unwrap();
    let started = Instant::now();
    std::thread::scope(|scope| {
        for i in 0..STUDENTS {
            let (server, links, smart) = (&server, &links, &smart);
            scope.spawn(move || {
                // Each student's own bytes: 60 versions to build, not one.
                let source = format!("{smart}\n/* s{i:02} */\n");
                let reply = server.upload(&links[&format!("s{i:02}")], "bot.c", source.as_bytes());
                assert_eq!(reply.status, 303, "{}", reply.text());
            });
        }
    });
    println!("60 uploads accepted in {:?}", started.elapsed());
    let mut times = Vec::new();
    let mut pages = 0;
    let mut pending: Vec<usize> = (0..STUDENTS).collect();
    while !pending.is_empty() {
        for path in ["/board".to_string(), "/board.json".to_string(), format!("/s/{}", links["s00"])] {
            let t = Instant::now();
            assert_eq!(server.get(&path).status, 200);
            times.push(t.elapsed());
            pages += 1;
        }
        pending.retain(|&i| {
            let state = server_support::version_state(&server, &links[&format!("s{i:02}")], 1);
            matches!(state.as_deref(), Some("queued" | "building" | "checking") | None)
        });
        std::thread::sleep(Duration::from_millis(100));
    }
    println!("60 versions built and checked {:?} after the uploads began", started.elapsed());
    for i in 0..STUDENTS {
        assert_eq!(settled(&server, &links[&format!("s{i:02}")], 1), "ready");
    }
    // With every version in the ladder, more page requests while it plays.
    for _ in 0..100 {
        for path in ["/board".to_string(), format!("/s/{}", links["s07"])] {
            let t = Instant::now();
            assert_eq!(server.get(&path).status, 200);
            times.push(t.elapsed());
            pages += 1;
        }
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{pages} page requests during the checks and the ladder: median {:?}, 99th percentile {:?}, max {:?}; {} ladder games played",
        at(0.5),
        at(0.99),
        times.last().unwrap(),
        server_support::games_played(&server)
    );
}

/// Issue 36's deadline: a class (`JUIZ_LOAD_STUDENTS`, default 150) each uploading a version of
/// their own at a seeded random moment of the last minutes before the deadline
/// (`JUIZ_LOAD_WINDOW_SECS`, default 600), the ladder playing meanwhile. Prints the time from
/// each upload to its verdict (median, 95th percentile, maximum), the ranked games a minute, and
/// the disk the course folder took, as a day's growth at that rate.
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn a_class_uploads_before_the_deadline() {
    let env = |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let students = env("JUIZ_LOAD_STUDENTS", 150) as usize;
    let window = Duration::from_secs(env("JUIZ_LOAD_WINDOW_SECS", 600));
    let roster: String = (0..students).map(|i| format!("s{i:03},Student {i},\n")).collect();
    let course = Course::new(&roster, "");
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read_to_string(server_support::root().join("bots/smart.c")).unwrap();
    // Each student's moment in the window, from a fixed seed.
    let mut seed: u64 = 36;
    let mut at: Vec<(Duration, usize)> = (0..students)
        .map(|i| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (window.mul_f64((seed >> 11) as f64 / (1u64 << 53) as f64), i)
        })
        .collect();
    at.sort();
    let start = Instant::now();
    let games_at_start = server_support::games_played(&server);
    let mut sent: Vec<(usize, Instant)> = Vec::new();
    let mut waits: Vec<Duration> = Vec::new();
    let mut next = 0;
    while waits.len() < students {
        while next < at.len() && start.elapsed() >= at[next].0 {
            let i = at[next].1;
            let source = format!("{smart}\n/* s{i:03} */\n");
            let reply = server.upload(&links[&format!("s{i:03}")], "bot.c", source.as_bytes());
            assert_eq!(reply.status, 303, "{}", reply.text());
            sent.push((i, Instant::now()));
            next += 1;
        }
        sent.retain(|&(i, when)| {
            let state = server_support::version_state(&server, &links[&format!("s{i:03}")], 1);
            let waiting = matches!(state.as_deref(), Some("queued" | "building" | "checking") | None);
            if !waiting {
                waits.push(when.elapsed());
            }
            waiting
        });
        assert!(start.elapsed() < window + Duration::from_secs(1800), "verdicts still missing: {}", sent.len());
        std::thread::sleep(Duration::from_millis(250));
    }
    let minutes = start.elapsed().as_secs_f64() / 60.0;
    let games = server_support::games_played(&server) - games_at_start;
    let disk = du(&course.data());
    let games_dir = course.data().join("games");
    let (games_disk, kept) = (du(&games_dir), std::fs::read_dir(&games_dir).map_or(0, |d| d.count()));
    let per_game = games_disk as f64 / kept.max(1) as f64;
    let (plain, packed) = plain_and_packed(&games_dir);
    waits.sort();
    let at = |q: f64| waits[((waits.len() - 1) as f64 * q) as usize];
    let mib = |bytes: f64| bytes / f64::from(1 << 20);
    println!(
        "{students} students, uploads over {window:?}: upload to verdict median {:.1?}, 95th percentile {:.1?}, max {:.1?}; \
         {games} ranked games in {minutes:.1} min ({:.1} a minute); the course folder {:.1} MiB, its games {:.1} MiB \
         ({kept} kept, {:.1} KiB each; their files {:.1} KiB a game compressed, {:.1} KiB plain): unpruned {:.2} GiB          a day at this rate",
        at(0.5),
        at(0.95),
        waits.last().unwrap(),
        games as f64 / minutes,
        mib(disk as f64),
        mib(games_disk as f64),
        per_game / 1024.0,
        packed as f64 / kept.max(1) as f64 / 1024.0,
        plain as f64 / kept.max(1) as f64 / 1024.0,
        per_game * games as f64 / minutes * 1440.0 / f64::from(1 << 30),
    );
}

/// The bytes of the ladder games' files under `games`: read back plain, and as stored.
fn plain_and_packed(games: &std::path::Path) -> (u64, u64) {
    let (mut plain, mut packed) = (0, 0);
    for game in std::fs::read_dir(games).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(game.path()).into_iter().flatten().flatten() {
            packed += file.metadata().map_or(0, |m| m.len());
            plain += juiz::record::packed::read(&file.path()).map_or(0, |b| b.len() as u64);
        }
    }
    (plain, packed)
}

/// Bytes the files under `path` take.
fn du(path: &std::path::Path) -> u64 {
    let Ok(meta) = std::fs::symlink_metadata(path) else { return 0 };
    if !meta.is_dir() {
        return meta.len();
    }
    std::fs::read_dir(path).map_or(0, |d| d.flatten().map(|e| du(&e.path())).sum())
}

/// Seconds since the epoch, as the course database stores times.
fn epoch() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// Ranked games a minute over `span`, from the leaderboard, the span's start and end (seconds
/// since the epoch), and the ranked games finished before it began.
fn games_a_minute_when(server: &Server, span: Duration) -> (f64, (i64, i64), i64) {
    let (before, start, from) = (server_support::games_played(server), Instant::now(), epoch());
    std::thread::sleep(span);
    let rate = (server_support::games_played(server) - before) as f64 / start.elapsed().as_secs_f64() * 60.0;
    (rate, (from, epoch()), before)
}

/// Where the ranked games of a span went, from the course database: the share of the two
/// workers' time (`--jobs 2`) the games of version `slow` took in it, the mean length of the
/// other games in it (ms), and the workers' time per other game that was not the game itself
/// (ms: the time left to them over their number, less their mean length: the bookkeeping).
/// The span's games are never folded (the draw's window keeps them).
fn span_costs(data: &std::path::Path, slow: &str, (from, to): (i64, i64)) -> (f64, f64, f64) {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let db = rusqlite::Connection::open_with_flags(data.join("course.db"), flags).unwrap();
    let (slow_ms, other_ms, others): (i64, i64, i64) = db
        .query_row(
            "SELECT COALESCE(SUM(CASE WHEN v.id IS NOT NULL THEN g.duration_ms END), 0),
                    COALESCE(SUM(CASE WHEN v.id IS NULL THEN g.duration_ms END), 0),
                    COUNT(CASE WHEN v.id IS NULL THEN 1 END)
             FROM games g LEFT JOIN versions v ON v.name = ?3 AND v.id IN (g.a, g.b)
             WHERE g.ranked = 1 AND g.state = 'done' AND g.finished >= ?1 AND g.finished < ?2",
            rusqlite::params![from, to, slow],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    let workers_ms = (to - from).max(1) as f64 * 2.0 * 1000.0;
    let held = slow_ms as f64 / workers_ms;
    let mean = other_ms as f64 / others.max(1) as f64;
    (held, mean, (workers_ms - slow_ms as f64) / others.max(1) as f64 - mean)
}

/// The rows of the course's `games` table now (finished games folded away are not in it), and
/// the database's bytes (its pages).
fn rows_stored(data: &std::path::Path) -> (i64, i64) {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let db = rusqlite::Connection::open_with_flags(data.join("course.db"), flags).unwrap();
    let rows = db.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0)).unwrap();
    let pages: i64 = db.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    let size: i64 = db.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    (rows, pages * size)
}

/// Issue 36's slow bot: ranked games a minute with four students' fast versions, then with a
/// fifth whose bot thinks 0.4 s before each line (legal under the 2 s move timeout), and the time
/// that bot's check took; each rate over `JUIZ_LOAD_SPAN_SECS` (default 120).
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn a_slow_legal_bot_joins_the_ladder() {
    let span =
        Duration::from_secs(std::env::var("JUIZ_LOAD_SPAN_SECS").ok().and_then(|v| v.parse().ok()).unwrap_or(120));
    let roster: String = (0..5).map(|i| format!("s{i},Student {i},\n")).collect();
    let course = Course::new(&roster, "");
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read_to_string(server_support::root().join("bots/smart.c")).unwrap();
    for i in 0..4 {
        let source = format!("{smart}\n/* s{i} */\n");
        assert_eq!(server.upload(&links[&format!("s{i}")], "bot.c", source.as_bytes()).status, 303);
    }
    for i in 0..4 {
        assert_eq!(settled(&server, &links[&format!("s{i}")], 1), "ready");
    }
    let (fast, fast_span, table_fast) = games_a_minute_when(&server, span);
    let random = std::fs::read_to_string(server_support::root().join("bots/random_bot.py")).unwrap();
    let slow = random.replace("def send(line):\n", "def send(line):\n    __import__(\"time\").sleep(0.4)\n");
    assert_ne!(slow, random, "the slow bot's sleep is in");
    let sent = Instant::now();
    assert_eq!(server.upload(&links["s4"], "main.py", slow.as_bytes()).status, 303);
    let check = settled(&server, &links["s4"], 1);
    let check_took = sent.elapsed();
    let (with_slow, slow_span, table_slow) = games_a_minute_when(&server, span);
    let board = server.get("/board.json").json();
    let games_of = |version: &str| -> i64 {
        board["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["version"] == version)
            .map_or(0, |r| r["games"].as_i64().unwrap())
    };
    println!(
        "ranked games a minute: {fast:.1} with four fast versions, {with_slow:.1} with a slow one too ({:.0} %); \
         the slow bot's check: {check} in {check_took:.0?}; games so far: slow {}, a fast one {}",
        with_slow / fast * 100.0,
        games_of("s4.v1"),
        games_of("s0.v1"),
    );
    // Where the games went: the slow bot's share of the workers, the other games' length and
    // the bookkeeping around each, the ranked games played before each span began and the rows
    // the table holds at the end (old ones folded into the running sums).
    let (_, mean_fast, extra_fast) = span_costs(&course.data(), "s4.v1", fast_span);
    let (held, mean_slow, extra_slow) = span_costs(&course.data(), "s4.v1", slow_span);
    println!(
        "the slow bot's games held {:.0} % of the two workers in the second span; the other games took {mean_fast:.0} ms \
         on average in the first span and {mean_slow:.0} ms in the second; the non-game cost per game: {extra_fast:.0} ms \
         in the first span, {extra_slow:.0} ms in the second; {table_fast} finished ranked games when the first span \
         began and {table_slow} when the second did; the games table holds {} rows at the end, the database {} bytes",
        held * 100.0,
        rows_stored(&course.data()).0,
        rows_stored(&course.data()).1,
    );
}

/// Bytes the files under `path` take on disk (blocks, as the server's budget counts them).
fn disk_blocks(path: &std::path::Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::symlink_metadata(path) else { return 0 };
    let own = meta.blocks() * 512;
    if !meta.is_dir() {
        return own;
    }
    own + std::fs::read_dir(path).map_or(0, |d| d.flatten().map(|e| disk_blocks(&e.path())).sum())
}

/// Issue 36's stderr flood: a ladder of two students' C bots and a third whose bot writes 1 MiB
/// of random bytes on stderr at the start of every game, under a disk budget
/// (`JUIZ_LOAD_BUDGET`, default 48MiB) with 64 KiB of stderr kept per seat, for
/// `JUIZ_LOAD_SPAN_SECS` (default 300). Samples the course folder every 5 s and prints its
/// largest size, the games played, the games' files kept, whether the ladder ever waited for
/// the budget, and the database's growth a game (its pages, not its files), extrapolated to a
/// day at the rate measured: a span under the draw's 10-minute window folds no row
/// (`disk::fold`), so this is the growth before folding.
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn a_day_of_a_stderr_flooding_bot_stays_within_the_disk_budget() {
    let env = |name: &str| std::env::var(name).ok();
    let span = Duration::from_secs(env("JUIZ_LOAD_SPAN_SECS").and_then(|v| v.parse().ok()).unwrap_or(300));
    let budget = env("JUIZ_LOAD_BUDGET").unwrap_or_else(|| "48MiB".into());
    let limits = format!(r#""limits": {{"disk": "{budget}", "stderr_per_seat": "64KiB", "keep_games": 20}}"#);
    let course = Course::new("ana,Ana,\nbia,Bia,\ncaio,Caio,\n", &limits);
    let links = course.links();
    let server = Server::start(&course);
    let smart = std::fs::read_to_string(server_support::root().join("bots/smart.c")).unwrap();
    for who in ["bia", "caio"] {
        let source = format!("{smart}\n/* {who} */\n");
        assert_eq!(server.upload(&links[who], "bot.c", source.as_bytes()).status, 303);
    }
    let random = std::fs::read_to_string(server_support::root().join("bots/random_bot.py")).unwrap();
    let flood = random.replace(
        "if __name__ == \"__main__\":\n",
        "if __name__ == \"__main__\":\n    sys.stderr.buffer.write(__import__(\"os\").urandom(1 << 20))\n    sys.stderr.flush()\n",
    );
    assert_ne!(flood, random, "the flood is in");
    assert_eq!(server.upload(&links["ana"], "main.py", flood.as_bytes()).status, 303);
    for who in ["ana", "bia", "caio"] {
        assert_eq!(settled(&server, &links[who], 1), "ready", "{who}");
    }
    let data = course.data();
    // The database's own size (its pages as last committed, the WAL's included), not its files:
    // the WAL file keeps its largest size between checkpoints (a few MiB), which a few
    // thousand games would count as their own growth.
    let db_bytes = || -> u64 {
        let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
        let db = rusqlite::Connection::open_with_flags(data.join("course.db"), flags).unwrap();
        let pages: i64 = db.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
        let size: i64 = db.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
        (pages * size) as u64
    };
    let (games_before, db_before, start) = (server_support::games_played(&server), db_bytes(), Instant::now());
    let (mut largest, mut waited) = (0u64, 0u32);
    while start.elapsed() < span {
        largest = largest.max(disk_blocks(&data));
        let admin = server.get(&format!("/admin/{}", server.admin)).text();
        if admin.contains("over its budget") {
            waited += 1;
        }
        std::thread::sleep(Duration::from_secs(5));
    }
    largest = largest.max(disk_blocks(&data));
    let minutes = start.elapsed().as_secs_f64() / 60.0;
    let games = (server_support::games_played(&server) - games_before) as f64;
    let games_dir = data.join("games");
    let kept = std::fs::read_dir(&games_dir).map_or(0, |d| d.count());
    let db_per_game = db_bytes().saturating_sub(db_before) as f64 / games.max(1.0);
    let mib = |b: f64| b / f64::from(1 << 20);
    println!(
        "budget {budget}: the course folder at most {:.1} MiB over {minutes:.1} min (now {:.1} MiB, its games {:.1} MiB in \
         {kept} folders); {games} ranked games ({:.0} a minute); the admin page said the ladder waited for the budget in \
         {waited} of its samples; the database grew {:.0} bytes a game: {:.0} MiB a day at this rate",
        mib(largest as f64),
        mib(disk_blocks(&data) as f64),
        mib(disk_blocks(&games_dir) as f64),
        games / minutes,
        db_per_game,
        mib(db_per_game * games / minutes * 1440.0),
    );
}
