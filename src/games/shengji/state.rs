//! One Shengji deal in progress: the cards dealt one at a time with a declaration turn after each,
//! the last call, the kitty taken and buried by the banker, and the tricks. Validate, then apply:
//! a refused line changes nothing. Lines for the seats are queued in `out`.

use crate::cards::{Card, Rank, format_list};
use crate::games::kit::Outbox;
use crate::games::{Message, Seat, Violation};

use super::action::Action;
use super::deal::DealCards;
use super::declare::{self, Declaration};
use super::order::TrumpContext;
use super::rules::ShengjiRules;
use super::score::{kitty_multiplier, points_of};
use super::trick::{Trick, check_lead};

/// Where a deal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The seat that received the last card dealt answers `PASS` or `DECLARE`.
    Dealing,
    /// Every card is dealt: `seat` answers; the calls end after four passes in a row.
    LastCall {
        seat: Seat,
        passes: u8,
    },
    /// The banker buries as many cards as the kitty had.
    Burying,
    Playing,
    /// Every trick is played (or nobody declared in the first deal: `redeal`).
    Done,
}

/// How a finished deal came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealEnd {
    /// The attackers' points, the kitty bonus included.
    pub points: u32,
    pub kitty_bonus: u32,
}

#[derive(Debug, Clone)]
pub struct DealState {
    pub rules: ShengjiRules,
    pub ids: Vec<String>,
    pub cards: DealCards,
    order: Vec<(Seat, Card)>,
    pub dealt: usize,
    pub hands: Vec<Vec<Card>>,
    /// The kitty until the banker takes it.
    pub kitty: Vec<Card>,
    pub buried: Vec<Card>,
    pub level: Rank,
    pub banker: Option<Seat>,
    pub declaration: Option<Declaration>,
    pub trump: TrumpContext,
    pub phase: Phase,
    pub trick: Option<Trick>,
    pub last_trick: Option<Trick>,
    pub to_play: Seat,
    /// Cards taken in tricks, per side.
    pub taken: [Vec<Card>; 2],
    pub points: [u32; 2],
    pub tricks: u32,
    /// Nobody declared in a deal without a banker: it must be dealt again.
    pub redeal: bool,
    pub end: Option<DealEnd>,
    pub out: Outbox,
}

fn illegal(rule: &'static str, detail: Message) -> Violation {
    Violation::illegal(rule, detail)
}

/// Removes `cards` from `hand` if it holds them all; `false` (and `hand` unchanged) otherwise.
fn take_from(hand: &mut Vec<Card>, cards: &[Card]) -> bool {
    let mut rest = hand.clone();
    for card in cards {
        match rest.iter().position(|c| c == card) {
            Some(i) => {
                rest.remove(i);
            }
            None => return false,
        }
    }
    *hand = rest;
    true
}

impl DealState {
    /// Starts dealing `cards` at `level`; `banker` is known except in the first deal. Queues the
    /// first card.
    pub fn new(
        rules: ShengjiRules,
        ids: Vec<String>,
        cards: DealCards,
        level: Rank,
        banker: Option<Seat>,
    ) -> DealState {
        let order = cards.order();
        let kitty = cards.kitty.clone();
        let mut deal = DealState {
            rules,
            ids,
            order,
            dealt: 0,
            hands: vec![Vec::new(); 4],
            kitty,
            buried: Vec::new(),
            level,
            banker,
            declaration: None,
            trump: TrumpContext::new(level, None),
            phase: Phase::Dealing,
            trick: None,
            last_trick: None,
            to_play: cards.start,
            taken: [Vec::new(), Vec::new()],
            points: [0, 0],
            tricks: 0,
            redeal: false,
            end: None,
            out: Outbox::default(),
            cards,
        };
        deal.deal_next();
        deal
    }

    pub fn side_of(seat: Seat) -> usize {
        seat % 2
    }

    fn send(&mut self, seat: Seat, line: String) {
        self.out.send(seat, line);
    }

    fn send_all(&mut self, line: &str) {
        for seat in 0..4 {
            self.send(seat, line.to_owned());
        }
    }

    /// The seat whose line is awaited, if any.
    pub fn awaited(&self) -> Option<Seat> {
        match self.phase {
            Phase::Dealing | Phase::Playing => Some(self.to_play),
            Phase::LastCall { seat, .. } => Some(seat),
            Phase::Burying => self.banker,
            Phase::Done => None,
        }
    }

