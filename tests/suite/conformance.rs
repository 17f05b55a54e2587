//! One conformance suite over every registered game (`GameKind::ALL`): a game is in it by being
//! registered. The checks are `juiz::games::conformance` (shared with `tests/suite/scratch_game.rs`,
//! which runs them on a game the registry does not ship): for each game and table size, seeded
//! random play must end, keep every card of the deal on the table, refuse bad lines without
//! changing anything, give the same game for the same seed, replay from its deal text to the same
//! result, show each seat exactly the omniscient table redacted for it; every message id used is
//! in both languages; the registry's own promises hold (names, options, bots, plans). Wrapper
//! engines that leak a counter or change on a refusal prove the suite catches both.

use std::collections::BTreeSet;

use juiz::games::conformance::{Made, conform, registered, registry_promises};
use juiz::games::table::Table;
use juiz::games::{Awaiting, Delivery, Engine, GameKind, Message, Outcome, Seat, Violation};
use juiz::i18n::{Lang, has_message};

#[test]
fn every_registered_game_conforms() {
    for &kind in GameKind::ALL {
        let mut used = BTreeSet::new();
        conform(&registered(kind), kind.seat_counts(), 3, &mut used).unwrap_or_else(|e| panic!("{kind}: {e}"));
        for id in used {
            for lang in [Lang::En, Lang::Pt] {
                assert!(has_message(lang, id), "{kind}: message '{id}' is missing in {lang:?}");
            }
        }
    }
}

#[test]
fn the_registry_keeps_its_promises() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for &kind in GameKind::ALL {
        let titles = registry_promises(kind, GameKind::ALL, root).unwrap_or_else(|e| panic!("{e}"));
        for id in titles {
            assert!(has_message(Lang::En, &id) && has_message(Lang::Pt, &id), "{kind}: {id}");
        }
    }
}

/// A game whose seat views show every counter (the other side's hand points among them).
struct LeaksCounters(Box<dyn Engine>);

/// A game that, refusing a line, still counts it as a turn taken.
struct ChangesOnRefusal(Box<dyn Engine>, u32);

macro_rules! delegate {
    () => {
        fn seat_count(&self) -> usize {
            self.0.seat_count()
        }
        fn side_count(&self) -> usize {
            self.0.side_count()
        }
        fn side_of(&self, seat: Seat) -> usize {
            self.0.side_of(seat)
        }
        fn awaiting(&self) -> Awaiting {
            self.0.awaiting()
        }
        fn take_deliveries(&mut self) -> Vec<Delivery> {
            self.0.take_deliveries()
        }
        fn forfeit(&mut self, seat: Seat) {
            self.0.forfeit(seat)
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn deal_text(&self) -> String {
            self.0.deal_text()
        }
        fn prompt_hint(&self, seat: Seat) -> Message {
            self.0.prompt_hint(seat)
        }
        fn sample_lines(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
            self.0.sample_lines(pick)
        }
    };
}

impl Engine for LeaksCounters {
    delegate!();
    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        self.0.submit(seat, line)
    }
    fn turns(&self) -> u32 {
        self.0.turns()
    }
    fn table(&self, seat: Option<Seat>) -> Table {
        let mut table = self.0.table(seat);
        table.counters = self.0.table(None).counters;
        table
    }
}

impl Engine for ChangesOnRefusal {
    delegate!();
    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        let result = self.0.submit(seat, line);
        if result.is_err() {
            self.1 += 1;
        }
        result
    }
    fn turns(&self) -> u32 {
        self.0.turns() + self.1
    }
    fn table(&self, seat: Option<Seat>) -> Table {
        self.0.table(seat)
    }
}

#[test]
fn the_suite_fails_a_game_that_leaks_a_counter_or_changes_on_a_refusal() {
    let kind = GameKind::DEFAULT;
    let leaks: Made = Box::new(move |s| Box::new(LeaksCounters(registered(kind)(s))));
    let error = conform(&leaks, &[2], 1, &mut BTreeSet::new()).unwrap_err();
    assert!(error.contains("sees counters it may not know") && error.contains("hands of Side(1)"), "{error}");
    let changes: Made = Box::new(move |s| Box::new(ChangesOnRefusal(registered(kind)(s), 0)));
    let error = conform(&changes, &[2], 1, &mut BTreeSet::new()).unwrap_err();
    assert!(error.contains("refusing '' from seat") && error.contains("changed the game"), "{error}");
    assert!(conform(&registered(kind), &[2], 1, &mut BTreeSet::new()).is_ok());
}
