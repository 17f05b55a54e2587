//! What people see of a Shengji match: the game-neutral table (hands sorted in trump order, the
//! stock, the kitty — the banker's once buried —, the trick in progress, the cards each team took,
//! levels, trump, banker and points) and the one-line hint for a human seat.

use crate::cards::{Card, format_list};
use crate::games::table::{Counter, Owner, Table, Value, Visibility, Zone, ZoneKind};
use crate::games::{Message, Seat};

use super::game::ShengjiEngine;
use super::state::Phase;

fn sorted(engine: &ShengjiEngine, cards: &[Card]) -> Vec<Card> {
    let trump = engine.deal().trump;
    let mut cards = cards.to_vec();
    cards.sort_by_key(|&c| trump.sort_key(c));
    cards
}

/// The omniscient table; `Table::seen_by` redacts it for a seat.
pub fn table(engine: &ShengjiEngine) -> Table {
    let deal = engine.deal();
    let ids = &deal.ids;
    let mut t = Table::new(ids.clone(), (0..4).map(|s| s % 2).collect());
    t.to_play = deal.awaited().into_iter().collect();
    for (seat, hand) in deal.hands.iter().enumerate() {
        let hand = sorted(engine, hand);
        t.zones.push(Zone::new(
            format!("hand-{seat}"),
            ZoneKind::Hand,
            Owner::Seat(seat),
            Visibility::Owner,
            &ids[seat],
            hand,
        ));
    }
    t.zones.push(Zone::new("stock", ZoneKind::Stock, Owner::Nobody, Visibility::Nobody, "stock", deal.stock()));
    match deal.banker {
        Some(banker) if deal.kitty.is_empty() => t.zones.push(Zone::new(
            "kitty",
            ZoneKind::Kitty,
            Owner::Seat(banker),
            Visibility::Owner,
            "kitty",
            deal.buried.clone(),
        )),
        _ => t.zones.push(Zone::new(
            "kitty",
            ZoneKind::Kitty,
            Owner::Nobody,
            Visibility::Nobody,
            "kitty",
            deal.kitty.clone(),
        )),
    }
    if let Some(trick) = &deal.trick {
        for play in &trick.plays {
            let label = format!("{} plays", ids[play.seat]);
            let zone = Zone::new(
                format!("trick-{}", play.seat),
                ZoneKind::Trick,
                Owner::Seat(play.seat),
                Visibility::Everyone,
                label,
                play.cards.clone(),
            );
            t.zones.push(if play.seat == trick.winner() { zone.tagged("best") } else { zone });
        }
    }
    for side in 0..2 {
        let label = format!("taken by team {side}");
        t.zones.push(Zone::new(
            format!("taken-{side}"),
            ZoneKind::Taken,
            Owner::Side(side),
            Visibility::Everyone,
            label,
            deal.taken[side].clone(),
        ));
    }
    let trump = match (deal.phase, deal.trump.suit) {
        (Phase::Dealing | Phase::LastCall { .. }, _) => "?".to_owned(),
        (_, Some(suit)) => suit.symbol().to_string(),
        (_, None) => "NT".to_owned(),
    };
    let banker = deal.banker.map_or("-".to_owned(), |b| ids[b].clone());
    let text = |s: String| Value::Text(s);
    t.counters.push(Counter::new("deal", Owner::Nobody, "deal", Value::Number(engine.deal_number() as i64)));
    t.counters.push(Counter::new("level", Owner::Nobody, "level card", text(deal.level.label().to_owned())));
    t.counters.push(Counter::new("trump", Owner::Nobody, "trump", text(trump)));
    t.counters.push(Counter::new("banker", Owner::Nobody, "banker", text(banker)));
    let playing = match deal.phase {
        Phase::Dealing | Phase::LastCall { .. } => "declare",
        Phase::Burying => "bury",
        Phase::Playing | Phase::Done => "play",
    };
    t.counters.push(Counter::phase(crate::games::Engine::outcome(engine).as_ref(), ids, playing));
    if let Some(d) = &deal.declaration {
        let shown = format!("{} {}", ids[d.seat], format_list(&vec![d.card; d.count]));
        t.counters.push(Counter::new("declaration", Owner::Nobody, "declaration", text(shown)));
    }
    let levels = engine.levels();
    for (side, level) in levels.iter().enumerate() {
        t.counters.push(Counter::new("team-level", Owner::Side(side), "level", text(level.label().to_owned())));
        t.counters.push(Counter::new(
            "points",
            Owner::Side(side),
            "points this deal",
            Value::Number(deal.points[side] as i64),
        ));
        let total = engine.match_points()[side];
        t.counters.push(Counter::new("match-points", Owner::Side(side), "points as attackers", Value::Number(total)));
    }
    t
}

/// What `seat` may send now, in a line.
pub fn hint(engine: &ShengjiEngine, seat: Seat) -> Message {
    let deal = engine.deal();
    if deal.awaited() != Some(seat) {
        return Message::new("sj-hint-wait");
    }
    match deal.phase {
        Phase::Dealing | Phase::LastCall { .. } => Message::new("sj-hint-declare").text("level", deal.level.label()),
        Phase::Burying => Message::new("sj-hint-bury").number("count", deal.rules.kitty_size()),
        Phase::Playing => match &deal.trick {
            None => Message::new("sj-hint-lead"),
            Some(trick) => Message::new("sj-hint-follow")
                .number("count", trick.size())
                .text("cards", format_list(&trick.plays[0].cards)),
        },
        Phase::Done => Message::new("sj-hint-wait"),
    }
}
