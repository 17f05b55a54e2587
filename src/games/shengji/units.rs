//! Units of a play (singles, pairs, triples, tractors): finding them in a set of cards of one
//! effective suit, reading a lead as a list of units (its format), the follower's shape
//! obligation, and whether one play beats another. Pure functions of the cards and the trump
//! context.

use std::collections::BTreeMap;

use crate::cards::Card;

use super::order::{EffSuit, TrumpContext};

/// One unit: `len` consecutive groups of `width` identical cards (a single is 1×1, a pair 2×1, a
/// triple 3×1, a tractor 2×L or 3×L with L ≥ 2). `top` is the highest group's position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub width: u8,
    pub len: u8,
    pub top: u8,
    /// The unit's cards, lowest group first.
    pub cards: Vec<Card>,
}

impl Unit {
    pub fn size(&self) -> usize {
        self.width as usize * self.len as usize
    }

    pub fn shape(&self) -> (u8, u8) {
        (self.width, self.len)
    }
}

/// Identical cards counted, by position then card (deterministic).
#[derive(Debug, Clone)]
pub struct Groups {
    by_pos: BTreeMap<u8, Vec<(Card, u8)>>,
}

impl Groups {
    pub fn new(cards: &[Card], ctx: &TrumpContext) -> Groups {
        let mut counts: BTreeMap<(u8, Card), u8> = BTreeMap::new();
        for &card in cards {
            *counts.entry((ctx.pos(card), card)).or_default() += 1;
        }
        let mut by_pos: BTreeMap<u8, Vec<(Card, u8)>> = BTreeMap::new();
        for ((pos, card), n) in counts {
            by_pos.entry(pos).or_default().push((card, n));
        }
        Groups { by_pos }
    }

    fn eligible(&self, pos: u8, width: u8) -> Option<Card> {
        self.by_pos.get(&pos)?.iter().find(|(_, n)| *n >= width).map(|(c, _)| *c)
    }

    pub fn max_count(&self) -> u8 {
        self.by_pos.values().flatten().map(|(_, n)| *n).max().unwrap_or(0)
    }

    /// The highest unit of `width` × `len` whose top is above `above` (`None`: any).
    pub fn find(&self, width: u8, len: u8, above: Option<u8>) -> Option<Unit> {
        let low_top = above.map_or(len - 1, |a| (a + 1).max(len - 1));
        for top in (low_top..=15).rev() {
            let picks: Option<Vec<Card>> = (top + 1 - len..=top).map(|p| self.eligible(p, width)).collect();
            if let Some(picks) = picks {
                let cards = picks.iter().flat_map(|&c| std::iter::repeat_n(c, width as usize)).collect();
                return Some(Unit { width, len, top, cards });
            }
        }
        None
    }

    /// Every unit of `width` × `len`, highest first; at each position the card of the fewest
    /// copies that still make a group of `width` (a pair is taken from a pair before a triple).
    fn all(&self, width: u8, len: u8) -> Vec<Unit> {
        let pick = |pos: u8| -> Option<Card> {
            let list = self.by_pos.get(&pos)?;
            list.iter().filter(|(_, n)| *n >= width).min_by_key(|(_, n)| *n).map(|(c, _)| *c)
        };
        let mut units = Vec::new();
        for top in (len - 1..=15).rev() {
            let picks: Option<Vec<Card>> = (top + 1 - len..=top).map(pick).collect();
            if let Some(picks) = picks {
                let cards = picks.iter().flat_map(|&c| std::iter::repeat_n(c, width as usize)).collect();
                units.push(Unit { width, len, top, cards });
            }
        }
        units
    }

    /// The longest chain of groups of at least `width` cards (ties: the highest).
    fn longest(&self, width: u8) -> Option<Unit> {
        (1..=16u8).rev().find_map(|len| self.find(width, len, None))
    }

