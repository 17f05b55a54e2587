//! The house Canasta bot as a state machine over the referee's lines (`protocol.md` §8.2): each
//! line updates what the seat knows, and on its turn the bot answers with its draw, then, once the
//! draw's reply has come, with its melds and its discard. Lines it does not know are ignored.

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::cards::{Card, format_list};
use crate::games::canasta::InitialMeld;
use crate::house::{Budget, Level, LineHash};

use super::kinds::{JOKER, TWO, kind_of};
use super::policy::{TurnStyle, easy_draw, easy_turn, medium_draw, medium_turn};
use super::search::{hard_draw, hard_turn};
use super::seat::Seat;
use super::sim::{Draw, Play};

/// Where the bot is in the lines of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Ids,
    OwnId,
    Hand,
    Pile,
    Play,
    /// Our draw is sent; its reply (after any `RED3` lines) is awaited.
    Reply,
}

/// A house Canasta bot.
#[derive(Debug, Clone)]
pub struct Bot {
    level: Level,
    budget: Budget,
    seat: Seat,
    phase: Phase,
    /// Our take awaiting its reply: the hand cards named and the meld joined.
    take: Option<(Vec<Card>, Option<usize>)>,
    /// A hash of every line received: the seed of each decision.
    hash: LineHash,
}

/// The cards of a list line or of a command's arguments (brackets and bad tokens skipped).
fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().filter_map(|t| t.parse::<Card>().ok()).collect()
}

impl Bot {
    pub fn new(level: Level, budget: Budget) -> Bot {
        Bot { level, budget, seat: Seat::default(), phase: Phase::Ids, take: None, hash: LineHash::default() }
    }

    /// The bot for a match played with `initial` as its rule for a round's first meld.
    pub fn with_initial_meld(mut self, initial: InitialMeld) -> Bot {
        self.seat.initial = initial;
        self
    }

    /// What the seat knows now.
    #[cfg(test)]
    pub(super) fn seat(&self) -> &Seat {
        &self.seat
    }

    /// Takes one line from the referee; returns the lines to send, in order.
    pub fn on_line(&mut self, line: &str) -> Vec<String> {
        self.hash.add(line);
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match self.phase {
            Phase::Ids => {
                self.seat.ids = line.split_whitespace().map(str::to_string).collect();
                self.phase = Phase::OwnId;
            }
            Phase::OwnId => {
                self.seat.me = self.seat.seat_of(line).unwrap_or(0).min(1);
                self.phase = Phase::Hand;
            }
            Phase::Hand => {
                self.seat.new_round(cards(line), Vec::new());
                self.phase = Phase::Pile;
            }
            Phase::Pile => {
                self.seat.discard = cards(line);
                self.phase = Phase::Play;
            }
            Phase::Reply if word == "HAND_END" => self.hand_end(rest),
            Phase::Reply if word == "RED3" => self.red_threes(rest),
            Phase::Reply => return self.reply(line),
            Phase::Play => return self.table_line(line, word, rest),
        }
        Vec::new()
    }

    /// `HAND_END r s0 s1 t0 t1`: the match totals; the next round's deal follows.
    fn hand_end(&mut self, rest: &str) {
        let numbers: Vec<i64> = rest.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        if let [_, _, _, t0, t1] = numbers[..] {
            self.seat.totals = [t0, t1];
        }
        self.phase = Phase::Hand;
    }

    fn red_threes(&mut self, rest: &str) {
        let (id, list) = rest.split_once(' ').unwrap_or((rest, ""));
        if let Some(player) = self.seat.seat_of(id) {
            self.seat.red3[player] = self.seat.red3[player].saturating_add(cards(list).len() as u8);
        }
    }

    /// A line while it is not our turn, or our turn's first line.
    fn table_line(&mut self, line: &str, word: &str, rest: &str) -> Vec<String> {
        let index = || rest.split_whitespace().next().and_then(|t| t.parse::<usize>().ok());
        let seat = &mut self.seat;
        match word {
            "HAND_END" => self.hand_end(rest),
            "RED3" => self.red_threes(rest),
            "STOCK_EMPTY" => seat.stock_empty = true,
            "GET_STOCK" => seat.other_count += 1,
            "GET_DISCARD" => seat.other_takes(&cards(rest), None),
            "GET_DISCARD_JOIN" => seat.other_takes(&[], index()),
            "MELD_NEW" => seat.other_lays(&cards(rest), None),
            "MELD_JOIN" => {
                let list = rest.split_once(' ').map_or("", |(_, l)| l);
                seat.other_lays(&cards(list), index());
            }
            "DISCARD" => {
                if let Some(&card) = cards(rest).first() {
                    seat.other_discards(card);
                }
            }
            _ if seat.seat_of(line) == Some(seat.me) => return self.our_draw(),
            _ => {}
        }
        Vec::new()
    }

