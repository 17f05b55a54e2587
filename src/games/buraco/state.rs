//! The table of a Buraco game in progress and the second stage of reading a line: each action is
//! checked against the state first, then applied (a refused action changes nothing), queuing the
//! lines every seat must be sent.

use rand_pcg::Pcg64;

use crate::cards::{Card, Hand, format_list};
use crate::games::{Delivery, Ending, Outcome, Seat, Violation, ViolationKind};

use super::action::{self, Action};
use super::deal::Deal;
use super::meld::Meld;
use super::rules::{BuracoRules, PickupRule};
use super::score::{self, SideScore};

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
    pub current: Seat,
    /// Whether the current player has drawn this turn.
    pub drawn: bool,
    pub turns: u32,
    pub outcome: Option<Outcome>,
    pub queue: Vec<Delivery>,
    pub rng: Pcg64,
}

fn illegal(rule: &'static str, detail: impl Into<String>) -> Violation {
    Violation { kind: ViolationKind::Illegal, rule, detail: detail.into() }
}

impl Table {
    /// Seats the players, applies the deal and queues the opening lines.
    pub fn new(rules: BuracoRules, ids: Vec<String>, deal: Deal, rng: Pcg64) -> Table {
        let mut table = Table {
            hands: deal.hands.into_iter().map(Hand::new).collect(),
            melds: vec![Vec::new(); 2],
            meld_makers: vec![Vec::new(); 2],
            stock: deal.stock,
            discard: vec![deal.discard_top],
            current: deal.start,
            drawn: false,
            turns: 0,
            outcome: None,
            queue: Vec::new(),
            rules,
            ids,
            rng,
        };
        let all_ids = table.ids.join(" ");
        for seat in 0..table.seats() {
            let lines =
                [all_ids.clone(), table.ids[seat].clone(), table.hands[seat].wire(), deal.discard_top.to_string()];
            table.queue.extend(lines.into_iter().map(|line| Delivery { seat, line }));
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
        score::side_score(&self.melds[side], hands, &self.rules)
    }

    pub fn scores(&self) -> Vec<i64> {
        (0..2).map(|side| self.side_score(side).total()).collect()
    }

    fn send(&mut self, seat: Seat, line: String) {
        self.queue.push(Delivery { seat, line });
    }

    fn send_others(&mut self, line: &str) {
        let current = self.current;
        for seat in (0..self.seats()).filter(|&s| s != current) {
            self.send(seat, line.to_string());
        }
    }

    fn announce_turn(&mut self) {
        for seat in 0..self.seats() {
            self.send(seat, self.ids[self.current].clone());
        }
    }

    fn finish(&mut self, reason: String) {
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

    /// Ends the game if the current player's hand is empty; returns the narration suffix.
    fn check_out(&mut self) -> &'static str {
        if self.hands[self.current].is_empty() {
            self.turns += 1;
            self.finish(format!("{} went out", self.ids[self.current]));
            " and goes out"
        } else {
            ""
        }
    }

    /// Checks and applies one line from `seat`.
    pub fn submit(&mut self, seat: Seat, line: &str) -> Result<String, Violation> {
        if self.outcome.is_some() {
            return Err(illegal("game-over", "the game is over"));
        }
        if seat != self.current {
            return Err(illegal(
                "not-your-turn",
                format!("it is {}'s turn, not {}'s", self.ids[self.current], self.ids[seat]),
            ));
        }
        let action = action::parse(line)?;
        match (self.drawn, action.is_draw()) {
            (false, false) => {
                return Err(illegal("draw-first", "the turn starts with GET_STOCK or GET_DISCARD"));
            }
            (true, true) => return Err(illegal("already-drew", "you already drew this turn")),
            _ => {}
        }
        match action {
            Action::GetStock => Ok(self.get_stock()),
            Action::GetDiscard(cards) => self.get_discard(&cards),
            Action::MeldNew(cards) => self.meld_new(&cards),
            Action::MeldJoin { index, index_token, cards } => self.meld_join(index, &index_token, &cards),
            Action::Discard(card) => self.discard(card),
        }
    }

    fn need_in_hand(&self, cards: &[Card]) -> Result<(), Violation> {
        let hand = &self.hands[self.current];
        match hand.missing(cards) {
            None => Ok(()),
            Some(card) => {
                let (held, named) = (hand.count(card), cards.iter().filter(|&&c| c == card).count());
                Err(illegal("card-not-in-hand", format!("{card} is named {named} time(s) but the hand holds {held}")))
            }
        }
    }

    /// Removes cards already checked by `need_in_hand`.
    fn take_from_hand(&mut self, cards: &[Card]) {
        let removed = self.hands[self.current].remove_all(cards);
        debug_assert!(removed.is_ok(), "cards were checked to be in the hand");
    }

    fn get_stock(&mut self) -> String {
        let Some(card) = self.stock.pop() else {
            self.finish(format!("{} asked for a card from an empty stock", self.ids[self.current]));
            return "asks for a card from the empty stock: the game ends".into();
        };
        self.drawn = true;
        self.hands[self.current].push(card);
        self.send(self.current, card.to_string());
        self.send_others("GET_STOCK");
        format!("draws from the stock: {card}")
    }

    fn get_discard(&mut self, cards: &[Card]) -> Result<String, Violation> {
        let PickupRule::NewMeldWithHand { min_hand_cards } = self.rules.pickup;
        if cards.len() < min_hand_cards {
            return Err(illegal(
                "discard-needs-two-cards",
                format!("GET_DISCARD needs at least {min_hand_cards} cards from the hand to meld with the top card"),
            ));
        }
        let Some(&top) = self.discard.last() else {
            return Err(illegal("discard-pile-empty", "the discard pile is empty"));
        };
        self.need_in_hand(cards)?;
        let mut meld_cards = vec![top];
        meld_cards.extend_from_slice(cards);
        let meld = Meld::new(&meld_cards, &self.rules.melds)
            .map_err(|e| illegal("meld-invalid", format!("{} is not a meld: {e}", format_list(&meld_cards))))?;

        // Valid: apply.
        self.discard.pop();
        let taken = self.discard.len() + 1;
        let side = self.side_of(self.current);
        self.take_from_hand(cards);
        let stored = format_list(meld.cards());
        self.melds[side].push(meld);
        self.meld_makers[side].push(self.current);
        self.send(self.current, format_list(&self.discard));
        self.send_others(&format!("GET_DISCARD {}", format_list(cards)));
        while let Some(card) = self.discard.pop() {
            self.hands[self.current].push(card);
        }
        self.hands[self.current].shuffle(&mut self.rng);
        self.drawn = true;
        let index = self.melds[side].len() - 1;
        let out = self.check_out();
        Ok(format!("takes the discard pile ({taken} cards) with {} (meld {index}: {stored}){out}", format_list(cards)))
    }

    fn meld_new(&mut self, cards: &[Card]) -> Result<String, Violation> {
        self.need_in_hand(cards)?;
        let meld = Meld::new(cards, &self.rules.melds)
            .map_err(|e| illegal("meld-invalid", format!("{} is not a meld: {e}", format_list(cards))))?;
        let side = self.side_of(self.current);
        self.take_from_hand(cards);
        let stored = format_list(meld.cards());
        self.melds[side].push(meld);
        self.meld_makers[side].push(self.current);
        self.send_others(&format!("MELD_NEW {stored}"));
        let index = self.melds[side].len() - 1;
        let out = self.check_out();
        Ok(format!("melds {stored} (meld {index}){out}"))
    }

    fn meld_join(&mut self, index: usize, index_token: &str, cards: &[Card]) -> Result<String, Violation> {
        let side = self.side_of(self.current);
        let count = self.melds[side].len();
        if index >= count {
            let detail = match count {
                0 => format!("meld index {index_token}: your side has no melds yet"),
                n => format!("meld index {index_token} is out of range (your side's melds are 0 to {})", n - 1),
            };
            return Err(illegal("bad-index", format!("{detail}{}", self.team_index_note(side, index))));
        }
        self.need_in_hand(cards)?;
        let joined = self.melds[side][index].join(cards, &self.rules.melds).map_err(|e| {
            let note = if self.meld_makers[side][index] == self.current {
                String::new()
            } else {
                self.team_index_note(side, index)
            };
            illegal("meld-invalid", format!("adding {} to meld {index} is not a meld: {e}{note}", format_list(cards)))
        })?;
        self.take_from_hand(cards);
        let stored = format_list(joined.cards());
        self.melds[side][index] = joined;
        self.send_others(&format!("MELD_JOIN {index_token} {}", format_list(cards)));
        let out = self.check_out();
        Ok(format!("adds {} to meld {index} → {stored}{out}", format_list(cards)))
    }

    /// In a 4-player game, what a wrong `MELD_JOIN` index most often means (a bot that counts
    /// only its own melds): the index counts the team's melds, and whose meld `index` is.
    fn team_index_note(&self, side: usize, index: usize) -> String {
        if self.seats() != 4 {
            return String::new();
        }
        let makers = &self.meld_makers[side];
        let mut note =
            "; the index counts your team's melds in the order they were made, your partner's included".to_owned();
        if let Some(&maker) = makers.get(index)
            && maker != self.current
        {
            note.push_str(&format!(": meld {index} is your partner's ({})", self.ids[maker]));
        }
        let yours: Vec<String> =
            makers.iter().enumerate().filter(|&(_, &s)| s == self.current).map(|(i, _)| i.to_string()).collect();
        if !yours.is_empty() {
            note.push_str(&format!(", yours {} {}", if yours.len() == 1 { "is" } else { "are" }, yours.join(", ")));
        }
        note
    }

    fn discard(&mut self, card: Card) -> Result<String, Violation> {
        self.need_in_hand(&[card])?;
        self.take_from_hand(&[card]);
        self.discard.push(card);
        self.send_others(&format!("DISCARD {card}"));
        if self.hands[self.current].is_empty() {
            let out = self.check_out();
            return Ok(format!("discards {card}{out}"));
        }
        self.turns += 1;
        self.current = (self.current + 1) % self.seats();
        self.drawn = false;
        self.announce_turn();
        Ok(format!("discards {card}"))
    }
}
