//! The medium Shengji player's card play, also the rollout policy of the hard player's search: a
//! seat's hand, the cards the other seats may hold (`outside`) and the trick decide. Lead a
//! tractor, or a pair or single no outside card can beat, in a suit no opponent is void in;
//! otherwise shorten the shortest plain suit. Follow by feeding points to a partner whose play
//! stands, winning cheaply when the trick is worth it, else playing the cheapest legal cards.

use crate::cards::Card;
use crate::games::shengji::{EffSuit, Trick, TrumpContext, decompose, points, points_of};

use super::candidates::{cost, follows, leads, of_suit, would_win};
use super::seen::suit_index;

/// One seat's view for a decision.
pub struct Table<'a> {
    pub ctx: &'a TrumpContext,
    pub me: usize,
    pub hand: &'a [Card],
    /// Every card another seat may hold.
    pub outside: &'a [Card],
    /// Per effective suit (`suit_index`): an opponent may be void in it and ruff.
    pub opp_void: [bool; 5],
}

impl Table<'_> {
    /// Whether an outside card of `suit` makes a group of `width` higher than position `pos`.
    fn beaten(&self, suit: EffSuit, pos: u8, width: usize) -> bool {
        let higher: Vec<Card> =
            self.outside.iter().copied().filter(|&c| self.ctx.eff_suit(c) == suit && self.ctx.pos(c) > pos).collect();
        if width <= 1 {
            return !higher.is_empty();
        }
        higher.iter().any(|c| higher.iter().filter(|d| *d == c).count() >= width)
    }

    fn cheapest(&self, plays: &[Vec<Card>]) -> Vec<Card> {
        let total = |p: &Vec<Card>| p.iter().map(|&c| cost(self.ctx, c)).sum::<u32>();
        plays.iter().min_by_key(|p| (total(p), (*p).clone())).cloned().unwrap_or_default()
    }
}

/// The lead: a unit that should win, else a cheap card of the shortest plain suit.
pub fn lead(t: &Table) -> Vec<Card> {
    let ctx = t.ctx;
    let mut plain: Vec<(usize, EffSuit)> = Vec::new();
    for suit in crate::cards::Suit::ALL.map(EffSuit::Plain) {
        let cards = of_suit(ctx, t.hand, suit);
        if cards.is_empty() {
            continue;
        }
        plain.push((cards.len(), suit));
        if t.opp_void[suit_index(suit)] {
            continue;
        }
        if let Some(play) = winning_unit(t, &cards, suit) {
            return play;
        }
    }
    let trumps = of_suit(ctx, t.hand, EffSuit::Trump);
    let outside_trumps = t.outside.iter().filter(|&&c| ctx.is_trump(c)).count();
    if !trumps.is_empty()
        && (plain.is_empty() || trumps.len() * 2 >= outside_trumps)
        && let Some(play) = winning_unit(t, &trumps, EffSuit::Trump)
    {
        return play;
    }
    plain.sort();
    let pool = match plain.first() {
        Some(&(_, suit)) => of_suit(ctx, t.hand, suit),
        None => trumps,
    };
    let options: Vec<Vec<Card>> = pool.into_iter().map(|c| vec![c]).collect();
    if options.is_empty() {
        return leads(ctx, t.hand).into_iter().next().unwrap_or_default();
    }
    t.cheapest(&options)
}

/// A tractor, or the highest pair or single of `cards` (one suit) that no outside card beats.
fn winning_unit(t: &Table, cards: &[Card], suit: EffSuit) -> Option<Vec<Card>> {
    let units = decompose(cards, t.ctx);
    if let Some(tractor) = units.iter().find(|u| u.len >= 2) {
        return Some(tractor.cards.clone());
    }
    let pair = units.iter().filter(|u| u.width >= 2).max_by_key(|u| u.top);
    if let Some(pair) = pair
        && !t.beaten(suit, pair.top, 2)
    {
        return Some(pair.cards[..2].to_vec());
    }
    let high = cards.iter().copied().max_by_key(|&c| (t.ctx.pos(c), c))?;
    (!t.beaten(suit, t.ctx.pos(high), 1)).then(|| vec![high])
}

/// The follow: points to a partner who holds the trick, a cheap win when it pays, else low.
pub fn follow(t: &Table, trick: &Trick) -> Vec<Card> {
    let ctx = t.ctx;
    let options = follows(ctx, trick, t.hand);
    if options.len() <= 1 {
        return options.into_iter().next().unwrap_or_default();
    }
    let last = trick.plays.len() == 3;
    let partner = (t.me + 2) % 4;
    let winner = trick.winner();
    let on_table = points_of(&trick.cards().collect::<Vec<_>>());
    if winner == partner {
        let best = &trick.plays[trick.best].cards;
        let holds = last
            || (best.len() == 1
                && !t.opp_void[suit_index(trick.suit)]
                && !t.beaten(ctx.eff_suit(best[0]), ctx.pos(best[0]), 1));
        if holds {
            let feed = |p: &Vec<Card>| {
                let trumps = p.iter().filter(|&&c| ctx.is_trump(c)).count() as u32;
                (std::cmp::Reverse(points_of(p)), trumps, p.iter().map(|&c| u32::from(ctx.pos(c))).sum::<u32>())
            };
            return options.iter().min_by_key(|p| (feed(p), (*p).clone())).cloned().unwrap_or_default();
        }
        return t.cheapest(&options);
    }
    let winning: Vec<Vec<Card>> = options.iter().filter(|p| would_win(ctx, trick, t.me, p)).cloned().collect();
    let win_cost = |p: &Vec<Card>| -> u32 {
        p.iter().map(|&c| if ctx.is_trump(c) { 30 } else { 0 } + u32::from(ctx.pos(c))).sum()
    };
    if let Some(win) = winning.iter().min_by_key(|p| (win_cost(p), (*p).clone())) {
        let worth = on_table + points_of(win);
        let safe = last
            || win.iter().all(|&c| !t.beaten(ctx.eff_suit(c), ctx.pos(c), 1) || ctx.is_trump(c))
                && !t.opp_void[suit_index(trick.suit)];
        if (worth > 0 && safe) || (last && points(win[0]) == 0 && win_cost(win) < 40) {
            return win.clone();
        }
    }
    t.cheapest(&options)
}
