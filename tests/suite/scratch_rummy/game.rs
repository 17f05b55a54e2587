//! Scratch Rummy's engine: a pure state machine over the deal. Every line is read by the shared
//! rummy parser in the game's own words, checked against the state, and only then applied.

use juiz::cards::{Card, Hand, format_list};
use juiz::games::kit::{Outbox, turn_guard};
use juiz::games::rummy::{Action, need_in_hand, read};
use juiz::games::table::Table;
use juiz::games::{Awaiting, Delivery, Ending, Engine, Message, Outcome, Seat, SetupError, TableSetup, Violation};

use super::deal::Deal;
use super::rules::{OUT_BONUS, ScratchRules};

pub struct ScratchEngine {
    pub(super) rules: ScratchRules,
    pub(super) ids: Vec<String>,
    deal: Deal,
    pub(super) hands: [Hand; 2],
    pub(super) melds: [Vec<Vec<Card>>; 2],
    pub(super) discard: Vec<Card>,
    /// Top first.
    pub(super) stock: Vec<Card>,
    pub(super) current: Seat,
    pub(super) drawn: bool,
    turns: u32,
    pub(super) went_out: Option<Seat>,
    outcome: Option<Outcome>,
    out: Outbox,
}

/// Whether `cards` are a meld: three or more of one rank, or a run of three or more of one
/// suit (ace high), no card twice.
pub fn is_meld(cards: &[Card]) -> bool {
    if cards.len() < 3 || cards.iter().any(|c| c.rank().is_none()) {
        return false;
    }
    let first = cards[0];
    if cards.iter().all(|c| c.rank() == first.rank()) {
        return true;
    }
    let mut ranks: Vec<usize> = cards.iter().filter_map(|c| c.rank()).map(|r| r.index()).collect();
    ranks.sort_unstable();
    cards.iter().all(|c| c.suit() == first.suit()) && ranks.windows(2).all(|w| w[1] == w[0] + 1)
}

fn illegal(rule: &'static str, detail: Message) -> Result<Message, Violation> {
    Err(Violation::illegal(rule, detail))
}

impl ScratchEngine {
    pub fn new(rules: ScratchRules, setup: &TableSetup) -> Result<ScratchEngine, SetupError> {
        if setup.wire_ids.len() != 2 {
            return Err(SetupError::SeatCount {
                game: super::SCRATCH,
                expected: "2".into(),
                got: setup.wire_ids.len(),
            });
        }
        let deal = match &setup.deal {
            Some(text) => Deal::parse(text, setup.seed)?,
            None => Deal::random(&rules, setup.seed),
        };
        let mut engine = ScratchEngine {
            rules,
            ids: setup.wire_ids.clone(),
            hands: deal.hands.clone().map(Hand::new),
            melds: [Vec::new(), Vec::new()],
            discard: deal.discard.clone(),
            stock: deal.stock.clone(),
            current: deal.start,
            drawn: false,
            turns: 0,
            went_out: None,
            outcome: None,
            out: Outbox::default(),
            deal,
        };
        for seat in 0..2 {
            engine.out.send(seat, format!("HAND {}", format_list(engine.hands[seat].cards())));
            if let Some(top) = engine.discard.last() {
                engine.out.send(seat, format!("UP {top}"));
            }
        }
        engine.start_turn();
        Ok(engine)
    }

    /// A side's points: its melds' values minus its hand's, and the going-out bonus.
    pub(super) fn points(&self, side: usize) -> (i64, i64, i64) {
        let values = &self.rules.values;
        let melds = self.melds[side].iter().map(|m| values.sum(m)).sum();
        let bonus = if self.went_out == Some(side) { OUT_BONUS } else { 0 };
        (melds, -values.sum(self.hands[side].cards()), bonus)
    }

    fn score(&self, side: usize) -> i64 {
        let (melds, hand, bonus) = self.points(side);
        melds + hand + bonus
    }

    fn start_turn(&mut self) {
        if self.stock.is_empty() {
            return self.finish(Message::new("sr-end-stock"));
        }
        self.out.send(self.current, "PLAY");
    }

    fn finish(&mut self, reason: Message) {
        let scores = vec![self.score(0), self.score(1)];
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        self.outcome = Some(Outcome { scores, winner, ending: Ending::Finished { reason } });
        self.out.send_each([0, 1], "END");
    }

    /// Tells the other seat what `seat` did, and ends the game if `seat` has no card left.
    fn after(&mut self, seat: Seat, echo: String, narration: Message) -> Result<Message, Violation> {
        self.out.send(1 - seat, format!("{} {echo}", self.ids[seat]));
        if self.hands[seat].is_empty() {
            self.went_out = Some(seat);
            self.turns += 1;
            self.finish(Message::new("sr-end-out").text("player", &self.ids[seat]));
        }
        Ok(narration)
    }