    /// Cards not yet dealt (the stock), kitty excluded.
    pub fn stock(&self) -> Vec<Card> {
        self.order[self.dealt..].iter().map(|&(_, c)| c).collect()
    }

    /// Every card of the deal wherever it is: stock, hands, kitty, buried, trick, taken.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all = self.stock();
        all.extend(self.hands.iter().flatten());
        all.extend(&self.kitty);
        all.extend(&self.buried);
        all.extend(self.trick.iter().flat_map(|t| t.cards()));
        all.extend(self.taken.iter().flatten());
        all
    }

    fn deal_next(&mut self) {
        let (seat, card) = self.order[self.dealt];
        self.dealt += 1;
        self.hands[seat].push(card);
        self.to_play = seat;
        self.send(seat, format!("CARD {card}"));
    }

    /// Applies `action` from `seat` (the awaited seat), or refuses it leaving everything as it was.
    pub fn submit(&mut self, seat: Seat, action: Action) -> Result<Message, Violation> {
        match (self.phase, action) {
            (Phase::Dealing | Phase::LastCall { .. }, Action::Pass) => Ok(self.after_call(seat, None)),
            (Phase::Dealing | Phase::LastCall { .. }, Action::Declare(cards)) => {
                let standing = self.declaration.as_ref();
                let d = declare::check(self.rules.declare, self.level, seat, &self.hands[seat], &cards, standing)?;
                self.declaration = Some(d);
                self.send_all(&format!("DECLARED {} {}", self.ids[seat], format_list(&cards)));
                Ok(self.after_call(seat, Some(Message::new("sj-narr-declare").text("cards", format_list(&cards)))))
            }
            (Phase::Burying, Action::Bury(cards)) => self.bury(seat, cards),
            (Phase::Playing, Action::Play(cards)) => self.play(seat, cards),
            (_, other) => Err(Violation::illegal("wrong-phase", self.expected(other.word()))),
        }
    }

    /// What the awaited seat may send, as the violation for another command.
    fn expected(&self, got: &str) -> Message {
        let want = match self.phase {
            Phase::Dealing | Phase::LastCall { .. } => "PASS, DECLARE",
            Phase::Burying => "BURY",
            _ => "PLAY",
        };
        Message::new("sj-viol-wrong-phase").text("command", got).text("expected", want)
    }

    fn after_call(&mut self, seat: Seat, declared: Option<Message>) -> Message {
        // A pass while the cards are dealt says nothing (one a card: the account would be all
        // passes); a pass at the last call is worth telling.
        let pass = if self.phase == Phase::Dealing { "empty" } else { "sj-narr-pass" };
        let said = declared.clone().unwrap_or_else(|| Message::new(pass));
        match self.phase {
            Phase::Dealing if self.dealt < self.order.len() => self.deal_next(),
            Phase::Dealing => self.call(self.cards.start, 0),
            Phase::LastCall { passes, .. } => {
                let passes = if declared.is_some() { 0 } else { passes + 1 };
                if passes >= 4 {
                    return self.fix_trump(said);
                }
                self.call((seat + 1) % 4, passes);
            }
            _ => {}
        }
        said
    }

    fn call(&mut self, seat: Seat, passes: u8) {
        self.phase = Phase::LastCall { seat, passes };
        self.send(seat, "LAST_CALL".to_owned());
    }

    /// After the last call: the trump and banker are fixed (a kitty card turned if nobody
    /// declared in a later deal), and the banker takes the kitty. Nobody declaring in the first
    /// deal asks for a redeal.
    fn fix_trump(&mut self, said: Message) -> Message {
        let mut said = said;
        let suit = match (self.declaration, self.banker) {
            (Some(d), banker) => {
                self.banker = Some(banker.unwrap_or(d.seat));
                d.suit()
            }
            (None, None) => {
                self.redeal = true;
                self.phase = Phase::Done;
                self.send_all("REDEAL");
                return Message::new("sj-narr-redeal").clause("said", said);
            }
            (None, Some(_)) => {
                let card = self.kitty[0];
                self.send_all(&format!("KITTY_TURNED {card}"));
                said = Message::new("sj-narr-kitty-turned").clause("said", said).text("card", card);
                card.suit()
            }
        };
        let banker = self.banker.expect("a banker once trump is fixed");
        self.trump = TrumpContext::new(self.level, suit);
        let name = suit.map_or("NT".to_owned(), |s| s.symbol().to_string());
        self.send_all(&format!("TRUMP {name} {}", self.ids[banker]));
        let kitty = std::mem::take(&mut self.kitty);
        self.send(banker, format!("KITTY {}", format_list(&kitty)));
        self.hands[banker].extend(kitty);
        self.phase = Phase::Burying;
        Message::new("sj-narr-trump").clause("said", said).text("trump", name).text("banker", &self.ids[banker])
    }

    fn bury(&mut self, seat: Seat, cards: Vec<Card>) -> Result<Message, Violation> {
        let k = self.rules.kitty_size();
        if cards.len() != k {
            return Err(illegal(
                "kitty-size",
                Message::new("sj-viol-kitty-size").number("count", k).number("got", cards.len()),
            ));
        }
        let mut hand = self.hands[seat].clone();
        if !take_from(&mut hand, &cards) {
            return Err(illegal(
                "card-not-in-hand",
                Message::new("sj-viol-not-held").text("cards", format_list(&cards)),
            ));
        }
        self.hands[seat] = hand;
        self.buried = cards;
        self.phase = Phase::Playing;
        self.to_play = seat;
        self.send(seat, "LEAD".to_owned());
        Ok(Message::new("sj-narr-bury").number("count", k))
    }

    fn play(&mut self, seat: Seat, cards: Vec<Card>) -> Result<Message, Violation> {
        let mut hand = self.hands[seat].clone();
        if !take_from(&mut hand, &cards) {
            return Err(illegal(
                "card-not-in-hand",
                Message::new("sj-viol-not-held").text("cards", format_list(&cards)),
            ));
        }
        let mut said = Message::new("sj-narr-play").text("cards", format_list(&cards));
        let trump = self.trump;
        let played = if let Some(trick) = self.trick.as_mut() {
            trick.check_follow(&trump, &self.hands[seat], &cards)?;
            trick.follow(&trump, seat, cards.clone());
            cards
        } else {
            let others: Vec<&[Card]> = (1..4).map(|i| self.hands[(seat + i) % 4].as_slice()).collect();
            let lead = check_lead(&self.trump, &cards, &others)?;
            if let Some(throw) = &lead.failed_throw {
                let line =
                    format!("THROW_FAILED {} {} {}", self.ids[seat], format_list(throw), format_list(&lead.cards));
                self.send_all(&line);
                said = Message::new("sj-narr-throw-failed")
                    .text("cards", format_list(throw))
                    .text("forced", format_list(&lead.cards));
                hand = self.hands[seat].clone();
                take_from(&mut hand, &lead.cards);
            }
            self.trick = Some(Trick::new(&self.trump, seat, lead.cards.clone()));
            lead.cards
        };
        self.hands[seat] = hand;
        self.send_all(&format!("PLAY {} {}", self.ids[seat], format_list(&played)));
        let trick = self.trick.as_ref().expect("a trick");
        if trick.plays.len() < 4 {
            self.to_play = (seat + 1) % 4;
            self.send(self.to_play, "FOLLOW".to_owned());
            return Ok(said);
        }
        Ok(self.end_trick(said))
    }

    fn end_trick(&mut self, said: Message) -> Message {
        let trick = self.trick.take().expect("a full trick");
        let winner = trick.winner();
        let cards: Vec<Card> = trick.cards().collect();
        let points = points_of(&cards);
        let side = Self::side_of(winner);
        self.points[side] += points;
        self.taken[side].extend(cards);
        self.tricks += 1;
        self.send_all(&format!("TRICK {} {points}", self.ids[winner]));
        let said = Message::new("sj-narr-trick")
            .clause("said", said)
            .text("player", &self.ids[winner])
            .number("points", points as usize);
        let last = self.hands.iter().all(Vec::is_empty);
        self.last_trick = Some(trick);
        if !last {
            self.to_play = winner;
            self.send(winner, "LEAD".to_owned());
            return said;
        }
        self.phase = Phase::Done;
        let attackers = 1 - Self::side_of(self.banker.expect("a banker"));
        let mut kitty_bonus = 0;
        if side == attackers {
            let units = &self.last_trick.as_ref().expect("the last trick").best_units;
            kitty_bonus = points_of(&self.buried) * kitty_multiplier(units);
        }
        self.end = Some(DealEnd { points: self.points[attackers] + kitty_bonus, kitty_bonus });
        said
    }

    /// The attackers' side (the side without the banker), once there is a banker.
    pub fn attackers(&self) -> Option<usize> {
        self.banker.map(|b| 1 - Self::side_of(b))
    }
}