    pub fn remove(&mut self, cards: &[Card], ctx: &TrumpContext) {
        for &card in cards {
            let pos = ctx.pos(card);
            if let Some(list) = self.by_pos.get_mut(&pos) {
                if let Some(entry) = list.iter_mut().find(|(c, _)| *c == card) {
                    entry.1 -= 1;
                }
                list.retain(|(_, n)| *n > 0);
                if list.is_empty() {
                    self.by_pos.remove(&pos);
                }
            }
        }
    }

    fn singles(&self) -> Vec<Unit> {
        let mut units = Vec::new();
        for (&pos, list) in self.by_pos.iter().rev() {
            for &(card, n) in list {
                units.extend((0..n).map(|_| Unit { width: 1, len: 1, top: pos, cards: vec![card] }));
            }
        }
        units
    }
}

/// Whether every card is of one effective suit; that suit.
pub fn one_suit(cards: &[Card], ctx: &TrumpContext) -> Option<EffSuit> {
    let first = ctx.eff_suit(*cards.first()?);
    cards.iter().all(|&c| ctx.eff_suit(c) == first).then_some(first)
}

/// Reads cards of one effective suit as units: repeatedly the biggest unit left (most cards;
/// on a tie the longer chain, then the higher), then singles. `2♠2♠2♠3♠3♠` is the tractor
/// `2♠2♠3♠3♠` and the single `2♠`. Sorted biggest first.
pub fn decompose(cards: &[Card], ctx: &TrumpContext) -> Vec<Unit> {
    let mut groups = Groups::new(cards, ctx);
    let mut units = Vec::new();
    loop {
        let best = (2..=groups.max_count()).filter_map(|w| groups.longest(w)).max_by_key(|u| (u.size(), u.len, u.top));
        let Some(unit) = best else { break };
        groups.remove(&unit.cards, ctx);
        units.push(unit);
    }
    units.extend(groups.singles());
    sort_units(&mut units);
    units
}

pub fn sort_units(units: &mut [Unit]) {
    units.sort_by_key(|u| std::cmp::Reverse((u.size(), u.len, u.top)));
}

/// The units of the lead's shape found in `cards` (one effective suit), matched as well as the
/// cards allow (F3): the lead's units of two or more cards, each matched by a unit of that shape,
/// or replaced by smaller ones — a tractor of `L` by two shorter tractors or groups (`L−k` and
/// `k`), a triple by a pair — or left unmatched, so that the units found hold the most cards, then
/// the most cards in tractors (`shape_score`). Of the matchings that score best, the first in a
/// fixed order: units as the lead lists them, each tried highest first (taking a group of exactly
/// the width before breaking a bigger one), before it is split, before it is left out.
pub fn shape_units(cards: &[Card], format: &[Unit], ctx: &TrumpContext) -> Vec<Unit> {
    let wanted: Vec<(u8, u8)> = format.iter().filter(|u| u.width >= 2).map(Unit::shape).collect();
    let mut search = Search { best: (0, 0), units: Vec::new(), budget: SEARCH_BUDGET, ctx };
    search.run(&Groups::new(cards, ctx), &wanted, &mut Vec::new());
    search.units
}

/// The most matchings `shape_units` tries before it keeps the best found so far (no real holding
/// comes near it: the first matching tried is complete unless a unit is missing).
const SEARCH_BUDGET: u32 = 20_000;

/// A depth-first search for the best matching of a lead's units, with a bound: a branch stops as
/// soon as even matching every unit left in full could not beat the best found.
struct Search<'a> {
    best: (usize, usize),
    units: Vec<Unit>,
    budget: u32,
    ctx: &'a TrumpContext,
}

