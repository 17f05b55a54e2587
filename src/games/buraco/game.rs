//! `BuracoEngine`: a Buraco game behind the shared `Engine` interface, built from a
//! `BuracoRules` preset and a `TableSetup`, seeded by its own `Pcg64`; a match of several hands
//! (`rules.match_play`) is one game to everything above it, each hand a fresh `Table`.

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::games::{
    AfterHand, Awaiting, Delivery, Ending, Engine, MatchScore, Message, Outcome, Seat, SetupError, TableSetup,
    Violation,
};

use crate::cards::{Card, Hand};

use super::deal::Deal;
use super::hint;
use super::meld::Meld;
use super::rules::BuracoRules;
use super::score::SideScore;
use super::state::Table;

/// A Buraco game in progress.
#[derive(Debug, Clone)]
pub struct BuracoEngine {
    /// The hand being played (the last one once the match is over).
    table: Table,
    /// The first hand's deal (later hands come from the seeded generator).
    deal_text: String,
    score: MatchScore,
    /// The seat that started the hand being played.
    hand_start: Seat,
    /// Turns completed in the hands before this one.
    past_turns: u32,
    seed: u64,
}

impl BuracoEngine {
    /// Seats the players of `setup`, deals (from `setup.deal` if given, else from the seed) and
    /// queues the opening lines. In 4-player games seats 0&2 and 1&3 are partners.
    pub fn new(rules: BuracoRules, setup: &TableSetup) -> Result<BuracoEngine, SetupError> {
        let seats = setup.wire_ids.len();
        rules.game.check_seats(seats)?;
        let mut rng = Pcg64::seed_from_u64(setup.seed);
        let deal = Deal::new(&rules, seats, setup.seed, &mut rng, setup.deal.as_deref())?;
        let deal_text = deal.text();
        let (score, hand_start) = (MatchScore::new(rules.match_play, 2), deal.start);
        let table = Table::new(rules, setup.wire_ids.clone(), deal, rng);
        Ok(BuracoEngine { table, deal_text, score, hand_start, past_turns: 0, seed: setup.seed })
    }

    /// After an action whose narration is `said`: when the hand just ended and the match goes on,
    /// tells every seat the hand's scores and the totals (`HAND_END`) and deals the next hand, the
    /// next seat starting; when the match is over, the outcome carries the totals. Returns the
    /// narration, with the hand's end and the next deal when there are.
    fn after_hand(&mut self, said: Message) -> Message {
        let Some(Outcome { scores, ending: Ending::Finished { reason }, .. }) = self.table.outcome.clone() else {
            return said;
        };
        if !self.score.rules().is_multi_hand() {
            return said;
        }
        let hand = self.score.hand_number();
        let after = self.score.record(&scores);
        let totals = self.score.totals().to_vec();
        let said = Message::new("narr-hand-ends")
            .clause("said", said)
            .number("hand", hand as usize)
            .text("score0", scores[0])
            .text("score1", scores[1])
            .text("total0", totals[0])
            .text("total1", totals[1]);
        if after == AfterHand::MatchOver {
            let winner = super::score::winner(&totals);
            let reason = Message::new("end-match").clause("reason", reason).number("hands", hand as usize);
            self.table.outcome = Some(Outcome { scores: totals, winner, ending: Ending::Finished { reason } });
            return said;
        }
        let line = format!("HAND_END {hand} {} {} {} {}", scores[0], scores[1], totals[0], totals[1]);
        self.table.send_all(&line);
        let seats = self.table.seats();
        let mut rng = self.table.rng.clone();
        let deal = Deal::new(&self.table.rules, seats, self.seed, &mut rng, None);
        let Ok(mut deal) = deal else {
            return said;
        };
        self.hand_start = (self.hand_start + 1) % seats;
        deal.start = self.hand_start;
        self.past_turns += self.table.turns;
        let queue = std::mem::take(&mut self.table.queue);
        let mut next = Table::new(self.table.rules.clone(), self.table.ids.clone(), deal, rng);
        // The opening is four lines per seat in seat order (ids, own id, hand, up-card): a new hand
        // sends only the last two (a bot answers its own id).
        next.queue.keep(|at| at >= 4 * seats || at % 4 >= 2);
        next.queue.prepend(queue);
        self.table = next;
        Message::new("narr-hand-dealt")
            .clause("said", said)
            .number("hand", hand as usize + 1)
            .text("player", &self.table.ids[self.hand_start])
    }

