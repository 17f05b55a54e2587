//! The heuristic play of a turn: which draw, which melds, which discard. `easy` draws from the
//! stock, lays natural runs and discards at random; `medium` takes the pile when it can use its
//! top card, lays everything it can (a wild only to finish a run or a canastra) and discards the
//! card least useful to itself and to the next player. `hard` draws and melds by its own rules
//! here (in STBL it keeps its wild cards until they are free, as `smart_stbl.c` does); its
//! discard is `guard`'s and `search`'s.

use crate::cards::Card;

use super::board::{Board, Move};
use super::melds::{self, is_wildish};
use super::rng::Rng;
use crate::house::Level;

/// What a seat knows of its opponents beyond the table: cards seen going into their hands.
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// Cards the other side is known to hold (pile cards it took and has not played yet).
    pub theirs: Vec<Card>,
    /// Top cards of the pile an opponent saw and did not take (`(seat, card)`), since that
    /// seat last took the pile: its hand then held no natural pair that melds with the card.
    pub declined: Vec<(usize, Card)>,
}

/// The draw of a turn.
pub fn draw(level: Level, board: &Board, side: usize, hand: &[Card], rng: &mut Rng) -> Move {
    if level == Level::Easy {
        if board.stock == 0 {
            return melds::pickups(board, side, hand).into_iter().next().unwrap_or(Move::Stock);
        }
        return Move::Stock;
    }
    best_pickup(board, side, hand, rng).unwrap_or(Move::Stock)
}

/// The pickup `medium` makes, if any: one that uses no wild card, or any when the pile is big or
/// the stock is gone.
pub fn best_pickup(board: &Board, side: usize, hand: &[Card], _rng: &mut Rng) -> Option<Move> {
    let options = melds::pickups(board, side, hand);
    let uses_wild = |m: &Move| matches!(m, Move::Pile(cards) if cards.iter().any(|&c| is_wildish(c)));
    let natural = options.iter().find(|m| !uses_wild(m)).cloned();
    natural.or_else(|| options.into_iter().find(|_| board.pile.len() >= 4 || board.stock == 0))
}

/// The pickup `hard` makes, if any: one that uses no wild card; with a wild, in ITP any pile of
/// two cards or more (as `smart.c`), in STBL a pile of 4 or more or when its wilds are free (as
/// `smart_stbl.c`); any once the stock is gone.
pub fn hard_pickup(board: &Board, side: usize, hand: &[Card]) -> Option<Move> {
    let options = melds::pickups(board, side, hand);
    let uses_wild = |m: &Move| matches!(m, Move::Pile(cards) if cards.iter().any(|&c| is_wildish(c)));
    let natural = options.iter().find(|m| !uses_wild(m)).cloned();
    let pile = board.pile.len();
    let wild_ok = if hoards_wilds(board) { pile >= 4 || wilds_free(board, side, hand) } else { pile >= 2 };
    natural.or_else(|| options.into_iter().find(|_| wild_ok || board.stock == 0))
}

/// The next meld of the turn, or `None` when the player is done melding, keeping at least `keep`
/// cards in the hand (at least the rules' minimum: 0 asks for no more). `hand` is the hand now.
pub fn next_meld_keeping(level: Level, board: &Board, side: usize, hand: &[Card], keep: usize) -> Option<Move> {
    let rules = &board.rules;
    let keep = keep.max(board.min_hand_after_meld(side));
    // Fewer than two cards left is a way out only if the meld keeps one open.
    let room = |used: usize, mv: &Move| {
        hand.len() >= used + keep && (hand.len() >= used + 2 || board.may_empty_hand_after(side, mv))
    };
    let join = |(i, card): (usize, Card)| Move::Join(i, vec![card]);
    let mine = &board.melds[side];
    if let Some(mv) = melds::natural_joins(hand, mine, rules).into_iter().map(join).find(|mv| room(1, mv)) {
        return Some(mv);
    }
    if let Some(mv) = melds::natural_runs(hand, rules).into_iter().map(Move::New).find(|mv| room(mv_len(mv), mv)) {
        return Some(mv);
    }
    if level == Level::Easy {
        return None;
    }
    // `hard` keeps its wild cards while they are worth more in hand (a pickup, a canastra to
    // come) and, once they would rather be on the table, lays them anywhere.
    let free = wilds_free(board, side, hand);
    if level == Level::Hard && !free {
        return None;
    }
    if let Some(mv) = melds::wild_joins(hand, mine, rules).into_iter().map(join).find(|mv| room(1, mv)) {
        return Some(mv);
    }
    let hard_stbl = level == Level::Hard && hoards_wilds(board);
    if hard_stbl && let Some(mv) = melds::any_wild_joins(hand, mine, rules).into_iter().map(join).find(|mv| room(1, mv))
    {
        return Some(mv);
    }
    let any_length = level == Level::Hard;
    let runs = melds::wild_runs(hand, rules).into_iter().map(Move::New);
    runs.into_iter().find(|mv| room(mv_len(mv), mv) && (any_length || mv_len(mv) >= 4 || hand.len() > 6))
}

