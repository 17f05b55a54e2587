//! Plain-text views of a Buraco table: what one seat may see, or everything (end of game,
//! replay), and the one-line hint of what a seat may send now.

use std::fmt::Write;

use crate::cards::format_list;
use crate::games::{Ending, Seat};

use super::rules::PickupRule;
use super::state::Table;

fn melds_block(out: &mut String, table: &Table, side: usize, title: &str) {
    let melds = &table.melds[side];
    if melds.is_empty() {
        let _ = writeln!(out, "{title}: none");
        return;
    }
    let _ = writeln!(out, "{title}:");
    for (i, meld) in melds.iter().enumerate() {
        let kind = match (meld.is_canastra(&table.rules), meld.is_clean(), meld.bonus(&table.rules)) {
            (false, _, _) => "",
            (true, true, 500) => " canastra de 500",
            (true, true, 1000) => " canastra real",
            (true, true, _) => " clean canastra",
            (true, false, _) => " dirty canastra",
        };
        let _ = writeln!(out, "  {i}: {} ({} pts{kind})", format_list(meld.cards()), meld.points(&table.rules));
    }
}

fn side_name(table: &Table, side: usize) -> String {
    let ids: Vec<&str> =
        (0..table.seats()).filter(|&s| table.side_of(s) == side).map(|s| table.ids[s].as_str()).collect();
    ids.join(" & ")
}

fn status_line(out: &mut String, table: &Table) {
    match &table.outcome {
        Some(outcome) => {
            let how = match &outcome.ending {
                Ending::Finished { reason } => reason.to_string(),
                Ending::Forfeit { seat } => format!("{} forfeited", table.ids[*seat]),
            };
            let winner = match outcome.winner {
                Some(side) => format!("{} win(s)", side_name(table, side)),
                None => "a draw".into(),
            };
            let _ = writeln!(out, "game over after {} turn(s): {how}; {winner}", table.turns);
        }
        None => {
            let phase = if table.drawn { "meld or discard" } else { "draw" };
            let _ = writeln!(out, "turn {} · {} to play ({phase})", table.turns + 1, table.ids[table.current]);
        }
    }
}

fn piles(out: &mut String, table: &Table) {
    let _ = writeln!(out, "discard pile ({}, top last): {}", table.discard.len(), format_list(&table.discard));
    let _ = writeln!(out, "stock: {} card(s)", table.stock.len());
    if table.rules.morto.is_some() {
        let state = |side: usize| match (table.morto_waiting(side), table.morto_taken[side]) {
            (true, _) => "waiting",
            (false, true) => "taken",
            (false, false) => "became the stock",
        };
        let _ = writeln!(out, "mortos: side 0 {} · side 1 {}", state(0), state(1));
    }
}

/// The table as `seat` sees it: its own hand, its side's melds with their indices, the
/// opponents' melds, the piles and the other hands' sizes.
pub fn seat_view(table: &Table, seat: Seat) -> String {
    let mut out = String::new();
    status_line(&mut out, table);
    let hand = &table.hands[seat];
    let _ = writeln!(out, "{} — your hand ({}): {}", table.ids[seat], hand.len(), format_list(&hand.sorted()));
    let side = table.side_of(seat);
    melds_block(&mut out, table, side, "your side's melds");
    melds_block(&mut out, table, 1 - side, "opponents' melds");
    piles(&mut out, table);
    let others: Vec<String> = (0..table.seats())
        .filter(|&s| s != seat)
        .map(|s| format!("{} {}", table.ids[s], table.hands[s].len()))
        .collect();
    let _ = writeln!(out, "other hands: {}", others.join(" · "));
    out
}

/// Everything: every hand, every meld, the piles, and each side's score so far.
pub fn full_view(table: &Table) -> String {
    let mut out = String::new();
    status_line(&mut out, table);
    for side in 0..2 {
        let score = table.side_score(side);
        let morto = match table.rules.morto {
            Some(_) => format!(" + morto {}", score.morto),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "side {side} ({}): {} = melds {} - hands {} + going out {}{morto}",
            side_name(table, side),
            score.total(),
            score.melds,
            score.hands,
            score.going_out
        );
        for seat in (0..table.seats()).filter(|&s| table.side_of(s) == side) {
            let hand = &table.hands[seat];
            let _ = writeln!(out, "  {} hand ({}): {}", table.ids[seat], hand.len(), format_list(hand.cards()));
        }
        melds_block(&mut out, table, side, "  melds");
    }
    piles(&mut out, table);
    out
}

/// What `seat` may send now.
pub fn hint(table: &Table, seat: Seat) -> String {
    if table.outcome.is_some() {
        return "the game is over".into();
    }
    if seat != table.current {
        return format!("wait: it is {}'s turn", table.ids[table.current]);
    }
    if !table.drawn {
        let top = table.discard.last().map_or("none".to_string(), |c| c.to_string());
        let join = match table.rules.pickup {
            PickupRule::NewMeldWithHand { .. } => "",
            PickupRule::TopUsedAtOnce { .. } => ", or GET_DISCARD_JOIN <index> (the top card joins that meld)",
            PickupRule::NaturalPair { .. } => " (exactly two natural cards)",
        };
        return format!(
            "draw: GET_STOCK or GET_DISCARD [ c1 c2 … ] (two or more hand cards melding with the top card {top}){join}"
        );
    }
    "meld or discard: MELD_NEW [ c1 c2 c3 … ], MELD_JOIN <index> [ c … ] or DISCARD <card> (ends the turn)".into()
}
