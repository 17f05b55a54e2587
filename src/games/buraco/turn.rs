//! The actions of a Buraco turn (draw from the stock, take the discard pile, meld, join, discard),
//! each checked against the table first and applied only when legal, and the checks the rules'
//! pickup and going-out policies add (`closed-pile`, `go-out-needs-clean-canastra`).

use crate::cards::{Card, format_list};
use crate::games::{Message, Violation};

use super::meld::Meld;
use super::rules::{GoingOut, PickupRule, StockOut};
use super::state::{Table, illegal};

/// A meld an action is about to make: a new one, or meld `index` of the side joined.
#[derive(Clone, Copy)]
enum Changed<'a> {
    New(&'a Meld),
    Joined(usize, &'a Meld),
}

impl Table {
    fn need_in_hand(&self, cards: &[Card]) -> Result<(), Violation> {
        crate::games::rummy::need_in_hand(&self.hands[self.current], cards)
    }

    /// Removes cards already checked by `need_in_hand`.
    fn take_from_hand(&mut self, cards: &[Card]) {
        let removed = self.hands[self.current].remove_all(cards);
        debug_assert!(removed.is_ok(), "cards were checked to be in the hand");
    }

    /// The side's melds as they would be after `changed`.
    fn melds_after<'a>(&'a self, changed: Option<Changed<'a>>) -> Vec<&'a Meld> {
        let side = self.side_of(self.current);
        let mut melds: Vec<&Meld> = self.melds[side].iter().collect();
        match changed {
            Some(Changed::New(meld)) => melds.push(meld),
            Some(Changed::Joined(index, meld)) => melds[index] = meld,
            None => {}
        }
        melds
    }

    /// Under `GoingOut::CleanCanastraAfterMorto`, refuses an action that would leave the current
    /// player `left` cards when his side may not go out: an empty hand, or (by a draw or a meld)
    /// a single card that could only be discarded, unless it could join a meld into a clean
    /// canastra. While the side's morto waits, emptying the hand is always allowed (it takes it).
    /// `used` leaves the hand and `gained` joins it (the rest of the pile).
    fn may_leave(
        &self,
        used: &[Card],
        gained: &[Card],
        discarding: bool,
        changed: Option<Changed>,
    ) -> Result<(), Violation> {
        let side = self.side_of(self.current);
        let left = self.hands[self.current].len() + gained.len() - used.len();
        if self.rules.going_out == GoingOut::Always || self.morto_waiting(side) || left > 1 || (left == 1 && discarding)
        {
            return Ok(());
        }
        let melds = self.melds_after(changed);
        if self.may_go_out_with(&melds) {
            return Ok(());
        }
        if left == 1 {
            let mut hand = self.hands[self.current].clone();
            gained.iter().for_each(|&c| hand.push(c));
            let removed = hand.remove_all(used);
            debug_assert!(removed.is_ok(), "used cards were checked to be in the hand");
            let last = hand.cards();
            for at in 0..melds.len() {
                if let Ok(joined) = melds[at].join(last, &self.rules.melds) {
                    let mut closed = melds.clone();
                    closed[at] = &joined;
                    if self.may_go_out_with(&closed) {
                        return Ok(());
                    }
                }
            }
        }
        let rule = self.rules.going_out.rule();
        if self.rules.going_out == GoingOut::CanastraAfterMorto {
            return Err(illegal(rule, self.cerrado_detail(left, &melds)));
        }
        if left == 0 {
            return Err(illegal(rule, Message::new("viol-empty-hand-needs-clean-canastra")));
        }
        Err(illegal(rule, Message::new("viol-last-card-needs-clean-canastra")))
    }

    pub(super) fn get_stock(&mut self) -> Message {
        let Some(card) = self.stock.pop() else {
            self.finish(Message::new("end-empty-stock").text("player", &self.ids[self.current]));
            return Message::new("narr-empty-stock");
        };
        self.drawn = true;
        self.hands[self.current].push(card);
        self.send(self.current, card.to_string());
        self.send_others("GET_STOCK");
        Message::new("narr-draws").text("card", card)
    }

    /// The rule a refused pickup breaks: ITP's plain meld rule, or the closed pile's.
    fn pickup_rule(&self) -> &'static str {
        match self.rules.pickup {
            PickupRule::NewMeldWithHand { .. } => "meld-invalid",
            PickupRule::TopUsedAtOnce { .. } => "closed-pile",
            PickupRule::NaturalPair { .. } => "pickup-needs-natural-pair",
        }
    }

    /// Checks taking the discard pile with `cards` (after the up-card case) and returns the meld
    /// its top card makes; nothing changes.
    fn check_pickup(&self, cards: &[Card]) -> Result<Meld, Violation> {
        self.check_natural_pair(cards)?;
        let min_hand_cards = self.rules.pickup.min_hand_cards();
        if cards.len() < min_hand_cards {
            let detail = Message::new("viol-discard-needs-cards").number("min", min_hand_cards);
            return Err(illegal("discard-needs-two-cards", detail));
        }
        let Some(&top) = self.discard.last() else {
            return Err(illegal("discard-pile-empty", Message::new("viol-discard-pile-empty")));
        };
        self.need_in_hand(cards)?;
        let mut meld_cards = vec![top];
        meld_cards.extend_from_slice(cards);
        let meld = Meld::new(&meld_cards, &self.rules.melds)
            .map_err(|e| illegal(self.pickup_rule(), not_a_meld(&meld_cards, e.message())))?;
        let rest = &self.discard[..self.discard.len() - 1];
        self.may_leave(cards, rest, false, Some(Changed::New(&meld)))?;
        Ok(meld)
    }

    /// Whether the current player could take the discard pile with a pair of his cards (Schwab's
    /// natural pair; the only pickup of the presets whose stock end asks it).
    pub(super) fn can_pick_up(&self) -> bool {
        let hand = self.hands[self.current].cards();
        (0..hand.len()).any(|i| (i + 1..hand.len()).any(|j| self.check_pickup(&[hand[i], hand[j]]).is_ok()))
    }

    pub(super) fn get_discard(&mut self, cards: &[Card]) -> Result<Message, Violation> {
        if let Some(taken) = self.take_up_card(cards) {
            return Ok(taken);
        }
        let meld = self.check_pickup(cards)?;
        let top = self.discard[self.discard.len() - 1];
        // Valid: apply.
        self.discard.pop();
        let taken = self.discard.len() + 1;
        let side = self.side_of(self.current);
        self.take_from_hand(cards);
        let stored = format_list(meld.cards());
        self.melds[side].push(meld);
        self.meld_makers[side].push(self.current);
        self.send(self.current, format_list(&self.discard));
        self.reveal_up_card(top, taken);
        self.send_others(&format!("GET_DISCARD {}", format_list(cards)));
        self.pile_to_hand();
        let index = self.melds[side].len() - 1;
        let out = self.check_out(false);
        Ok(Message::new("narr-takes-pile")
            .number("taken", taken)
            .text("cards", format_list(cards))
            .number("index", index)
            .text("meld", stored)
            .clause("out", out))
    }

    /// The rest of the discard pile joins the hand, which is then reshuffled.
    fn pile_to_hand(&mut self) {
        while let Some(card) = self.discard.pop() {
            self.hands[self.current].push(card);
        }
        self.hands[self.current].shuffle(&mut self.rng);
        self.drawn = true;
    }

    fn side_meld(&self, index: usize, index_token: &str) -> Result<&Meld, Violation> {
        let side = self.side_of(self.current);
        let melds = &self.melds[side];
        melds.get(index).ok_or_else(|| {
            let detail = match melds.len() {
                0 => Message::new("viol-no-melds-yet").text("index", index_token),
                n => Message::new("viol-index-out-of-range").text("index", index_token).number("last", n - 1),
            };
            illegal("bad-index", detail.clause("note", self.team_index_note(side, index)))
        })
    }

    /// In a 4-player game, what a wrong `MELD_JOIN` index most often means (a bot that counts
    /// only its own melds): the index counts the team's melds, and whose meld `index` is.
    fn team_index_note(&self, side: usize, index: usize) -> Message {
        if self.seats() != 4 {
            return Message::new("empty");
        }
        let makers = &self.meld_makers[side];
        let partner = match makers.get(index) {
            Some(&maker) if maker != self.current => {
                Message::new("viol-team-note-partner").number("index", index).text("partner", &self.ids[maker])
            }
            _ => Message::new("empty"),
        };
        let yours: Vec<String> =
            makers.iter().enumerate().filter(|&(_, &s)| s == self.current).map(|(i, _)| i.to_string()).collect();
        let yours = match yours.len() {
            0 => Message::new("empty"),
            n => Message::new("viol-team-note-yours").number("count", n).text("list", yours.join(", ")),
        };
        Message::new("viol-team-note").clause("partner", partner).clause("yours", yours)
    }

    /// `GET_DISCARD_JOIN i` (closed pile only): the top card joins meld `i` of the side, the rest of
    /// the pile goes to the hand. A wild top card may only start a new meld (STBL D3).
    pub(super) fn get_discard_join(&mut self, index: usize, index_token: &str) -> Result<Message, Violation> {
        let Some(&top) = self.discard.last() else {
            return Err(illegal("discard-pile-empty", Message::new("viol-discard-pile-empty")));
        };
        let meld = self.side_meld(index, index_token)?;
        if top.is_joker() || top.is(crate::cards::Rank::Two) {
            return Err(illegal("closed-pile", Message::new("viol-wild-top-card").text("top", top)));
        }
        let joined = meld.join(&[top], &self.rules.melds).map_err(|e| {
            let detail = Message::new("viol-top-card-cannot-join")
                .text("top", top)
                .number("index", index)
                .clause("why", e.message());
            illegal("closed-pile", detail)
        })?;
        let rest = &self.discard[..self.discard.len() - 1];
        self.may_leave(&[], rest, false, Some(Changed::Joined(index, &joined)))?;

        self.discard.pop();
        let taken = self.discard.len() + 1;
        let side = self.side_of(self.current);
        let stored = format_list(joined.cards());
        self.melds[side][index] = joined;
        self.send(self.current, format_list(&self.discard));
        self.send_others(&format!("GET_DISCARD_JOIN {index_token}"));
        self.pile_to_hand();
        Ok(Message::new("narr-takes-pile-joining")
            .number("taken", taken)
            .text("top", top)
            .number("index", index)
            .text("meld", stored))
    }

    pub(super) fn meld_new(&mut self, cards: &[Card]) -> Result<Message, Violation> {
        self.need_in_hand(cards)?;
        let meld =
            Meld::new(cards, &self.rules.melds).map_err(|e| illegal("meld-invalid", not_a_meld(cards, e.message())))?;
        self.may_leave(cards, &[], false, Some(Changed::New(&meld)))?;
        let side = self.side_of(self.current);
        self.take_from_hand(cards);
        let stored = format_list(meld.cards());
        self.melds[side].push(meld);
        self.meld_makers[side].push(self.current);
        self.send_others(&format!("MELD_NEW {stored}"));
        let index = self.melds[side].len() - 1;
        let out = self.check_out(false);
        Ok(Message::new("narr-melds").text("meld", stored).number("index", index).clause("out", out))
    }

    pub(super) fn meld_join(&mut self, index: usize, index_token: &str, cards: &[Card]) -> Result<Message, Violation> {
        let meld = self.side_meld(index, index_token)?;
        self.need_in_hand(cards)?;
        let side = self.side_of(self.current);
        let joined = meld.join(cards, &self.rules.melds).map_err(|e| {
            let note = if self.meld_makers[side][index] == self.current {
                Message::new("empty")
            } else {
                self.team_index_note(side, index)
            };
            let detail = Message::new("viol-join-not-a-meld")
                .text("cards", format_list(cards))
                .number("index", index)
                .clause("why", e.message())
                .clause("note", note);
            illegal("meld-invalid", detail)
        })?;
        self.may_leave(cards, &[], false, Some(Changed::Joined(index, &joined)))?;
        self.take_from_hand(cards);
        let stored = format_list(joined.cards());
        self.melds[side][index] = joined;
        self.send_others(&format!("MELD_JOIN {index_token} {}", format_list(cards)));
        let out = self.check_out(false);
        Ok(Message::new("narr-adds")
            .text("cards", format_list(cards))
            .number("index", index)
            .text("meld", stored)
            .clause("out", out))
    }

    pub(super) fn discard(&mut self, card: Card) -> Result<Message, Violation> {
        self.need_in_hand(&[card])?;
        self.may_leave(&[card], &[], true, None)?;
        self.take_from_hand(&[card]);
        self.discard.push(card);
        self.send_others(&format!("DISCARD {card}"));
        let out = self.check_out(true);
        if self.outcome.is_some() {
            return Ok(Message::new("narr-discards").text("card", card).clause("out", out));
        }
        self.turns += 1;
        if self.stock.is_empty() {
            match self.rules.stock_out {
                StockOut::EndOnEmptyDraw => {}
                StockOut::EndAfterTurn => match (0..2).find(|&side| self.morto_waiting(side)) {
                    Some(side) => {
                        self.stock = self.mortos[side].take().unwrap_or_default();
                        self.send_all(&format!("MORTO_TO_STOCK {side}"));
                    }
                    None => return Ok(self.stock_out(card, out)),
                },
                StockOut::PileOrEnd => {
                    let next = (self.current + 1) % self.seats();
                    let current = std::mem::replace(&mut self.current, next);
                    let can = self.can_pick_up();
                    self.current = current;
                    if !can {
                        return Ok(self.stock_out(card, out));
                    }
                }
            }
        }
        self.current = (self.current + 1) % self.seats();
        self.drawn = false;
        self.announce_turn();
        Ok(Message::new("narr-discards").text("card", card).clause("out", out))
    }
}

impl Table {
    /// Ends the hand on the stock's end, after `card`'s discard (`out`: its closing clause).
    fn stock_out(&mut self, card: Card, out: Message) -> Message {
        self.finish(Message::new("end-stock-out"));
        Message::new("narr-discards-stock-out").text("card", card).clause("out", out)
    }
}

/// `cards is not a meld: why`.
fn not_a_meld(cards: &[Card], why: Message) -> Message {
    Message::new("viol-not-a-meld").text("cards", format_list(cards)).clause("why", why)
}
