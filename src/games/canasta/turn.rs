//! The actions of a Canasta turn, read with the Buraco protocol's parser (`GET_STOCK`,
//! `GET_DISCARD [ … ]`, `GET_DISCARD_JOIN i`, `MELD_NEW`, `MELD_JOIN`, `DISCARD`), each checked
//! against the round first and applied only when legal: the frozen pile, the top card used at once
//! (A1), one meld per rank (M2), red 3s never discarded, going out only with a canasta (G1, G2).

use crate::cards::{Card, format_list};
use crate::games::rummy::need_in_hand;
use crate::games::rummy::{Action, Commands, read as read_action};
use crate::games::{Message, Seat, Violation};

use super::meld::Meld;
use super::rules::{freezes, is_red_three};
use super::state::{Round, illegal};

/// A way of taking the discard pile: a new meld of the top card with these hand cards, or the top
/// card joined to the player's meld `index`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Take {
    New(Vec<Card>),
    Join(usize),
}

impl Take {
    /// The line that takes the pile this way.
    pub fn line(&self) -> String {
        match self {
            Take::New(cards) => format!("GET_DISCARD {}", format_list(cards)),
            Take::Join(index) => format!("GET_DISCARD_JOIN {index}"),
        }
    }
}

impl Round {
    /// Checks and applies one line from `seat`.
    pub fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        crate::games::kit::turn_guard(self.over.is_some(), self.current, seat, &self.ids)?;
        let action = read_action(line, &Commands::ITP_CLOSED_PILE)?;
        match (self.drawn, action.is_draw()) {
            (false, false) => return Err(illegal("draw-first", Message::new("viol-draw-first"))),
            (true, true) => return Err(illegal("already-drew", Message::new("viol-already-drew"))),
            _ => {}
        }
        match action {
            Action::GetStock => self.get_stock(),
            Action::GetDiscard(cards) => self.take_pile(Take::New(cards)),
            Action::GetDiscardJoin { index, .. } => self.take_pile(Take::Join(index)),
            Action::MeldNew(cards) => self.meld_new(&cards),
            Action::MeldJoin { index, index_token, cards } => self.meld_join(index, &index_token, &cards),
            Action::Discard(card) => self.discard(card),
        }
    }

    /// Refuses an action that would leave the current player `left` cards when he may not go out:
    /// an empty hand without a canasta (G2), or, by a draw or a meld, one card he could only
    /// discard (unless it could join a meld into a canasta).
    fn may_leave(&self, left: usize, discarding: bool, melds: &[&Meld], last: Option<Card>) -> Result<(), Violation> {
        if left >= 2 || (left == 1 && discarding) || self.has_canasta(melds) {
            return Ok(());
        }
        let rules = &self.rules;
        if left == 1
            && let Some(last) = last
            && melds.iter().any(|m| m.len() + 1 >= rules.canasta_len && m.join(&[last], rules).is_ok())
        {
            return Ok(());
        }
        let id = if left == 0 { "cn-viol-empty-hand-needs-canasta" } else { "cn-viol-last-card-needs-canasta" };
        Err(illegal("go-out-needs-canasta", Message::new(id)))
    }

    /// Under the classic initial-meld rule, refuses a take whose meld is the player's first of
    /// the round and is worth fewer card points than his total requires: the pile's other cards
    /// join the hand, so only the meld the take names counts.
    fn initial_take(&self, meld: &Meld) -> Result<(), Violation> {
        let Some(min) = self.rules.initial_meld.minimum(self.totals[self.current]) else { return Ok(()) };
        let points = self.rules.values.sum(meld.cards());
        if !self.melds[self.current].is_empty() || points >= min {
            return Ok(());
        }
        let detail = Message::new("cn-viol-initial-meld")
            .text("meld", format_list(meld.cards()))
            .text("points", points)
            .text("min", min)
            .text("total", self.totals[self.current]);
        Err(illegal("initial-meld-too-low", detail))
    }

    /// Under the classic initial-meld rule, refuses ending a turn (by a discard or by going out)
    /// in which the player laid down his first melds of the round, `melds`, when together they
    /// are worth fewer card points than his total requires. A turn that lays down nothing is free.
    fn initial_turn(&self, melds: &[&Meld]) -> Result<(), Violation> {
        let Some(min) = self.rules.initial_meld.minimum(self.totals[self.current]) else { return Ok(()) };
        let points: i64 = melds.iter().map(|m| self.rules.values.sum(m.cards())).sum();
        if !self.opening || melds.is_empty() || points >= min {
            return Ok(());
        }
        let shown: Vec<String> = melds.iter().map(|m| format_list(m.cards())).collect();
        let detail = Message::new("cn-viol-initial-melds")
            .text("melds", shown.join(" "))
            .text("points", points)
            .text("min", min)
            .text("total", self.totals[self.current]);
        Err(illegal("initial-meld-too-low", detail))
    }

    fn melds_with<'a>(&'a self, changed: Option<(Option<usize>, &'a Meld)>) -> Vec<&'a Meld> {
        let mut melds: Vec<&Meld> = self.melds[self.current].iter().collect();
        match changed {
            Some((Some(index), meld)) => melds[index] = meld,
            Some((None, meld)) => melds.push(meld),
            None => {}
        }
        melds
    }

    /// The player's meld `index`, or the `bad-index` violation.
    fn own_meld(&self, index: usize) -> Result<&Meld, Violation> {
        let melds = &self.melds[self.current];
        melds.get(index).ok_or_else(|| {
            let detail = match melds.len() {
                0 => Message::new("viol-no-melds-yet").number("index", index),
                n => Message::new("viol-index-out-of-range").number("index", index).number("last", n - 1),
            };
            illegal("bad-index", detail.clause("note", Message::new("empty")))
        })
    }

    /// Checks taking the pile `take`'s way and returns the meld the top card makes or joins;
    /// nothing changes.
    pub fn check_take(&self, take: &Take) -> Result<Meld, Violation> {
        let Some(&top) = self.discard.last() else {
            return Err(illegal("discard-pile-empty", Message::new("viol-discard-pile-empty")));
        };
        if freezes(top) {
            return Err(illegal("pile-frozen", Message::new("cn-viol-pile-frozen").text("top", top)));
        }
        match take {
            Take::New(cards) => {
                if let Some(index) = self.meld_of_rank(self.current, top) {
                    let detail = Message::new("cn-viol-rank-already-melded").text("card", top).number("index", index);
                    return Err(illegal("rank-already-melded", detail));
                }
                need_in_hand(&self.hands[self.current], cards)?;
                let mut all = vec![top];
                all.extend_from_slice(cards);
                let meld = Meld::new(&all, &self.rules).map_err(|e| {
                    let detail =
                        Message::new("viol-not-a-meld").text("cards", format_list(&all)).clause("why", e.message());
                    illegal(e.rule(), detail)
                })?;
                self.initial_take(&meld)?;
                let left = self.left_after_take(cards);
                self.may_leave(left.len(), false, &self.melds_with(Some((None, &meld))), left.first().copied())?;
                Ok(meld)
            }
            Take::Join(index) => {
                let joined = self.own_meld(*index)?.join(&[top], &self.rules).map_err(|e| {
                    let detail = Message::new("viol-top-card-cannot-join")
                        .text("top", top)
                        .number("index", *index)
                        .clause("why", e.message());
                    illegal(e.rule(), detail)
                })?;
                let left = self.left_after_take(&[]);
                self.may_leave(
                    left.len(),
                    false,
                    &self.melds_with(Some((Some(*index), &joined))),
                    left.first().copied(),
                )?;
                Ok(joined)
            }
        }
    }

    /// The legal ways to take the pile now (R2's "can use"): joining the meld of the top card's
    /// rank, or a new meld with two hand cards (the fewest), or with every natural of the rank
    /// held and up to three wilds (the most points, for a first meld with a minimum).
    pub fn legal_takes(&self) -> Vec<Take> {
        let Some(&top) = self.discard.last() else { return Vec::new() };
        if freezes(top) {
            return Vec::new();
        }
        let mut candidates = Vec::new();
        if let Some(index) = self.meld_of_rank(self.current, top) {
            candidates.push(Take::Join(index));
        } else {
            let mut hand = self.hands[self.current].cards().to_vec();
            hand.sort();
            hand.dedup();
            let naturals: Vec<Card> = hand.iter().copied().filter(|c| c.rank() == top.rank()).collect();
            let wilds: Vec<Card> = hand.iter().copied().filter(|&c| super::rules::is_wild(c)).collect();
            for &natural in &naturals {
                let seconds = wilds.iter().chain(&naturals).copied();
                candidates.extend(seconds.map(|second| Take::New(vec![natural, second])));
            }
            // Bigger melds, for a first meld that must reach a minimum: every natural of the rank
            // held, with 0 to 3 of the wild cards held.
            let all: Vec<Card> =
                self.hands[self.current].cards().iter().copied().filter(|c| c.rank() == top.rank()).collect();
            let held_wilds: Vec<Card> =
                self.hands[self.current].cards().iter().copied().filter(|&c| super::rules::is_wild(c)).collect();
            if !all.is_empty() {
                for k in 0..=held_wilds.len().min(3) {
                    candidates.push(Take::New(all.iter().chain(&held_wilds[..k]).copied().collect()));
                }
            }
        }
        candidates.into_iter().filter(|take| self.check_take(take).is_ok()).collect()
    }

    fn get_stock(&mut self) -> Result<Message, Violation> {
        let Some(card) = self.stock.pop() else {
            let example = self.legal_takes().first().map(Take::line).unwrap_or_default();
            return Err(illegal("stock-empty", Message::new("cn-viol-stock-empty").text("example", example)));
        };
        let (kept, reds) = self.lay_out_red_threes(vec![card], true);
        self.send_other("GET_STOCK".into());
        self.announce_red_threes(&reds);
        let reds_said = red_threes_clause(&reds);
        let Some(&drawn) = kept.first() else {
            return Ok(Message::new("cn-narr-draws-last-red-three").clause("reds", reds_said));
        };
        self.hands[self.current].push(drawn);
        self.send(self.current, drawn.to_string());
        self.opening = self.melds[self.current].is_empty();
        self.drawn = true;
        Ok(Message::new("cn-narr-draws").text("card", drawn).clause("reds", reds_said))
    }

    fn take_pile(&mut self, take: Take) -> Result<Message, Violation> {
        let meld = self.check_take(&take)?;
        self.opening = self.melds[self.current].is_empty();
        let top = self.discard.pop().unwrap_or(crate::cards::Card::Joker);
        let rest = std::mem::take(&mut self.discard);
        let taken = rest.len() + 1;
        let stored = format_list(meld.cards());
        let (index, said) = match &take {
            Take::New(cards) => {
                let removed = self.hands[self.current].remove_all(cards);
                debug_assert!(removed.is_ok(), "checked to be in the hand");
                self.melds[self.current].push(meld);
                let said = Message::new("cn-narr-takes-pile").text("cards", format_list(cards));
                (self.melds[self.current].len() - 1, said)
            }
            Take::Join(index) => {
                self.melds[self.current][*index] = meld;
                (*index, Message::new("cn-narr-takes-pile-joining"))
            }
        };
        let (kept, reds) = self.lay_out_red_threes(rest, false);
        kept.iter().for_each(|&c| self.hands[self.current].push(c));
        self.send_other(take.line());
        self.announce_red_threes(&reds);
        self.send(self.current, format_list(&kept));
        self.drawn = true;
        let out = self.check_out();
        Ok(said
            .number("taken", taken)
            .text("top", top)
            .number("index", index)
            .text("meld", stored)
            .clause("reds", red_threes_clause(&reds))
            .clause("out", out))
    }

    fn meld_new(&mut self, cards: &[Card]) -> Result<Message, Violation> {
        need_in_hand(&self.hands[self.current], cards)?;
        let meld = Meld::new(cards, &self.rules).map_err(|e| {
            illegal(
                e.rule(),
                Message::new("viol-not-a-meld").text("cards", format_list(cards)).clause("why", e.message()),
            )
        })?;
        if let Some(index) = self.melds[self.current].iter().position(|m| m.rank() == meld.rank()) {
            let card = meld.cards()[0];
            let detail = Message::new("cn-viol-rank-already-melded").text("card", card).number("index", index);
            return Err(illegal("rank-already-melded", detail));
        }
        let left = self.left_after(cards);
        let melds = self.melds_with(Some((None, &meld)));
        self.may_leave(left.len(), false, &melds, left.first().copied())?;
        if left.is_empty() {
            self.initial_turn(&melds)?;
        }
        let removed = self.hands[self.current].remove_all(cards);
        debug_assert!(removed.is_ok(), "checked to be in the hand");
        let stored = format_list(meld.cards());
        self.melds[self.current].push(meld);
        self.send_other(format!("MELD_NEW {stored}"));
        let index = self.melds[self.current].len() - 1;
        let out = self.check_out();
        Ok(Message::new("narr-melds").text("meld", stored).number("index", index).clause("out", out))
    }

    fn meld_join(&mut self, index: usize, index_token: &str, cards: &[Card]) -> Result<Message, Violation> {
        let meld = self.own_meld(index)?;
        need_in_hand(&self.hands[self.current], cards)?;
        let joined = meld.join(cards, &self.rules).map_err(|e| {
            let detail = Message::new("viol-join-not-a-meld")
                .text("cards", format_list(cards))
                .number("index", index)
                .clause("why", e.message())
                .clause("note", Message::new("empty"));
            illegal(e.rule(), detail)
        })?;
        let left = self.left_after(cards);
        let melds = self.melds_with(Some((Some(index), &joined)));
        self.may_leave(left.len(), false, &melds, left.first().copied())?;
        if left.is_empty() {
            self.initial_turn(&melds)?;
        }
        let removed = self.hands[self.current].remove_all(cards);
        debug_assert!(removed.is_ok(), "checked to be in the hand");
        let stored = format_list(joined.cards());
        self.melds[self.current][index] = joined;
        self.send_other(format!("MELD_JOIN {index_token} {}", format_list(cards)));
        let out = self.check_out();
        Ok(Message::new("narr-adds")
            .text("cards", format_list(cards))
            .number("index", index)
            .text("meld", stored)
            .clause("out", out))
    }

    fn discard(&mut self, card: Card) -> Result<Message, Violation> {
        if is_red_three(card) {
            return Err(illegal("red-three-discard", Message::new("cn-viol-red-three-discard").text("card", card)));
        }
        need_in_hand(&self.hands[self.current], &[card])?;
        let left = self.hands[self.current].len() - 1;
        self.may_leave(left, true, &self.melds_with(None), None)?;
        self.initial_turn(&self.melds_with(None))?;
        self.hands[self.current].remove(card);
        self.discard.push(card);
        self.send_other(format!("DISCARD {card}"));
        let out = self.check_out();
        if self.over.is_none() {
            self.turns += 1;
            self.current = 1 - self.current;
            self.start_turn();
        }
        Ok(Message::new("narr-discards").text("card", card).clause("out", out))
    }

    /// The hand without `used` (already checked to be in it).
    fn left_after(&self, used: &[Card]) -> Vec<Card> {
        let mut hand = self.hands[self.current].clone();
        let removed = hand.remove_all(used);
        debug_assert!(removed.is_ok(), "checked to be in the hand");
        hand.cards().to_vec()
    }

    /// The hand after taking the pile with `used` (already checked to be in the hand): the hand
    /// without them, plus the pile under its top card but for its red 3s (laid out, not replaced).
    fn left_after_take(&self, used: &[Card]) -> Vec<Card> {
        let mut left = self.left_after(used);
        let rest = &self.discard[..self.discard.len().saturating_sub(1)];
        left.extend(rest.iter().copied().filter(|&c| !is_red_three(c)));
        left
    }

    /// When the current player's hand is empty he goes out and the round ends.
    fn check_out(&mut self) -> Message {
        if !self.hands[self.current].is_empty() || self.over.is_some() {
            return Message::new("narr-out-none");
        }
        self.turns += 1;
        self.went_out = Some(self.current);
        self.over = Some(Message::new("end-went-out").text("player", &self.ids[self.current]));
        Message::new("narr-out-goes-out")
    }
}

/// `, laying out 3♥` (or nothing).
fn red_threes_clause(reds: &[Card]) -> Message {
    match reds.len() {
        0 => Message::new("empty"),
        _ => Message::new("cn-narr-red-threes").text("cards", format_list(reds)),
    }
}
