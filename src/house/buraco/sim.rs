//! A sampled world of the `hard` bot's search: the cards the seat has not seen dealt at random
//! consistently with what it saw (its opponents' hands with the pile cards it saw them take, the
//! stock, the mortos; in ITP an opponent's hand also holds nothing he would have melded or taken
//! the pile with), every hand then known, and the seats played on: a round (STBL's search) or to
//! the end of the game (ITP's: the other side as `medium`, the searching side racing), each seat by
//! a house policy.

use crate::cards::Card;
use crate::cards::build_decks;
use crate::games::buraco::{Meld, StockOut};
use crate::house::Level;

use super::board::{Board, Move};
use super::guard;
use super::melds::{self, is_wildish};
use super::policy::{self, Known};
use super::rng::Rng;
use crate::house::take_out;

/// What a card in hand is worth to the leaf evaluation before the game is over: a natural card,
/// and a wild one.
const CARD_MATERIAL: i64 = 2;
const WILD_MATERIAL: i64 = 20;

/// A playout to the end of the game stops after this many turns (ITP games last about 40 turns
/// of both seats; a playout ends far sooner, on an empty hand or an empty stock).
const MAX_PLAYOUT_TURNS: usize = 200;

/// A sampled world with every hand known, played on alike at every seat.
#[derive(Debug, Clone)]
pub struct Sim {
    board: Board,
    hands: Vec<Vec<Card>>,
    stock: Vec<Card>,
    mortos: [Vec<Card>; 2],
    over: bool,
    went_out: Option<usize>,
    /// The side that races in a playout to the end of the game (ITP: the searching seat's).
    racer: Option<usize>,
}

