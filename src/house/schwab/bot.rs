//! The Schwab house bot as a state machine over its seat's lines (`protocol.md` §7): each line
//! updates what the seat knows (its hand, the table, the hidden up-card, the buracos, `HAND_END`
//! and the next deal), and on its turn the bot answers with its draw, then, once the draw's reply
//! has come, with its piles and its dump, waiting for `MORTO [ … ]` whenever its hand calls for
//! the buraco. Lines it does not know are ignored; `play` runs it on a process's pipes.

use std::io::{self, BufRead, Write};

use crate::cards::Card;
use crate::games::buraco::{Action, BuracoRules, parse_action};
use crate::games::{GameKind, RuleOptions};
use crate::house::{Budget, Level, LineHash};

use super::board::{Board, Move, SEATS};
use super::policy::{self, Style};
use super::rng::Rng;
use super::search;
use crate::house::take_out;

/// Where the bot is in the lines of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Ids,
    OwnId,
    Hand,
    UpCard,
    Play,
    /// Our draw is sent; its reply is awaited.
    Reply,
    /// Our hand called for the buraco; `MORTO [ … ]` is awaited (after the dump: the turn ends).
    Buraco {
        dumped: bool,
    },
}

/// A house Schwab bot.
#[derive(Debug, Clone)]
pub struct Bot {
    level: Level,
    budget: Budget,
    phase: Phase,
    ids: Vec<String>,
    me: usize,
    current: usize,
    hand: Vec<Card>,
    /// The game's rules with the match's options (the hand size is read from each deal).
    rules: BuracoRules,
    board: Board,
    /// Our draw awaiting its reply.
    drawn: Option<Move>,
    /// How this turn's piles are laid (hard chooses it after the draw).
    style: Style,
    /// A hash of every line received: the seed of each decision.
    hash: LineHash,
}

/// The cards of a list line or of a command's arguments (brackets and bad tokens skipped).
fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().filter_map(|t| Card::parse_single_joker(t).ok()).collect()
}

impl Bot {
    pub fn new(level: Level, budget: Budget) -> Bot {
        Bot {
            level,
            budget,
            phase: Phase::Ids,
            ids: Vec::new(),
            me: 0,
            current: 0,
            hand: Vec::new(),
            rules: BuracoRules::schwab(),
            board: Board::new(BuracoRules::schwab()),
            drawn: None,
            style: Style::MEDIUM,
            hash: LineHash::salted(0x5c4a_b000 + level as u64),
        }
    }

    /// The bot under `rules` (Schwab's with a match's options) instead of the defaults.
    pub fn with_rules(mut self, rules: BuracoRules) -> Bot {
        self.board = Board::new(rules.clone());
        self.rules = rules;
        self
    }

    /// Our hand now.
    #[cfg(test)]
    pub fn hand(&self) -> &[Card] {
        &self.hand
    }

    /// The table as this seat follows it.
    #[cfg(test)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Takes one line from the referee; returns the lines to send, in order.
    pub fn on_line(&mut self, line: &str) -> Vec<String> {
        self.hash.add(line);
        let line = line.trim();
        if line.starts_with("HAND_END") {
            self.phase = Phase::Hand;
            return Vec::new();
        }
        match self.phase {
            Phase::Ids => {
                self.ids = line.split_whitespace().map(str::to_string).collect();
                self.phase = Phase::OwnId;
            }
            Phase::OwnId => {
                self.me = self.ids.iter().position(|id| id == line).unwrap_or(0) % SEATS;
                self.phase = Phase::Hand;
            }
            Phase::Hand => {
                self.hand = cards(line);
                // Every seat is dealt as many cards as we are (the rule option `hand-size`).
                let rules = BuracoRules { hand_size: self.hand.len(), ..self.rules.clone() };
                self.board = Board::new(rules);
                self.phase = Phase::UpCard;
            }
            Phase::UpCard => {
                self.board.pile = cards(line);
                self.board.hidden = self.board.pile.is_empty();
                self.phase = Phase::Play;
            }
            Phase::Play => return self.follow(line),
            Phase::Reply => return self.reply(line),
            Phase::Buraco { dumped } => {
                if let Some(rest) = line.strip_prefix("MORTO") {
                    self.hand.extend(cards(rest));
                    self.board.take_buraco(self.me);
                    self.board.hand_counts[self.me] = self.hand.len();
                    self.phase = Phase::Play;
                    if !dumped {
                        self.choose_style();
                        return self.melds_and_dump();
                    }
                }
            }
        }
        Vec::new()
    }