    /// The number of the hand being played (1 for the first).
    pub fn hand_number(&self) -> u32 {
        self.score.hand_number()
    }

    /// Each side's total over the finished hands of the match.
    pub fn match_totals(&self) -> &[i64] {
        self.score.totals()
    }

    /// Each finished hand's score per side.
    pub fn hand_scores(&self) -> &[Vec<i64>] {
        self.score.hands()
    }

    pub fn rules(&self) -> &BuracoRules {
        &self.table.rules
    }

    /// The cards `seat` holds, in hand order.
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.table.hands[seat]
    }

    /// A side's melds, in creation order (the `MELD_JOIN` index).
    pub fn melds(&self, side: usize) -> &[Meld] {
        &self.table.melds[side]
    }

    /// The discard pile, top card last.
    pub fn discard_pile(&self) -> &[Card] {
        &self.table.discard
    }

    /// `side`'s morto while it waits to be taken (`None` once taken, moved to the stock, or in a
    /// variant without mortos).
    pub fn morto(&self, side: usize) -> Option<&[Card]> {
        self.table.mortos[side].as_deref()
    }

    /// Whether `side` has taken its morto.
    pub fn morto_taken(&self, side: usize) -> bool {
        self.table.morto_taken[side]
    }

    /// The stock, top card last.
    pub fn stock_cards(&self) -> &[Card] {
        &self.table.stock
    }

    pub fn stock_len(&self) -> usize {
        self.table.stock.len()
    }

    /// The seat whose turn it is (the last one, once the game is over).
    pub fn current(&self) -> Seat {
        self.table.current
    }

    /// Whether the current player has drawn this turn (and may now meld or discard).
    pub fn has_drawn(&self) -> bool {
        self.table.drawn
    }

    /// Each side's score as the table stands, broken down.
    pub fn side_score(&self, side: usize) -> SideScore {
        self.table.side_score(side)
    }
}

impl Engine for BuracoEngine {
    fn seat_count(&self) -> usize {
        self.table.seats()
    }

    fn side_count(&self) -> usize {
        2
    }

    fn side_of(&self, seat: Seat) -> usize {
        self.table.side_of(seat)
    }

    fn awaiting(&self) -> Awaiting {
        match self.table.outcome {
            Some(_) => Awaiting::Nobody,
            None => Awaiting::One(self.table.current),
        }
    }

    fn take_deliveries(&mut self) -> Vec<Delivery> {
        self.table.queue.take()
    }

    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        let said = self.table.submit(seat, line)?;
        Ok(self.after_hand(said))
    }

    fn forfeit(&mut self, seat: Seat) {
        let over = self.table.outcome.is_some();
        self.table.forfeit(seat);
        if let Some(outcome) = self.table.outcome.as_mut()
            && !over
            && !self.score.hands().is_empty()
        {
            outcome.scores = self.score.totals_with(&outcome.scores);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome.clone()
    }

    fn turns(&self) -> u32 {
        self.past_turns + self.table.turns
    }

    fn hands(&self) -> u32 {
        self.hand_number()
    }

    fn deal_text(&self) -> String {
        self.deal_text.clone()
    }

    fn prompt_hint(&self, seat: Seat) -> Message {
        hint::hint(&self.table, seat)
    }

    fn sample_lines(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        if self.outcome().is_some() { Vec::new() } else { self.sample(pick) }
    }

    fn fork(&self) -> Option<Box<dyn Engine>> {
        Some(Box::new(self.clone()))
    }

    fn table(&self, seat: Option<Seat>) -> crate::games::table::Table {
        let mut table = super::table_view::table(&self.table, seat.filter(|&s| s < self.table.seats()));
        if self.score.rules().is_multi_hand() {
            table.counters.extend(crate::games::match_counters("hand", self.hand_number(), self.match_totals()));
        }
        table
    }
}
