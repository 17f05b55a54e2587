//! `CanastaRules`: two-player Canasta as data (hand size, card values, wild limit, canasta
//! length and bonuses, red 3s, going out, the match), with the preset of `canasta.md` §1 and the
//! rule options `target` and `max-rounds`.

use crate::cards::{Card, Rank, Suit};
use crate::games::kit::{OptionType, RuleOption, read_options};
use crate::games::rummy::CardValues;
use crate::games::{GameKind, MatchRules, RuleOptions, SetupError};

/// The options `--rule NAME=VALUE` accepts for Canasta, with their help.
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "target",
        kind: OptionType::Number { min: 0, max: 1_000_000 },
        default: "5000",
        help: "points that end the match (0: no target, play max-rounds rounds); default 5000",
    },
    RuleOption {
        name: "max-rounds",
        kind: OptionType::Number { min: 1, max: 1000 },
        default: "30",
        help: "most rounds in a match (1 or more); default 30",
    },
    RuleOption {
        name: "initial-meld",
        kind: OptionType::Choice(&["none", "classic"]),
        default: "none",
        help: "none (the source text, default) or classic: a first meld of 15/50/90/120 points by total",
    },
];

/// What a player's first meld of a round must be worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InitialMeld {
    /// Anything (the source text).
    Free,
    /// Classic Canasta's minimum by the player's total: below 0, 15; below 1500, 50; below 3000,
    /// 90; else 120 card points. Reached by the sum of the melds laid down in the turn that
    /// makes the player's first meld of the round (checked when the turn ends: by the discard, or
    /// by going out); a take of the pile for a first meld must reach it with the meld it names
    /// alone, since the pile's other cards are not the player's own.
    Classic,
}

impl InitialMeld {
    /// The card points a first meld needs when the player's total is `total`.
    pub fn minimum(self, total: i64) -> Option<i64> {
        match self {
            InitialMeld::Free => None,
            InitialMeld::Classic => Some(match total {
                t if t < 0 => 15,
                t if t < 1500 => 50,
                t if t < 3000 => 90,
                _ => 120,
            }),
        }
    }
}

/// The rules of a Canasta game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CanastaRules {
    pub decks: usize,
    pub jokers_per_deck: usize,
    pub hand_size: usize,
    /// Card points: joker 50, 2 and A 20, K–8 10, 7–4 and black 3 5 (red 3s score as bonuses).
    pub values: CardValues,
    /// Most wild cards in one meld (M1).
    pub max_wilds: usize,
    /// Cards of a canasta (M4).
    pub canasta_len: usize,
    pub natural_canasta: i64,
    pub mixed_canasta: i64,
    pub red_three: i64,
    pub going_out: i64,
    pub initial_meld: InitialMeld,
    pub match_play: MatchRules,
}

impl CanastaRules {
    /// `canasta.md` §1 with the recommended decisions of §3: a match to 5000, at most 30 rounds.
    pub fn classic() -> CanastaRules {
        let mut by_rank = [10; 13];
        for rank in [Rank::Three, Rank::Four, Rank::Five, Rank::Six, Rank::Seven] {
            by_rank[rank.index()] = 5;
        }
        by_rank[Rank::Two.index()] = 20;
        by_rank[Rank::Ace.index()] = 20;
        CanastaRules {
            decks: 2,
            jokers_per_deck: 2,
            hand_size: 15,
            values: CardValues { by_rank, joker: 50 },
            max_wilds: 3,
            canasta_len: 7,
            natural_canasta: 500,
            mixed_canasta: 300,
            red_three: 100,
            going_out: 100,
            initial_meld: InitialMeld::Free,
            match_play: MatchRules { target: Some(5000), max_hands: 30 },
        }
    }

    /// The preset with `options` applied; an unknown option or a bad value names the known ones,
    /// and then nothing is applied.
    pub fn with_options(mut self, options: &RuleOptions) -> Result<CanastaRules, SetupError> {
        for (name, value) in read_options(GameKind::Canasta.name(), OPTIONS, options)? {
            match name {
                "target" => {
                    let target = value.number();
                    self.match_play.target = (target > 0).then_some(target);
                }
                "max-rounds" => self.match_play.max_hands = value.number() as u32,
                "initial-meld" => {
                    self.initial_meld = match value.word() {
                        "classic" => InitialMeld::Classic,
                        _ => InitialMeld::Free,
                    }
                }
                other => unreachable!("option {other} is in the game's list but not applied"),
            }
        }
        Ok(self)
    }

    /// How many copies of `card` the decks hold.
    pub fn copies_of(&self, card: Card) -> usize {
        if card.is_joker() { self.decks * self.jokers_per_deck } else { self.decks }
    }

    pub fn card_count(&self) -> usize {
        self.decks * (52 + self.jokers_per_deck)
    }
}

/// Jokers and 2s.
pub fn is_wild(card: Card) -> bool {
    card.is_joker() || card.is(Rank::Two)
}

/// ♥3 and ♦3: bonus cards, laid out as soon as received.
pub fn is_red_three(card: Card) -> bool {
    card.is(Rank::Three) && card.suit().is_some_and(Suit::is_red)
}

/// ♠3 and ♣3.
pub fn is_black_three(card: Card) -> bool {
    card.is(Rank::Three) && !is_red_three(card)
}

/// Whether a pile with `top` on top is frozen (F1): a wild card or a black 3 on top.
pub fn freezes(top: Card) -> bool {
    is_wild(top) || is_black_three(top)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(t: &str) -> Card {
        t.parse().unwrap()
    }

    #[test]
    fn card_points_of_section_1_1() {
        let v = CanastaRules::classic().values;
        let points: Vec<i64> = ["JK", "2♣", "A♠", "K♥", "8♦", "7♣", "4♥", "3♠"].iter().map(|t| v.of(card(t))).collect();
        assert_eq!(points, [50, 20, 20, 10, 10, 5, 5, 5]);
        let r = CanastaRules::classic();
        assert_eq!((r.card_count(), r.copies_of(Card::Joker), r.copies_of(card("3♥"))), (108, 4, 2));
    }

    #[test]
    fn threes_and_wilds() {
        assert!(is_red_three(card("3♥")) && is_red_three(card("3♦")) && !is_red_three(card("3♣")));
        assert!(is_black_three(card("3♠")) && !is_black_three(card("3♦")));
        assert!(freezes(card("JK")) && freezes(card("2♥")) && freezes(card("3♣")) && !freezes(card("9♣")));
    }

    #[test]
    fn options_set_the_match_and_bad_ones_name_the_known_ones() {
        let opts = |pairs: &[(&str, &str)]| -> RuleOptions {
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
        };
        let r = CanastaRules::classic().with_options(&opts(&[("target", "0"), ("max-rounds", "4")])).unwrap();
        assert_eq!(r.match_play, MatchRules { target: None, max_hands: 4 });
        let e = CanastaRules::classic().with_options(&opts(&[("max-hands", "2")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown rule option 'max-hands' (canasta's rule options: target, max-rounds, initial-meld)"
        );
        let classic = CanastaRules::classic().with_options(&opts(&[("initial-meld", "classic")])).unwrap();
        let minimums: Vec<Option<i64>> =
            [-5, 0, 1495, 1500, 2995, 3000].iter().map(|&t| classic.initial_meld.minimum(t)).collect();
        assert_eq!(minimums, [Some(15), Some(50), Some(50), Some(90), Some(90), Some(120)]);
        assert_eq!(CanastaRules::classic().initial_meld.minimum(0), None);
        assert!(CanastaRules::classic().with_options(&opts(&[("target", "x")])).is_err());
    }
}
