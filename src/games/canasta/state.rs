//! One Canasta round in progress: hands, each player's melds and red 3s, the stock and the
//! discard pile, whose turn it is; the opening lines, the start of a turn (a player who can
//! neither draw nor use the top discard passes, R2), laying out red 3s, scoring, and the round's
//! end. The actions of a turn are in `turn.rs`.

use crate::cards::{Card, Hand, format_list};
use crate::games::kit::Outbox;
use crate::games::{Message, Seat, Violation};

use super::deal::Deal;
use super::meld::Meld;
use super::rules::{CanastaRules, freezes, is_red_three};

/// A player's score in a round, broken down (`canasta.md` §1.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeatScore {
    /// The points of the cards in the player's melds.
    pub melds: i64,
    /// 500 per natural canasta, 300 per mixed one.
    pub canastas: i64,
    /// 100 per red 3.
    pub red_threes: i64,
    /// 100 for going out.
    pub going_out: i64,
    /// The points of the cards left in the hand (a positive number, subtracted).
    pub hand: i64,
}

impl SeatScore {
    pub fn total(&self) -> i64 {
        self.melds + self.canastas + self.red_threes + self.going_out - self.hand
    }
}

/// Everything on the table in a round, plus the lines not yet taken by the referee.
#[derive(Debug, Clone)]
pub struct Round {
    pub rules: CanastaRules,
    pub ids: Vec<String>,
    /// Each player's match total when the round began (for the initial-meld minimum).
    pub totals: Vec<i64>,
    pub hands: Vec<Hand>,
    /// Each player's melds in the order made (the `MELD_JOIN` index).
    pub melds: Vec<Vec<Meld>>,
    /// The red 3s each player laid out.
    pub red_threes: Vec<Vec<Card>>,
    /// Top card last.
    pub stock: Vec<Card>,
    /// Top card last.
    pub discard: Vec<Card>,
    pub current: Seat,
    pub drawn: bool,
    /// Whether the current player had no meld when he drew this turn (the classic initial meld
    /// is then the sum of the melds he lays down before the turn ends).
    pub opening: bool,
    pub turns: u32,
    pub went_out: Option<Seat>,
    /// Whether `STOCK_EMPTY` has been sent.
    pub stock_out_told: bool,
    /// Why the round ended, once it has.
    pub over: Option<Message>,
    pub queue: Outbox,
}

pub(super) fn illegal(rule: &'static str, detail: Message) -> Violation {
    Violation::illegal(rule, detail)
}

impl Round {
    /// Lays the deal on the table and queues the opening lines: with `ids_lines`, the ids and each
    /// seat's own id (the first round only); then each seat's hand and the discard pile, the red
    /// 3s laid out at the deal, and the first turn.
    pub fn new(rules: CanastaRules, ids: Vec<String>, totals: Vec<i64>, deal: Deal, ids_lines: bool) -> Round {
        let mut round = Round {
            rules,
            totals,
            hands: deal.hands.into_iter().map(Hand::new).collect(),
            melds: vec![Vec::new(); 2],
            red_threes: deal.red_threes,
            stock: deal.stock,
            discard: deal.discard,
            current: deal.start,
            drawn: false,
            opening: false,
            turns: 0,
            went_out: None,
            stock_out_told: false,
            over: None,
            queue: Outbox::default(),
            ids,
        };
        let all_ids = round.ids.join(" ");
        for seat in 0..2 {
            if ids_lines {
                round.send(seat, all_ids.clone());
                round.send(seat, round.ids[seat].clone());
            }
            round.send(seat, round.hands[seat].wire());
            round.send(seat, format_list(&round.discard));
        }
        for seat in 0..2 {
            if !round.red_threes[seat].is_empty() {
                let line = format!("RED3 {} {}", round.ids[seat], format_list(&round.red_threes[seat]));
                round.send_all(&line);
            }
        }
        round.start_turn();
        round
    }

    pub(super) fn send(&mut self, seat: Seat, line: String) {
        self.queue.send(seat, line);
    }

    pub(super) fn send_other(&mut self, line: String) {
        self.send(1 - self.current, line);
    }

