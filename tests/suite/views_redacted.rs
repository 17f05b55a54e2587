//! Views redacted (issue 18): for a real game of each registered game at each table size (its
//! bench bot and its check opponents), replayed step by step through the same code as the HTML
//! viewer, the terminal and the human seat (`Engine::table(Some(seat))`), no seat's view shows a
//! card face or a counter that seat cannot know at that step. The rules here are written from the
//! games, not from the zones' own visibility flags: another seat's hand, the stock and a morto
//! are never shown; a kitty only to its owner; and, until the game is over, the points in the
//! other side's hands (and its total, which counts them) neither.

use crate::common;

use juiz::games::GameKind;
use juiz::games::table::{Owner, Table, ZoneKind};
use juiz::record::Transcript;
use juiz::report::html::replay_data;

/// Counters computed from hidden cards: they may not reach another side before the end (a game
/// without them has none of these ids).
const HAND_DEPENDENT: [&str; 2] = ["hands", "score"];

/// The bots of a real game of `kind` at `seats` seats: its bench bot and the bundled opponents of
/// its check plan, in turn around the table (C sources under `bots/`).
fn bots(kind: GameKind, seats: usize) -> Vec<String> {
    let stem = |path: &str| path.trim_start_matches("bots/").trim_end_matches(".c").to_owned();
    let mut pool = vec![stem(kind.def().bench_bot)];
    for game in kind.check_plan(2, 7) {
        let name = game.opponent.name().to_owned();
        if game.opponent.house_level().is_none() && !pool.contains(&name) {
            pool.push(name);
        }
    }
    (0..seats).map(|seat| pool[seat % pool.len()].clone()).collect()
}

fn check_view(seat: usize, view: &Table, omniscient: &Table, over: bool, at: &str) {
    let side = omniscient.sides[seat];
    let mine = |owner: Owner| match owner {
        Owner::Seat(s) => s == seat,
        Owner::Side(s) => s == side,
        Owner::Nobody => false,
    };
    for zone in &view.zones {
        let full = omniscient.zones.iter().find(|z| z.id == zone.id).expect("the same zones");
        assert_eq!(zone.count, full.count, "{at}: counts are public ({})", zone.id);
        let Some(cards) = &zone.cards else { continue };
        let may = match zone.kind {
            ZoneKind::Hand => zone.owner == Owner::Seat(seat),
            ZoneKind::Stock | ZoneKind::Morto => cards.is_empty(),
            ZoneKind::Kitty => mine(zone.owner) || cards.is_empty(),
            ZoneKind::Meld | ZoneKind::Bonus | ZoneKind::Discard | ZoneKind::Trick => true,
            ZoneKind::Taken | ZoneKind::Pile => true,
        };
        assert!(may || over, "{at}: seat {seat} sees the cards of {} ({:?} of {:?})", zone.id, zone.kind, zone.owner);
    }
    if !over {
        for counter in &view.counters {
            let secret = HAND_DEPENDENT.contains(&counter.id.as_str()) && !mine(counter.owner);
            assert!(!secret, "{at}: seat {seat} knows {} of {:?} = {:?}", counter.id, counter.owner, counter.value);
        }
    }
}

#[test]
fn no_seat_view_shows_what_that_seat_cannot_know() {
    let dir = tempfile::tempdir().unwrap();
    for &kind in GameKind::ALL {
        for &seats in kind.seat_counts() {
            views_are_redacted(dir.path(), kind, seats);
        }
    }
}

/// A real game of `kind` at `seats` seats, replayed step by step through the viewer's code.
fn views_are_redacted(dir: &std::path::Path, kind: GameKind, seats: usize) {
    let game = kind.name();
    let paths: Vec<String> = bots(kind, seats).iter().map(|b| common::c_bot(b).display().to_string()).collect();
    let args: Vec<&str> = paths.iter().map(String::as_str).collect();
    let log = common::play_logged(dir, game, 5, &args);
    let transcript = Transcript::read(&log).unwrap();
    let data = replay_data(&transcript, &log).unwrap();
    let (mut hidden_counters, mut steps, mut private_counters) = (0, 0, false);
    let last = data.steps.len() - 1;
    for (k, step) in data.steps.iter().enumerate() {
        let table = |viewer: usize| Table {
            viewer: viewer.checked_sub(1),
            seats: data.seats.clone(),
            sides: data.sides.clone(),
            to_play: step.to_play.clone(),
            zones: step.views[viewer].iter().map(|&z| data.zones[z as usize].clone()).collect(),
            counters: data.counter_sets[step.counters[viewer] as usize].clone(),
        };
        let omniscient = table(0);
        private_counters |= omniscient.counters.iter().any(|c| c.id == "hands");
        // Once the game (or a hand of a match) is over, every hand is scored in the open.
        let phase = omniscient.counter("phase", Owner::Nobody);
        let over = k == last || phase.is_some_and(|p| format!("{p:?}").contains("game over"));
        for seat in 0..data.seats.len() {
            let at = format!("{game} ({} seats), step {k} '{}'", data.seats.len(), step.label);
            let view = table(seat + 1);
            check_view(seat, &view, &omniscient, over, &at);
            hidden_counters += omniscient.counters.len() - view.counters.len();
        }
        steps += 1;
    }
    assert!(steps > 10, "{game}: a real game ({steps} steps)");
    if private_counters {
        assert!(hidden_counters > 0, "{game}: the other side's hand points are hidden from each seat");
    }
}
