//! `CanastaEngine`: a match of Canasta rounds behind the shared `Engine` interface, seeded by its
//! own `Pcg64`. Rounds are scored into the shared `MatchScore` (to 5000, or a fixed number of
//! rounds); between rounds every seat gets `HAND_END r s0 s1 t0 t1`, then the next deal; the
//! player with the higher total starts it (a coin toss on a tie, §1.2).

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::cards::Card;
use crate::games::{
    AfterHand, Awaiting, Delivery, Ending, Engine, GameKind, MatchScore, Message, Outcome, Seat, SetupError,
    TableSetup, Violation,
};

use super::deal::Deal;
use super::meld::Meld;
use super::rules::CanastaRules;
use super::state::{Round, SeatScore};

/// A Canasta match in progress.
#[derive(Debug, Clone)]
pub struct CanastaEngine {
    /// The round being played (the last one once the match is over).
    round: Round,
    /// The first round's deal (later rounds come from the seeded generator).
    deal_text: String,
    score: MatchScore,
    /// Turns completed in the rounds before this one.
    past_turns: u32,
    rng: Pcg64,
    outcome: Option<Outcome>,
}

impl CanastaEngine {
    /// Seats the two players of `setup`, deals the first round (from `setup.deal` if given, else
    /// from the seed) and queues the opening lines.
    pub fn new(rules: CanastaRules, setup: &TableSetup) -> Result<CanastaEngine, SetupError> {
        GameKind::Canasta.check_seats(setup.wire_ids.len())?;
        let mut rng = Pcg64::seed_from_u64(setup.seed);
        let deal = Deal::new(&rules, &mut rng, setup.deal.as_deref())?;
        let deal_text = deal.text();
        let score = MatchScore::new(rules.match_play, 2);
        let round = Round::new(rules, setup.wire_ids.clone(), vec![0, 0], deal, true);
        let mut engine = CanastaEngine { round, deal_text, score, past_turns: 0, rng, outcome: None };
        engine.after_round(Message::new("empty"));
        Ok(engine)
    }

    /// After an action narrated `said`: when the round just ended, scores it into the match, then
    /// either ends the match or tells both seats the scores (`HAND_END`) and deals the next round.
    fn after_round(&mut self, said: Message) -> Message {
        let Some(reason) = self.round.over.clone() else {
            return said;
        };
        let scores = self.round.scores();
        let number = self.score.hand_number();
        let after = self.score.record(&scores);
        let totals = self.score.totals().to_vec();
        let said = Message::new("cn-narr-round-ends")
            .clause("said", said)
            .number("round", number as usize)
            .text("score0", scores[0])
            .text("score1", scores[1])
            .text("total0", totals[0])
            .text("total1", totals[1]);
        if after == AfterHand::MatchOver {
            let reason = match number {
                1 => reason,
                _ => Message::new("cn-end-match").clause("reason", reason).number("rounds", number as usize),
            };
            let winner = winner(&totals);
            self.outcome = Some(Outcome { scores: totals, winner, ending: Ending::Finished { reason } });
            return said;
        }
        let line = format!("HAND_END {number} {} {} {} {}", scores[0], scores[1], totals[0], totals[1]);
        self.round.send_all(&line);
        let rules = self.round.rules.clone();
        let Ok(mut deal) = Deal::new(&rules, &mut self.rng, None) else {
            return said;
        };
        if totals[0] != totals[1] {
            deal.start = if totals[0] > totals[1] { 0 } else { 1 };
        }
        self.past_turns += self.round.turns;
        let queue = std::mem::take(&mut self.round.queue);
        let mut next = Round::new(rules, self.round.ids.clone(), totals.clone(), deal, false);
        next.queue.prepend(queue);
        self.round = next;
        let said = Message::new("cn-narr-round-dealt")
            .clause("said", said)
            .number("round", number as usize + 1)
            .text("player", &self.round.ids[self.round.current]);
        // A deal whose stock is already out ends at once (only a deal file could do that).
        self.after_round(said)
    }

    /// The number of the round being played (1 for the first).
    pub fn round_number(&self) -> u32 {
        self.score.hand_number()
    }

    /// Each player's total over the finished rounds.
    pub fn match_totals(&self) -> &[i64] {
        self.score.totals()
    }

    /// Each finished round's scores.
    pub fn round_scores(&self) -> &[Vec<i64>] {
        self.score.hands()
    }

    pub fn rules(&self) -> &CanastaRules {
        &self.round.rules
    }

    pub fn hand(&self, seat: Seat) -> &[Card] {
        self.round.hands[seat].cards()
    }

    pub fn melds(&self, seat: Seat) -> &[Meld] {
        &self.round.melds[seat]
    }

    pub fn red_threes(&self, seat: Seat) -> &[Card] {
        &self.round.red_threes[seat]
    }

    /// The discard pile, top card last.
    pub fn discard_pile(&self) -> &[Card] {
        &self.round.discard
    }

    /// The stock, top card last.
    pub fn stock(&self) -> &[Card] {
        &self.round.stock
    }

    pub fn current(&self) -> Seat {
        self.round.current
    }

    pub fn has_drawn(&self) -> bool {
        self.round.drawn
    }

    /// Whether the discard pile is frozen (a wild card or a black 3 on top).
    pub fn frozen(&self) -> bool {
        self.round.frozen()
    }

    /// A player's score in the round as the table stands.
    pub fn seat_score(&self, seat: Seat) -> SeatScore {
        self.round.seat_score(seat)
    }

    /// The lines that would take the pile legally now (empty when it cannot be taken).
    pub fn legal_takes(&self) -> Vec<String> {
        self.round.legal_takes().iter().map(super::turn::Take::line).collect()
    }
}

/// The side with the higher total; `None` on a tie.
fn winner(totals: &[i64]) -> Option<usize> {
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

impl Engine for CanastaEngine {
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
        match self.outcome {
            Some(_) => Awaiting::Nobody,
            None => Awaiting::One(self.round.current),
        }
    }

    fn take_deliveries(&mut self) -> Vec<Delivery> {
        self.round.queue.take()
    }

    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        if self.outcome.is_some() {
            return Err(Violation::illegal("game-over", Message::new("viol-game-over")));
        }
        let said = self.round.submit(seat, line)?;
        Ok(self.after_round(said))
    }

    fn forfeit(&mut self, seat: Seat) {
        if self.outcome.is_none() {
            let scores = self.score.totals_with(&self.round.scores());
            self.outcome = Some(Outcome { scores, winner: Some(1 - seat), ending: Ending::Forfeit { seat } });
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn turns(&self) -> u32 {
        self.past_turns + self.round.turns
    }

    fn deal_text(&self) -> String {
        self.deal_text.clone()
    }

    fn prompt_hint(&self, seat: Seat) -> Message {
        super::view::hint(&self.round, seat, self.outcome.is_some())
    }

    fn sample_lines(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        if self.outcome().is_some() { Vec::new() } else { self.sample(pick) }
    }

    fn fork(&self) -> Option<Box<dyn Engine>> {
        Some(Box::new(self.clone()))
    }

    fn table(&self, seat: Option<Seat>) -> crate::games::table::Table {
        super::view::table(&self.round, seat.filter(|&s| s < 2), self)
    }
}
