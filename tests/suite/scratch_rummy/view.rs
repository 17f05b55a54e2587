//! Scratch Rummy's table in the game-neutral model: hands, each side's melds, the discard pile,
//! the stock; the turn, the phase, each side's score, meld points, hand points and going-out
//! bonus, and the hand size dealt. Built omniscient, then `Table::seen_by` redacts it.

use juiz::games::Seat;
use juiz::games::table::{Counter, Owner, Table, Value, Visibility, Zone, ZoneKind};

use super::game::ScratchEngine;

pub fn table(e: &ScratchEngine, viewer: Option<Seat>) -> Table {
    let mut table = Table::new(e.ids.clone(), vec![0, 1]);
    for seat in 0..2 {
        let (id, label) = (format!("hand-{seat}"), format!("{} · hand", e.ids[seat]));
        let cards = e.hands[seat].cards().to_vec();
        table.zones.push(Zone::new(id, ZoneKind::Hand, Owner::Seat(seat), Visibility::Owner, label, cards));
    }
    for side in 0..2 {
        for (i, meld) in e.melds[side].iter().enumerate() {
            let zone = Zone::new(
                format!("meld-{side}-{i}"),
                ZoneKind::Meld,
                Owner::Side(side),
                Visibility::Everyone,
                format!("meld {i}"),
                meld.clone(),
            );
            table.zones.push(zone);
        }
    }
    table.zones.push(Zone::new(
        "discard",
        ZoneKind::Discard,
        Owner::Nobody,
        Visibility::Everyone,
        "discard pile",
        e.discard.clone(),
    ));
    table.zones.push(Zone::new("stock", ZoneKind::Stock, Owner::Nobody, Visibility::Nobody, "stock", e.stock.clone()));
    let outcome = juiz::games::Engine::outcome(e);
    let hidden = outcome.is_none();
    let turn = i64::from(juiz::games::Engine::turns(e)) + 1;
    table.counters.push(Counter::new("turn", Owner::Nobody, "turn", Value::Number(turn)));
    let playing = if e.drawn { "lay add or drop" } else { "draw" };
    table.counters.push(Counter::phase(outcome.as_ref(), &e.ids, playing));
    let hand_size = Value::Number(e.rules.hand_size as i64);
    table.counters.push(Counter::new("hand-size", Owner::Nobody, "hand size", hand_size));
    for side in 0..2 {
        let owner = Owner::Side(side);
        let (melds, hand, bonus) = e.points(side);
        let score = Counter::new("score", owner, "score", Value::Number(melds + hand + bonus));
        table.counters.push(score.owner_only_while(hidden));
        table.counters.push(Counter::new("melds", owner, "melds", Value::Number(melds)));
        table.counters.push(Counter::new("hands", owner, "in hand", Value::Number(hand)).owner_only_while(hidden));
        table.counters.push(Counter::new("out-bonus", owner, "going out", Value::Number(bonus)));
    }
    if hidden {
        table.to_play = vec![e.current];
    }
    table.seen_by(viewer)
}
