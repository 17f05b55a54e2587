//! Test-only: the conformance suite every game passes (`tests/suite/conformance.rs` runs it on each
//! registered game, `tests/suite/scratch_game.rs` on a game kept in the test tree): seeded random play
//! with the engine's own sample lines must end, keep every card of the deal on the table, refuse
//! bad lines without changing anything (tables, deliveries, deal text), give the same game for
//! the same seed, replay from its deal text to the same result, and show each seat exactly the
//! omniscient table redacted for it; and a game's registry entry keeps its promises (names,
//! options, bots, check plans). Generic over the game: the checks take the engine maker or the
//! `GameKind`, never the registry's list, so a game the registry does not ship runs them too.
//! Message ids are collected, not worded: the tests check them against both languages.

use std::collections::BTreeSet;
use std::path::Path;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use crate::cards::Card;
use crate::games::table::{Table, Visibility, ZoneKind};
use crate::games::{
    Arg, Awaiting, Delivery, Engine, GameKind, Message, Outcome, Seat, TableSetup, Violation, new_engine,
};

/// Builds an engine for a table (a registered game's, or a wrapper around one).
pub type Made = Box<dyn Fn(&TableSetup) -> Box<dyn Engine>>;

pub fn setup(seats: usize, seed: u64, deal: Option<String>) -> TableSetup {
    TableSetup { wire_ids: (1..=seats).map(|i| format!("p{i}.c")).collect(), seed, deal, options: Default::default() }
}

/// Every message id in `message` and its clauses.
pub fn ids(message: &Message, out: &mut BTreeSet<&'static str>) {
    out.insert(message.id);
    for (_, arg) in &message.args {
        if let Arg::Message(clause) = arg {
            ids(clause, out);
        }
    }
}

/// Everything a refusal must leave as it was.
#[derive(Debug, PartialEq)]
struct Snapshot {
    full: Table,
    views: Vec<Table>,
    deal: String,
    awaiting: Awaiting,
    turns: u32,
    outcome: Option<Outcome>,
}

fn snapshot(e: &dyn Engine) -> Snapshot {
    Snapshot {
        full: e.table(None),
        views: (0..e.seat_count()).map(|s| e.table(Some(s))).collect(),
        deal: e.deal_text(),
        awaiting: e.awaiting(),
        turns: e.turns(),
        outcome: e.outcome(),
    }
}

/// The cards of the omniscient table, sorted; every zone's count must be its cards.
fn all_cards(table: &Table, at: &str) -> Result<Vec<Card>, String> {
    let mut cards = Vec::new();
    for zone in &table.zones {
        let held = zone.cards.as_ref().ok_or_else(|| format!("{at}: the omniscient table hides {}", zone.id))?;
        if held.len() != zone.count {
            return Err(format!("{at}: zone {} counts {} but holds {}", zone.id, zone.count, held.len()));
        }
        cards.extend(held);
    }
    cards.sort();
    Ok(cards)
}

/// Each seat's view is the omniscient table redacted for it, nothing more (zones and counters);
/// hands and the stock are never face up to everyone.
pub fn check_views(e: &dyn Engine, at: &str) -> Result<(), String> {
    let full = e.table(None);
    for zone in &full.zones {
        let public_hand = zone.kind == ZoneKind::Hand && zone.visibility == Visibility::Everyone;
        let public_stock = zone.kind == ZoneKind::Stock && zone.visibility != Visibility::Nobody;
        if (public_hand || public_stock) && e.outcome().is_none() {
            return Err(format!("{at}: zone {} ({:?}) is shown to {:?}", zone.id, zone.kind, zone.visibility));
        }
    }
    for seat in 0..e.seat_count() {
        let view = e.table(Some(seat));
        let redacted = full.clone().seen_by(Some(seat));
        if view.zones != redacted.zones {
            return Err(format!("{at}: seat {seat}'s zones are not the omniscient table's redacted for it"));
        }
        if view.counters != redacted.counters {
            let extra: Vec<String> = view
                .counters
                .iter()
                .filter(|c| !redacted.counters.contains(c))
                .map(|c| format!("{} of {:?}", c.id, c.owner))
                .collect();
            return Err(format!("{at}: seat {seat} sees counters it may not know: {}", extra.join(", ")));
        }
    }
    Ok(())
}