    fn rng(&self, salt: u64) -> Pcg64 {
        Pcg64::seed_from_u64(self.hash.value() ^ salt)
    }

    /// Our turn begins: the draw line.
    fn our_draw(&mut self) -> Vec<String> {
        let mut rng = self.rng(1);
        let sim = self.seat.determinize(&mut rng);
        let draw = match self.level {
            Level::Easy => easy_draw(&sim),
            Level::Medium => medium_draw(&sim),
            Level::Hard => hard_draw(&self.seat, self.budget, &mut rng),
        };
        self.phase = Phase::Reply;
        let top = self.seat.discard.last().copied();
        match (draw, top) {
            (Some(Draw::TakeJoin), Some(top)) => {
                let index = self.seat.meld_index(self.seat.me, kind_of(top)).unwrap_or(0);
                self.take = Some((Vec::new(), Some(index)));
                vec![format!("GET_DISCARD_JOIN {index}")]
            }
            (Some(Draw::TakeNew(used)), Some(top)) => {
                let named = self.pick(kind_of(top), used.nat, used.twos, used.jokers);
                self.take = Some((named.clone(), None));
                vec![format!("GET_DISCARD {}", format_list(&named))]
            }
            _ => {
                self.take = None;
                vec!["GET_STOCK".to_string()]
            }
        }
    }

    /// Hand cards: `nat` of `kind`, `twos` 2s and `jokers` jokers.
    fn pick(&self, kind: usize, nat: u8, twos: u8, jokers: u8) -> Vec<Card> {
        let mut picked = Vec::new();
        for (want, n) in [(kind, nat), (TWO, twos), (JOKER, jokers)] {
            picked.extend(self.seat.hand.iter().copied().filter(|&c| kind_of(c) == want).take(usize::from(n)));
        }
        picked
    }

    /// The reply to our draw: the card drawn, or the cards of the pile taken.
    fn reply(&mut self, line: &str) -> Vec<String> {
        match self.take.take() {
            Some((named, join)) => {
                if !line.starts_with('[') {
                    self.take = Some((named, join));
                    return Vec::new();
                }
                self.seat.we_take(&named, join, &cards(line));
            }
            None => match line.parse::<Card>() {
                Ok(card) => self.seat.hand.push(card),
                Err(_) => return Vec::new(),
            },
        }
        self.phase = Phase::Play;
        if self.seat.hand.is_empty() {
            return Vec::new();
        }
        self.our_plays()
    }

    /// The rest of our turn: melds, then the discard (none when we go out by melding).
    fn our_plays(&mut self) -> Vec<String> {
        let mut rng = self.rng(2);
        let mut plays = Vec::new();
        match self.level {
            Level::Easy => easy_turn(&mut self.seat.determinize(&mut rng), &mut rng, &mut plays),
            Level::Medium => medium_turn(&mut self.seat.determinize(&mut rng), TurnStyle::MEDIUM, &mut plays),
            Level::Hard => plays = hard_turn(&self.seat, self.budget, &mut rng),
        }
        let me = self.seat.me;
        let mut lines = Vec::new();
        for play in plays {
            match play {
                Play::Lay(kind, add) => {
                    let named = self.pick(kind, add.nat, add.twos, add.jokers);
                    match self.seat.meld_index(me, kind) {
                        Some(index) => {
                            lines.push(format!("MELD_JOIN {index} {}", format_list(&named)));
                            self.seat.we_lay(&named, Some(index));
                        }
                        None => {
                            lines.push(format!("MELD_NEW {}", format_list(&named)));
                            self.seat.we_lay(&named, None);
                        }
                    }
                }
                Play::Discard(kind) => {
                    if let Some(&card) = self.seat.hand.iter().find(|&&c| kind_of(c) == kind) {
                        lines.push(format!("DISCARD {card}"));
                        self.seat.we_discard(card);
                    }
                }
            }
        }
        lines
    }
}
