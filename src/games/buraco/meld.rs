//! Meld validation for Buraco and the canonical order a valid meld is stored and broadcast in:
//! runs (`itp-buraco.md` M1–M10) in one pass that places the naturals, fills a gap or extends an
//! end with the wild, and decides whether the meld is clean; sets of one rank and melds of wild
//! cards only where the policy allows them (Schwab M2, M4).

use crate::cards::{Card, Rank, Suit};
use crate::games::Message;

use super::rules::{AceSuit, BuracoRules, MeldPolicy, TwoPolicy};

/// What a meld is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeldKind {
    /// A sequence of one suit.
    Run,
    /// Cards of one rank (Schwab).
    Set,
    /// Wild cards only (Schwab's mono pile).
    Wilds,
}

/// A valid meld, its cards in canonical stored order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meld {
    cards: Vec<Card>,
    clean: bool,
    /// Laid down by one action (`MELD_NEW`, `GET_DISCARD`), never joined since.
    at_once: bool,
    kind: MeldKind,
}

impl Meld {
    /// Validates `cards` as a new meld.
    pub fn new(cards: &[Card], policy: &MeldPolicy) -> Result<Meld, MeldError> {
        validate(cards, policy)
    }

    /// The meld with `added` joined, re-validated as a whole; `self` is untouched.
    pub fn join(&self, added: &[Card], policy: &MeldPolicy) -> Result<Meld, MeldError> {
        let mut all = self.cards.clone();
        all.extend_from_slice(added);
        let joined = validate(&all, policy)?;
        Ok(Meld { at_once: self.at_once && added.is_empty(), ..joined })
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Always false: a valid meld has at least `min_len` cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// True when no card acts as a wild (a 2 of the meld's suit in the 2's place is natural).
    pub fn is_clean(&self) -> bool {
        self.clean
    }

    pub fn is_canastra(&self, rules: &BuracoRules) -> bool {
        self.cards.len() >= rules.canastra.min_len
    }

    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// A meld of wild cards only that is not yet a canastra (Schwab's unfinished mono pile).
    pub fn is_unfinished_wilds(&self, rules: &BuracoRules) -> bool {
        self.kind == MeldKind::Wilds && !self.is_canastra(rules)
    }

    /// The bonus (or penalty) of a set or a meld of wild cards under Schwab's table; `None` for
    /// runs and for variants without such melds.
    fn special_bonus(&self, rules: &BuracoRules) -> Option<i64> {
        let c = &rules.canastra;
        match self.kind {
            MeldKind::Run => None,
            MeldKind::Wilds if !self.is_canastra(rules) => Some(c.unfinished_wilds),
            MeldKind::Wilds if self.cards.iter().any(|card| card.is_joker()) => Some(c.wilds_with_joker),
            MeldKind::Wilds => Some(c.wilds_all_twos),
            MeldKind::Set if !self.is_canastra(rules) || c.aces_set_clean == 0 => None,
            MeldKind::Set if !self.cards.iter().any(|card| card.is(Rank::Ace)) => None,
            MeldKind::Set => Some(if self.clean { c.aces_set_clean } else { c.aces_set_dirty }),
        }
    }

    /// The canastra bonus the meld earns (0 below a canastra): dirty, clean, or a clean `A … K`
    /// (13 cards) or `A … A` (14) laid down at once when the rules pay those more. A clean run of 13
    /// always holds one ace and the natural 2, so `2 … K A` is the same cards as `A 2 … K`.
    pub fn bonus(&self, rules: &BuracoRules) -> i64 {
        if let Some(bonus) = self.special_bonus(rules) {
            return bonus;
        }
        let c = &rules.canastra;
        match (self.is_canastra(rules), self.clean) {
            (false, _) => 0,
            (true, false) => c.dirty,
            (true, true) if self.at_once && self.len() == 13 && c.ace_to_king_at_once > 0 => c.ace_to_king_at_once,
            (true, true) if self.at_once && self.len() == 14 && c.ace_to_ace_at_once > 0 => c.ace_to_ace_at_once,
            (true, true) => c.clean,
        }
    }

    /// Whether the meld is a clean canastra (500 and 1000 ones included).
    pub fn is_clean_canastra(&self, rules: &BuracoRules) -> bool {
        self.is_canastra(rules) && self.clean
    }

    /// Card values plus the canastra bonus.
    pub fn points(&self, rules: &BuracoRules) -> i64 {
        rules.values.sum(&self.cards) + self.bonus(rules)
    }
}

/// Why a list of cards is not a meld.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    #[error("a meld needs at least {min} cards, not {len}")]
    TooShort { len: usize, min: usize },
    #[error("a meld holds at most {max} cards, not {len}")]
    TooLong { len: usize, max: usize },
    #[error("a meld needs at least one natural card besides the wild cards")]
    OnlyWilds,
    #[error("{card} is not of the meld's suit {suit}")]
    MixedSuits { card: Card, suit: char },
    #[error("a meld holds at most two aces")]
    TooManyAces,
    #[error("at most {max} wild card(s) per meld, and a second 2 must be the natural 2 of the meld's suit")]
    TooManyWilds { max: usize },
    #[error("{card} appears twice in the run")]
    Duplicate { card: Card },
    #[error("the run has a gap between {below} and {above}")]
    Gap { below: Card, above: Card },
    #[error("the ace does not fit at either end of the run")]
    AceOutOfPlace,
    #[error("the wild card has no place to go")]
    NoRoomForWild,
    #[error("a meld of one rank holds at most {max} wild card(s)")]
    SetTooManyWilds { max: usize },
}