/// Lines that must be refused whoever sends them, and the same lines from a seat not awaited.
fn bad_lines(e: &dyn Engine, samples: &[String]) -> Vec<(Seat, String)> {
    let mut lines: Vec<(Seat, String)> = Vec::new();
    let awaited = match e.awaiting() {
        Awaiting::One(seat) => seat,
        Awaiting::Nobody => 0,
    };
    for line in ["", "NONSENSE", "DISCARD", "PLAY [ ]", "MELD_JOIN 99 [ 2♣ ]", "GET_DISCARD_JOIN x"] {
        lines.push((awaited, line.to_owned()));
    }
    let other = (awaited + 1) % e.seat_count();
    lines.extend(samples.iter().take(3).map(|line| (other, line.clone())));
    lines
}

/// What one game showed: the lines played in order (seat, line), every delivery, the outcome.
#[derive(Debug, PartialEq)]
struct Played {
    lines: Vec<(Seat, String)>,
    deliveries: Vec<Delivery>,
    outcome: Outcome,
    deal: String,
}

/// Plays one game with random picks from `seed`, checking everything after every step.
fn play(make: &Made, seats: usize, seed: u64, used: &mut BTreeSet<&'static str>) -> Result<Played, String> {
    let mut e = make(&setup(seats, seed, None));
    let deal = e.deal_text();
    let mut rng = Pcg64::seed_from_u64(seed ^ 0xc0f0);
    let mut deliveries = e.take_deliveries();
    let start = all_cards(&e.table(None), "the deal")?;
    check_views(e.as_ref(), "the deal")?;
    let mut lines = Vec::new();
    let mut steps = 0usize;
    while let Awaiting::One(seat) = e.awaiting() {
        let at = format!("seed {seed}, step {steps}");
        steps += 1;
        if steps > 200_000 {
            return Err(format!("{at}: the game does not end"));
        }
        ids(&e.prompt_hint(seat), used);
        let samples = e.sample_lines(&mut |n| rng.random_range(0..n.max(1)));
        if steps % 7 == 1 {
            for (who, line) in bad_lines(e.as_ref(), &samples) {
                refuse_or_play(e.as_mut(), who, &line, &at, used)?;
            }
        }
        let mut accepted = false;
        for line in &samples {
            match refuse_or_play(e.as_mut(), seat, line, &at, used)? {
                Some(narration) => {
                    ids(&narration, used);
                    lines.push((seat, line.clone()));
                    accepted = true;
                    break;
                }
                None => continue,
            }
        }
        if !accepted {
            return Err(format!("{at}: seat {seat} is stuck: none of {} sample lines accepted", samples.len()));
        }
        deliveries.extend(e.take_deliveries());
        let cards = all_cards(&e.table(None), &at)?;
        if cards != start {
            return Err(format!("{at}: the cards on the table are not the cards dealt"));
        }
        check_views(e.as_ref(), &at)?;
    }
    let outcome = e.outcome().ok_or_else(|| format!("seed {seed}: nobody is awaited and there is no outcome"))?;
    if let crate::games::Ending::Finished { reason } = &outcome.ending {
        ids(reason, used);
    }
    Ok(Played { lines, deliveries, outcome, deal })
}

/// Submits `line` from `seat`; a refusal must change nothing. `Some(narration)` when accepted
/// (then the state moved on, as it should); a line accepted from a seat not awaited is an error.
fn refuse_or_play(
    e: &mut dyn Engine,
    seat: Seat,
    line: &str,
    at: &str,
    used: &mut BTreeSet<&'static str>,
) -> Result<Option<Message>, String> {
    let before = snapshot(e);
    let awaited = e.awaiting() == Awaiting::One(seat);
    match e.submit(seat, line) {
        Ok(narration) if awaited => Ok(Some(narration)),
        Ok(_) => Err(format!("{at}: seat {seat} was not awaited, yet its line '{line}' was accepted")),
        Err(Violation { detail, .. }) => {
            ids(&detail, used);
            let queued = e.take_deliveries();
            if !queued.is_empty() {
                return Err(format!("{at}: refusing '{line}' queued {} line(s) for the seats", queued.len()));
            }
            if snapshot(e) != before {
                return Err(format!("{at}: refusing '{line}' from seat {seat} changed the game"));
            }
            Ok(None)
        }
    }
}

/// Replays `played`'s lines on an engine dealt from its deal text: the same deliveries, the
/// same result.
fn replay(make: &Made, seats: usize, seed: u64, played: &Played) -> Result<(), String> {
    let mut e = make(&setup(seats, seed, Some(played.deal.clone())));
    let mut deliveries = e.take_deliveries();
    for (i, (seat, line)) in played.lines.iter().enumerate() {
        e.submit(*seat, line).map_err(|v| format!("seed {seed}: replayed line {i} '{line}' refused: {v}"))?;
        deliveries.extend(e.take_deliveries());
    }
    if e.outcome().as_ref() != Some(&played.outcome) {
        return Err(format!("seed {seed}: the replay ends {:?}, the game ended {:?}", e.outcome(), played.outcome));
    }
    if deliveries != played.deliveries {
        return Err(format!("seed {seed}: the replay sends other lines than the game did"));
    }
    Ok(())
}

