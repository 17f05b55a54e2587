//! A Canasta round counted by card kinds, with every card placed: the house bot's model of the
//! table for planning and for playouts. It checks each action as the referee does (`protocol.md`
//! §8.2–8.4: the frozen pile, the take's checklist, melds of one rank with two naturals and at most
//! three wild cards, going out only with a canasta, the classic initial meld's minimum when the
//! match plays it) and applies it only when legal.

use super::kinds::{JOKER, KINDS, Kind, MELD_KINDS, RED3, TWO, freezes};
pub use super::side::{KMeld, Side};

/// A way to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Draw {
    Stock,
    /// Take the pile: a new meld of its top card and these hand cards.
    TakeNew(KMeld),
    /// Take the pile: its top card joins the player's meld of its kind.
    TakeJoin,
}

/// What a player does after drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// Lay hand cards on the player's meld of `kind` (a new meld when he has none).
    Lay(Kind, KMeld),
    Discard(Kind),
}

/// A round in progress, every card placed.
#[derive(Debug, Clone)]
pub struct Sim {
    pub sides: [Side; 2],
    /// Top card last.
    pub stock: Vec<u8>,
    /// Top card last.
    pub discard: Vec<u8>,
    pub current: usize,
    pub over: bool,
    pub went_out: Option<usize>,
    /// Turns started (for a playout's cap).
    pub turns: u32,
    /// What each player's first meld of the round must be worth in card points (the rule option
    /// `initial-meld=classic`, by his match total); `None`: anything.
    pub min_open: [Option<i32>; 2],
    /// Whether the current player had no meld when his turn's draw was made: the melds he lays
    /// this turn are then his initial meld, checked when the turn ends.
    pub opening: bool,
}

impl Sim {
    pub fn me(&self) -> &Side {
        &self.sides[self.current]
    }

    pub fn top(&self) -> Option<Kind> {
        self.discard.last().map(|&k| usize::from(k))
    }

    /// Whether `side` (the current player, as a play would leave him) may end his turn: not
    /// while this turn's initial melds fall short of his minimum (a turn that lays nothing is
    /// free).
    fn may_end_turn(&self, side: &Side) -> bool {
        match self.min_open[self.current] {
            Some(min) if self.opening && side.has_melds() => side.melded_points() >= min,
            _ => true,
        }
    }

    /// Whether the current player's turn, as it stands, could not end now: he laid initial melds
    /// worth less than his minimum.
    pub fn opening_short(&self) -> bool {
        !self.may_end_turn(self.me())
    }

    /// The hand cards a take `draw` would use (none for a join or the stock).
    fn take_uses(draw: Draw) -> KMeld {
        match draw {
            Draw::TakeNew(m) => m,
            _ => KMeld::default(),
        }
    }

    /// Whether the current player may draw `draw` now (the take's checklist of §8.2).
    pub fn can_draw(&self, draw: Draw) -> bool {
        if self.over {
            return false;
        }
        if draw == Draw::Stock {
            return !self.stock.is_empty();
        }
        let Some(top) = self.top() else { return false };
        if freezes(top) || top == RED3 {
            return false;
        }
        let side = self.me();
        let one = KMeld { nat: 1, twos: 0, jokers: 0 };
        let mut after = side.clone();
        match draw {
            Draw::TakeJoin => {
                if !side.melds[top].exists() {
                    return false;
                }
                after.melds[top] = side.melds[top].plus(one);
            }
            Draw::TakeNew(used) => {
                let hand = &side.hand;
                if side.melds[top].exists()
                    || hand[top] < used.nat
                    || hand[TWO] < used.twos
                    || hand[JOKER] < used.jokers
                {
                    return false;
                }
                let meld = used.plus(one);
                if !meld.valid(top) {
                    return false;
                }
                // A first meld by a take must reach the minimum alone: the pile is not his own.
                if let Some(min) = self.min_open[self.current]
                    && !side.has_melds()
                    && meld.card_points(top) < min
                {
                    return false;
                }
                after.hand[top] -= used.nat;
                after.hand[TWO] -= used.twos;
                after.hand[JOKER] -= used.jokers;
                after.melds[top] = meld;
            }
            Draw::Stock => unreachable!("handled above"),
        }
        for &k in &self.discard[..self.discard.len() - 1] {
            if usize::from(k) != RED3 {
                after.hand[usize::from(k)] += 1;
            }
        }
        after.may_leave(after.hand_len(), false)
    }

    /// Every legal way to take the pile: the join, or a new meld with 1 to all the naturals of the
    /// top's kind held and no wild card, one 2 or one joker.
    pub fn legal_takes(&self) -> Vec<Draw> {
        let mut takes = Vec::new();
        let Some(top) = self.top() else { return takes };
        if self.me().melds.get(top).is_some_and(KMeld::exists) {
            if self.can_draw(Draw::TakeJoin) {
                takes.push(Draw::TakeJoin);
            }
            return takes;
        }
        let held = self.me().hand.get(top).copied().unwrap_or(0);
        let mut ways: Vec<KMeld> = Vec::new();
        for nat in 1..=held {
            for (twos, jokers) in [(0, 0), (1, 0), (0, 1)] {
                ways.push(KMeld { nat, twos, jokers });
            }
        }
        for twos in 0..=3 {
            for jokers in 0..=3 - twos {
                ways.push(KMeld { nat: held, twos, jokers });
            }
        }
        for used in ways {
            let draw = Draw::TakeNew(used);
            if !takes.contains(&draw) && self.can_draw(draw) {
                takes.push(draw);
            }
        }
        takes
    }

