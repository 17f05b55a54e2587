//! The public table of a Schwab hand as one seat follows it from its lines (each team's piles,
//! the discard pile with its hidden up-card, the stock's size, the buracos, every hand's size and
//! the cards seen going into a hand), the moves of a turn, and the rules checks a house bot needs
//! before it plays (going out, the pickup's P4, a team's score): piles are the engine's `Meld`.

use crate::cards::{Card, format_list};
use crate::games::buraco::{BuracoRules, Meld, TableCards};

/// Seats at a Schwab table.
pub const SEATS: usize = 4;

/// One command of a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    Stock,
    /// The first move's `GET_DISCARD [ ]`: the up-card alone.
    UpCard,
    /// Take the pile with this natural pair.
    Pile([Card; 2]),
    New(Vec<Card>),
    Join(usize, Vec<Card>),
    Discard(Card),
}

impl Move {
    /// The line sent for the move.
    pub fn line(&self) -> String {
        match self {
            Move::Stock => "GET_STOCK".to_string(),
            Move::UpCard => "GET_DISCARD [  ]".to_string(),
            Move::Pile(pair) => format!("GET_DISCARD {}", format_list(pair)),
            Move::New(cards) => format!("MELD_NEW {}", format_list(cards)),
            Move::Join(i, cards) => format!("MELD_JOIN {i} {}", format_list(cards)),
            Move::Discard(card) => format!("DISCARD {card}"),
        }
    }

    /// The hand cards the move lays or discards.
    pub fn spent(&self) -> &[Card] {
        match self {
            Move::Pile(pair) => pair,
            Move::New(cards) | Move::Join(_, cards) => cards,
            Move::Discard(card) => std::slice::from_ref(card),
            Move::Stock | Move::UpCard => &[],
        }
    }
}

/// What every seat sees of a hand, plus the cards seen going into each hand.
#[derive(Debug, Clone)]
pub struct Board {
    pub rules: BuracoRules,
    /// Each team's piles in creation order (the `MELD_JOIN` index).
    pub melds: [Vec<Meld>; 2],
    /// The discard pile's known cards, top last.
    pub pile: Vec<Card>,
    /// Whether the pile's bottom card is the up-card this seat was not shown.
    pub hidden: bool,
    pub stock: usize,
    /// Whether each team's buraco still waits.
    pub buraco: [bool; 2],
    pub hand_counts: [usize; SEATS],
    /// Cards seen going into each seat's hand (pile pickups) and not played since.
    pub known: [Vec<Card>; SEATS],
    /// Turns finished in this hand (the up-card may be taken alone only before the first ends).
    pub turns: usize,
}

impl Board {
    /// The table at the start of a hand (before the up-card line).
    pub fn new(rules: BuracoRules) -> Board {
        let morto = rules.morto.map_or(0, |m| m.size);
        let hand = rules.hand_size;
        let stock = rules.card_count() - hand * SEATS - 2 * morto - 1;
        Board {
            rules,
            melds: [Vec::new(), Vec::new()],
            pile: Vec::new(),
            hidden: false,
            stock,
            buraco: [true, true],
            hand_counts: [hand; SEATS],
            known: Default::default(),
            turns: 0,
        }
    }

    pub fn side_of(seat: usize) -> usize {
        seat % 2
    }

    /// Cards in the discard pile, the hidden up-card included.
    pub fn pile_len(&self) -> usize {
        self.pile.len() + usize::from(self.hidden)
    }

    /// Whether `card` is a mono (a joker or any 2).
    pub fn is_wild(&self, card: Card) -> bool {
        self.rules.melds.is_wild(card)
    }