    fn play(&mut self, seat: Seat, action: Action) -> Result<Message, Violation> {
        let words = self.rules.words;
        match (self.drawn, action.is_draw()) {
            (false, false) => {
                let detail =
                    Message::new("sr-viol-draw-first").text("draw", words.draw_stock).text("take", words.take_discard);
                return illegal("draw-first", detail);
            }
            (true, true) => return illegal("already-drew", Message::new("sr-viol-drew")),
            _ => {}
        }
        match action {
            Action::GetStock => {
                let card = self.stock.remove(0);
                self.hands[seat].push(card);
                self.drawn = true;
                self.out.send(seat, format!("DREW {card}"));
                self.after(seat, words.draw_stock.to_owned(), Message::new("sr-narr-draw"))
            }
            Action::GetDiscard(cards) if !cards.is_empty() => {
                illegal("take-alone", Message::new("sr-viol-take-alone").text("take", words.take_discard))
            }
            Action::GetDiscard(_) => {
                let Some(card) = self.discard.pop() else {
                    return illegal("discard-pile-empty", Message::new("viol-discard-pile-empty"));
                };
                self.hands[seat].push(card);
                self.drawn = true;
                let narration = Message::new("sr-narr-take").text("card", card);
                self.after(seat, format!("{} {card}", words.take_discard), narration)
            }
            Action::GetDiscardJoin { .. } => unreachable!("Scratch Rummy's words have no closed-pile pickup"),
            Action::MeldNew(cards) => {
                need_in_hand(&self.hands[seat], &cards)?;
                if !is_meld(&cards) {
                    return illegal(
                        "not-a-meld",
                        Message::new("sr-viol-not-a-meld").text("cards", format_list(&cards)),
                    );
                }
                self.hands[seat].remove_all(&cards).expect("checked above");
                self.melds[seat].push(cards.clone());
                let index = self.melds[seat].len() - 1;
                let narration = Message::new("sr-narr-lay").text("meld", format_list(&cards)).number("index", index);
                self.after(seat, format!("{} {}", words.meld_new, format_list(&cards)), narration)
            }
            Action::MeldJoin { index, index_token, cards } => {
                need_in_hand(&self.hands[seat], &cards)?;
                let Some(meld) = self.melds[seat].get(index) else {
                    return illegal("no-such-meld", Message::new("sr-viol-no-meld").text("index", &index_token));
                };
                let joined: Vec<Card> = meld.iter().chain(&cards).copied().collect();
                if cards.is_empty() || !is_meld(&joined) {
                    let detail = Message::new("sr-viol-not-a-meld").text("cards", format_list(&joined));
                    return illegal("not-a-meld", detail);
                }
                self.hands[seat].remove_all(&cards).expect("checked above");
                self.melds[seat][index] = joined.clone();
                let narration = Message::new("sr-narr-add")
                    .text("cards", format_list(&cards))
                    .number("index", index)
                    .text("meld", format_list(&joined));
                self.after(seat, format!("{} {index} {}", words.meld_join, format_list(&cards)), narration)
            }
            Action::Discard(card) => {
                need_in_hand(&self.hands[seat], &[card])?;
                self.hands[seat].remove(card);
                self.discard.push(card);
                let narration = Message::new("sr-narr-drop").text("card", card);
                let result = self.after(seat, format!("{} {card}", words.discard), narration);
                if self.outcome.is_none() {
                    self.turns += 1;
                    self.current = 1 - seat;
                    self.drawn = false;
                    self.start_turn();
                }
                result
            }
        }
    }
}

impl Engine for ScratchEngine {
    fn seat_count(&self) -> usize {
        2
    }
    fn side_count(&self) -> usize {
        2
    }
    fn side_of(&self, seat: Seat) -> usize {
        seat
    }
    fn awaiting(&self) -> Awaiting {
        if self.outcome.is_some() { Awaiting::Nobody } else { Awaiting::One(self.current) }
    }
    fn take_deliveries(&mut self) -> Vec<Delivery> {
        self.out.take()
    }
    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        turn_guard(self.outcome.is_some(), self.current, seat, &self.ids)?;
        let action = read(line, &self.rules.words)?;
        self.play(seat, action)
    }
    fn forfeit(&mut self, seat: Seat) {
        if self.outcome.is_none() {
            let scores = vec![self.score(0), self.score(1)];
            self.outcome = Some(Outcome { scores, winner: Some(1 - seat), ending: Ending::Forfeit { seat } });
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn turns(&self) -> u32 {
        self.turns
    }
    fn deal_text(&self) -> String {
        self.deal.text()
    }
    fn prompt_hint(&self, seat: Seat) -> Message {
        let w = &self.rules.words;
        match () {
            _ if self.outcome.is_some() => Message::new("hint-game-over"),
            _ if seat != self.current => Message::new("hint-wait").text("player", &self.ids[self.current]),
            _ if self.drawn => {
                Message::new("sr-hint-play").text("lay", w.meld_new).text("add", w.meld_join).text("drop", w.discard)
            }
            _ => Message::new("sr-hint-draw").text("draw", w.draw_stock).text("take", w.take_discard),
        }
    }
    fn sample_lines(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        super::sample::lines(self, pick)
    }
    fn table(&self, seat: Option<Seat>) -> Table {
        super::view::table(self, seat)
    }
}
