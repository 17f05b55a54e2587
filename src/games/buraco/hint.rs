//! The one-line hint of what a Buraco seat may send now, as a message (the human's prompt, and
//! what a bot that timed out was expected to send).

use crate::games::{Message, Seat};

use super::rules::PickupRule;
use super::state::Table;

/// What `seat` may send now.
pub fn hint(table: &Table, seat: Seat) -> Message {
    if table.outcome.is_some() {
        return Message::new("hint-game-over");
    }
    if seat != table.current {
        return Message::new("hint-wait").text("player", &table.ids[table.current]);
    }
    if !table.drawn {
        let top = match table.discard.last() {
            Some(card) => Message::new("hint-top-card").text("card", card),
            None => Message::new("hint-no-top-card"),
        };
        let join = match table.rules.pickup {
            PickupRule::NewMeldWithHand { .. } => Message::new("empty"),
            PickupRule::TopUsedAtOnce { .. } => Message::new("hint-draw-join"),
            PickupRule::NaturalPair { .. } => Message::new("hint-draw-pair"),
        };
        return Message::new("hint-draw").clause("top", top).clause("join", join);
    }
    Message::new("hint-meld-or-discard")
}
