//! Playing cards: suits, ranks, jokers, and their wire tokens (`5♠`, `10♥`, `A♣`, `JK`, and
//! Shengji's coloured jokers `SJ` and `BJ`).

use std::fmt;
use std::str::FromStr;

/// A suit, in the order the rules files use: ♥ ♦ ♣ ♠.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Hearts,
    Diamonds,
    Clubs,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades];

    /// The suit's place in `ALL`: 0 for ♥ … 3 for ♠.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's symbol as written on the wire.
    pub fn symbol(self) -> char {
        match self {
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
            Suit::Spades => '♠',
        }
    }

    /// Whether the suit is printed red (hearts, diamonds).
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    fn from_symbol(c: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|suit| suit.symbol() == c)
    }
}

/// A rank, ordered 2 < 3 < … < K < A (the rules files' value index 2→0 … A→12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// 0 for a 2 … 11 for a K, 12 for an ace.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The rank's value as written on the wire.
    pub fn label(self) -> &'static str {
        const LABELS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
        LABELS[self.index()]
    }

    fn from_label(s: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.label() == s)
    }
}

/// One card: a suited card, or a joker. The Buraco games have one kind of joker (`JK`); Shengji
/// tells the small (black) joker `SJ` from the big (red) one `BJ`. A game uses one notation only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Suited {
        rank: Rank,
        suit: Suit,
    },
    Joker,
    /// Shengji's small (black) joker, `SJ`.
    SmallJoker,
    /// Shengji's big (red) joker, `BJ`.
    BigJoker,
}

/// The wire token of a joker.
pub const JOKER_TOKEN: &str = "JK";
/// The wire token of the small joker (Shengji).
pub const SMALL_JOKER_TOKEN: &str = "SJ";
/// The wire token of the big joker (Shengji).
pub const BIG_JOKER_TOKEN: &str = "BJ";

impl Card {
    /// How many `kind`s there are: a table indexed by kind has this many entries.
    pub const KINDS: usize = 53;

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card::Suited { rank, suit }
    }

    /// The card's kind, for tables of counts: 0–51 a suited card (suit index × 13 + rank
    /// index), 52 any joker.
    pub fn kind(self) -> usize {
        match self {
            Card::Suited { rank, suit } => suit.index() * 13 + rank.index(),
            _ => 52,
        }
    }

    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Suited { rank, .. } => Some(rank),
            _ => None,
        }
    }

    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Suited { suit, .. } => Some(suit),
            _ => None,
        }
    }

    /// Whether the card is a joker of any kind.
    pub fn is_joker(self) -> bool {
        matches!(self, Card::Joker | Card::SmallJoker | Card::BigJoker)
    }

    /// Whether the card has this rank (a joker has none).
    pub fn is(self, rank: Rank) -> bool {
        self.rank() == Some(rank)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Suited { rank, suit } => write!(f, "{}{}", rank.label(), suit.symbol()),
            Card::Joker => f.write_str(JOKER_TOKEN),
            Card::SmallJoker => f.write_str(SMALL_JOKER_TOKEN),
            Card::BigJoker => f.write_str(BIG_JOKER_TOKEN),
        }
    }
}

/// Why a token is not a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{token}' is not a card: {reason}")]
pub struct CardParseError {
    pub token: String,
    pub reason: CardProblem,
}

/// What is wrong with a token that is not a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardProblem {
    Empty,
    AfterSuit,
    NoSuit,
    NoValue,
    BadValue,
}

impl CardProblem {
    /// The id of the problem's message in the `i18n` resources.
    pub fn message_id(self) -> &'static str {
        match self {
            CardProblem::Empty => "card-empty",
            CardProblem::AfterSuit => "card-after-suit",
            CardProblem::NoSuit => "card-no-suit",
            CardProblem::NoValue => "card-no-value",
            CardProblem::BadValue => "card-bad-value",
        }
    }
}

/// In English (as `card-…` in `src/i18n/en.ftl`).
impl fmt::Display for CardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardProblem::Empty => "empty token",
            CardProblem::AfterSuit => "characters after the suit",
            CardProblem::NoSuit => "no suit (♥ ♦ ♣ ♠)",
            CardProblem::NoValue => "no value before the suit",
            CardProblem::BadValue => "value must be 2-10, J, Q, K or A",
        })
    }
}

