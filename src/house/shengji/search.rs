//! The hard Shengji player's card play: determinized (perfect-information) Monte Carlo. Each
//! sample deals the cards this seat cannot see to the other hands and the kitty, consistently
//! with what it saw (hand sizes, shown voids, cards known to be held); every candidate play is
//! then played out to the end of the deal with the medium policy at every seat, and the play
//! with the best total of its side's points (the kitty bonus included) is chosen. The number of
//! playouts decides the move; the time cap (`MoveCap`) is a safety only, on this thread's CPU
//! time, not the clock nor the process's CPU, so that a loaded machine does not change the moves.

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

use crate::cards::Card;
use crate::games::shengji::{Trick, TrumpContext, kitty_multiplier, points_of};
use crate::house::{Budget, MoveCap};

use super::candidates::{follows, leads};
use super::policy::{self, Table};
use super::seen::{Seen, remove_cards, suit_index};

/// One determinization: every seat's hand and the buried kitty.
#[derive(Debug, Clone)]
pub struct World {
    pub hands: [Vec<Card>; 4],
    pub kitty: Vec<Card>,
}

/// Deals the unseen cards at random, consistently with `seen`; after a few failed tries the
/// voids are ignored (the counts are always kept).
pub fn sample(seen: &Seen, rng: &mut Pcg64) -> World {
    let pool = seen.unseen();
    let me = seen.me;
    let mut capacity = [0usize; 5];
    for seat in (0..4).filter(|&s| s != me) {
        capacity[seat] = seen.cards_left(seat);
    }
    let others: usize = capacity.iter().sum();
    capacity[4] = pool.len().saturating_sub(others);
    for attempt in 0..12 {
        if let Some(world) = try_deal(seen, &pool, capacity, attempt < 11, rng) {
            return world;
        }
    }
    try_deal(seen, &pool, capacity, false, rng).unwrap_or_else(|| World {
        hands: std::array::from_fn(|s| if s == me { seen.hand.clone() } else { Vec::new() }),
        kitty: Vec::new(),
    })
}

fn try_deal(seen: &Seen, pool: &[Card], mut capacity: [usize; 5], voids: bool, rng: &mut Pcg64) -> Option<World> {
    let mut world = World { hands: Default::default(), kitty: Vec::new() };
    world.hands[seen.me] = seen.hand.clone();
    let mut rest = pool.to_vec();
    for seat in (0..4).filter(|&s| s != seen.me) {
        for &card in &seen.known[seat] {
            if capacity[seat] > 0 && rest.contains(&card) {
                remove_cards(&mut rest, &[card]);
                world.hands[seat].push(card);
                capacity[seat] -= 1;
            }
        }
    }
    rest.shuffle(rng);
    let allowed =
        |slot: usize, card: Card| slot == 4 || !voids || !seen.void[slot][suit_index(seen.trump.eff_suit(card))];
    rest.sort_by_key(|&c| (0..4).filter(|&s| s != seen.me && allowed(s, c)).count());
    for card in rest {
        let slots: Vec<usize> = (0..5).filter(|&s| s != seen.me && capacity[s] > 0 && allowed(s, card)).collect();
        let total: usize = slots.iter().map(|&s| capacity[s]).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        let slot = *slots.iter().find(|&&s| {
            let fits = pick < capacity[s];
            if !fits {
                pick -= capacity[s];
            }
            fits
        })?;
        capacity[slot] -= 1;
        if slot == 4 { world.kitty.push(card) } else { world.hands[slot].push(card) }
    }
    Some(world)
}

/// A deal played out from the position `seen` shows, with perfect information.
struct Playout<'a> {
    ctx: &'a TrumpContext,
    hands: [Vec<Card>; 4],
    trick: Option<Trick>,
    points: [u32; 2],
    last: Option<Trick>,
}

impl Playout<'_> {
    fn apply(&mut self, seat: usize, play: Vec<Card>) -> Option<usize> {
        remove_cards(&mut self.hands[seat], &play);
        let trick = match self.trick.as_mut() {
            None => self.trick.insert(Trick::new(self.ctx, seat, play)),
            Some(trick) => {
                trick.follow(self.ctx, seat, play);
                trick
            }
        };
        if trick.plays.len() < 4 {
            return Some((seat + 1) % 4);
        }
        let trick = self.trick.take()?;
        let winner = trick.winner();
        self.points[winner % 2] += points_of(&trick.cards().collect::<Vec<_>>());
        self.last = Some(trick);
        self.hands.iter().any(|h| !h.is_empty()).then_some(winner)
    }

    fn choose(&self, seat: usize) -> Vec<Card> {
        let outside: Vec<Card> = (1..4).flat_map(|i| self.hands[(seat + i) % 4].iter().copied()).collect();
        let mut opp_void = [true; 5];
        for opp in [(seat + 1) % 4, (seat + 3) % 4] {
            for &c in &self.hands[opp] {
                opp_void[suit_index(self.ctx.eff_suit(c))] = false;
            }
        }
        let table = Table { ctx: self.ctx, me: seat, hand: &self.hands[seat], outside: &outside, opp_void };
        match &self.trick {
            None => policy::lead(&table),
            Some(trick) => policy::follow(&table, trick),
        }
    }
}

/// The deal's end for `seen.me`'s side after `play`: its points if attacking, minus the
/// attackers' points if defending.
fn playout(seen: &Seen, world: &World, play: &[Card]) -> i64 {
    let ctx = seen.trump;
    let mut p =
        Playout { ctx: &ctx, hands: world.hands.clone(), trick: seen.trick.clone(), points: seen.points, last: None };
    let mut next = p.apply(seen.me, play.to_vec());
    while let Some(seat) = next {
        let choice = p.choose(seat);
        if choice.is_empty() {
            break;
        }
        next = p.apply(seat, choice);
    }
    let attackers = seen.attackers().unwrap_or(1 - seen.me % 2);
    let mut total = p.points[attackers];
    if let Some(last) = &p.last
        && last.winner() % 2 == attackers
        && p.hands.iter().all(Vec::is_empty)
    {
        let kitty = if seen.buried.is_empty() { &world.kitty } else { &seen.buried };
        total += points_of(kitty) * kitty_multiplier(&last.best_units);
    }
    if seen.me % 2 == attackers { i64::from(total) } else { -i64::from(total) }
}

/// The play of the hard player for the trick in progress (`None`: a lead); `cap` started when the
/// line asking for it arrived.
pub fn choose(seen: &Seen, budget: Budget, rng: &mut Pcg64, cap: &MoveCap) -> Vec<Card> {
    let ctx = seen.trump;
    let options = match &seen.trick {
        None => leads(&ctx, &seen.hand),
        Some(trick) => follows(&ctx, trick, &seen.hand),
    };
    if options.len() <= 1 {
        return options.into_iter().next().unwrap_or_default();
    }
    let samples = (budget.playouts as usize / options.len()).max(1);
    let mut totals = vec![0i64; options.len()];
    for done in 1..=samples {
        let world = sample(seen, rng);
        for (total, play) in totals.iter_mut().zip(&options) {
            *total += playout(seen, &world, play);
        }
        if cap.reached(done, samples) {
            break;
        }
    }
    let best = (0..options.len()).max_by_key(|&i| (totals[i], std::cmp::Reverse(i))).unwrap_or(0);
    options[best].clone()
}
