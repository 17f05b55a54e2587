//! Games played one after another leave nothing behind on the heap: the live bytes juiz holds
//! between games stay where they were after a warm-up (a tournament's memory must not grow with
//! its number of games). Counts bytes, not time: deterministic on a busy machine.

use crate::common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use juiz::bot::BotCommand;
use juiz::games::GameKind;
use juiz::referee::{self, GameConfig, Player, PlayerSpec, Quiet};

/// The system allocator, counting the bytes live at any moment.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size as isize - layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn play(seed: u64, template: &std::path::Path) {
    let players = (0..2)
        .map(|seat| PlayerSpec {
            name: format!("t{seat}"),
            player: Player::Bot(BotCommand::parse(&template.display().to_string()).unwrap().resolve().unwrap()),
        })
        .collect();
    let report = referee::play(&GameConfig::new(GameKind::ItpBuraco, seed, players), &mut Quiet).unwrap();
    assert!(report.fault.is_none(), "seed {seed}: {:?}", report.fault);
}

/// The live heap once background work is done: the watchdog forgets finished bots at its next
/// look (every 50 ms), so the smallest reading over a short while is taken.
fn settled_live() -> isize {
    let mut least = LIVE.load(Ordering::SeqCst);
    for _ in 0..10 {
        std::thread::sleep(std::time::Duration::from_millis(30));
        least = least.min(LIVE.load(Ordering::SeqCst));
    }
    least
}

/// The measurement runs in a process of its own (this binary again, this test alone): the
/// counting allocator counts every thread of the process, and the suite's other tests run beside
/// this one.
#[test]
fn games_one_after_another_leave_nothing_on_the_heap() {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "heap_steady::measured_alone", "--ignored", "--test-threads", "1", "--nocapture"])
        .env("JUIZ_HEAP_ALONE", "1")
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("1 passed"), "the measurement alone failed:\n{text}");
}

#[test]
#[ignore = "run alone by games_one_after_another_leave_nothing_on_the_heap"]
fn measured_alone() {
    if std::env::var_os("JUIZ_HEAP_ALONE").is_none() {
        return;
    }
    let template = common::c_bot("template");
    // Warm-up: lazily made things (the work dir pool, the watchdog, caches) are made here.
    for seed in 0..10 {
        play(seed, &template);
    }
    let before = settled_live();
    let games = 60;
    for seed in 10..10 + games {
        play(seed, &template);
    }
    let grown = settled_live() - before;
    // A path kept per bot would be 64 bytes a game; allow for a thread's buffers settling.
    assert!(grown < 16 * games as isize, "the live heap grew by {grown} bytes over {games} games");
}
