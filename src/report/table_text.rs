//! The terminal's view of a table, for every game: drawn from the game-neutral table model
//! (`games::table`) in the process's language. A seat's view shows its own hand sorted, each
//! side's melds with their indices, the piles, the other hands' sizes and the scores; the
//! omniscient view (end of game, replay) every hand and each side's score and named counters.
//! Words come from the model's stable parts (zone kinds, owners, tags, counter ids), never from
//! its English labels, except for zones of a kind neither this view nor the game's messages name.
//! No game is named here: a game names its own counters (`table-counter-<id>`), groups of zones
//! (`table-zones-<kind>`), pile states (`table-discard-<tag>`) and phases (`table-phase-<words>`)
//! in its messages.

use crate::cards::{Card, Hand, format_list};
use crate::games::GameKind;
use crate::games::table::{Owner, Table, Value, Zone, ZoneKind};
use crate::i18n::{Lang, has_message, tr};

type Args<'a> = [(&'a str, &'a dyn std::fmt::Display)];

fn say(out: &mut String, indent: &str, id: &str, args: &Args) {
    out.push_str(indent);
    out.push_str(&tr(id, args));
    out.push('\n');
}

fn number(table: &Table, id: &str, owner: Owner) -> Option<i64> {
    match table.counter(id, owner) {
        Some(Value::Number(n)) => Some(*n),
        _ => None,
    }
}

/// The ids of a side's seats: `p1.a & p3.c`.
fn side_ids(table: &Table, side: usize) -> String {
    let ids: Vec<&str> =
        table.seats.iter().zip(&table.sides).filter(|(_, s)| **s == side).map(|(id, _)| id.as_str()).collect();
    ids.join(" & ")
}

fn sides(table: &Table) -> Vec<usize> {
    let mut sides = table.sides.clone();
    sides.sort_unstable();
    sides.dedup();
    sides
}

/// `hand 2 · match totals: side 0 255 · side 1 1675`, in a match of several hands.
fn match_line(out: &mut String, table: &Table) {
    let Some(hand) = number(table, "hand-number", Owner::Nobody) else { return };
    let totals: Vec<String> = sides(table)
        .into_iter()
        .filter_map(|side| number(table, "match-total", Owner::Side(side)).map(|total| (side, total)))
        .map(|(side, total)| tr("table-side-score", &[("side", &side), ("score", &total)]))
        .collect();
    // A game may call its hands rounds (the counter's label says which).
    let rounds = table.counters.iter().any(|c| c.id == "hand-number" && c.label == "round");
    let id = if rounds { "table-match-round" } else { "table-match" };
    say(out, "", id, &[("hand", &hand), ("totals", &totals.join(" · "))]);
}

/// `turn 5 · p1.a to play (draw)`, or `game over`; then the match line, if any.
fn status(out: &mut String, table: &Table) {
    status_line(out, table);
    match_line(out, table);
}

fn status_line(out: &mut String, table: &Table) {
    let players: Vec<&str> = table.to_play.iter().map(|&s| table.seats[s].as_str()).collect();
    if players.is_empty() {
        return say(out, "", "table-game-over", &[]);
    }
    let turn = number(table, "turn", Owner::Nobody).unwrap_or_default();
    let phase = match table.counter("phase", Owner::Nobody) {
        Some(Value::Text(text)) => {
            let id = format!("table-phase-{}", text.replace(' ', "-"));
            match tr(&id, &[]) {
                word if word == id => text.clone(),
                word => word,
            }
        }
        _ => String::new(),
    };
    let players = players.join(", ");
    say(out, "", "table-status", &[("turn", &turn), ("player", &players), ("phase", &phase)]);
}

/// A meld's index (the `MELD_JOIN` index) from its zone id `meld-<side>-<index>`.
fn meld_index(zone: &Zone) -> String {
    zone.id.rsplit('-').next().unwrap_or_default().to_owned()
}

fn cards_text(zone: &Zone) -> String {
    zone.cards.as_deref().map_or_else(|| tr("table-hidden", &[("count", &zone.count)]), format_list)
}

/// What a meld is, in words, when its game's messages name it: the message
/// `table-meld-<tag>-<tag>` of its first two tags (`canastra` `clean`: "clean canastra").
fn meld_kind(zone: &Zone) -> Option<String> {
    let [first, second, ..] = zone.tags.as_slice() else { return None };
    let id = format!("table-meld-{first}-{second}");
    has_message(Lang::En, &id).then(|| tr(&id, &[]))
}

