//! The public table of a Buraco game as one seat follows it (melds, discard pile, stock size,
//! mortos, hand sizes), a move as the house bot plays it, and the points a side has on the table.
//! The meld rules are the engine's (`Meld`); nothing here reads the referee's state.

use crate::cards::{Card, format_list};
use crate::games::buraco::{BuracoRules, GoingOut, Meld};

/// One command of a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    Stock,
    /// Take the pile, melding its top card with these hand cards.
    Pile(Vec<Card>),
    /// Take the pile by joining its top card to the side's meld (STBL).
    PileJoin(usize),
    New(Vec<Card>),
    Join(usize, Vec<Card>),
    Discard(Card),
}

impl Move {
    /// The line sent for the move.
    pub fn line(&self) -> String {
        match self {
            Move::Stock => "GET_STOCK".to_string(),
            Move::Pile(cards) => format!("GET_DISCARD {}", format_list(cards)),
            Move::PileJoin(i) => format!("GET_DISCARD_JOIN {i}"),
            Move::New(cards) => format!("MELD_NEW {}", format_list(cards)),
            Move::Join(i, cards) => format!("MELD_JOIN {i} {}", format_list(cards)),
            Move::Discard(card) => format!("DISCARD {card}"),
        }
    }
}

/// What every seat sees of the table.
#[derive(Debug, Clone)]
pub struct Board {
    pub rules: BuracoRules,
    pub seats: usize,
    /// Each side's melds, in creation order (the `MELD_JOIN` index).
    pub melds: [Vec<Meld>; 2],
    /// Top card last.
    pub pile: Vec<Card>,
    pub stock: usize,
    /// Whether each side's morto still waits to be taken.
    pub morto_waiting: [bool; 2],
    pub morto_taken: [bool; 2],
    pub hand_counts: Vec<usize>,
}

impl Board {
    pub fn new(rules: BuracoRules, seats: usize) -> Board {
        let hand = rules.hand_size;
        let mortos = rules.morto.is_some();
        let morto_cards = rules.morto.map_or(0, |m| m.size) * 2;
        let stock = rules.card_count() - hand * seats - morto_cards - usize::from(rules.up_card);
        Board {
            rules,
            seats,
            melds: [Vec::new(), Vec::new()],
            pile: Vec::new(),
            stock,
            morto_waiting: [mortos, mortos],
            morto_taken: [false, false],
            hand_counts: vec![hand; seats],
        }
    }

    pub fn side_of(&self, seat: usize) -> usize {
        seat % 2
    }

    /// Whether `side` owns a clean canastra.
    pub fn has_clean_canastra(&self, side: usize) -> bool {
        self.melds[side].iter().any(|m| m.is_clean_canastra(&self.rules))
    }

    /// The fewest cards a player of `side` may hold after a meld or a pickup: 0 when emptying the
    /// hand is allowed (it goes out, or takes the morto), else 2 (one left could only be
    /// discarded, which would empty it).
    pub fn min_hand_after_meld(&self, side: usize) -> usize {
        if self.may_empty_hand(side) { 0 } else { 2 }
    }

    /// Whether a player of `side` may empty his hand now (a clean canastra already on the
    /// table counts; one the same action would complete is not relied on).
    pub fn may_empty_hand(&self, side: usize) -> bool {
        match self.rules.going_out {
            GoingOut::Always => true,
            _ if self.morto_waiting[side] => true,
            GoingOut::CleanCanastraAfterMorto => self.has_clean_canastra(side),
            GoingOut::CanastraAfterMorto => false,
        }
    }

    /// Whether a player of `side` may still empty his hand once `mv` (a meld) is made: a join
    /// can turn the side's only clean canastra dirty (`2♦ … 8♦` + `10♦` puts the 2 in the 9's
    /// place), and a new meld can be one.
    pub fn may_empty_hand_after(&self, side: usize, mv: &Move) -> bool {
        if !matches!(self.rules.going_out, GoingOut::CleanCanastraAfterMorto) || self.morto_waiting[side] {
            return self.may_empty_hand(side);
        }
        let clean = |m: &Meld| m.is_clean_canastra(&self.rules);
        let melds = &self.melds[side];
        match mv {
            Move::Join(i, cards) => melds.iter().enumerate().any(|(j, m)| {
                if j == *i { m.join(cards, &self.rules.melds).is_ok_and(|m| clean(&m)) } else { clean(m) }
            }),
            Move::New(cards) => melds.iter().any(clean) || Meld::new(cards, &self.rules.melds).is_ok_and(|m| clean(&m)),
            _ => self.may_empty_hand(side),
        }
    }

    /// Points of `side`'s melds (cards and bonuses).
    pub fn table_points(&self, side: usize) -> i64 {
        self.melds[side].iter().map(|m| m.points(&self.rules)).sum()
    }

    /// Applies a valid move of `seat` to the public table: the hand size, melds and pile.
    /// Returns the pile's cards the player takes into his hand (a pickup), if any.
    pub fn apply(&mut self, seat: usize, mv: &Move) -> Vec<Card> {
        let side = self.side_of(seat);
        let policy = self.rules.melds;
        match mv {
            Move::Stock => {
                self.stock = self.stock.saturating_sub(1);
                self.hand_counts[seat] += 1;
                Vec::new()
            }
            Move::Pile(cards) => {
                let top = self.pile.pop();
                let mut all: Vec<Card> = top.into_iter().collect();
                all.extend_from_slice(cards);
                if let Ok(meld) = Meld::new(&all, &policy) {
                    self.melds[side].push(meld);
                }
                let rest = std::mem::take(&mut self.pile);
                self.hand_counts[seat] = (self.hand_counts[seat] + rest.len()).saturating_sub(cards.len());
                rest
            }
            Move::PileJoin(i) => {
                let top = self.pile.pop();
                if let (Some(meld), Some(top)) = (self.melds[side].get(*i), top)
                    && let Ok(joined) = meld.join(&[top], &policy)
                {
                    self.melds[side][*i] = joined;
                }
                let rest = std::mem::take(&mut self.pile);
                self.hand_counts[seat] += rest.len();
                rest
            }
            Move::New(cards) => {
                if let Ok(meld) = Meld::new(cards, &policy) {
                    self.melds[side].push(meld);
                }
                self.hand_counts[seat] = self.hand_counts[seat].saturating_sub(cards.len());
                Vec::new()
            }
            Move::Join(i, cards) => {
                if let Some(meld) = self.melds[side].get(*i)
                    && let Ok(joined) = meld.join(cards, &policy)
                {
                    self.melds[side][*i] = joined;
                }
                self.hand_counts[seat] = self.hand_counts[seat].saturating_sub(cards.len());
                Vec::new()
            }
            Move::Discard(card) => {
                self.pile.push(*card);
                self.hand_counts[seat] = self.hand_counts[seat].saturating_sub(1);
                Vec::new()
            }
        }
    }

    /// `seat` takes its side's morto (`cards` of it, when known).
    pub fn take_morto(&mut self, seat: usize) {
        let side = self.side_of(seat);
        self.morto_waiting[side] = false;
        self.morto_taken[side] = true;
        self.hand_counts[seat] += self.rules.morto.map_or(0, |m| m.size);
    }

    /// `side`'s morto becomes the stock.
    pub fn morto_to_stock(&mut self, side: usize) {
        if self.morto_waiting[side] {
            self.morto_waiting[side] = false;
            self.stock += self.rules.morto.map_or(0, |m| m.size);
        }
    }
}