    /// Whether piles `melds` let their team go out (B4): a cerrado and no unfinished mono pile.
    pub fn may_go_out_with<'a>(&self, melds: impl IntoIterator<Item = &'a Meld> + Clone) -> bool {
        let rules = &self.rules;
        melds.clone().into_iter().any(|m| m.is_canastra(rules))
            && !melds.into_iter().any(|m| m.is_unfinished_wilds(rules))
    }

    /// Whether `side` owns a cerrado.
    pub fn has_cerrado(&self, side: usize) -> bool {
        self.melds[side].iter().any(|m| m.is_canastra(&self.rules))
    }

    /// The engine's B2/B3 check, conservatively: may a player of `side` be left `left` cards by
    /// an action after which the team's piles are `melds` (`discarding`: the action is a dump)?
    pub fn may_leave(&self, side: usize, left: usize, discarding: bool, melds: &[&Meld]) -> bool {
        self.buraco[side] || left > 1 || (left == 1 && discarding) || self.may_go_out_with(melds.iter().copied())
    }

    /// Whether a pickup with `pair` is legal for `seat` holding `hand_len` cards now (P1–P4 and
    /// B2; the pair's validity is checked by the caller with `pickup_meld`).
    pub fn pickup_allowed(&self, seat: usize, hand_len: usize, meld: &Meld) -> bool {
        let side = Board::side_of(seat);
        let held = self.pile_len() + hand_len;
        if !self.buraco[side] && !self.has_cerrado(side) && held < 5 {
            return false;
        }
        let left = hand_len + self.pile_len() - 1 - 2;
        let mut melds: Vec<&Meld> = self.melds[side].iter().collect();
        melds.push(meld);
        self.may_leave(side, left, false, &melds)
    }

    /// The pile the top card makes with `pair`, when the pair is natural and the top no mono.
    pub fn pickup_meld(&self, pair: [Card; 2]) -> Option<Meld> {
        let &top = self.pile.last()?;
        if self.is_wild(top) || pair.iter().any(|&c| self.is_wild(c)) {
            return None;
        }
        Meld::new(&[top, pair[0], pair[1]], &self.rules.melds).ok()
    }

    /// Whether the first move's up-card may be taken alone now.
    pub fn up_card_open(&self) -> bool {
        self.turns == 0 && self.pile_len() == 1
    }

    /// `side`'s table points as the hand's score counts them: card points (negative without a
    /// cerrado) and every pile's bonus or penalty.
    pub fn table_points(&self, side: usize) -> i64 {
        let rules = &self.rules;
        let melds = &self.melds[side];
        let cards: i64 = melds.iter().map(|m| rules.values.sum(m.cards())).sum();
        let negative = rules.table_cards == TableCards::NegativeWithoutCanastra && !self.has_cerrado(side);
        let bonus: i64 = melds.iter().map(|m| m.bonus(rules)).sum();
        if negative { bonus - cards } else { bonus + cards }
    }

    /// `side`'s table points with its cards counted positive, as once it owns a cerrado.
    pub fn open_points(&self, side: usize) -> i64 {
        let rules = &self.rules;
        self.melds[side].iter().map(|m| rules.values.sum(m.cards()) + m.bonus(rules)).sum()
    }

    /// Applies `seat`'s move to the public table; a pickup returns the pile's known cards that go
    /// to the hand (the hidden up-card is not among them). Moves are trusted: the referee checked
    /// them, or this seat built them from legal candidates.
    pub fn apply(&mut self, seat: usize, mv: &Move) -> Vec<Card> {
        let side = Board::side_of(seat);
        let policy = self.rules.melds;
        for card in mv.spent() {
            if let Some(at) = self.known[seat].iter().position(|c| c == card) {
                self.known[seat].swap_remove(at);
            }
        }
        let count = &mut self.hand_counts[seat];
        match mv {
            Move::Stock => {
                self.stock = self.stock.saturating_sub(1);
                *count += 1;
                Vec::new()
            }
            Move::UpCard => {
                *count += 1;
                self.hidden = false;
                let taken = std::mem::take(&mut self.pile);
                self.known[seat].extend(taken.iter().copied());
                taken
            }
            Move::Pile(pair) => {
                *count = (*count + self.pile.len() + usize::from(self.hidden)).saturating_sub(3);
                self.hidden = false;
                if let Some(top) = self.pile.pop()
                    && let Ok(meld) = Meld::new(&[top, pair[0], pair[1]], &policy)
                {
                    self.melds[side].push(meld);
                }
                let rest = std::mem::take(&mut self.pile);
                self.known[seat].extend(rest.iter().copied());
                rest
            }
            Move::New(cards) => {
                *count = count.saturating_sub(cards.len());
                if let Ok(meld) = Meld::new(cards, &policy) {
                    self.melds[side].push(meld);
                }
                Vec::new()
            }
            Move::Join(i, cards) => {
                *count = count.saturating_sub(cards.len());
                if let Some(meld) = self.melds[side].get(*i)
                    && let Ok(joined) = meld.join(cards, &policy)
                {
                    self.melds[side][*i] = joined;
                }
                Vec::new()
            }
            Move::Discard(card) => {
                *count = count.saturating_sub(1);
                self.pile.push(*card);
                self.turns += 1;
                Vec::new()
            }
        }
    }

    /// `seat` takes its team's buraco.
    pub fn take_buraco(&mut self, seat: usize) {
        let side = Board::side_of(seat);
        if self.buraco[side] {
            self.buraco[side] = false;
            self.hand_counts[seat] += self.rules.morto.map_or(0, |m| m.size);
        }
    }

    /// Whether a hand of `hand` calls for its team's buraco (B1: nothing but monos, or nothing).
    pub fn buraco_due(&self, side: usize, hand: &[Card]) -> bool {
        self.buraco[side] && hand.iter().all(|&c| self.is_wild(c))
    }
}
