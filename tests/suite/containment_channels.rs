//! Hostile bots against each other, end to end (issue 9 items 3 and 6, issue 18 item 3): two
//! spies find no channel through the host to pass a hand (SysV IPC, file locks, priorities, CPU
//! sets, file watches); copies of one bot, as partners, side by side and one game after another,
//! find none either (page cache, keyrings, extended attributes, files left, other boxes' cgroups,
//! a classmate's file beside the program); and a chain of processes each in a session of its own
//! does not outlive its game. Root and not.

use crate::common;

use std::time::Duration;

use juiz::bot::{BotCommand, FaultKind, Limits};
use juiz::games::GameKind;
use juiz::referee::{self, GameConfig, GameReport, Player, PlayerSpec};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use common::*;

/// The SysV key the sending spy uses for its queue, semaphore and segment.
const SPY_KEY: i64 = 0x4a55_495b;

fn fixture(file: &str, args: &[&str]) -> BotCommand {
    let source = root().join("bots").join("fixtures").join(file);
    let binary = juiz::bot::build_c(&source, &bot_cache()).unwrap_or_else(|e| panic!("building {file}: {e}"));
    let mut argv = vec![path_str(&binary)];
    argv.extend(args.iter().map(|a| a.to_string()));
    BotCommand { display: argv.join(" "), argv }
}

fn play(seed: u64, seats: [(&str, BotCommand); 2], limits: Limits) -> GameReport {
    let players = seats.into_iter().map(|(name, bot)| PlayerSpec { name: name.into(), player: Player::Bot(bot) });
    let mut config = GameConfig::new(GameKind::ItpBuraco, seed, players.collect());
    config.limits = limits;
    referee::play(&config, &mut referee::Quiet).unwrap_or_else(|e| panic!("harness error {e}"))
}

/// A class's submissions as the README lays them out, readable by anyone (as root the bots run
/// under uids of their own: only the sandbox may keep them out): `alice.c`, `bob.py`,
/// `carol/bot.c`, and the twin's program `twin`, built from `bots/fixtures/twin.c`.
struct Class {
    dir: tempfile::TempDir,
}

impl Class {
    fn new() -> Class {
        let dir = tempfile::tempdir().unwrap();
        let subs = dir.path().join("submissions");
        std::fs::create_dir_all(subs.join("carol")).unwrap();
        for (file, text) in [("alice.c", "/* alice's hand evaluator */"), ("bob.py", "# bob's"), ("carol/bot.c", "")] {
            std::fs::write(subs.join(file), text).unwrap();
        }
        let source = root().join("bots").join("fixtures").join("twin.c");
        let binary = juiz::bot::build_c(&source, &bot_cache()).unwrap_or_else(|e| panic!("building twin.c: {e}"));
        std::fs::copy(&binary, subs.join("twin")).unwrap();
        for path in [dir.path(), &subs, &subs.join("carol"), &subs.join("twin")] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        Class { dir }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.path().join("submissions").join(name)
    }

    /// The twin, asked to peek at its classmates' files and at its own program where it lies.
    fn twin(&self, marker: &str) -> BotCommand {
        let mut argv = vec![path_str(&self.file("twin")), marker.to_string()];
        for peek in ["alice.c", "bob.py", "carol/bot.c", "twin"] {
            argv.push(format!("peek={}", path_str(&self.file(peek))));
        }
        BotCommand { display: "twin".into(), argv }
    }
}

/// Plays `game` with the twin in every seat, logging stderr into `logs`; panics on a channel.
fn play_twins(class: &Class, game: GameKind, seats: usize, seed: u64, logs: &Path) -> GameReport {
    let marker = format!("juiz-twin-{}", std::process::id());
    let players = (0..seats).map(|_| PlayerSpec { name: "twin".into(), player: Player::Bot(class.twin(&marker)) });
    let mut config = GameConfig::new(game, seed, players.collect());
    config.log = Some(logs.join("game.csv"));
    config.stderr_dir = Some(logs.to_path_buf());
    let report = referee::play(&config, &mut referee::Quiet).unwrap_or_else(|e| panic!("harness error {e}"));
    assert!(
        report.fault.is_none(),
        "{game:?} seed {seed}: a twin found a channel (its line names it): {:?}",
        report.fault
    );
    assert!(report.turns > 3 * seats as u32, "seed {seed}: the game ended before the twins could try all their turns");
    report
}

