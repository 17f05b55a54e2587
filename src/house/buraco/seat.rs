//! One Buraco game as a house bot plays it: reads the referee's lines (the seat's view only),
//! keeps the table, its hand and what it saw go into the opponents' hands, and answers its turns.

use std::io::{self, BufRead, Write};

use crate::cards::Card;
use crate::games::buraco::{Action, BuracoRules, parse_action_with};
use crate::games::{GameKind, RuleOptions};
use crate::house::{Budget, Level};

use super::board::{Board, Move};
use super::guard;
use super::melds;
use super::policy::{self, Known};
use super::rng::Rng;
use super::search;
use crate::house::LineHash;
use crate::house::take_out;

/// Plays one game of an ITP or STBL Buraco as a house bot at `level`.
pub fn play(
    game: GameKind,
    level: Level,
    budget: Budget,
    options: &RuleOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    let mut lines = Lines { input, hash: LineHash::default() };
    let Some(ids_line) = lines.next()? else { return Ok(()) };
    let ids: Vec<String> = ids_line.split(' ').filter(|t| !t.is_empty()).map(str::to_owned).collect();
    let Some(own) = lines.next()? else { return Ok(()) };
    let me =
        ids.iter().position(|id| *id == own).ok_or_else(|| bad(&format!("own id '{own}' is not among the ids")))?;
    // `house::run` sends ITP Buraco and STBL here, with the options checked against the game.
    let rules = if game == GameKind::BuracoStbl { BuracoRules::stbl() } else { BuracoRules::itp() };
    let rules = rules.with_options(options).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    let board = Board::new(rules, ids.len());
    let mut seat =
        Seat { level, budget, board, me, ids, hand: Vec::new(), known: Known::default(), current: 0, output };
    if !seat.deal(&mut lines)? {
        return Ok(());
    }
    while let Some(line) = lines.next()? {
        if !seat.follow(&line, &mut lines)? {
            break;
        }
    }
    Ok(())
}

/// The referee's lines, each hashed as it is read (the seed of the moves' randomness).
struct Lines<'a> {
    input: &'a mut dyn BufRead,
    hash: LineHash,
}

impl Lines<'_> {
    fn next(&mut self) -> io::Result<Option<String>> {
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        self.hash.add(&line);
        Ok(Some(line))
    }
}

fn bad(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("unexpected referee line: {what}"))
}

/// The cards of a line: a list `[ … ]` or lone cards.
fn cards(line: &str) -> io::Result<Vec<Card>> {
    line.split(' ')
        .filter(|t| !t.is_empty() && *t != "[" && *t != "]")
        .map(|t| Card::parse_single_joker(t).map_err(|_| bad(line)))
        .collect()
}

struct Seat<'a> {
    level: Level,
    budget: Budget,
    board: Board,
    me: usize,
    ids: Vec<String>,
    hand: Vec<Card>,
    known: Known,
    current: usize,
    output: &'a mut dyn Write,
}

