//! What one seat knows of a Canasta round, kept from the lines it is told: its hand, every meld
//! on the table in the order made, the red 3s laid out, the discard pile, how many cards the other
//! player holds and which of them he took from the pile; and a determinization of the rest (the
//! other hand and the stock drawn at random among the cards it has not seen).

use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

use crate::cards::Card;
use crate::games::canasta::InitialMeld;

use super::kinds::{COPIES, Counts, JOKER, KINDS, Kind, RED3, TWO, count, is_wild, kind_of};
use super::sim::{KMeld, Side, Sim};

/// The seat's knowledge of the round in progress.
#[derive(Debug, Clone)]
pub struct Seat {
    /// The wire ids, in seat order, and which one is ours.
    pub ids: Vec<String>,
    pub me: usize,
    pub hand: Vec<Card>,
    /// Each player's melds in the order made (the `MELD_JOIN` index): kind and cards counted.
    pub melds: [Vec<(Kind, KMeld)>; 2],
    pub red3: [u8; 2],
    /// Bottom first.
    pub discard: Vec<Card>,
    /// Cards in the other player's hand, and the kinds among them known (taken from the pile).
    pub other_count: u32,
    pub other_known: Counts,
    pub stock_empty: bool,
    /// The match's rule for a round's first meld (kept from round to round).
    pub initial: InitialMeld,
    /// Each player's match total before this round (`HAND_END`; kept from round to round).
    pub totals: [i64; 2],
}

impl Default for Seat {
    fn default() -> Seat {
        Seat {
            ids: Vec::new(),
            me: 0,
            hand: Vec::new(),
            melds: Default::default(),
            red3: [0; 2],
            discard: Vec::new(),
            other_count: 0,
            other_known: [0; KINDS],
            stock_empty: false,
            initial: InitialMeld::Free,
            totals: [0; 2],
        }
    }
}

/// Counts a meld's cards (its kind is its natural cards').
pub fn meld_of(cards: &[Card]) -> (Kind, KMeld) {
    let kinds = count(cards);
    let kind = (0..KINDS).find(|&k| !is_wild(k) && kinds[k] > 0).unwrap_or(0);
    (kind, KMeld { nat: kinds[kind], twos: kinds[TWO], jokers: kinds[JOKER] })
}

impl Seat {
    pub fn other(&self) -> usize {
        1 - self.me
    }

    /// A new round: the hand dealt and the pile turned.
    pub fn new_round(&mut self, hand: Vec<Card>, discard: Vec<Card>) {
        let (ids, me, initial, totals) = (std::mem::take(&mut self.ids), self.me, self.initial, self.totals);
        *self = Seat { ids, me, hand, discard, other_count: 15, initial, totals, ..Seat::default() };
    }

    /// The seat an id names (`None`: not a player's id).
    pub fn seat_of(&self, id: &str) -> Option<usize> {
        self.ids.iter().position(|i| i == id)
    }

    fn add_meld(&mut self, player: usize, index: Option<usize>, cards: &[Card]) {
        let (kind, add) = meld_of(cards);
        match index.and_then(|i| self.melds[player].get_mut(i)) {
            Some((_, meld)) => *meld = meld.plus(add),
            None => self.melds[player].push((kind, add)),
        }
    }

    fn other_loses(&mut self, cards: &[Card]) {
        self.other_count = self.other_count.saturating_sub(cards.len() as u32);
        for &card in cards {
            let known = &mut self.other_known[kind_of(card)];
            *known = known.saturating_sub(1);
        }
    }

    /// The pile under its top card goes to `player`'s hand (red 3s are announced on their own).
    fn pile_to(&mut self, player: usize) -> Vec<Card> {
        let _top = self.discard.pop();
        let rest: Vec<Card> = std::mem::take(&mut self.discard).into_iter().filter(|&c| kind_of(c) != RED3).collect();
        if player != self.me {
            self.other_count += rest.len() as u32;
            for &card in &rest {
                self.other_known[kind_of(card)] += 1;
            }
        }
        rest
    }

