//! The floor: the benchmark's games relayed by the barest loop that can play them — the same
//! engine, bare bot processes (`bot::BareBot`), the lines of each step written to each bot in one
//! go before the wait (as juiz does), blocking reads, and no sandbox, limits, deadlines, timing or
//! logs. What this loop costs is what any referee pays to start the bots and pass the protocol's
//! lines through pipes; juiz's own cost is judged beside it.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::bot::{BareBot, CorePicker, allowed_cpus};
use crate::games::{Awaiting, GameKind, TableSetup, new_engine};
use crate::referee::wire_id;

use super::usage::{CpuSnapshot, cpu_snapshot};

/// What relaying `games` games cost.
pub struct Relayed {
    pub games: usize,
    pub wall: Duration,
    pub cpu: CpuSnapshot,
    /// Lines the bots wrote, over every game.
    pub bot_lines: u64,
    /// Lines both ways (to and from the bots), and hands (deals) played, over every game.
    pub messages: u64,
    pub hands: u64,
}

/// What one relayed game counted.
#[derive(Default)]
struct Counts {
    bot_lines: u64,
    messages: u64,
    hands: u64,
}

/// Plays `games` games (seeds 1, 2, ...) between `players` copies of `binary`, on `jobs` threads,
/// each pinned to a core as the tournament runner's workers are when `pin`.
pub fn relay(
    kind: GameKind,
    binary: &Path,
    players: usize,
    games: usize,
    jobs: usize,
    pin: bool,
) -> Result<Relayed, String> {
    let pin = pin && jobs <= allowed_cpus().len();
    let next = AtomicUsize::new(0);
    let cores = CorePicker::new();
    let before = cpu_snapshot();
    let start = Instant::now();
    let counts: Result<Vec<Counts>, String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                let (next, cores) = (&next, &cores);
                scope.spawn(move || {
                    if pin {
                        cores.pin_current_thread();
                    }
                    let mut sum = Counts::default();
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed);
                        if game >= games {
                            return Ok(sum);
                        }
                        let one = relay_game(kind, binary, players, game as u64 + 1)?;
                        sum.bot_lines += one.bot_lines;
                        sum.messages += one.messages;
                        sum.hands += one.hands;
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|_| Err("a relay thread panicked".into()))).collect()
    });
    let wall = start.elapsed();
    let cpu = cpu_snapshot().since(&before);
    let counts = counts?;
    Ok(Relayed {
        games,
        wall,
        cpu,
        bot_lines: counts.iter().map(|c| c.bot_lines).sum(),
        messages: counts.iter().map(|c| c.messages).sum(),
        hands: counts.iter().map(|c| c.hands).sum(),
    })
}

/// One game, relayed; returns how many lines the bots wrote, the lines both ways and the hands.
fn relay_game(game: GameKind, binary: &Path, players: usize, seed: u64) -> Result<Counts, String> {
    let wire_ids = (1..=players).map(|seat| wire_id(&format!("p{seat}.template-{seat}"))).collect();
    let mut engine = new_engine(game, &TableSetup { wire_ids, seed, deal: None, options: Default::default() })
        .map_err(|e| format!("seed {seed}: {e}"))?;
    let mut bots = Vec::with_capacity(players);
    for _ in 0..players {
        bots.push(BareBot::spawn(binary).map_err(|e| format!("cannot start {}: {e}", binary.display()))?);
    }
    let mut outboxes = vec![Vec::new(); players];
    let (mut lines, mut sent) = (0, 0);
    let fail = |seat: usize, what: &str| format!("seed {seed}, seat {}: {what}", seat + 1);
    loop {
        for delivery in engine.take_deliveries() {
            sent += 1;
            let outbox = &mut outboxes[delivery.seat];
            outbox.extend_from_slice(delivery.line.as_bytes());
            outbox.push(b'\n');
        }
        let seat = match engine.awaiting() {
            Awaiting::One(seat) => seat,
            Awaiting::Nobody => break,
        };
        // As juiz: every bot gets the lines of the step in one write before the wait.
        for (to, outbox) in outboxes.iter_mut().enumerate() {
            if !outbox.is_empty() {
                bots[to].write(outbox).map_err(|e| fail(to, &e.to_string()))?;
                outbox.clear();
            }
        }
        let line = bots[seat].read_line().map_err(|e| fail(seat, &e.to_string()))?;
        lines += 1;
        engine.submit(seat, line).map_err(|v| fail(seat, &v.to_string()))?;
    }
    for (seat, bot) in bots.iter_mut().enumerate() {
        if !outboxes[seat].is_empty() {
            // The game is over: a bot that stopped reading changes nothing.
            let _ = bot.write(&outboxes[seat]);
        }
    }
    for bot in bots {
        bot.finish().map_err(|e| format!("seed {seed}: cannot reap a bot: {e}"))?;
    }
    Ok(Counts { bot_lines: lines, messages: lines + sent, hands: u64::from(engine.hands()) })
}
