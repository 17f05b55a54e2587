//! The `hard` bot's discard: determinized (perfect-information) Monte Carlo. The candidates are
//! the discards `guard` ranks near its best; each playout deals the cards the seat has not seen
//! (its opponents' hands, the stock, the mortos) consistently with what it saw (pile cards it saw
//! them take), plays each candidate discard, then every seat for a round (`medium`'s draw,
//! `hard`'s melds, `guard`'s discard), and scores the table, a card still in hand counting as
//! material for melds to come. Every candidate meets the same sampled worlds; the playouts decide
//! the move, the time cap only stops a move early.

use std::time::Instant;

use crate::cards::Card;
use crate::cards::build_decks;
use crate::games::buraco::StockOut;
use crate::house::{Budget, Level};

use super::board::{Board, Move};
use super::guard;
use super::melds::{is_wildish, take_out};
use super::policy::{self, Known};
use super::rng::Rng;

/// At most this many discards are weighed (the best of `guard`'s ranking).
const DISCARD_CANDIDATES: usize = 5;

/// What a card in hand is worth to the leaf evaluation before the game is over: a natural card,
/// and a wild one.
const CARD_MATERIAL: i64 = 2;
const WILD_MATERIAL: i64 = 20;

/// How much worse than the best (by the guard's cost) a weighed discard may be.
const CANDIDATE_MARGIN: i64 = 60;

/// The discard of a turn (after the melds).
pub fn discard(board: &Board, me: usize, hand: &[Card], known: &Known, budget: Budget, rng: &mut Rng) -> Card {
    let side = board.side_of(me);
    let mut ranked = guard::ranked_discards(board, side, hand, known);
    // Only discards near the best by the guard's cost are weighed: a rollout of one round does
    // not see all a card given away (or a wild thrown away) costs.
    let best = ranked[0].1;
    ranked.retain(|&(_, cost)| cost <= best + CANDIDATE_MARGIN);
    ranked.truncate(DISCARD_CANDIDATES);
    let ranked: Vec<Card> = ranked.into_iter().map(|(c, _)| c).collect();
    if ranked.len() == 1 {
        return ranked[0];
    }
    let candidates: Vec<Move> = ranked.iter().map(|&c| Move::Discard(c)).collect();
    let best = choose(board, me, hand, known, budget, rng, &candidates, |sim, me, mv| sim.discard_then_round(me, mv));
    ranked[best]
}

/// The candidate with the best mean score over the same sampled worlds.
#[expect(clippy::too_many_arguments)]
fn choose(
    board: &Board,
    me: usize,
    hand: &[Card],
    known: &Known,
    budget: Budget,
    rng: &mut Rng,
    candidates: &[Move],
    play: impl Fn(&mut Sim, usize, &Move),
) -> usize {
    let side = board.side_of(me);
    let worlds = (budget.playouts as usize / candidates.len()).max(1);
    let started = Instant::now();
    let mut totals = vec![0i64; candidates.len()];
    for _ in 0..worlds {
        let world = Sim::sample(board, me, hand, known, rng);
        for (i, mv) in candidates.iter().enumerate() {
            let mut sim = world.clone();
            play(&mut sim, me, mv);
            totals[i] += sim.value(side);
        }
        if started.elapsed().as_millis() as u64 >= budget.max_ms {
            break;
        }
    }
    // Ties go to the earlier candidate (`guard`'s preference).
    let mut best = 0;
    for i in 1..totals.len() {
        if totals[i] > totals[best] {
            best = i;
        }
    }
    best
}

/// A sampled world with every hand known, played on alike at every seat.
#[derive(Debug, Clone)]
struct Sim {
    board: Board,
    hands: Vec<Vec<Card>>,
    stock: Vec<Card>,
    mortos: [Vec<Card>; 2],
    over: bool,
    went_out: Option<usize>,
}

impl Sim {
    /// Deals the unseen cards: the known ones to the opponents first, the rest at random.
    fn sample(board: &Board, me: usize, hand: &[Card], known: &Known, rng: &mut Rng) -> Sim {
        let rules = &board.rules;
        let mut unseen = build_decks(rules.decks, rules.jokers_per_deck);
        let mut seen: Vec<Card> = hand.to_vec();
        seen.extend(board.melds.iter().flatten().flat_map(|m| m.cards().iter().copied()));
        seen.extend(board.pile.iter().copied());
        let mut known_theirs = Vec::new();
        for &card in &known.theirs {
            if take_out(&mut unseen, &[card]) {
                known_theirs.push(card);
            }
        }
        for card in seen {
            take_out(&mut unseen, &[card]);
        }
        rng.shuffle(&mut unseen);
        let mut hands = vec![Vec::new(); board.seats];
        hands[me] = hand.to_vec();
        let opponent = (me + 1) % board.seats;
        for seat in (0..board.seats).filter(|&s| s != me) {
            let want = board.hand_counts[seat];
            if seat == opponent {
                known_theirs.truncate(want);
                hands[seat] = std::mem::take(&mut known_theirs);
            }
            while hands[seat].len() < want {
                match unseen.pop() {
                    Some(card) => hands[seat].push(card),
                    None => break,
                }
            }
        }
        let morto_size = rules.morto.map_or(0, |m| m.size);
        let mut mortos = [Vec::new(), Vec::new()];
        for (side, morto) in mortos.iter_mut().enumerate() {
            if board.morto_waiting[side] {
                let at = unseen.len().saturating_sub(morto_size);
                *morto = unseen.split_off(at);
            }
        }
        let at = unseen.len().saturating_sub(board.stock);
        let stock = unseen.split_off(at);
        let mut board = board.clone();
        board.stock = stock.len();
        Sim { board, hands, stock, mortos, over: false, went_out: None }
    }

