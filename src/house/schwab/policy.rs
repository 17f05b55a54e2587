//! The easy and medium Schwab policies, one decision at a time (the draw, the next pile, the
//! dump), for the bot's own turns and for every seat of hard's playouts: `easy` draws, lays
//! natural piles and dumps at random; `medium` takes the pile with a natural pair, lays and joins,
//! spends monos to close a cerrado or when it holds spares, empties its hand toward the buraco,
//! goes out only when allowed and ahead, and dumps what helps neither it nor the next opponent.

use crate::cards::{Card, Rank, Suit};
use crate::games::buraco::MeldKind;
use crate::house::Level;

use super::board::{Board, Move, SEATS};
use super::melds::{closing_wild, meld_allowed, natural_joins, natural_melds, pickups, wild_melds};
use super::rng::Rng;

/// How many copies of each card kind `seat` has not seen (its hand, the piles and the discard
/// pile are seen).
pub fn unseen(board: &Board, hand: &[Card]) -> [u8; Card::KINDS] {
    let mut left = [board.rules.decks as u8; Card::KINDS];
    left[52] = (board.rules.decks * board.rules.jokers_per_deck) as u8;
    let seen = hand.iter().chain(board.pile.iter()).chain(board.melds.iter().flatten().flat_map(|m| m.cards()));
    for card in seen {
        let k = card.kind();
        left[k] = left[k].saturating_sub(1);
    }
    left
}

/// The draw of `seat` holding `hand`.
pub fn draw(level: Level, board: &Board, seat: usize, hand: &[Card], rng: &mut Rng) -> Move {
    let side = Board::side_of(seat);
    let mut takes = pickups(board, seat, hand);
    if level == Level::Easy {
        if board.stock > 0 || takes.is_empty() {
            return Move::Stock;
        }
        return Move::Pile(takes[rng.below(takes.len())].0);
    }
    // Sets first (sixteen copies of each number to grow them), then the pair of cards the hand
    // needs least.
    takes.sort_by_key(|(pair, meld)| {
        (meld.kind() != MeldKind::Set, pair.iter().map(|&c| keep_value(hand, c)).sum::<i64>())
    });
    if let Some((pair, _)) = takes.first()
        && (board.pile_len() >= 2 || board.buraco[side] || board.stock == 0)
    {
        return Move::Pile(*pair);
    }
    if board.up_card_open()
        && let Some(&up) = board.pile.first()
        && (board.is_wild(up) || keep_value(hand, up) >= 12)
    {
        return Move::UpCard;
    }
    Move::Stock
}

/// Whether `seat`'s team would end the hand ahead if it went out now (its hand emptied).
pub fn ahead_if_out(board: &Board, seat: usize, hand_len_after: usize) -> bool {
    let side = Board::side_of(seat);
    let rules = &board.rules;
    let morto = rules.morto.map_or(0, |m| m.taken_bonus);
    let estimate = |s: usize| {
        let hands: usize =
            (0..SEATS).filter(|&p| Board::side_of(p) == s && p != seat).map(|p| board.hand_counts[p]).sum();
        let buraco = if board.buraco[s] { -morto } else { morto };
        board.table_points(s) + buraco - 8 * hands as i64
    };
    estimate(side) + rules.going_out_bonus - 8 * hand_len_after as i64 > estimate(1 - side)
}

/// When a player who may go out does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoOut {
    Never,
    /// When `ahead_if_out` (medium).
    WhenAhead,
    Always,
}

/// How a turn's piles are laid: medium's way, or one of the others hard compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Whether new piles may be completed by a mono (closing a cerrado always may).
    pub wild_melds: bool,
    pub go_out: GoOut,
}

impl Style {
    pub const MEDIUM: Style = Style { wild_melds: true, go_out: GoOut::WhenAhead };
}

/// The next pile `seat` lays (a new one or a join), if any; `None` ends the melding.
pub fn next_meld(level: Level, style: Style, board: &Board, seat: usize, hand: &[Card]) -> Option<Move> {
    let side = Board::side_of(seat);
    let len = hand.len();
    // Below two cards only to take the buraco, or to go out (medium: when ahead).
    let going_out = || match (level, style.go_out) {
        (Level::Easy, _) | (_, GoOut::Never) => false,
        (_, GoOut::WhenAhead) => ahead_if_out(board, seat, 0),
        (_, GoOut::Always) => true,
    };
    let fits = |mv: &Move| {
        let left = len - mv.spent().len();
        meld_allowed(board, side, len, mv) && (board.buraco[side] || left >= 2 || going_out())
    };
    if let Some((i, card)) = natural_joins(board, side, hand).into_iter().next() {
        let mv = Move::Join(i, vec![card]);
        if fits(&mv) {
            return Some(mv);
        }
    }
    for cards in natural_melds(board, hand) {
        let mv = Move::New(cards);
        if fits(&mv) {
            return Some(mv);
        }
    }
    if level == Level::Easy {
        return None;
    }
    let wilds = hand.iter().filter(|&&c| board.is_wild(c)).count();
    if let Some((i, wild)) = closing_wild(board, side, hand)
        && (!board.has_cerrado(side) || wilds >= 2 || len <= 3)
    {
        let mv = Move::Join(i, vec![wild]);
        if fits(&mv) {
            return Some(mv);
        }
    }
    if style.wild_melds && (wilds >= 2 || len >= 10 || (board.buraco[side] && len - wilds <= 3)) {
        for cards in wild_melds(board, hand) {
            let mv = Move::New(cards);
            if fits(&mv) {
                return Some(mv);
            }
        }
    }
    None
}

