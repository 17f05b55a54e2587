//! A determinized Schwab hand for hard's playouts: the cards one seat cannot see dealt at random
//! consistently with what it saw (each hand's size, the cards seen going into a hand, the buracos,
//! the stock, the hidden up-card), then played on with every seat at `medium`, the buraco and the
//! going-out and stock's-end rules as the engine applies them; and the score it ends with.

use crate::cards::{Card, build_decks};
use crate::house::Level;

use super::board::{Board, Move, SEATS};
use super::melds::pickups;
use super::policy::{self, Style};
use super::rng::Rng;
use crate::house::take_out;

/// One sampled world, everything known.
#[derive(Debug, Clone)]
pub struct World {
    pub board: Board,
    pub hands: [Vec<Card>; SEATS],
    /// Top card last.
    pub stock: Vec<Card>,
    pub buracos: [Vec<Card>; 2],
    pub over: bool,
    pub went_out: Option<usize>,
}

impl World {
    /// Deals the cards `me` (holding `hand`) has not seen at random.
    pub fn sample(board: &Board, me: usize, hand: &[Card], rng: &mut Rng) -> World {
        let rules = &board.rules;
        let mut unseen = build_decks(rules.decks, rules.jokers_per_deck);
        let seen = hand.iter().chain(board.pile.iter()).chain(board.melds.iter().flatten().flat_map(|m| m.cards()));
        for &card in seen {
            take_out_one(&mut unseen, card);
        }
        let mut hands: [Vec<Card>; SEATS] = Default::default();
        hands[me] = hand.to_vec();
        for seat in (0..SEATS).filter(|&s| s != me) {
            for &card in &board.known[seat] {
                if hands[seat].len() < board.hand_counts[seat] && take_out_one(&mut unseen, card) {
                    hands[seat].push(card);
                }
            }
        }
        rng.shuffle(&mut unseen);
        let mut board = board.clone();
        if board.hidden
            && let Some(card) = unseen.pop()
        {
            board.pile.insert(0, card);
            board.hidden = false;
        }
        for seat in (0..SEATS).filter(|&s| s != me) {
            while hands[seat].len() < board.hand_counts[seat] {
                match unseen.pop() {
                    Some(card) => hands[seat].push(card),
                    None => break,
                }
            }
        }
        let size = rules.morto.map_or(0, |m| m.size);
        let mut buracos: [Vec<Card>; 2] = Default::default();
        for (buraco, waiting) in buracos.iter_mut().zip(board.buraco) {
            if waiting {
                *buraco = unseen.split_off(unseen.len().saturating_sub(size));
            }
        }
        unseen.truncate(board.stock);
        board.stock = unseen.len();
        World { board, hands, stock: unseen, buracos, over: false, went_out: None }
    }

    /// Plays `mv` for `seat` (a draw, a pile, or the dump), with the buraco and the hand's end it
    /// may bring. A draw from an empty stock ends the hand.
    pub fn play(&mut self, seat: usize, mv: &Move) {
        let side = Board::side_of(seat);
        match mv {
            Move::Stock => match self.stock.pop() {
                Some(card) => {
                    self.hands[seat].push(card);
                    self.board.apply(seat, mv);
                }
                None => self.over = true,
            },
            Move::UpCard => {
                let taken = self.board.apply(seat, mv);
                self.hands[seat].extend(taken);
            }
            _ => {
                take_out(&mut self.hands[seat], mv.spent());
                let taken = self.board.apply(seat, mv);
                self.hands[seat].extend(taken);
                if self.board.buraco_due(side, &self.hands[seat]) {
                    let buraco = std::mem::take(&mut self.buracos[side]);
                    self.hands[seat].extend(buraco);
                    self.board.take_buraco(seat);
                } else if self.hands[seat].is_empty() {
                    self.over = true;
                    self.went_out = Some(side);
                }
                self.board.hand_counts[seat] = self.hands[seat].len();
            }
        }
        if let Move::Discard(_) = mv
            && !self.over
            && self.stock.is_empty()
        {
            let next = (seat + 1) % SEATS;
            if pickups(&self.board, next, &self.hands[next]).is_empty() {
                self.over = true;
            }
        }
    }

    /// `seat` melds as `level` would in `style`, then dumps `level`'s dump.
    pub fn finish_turn(&mut self, seat: usize, level: Level, style: Style, rng: &mut Rng) {
        while !self.over {
            let Some(mv) = policy::next_meld(level, style, &self.board, seat, &self.hands[seat]) else { break };
            self.play(seat, &mv);
        }
        if self.over || self.hands[seat].is_empty() {
            return;
        }
        let card = policy::discard(level, &self.board, seat, &self.hands[seat], rng);
        self.play(seat, &Move::Discard(card));
    }

    /// A whole turn of `seat` at `level`.
    pub fn turn(&mut self, seat: usize, level: Level, rng: &mut Rng) {
        if self.over {
            return;
        }
        let draw = policy::draw(level, &self.board, seat, &self.hands[seat], rng);
        self.play(seat, &draw);
        self.finish_turn(seat, level, Style::MEDIUM, rng);
    }

    /// `side`'s score as the hand stands: the table, the buraco (half its penalty while the hand
    /// goes on), going out; the cards in hand only once the hand is over (before, they are the
    /// material of the next piles); while the hand goes on, the table's cards count as a team
    /// with a cerrado will score them (nearly every team closes one before the end), so that
    /// laying them is not a loss.
    pub fn score(&self, side: usize) -> i64 {
        let rules = &self.board.rules;
        let morto = rules.morto.map_or(0, |m| m.untaken_penalty);
        let mut total = if !self.over { self.board.open_points(side) } else { self.board.table_points(side) };
        total += match (self.board.buraco[side], self.over) {
            (false, _) => morto,
            (true, true) => -morto,
            (true, false) => -morto / 2,
        };
        if self.went_out == Some(side) {
            total += rules.going_out_bonus;
        }
        if self.over {
            let hands = (0..SEATS).filter(|&s| Board::side_of(s) == side);
            total -= hands.map(|s| rules.values.sum(&self.hands[s])).sum::<i64>();
        }
        total
    }

    /// `side`'s lead over the other team.
    pub fn lead(&self, side: usize) -> i64 {
        self.score(side) - self.score(1 - side)
    }
}

fn take_out_one(cards: &mut Vec<Card>, card: Card) -> bool {
    match cards.iter().position(|&c| c == card) {
        Some(at) => {
            cards.swap_remove(at);
            true
        }
        None => false,
    }
}