/// The hand cards a meld move uses.
fn mv_len(mv: &Move) -> usize {
    match mv {
        Move::New(cards) | Move::Join(_, cards) | Move::Pile(cards) => cards.len(),
        Move::Stock | Move::PileJoin(_) | Move::Discard(_) => 0,
    }
}

/// Whether wild cards are worth keeping in hand: in STBL (its closed pile is taken with them, and
/// a joker is worth 50 on the table and as much against the hand), not in ITP.
pub fn hoards_wilds(board: &Board) -> bool {
    board.rules.jokers_per_deck > 0
}

/// Whether `hard` lays its wild cards now: always in ITP; in STBL once its side owns a clean
/// canastra (its way out), when the stock is nearly gone, or when its morto waits for a small
/// hand (as `smart_stbl.c` does).
pub fn wilds_free(board: &Board, side: usize, hand: &[Card]) -> bool {
    !hoards_wilds(board)
        || board.has_clean_canastra(side)
        || board.stock < 6 * board.seats
        || (board.morto_waiting[side] && hand.len() <= 5)
}

/// The discard of a turn (`hand` is not empty).
pub fn discard(level: Level, board: &Board, side: usize, hand: &[Card], known: &Known, rng: &mut Rng) -> Card {
    if level == Level::Easy {
        let plain: Vec<Card> = hand.iter().copied().filter(|&c| !is_wildish(c)).collect();
        let from = if plain.is_empty() { hand } else { &plain };
        return from[rng.below(from.len())];
    }
    ranked_discards(board, side, hand, known)[0]
}

/// The hand's distinct cards, best discard first (ties in card order, for determinism).
pub fn ranked_discards(board: &Board, side: usize, hand: &[Card], known: &Known) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.to_vec();
    cards.sort();
    cards.dedup();
    let shapes = melds::side_shapes(board);
    let mut scored: Vec<(i64, Card)> =
        cards.iter().map(|&c| (keep_score(board, side, hand, known, &shapes, c), c)).collect();
    scored.sort();
    scored.into_iter().map(|(_, c)| c).collect()
}

/// How much a player wants to keep `card` (its use to him plus its use to the opponents).
fn keep_score(
    board: &Board,
    side: usize,
    hand: &[Card],
    known: &Known,
    shapes: &[Vec<melds::Shape>; 2],
    card: Card,
) -> i64 {
    let rules = &board.rules;
    if is_wildish(card) {
        return 1000;
    }
    let mut keep = 0;
    let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else { return keep };
    let near = |c: &Card, d: i64| {
        c.suit() == Some(suit) && c.rank().is_some_and(|r| (r.index() as i64 - rank.index() as i64).abs() == d)
    };
    for other in hand {
        keep += if near(other, 1) {
            12
        } else if near(other, 2) {
            6
        } else {
            0
        };
    }
    if hand.iter().filter(|&&c| c == card).count() > 1 {
        keep -= 10;
    }
    let joins =
        |s: usize| board.melds[s].iter().zip(&shapes[s]).any(|(m, shape)| melds::joins(m, shape, card, &rules.melds));
    if joins(side) {
        keep += 25;
    }
    // What it would give the next player: a pile to take, a meld to grow.
    let mut danger = 0;
    if joins(1 - side) {
        danger += 10;
    }
    for c in &known.theirs {
        danger += if *c == card || near(c, 1) {
            8
        } else if near(c, 2) {
            4
        } else {
            0
        };
    }
    let pile_weight = 1 + board.pile.len() as i64 / 3;
    keep + danger * pile_weight - rules.values.of(card) / 5
}
