//! Checks every rummy engine (Buraco, Canasta) makes the same way: whether a hand holds the cards
//! a line names, counting multiplicity.

use crate::cards::{Card, Hand};

use crate::games::{Message, Violation};

/// `Ok` when `hand` holds every card of `cards` (two `2♣` named need two `2♣` held); otherwise
/// the `card-not-in-hand` violation naming the first card missing.
pub fn need_in_hand(hand: &Hand, cards: &[Card]) -> Result<(), Violation> {
    match hand.missing(cards) {
        None => Ok(()),
        Some(card) => {
            let (held, named) = (hand.count(card), cards.iter().filter(|&&c| c == card).count());
            let detail =
                Message::new("viol-card-not-in-hand").text("card", card).number("named", named).number("held", held);
            Err(Violation::illegal("card-not-in-hand", detail))
        }
    }
}