impl MeldError {
    /// The error as a message of the `i18n` resources (English as its `Display`).
    pub fn message(&self) -> Message {
        match *self {
            MeldError::TooShort { len, min } => Message::new("meld-too-short").number("min", min).number("len", len),
            MeldError::TooLong { len, max } => Message::new("meld-too-long").number("max", max).number("len", len),
            MeldError::OnlyWilds => Message::new("meld-only-wilds"),
            MeldError::MixedSuits { card, suit } => {
                Message::new("meld-mixed-suits").text("card", card).text("suit", suit)
            }
            MeldError::TooManyAces => Message::new("meld-too-many-aces"),
            MeldError::TooManyWilds { max } => Message::new("meld-too-many-wilds").number("max", max),
            MeldError::Duplicate { card } => Message::new("meld-duplicate").text("card", card),
            MeldError::Gap { below, above } => Message::new("meld-gap").text("below", below).text("above", above),
            MeldError::AceOutOfPlace => Message::new("meld-ace-out-of-place"),
            MeldError::NoRoomForWild => Message::new("meld-no-room-for-wild"),
            MeldError::SetTooManyWilds { max } => Message::new("meld-set-too-many-wilds").number("max", max),
        }
    }
}

/// A card placed in the run, with the position (A low = 1, 2 … K = 13, A high = 14) it stands at.
#[derive(Debug, Clone, Copy)]
struct Placed {
    card: Card,
    pos: u8,
    wild: bool,
}

fn natural_pos(rank: Rank) -> u8 {
    // Rank index 2→0 … K→11, so a 2 stands at 2 and a K at 13.
    rank.index() as u8 + 2
}

