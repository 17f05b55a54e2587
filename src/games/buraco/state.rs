//! The table of a Buraco game in progress and the second stage of reading a line: whose turn it
//! is and which phase, scoring and the end of the game. The actions themselves are in `turn.rs`;
//! each is checked against the state first, then applied (a refused action changes nothing),
//! queuing the lines every seat must be sent.

use rand_pcg::Pcg64;

use crate::cards::{Card, Hand, format_list};
use crate::games::{Ending, Message, Outcome, Seat, Violation};

use super::deal::Deal;
use super::meld::Meld;
use super::rules::{BuracoRules, MortoTrigger, PickupRule};
use super::score::{self, SideScore};
use crate::games::kit::Outbox;
use crate::games::rummy::{self as action, Action, Commands};

/// Everything on the table, plus the queue of lines not yet taken by the referee.
#[derive(Debug, Clone)]
pub struct Table {
    pub rules: BuracoRules,
    pub ids: Vec<String>,
    pub hands: Vec<Hand>,
    /// Each side's melds in creation order (the `MELD_JOIN` index).
    pub melds: Vec<Vec<Meld>>,
    /// Who made each of a side's melds (parallel to `melds`), for the messages of `MELD_JOIN`.
    pub meld_makers: Vec<Vec<Seat>>,
    /// Top card last.
    pub stock: Vec<Card>,
    /// Top card last.
    pub discard: Vec<Card>,
    /// Each side's morto while it waits to be taken (`None`: taken, moved to the stock, or a
    /// variant without mortos).
    pub mortos: Vec<Option<Vec<Card>>>,
    /// Whether each side has taken its morto.
    pub morto_taken: Vec<bool>,
    pub current: Seat,
    /// Whether the current player has drawn this turn.
    pub drawn: bool,
    pub turns: u32,
    pub outcome: Option<Outcome>,
    pub queue: Outbox,
    pub rng: Pcg64,
}

pub(super) fn illegal(rule: &'static str, detail: Message) -> Violation {
    Violation::illegal(rule, detail)
}

impl Table {
    /// Seats the players, applies the deal and queues the opening lines.
    pub fn new(rules: BuracoRules, ids: Vec<String>, deal: Deal, rng: Pcg64) -> Table {
        let mut table = Table {
            hands: deal.hands.into_iter().map(Hand::new).collect(),
            melds: vec![Vec::new(); 2],
            meld_makers: vec![Vec::new(); 2],
            stock: deal.stock,
            discard: deal.discard_top.into_iter().collect(),
            morto_taken: vec![false; 2],
            mortos: if deal.mortos.is_empty() { vec![None; 2] } else { deal.mortos.into_iter().map(Some).collect() },
            current: deal.start,
            drawn: false,
            turns: 0,
            outcome: None,
            queue: Outbox::default(),
            rules,
            ids,
            rng,
        };
        let all_ids = table.ids.join(" ");
        let top = deal.discard_top.map_or_else(|| format_list(&[]), |c| c.to_string());
        for seat in 0..table.seats() {
            let top = if table.rules.up_card_private && seat != table.current { format_list(&[]) } else { top.clone() };
            let lines = [all_ids.clone(), table.ids[seat].clone(), table.hands[seat].wire(), top];
            for line in lines {
                table.queue.send(seat, line);
            }
        }
        table.announce_turn();
        table
    }

    pub fn seats(&self) -> usize {
        self.ids.len()
    }

    pub fn side_of(&self, seat: Seat) -> usize {
        seat % 2
    }

    pub fn side_score(&self, side: usize) -> SideScore {
        let hands = (0..self.seats()).filter(|&s| self.side_of(s) == side).map(|s| &self.hands[s]);
        let mut score = score::side_score(&self.melds[side], hands, &self.rules);
        if let Some(morto) = self.rules.morto {
            score.morto = if self.morto_taken[side] { morto.taken_bonus } else { -morto.untaken_penalty };
        }
        score
    }

    /// Whether `side`'s morto still waits to be taken.
    pub fn morto_waiting(&self, side: usize) -> bool {
        self.mortos[side].is_some()
    }