impl FromStr for Card {
    type Err = CardParseError;

    /// Strict: the whole token must be a value (`2`…`10`, `J`, `Q`, `K`, `A`) followed by exactly
    /// one suit symbol, or `JK`, `SJ`, `BJ`. Anything else (`5♥x`, `1♠`, `11♠`, `♠`, `5`) is an
    /// error. (Each game then refuses the jokers it does not have.)
    fn from_str(token: &str) -> Result<Card, CardParseError> {
        let fail = |reason| CardParseError { token: token.to_string(), reason };
        match token {
            JOKER_TOKEN => return Ok(Card::Joker),
            SMALL_JOKER_TOKEN => return Ok(Card::SmallJoker),
            BIG_JOKER_TOKEN => return Ok(Card::BigJoker),
            _ => {}
        }
        let Some((suit_at, suit_char)) = token.char_indices().last() else {
            return Err(fail(CardProblem::Empty));
        };
        let Some(suit) = Suit::from_symbol(suit_char) else {
            let reason = if token.chars().any(|c| Suit::from_symbol(c).is_some()) {
                CardProblem::AfterSuit
            } else {
                CardProblem::NoSuit
            };
            return Err(fail(reason));
        };
        let value = &token[..suit_at];
        if value.is_empty() {
            return Err(fail(CardProblem::NoValue));
        }
        let rank = Rank::from_label(value).ok_or_else(|| fail(CardProblem::BadValue))?;
        Ok(Card::new(rank, suit))
    }
}

impl Card {
    /// Parses a token of a game with one kind of joker (the Buraco games): as `from_str`, but `SJ`
    /// and `BJ` are not cards there (refused exactly as before Shengji's jokers existed).
    pub fn parse_single_joker(token: &str) -> Result<Card, CardParseError> {
        match token.parse()? {
            Card::SmallJoker | Card::BigJoker => {
                Err(CardParseError { token: token.to_string(), reason: CardProblem::NoSuit })
            }
            card => Ok(card),
        }
    }
}

/// Formats cards the way the protocol writes a list: `[ ` + tokens joined by ' ' + ` ]`
/// (so an empty list is `[  ]`).
pub fn format_list<'a>(cards: impl IntoIterator<Item = &'a Card>) -> String {
    let tokens: Vec<String> = cards.into_iter().map(Card::to_string).collect();
    format!("[ {} ]", tokens.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            }
        }
        assert_eq!("JK".parse::<Card>(), Ok(Card::Joker));
        assert_eq!(["SJ".parse::<Card>(), "BJ".parse::<Card>()], [Ok(Card::SmallJoker), Ok(Card::BigJoker)]);
        assert_eq!((Card::SmallJoker.to_string(), Card::BigJoker.to_string()), ("SJ".into(), "BJ".into()));
        assert_eq!("10♥".parse::<Card>(), Ok(Card::new(Rank::Ten, Suit::Hearts)));
    }

    #[test]
    fn every_suited_card_has_its_own_kind_below_the_jokers() {
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            assert_eq!(suit.index(), i);
        }
        let mut seen = [false; Card::KINDS];
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let kind = Card::new(rank, suit).kind();
                assert_eq!(kind, suit.index() * 13 + rank.index());
                assert!(!std::mem::replace(&mut seen[kind], true), "{kind} twice");
            }
        }
        assert_eq!(seen.iter().filter(|&&s| s).count(), 52);
        for joker in [Card::Joker, Card::SmallJoker, Card::BigJoker] {
            assert_eq!(joker.kind(), 52);
        }
    }

    #[test]
    fn malformed_tokens_are_rejected() {
        for bad in ["5♥x", "1♠", "11♠", "♠", "5", "", "x♠", "5♥♥", "a♠", "10", "5 ♠", "Jk", "0♦"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn lists_use_the_wire_format() {
        let cards = [Card::new(Rank::Five, Suit::Spades), Card::new(Rank::Ace, Suit::Hearts)];
        assert_eq!(format_list(&cards), "[ 5♠ A♥ ]");
        assert_eq!(format_list(&[]), "[  ]");
    }
}