    /// `me` (done melding) discards `discard`; then a round of every seat.
    fn discard_then_round(&mut self, me: usize, discard: &Move) {
        if let Move::Discard(card) = discard {
            self.do_discard(me, *card);
        }
        self.round_after(me);
    }

    /// The other seats play a turn each, then `me` plays one more.
    fn round_after(&mut self, me: usize) {
        for k in 1..=self.board.seats {
            if self.over {
                return;
            }
            self.end_of_turn();
            if self.over {
                return;
            }
            let seat = (me + k) % self.board.seats;
            self.sim_turn(seat);
        }
    }

    fn sim_turn(&mut self, seat: usize) {
        let side = self.board.side_of(seat);
        let mut rng = Rng::new(0);
        let draw = policy::draw(Level::Medium, &self.board, side, &self.hands[seat], &mut rng);
        self.do_draw(seat, &draw);
        if !self.over {
            self.melds_and_discard(seat, None);
        }
    }

    fn do_draw(&mut self, seat: usize, draw: &Move) {
        match draw {
            Move::Stock => match self.stock.pop() {
                Some(card) => {
                    self.hands[seat].push(card);
                    self.board.apply(seat, draw);
                }
                None => self.over = true,
            },
            Move::Pile(used) => {
                take_out(&mut self.hands[seat], used);
                let rest = self.board.apply(seat, draw);
                self.hands[seat].extend(rest);
                self.check_empty(seat);
            }
            _ => {
                let rest = self.board.apply(seat, draw);
                self.hands[seat].extend(rest);
                self.check_empty(seat);
            }
        }
    }

    fn melds_and_discard(&mut self, seat: usize, discard: Option<Card>) {
        let side = self.board.side_of(seat);
        while !self.over {
            let Some(mv) = policy::next_meld(Level::Hard, &self.board, side, &self.hands[seat]) else { break };
            if let Move::New(used) | Move::Join(_, used) = &mv {
                take_out(&mut self.hands[seat], used);
            }
            self.board.apply(seat, &mv);
            self.check_empty(seat);
        }
        if self.over || self.hands[seat].is_empty() {
            return;
        }
        let card = discard.unwrap_or_else(|| {
            let none = Known::default();
            guard::ranked_discards(&self.board, side, &self.hands[seat], &none)[0].0
        });
        self.do_discard(seat, card);
    }

    fn do_discard(&mut self, seat: usize, card: Card) {
        take_out(&mut self.hands[seat], &[card]);
        self.board.apply(seat, &Move::Discard(card));
        self.check_empty(seat);
    }

    /// An empty hand takes the side's morto, or goes out.
    fn check_empty(&mut self, seat: usize) {
        self.board.hand_counts[seat] = self.hands[seat].len();
        if !self.hands[seat].is_empty() {
            return;
        }
        let side = self.board.side_of(seat);
        if self.board.morto_waiting[side] {
            self.hands[seat] = std::mem::take(&mut self.mortos[side]);
            self.board.take_morto(seat);
            self.board.hand_counts[seat] = self.hands[seat].len();
        } else {
            self.over = true;
            self.went_out = Some(side);
        }
    }

    /// The stock's end after a turn (STBL): a morto becomes the stock, or the game ends.
    fn end_of_turn(&mut self) {
        if self.board.rules.stock_out != StockOut::EndAfterTurn || !self.stock.is_empty() {
            return;
        }
        match (0..2).find(|&s| self.board.morto_waiting[s]) {
            Some(side) => {
                self.stock = std::mem::take(&mut self.mortos[side]);
                self.board.morto_to_stock(side);
            }
            None => self.over = true,
        }
    }

    /// `side`'s lead: table points minus hands, with the ending's bonuses and penalties.
    fn value(&self, side: usize) -> i64 {
        let score = |s: usize| {
            let rules = &self.board.rules;
            // Cards in hand count only once the game is over: before, they are the material of
            // the next melds (charging them made the search shun big piles, and lose: measured).
            let hands: i64 = (0..self.board.seats)
                .filter(|&seat| self.over && self.board.side_of(seat) == s)
                .map(|seat| rules.values.sum(&self.hands[seat]))
                .sum();
            // Before the end, a card in hand is material for melds to come (a wild the more so).
            let material: i64 = (0..self.board.seats)
                .filter(|&seat| !self.over && self.board.side_of(seat) == s)
                .flat_map(|seat| self.hands[seat].iter())
                .map(|&c| if is_wildish(c) { WILD_MATERIAL } else { CARD_MATERIAL })
                .sum();
            let mut total = self.board.table_points(s) - hands + material;
            if self.went_out == Some(s) {
                total += rules.going_out_bonus;
            }
            if let Some(morto) = rules.morto
                && !self.board.morto_taken[s]
            {
                total -= if self.over { morto.untaken_penalty } else { morto.untaken_penalty / 2 };
            }
            total
        };
        score(side) - score(1 - side)
    }
}
