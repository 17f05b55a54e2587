//! A Buraco table in the game-neutral table model (`games::table`): hands, each side's melds
//! (canastras clean or dirty; Schwab's sets, melds of wilds and cerrados), the discard pile (its
//! up-card shown only to the starting seat where the rules hide it), the stock, the mortos, and
//! each side's score, for every preset; `match_counters` adds a match's hand number and totals. The model is built omniscient; `Table::seen_by` hides what a seat may not see.

use crate::games::Seat;
use crate::games::table::{Counter, Owner, Table, Value, Visibility, Zone, ZoneKind};

use super::meld::MeldKind;
use super::rules::PickupRule;
use super::state;

/// The whole table as an omniscient observer sees it, then redacted for `viewer`.
pub fn table(t: &state::Table, viewer: Option<Seat>) -> Table {
    let seats = t.seats();
    let mut zones = Vec::new();
    for seat in 0..seats {
        let cards = t.hands[seat].cards().to_vec();
        let label = format!("{} · hand", t.ids[seat]);
        zones.push(Zone::new(
            format!("hand-{seat}"),
            ZoneKind::Hand,
            Owner::Seat(seat),
            Visibility::Owner,
            label,
            cards,
        ));
    }
    for side in 0..2 {
        for (i, meld) in t.melds[side].iter().enumerate() {
            let (kind, tags): (&str, &[&str]) =
                match (meld.is_canastra(&t.rules), meld.is_clean(), meld.bonus(&t.rules)) {
                    (false, true, _) => ("", &["clean"]),
                    (false, false, _) => ("", &["dirty"]),
                    (true, true, 500) => (" · canastra de 500", &["canastra", "clean"]),
                    (true, true, 1000) => (" · canastra real", &["canastra", "clean"]),
                    (true, true, _) => (" · clean canastra", &["canastra", "clean"]),
                    (true, false, _) => (" · dirty canastra", &["canastra", "dirty"]),
                };
            // Schwab's piles close at their canastra length: a cerrado.
            let cerrado = meld.is_canastra(&t.rules) && meld.len() >= t.rules.melds.max_len;
            let kind = if cerrado { kind.replace("canastra", "cerrado") } else { kind.to_string() };
            let shape = match meld.kind() {
                MeldKind::Run => "",
                MeldKind::Set => " · set",
                MeldKind::Wilds => " · wilds",
            };
            let label = format!("meld {i}{shape}{kind} · {} pts", meld.points(&t.rules));
            let zone = Zone::new(
                format!("meld-{side}-{i}"),
                ZoneKind::Meld,
                Owner::Side(side),
                Visibility::Everyone,
                label,
                meld.cards().to_vec(),
            );
            let zone = tags.iter().fold(zone, |z, tag| z.tagged(*tag));
            zones.push(if cerrado { zone.tagged("closed") } else { zone });
        }
    }
    let mut discard =
        Zone::new("discard", ZoneKind::Discard, Owner::Nobody, Visibility::Everyone, "discard pile", t.discard.clone());
    if matches!(t.rules.pickup, PickupRule::TopUsedAtOnce { .. }) {
        discard = discard.tagged("closed");
    }
    if t.rules.up_card_private && t.turns == 0 && t.discard.len() == 1 {
        discard.owner = Owner::Seat(t.current);
        discard.visibility = Visibility::Owner;
    }
    zones.push(discard);
    zones.push(Zone::new("stock", ZoneKind::Stock, Owner::Nobody, Visibility::Nobody, "stock", t.stock.clone()));
    if t.rules.morto.is_some() {
        for side in 0..2 {
            let cards = t.mortos[side].clone().unwrap_or_default();
            let zone = Zone::new(
                format!("morto-{side}"),
                ZoneKind::Morto,
                Owner::Side(side),
                Visibility::Nobody,
                "morto",
                cards,
            );
            zones.push(match (t.morto_waiting(side), t.morto_taken[side]) {
                (true, _) => zone,
                (false, true) => zone.tagged("taken"),
                (false, false) => zone.tagged("became-stock"),
            });
        }
    }
    Table {
        viewer: None,
        seats: t.ids.clone(),
        sides: (0..seats).map(|s| t.side_of(s)).collect(),
        to_play: if t.outcome.is_some() { Vec::new() } else { vec![t.current] },
        zones,
        counters: counters(t),
    }
    .seen_by(viewer)
}

fn counters(t: &state::Table) -> Vec<Counter> {
    let mut counters = vec![Counter::new("turn", Owner::Nobody, "turn", Value::Number(i64::from(t.turns) + 1))];
    counters.push(Counter::phase(t.outcome.as_ref(), &t.ids, if t.drawn { "meld or discard" } else { "draw" }));
    // The points in a side's hands (and so its total) come from cards the other side may not see.
    let hidden = t.outcome.is_none();
    for side in 0..2 {
        let score = t.side_score(side);
        let total = Counter::new("score", Owner::Side(side), "score", Value::Number(score.total()));
        counters.push(total.owner_only_while(hidden));
        counters.push(Counter::new("melds", Owner::Side(side), "melds", Value::Number(score.melds)));
        let hands = Counter::new("hands", Owner::Side(side), "in hand", Value::Number(-score.hands));
        counters.push(hands.owner_only_while(hidden));
        if t.rules.morto.is_some() {
            counters.push(Counter::new("morto", Owner::Side(side), "morto", Value::Number(score.morto)));
        }
    }
    counters
}
