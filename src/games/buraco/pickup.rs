//! The checks Schwab's rules add to a turn (`buraco-schwab.md` §1.2, §1.4, §1.5): taking the
//! up-card alone on the first move, taking the discard pile only with a natural pair (P1–P4), and
//! which melds let a side go out (a clean canastra for STBL, a cerrado and no unfinished meld of
//! wild cards for Schwab).

use crate::cards::{Card, format_list};
use crate::games::{Message, Violation};

use super::meld::Meld;
use super::rules::{GoingOut, PickupRule};
use super::state::{Table, illegal};

impl Table {
    /// Schwab §1.2: on the first move of a hand, `GET_DISCARD [ ]` takes the single up-card into
    /// the hand (even a wild). `None` when the line is anything else.
    pub(super) fn take_up_card(&mut self, cards: &[Card]) -> Option<Message> {
        let first_move = self.turns == 0 && self.rules.up_card && self.discard.len() == 1;
        if !matches!(self.rules.pickup, PickupRule::NaturalPair { .. }) || !cards.is_empty() || !first_move {
            return None;
        }
        let card = self.discard.pop()?;
        self.hands[self.current].push(card);
        self.drawn = true;
        self.send(self.current, format_list(&[card]));
        self.send_others("GET_DISCARD [ ]");
        Some(Message::new("narr-takes-up-card").text("card", card))
    }

    /// Schwab A7: the others were not shown the up-card; when the first move takes it with a pair
    /// (`taken` is the pile's size), they are told it by `UP_CARD <card>` before `GET_DISCARD`.
    pub(super) fn reveal_up_card(&mut self, top: Card, taken: usize) {
        if self.rules.up_card_private && self.turns == 0 && taken == 1 {
            self.send_others(&format!("UP_CARD {top}"));
        }
    }

    /// Schwab P1, P2, P4 (P3 is the meld check every pickup makes): the top card is no wild, the
    /// hand names exactly two natural cards, and the pickup leaves the side a way to finish.
    pub(super) fn check_natural_pair(&self, cards: &[Card]) -> Result<(), Violation> {
        let PickupRule::NaturalPair { min_cards } = self.rules.pickup else {
            return Ok(());
        };
        let Some(&top) = self.discard.last() else {
            return Ok(());
        };
        let policy = &self.rules.melds;
        if policy.is_wild(top) {
            return Err(illegal("pickup-mono", Message::new("viol-pickup-mono").text("top", top)));
        }
        if cards.len() != 2 || cards.iter().any(|&c| policy.is_wild(c)) {
            let detail = Message::new("viol-pickup-natural-pair").text("top", top).text("cards", format_list(cards));
            return Err(illegal("pickup-needs-natural-pair", detail));
        }
        let side = self.side_of(self.current);
        let held = self.discard.len() + self.hands[self.current].len();
        let canastra = self.melds[side].iter().any(|m| m.is_canastra(&self.rules));
        if self.morto_taken[side] && !canastra && held < min_cards {
            let detail = Message::new("viol-pickup-would-end").number("held", held).number("min", min_cards);
            return Err(illegal("pickup-would-end", detail));
        }
        Ok(())
    }

    /// Whether a side holding `melds` may go out (or get down to one card) under the rules.
    pub(super) fn may_go_out_with(&self, melds: &[&Meld]) -> bool {
        let rules = &self.rules;
        match rules.going_out {
            GoingOut::Always => true,
            GoingOut::CleanCanastraAfterMorto => melds.iter().any(|m| m.is_clean_canastra(rules)),
            GoingOut::CanastraAfterMorto => {
                melds.iter().any(|m| m.is_canastra(rules)) && !melds.iter().any(|m| m.is_unfinished_wilds(rules))
            }
        }
    }

    /// Why a Schwab side may not get down to `left` (0 or 1) cards with `melds`.
    pub(super) fn cerrado_detail(&self, left: usize, melds: &[&Meld]) -> Message {
        if melds.iter().any(|m| m.is_canastra(&self.rules)) {
            return Message::new("viol-unfinished-wilds").number("len", self.rules.canastra.min_len);
        }
        Message::new(if left == 0 { "viol-empty-hand-needs-cerrado" } else { "viol-last-card-needs-cerrado" })
    }
}