fn validate(cards: &[Card], policy: &MeldPolicy) -> Result<Meld, MeldError> {
    let len = cards.len();
    if len < policy.min_len {
        return Err(MeldError::TooShort { len, min: policy.min_len });
    }
    if len > policy.max_len {
        return Err(MeldError::TooLong { len, max: policy.max_len });
    }
    if let Some(meld) = set_or_wilds(cards, policy)? {
        return Ok(meld);
    }
    let (mut naturals, mut aces, mut twos, mut wilds) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for &card in cards {
        match card.rank() {
            None => wilds.push(card),
            Some(Rank::Ace) => aces.push(card),
            Some(Rank::Two) if policy.twos == TwoPolicy::NaturalInPlace => twos.push(card),
            Some(Rank::Two) => wilds.push(card),
            Some(_) => naturals.push(card),
        }
    }
    let suit = naturals.first().or(aces.first()).and_then(|c| c.suit()).ok_or(MeldError::OnlyWilds)?;
    let checked = naturals.iter().chain(if policy.aces == AceSuit::Checked { &aces[..] } else { &[] });
    if let Some(&card) = checked.into_iter().find(|c| c.suit() != Some(suit)) {
        return Err(MeldError::MixedSuits { card, suit: suit.symbol() });
    }
    if aces.len() > 2 {
        return Err(MeldError::TooManyAces);
    }
    // A 2 is read as the natural 2 only when the meld would otherwise hold too many wilds; a lone
    // same-suit 2 stays a wild here and is recognised as natural below if it lands in the 2's place.
    let mut natural_two = None;
    if twos.len() + wilds.len() > policy.max_wilds {
        let at = twos.iter().position(|c| c.suit() == Some(suit));
        let at = at.ok_or(MeldError::TooManyWilds { max: policy.max_wilds })?;
        natural_two = Some(twos.remove(at));
    }
    // Twos before jokers in the pool; the pool is used from its end.
    wilds.splice(0..0, twos);
    if wilds.len() > policy.max_wilds {
        return Err(MeldError::TooManyWilds { max: policy.max_wilds });
    }

    naturals.sort_by_key(|c| c.rank());
    // Where a low ace stands: before the 2, or directly before the 3 when every 2 is wild.
    let low: u8 = if policy.twos == TwoPolicy::AlwaysWild { 2 } else { 1 };
    let mut seq: Vec<Placed> = Vec::with_capacity(len);
    seq.extend(natural_two.map(|card| Placed { card, pos: 2, wild: false }));
    for &card in &naturals {
        if let Some(rank) = card.rank() {
            seq.push(Placed { card, pos: natural_pos(rank), wild: false });
        }
    }
    if aces.len() == 2
        && let Some(card) = aces.pop()
    {
        seq.push(Placed { card, pos: 14, wild: false });
    }
    let mut placed: Vec<Placed> = Vec::with_capacity(len);
    for next in seq {
        if let Some(prev) = placed.last().copied() {
            match next.pos - prev.pos {
                0 => return Err(MeldError::Duplicate { card: next.card }),
                1 => {}
                2 => {
                    let wild = wilds.pop().ok_or(MeldError::Gap { below: prev.card, above: next.card })?;
                    placed.push(Placed { card: wild, pos: prev.pos + 1, wild: true });
                }
                _ => {
                    return Err(MeldError::Gap { below: prev.card, above: next.card });
                }
            }
        }
        placed.push(next);
    }
    let (first, last) = match (placed.first(), placed.last()) {
        (Some(f), Some(l)) => (f.pos, l.pos),
        _ => return Err(MeldError::OnlyWilds),
    };
    if let Some(ace) = aces.pop() {
        if first == low + 1 {
            placed.insert(0, Placed { card: ace, pos: low, wild: false });
        } else if last == 13 {
            placed.push(Placed { card: ace, pos: 14, wild: false });
        } else if let Some(wild) = wilds.pop() {
            if first == low + 2 {
                placed.splice(
                    0..0,
                    [Placed { card: ace, pos: low, wild: false }, Placed { card: wild, pos: low + 1, wild: true }],
                );
            } else if last == 12 {
                placed.extend([Placed { card: wild, pos: 13, wild: true }, Placed { card: ace, pos: 14, wild: false }]);
            } else {
                return Err(MeldError::AceOutOfPlace);
            }
        } else {
            return Err(MeldError::AceOutOfPlace);
        }
    }
    // Unused wilds extend the run; they are stored at the very front.
    while let Some(wild) = wilds.pop() {
        let (first, last) = (placed[0].pos, placed[placed.len() - 1].pos);
        let pos = if first > low {
            first - 1
        } else if last < 14 {
            last + 1
        } else {
            return Err(MeldError::NoRoomForWild);
        };
        placed.insert(0, Placed { card: wild, pos, wild: true });
    }
    let clean = placed.iter().all(|p| !p.wild || is_natural_two(p, suit, policy));
    Ok(Meld { cards: placed.iter().map(|p| p.card).collect(), clean, at_once: true, kind: MeldKind::Run })
}

/// A set (one rank, at most `max_wilds` wilds; naturals in suit order, the wild last) or a meld
/// of wild cards only, when the policy allows them; `None` when `cards` must be read as a run.
fn set_or_wilds(cards: &[Card], policy: &MeldPolicy) -> Result<Option<Meld>, MeldError> {
    let (mut wilds, mut naturals): (Vec<Card>, Vec<Card>) = cards.iter().partition(|&&c| policy.is_wild(c));
    if naturals.is_empty() {
        if !policy.wild_piles {
            return Ok(None);
        }
        wilds.sort();
        return Ok(Some(Meld { cards: wilds, clean: false, at_once: true, kind: MeldKind::Wilds }));
    }
    let rank = naturals[0].rank();
    if !policy.sets || naturals.len() < 2 || naturals.iter().any(|c| c.rank() != rank) {
        return Ok(None);
    }
    if wilds.len() > policy.max_wilds {
        return Err(MeldError::SetTooManyWilds { max: policy.max_wilds });
    }
    naturals.sort();
    let clean = wilds.is_empty();
    naturals.extend(wilds);
    Ok(Some(Meld { cards: naturals, clean, at_once: true, kind: MeldKind::Set }))
}

/// A 2 of the meld's suit standing in the 2's place is natural even if it came in as the wild.
fn is_natural_two(p: &Placed, suit: Suit, policy: &MeldPolicy) -> bool {
    policy.twos == TwoPolicy::NaturalInPlace && p.pos == 2 && p.card == Card::new(Rank::Two, suit)
}

#[cfg(test)]
#[path = "meld_tests.rs"]
mod tests;