    /// A line while nobody waits on us: a turn's start, or another seat's move.
    fn follow(&mut self, line: &str) -> Vec<String> {
        if let Some(seat) = self.ids.iter().position(|id| id == line) {
            self.current = seat % SEATS;
            return if self.current == self.me { self.start_turn() } else { Vec::new() };
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "MORTO" => self.board.take_buraco(self.current),
            "UP_CARD" => {
                self.board.pile = cards(rest);
                self.board.hidden = false;
            }
            _ => {
                let Ok(action) = parse_action(line) else { return Vec::new() };
                let mv = match action {
                    Action::GetStock => Move::Stock,
                    Action::GetDiscard(pair) if pair.is_empty() => Move::UpCard,
                    Action::GetDiscard(pair) if pair.len() == 2 => Move::Pile([pair[0], pair[1]]),
                    Action::MeldNew(cards) => Move::New(cards),
                    Action::MeldJoin { index, cards, .. } => Move::Join(index, cards),
                    Action::Discard(card) => Move::Discard(card),
                    _ => return Vec::new(),
                };
                self.board.apply(self.current, &mv);
            }
        }
        Vec::new()
    }

    fn rng(&self) -> Rng {
        Rng::new(self.hash.value())
    }

    fn start_turn(&mut self) -> Vec<String> {
        let mut rng = self.rng();
        let mv = match self.level {
            Level::Hard => search::draw(&self.board, self.me, &self.hand, self.budget, &mut rng),
            level => policy::draw(level, &self.board, self.me, &self.hand, &mut rng),
        };
        if let Move::Pile(pair) = &mv {
            take_out(&mut self.hand, pair);
        }
        self.drawn = Some(mv.clone());
        self.phase = Phase::Reply;
        vec![mv.line()]
    }

    /// The reply to our draw: the card drawn, or the pile's rest (`HAND_END` was handled: a
    /// `GET_STOCK` on an empty stock declines and ends the hand).
    fn reply(&mut self, line: &str) -> Vec<String> {
        let got = cards(line);
        let Some(mv) = self.drawn.take() else { return Vec::new() };
        self.phase = Phase::Play;
        match &mv {
            Move::Stock | Move::UpCard => {
                self.board.apply(self.me, &mv);
                self.hand.extend(got);
            }
            _ => {
                // The pile's rest as we knew it; the reply names every card (the up-card too).
                self.board.apply(self.me, &mv);
                self.board.known[self.me].clear();
                self.hand.extend(got);
                if let Some(out) = self.after_action(false) {
                    return out;
                }
            }
        }
        self.board.hand_counts[self.me] = self.hand.len();
        self.choose_style();
        self.melds_and_dump()
    }

    /// How this turn's piles are laid: medium's way, or hard's choice for the hand it holds now.
    fn choose_style(&mut self) {
        self.style = Style::MEDIUM;
        if self.level == Level::Hard {
            let mut rng = self.rng();
            self.style = search::style(&self.board, self.me, &self.hand, self.budget, &mut rng);
        }
    }

    /// After one of our actions: the buraco to wait for, or the hand's end (we went out).
    /// `None` when the turn goes on.
    fn after_action(&mut self, dumped: bool) -> Option<Vec<String>> {
        self.board.hand_counts[self.me] = self.hand.len();
        let side = Board::side_of(self.me);
        if self.board.buraco_due(side, &self.hand) {
            self.phase = Phase::Buraco { dumped };
            return Some(Vec::new());
        }
        if self.hand.is_empty() {
            self.phase = Phase::Play;
            return Some(Vec::new());
        }
        None
    }

    /// Lays our piles, then dumps; stops early when the buraco comes or the hand ends.
    fn melds_and_dump(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(mv) = policy::next_meld(self.level, self.style, &self.board, self.me, &self.hand) {
            take_out(&mut self.hand, mv.spent());
            self.board.apply(self.me, &mv);
            out.push(mv.line());
            if let Some(more) = self.after_action(false) {
                out.extend(more);
                return out;
            }
        }
        let mut rng = self.rng();
        let card = match self.level {
            Level::Hard => search::discard(&self.board, self.me, &self.hand, self.budget, &mut rng),
            level => policy::discard(level, &self.board, self.me, &self.hand, &mut rng),
        };
        let mv = Move::Discard(card);
        take_out(&mut self.hand, &[card]);
        self.board.apply(self.me, &mv);
        out.push(mv.line());
        if let Some(more) = self.after_action(true) {
            out.extend(more);
        }
        out
    }
}

/// Plays Schwab's Buraco as the house bot of `level` on a process's pipes, a line in, its lines
/// out (flushed before the next line is read), until the referee closes the input.
pub fn play(
    _game: GameKind,
    level: Level,
    budget: Budget,
    options: &RuleOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    let rules = BuracoRules::schwab()
        .with_options(options)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    let mut bot = Bot::new(level, budget).with_rules(rules);
    crate::house::serve_lines(input, output, |line| bot.on_line(line))
}