impl Seat<'_> {
    fn my_side(&self) -> usize {
        self.board.side_of(self.me)
    }

    /// Follows one line; false when the game is over for this bot.
    fn follow(&mut self, line: &str, lines: &mut Lines) -> io::Result<bool> {
        if let Some(seat) = self.ids.iter().position(|id| id == line) {
            self.current = seat;
            if seat == self.me {
                return self.turn(lines);
            }
            return Ok(true);
        }
        let mut words = line.split(' ').filter(|t| !t.is_empty());
        match words.next() {
            // A match's next hand (§7.2): its deal follows, then the id of the seat to move.
            Some("HAND_END") => return self.deal(lines),
            Some("MORTO") => {
                let taken = cards(&line["MORTO".len()..])?;
                if taken.is_empty() {
                    self.board.take_morto(self.current);
                } else {
                    self.take_own_morto(taken);
                }
            }
            Some("MORTO_TO_STOCK") => {
                if let Some(side) = words.next().and_then(|w| w.parse::<usize>().ok()).filter(|&s| s < 2) {
                    self.board.morto_to_stock(side);
                }
            }
            // Another seat's command, echoed; a line of no known kind is ignored.
            Some(_) => {
                if let Ok(action) = parse_action_with(line, true) {
                    self.others_move(action);
                }
            }
            None => {}
        }
        Ok(true)
    }

    /// A hand's deal: this seat's hand line and the pile's line start a fresh table (the
    /// match's totals do not change how a hand is played). False when the input ends first.
    fn deal(&mut self, lines: &mut Lines) -> io::Result<bool> {
        let Some(hand_line) = lines.next()? else { return Ok(false) };
        let Some(pile_line) = lines.next()? else { return Ok(false) };
        self.hand = cards(&hand_line)?;
        self.board = Board::new(self.board.rules.clone(), self.ids.len());
        self.board.pile = cards(&pile_line)?;
        self.known = Known::default();
        self.current = 0;
        Ok(true)
    }

    fn take_own_morto(&mut self, taken: Vec<Card>) {
        self.hand.extend(taken);
        self.board.take_morto(self.me);
        self.board.hand_counts[self.me] = self.hand.len();
    }

    fn others_move(&mut self, action: Action) {
        let mv = match action {
            Action::GetStock => Move::Stock,
            Action::GetDiscard(cards) => Move::Pile(cards),
            Action::GetDiscardJoin { index, .. } => Move::PileJoin(index),
            Action::MeldNew(cards) => Move::New(cards),
            Action::MeldJoin { index, cards, .. } => Move::Join(index, cards),
            Action::Discard(card) => Move::Discard(card),
        };
        let theirs = self.board.side_of(self.current) != self.my_side();
        if theirs {
            let played: &[Card] = match &mv {
                Move::Pile(c) | Move::New(c) | Move::Join(_, c) => c,
                Move::Discard(c) => std::slice::from_ref(c),
                _ => &[],
            };
            for card in played {
                if let Some(at) = self.known.theirs.iter().position(|c| c == card) {
                    self.known.theirs.swap_remove(at);
                }
            }
        }
        if theirs {
            match &mv {
                Move::Stock => {
                    if let Some(&top) = self.board.pile.last() {
                        self.known.declined.push((self.current, top));
                    }
                }
                Move::Pile(_) | Move::PileJoin(_) => self.known.declined.retain(|&(seat, _)| seat != self.current),
                _ => {}
            }
        }
        let taken = self.board.apply(self.current, &mv);
        if theirs {
            self.known.theirs.extend(taken);
        }
    }

    fn send(&mut self, mv: &Move) -> io::Result<()> {
        writeln!(self.output, "{}", mv.line())?;
        self.output.flush()
    }

    /// Plays this bot's turn; false when the input ended during it. A turn that empties the hand
    /// for good ends without a discard: the referee then ends the hand (`HAND_END`, a match's
    /// next deal) or the game (the input closes).
    fn turn(&mut self, lines: &mut Lines) -> io::Result<bool> {
        let side = self.my_side();
        let mut rng = Rng::new(lines.hash.value());
        let draw = match self.level {
            Level::Hard => self.hard_draw(&mut rng),
            level => policy::draw(level, &self.board, side, &self.hand, &mut rng),
        };
        self.send(&draw)?;
        if let Move::Pile(used) = &draw {
            take_out(&mut self.hand, used);
        }
        self.board.apply(self.me, &draw);
        let Some(reply) = lines.next()? else { return Ok(false) };
        self.hand.extend(cards(&reply)?);
        if !self.after_action(lines)? {
            return Ok(true);
        }
        // In ITP `hard` decides once a turn whether to go out, by playing the game out.
        let searched_keep = (self.level == Level::Hard && search::plays_out(&self.board))
            .then(|| search::keep(&self.board, self.me, &self.hand, &self.known, self.budget, &mut rng));
        while let Some(mv) = policy::next_meld_keeping(
            self.level,
            &self.board,
            side,
            &self.hand,
            searched_keep.unwrap_or_else(|| self.keep()),
        ) {
            self.send(&mv)?;
            if let Move::New(used) | Move::Join(_, used) = &mv {
                take_out(&mut self.hand, used);
            }
            self.board.apply(self.me, &mv);
            if !self.after_action(lines)? {
                return Ok(true);
            }
        }
        let card = match self.level {
            Level::Hard => search::discard(&self.board, self.me, &self.hand, &self.known, self.budget, &mut rng),
            level => policy::discard(level, &self.board, side, &self.hand, &self.known, &mut rng),
        };
        let mv = Move::Discard(card);
        self.send(&mv)?;
        take_out(&mut self.hand, &[card]);
        self.board.apply(self.me, &mv);
        Ok(true)
    }

    /// `hard`'s draw. In ITP it plays the game out after each way to draw (the pile as its rules
    /// would take it first, the stock, which on the empty stock ends the game, and the other ways
    /// to take the pile). In STBL the pile when `policy::hard_pickup` takes it, else the stock
    /// (searching the draw with a round's rollout did not pay: measured).
    fn hard_draw(&self, rng: &mut Rng) -> Move {
        let side = self.my_side();
        let preferred = policy::hard_pickup(&self.board, side, &self.hand).unwrap_or(Move::Stock);
        if !search::plays_out(&self.board) {
            return preferred;
        }
        let mut candidates = vec![preferred, Move::Stock];
        for pickup in melds::pickups(&self.board, side, &self.hand) {
            if !candidates.contains(&pickup) {
                candidates.push(pickup);
            }
        }
        search::draw(&self.board, self.me, &self.hand, &self.known, self.budget, rng, candidates)
    }

    /// The cards to keep after a meld: in STBL `hard` goes out (empties its hand with its morto
    /// gone) only when ahead, counting the going-out bonus (in ITP `search::keep` decides); the
    /// other levels go out when they may.
    fn keep(&self) -> usize {
        let side = self.my_side();
        if self.level != Level::Hard || self.board.morto_waiting[side] {
            return 0;
        }
        let bonus = self.board.rules.going_out_bonus;
        if guard::ahead_by(&self.board, self.me, &self.hand, &self.known, bonus) { 0 } else { 2 }
    }

    /// After an action of the turn: an empty hand takes the morto (read now) or ends the hand.
    /// False when the turn is over (the hand emptied for good, or the input ended).
    fn after_action(&mut self, lines: &mut Lines) -> io::Result<bool> {
        self.board.hand_counts[self.me] = self.hand.len();
        if !self.hand.is_empty() {
            return Ok(true);
        }
        if !self.board.morto_waiting[self.my_side()] {
            return Ok(false);
        }
        let Some(line) = lines.next()? else { return Ok(false) };
        let taken = cards(line.strip_prefix("MORTO").ok_or_else(|| bad(&line))?)?;
        self.take_own_morto(taken);
        Ok(true)
    }
}
