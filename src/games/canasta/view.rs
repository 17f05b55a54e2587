//! A Canasta round in the game-neutral table model (`games::table`) — hands, each player's melds
//! (canastas natural or mixed), laid-out red 3s, the discard pile (tagged `frozen`), the stock,
//! scores and the match — and the one-line hint of what a seat may send now.

use crate::cards::format_list;
use crate::games::table::{Counter, Owner, Table, Value, Visibility, Zone, ZoneKind};
use crate::games::{Engine, Message, Seat, match_counters};

use super::game::CanastaEngine;
use super::state::Round;

/// The whole table as an omniscient observer sees it, then redacted for `viewer`.
pub fn table(r: &Round, viewer: Option<Seat>, engine: &CanastaEngine) -> Table {
    let mut zones = Vec::new();
    for seat in 0..2 {
        let cards = r.hands[seat].cards().to_vec();
        let label = format!("{} · hand", r.ids[seat]);
        zones.push(Zone::new(
            format!("hand-{seat}"),
            ZoneKind::Hand,
            Owner::Seat(seat),
            Visibility::Owner,
            label,
            cards,
        ));
    }
    for seat in 0..2 {
        for (i, meld) in r.melds[seat].iter().enumerate() {
            let (kind, tags): (&str, &[&str]) = match (meld.is_canasta(&r.rules), meld.wilds()) {
                (false, 0) => ("", &["natural"]),
                (false, _) => ("", &["mixed"]),
                (true, 0) => (" · natural canasta", &["canasta", "natural"]),
                (true, _) => (" · mixed canasta", &["canasta", "mixed"]),
            };
            let label = format!("meld {i} · {}s{kind} · {} pts", meld.rank().label(), meld.points(&r.rules));
            let zone = Zone::new(
                format!("meld-{seat}-{i}"),
                ZoneKind::Meld,
                Owner::Side(seat),
                Visibility::Everyone,
                label,
                meld.cards().to_vec(),
            );
            zones.push(tags.iter().fold(zone, |z, tag| z.tagged(*tag)));
        }
        zones.push(Zone::new(
            format!("red-threes-{seat}"),
            ZoneKind::Bonus,
            Owner::Side(seat),
            Visibility::Everyone,
            format!("{} · red 3s", r.ids[seat]),
            r.red_threes[seat].clone(),
        ));
    }
    let discard =
        Zone::new("discard", ZoneKind::Discard, Owner::Nobody, Visibility::Everyone, "discard pile", r.discard.clone());
    zones.push(if r.frozen() { discard.tagged("frozen") } else { discard });
    zones.push(Zone::new("stock", ZoneKind::Stock, Owner::Nobody, Visibility::Nobody, "stock", r.stock.clone()));
    let over = engine.outcome().is_some();
    let mut counters = vec![Counter::new("turn", Owner::Nobody, "turn", Value::Number(i64::from(r.turns) + 1))];
    let outcome = engine.outcome();
    counters.push(Counter::phase(outcome.as_ref(), &r.ids, if r.drawn { "meld or discard" } else { "draw" }));
    // The points in a hand (and so a seat's total) come from cards the other seat may not see.
    let hidden = outcome.is_none();
    for seat in 0..2 {
        let score = r.seat_score(seat);
        let total = Counter::new("score", Owner::Side(seat), "score", Value::Number(score.total()));
        counters.push(total.owner_only_while(hidden));
        counters.push(Counter::new("melds", Owner::Side(seat), "melds", Value::Number(score.melds + score.canastas)));
        counters.push(Counter::new("red-threes", Owner::Side(seat), "red 3s", Value::Number(score.red_threes)));
        let hands = Counter::new("hands", Owner::Side(seat), "in hand", Value::Number(-score.hand));
        counters.push(hands.owner_only_while(hidden));
    }
    counters.extend(match_counters("round", engine.round_number(), engine.match_totals()));
    Table {
        viewer: None,
        seats: r.ids.clone(),
        sides: vec![0, 1],
        to_play: if over { Vec::new() } else { vec![r.current] },
        zones,
        counters,
    }
    .seen_by(viewer)
}

/// What `seat` may send now.
pub fn hint(r: &Round, seat: Seat, over: bool) -> Message {
    if over {
        return Message::new("hint-game-over");
    }
    if seat != r.current {
        return Message::new("hint-wait").text("player", &r.ids[r.current]);
    }
    if r.drawn {
        return Message::new("hint-meld-or-discard");
    }
    let top = r.discard.last().map_or_else(|| format_list(&[]), |c| c.to_string());
    let takes: Vec<String> = r.legal_takes().iter().map(super::turn::Take::line).collect();
    if r.stock.is_empty() {
        return Message::new("cn-hint-must-take").text("example", takes.first().cloned().unwrap_or_default());
    }
    let pile = match (r.frozen(), takes.first()) {
        (true, _) => Message::new("cn-hint-frozen").text("top", top),
        (false, Some(take)) => Message::new("cn-hint-take").text("example", take),
        (false, None) => Message::new("cn-hint-cannot-take").text("top", top),
    };
    Message::new("cn-hint-draw").clause("pile", pile)
}
