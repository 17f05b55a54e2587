//! Shengji's rule set as data: the number of decks and the sizes it implies, the rule policies
//! chosen by options (`juiz play --rule NAME=VALUE`, a tournament's `"rules"`), and the match's
//! length.

use crate::games::kit::{OptionType, RuleOption, read_options};
use crate::games::{GameKind, RuleOptions, SetupError};

/// Whether a declaration must be stronger than the one standing (§2 A1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclarePolicy {
    /// More cards, or the same number of jokers (rbtying's default; the reference rule).
    Stronger,
    /// Any valid declaration overrides (the source text's "last revealed wins").
    LastWins,
}

/// How a match of deals ends (§1.10 R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchLength {
    /// The match ends after this many deals whatever the levels (highest level wins, then
    /// points). Without the option: 100, a cap so that every match ends.
    pub max_deals: u32,
}

/// A Shengji rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShengjiRules {
    /// 1, 2 or 3 decks of 54 cards.
    pub decks: usize,
    pub declare: DeclarePolicy,
    pub length: MatchLength,
}

/// The options Shengji accepts, with what they set.
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "decks",
        kind: OptionType::Choice(&["1", "2", "3"]),
        default: "2",
        help: "number of 54-card decks (1, 2 or 3; default 2)",
    },
    RuleOption {
        name: "max-deals",
        kind: OptionType::Number { min: 1, max: 1000 },
        default: "100",
        help: "deals after which the match ends (highest level wins; default 100)",
    },
    RuleOption {
        name: "declare",
        kind: OptionType::Choice(&["stronger", "last"]),
        default: "stronger",
        help: "stronger (a declaration must beat the standing one; default) or last (last wins, A1)",
    },
];

impl Default for ShengjiRules {
    fn default() -> Self {
        ShengjiRules { decks: 2, declare: DeclarePolicy::Stronger, length: MatchLength { max_deals: 100 } }
    }
}

impl ShengjiRules {
    /// The defaults with `options` applied; an unknown option or a bad value is an error, and
    /// then nothing is applied.
    pub fn with_options(options: &RuleOptions) -> Result<ShengjiRules, SetupError> {
        let mut rules = ShengjiRules::default();
        for (name, value) in read_options(GameKind::Shengji.name(), OPTIONS, options)? {
            match name {
                "decks" => rules.decks = value.word().parse().unwrap_or(2),
                "max-deals" => rules.length.max_deals = value.number() as u32,
                "declare" => {
                    rules.declare = match value.word() {
                        "last" => DeclarePolicy::LastWins,
                        _ => DeclarePolicy::Stronger,
                    }
                }
                other => unreachable!("option {other} is in the game's list but not applied"),
            }
        }
        Ok(rules)
    }

    pub fn card_count(&self) -> usize {
        54 * self.decks
    }

    /// rbtying's rule: deck size mod 4, 4 if 0, plus 4 if under 5: 6, 8, 6 cards.
    pub fn kitty_size(&self) -> usize {
        let k = match self.card_count() % 4 {
            0 => 4,
            k => k,
        };
        if k < 5 { k + 4 } else { k }
    }

    pub fn hand_size(&self) -> usize {
        (self.card_count() - self.kitty_size()) / 4
    }

    /// Points in the decks: 100 per deck.
    pub fn total_points(&self) -> u32 {
        100 * self.decks as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_1_2_3_decks() {
        for (decks, kitty, hand) in [(1, 6, 12), (2, 8, 25), (3, 6, 39)] {
            let r = ShengjiRules { decks, ..ShengjiRules::default() };
            assert_eq!((r.kitty_size(), r.hand_size()), (kitty, hand), "{decks} decks");
        }
    }

    #[test]
    fn bad_options_are_refused() {
        let opts = |k: &str, v: &str| RuleOptions::from([(k.to_owned(), v.to_owned())]);
        assert!(ShengjiRules::with_options(&opts("decks", "4")).is_err());
        assert!(ShengjiRules::with_options(&opts("colour", "red")).is_err());
        assert_eq!(ShengjiRules::with_options(&opts("decks", "3")).unwrap().decks, 3);
    }
}