/// How much `hand` wants to keep `card`: copies of its number (a set to build), neighbours of
/// its suit (a run), minus a share of its points (held at the end, they count against).
pub fn keep_value(hand: &[Card], card: Card) -> i64 {
    let Some(rank) = card.rank() else { return 90 };
    if rank == Rank::Two {
        return 60;
    }
    let mut value = 0;
    let mut copies = 0;
    for other in hand {
        if other.rank() == Some(rank) {
            copies += 1;
        } else if other.suit() == card.suit()
            && let Some(r) = other.rank().filter(|&r| r != Rank::Two)
        {
            let d = run_gap(rank, r);
            value += match d {
                1 => 8,
                2 => 4,
                _ => 0,
            };
        }
    }
    // `copies` counts the card itself once.
    value += 12 * (copies - 1).min(4);
    let points = match rank {
        Rank::Ace => 20,
        Rank::Three | Rank::Four | Rank::Five | Rank::Six | Rank::Seven => 5,
        _ => 10,
    };
    value - points / 5
}

/// The distance of two ranks in a run (an ace is next to the 3 and to the K).
fn run_gap(a: Rank, b: Rank) -> usize {
    let pos = |r: Rank| -> [usize; 2] {
        match r {
            Rank::Ace => [0, 12],
            r => [r.index(); 2],
        }
    };
    let (pa, pb) = (pos(a), pos(b));
    pa.iter().flat_map(|x| pb.iter().map(move |y| x.abs_diff(*y))).min().unwrap_or(99)
}

/// The chance that a player holding `hand_len` unseen cards holds at least one of `copies`
/// copies among `unseen` cards.
fn holds(hand_len: usize, copies: u8, unseen: usize) -> f64 {
    if unseen == 0 {
        return 0.0;
    }
    1.0 - (-(hand_len as f64) * f64::from(copies) / unseen as f64).exp()
}

/// The chance that the next opponent takes the pile when `card` is on top: a natural pair of its
/// number, or two cards of its suit making a run with it (from what `left` says is unseen and
/// what the opponent was seen to take).
pub fn feed_chance(board: &Board, next: usize, card: Card, left: &[u8; Card::KINDS]) -> f64 {
    let Some(rank) = card.rank().filter(|&r| r != Rank::Two) else { return 0.0 };
    let Some(suit) = card.suit() else { return 0.0 };
    let total: usize = left.iter().map(|&n| usize::from(n)).sum();
    let h = board.hand_counts[next];
    let known = &board.known[next];
    if known.iter().filter(|c| c.is(rank)).count() >= 2 {
        return 1.0;
    }
    let same: u8 = Suit::ALL.iter().map(|&s| left[Card::new(rank, s).kind()]).sum();
    let lambda = h as f64 * f64::from(same) / total.max(1) as f64;
    let set = 1.0 - (-lambda).exp() * (1.0 + lambda);
    let p = |r: Rank| {
        let c = Card::new(r, suit);
        if known.contains(&c) { 1.0 } else { holds(h, left[c.kind()], total) }
    };
    let mut near: Vec<(usize, f64)> = Vec::new();
    for r in Rank::ALL.into_iter().filter(|&r| r != Rank::Two && r != rank) {
        let d = run_gap(rank, r);
        if d <= 2 {
            near.push((d, p(r)));
        }
    }
    let mut run = 0.0;
    for i in 0..near.len() {
        for j in i + 1..near.len() {
            if near[i].0 + near[j].0 <= 3 {
                run += near[i].1 * near[j].1;
            }
        }
    }
    (set + run).min(1.0)
}

/// `seat`'s dumps, best first, with their costs (lower is better).
pub fn ranked_discards(board: &Board, seat: usize, hand: &[Card], left: &[u8; Card::KINDS]) -> Vec<(Card, f64)> {
    let next = (seat + 1) % SEATS;
    let side = Board::side_of(seat);
    let weight = 8.0 + 6.0 * board.pile_len() as f64;
    let joins = natural_joins(board, side, hand);
    let mut ranked: Vec<(Card, f64)> = Vec::new();
    for &card in hand {
        if ranked.iter().any(|(c, _)| *c == card) {
            continue;
        }
        let mut cost = keep_value(hand, card) as f64 + feed_chance(board, next, card, left) * weight;
        if joins.iter().any(|(_, c)| *c == card) {
            cost += 25.0;
        }
        ranked.push((card, cost));
    }
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    ranked
}

/// The dump of `seat` (whose melding is done).
pub fn discard(level: Level, board: &Board, seat: usize, hand: &[Card], rng: &mut Rng) -> Card {
    if level == Level::Easy {
        let naturals: Vec<Card> = hand.iter().copied().filter(|&c| !board.is_wild(c)).collect();
        let from = if naturals.is_empty() { hand } else { &naturals };
        return from[rng.below(from.len())];
    }
    let left = unseen(board, hand);
    ranked_discards(board, seat, hand, &left)[0].0
}
