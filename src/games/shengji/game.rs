//! `ShengjiEngine`: a match of Shengji deals behind the shared `Engine` interface. Levels climb
//! from 2; a team wins by defending level A as declarers, or the match ends after
//! `max-deals` deals (highest level, then points taken as attackers). Every deal is one
//! `DealState`; the first comes from the deal file or the seed, the later ones from the seed.

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::cards::Rank;
use crate::games::kit::Outbox;
use crate::games::{
    AfterHand, Awaiting, Delivery, Ending, Engine, GameKind, MatchRules, MatchScore, Message, Outcome, Seat,
    SetupError, TableSetup, Violation,
};

use super::action;
use super::deal::DealCards;
use super::rules::ShengjiRules;
use super::score::deal_result;
use super::state::{DealState, Phase};

/// Redeals allowed when nobody declares in the first deal; the next time the first seat dealt to
/// is banker from the start and a kitty card fixes trump.
const MAX_REDEALS: u32 = 2;

/// A finished deal, as the match records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealRecord {
    pub banker: Seat,
    pub level: Rank,
    /// Points each team took in tricks (the kitty not included).
    pub taken: [u32; 2],
    /// The points of the buried kitty, and the bonus the attackers got for them (0 if the
    /// declarers won the last trick).
    pub kitty_points: u32,
    pub kitty_bonus: u32,
    /// The attackers' total, the bonus included.
    pub points: u32,
    /// The levels after the deal (team 0 first).
    pub levels: [Rank; 2],
}

/// A Shengji match in progress.
#[derive(Debug, Clone)]
pub struct ShengjiEngine {
    rules: ShengjiRules,
    ids: Vec<String>,
    rng: Pcg64,
    deal: DealState,
    deal_text: String,
    /// The deal being played, from 1.
    deal_number: u32,
    redeals: u32,
    /// Each team's level, as an index of `Rank::ALL` (0 is level 2, 12 is level A).
    levels: [usize; 2],
    /// Points each team took as attackers, per deal.
    score: MatchScore,
    queue: Outbox,
    outcome: Option<Outcome>,
    turns: u32,
    history: Vec<DealRecord>,
}

impl ShengjiEngine {
    pub fn new(rules: ShengjiRules, setup: &TableSetup) -> Result<ShengjiEngine, SetupError> {
        GameKind::Shengji.check_seats(setup.wire_ids.len())?;
        let mut rng = Pcg64::seed_from_u64(setup.seed);
        // The generator deals the first deal even when a deal file replaces it, so that the later
        // deals of a replay (which reads the first deal back from the log) are the same.
        let random = DealCards::random(&rules, &mut rng, None);
        let cards = match &setup.deal {
            Some(text) => DealCards::parse(&rules, text)?,
            None => random,
        };
        let ids = setup.wire_ids.clone();
        let mut queue = Outbox::default();
        for (seat, id) in ids.iter().enumerate() {
            queue.send(seat, format!("PLAYERS {}", ids.join(" ")));
            queue.send(seat, format!("YOU {id} {}", rules.decks));
        }
        let deal = DealState::new(rules.clone(), ids.clone(), cards.clone(), Rank::Two, None);
        let score = MatchScore::new(MatchRules { target: None, max_hands: rules.length.max_deals }, 2);
        let mut engine = ShengjiEngine {
            deal_text: cards.text(),
            rules,
            ids,
            rng,
            deal,
            deal_number: 1,
            redeals: 0,
            levels: [0, 0],
            score,
            queue,
            outcome: None,
            turns: 0,
            history: Vec::new(),
        };
        engine.announce_deal();
        Ok(engine)
    }

    /// `DEAL n level level0 level1 banker` to every seat, before the deal's first card.
    fn announce_deal(&mut self) {
        let banker = self.deal.banker.map_or("-".to_owned(), |b| self.ids[b].clone());
        let line = format!(
            "DEAL {} {} {} {} {banker}",
            self.deal_number,
            self.deal.level.label(),
            Rank::ALL[self.levels[0]].label(),
            Rank::ALL[self.levels[1]].label()
        );
        let mut first_card = std::mem::take(&mut self.deal.out);
        self.queue.send_each(0..4, &line);
        self.queue.append(&mut first_card);
    }

    /// The finished deals, in order.
    pub fn history(&self) -> &[DealRecord] {
        &self.history
    }

    pub fn deal(&self) -> &DealState {
        &self.deal
    }

    pub fn rules(&self) -> &ShengjiRules {
        &self.rules
    }

    pub fn deal_number(&self) -> u32 {
        self.deal_number
    }

    /// Each team's level (team 0: seats 0 and 2).
    pub fn levels(&self) -> [Rank; 2] {
        [Rank::ALL[self.levels[0]], Rank::ALL[self.levels[1]]]
    }

    /// Points each team took as attackers over the finished deals.
    pub fn match_points(&self) -> &[i64] {
        self.score.totals()
    }

    fn level_scores(&self) -> Vec<i64> {
        self.levels.iter().map(|&l| l as i64 + 2).collect()
    }

