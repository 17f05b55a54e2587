//! Hostile bots against each other, end to end (issue 9 items 3 and 6): two spies find no channel
//! through the host to pass a hand (SysV IPC, file locks, priorities, CPU sets, file watches),
//! and a chain of processes each in a session of its own does not outlive its game. Root and not.

mod common;

use std::time::Duration;

use juiz::bot::{BotCommand, FaultKind, Limits};
use juiz::games::GameKind;
use juiz::referee::{self, GameConfig, GameReport, Player, PlayerSpec};

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