    /// The other player took the pile: a new meld of the top and `cards`, or the top joined to
    /// his meld `join`.
    pub fn other_takes(&mut self, cards: &[Card], join: Option<usize>) {
        let other = self.other();
        let Some(&top) = self.discard.last() else { return };
        self.other_loses(cards);
        let mut meld = cards.to_vec();
        meld.push(top);
        self.add_meld(other, join, if join.is_some() { &meld[meld.len() - 1..] } else { &meld });
        self.pile_to(other);
    }

    /// The other player laid `cards` (on his meld `join`, or as a new meld).
    pub fn other_lays(&mut self, cards: &[Card], join: Option<usize>) {
        self.other_loses(cards);
        self.add_meld(self.other(), join, cards);
    }

    pub fn other_discards(&mut self, card: Card) {
        self.other_loses(&[card]);
        self.discard.push(card);
    }

    /// We took the pile our way (`cards` from the hand, or joining `join`); `rest` is the reply.
    pub fn we_take(&mut self, cards: &[Card], join: Option<usize>, rest: &[Card]) {
        let Some(&top) = self.discard.last() else { return };
        for &card in cards {
            remove(&mut self.hand, card);
        }
        let mut meld = cards.to_vec();
        meld.push(top);
        self.add_meld(self.me, join, if join.is_some() { &meld[meld.len() - 1..] } else { &meld });
        self.discard.clear();
        self.hand.extend(rest.iter().copied().filter(|&c| kind_of(c) != RED3));
    }

    pub fn we_lay(&mut self, cards: &[Card], join: Option<usize>) {
        for &card in cards {
            remove(&mut self.hand, card);
        }
        self.add_meld(self.me, join, cards);
    }

    pub fn we_discard(&mut self, card: Card) {
        remove(&mut self.hand, card);
        self.discard.push(card);
    }

    /// The index of `player`'s meld of `kind`.
    pub fn meld_index(&self, player: usize, kind: Kind) -> Option<usize> {
        self.melds[player].iter().position(|&(k, _)| k == kind)
    }

    /// The counted table with our hand as it is and the cards we have not seen dealt at random:
    /// the other hand (his known cards, then unseen cards that are not red 3s) and the stock.
    pub fn determinize(&self, rng: &mut Pcg64) -> Sim {
        let mut sides: [Side; 2] = Default::default();
        let mut unseen = COPIES;
        let mut take = |k: Kind, n: u8| unseen[k] = unseen[k].saturating_sub(n);
        for ((side, melds), &red3) in sides.iter_mut().zip(&self.melds).zip(&self.red3) {
            for &(kind, meld) in melds {
                side.melds[kind] = side.melds[kind].plus(meld);
                take(kind, meld.nat);
                take(TWO, meld.twos);
                take(JOKER, meld.jokers);
            }
            side.red3 = red3;
            take(RED3, red3);
        }
        sides[self.me].hand = count(&self.hand);
        for k in 0..KINDS {
            take(k, sides[self.me].hand[k]);
        }
        let discard: Vec<u8> = self.discard.iter().map(|&c| kind_of(c) as u8).collect();
        for &k in &discard {
            take(usize::from(k), 1);
        }
        let other = self.other();
        for ((left, held), &known) in unseen.iter_mut().zip(sides[other].hand.iter_mut()).zip(&self.other_known) {
            *held = known.min(*left);
            *left -= *held;
        }
        let mut pool: Vec<u8> = Vec::with_capacity(108);
        for (k, &n) in unseen.iter().enumerate().take(RED3) {
            pool.extend(std::iter::repeat_n(k as u8, usize::from(n)));
        }
        pool.shuffle(rng);
        let missing = (self.other_count as usize).saturating_sub(sides[other].hand_len() as usize).min(pool.len());
        for k in pool.drain(..missing) {
            sides[other].hand[usize::from(k)] += 1;
        }
        pool.extend(std::iter::repeat_n(RED3 as u8, usize::from(unseen[RED3])));
        pool.shuffle(rng);
        if self.stock_empty {
            pool.clear();
        }
        let min_open = self.totals.map(|t| self.initial.minimum(t).map(|m| m as i32));
        let opening = !sides[self.me].has_melds();
        Sim { sides, stock: pool, discard, current: self.me, over: false, went_out: None, turns: 0, min_open, opening }
    }
}

fn remove(hand: &mut Vec<Card>, card: Card) {
    if let Some(at) = hand.iter().position(|&c| c == card) {
        hand.remove(at);
    }
}