    /// After the deal ended: a redeal, or the levels move and the next deal or the match's end.
    fn after_deal(&mut self, said: Message) -> Message {
        if self.deal.redeal {
            self.redeals += 1;
            let start = (self.deal.cards.start + 1) % 4;
            let cards = DealCards::random(&self.rules, &mut self.rng, Some(start));
            let banker = (self.redeals >= MAX_REDEALS).then_some(start);
            self.deal = DealState::new(self.rules.clone(), self.ids.clone(), cards, Rank::Two, banker);
            self.announce_deal();
            return said;
        }
        let end = self.deal.end.clone().expect("a finished deal");
        let banker = self.deal.banker.expect("a banker");
        let declarers = DealState::side_of(banker);
        let attackers = 1 - declarers;
        let result = deal_result(self.rules.decks, end.points);
        let defended_ace = self.levels[declarers] == 12 && !result.bank_changes;
        self.levels[declarers] = (self.levels[declarers] + result.declarers_up as usize).min(12);
        self.levels[attackers] = (self.levels[attackers] + result.attackers_up as usize).min(12);
        let next = super::score::next_banker(banker, result);
        let mut hand = [0i64; 2];
        hand[attackers] = end.points as i64;
        let after = self.score.record_ending(&hand, defended_ace);
        let [l0, l1] = self.levels();
        self.history.push(DealRecord {
            banker,
            level: self.deal.level,
            taken: self.deal.points,
            kitty_points: super::score::points_of(&self.deal.buried),
            kitty_bonus: end.kitty_bonus,
            points: end.points,
            levels: [l0, l1],
        });
        let line =
            format!("DEAL_END {} {} {} {} {}", end.points, end.kitty_bonus, l0.label(), l1.label(), self.ids[next]);
        self.queue.send_each(0..4, &line);
        let said = Message::new("sj-narr-deal-end")
            .clause("said", said)
            .number("deal", self.deal_number as usize)
            .number("points", end.points as usize)
            .text("level0", l0.label())
            .text("level1", l1.label());
        if after == AfterHand::MatchOver {
            let (winner, reason) = if defended_ace {
                (Some(declarers), Message::new("sj-end-ace").text("player", &self.ids[banker]))
            } else {
                let key = |side: usize| (self.levels[side], self.score.totals()[side]);
                let winner = match key(0).cmp(&key(1)) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                };
                (winner, Message::new("sj-end-deals").number("deals", self.deal_number as usize))
            };
            let totals = self.score.totals();
            let reason = Message::new("sj-end-match")
                .clause("reason", reason)
                .text("level0", l0.label())
                .text("level1", l1.label())
                .text("points0", totals[0])
                .text("points1", totals[1]);
            self.outcome = Some(Outcome { scores: self.level_scores(), winner, ending: Ending::Finished { reason } });
            return said;
        }
        self.deal_number += 1;
        let cards = DealCards::random(&self.rules, &mut self.rng, Some(next));
        let level = Rank::ALL[self.levels[DealState::side_of(next)]];
        self.deal = DealState::new(self.rules.clone(), self.ids.clone(), cards, level, Some(next));
        self.announce_deal();
        said
    }
}

impl Engine for ShengjiEngine {
    fn seat_count(&self) -> usize {
        4
    }

    fn side_count(&self) -> usize {
        2
    }

    fn side_of(&self, seat: Seat) -> usize {
        DealState::side_of(seat)
    }

    fn awaiting(&self) -> Awaiting {
        match (&self.outcome, self.deal.awaited()) {
            (None, Some(seat)) => Awaiting::One(seat),
            _ => Awaiting::Nobody,
        }
    }

    fn take_deliveries(&mut self) -> Vec<Delivery> {
        self.queue.take()
    }

    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        if self.outcome.is_some() || self.deal.awaited() != Some(seat) {
            return Err(Violation::illegal("not-your-turn", Message::new("sj-viol-not-your-turn")));
        }
        let action = action::parse(line)?;
        let said = self.deal.submit(seat, action)?;
        self.turns += 1;
        self.queue.append(&mut self.deal.out);
        if self.deal.phase == Phase::Done {
            return Ok(self.after_deal(said));
        }
        Ok(said)
    }

    fn forfeit(&mut self, seat: Seat) {
        if self.outcome.is_none() {
            let winner = Some(1 - DealState::side_of(seat));
            self.outcome = Some(Outcome { scores: self.level_scores(), winner, ending: Ending::Forfeit { seat } });
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn hands(&self) -> u32 {
        self.deal_number
    }

    fn side_points(&self) -> Option<Vec<i64>> {
        Some(self.match_points().to_vec())
    }

    fn deal_text(&self) -> String {
        self.deal_text.clone()
    }

    fn prompt_hint(&self, seat: Seat) -> Message {
        super::view::hint(self, seat)
    }

    fn sample_lines(&self, pick: &mut dyn FnMut(usize) -> usize) -> Vec<String> {
        if self.outcome().is_some() { Vec::new() } else { self.sample(pick) }
    }

    fn fork(&self) -> Option<Box<dyn Engine>> {
        Some(Box::new(self.clone()))
    }

    fn table(&self, seat: Option<Seat>) -> crate::games::table::Table {
        super::view::table(self).seen_by(seat.filter(|&s| s < 4))
    }
}