    pub fn scores(&self) -> Vec<i64> {
        (0..2).map(|side| self.side_score(side).total()).collect()
    }

    pub(super) fn send(&mut self, seat: Seat, line: String) {
        self.queue.send(seat, line);
    }

    pub(super) fn send_others(&mut self, line: &str) {
        let current = self.current;
        for seat in (0..self.seats()).filter(|&s| s != current) {
            self.send(seat, line.to_string());
        }
    }

    pub(super) fn send_all(&mut self, line: &str) {
        for seat in 0..self.seats() {
            self.send(seat, line.to_string());
        }
    }

    pub(super) fn announce_turn(&mut self) {
        for seat in 0..self.seats() {
            self.send(seat, self.ids[self.current].clone());
        }
    }

    pub(super) fn finish(&mut self, reason: Message) {
        let scores = self.scores();
        self.outcome = Some(Outcome { winner: score::winner(&scores), scores, ending: Ending::Finished { reason } });
    }

    /// Ends the game with `seat`'s side losing, scores as the table stands.
    pub fn forfeit(&mut self, seat: Seat) {
        if self.outcome.is_none() {
            let winner = Some(1 - self.side_of(seat));
            self.outcome = Some(Outcome { scores: self.scores(), winner, ending: Ending::Forfeit { seat } });
        }
    }

    /// When the current player's hand is empty: he takes his side's morto if it waits (and,
    /// unless `discarded`, goes on with his turn), else he goes out and the game ends. Returns
    /// the narration's closing clause.
    pub(super) fn check_out(&mut self, discarded: bool) -> Message {
        if !self.morto_due() {
            return Message::new("narr-out-none");
        }
        let side = self.side_of(self.current);
        if let Some(morto) = self.mortos[side].take() {
            self.morto_taken[side] = true;
            self.send(self.current, format!("MORTO {}", format_list(&morto)));
            self.send_others("MORTO");
            morto.into_iter().for_each(|card| self.hands[self.current].push(card));
            return Message::new(if discarded { "narr-out-morto" } else { "narr-out-morto-playing-on" });
        }
        if !self.hands[self.current].is_empty() {
            return Message::new("narr-out-none");
        }
        self.turns += 1;
        self.finish(Message::new("end-went-out").text("player", &self.ids[self.current]));
        Message::new("narr-out-goes-out")
    }

    /// Whether the current player's hand calls for his side's morto: it is empty, or (Schwab B1)
    /// it holds only wild cards.
    fn morto_due(&self) -> bool {
        let hand = self.hands[self.current].cards();
        let only_wilds = self.rules.morto.is_some_and(|m| m.trigger == MortoTrigger::OnlyWilds)
            && hand.iter().all(|&c| self.rules.melds.is_wild(c));
        hand.is_empty() || only_wilds
    }

    /// Checks and applies one line from `seat`.
    pub fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        crate::games::kit::turn_guard(self.outcome.is_some(), self.current, seat, &self.ids)?;
        // The closed pile's variants take it with one more command word.
        let words = match self.rules.pickup {
            PickupRule::TopUsedAtOnce { .. } => &Commands::ITP_CLOSED_PILE,
            _ => &Commands::ITP,
        };
        let action = action::read(line, words)?;
        match (self.drawn, action.is_draw()) {
            (false, false) => {
                return Err(illegal("draw-first", Message::new("viol-draw-first")));
            }
            (true, true) => return Err(illegal("already-drew", Message::new("viol-already-drew"))),
            _ => {}
        }
        match action {
            Action::GetStock => Ok(self.get_stock()),
            Action::GetDiscard(cards) => self.get_discard(&cards),
            Action::GetDiscardJoin { index, index_token } => self.get_discard_join(index, &index_token),
            Action::MeldNew(cards) => self.meld_new(&cards),
            Action::MeldJoin { index, index_token, cards } => self.meld_join(index, &index_token, &cards),
            Action::Discard(card) => self.discard(card),
        }
    }
}