/// Everything the suite asks of one game, with `make` building its engines.
pub fn conform(
    make: &Made,
    seat_counts: &[usize],
    seeds: u64,
    used: &mut BTreeSet<&'static str>,
) -> Result<(), String> {
    for &seats in seat_counts {
        for seed in 1..=seeds {
            let played = play(make, seats, seed, used).map_err(|e| format!("{seats} seats: {e}"))?;
            let again = play(make, seats, seed, used)?;
            if again != played {
                return Err(format!("{seats} seats, seed {seed}: the same seed gave another game"));
            }
            replay(make, seats, seed, &played).map_err(|e| format!("{seats} seats: {e}"))?;
        }
    }
    Ok(())
}

/// The engines of `kind`, as the registry builds them.
pub fn registered(kind: GameKind) -> Made {
    Box::new(move |setup| new_engine(kind, setup).unwrap_or_else(|e| panic!("{kind}: {e}")))
}

/// What `kind`'s registry entry promises, among the games of `games` (the registry's list, or it
/// and a scratch game): names no other game of `games` has (and, for a registered game, that
/// read back as it), a summary, seats and deal help, a bench bot file under `root`, every option
/// accepted at its default and applied, an unknown one refused naming the game, a check plan of
/// valid deals with the checked bot seated and a bundled opponent. Returns the message ids of the
/// scripted games' titles (`check-title-<slug>`), for the caller to find in both languages.
pub fn registry_promises(kind: GameKind, games: &[GameKind], root: &Path) -> Result<Vec<String>, String> {
    let def = kind.def();
    let own: Vec<&str> = std::iter::once(def.name).chain(def.aliases.iter().copied()).collect();
    for other in games.iter().filter(|&&k| k != kind) {
        let d = other.def();
        if let Some(name) = own.iter().find(|n| d.name == **n || d.aliases.contains(n)) {
            return Err(format!("{kind}: {name} names {other} too"));
        }
    }
    if GameKind::ALL.contains(&kind) {
        for name in &own {
            if name.parse::<GameKind>() != Ok(kind) {
                return Err(format!("{kind}: {name} does not read back as {kind}"));
            }
        }
    }
    if def.seat_counts.is_empty() || def.summary.is_empty() || def.deal_help.is_empty() {
        return Err(format!("{kind}: no seats, summary or deal help"));
    }
    if !root.join(def.bench_bot).is_file() {
        return Err(format!("{kind}: bench bot {} is missing", def.bench_bot));
    }
    // Every option, at its default, is accepted (and applied: an option listed but not applied
    // panics), and an unknown one is refused naming the known ones.
    for option in def.options {
        let given = [(option.name.to_owned(), option.default.to_owned())].into_iter().collect();
        kind.check_options(&given).map_err(|e| format!("{kind}: {}={}: {e}", option.name, option.default))?;
        let mut table = setup(def.seat_counts[0], 1, None);
        table.options = given;
        new_engine(kind, &table).map_err(|e| format!("{kind} {}: {e}", option.name))?;
    }
    let unknown = [("no-such-option".to_owned(), "1".to_owned())].into_iter().collect();
    match kind.check_options(&unknown) {
        Err(refused) if refused.to_string().contains(&format!("{kind}'s rule options")) => {}
        other => return Err(format!("{kind}: an unknown option gives {other:?}")),
    }
    // The check plan: a valid deal for every scripted game, the checked bot seated, a bundled
    // opponent with a source.
    let mut titles = Vec::new();
    for game in kind.check_plan(2, 7) {
        if !kind.seat_counts().contains(&game.players) {
            return Err(format!("{kind}: {} is played by {}", game.title, game.players));
        }
        if game.bot_seats.is_empty() || !game.opponent.source().contains("main") {
            return Err(format!("{kind}: {}: no seat for the checked bot, or no opponent source", game.title));
        }
        new_engine(kind, &setup(game.players, game.seed, game.deal.clone()))
            .map_err(|e| format!("{kind} {}: {e}", game.title))?;
        if game.is_scripted() {
            let slug = game.stem.split_once('-').map_or(game.stem.as_str(), |(_, slug)| slug);
            titles.push(format!("check-title-{slug}"));
        }
    }
    Ok(titles)
}