    /// Applies a legal draw (checked by `can_draw`); returns false, changing nothing, if illegal.
    pub fn draw(&mut self, draw: Draw) -> bool {
        if !self.can_draw(draw) {
            return false;
        }
        let p = self.current;
        self.opening = !self.sides[p].has_melds();
        if draw == Draw::Stock {
            while let Some(card) = self.stock.pop() {
                let k = usize::from(card);
                if k != RED3 {
                    self.sides[p].hand[k] += 1;
                    break;
                }
                self.sides[p].red3 += 1;
                if self.stock.is_empty() {
                    self.over = true;
                    break;
                }
            }
            return true;
        }
        let used = Sim::take_uses(draw);
        let top = self.top().unwrap_or(0);
        let side = &mut self.sides[p];
        side.hand[top] -= used.nat;
        side.hand[TWO] -= used.twos;
        side.hand[JOKER] -= used.jokers;
        side.melds[top] = side.melds[top].plus(used).plus(KMeld { nat: 1, twos: 0, jokers: 0 });
        self.discard.pop();
        for k in self.discard.drain(..) {
            match usize::from(k) {
                RED3 => side.red3 += 1,
                k => side.hand[k] += 1,
            }
        }
        self.check_out();
        true
    }

    /// Whether the current player may play `play` now.
    pub fn can_play(&self, play: Play) -> bool {
        if self.over {
            return false;
        }
        let side = self.me();
        match play {
            Play::Lay(kind, add) => {
                if kind >= MELD_KINDS || add.len() == 0 {
                    return false;
                }
                let hand = &side.hand;
                if hand[kind] < add.nat || hand[TWO] < add.twos || hand[JOKER] < add.jokers {
                    return false;
                }
                let meld = side.melds[kind].plus(add);
                if !meld.valid(kind) {
                    return false;
                }
                let mut after = side.clone();
                after.hand[kind] -= add.nat;
                after.hand[TWO] -= add.twos;
                after.hand[JOKER] -= add.jokers;
                after.melds[kind] = meld;
                after.may_leave(after.hand_len(), false) && (after.hand_len() > 0 || self.may_end_turn(&after))
            }
            Play::Discard(kind) => {
                kind != RED3
                    && kind < KINDS
                    && side.hand[kind] > 0
                    && side.may_leave(side.hand_len() - 1, true)
                    && self.may_end_turn(side)
            }
        }
    }

    /// Applies a legal play; returns false, changing nothing, if illegal. A discard that does not
    /// go out passes the turn to the other player (`start_turn`).
    pub fn play(&mut self, play: Play) -> bool {
        if !self.can_play(play) {
            return false;
        }
        let side = &mut self.sides[self.current];
        match play {
            Play::Lay(kind, add) => {
                side.hand[kind] -= add.nat;
                side.hand[TWO] -= add.twos;
                side.hand[JOKER] -= add.jokers;
                side.melds[kind] = side.melds[kind].plus(add);
                self.check_out();
            }
            Play::Discard(kind) => {
                side.hand[kind] -= 1;
                self.discard.push(kind as u8);
                self.check_out();
                if !self.over {
                    self.current = 1 - self.current;
                    self.start_turn();
                }
            }
        }
        true
    }

    fn check_out(&mut self) {
        if self.sides[self.current].hand_len() == 0 {
            self.over = true;
            self.went_out = Some(self.current);
        }
    }

    /// Starts the current player's turn: with an empty stock a player who cannot take the pile
    /// passes, and when neither can the round ends.
    pub fn start_turn(&mut self) {
        self.turns += 1;
        if !self.stock.is_empty() {
            return;
        }
        for _ in 0..2 {
            if !self.legal_takes().is_empty() {
                return;
            }
            self.current = 1 - self.current;
        }
        self.over = true;
    }

    /// Each player's round score as the table stands.
    pub fn scores(&self) -> [i32; 2] {
        [0, 1].map(|p| self.sides[p].score(self.went_out == Some(p)))
    }

    #[cfg(test)]
    /// How many of each kind are placed somewhere (a check that every card is, exactly once).
    pub fn placed(&self) -> super::kinds::Counts {
        let mut counts = [0u8; KINDS];
        for side in &self.sides {
            for (count, &held) in counts.iter_mut().zip(&side.hand) {
                *count += held;
            }
            for (k, m) in side.melds.iter().enumerate() {
                counts[k] += m.nat;
                counts[TWO] += m.twos;
                counts[JOKER] += m.jokers;
            }
            counts[RED3] += side.red3;
        }
        for &k in self.stock.iter().chain(&self.discard) {
            counts[usize::from(k)] += 1;
        }
        counts
    }

    #[cfg(test)]
    /// Whether every card of the decks is placed exactly once.
    pub fn is_whole(&self) -> bool {
        self.placed() == super::kinds::COPIES
    }
}
