//! Legal lines built from a seat's view, for tests, `juiz check` and anyone writing a bot: a
//! follow that satisfies the suit and shape obligations (the units the shape check finds in the
//! seat's cards of the led suit, then more cards of that suit, then any), a declaration when one
//! would be accepted, and a simple lead. `pick(n)` chooses among `n` options (a seeded generator
//! or always 0).

use crate::cards::Card;

use super::declare::{self, Declaration};
use super::order::TrumpContext;
use super::rules::DeclarePolicy;
use super::trick::Trick;
use super::units::shape_units;

/// A legal follow of `trick` from `hand`.
pub fn follow(ctx: &TrumpContext, trick: &Trick, hand: &[Card], pick: &mut dyn FnMut(usize) -> usize) -> Vec<Card> {
    let n = trick.size();
    let (mut suit, mut other): (Vec<Card>, Vec<Card>) = hand.iter().partition(|&&c| ctx.eff_suit(c) == trick.suit);
    let mut play = Vec::with_capacity(n);
    if suit.len() <= n {
        play.append(&mut suit);
    } else {
        play.extend(shape_units(&suit, &trick.format, ctx).into_iter().flat_map(|u| u.cards));
        for card in &play {
            let i = suit.iter().position(|c| c == card).expect("a unit of held cards");
            suit.remove(i);
        }
        other = suit;
    }
    while play.len() < n {
        play.push(other.remove(pick(other.len())));
    }
    play
}

/// A lead: a random card with every identical copy held (a single, pair or triple).
pub fn lead(hand: &[Card], pick: &mut dyn FnMut(usize) -> usize) -> Vec<Card> {
    let card = hand[pick(hand.len())];
    hand.iter().copied().filter(|&c| c == card).collect()
}

/// The strongest declaration `hand` may make now, if any is accepted.
pub fn declaration(
    policy: DeclarePolicy,
    ctx: &TrumpContext,
    seat: usize,
    hand: &[Card],
    standing: Option<&Declaration>,
) -> Option<Vec<Card>> {
    let mut options: Vec<Vec<Card>> = Vec::new();
    let mut distinct: Vec<Card> = hand.to_vec();
    distinct.sort();
    distinct.dedup();
    for card in distinct {
        let held = hand.iter().filter(|&&c| c == card).count();
        options.extend((1..=held).map(|k| vec![card; k]));
    }
    options
        .into_iter()
        .filter_map(|cards| {
            declare::check(policy, ctx.level, seat, hand, &cards, standing).ok().map(|d| (d.strength(), cards))
        })
        .max_by_key(|(s, _)| *s)
        .map(|(_, cards)| cards)
}
