//! Legal plays worth considering for a Shengji seat: leads of one unit (never a throw, which could
//! fail) and follows that meet the suit and shape obligations, each checked with the engine's
//! own rules (`Trick::check_follow`) before it is offered. Also the small measures the policies
//! share: a card's cost to give away and whether a play would win the trick so far.

use crate::cards::Card;
use crate::games::shengji::{EffSuit, Trick, TrumpContext, decompose, legal, points, shape_units};

/// What a card costs to play when it does not win: points given away, trumps spent, height.
pub fn cost(ctx: &TrumpContext, card: Card) -> u32 {
    points(card) * 8 + if ctx.is_trump(card) { 30 } else { 0 } + u32::from(ctx.pos(card))
}

/// The cards of `cards` in effective suit `suit`.
pub fn of_suit(ctx: &TrumpContext, cards: &[Card], suit: EffSuit) -> Vec<Card> {
    cards.iter().copied().filter(|&c| ctx.eff_suit(c) == suit).collect()
}

/// Distinct cards with how many copies, in card order.
fn counted(cards: &[Card]) -> Vec<(Card, usize)> {
    let mut sorted = cards.to_vec();
    sorted.sort();
    let mut out: Vec<(Card, usize)> = Vec::new();
    for card in sorted {
        match out.last_mut() {
            Some((c, n)) if *c == card => *n += 1,
            _ => out.push((card, 1)),
        }
    }
    out
}

/// Leads of a single unit: per effective suit its tractors, every pair (and triple), and the
/// highest, the lowest and the cheapest point card as singles.
pub fn leads(ctx: &TrumpContext, hand: &[Card]) -> Vec<Vec<Card>> {
    let mut out: Vec<Vec<Card>> = Vec::new();
    let mut suits: Vec<EffSuit> = hand.iter().map(|&c| ctx.eff_suit(c)).collect();
    suits.sort();
    suits.dedup();
    for suit in suits {
        let cards = of_suit(ctx, hand, suit);
        out.extend(decompose(&cards, ctx).into_iter().filter(|u| u.len >= 2).map(|u| u.cards));
        for (card, n) in counted(&cards) {
            if n >= 2 {
                out.push(vec![card; 2]);
            }
            if n >= 3 {
                out.push(vec![card; 3]);
            }
        }
        let by_pos = |c: &Card| (ctx.pos(*c), *c);
        let high = cards.iter().copied().max_by_key(by_pos);
        let low = cards.iter().copied().min_by_key(|c| (points(*c) > 0, ctx.pos(*c), *c));
        let point = cards.iter().copied().filter(|&c| points(c) > 0).min_by_key(by_pos);
        out.extend([high, low, point].into_iter().flatten().map(|c| vec![c]));
    }
    finish(out)
}

/// Sorts each play and drops repeats, keeping the first occurrence's order.
fn finish(plays: Vec<Vec<Card>>) -> Vec<Vec<Card>> {
    let mut out: Vec<Vec<Card>> = Vec::new();
    for mut play in plays {
        play.sort();
        if !out.contains(&play) {
            out.push(play);
        }
    }
    out
}

/// An order of cards to fill a play with, first chosen first.
type FillKey<'a> = &'a dyn Fn(&Card) -> (i64, Card);

/// `base` completed to `n` cards from `pool` in three ways: cheapest first, most points first,
/// highest first.
fn fills(ctx: &TrumpContext, base: &[Card], pool: &[Card], n: usize) -> Vec<Vec<Card>> {
    let need = n.saturating_sub(base.len());
    if need == 0 || pool.len() < need {
        return vec![base.to_vec()];
    }
    let keys: [FillKey; 3] = [
        &|c| (i64::from(cost(ctx, *c)), *c),
        &|c| (-(i64::from(points(*c)) * 100) + i64::from(cost(ctx, *c)), *c),
        &|c| (-i64::from(ctx.pos(*c)), *c),
    ];
    keys.iter()
        .map(|key| {
            let mut sorted = pool.to_vec();
            sorted.sort_by_key(|c| key(c));
            let mut play = base.to_vec();
            play.extend_from_slice(&sorted[..need]);
            play
        })
        .collect()
}

/// Legal follows of `trick` from `hand`: the forced cards completed in a few ways, a ruff when
/// void in a plain suit led, and for a single, pair or triple led every card or group of the
/// suit that can answer it. Never empty when `hand` holds enough cards.
pub fn follows(ctx: &TrumpContext, trick: &Trick, hand: &[Card]) -> Vec<Vec<Card>> {
    let n = trick.size();
    let mine = of_suit(ctx, hand, trick.suit);
    let others: Vec<Card> = hand.iter().copied().filter(|&c| ctx.eff_suit(c) != trick.suit).collect();
    let mut out: Vec<Vec<Card>> = Vec::new();
    if mine.len() <= n {
        out.extend(fills(ctx, &mine, &others, n));
        if mine.is_empty() && trick.suit != EffSuit::Trump {
            let trumps = of_suit(ctx, hand, EffSuit::Trump);
            if trumps.len() >= n {
                let shaped: Vec<Card> =
                    shape_units(&trumps, &trick.format, ctx).into_iter().flat_map(|u| u.cards).collect();
                let mut rest = trumps.clone();
                super::seen::remove_cards(&mut rest, &shaped);
                out.extend(fills(ctx, &shaped, &rest, n).into_iter().take(1));
                if n == 1 {
                    out.extend(counted(&trumps).into_iter().map(|(c, _)| vec![c]));
                }
            }
        }
    } else {
        let shape = trick.format.first().map(|u| (u.width, u.len));
        if trick.format.len() == 1 && matches!(shape, Some((_, 1))) {
            let width = usize::from(shape.map_or(1, |s| s.0));
            out.extend(counted(&mine).into_iter().filter(|(_, k)| *k >= width).map(|(c, _)| vec![c; width]));
        }
        let shaped: Vec<Card> = shape_units(&mine, &trick.format, ctx).into_iter().flat_map(|u| u.cards).collect();
        let mut rest = mine.clone();
        super::seen::remove_cards(&mut rest, &shaped);
        out.extend(fills(ctx, &shaped, &rest, n));
    }
    let mut out: Vec<Vec<Card>> =
        finish(out).into_iter().filter(|p| p.len() == n && trick.check_follow(ctx, hand, p).is_ok()).collect();
    if out.is_empty() && hand.len() >= n {
        let mut play = legal::follow(ctx, trick, hand, &mut |_| 0);
        play.sort();
        out.push(play);
    }
    out
}

/// Whether `seat` playing `play` now would be the trick's winner so far.
pub fn would_win(ctx: &TrumpContext, trick: &Trick, seat: usize, play: &[Card]) -> bool {
    let mut t = trick.clone();
    t.follow(ctx, seat, play.to_vec());
    t.winner() == seat
}
