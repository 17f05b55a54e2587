//! Shengji's own terminal drawing of its table (`GameDef::table_text`): the deal, level card, trump and banker,
//! each team's level and points, the hand in trump order (as the engine sorts it), the trick in
//! progress with the best play marked, the kitty (the banker's, once buried) and the other hands'
//! sizes; the omniscient view shows every hand.

use crate::cards::format_list;
use crate::games::table::{Owner, Table, Value, Words, Zone, ZoneKind};

fn text(table: &Table, id: &str, owner: Owner) -> String {
    match table.counter(id, owner) {
        Some(Value::Text(t)) => t.clone(),
        Some(Value::Number(n)) => n.to_string(),
        None => "-".to_owned(),
    }
}

fn line(tr: Words, out: &mut String, id: &str, args: &[(&str, &dyn std::fmt::Display)]) {
    out.push_str(&tr(id, args));
    out.push('\n');
}

fn cards(tr: Words, zone: &Zone) -> String {
    zone.cards.as_deref().map_or_else(|| tr("table-hidden", &[("count", &zone.count)]), format_list)
}

/// The table as its viewer sees it (multi-line, plain text; wire ids as the model has them), in
/// the words `tr` gives (the caller's language).
pub fn table_text(table: &Table, tr: Words) -> String {
    let mut out = String::new();
    let players: Vec<&str> = table.to_play.iter().map(|&s| table.seats[s].as_str()).collect();
    let to_play = if players.is_empty() { tr("table-game-over", &[]) } else { players.join(", ") };
    let (deal, level, trump, banker) = (
        text(table, "deal", Owner::Nobody),
        text(table, "level", Owner::Nobody),
        text(table, "trump", Owner::Nobody),
        text(table, "banker", Owner::Nobody),
    );
    let args: [(&str, &dyn std::fmt::Display); 5] =
        [("deal", &deal), ("level", &level), ("trump", &trump), ("banker", &banker), ("player", &to_play)];
    line(tr, &mut out, "table-sj-status", &args);
    for side in 0..2 {
        let ids: Vec<&str> =
            table.seats.iter().zip(&table.sides).filter(|(_, s)| **s == side).map(|(id, _)| id.as_str()).collect();
        let owner = Owner::Side(side);
        let (lvl, points, total) =
            (text(table, "team-level", owner), text(table, "points", owner), text(table, "match-points", owner));
        let ids = ids.join(" & ");
        let args: [(&str, &dyn std::fmt::Display); 5] =
            [("side", &side), ("ids", &ids), ("level", &lvl), ("points", &points), ("total", &total)];
        line(tr, &mut out, "table-sj-team", &args);
    }
    if let Some(Value::Text(d)) = table.counter("declaration", Owner::Nobody) {
        line(tr, &mut out, "table-sj-declaration", &[("declaration", d)]);
    }
    for zone in table.zones.iter().filter(|z| z.kind == ZoneKind::Hand) {
        let Owner::Seat(seat) = zone.owner else { continue };
        if zone.cards.is_some() {
            let args: [(&str, &dyn std::fmt::Display); 3] =
                [("id", &table.seats[seat]), ("count", &zone.count), ("cards", &cards(tr, zone))];
            line(tr, &mut out, if table.viewer == Some(seat) { "table-your-hand" } else { "table-hand" }, &args);
        }
    }
    let plays: Vec<String> = table
        .zones
        .iter()
        .filter(|z| z.kind == ZoneKind::Trick)
        .map(|z| {
            let Owner::Seat(seat) = z.owner else { return String::new() };
            let best = if z.tags.iter().any(|t| t == "best") { " *" } else { "" };
            format!("{} {}{best}", table.seats[seat], cards(tr, z))
        })
        .collect();
    if !plays.is_empty() {
        line(tr, &mut out, "table-sj-trick", &[("plays", &plays.join(" · "))]);
    }
    if let Some(kitty) = table.zone("kitty") {
        line(tr, &mut out, "table-sj-kitty", &[("count", &kitty.count), ("cards", &cards(tr, kitty))]);
    }
    let hidden: Vec<String> = table
        .zones
        .iter()
        .filter(|z| z.kind == ZoneKind::Hand && z.cards.is_none())
        .filter_map(|z| match z.owner {
            Owner::Seat(s) => Some(format!("{} {}", table.seats[s], z.count)),
            _ => None,
        })
        .collect();
    if !hidden.is_empty() {
        line(tr, &mut out, "table-other-hands", &[("hands", &hidden.join(" · "))]);
    }
    out
}