fn melds(out: &mut String, table: &Table, side: usize, indent: &str, heading: &str) {
    let melds: Vec<&Zone> =
        table.zones.iter().filter(|z| z.kind == ZoneKind::Meld && z.owner == Owner::Side(side)).collect();
    // A game without melds (no meld zones, no meld points) gets no "melds: none" line.
    if melds.is_empty() && number(table, "melds", Owner::Side(side)).is_none() {
        return;
    }
    if melds.is_empty() {
        return say(out, indent, "table-melds-none", &[("heading", &tr(heading, &[]))]);
    }
    say(out, indent, "table-melds", &[("heading", &tr(heading, &[]))]);
    for zone in melds {
        let kind = meld_kind(zone).map_or_else(String::new, |kind| format!(" ({kind})"));
        out.push_str(&format!("{indent}  {}: {}{kind}\n", meld_index(zone), cards_text(zone)));
    }
}

/// The words of a tag the game names with `{prefix}-<tag>`: its first tag that has one.
fn tag_word(zone: &Zone, prefix: &str) -> Option<String> {
    zone.tags.iter().map(|tag| format!("{prefix}-{tag}")).find(|id| has_message(Lang::En, id)).map(|id| tr(&id, &[]))
}

/// The piles and whatever else lies on the table: the discard pile (with its state, from its
/// first tag that `table-discard-<tag>` names), the stock, then each kind of zone the game's
/// messages name as a group (`table-zones-<kind>`: one line listing the zones of that kind, each
/// `table-zone-<kind>` with its side and its state `table-zone-<kind>-<tag>`, or
/// `table-zone-<kind>-untagged`), and any other zone by its label.
fn piles(out: &mut String, table: &Table) {
    let mut groups: Vec<(ZoneKind, Vec<String>)> = Vec::new();
    for zone in &table.zones {
        let group_id = format!("table-zones-{}", zone.kind.word());
        match zone.kind {
            ZoneKind::Discard => {
                let state = tag_word(zone, "table-discard").unwrap_or_default();
                let args: [(&str, &dyn std::fmt::Display); 3] =
                    [("count", &zone.count), ("cards", &cards_text(zone)), ("closed", &state)];
                say(out, "", "table-discard", &args);
            }
            ZoneKind::Stock => say(out, "", "table-stock", &[("count", &zone.count)]),
            ZoneKind::Hand | ZoneKind::Meld => {}
            kind if has_message(Lang::En, &group_id) => {
                let side = match zone.owner {
                    Owner::Side(side) | Owner::Seat(side) => side,
                    Owner::Nobody => 0,
                };
                let item = format!("table-zone-{}", kind.word());
                let untagged = format!("{item}-untagged");
                let state = tag_word(zone, &item).unwrap_or_else(|| tr(&untagged, &[]));
                let text = tr(&item, &[("side", &side), ("state", &state)]);
                match groups.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, items)) => items.push(text),
                    None => groups.push((kind, vec![text])),
                }
            }
            _ => out.push_str(&format!("{} ({}): {}\n", zone.label, zone.count, cards_text(zone))),
        }
    }
    for (kind, items) in groups {
        say(out, "", &format!("table-zones-{}", kind.word()), &[("zones", &items.join(" · "))]);
    }
}

/// The counters of `owner` the game names (`table-counter-<id>`, with the counter's `$value`),
/// in the game's order: a game shows a counter on the terminal by naming it in its messages.
fn named_counters(table: &Table, owner: Owner) -> Vec<String> {
    table
        .counters
        .iter()
        .filter(|c| c.owner == owner)
        .filter_map(|c| {
            let id = format!("table-counter-{}", c.id);
            let value: &dyn std::fmt::Display = match &c.value {
                Value::Number(n) => n,
                Value::Text(text) => text,
            };
            has_message(Lang::En, &id).then(|| tr(&id, &[("value", value)]))
        })
        .collect()
}

/// The table's own counters the game names (a trump, a level), on one line.
fn table_counters(out: &mut String, table: &Table) {
    let named = named_counters(table, Owner::Nobody);
    if !named.is_empty() {
        say(out, "", "table-counters", &[("counters", &named.join(" · "))]);
    }
}

fn scores(table: &Table) -> String {
    let scores: Vec<String> = sides(table)
        .into_iter()
        .filter_map(|side| number(table, "score", Owner::Side(side)).map(|score| (side, score)))
        .map(|(side, score)| tr("table-side-score", &[("side", &side), ("score", &score)]))
        .collect();
    scores.join(" · ")
}

fn hand_zone(table: &Table, seat: usize) -> Option<&Zone> {
    table.zones.iter().find(|z| z.kind == ZoneKind::Hand && z.owner == Owner::Seat(seat))
}

/// The table of a game of `game` as its viewer sees it: the game's own drawing
/// (`GameDef::table_text`) if it has one, else the generic `table_text`.
pub fn game_table_text(game: GameKind, table: &Table) -> String {
    match game.def().table_text {
        Some(draw) => draw(table, &crate::i18n::tr),
        None => table_text(table),
    }
}