impl Search<'_> {
    fn run(&mut self, groups: &Groups, wanted: &[(u8, u8)], found: &mut Vec<Unit>) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let score = score_of(found);
        if score > self.best {
            self.best = score;
            self.units = found.clone();
        }
        let Some((&(w, l), rest)) = wanted.split_first() else { return };
        let size = |&(w, l): &(u8, u8)| w as usize * l as usize;
        let cards: usize = wanted.iter().map(size).sum();
        let tractors: usize = wanted.iter().filter(|s| s.1 >= 2).map(size).sum();
        if (score.0 + cards, score.1 + tractors) <= self.best {
            return;
        }
        for unit in groups.all(w, l) {
            let mut left = groups.clone();
            left.remove(&unit.cards, self.ctx);
            found.push(unit);
            self.run(&left, rest, found);
            found.pop();
        }
        let mut splits: Vec<Vec<(u8, u8)>> = (1..=l / 2).map(|k| vec![(w, l - k), (w, k)]).collect();
        if l == 1 && w >= 3 {
            splits.push(vec![(w - 1, 1)]);
        }
        for mut split in splits {
            split.extend_from_slice(rest);
            self.run(groups, &split, found);
        }
        self.run(groups, rest, found);
    }
}

fn score_of(units: &[Unit]) -> (usize, usize) {
    let tractors = units.iter().filter(|u| u.len >= 2).map(Unit::size).sum();
    (units.iter().map(Unit::size).sum(), tractors)
}

/// How much of the lead's structure `cards` reproduces: the cards in `shape_units`, then of
/// those, the cards in tractors. A follower must reach with the cards he plays what his whole
/// holding in the led suit reaches.
pub fn shape_score(cards: &[Card], format: &[Unit], ctx: &TrumpContext) -> (usize, usize) {
    score_of(&shape_units(cards, format, ctx))
}

/// `cards` read in the lead's format: for each unit of the format (biggest first) the highest
/// unit of the same shape among the cards left. `None` if the cards do not have that structure.
pub fn as_format(cards: &[Card], format: &[Unit], ctx: &TrumpContext) -> Option<Vec<Unit>> {
    if cards.len() != format.iter().map(Unit::size).sum::<usize>() {
        return None;
    }
    let mut groups = Groups::new(cards, ctx);
    let mut units = Vec::new();
    for unit in format.iter().filter(|u| u.width >= 2) {
        let found = groups.find(unit.width, unit.len, None)?;
        groups.remove(&found.cards, ctx);
        units.push(found);
    }
    units.extend(groups.singles());
    sort_units(&mut units);
    Some(units)
}