impl Sim {
    /// Deals the unseen cards: the known ones to the opponents first, the rest at random.
    pub fn sample(board: &Board, me: usize, hand: &[Card], known: &Known, rng: &mut Rng) -> Sim {
        // The ceiling experiment (`oracle`, tests only) deals the true hidden cards instead.
        #[cfg(test)]
        if let Some((hands, stock)) = super::oracle::truth(me, hand, rng) {
            let mut board = board.clone();
            board.stock = stock.len();
            let mortos = [Vec::new(), Vec::new()];
            return Sim { board, hands, stock, mortos, over: false, went_out: None, racer: None };
        }
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
        // In ITP (no morto) the opponents' hands are made consistent with how they play.
        if rules.morto.is_none() {
            for seat in (0..board.seats).filter(|&s| board.side_of(s) != board.side_of(me)) {
                let fixed = if seat == opponent { known.theirs.len().min(hands[seat].len()) } else { 0 };
                let declined: Vec<Card> = known
                    .declined
                    .iter()
                    .rev()
                    .filter(|&&(s, _)| s == seat)
                    .map(|&(_, c)| c)
                    .take(DECLINED_KEPT)
                    .collect();
                repair(&mut hands[seat], fixed, &mut unseen, board, seat, &declined, rng);
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
        Sim { board, hands, stock, mortos, over: false, went_out: None, racer: None }
    }

    /// The hand `seat` holds in this world.
    #[cfg(test)]
    pub fn hand(&self, seat: usize) -> &[Card] {
        &self.hands[seat]
    }

    /// A playout turn of `seat` (the other seats `medium`), racing when `racing`; the table after.
    #[cfg(test)]
    pub fn playout_turn(&mut self, seat: usize, racing: bool) -> &Board {
        self.racer = racing.then(|| self.board.side_of(seat));
        self.rollout_turn(seat, Level::Medium);
        &self.board
    }

    /// `me` (done melding) discards `discard`; then a round of every seat.
    pub fn discard_then_round(&mut self, me: usize, discard: &Move) {
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

    /// `me` draws `draw`, then ends its turn by `level` (its melds, its discard), and the game is
    /// played out from the next seat.
    pub fn draw_then_play_out(&mut self, me: usize, draw: &Move, level: Level) {
        self.do_draw(me, draw);
        if !self.over {
            self.melds_and_discard(me, level, level, 0);
        }
        self.play_out(me, level);
    }

    /// `me` (done melding) discards `discard`; then the game is played out from the next seat.
    pub fn discard_then_play_out(&mut self, me: usize, discard: Card, level: Level) {
        self.do_discard(me, discard);
        self.play_out(me, level);
    }

    /// `me` (drawn) melds as `hard` does keeping at least `keep` cards, discards `guard`'s best,
    /// and the game is played out from the next seat.
    pub fn melds_keeping_then_play_out(&mut self, me: usize, keep: usize, level: Level) {
        self.melds_and_discard(me, Level::Hard, Level::Hard, keep);
        self.play_out(me, level);
    }

    /// Every seat plays from the one after `me` on, until the game is over (or the turn cap): the
    /// other side by `level`, `me`'s side racing (`rollout_turn`).
    fn play_out(&mut self, me: usize, level: Level) {
        self.racer = Some(self.board.side_of(me));
        let mut seat = (me + 1) % self.board.seats;
        for _ in 0..MAX_PLAYOUT_TURNS {
            if self.over {
                return;
            }
            self.end_of_turn();
            if self.over {
                return;
            }
            self.rollout_turn(seat, level);
            seat = (seat + 1) % self.board.seats;
        }
    }

    /// A turn of a playout: `medium`'s or `hard`'s draw, melds and discard; the racing side
    /// draws and discards as `medium` but melds as `hard` (in ITP a wild run of any length: it
    /// empties its hand sooner; judging the candidates by that continuation won more, measured).
    fn rollout_turn(&mut self, seat: usize, level: Level) {
        let side = self.board.side_of(seat);
        let meld_level = if self.racer == Some(side) { Level::Hard } else { level };
        let hand = &self.hands[seat];
        let draw = match level {
            Level::Hard => policy::hard_pickup(&self.board, side, hand).unwrap_or(Move::Stock),
            _ => policy::draw(Level::Medium, &self.board, side, hand, &mut Rng::new(0)),
        };
        self.do_draw(seat, &draw);
        if !self.over {
            self.melds_and_discard(seat, meld_level, level, 0);
        }
    }

    fn sim_turn(&mut self, seat: usize) {
        let side = self.board.side_of(seat);
        let mut rng = Rng::new(0);
        let draw = policy::draw(Level::Medium, &self.board, side, &self.hands[seat], &mut rng);
        self.do_draw(seat, &draw);
        if !self.over {
            self.melds_and_discard(seat, Level::Hard, Level::Hard, 0);
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

    /// `seat` melds by `level` keeping at least `keep` cards (0: as the rules allow), then
    /// discards `discards`' best card (`hard`'s from the guard).
    fn melds_and_discard(&mut self, seat: usize, level: Level, discards: Level, keep: usize) {
        let side = self.board.side_of(seat);
        while !self.over {
            let Some(mv) = policy::next_meld_keeping(level, &self.board, side, &self.hands[seat], keep) else { break };
            if let Move::New(used) | Move::Join(_, used) = &mv {
                take_out(&mut self.hands[seat], used);
            }
            self.board.apply(seat, &mv);
            self.check_empty(seat);
        }
        if self.over || self.hands[seat].is_empty() {
            return;
        }
        let none = Known::default();
        let card = match discards {
            Level::Hard => guard::ranked_discards(&self.board, side, &self.hands[seat], &none)[0].0,
            _ => policy::ranked_discards(&self.board, side, &self.hands[seat], &none)[0],
        };
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
    pub fn value(&self, side: usize) -> i64 {
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

/// How many of a seat's last declined pile tops its sampled hand is kept consistent with.
const DECLINED_KEPT: usize = 6;

/// How many cards of a sampled hand may be swapped for a consistent one.
const MAX_REPAIRS: usize = 24;

/// Makes the sampled hand of `seat` (its first `fixed` cards known) look like one a player who
/// melds what he can would hold: no natural run, no natural card that joins his side's melds,
/// no natural pair that melds with a pile top he declined. An offending card is swapped with a
/// random one of `pool` (the cards not dealt yet).
fn repair(
    hand: &mut [Card],
    fixed: usize,
    pool: &mut [Card],
    board: &Board,
    seat: usize,
    declined: &[Card],
    rng: &mut Rng,
) {
    for _ in 0..MAX_REPAIRS {
        if pool.is_empty() {
            return;
        }
        let Some(bad) = implausible(hand, fixed, board, seat, declined) else { return };
        let at = rng.below(pool.len());
        std::mem::swap(&mut hand[bad], &mut pool[at]);
    }
}

/// The place of a card (not among the first `fixed`) that makes `seat`'s `hand` implausible.
fn implausible(hand: &[Card], fixed: usize, board: &Board, seat: usize, declined: &[Card]) -> Option<usize> {
    let rules = &board.rules;
    let free = |card: Card| (fixed..hand.len()).find(|&i| hand[i] == card);
    for run in melds::natural_runs(hand, rules) {
        if let Some(i) = run.iter().find_map(|&c| free(c)) {
            return Some(i);
        }
    }
    let melds = &board.melds[board.side_of(seat)];
    for (_, card) in melds::natural_joins(hand, melds, rules) {
        if !is_wildish(card)
            && let Some(i) = free(card)
        {
            return Some(i);
        }
    }
    for &top in declined {
        for i in 0..hand.len() {
            for j in i + 1..hand.len() {
                let (a, b) = (hand[i], hand[j]);
                if is_wildish(a) || is_wildish(b) || a.suit() != top.suit() || b.suit() != top.suit() {
                    continue;
                }
                if Meld::new(&[top, a, b], &rules.melds).is_ok()
                    && let Some(k) = [j, i].into_iter().find(|&k| k >= fixed)
                {
                    return Some(k);
                }
            }
        }
    }
    None
}