/// The table as its viewer sees it (multi-line, plain text; wire ids as the model has them),
/// drawn generically: hands, melds, piles, the counters the game names, scores.
pub fn table_text(table: &Table) -> String {
    match table.viewer {
        Some(seat) => seat_view(table, seat),
        None => full_view(table),
    }
}

fn seat_view(table: &Table, seat: usize) -> String {
    let mut out = String::new();
    status(&mut out, table);
    if let Some(hand) = hand_zone(table, seat) {
        let sorted = hand.cards.as_deref().map(|cards| Hand::new(cards.to_vec()).sorted());
        let cards = sorted.as_deref().map_or_else(|| cards_text(hand), |c: &[Card]| format_list(c));
        let args: [(&str, &dyn std::fmt::Display); 3] =
            [("id", &table.seats[seat]), ("count", &hand.count), ("cards", &cards)];
        say(&mut out, "", "table-your-hand", &args);
    }
    let side = table.sides[seat];
    melds(&mut out, table, side, "", "table-your-melds");
    for other in sides(table).into_iter().filter(|&s| s != side) {
        melds(&mut out, table, other, "", "table-their-melds");
    }
    piles(&mut out, table);
    table_counters(&mut out, table);
    let others: Vec<String> = (0..table.seats.len())
        .filter(|&s| s != seat)
        .filter_map(|s| hand_zone(table, s).map(|z| format!("{} {}", table.seats[s], z.count)))
        .collect();
    if !others.is_empty() {
        say(&mut out, "", "table-other-hands", &[("hands", &others.join(" · "))]);
    }
    say(&mut out, "", "table-scores", &[("scores", &scores(table))]);
    out
}

fn full_view(table: &Table) -> String {
    let mut out = String::new();
    status(&mut out, table);
    for side in sides(table) {
        let owner = Owner::Side(side);
        let parts = named_counters(table, owner);
        let score = number(table, "score", owner).map_or_else(String::new, |s| s.to_string());
        let args: [(&str, &dyn std::fmt::Display); 4] =
            [("side", &side), ("ids", &side_ids(table, side)), ("score", &score), ("parts", &parts.join(", "))];
        say(&mut out, "", "table-side", &args);
        for (seat, _) in table.sides.iter().enumerate().filter(|(_, s)| **s == side) {
            if let Some(hand) = hand_zone(table, seat) {
                let args: [(&str, &dyn std::fmt::Display); 3] =
                    [("id", &table.seats[seat]), ("count", &hand.count), ("cards", &cards_text(hand))];
                say(&mut out, "  ", "table-hand", &args);
            }
        }
        melds(&mut out, table, side, "  ", "table-melds-heading");
    }
    piles(&mut out, table);
    table_counters(&mut out, table);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::table::{Counter, Visibility};

    fn table(melds: bool) -> Table {
        let mut table = Table::new(vec!["p1.a".into(), "p2.b".into()], vec![0, 1]);
        let hand = |seat: usize, cards: &str| {
            let cards: Vec<Card> = cards.split(' ').map(|c| c.parse().unwrap()).collect();
            Zone::new(format!("hand-{seat}"), ZoneKind::Hand, Owner::Seat(seat), Visibility::Owner, "hand", cards)
        };
        table.zones = vec![hand(0, "5♥ 7♠"), hand(1, "2♣ K♦")];
        for side in [0, 1] {
            table.counters.push(Counter::new("score", Owner::Side(side), "score", Value::Number(0)));
            if melds {
                table.counters.push(Counter::new("melds", Owner::Side(side), "melds", Value::Number(0)));
            }
        }
        table.seen_by(Some(0))
    }

    #[test]
    fn a_game_without_melds_gets_no_melds_line_and_one_with_melds_does() {
        let without = table_text(&table(false));
        assert!(!without.contains("melds"), "{without}");
        assert!(without.contains("your hand (2): [ 5♥ 7♠ ]") && without.contains("p2.b 2"), "{without}");
        let with = table_text(&table(true));
        assert!(with.contains("your side's melds: none") && with.contains("opponents' melds: none"), "{with}");
    }

    #[test]
    fn a_side_shows_the_counters_its_game_names_in_the_games_order_and_no_other() {
        let mut t = table(true).seen_by(None);
        for (id, value) in [("morto", 100), ("red-threes", 300), ("hands", -15)] {
            t.counters.push(Counter::new(id, Owner::Side(1), id, Value::Number(value)));
        }
        let text = table_text(&t);
        // `melds` and `hands` are juiz's words, `morto` Buraco's; no game names `red-threes`.
        assert!(text.contains("side 1 (p2.b): 0 (melds 0, morto 100, in hand -15)"), "{text}");
        assert!(!text.contains("300"), "{text}");
    }
}