/// The `exe DEV:INODE` each seat's twin reported: the file it ran.
fn programs_run(logs: &Path, seats: usize) -> Vec<String> {
    (0..seats)
        .map(|seat| {
            let text = std::fs::read_to_string(referee::stderr_log_path(logs, "game", seat)).unwrap();
            text.lines()
                .find_map(|l| l.strip_prefix("exe "))
                .unwrap_or_else(|| panic!("seat {seat}: {text}"))
                .to_string()
        })
        .collect()
}

#[test]
fn partners_at_a_four_seat_table_find_no_channel_and_run_files_of_their_own() {
    let class = Class::new();
    for seed in [3, 4] {
        let logs = tempfile::tempdir().unwrap();
        play_twins(&class, GameKind::BuracoSchwab, 4, seed, logs.path());
        let mut programs = programs_run(logs.path(), 4);
        programs.sort();
        programs.dedup();
        assert_eq!(programs.len(), 4, "seed {seed}: two copies of the twin ran one file: {programs:?}");
    }
}

#[test]
fn twins_side_by_side_and_one_game_after_another_find_no_channel() {
    let class = Class::new();
    // Two rounds of two games at once: the second round's twins start where the first's were
    // (a reused uid, box or work dir) and look for what they left.
    for round in 0..2u64 {
        std::thread::scope(|scope| {
            let games: Vec<_> = (0..2u64)
                .map(|game| {
                    let class = &class;
                    scope.spawn(move || {
                        let logs = tempfile::tempdir().unwrap();
                        play_twins(class, GameKind::ItpBuraco, 2, 20 + 2 * round + game, logs.path());
                    })
                })
                .collect();
            for game in games {
                game.join().unwrap();
            }
        });
    }
}

#[test]
fn two_spies_find_no_channel_through_the_host() {
    let marker = format!("juiz-spies-{}", std::process::id());
    // Either seat sends: the listener looks on its turns 1 to 3, after the sender's first turn.
    for (seed, send_turn, listen_turn) in [(11, "1", "1"), (12, "1", "2"), (13, "2", "3")] {
        let sender = fixture("spy.c", &["send", send_turn, &marker]);
        let listener = fixture("spy.c", &["listen", listen_turn, &marker]);
        let report = play(seed, [("sender", sender), ("listener", listener)], Limits::default());
        assert!(
            report.fault.is_none(),
            "seed {seed}: the listener found a channel (its line names it): {:?}",
            report.fault
        );
        assert!(report.turns > 4, "seed {seed}: the game ended before the spies could try: {}", report.result_line());
        assert!(processes_mentioning(&marker).is_empty(), "seed {seed}: spies left running");
        for table in ["msg", "sem", "shm"] {
            assert!(
                sysv_objects(table, SPY_KEY).is_empty(),
                "seed {seed}: {table} left: {:?}",
                sysv_objects(table, SPY_KEY)
            );
        }
    }
}

#[test]
fn a_chain_of_sessions_does_not_outlive_its_game() {
    for depth in ["60", "200"] {
        let marker = format!("juiz-chain-{depth}-{}", std::process::id());
        let template = BotCommand { argv: vec![path_str(&c_bot("template"))], display: "template".into() };
        let chain = fixture("setsid_chain.c", &["2", &marker, depth]);
        let limits = Limits { move_timeout: Duration::from_secs(2), ..Limits::default() };
        let report = play(5, [("template", template), ("chain", chain)], limits);
        if let Some(fault) = &report.fault {
            assert_eq!(fault.seat, 1, "depth {depth}: the honest seat was blamed: {fault:?}");
            assert_eq!(fault.kind, FaultKind::Processes, "depth {depth}: {fault:?}");
        }
        // The sweep ends with the game; give the kernel a moment to reap the last links.
        let deadline = std::time::Instant::now() + Duration::from_secs(2);
        while !processes_mentioning(&marker).is_empty() && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let left = processes_mentioning(&marker);
        assert!(left.is_empty(), "depth {depth}: {} links of the chain outlived the game: {left:?}", left.len());
    }
}