    pub(super) fn send_all(&mut self, line: &str) {
        for seat in 0..2 {
            self.send(seat, line.to_string());
        }
    }

    /// Whether the top of the discard pile freezes it (F1); false for an empty pile (which cannot
    /// be taken either).
    pub fn frozen(&self) -> bool {
        self.discard.last().is_some_and(|&top| freezes(top))
    }

    /// The index of `seat`'s meld of `card`'s rank, if it has one.
    pub fn meld_of_rank(&self, seat: Seat, card: Card) -> Option<usize> {
        self.melds[seat].iter().position(|m| Some(m.rank()) == card.rank())
    }

    /// Starts the current player's turn; the first turn to start with an empty stock is preceded
    /// by `STOCK_EMPTY` to both seats. With an empty stock, a player who cannot use the top
    /// discard passes (`PASS id` to both) and the other plays; when neither can, the round ends
    /// (R1c, R2).
    pub(super) fn start_turn(&mut self) {
        self.drawn = false;
        if self.stock.is_empty() && !self.stock_out_told {
            self.stock_out_told = true;
            self.send_all("STOCK_EMPTY");
        }
        for _ in 0..2 {
            if !self.stock.is_empty() || !self.legal_takes().is_empty() {
                let line = self.ids[self.current].clone();
                self.send_all(&line);
                return;
            }
            let line = format!("PASS {}", self.ids[self.current]);
            self.send_all(&line);
            self.current = 1 - self.current;
        }
        self.over = Some(Message::new("cn-end-stock-out"));
    }

    /// Lays out the red 3s among `cards` for the current player; returns the cards that join the
    /// hand and the red 3s laid out. Red 3s drawn from the stock (`from_stock`: `cards` was just
    /// drawn) are replaced from the stock, again and again; a red 3 that is the last stock card
    /// ends the round at once, unreplaced (R1b, A8). Red 3s found in a taken pile are laid out
    /// and score, but nothing replaces them (classic Canasta; the source text is silent, A12).
    pub(super) fn lay_out_red_threes(&mut self, cards: Vec<Card>, from_stock: bool) -> (Vec<Card>, Vec<Card>) {
        let (mut reds, mut kept): (Vec<Card>, Vec<Card>) = cards.into_iter().partition(|&c| is_red_three(c));
        let mut owed = if from_stock { reds.len() } else { 0 };
        let mut last_drawn_red = owed > 0 && self.stock.is_empty();
        while owed > 0 && !last_drawn_red {
            let Some(card) = self.stock.pop() else { break };
            if is_red_three(card) {
                reds.push(card);
                last_drawn_red = self.stock.is_empty();
            } else {
                kept.push(card);
                owed -= 1;
            }
        }
        if last_drawn_red {
            self.over = Some(Message::new("cn-end-last-red-three").text("player", &self.ids[self.current]));
        }
        self.red_threes[self.current].extend(&reds);
        (kept, reds)
    }

    /// The `RED3 id [ … ]` line to both seats, when `reds` is not empty.
    pub(super) fn announce_red_threes(&mut self, reds: &[Card]) {
        if !reds.is_empty() {
            let line = format!("RED3 {} {}", self.ids[self.current], format_list(reds));
            self.send_all(&line);
        }
    }

    /// A player's score as the table stands.
    pub fn seat_score(&self, seat: Seat) -> SeatScore {
        let melds = &self.melds[seat];
        SeatScore {
            melds: melds.iter().map(|m| self.rules.values.sum(m.cards())).sum(),
            canastas: melds.iter().map(|m| m.bonus(&self.rules)).sum(),
            red_threes: self.rules.red_three * self.red_threes[seat].len() as i64,
            going_out: if self.went_out == Some(seat) { self.rules.going_out } else { 0 },
            hand: self.rules.values.sum(self.hands[seat].cards()),
        }
    }

    pub fn scores(&self) -> Vec<i64> {
        (0..2).map(|seat| self.seat_score(seat).total()).collect()
    }

    /// Whether `melds` hold a canasta (G1).
    pub(super) fn has_canasta(&self, melds: &[&Meld]) -> bool {
        melds.iter().any(|m| m.is_canasta(&self.rules))
    }
}