/// Whether `play` (read in the format) beats `best` of the same suit: every unit strictly higher
/// than the corresponding one (units of one shape compared highest with highest).
pub fn all_higher(play: &[Unit], best: &[Unit]) -> bool {
    let mut shapes: Vec<(u8, u8)> = best.iter().map(Unit::shape).collect();
    shapes.dedup();
    shapes.iter().all(|&shape| {
        let tops = |units: &[Unit]| -> Vec<u8> {
            let mut t: Vec<u8> = units.iter().filter(|u| u.shape() == shape).map(|u| u.top).collect();
            t.sort_unstable_by(|a, b| b.cmp(a));
            t
        };
        let (mine, theirs) = (tops(play), tops(best));
        mine.len() == theirs.len() && mine.iter().zip(&theirs).all(|(m, t)| m > t)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    pub fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    fn is_tractor(s: &str, ctx: &TrumpContext) -> bool {
        let units = decompose(&cards(s), ctx);
        one_suit(&cards(s), ctx).is_some() && units.len() == 1 && units[0].len >= 2
    }

    /// G2: level 7, trump ♣, 2 decks.
    #[test]
    fn g2_tractors() {
        let ctx = TrumpContext::new(Rank::Seven, Some(Suit::Clubs));
        for yes in ["6♠ 6♠ 8♠ 8♠", "A♣ A♣ 7♥ 7♥", "7♥ 7♥ 7♣ 7♣", "7♣ 7♣ SJ SJ", "SJ SJ BJ BJ", "K♠ K♠ A♠ A♠"]
        {
            assert!(is_tractor(yes, &ctx), "{yes}");
        }
        for no in ["7♥ 7♥ 7♠ 7♠", "Q♠ Q♠ A♠ A♠", "A♠ A♠ 2♠ 2♠"] {
            assert!(!is_tractor(no, &ctx), "{no}");
        }
        let hearts = TrumpContext::new(Rank::Seven, Some(Suit::Hearts));
        assert!(is_tractor("6♥ 6♥ 8♥ 8♥", &hearts));
        assert_eq!(one_suit(&cards("6♥ 8♥"), &hearts), Some(EffSuit::Trump));
    }

    #[test]
    fn a_lead_is_read_biggest_unit_first() {
        let ctx = TrumpContext::new(Rank::Seven, Some(Suit::Clubs));
        let units = decompose(&cards("2♠ 2♠ 2♠ 3♠ 3♠"), &ctx);
        let shapes: Vec<(u8, u8)> = units.iter().map(Unit::shape).collect();
        assert_eq!(shapes, [(2, 2), (1, 1)]);
        let units = decompose(&cards("2♠ 2♠ 2♠ 3♠ 3♠ 3♠ 5♠ 5♠ A♠"), &ctx);
        let shapes: Vec<(u8, u8)> = units.iter().map(Unit::shape).collect();
        assert_eq!(shapes, [(3, 2), (2, 1), (1, 1)], "a Titanic, a pair, a single");
    }

    /// G3: ♠9♠9 led; the follower must play a pair if he holds one.
    #[test]
    fn g3_pair_must_follow_pair() {
        let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
        let format = decompose(&cards("9♠ 9♠"), &ctx);
        let hand = shape_score(&cards("K♠ K♠ 4♠"), &format, &ctx);
        assert_eq!(shape_score(&cards("K♠ K♠"), &format, &ctx), hand);
        assert!(shape_score(&cards("K♠ 4♠"), &format, &ctx) < hand);
        assert_eq!(shape_score(&cards("K♠ 4♠"), &format, &ctx), shape_score(&cards("K♠ 4♠"), &format, &ctx));
    }

    /// F3: a 3-pair tractor led: a 2-pair tractor and a pair beat three loose pairs.
    #[test]
    fn f3_tractor_fallbacks() {
        let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
        let format = decompose(&cards("3♠ 3♠ 4♠ 4♠ 5♠ 5♠"), &ctx);
        let hand = cards("7♠ 7♠ 8♠ 8♠ J♠ J♠ K♠ K♠ A♠");
        let best = shape_score(&hand, &format, &ctx);
        assert_eq!(best, (6, 4));
        assert_eq!(shape_score(&cards("7♠ 7♠ 8♠ 8♠ K♠ K♠"), &format, &ctx), best);
        assert!(shape_score(&cards("7♠ 7♠ J♠ J♠ K♠ K♠"), &format, &ctx) < best);
        // 3 decks: a triple led, no triple held: a pair and one more card.
        let format = decompose(&cards("9♠ 9♠ 9♠"), &ctx);
        assert_eq!(shape_score(&cards("K♠ K♠ 4♠ 5♠"), &format, &ctx), (2, 0));
    }

    #[test]
    fn beating_needs_every_unit_higher() {
        let ctx = TrumpContext::new(Rank::Two, Some(Suit::Clubs));
        let format = decompose(&cards("A♠ Q♠ Q♠"), &ctx);
        let trump = as_format(&cards("3♣ 3♣ 4♣"), &format, &ctx).unwrap();
        let more = as_format(&cards("5♣ 5♣ 6♣"), &format, &ctx).unwrap();
        assert!(all_higher(&more, &trump));
        let less = as_format(&cards("6♣ 6♣ 3♣"), &format, &ctx).unwrap();
        assert!(!all_higher(&less, &more), "the single is not higher");
        assert!(as_format(&cards("3♣ 5♣ 4♣"), &format, &ctx).is_none(), "no pair");
    }
}
