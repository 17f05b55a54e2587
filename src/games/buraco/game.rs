//! `BuracoEngine`: a Buraco game behind the shared `Engine` interface, built from a
//! `BuracoRules` preset and a `TableSetup`, seeded by its own `Pcg64`.

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::games::{Awaiting, Delivery, Engine, Message, Outcome, Seat, SetupError, TableSetup, Violation};

use crate::cards::{Card, Hand};

use super::deal::Deal;
use super::meld::Meld;
use super::render;
use super::rules::BuracoRules;
use super::score::SideScore;
use super::state::Table;

/// A Buraco game in progress.
#[derive(Debug, Clone)]
pub struct BuracoEngine {
    table: Table,
    deal_text: String,
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
        Ok(BuracoEngine { table: Table::new(rules, setup.wire_ids.clone(), deal, rng), deal_text })
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
        std::mem::take(&mut self.table.queue)
    }

    fn submit(&mut self, seat: Seat, line: &str) -> Result<Message, Violation> {
        self.table.submit(seat, line)
    }

    fn forfeit(&mut self, seat: Seat) {
        self.table.forfeit(seat);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome.clone()
    }

    fn turns(&self) -> u32 {
        self.table.turns
    }

    fn deal_text(&self) -> String {
        self.deal_text.clone()
    }

    fn render(&self, seat: Option<Seat>) -> String {
        match seat {
            Some(seat) if seat < self.table.seats() => render::seat_view(&self.table, seat),
            _ => render::full_view(&self.table),
        }
    }

    fn prompt_hint(&self, seat: Seat) -> String {
        render::hint(&self.table, seat)
    }

    fn table(&self, seat: Option<Seat>) -> crate::games::table::Table {
        super::table_view::table(&self.table, seat.filter(|&s| s < self.table.seats()))
    }
}
