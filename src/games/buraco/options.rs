//! Rule options of the Buraco presets (`juiz play --rule NAME=VALUE`, a tournament's `"rules"`):
//! the flags the rules files list, with their defaults, and the match target. Each game accepts
//! only its own options (its `GameDef`'s); ITP Buraco has none (it stays what the original
//! referee plays).

use crate::games::RuleOptions;
use crate::games::SetupError;
use crate::games::kit::{OptionType, RuleOption, read_options};

use super::rules::{BuracoRules, TableCards};

const TARGET: RuleOption = RuleOption {
    name: "target",
    kind: OptionType::Number { min: 0, max: 1_000_000 },
    default: "0",
    help: "points that end a match (0: one hand); a number of points or 0",
};
const MAX_HANDS: RuleOption = RuleOption {
    name: "max-hands",
    kind: OptionType::Number { min: 1, max: 1000 },
    default: "1",
    help: "most hands in a match (a number, 1 or more)",
};

/// Buraco Fechado STBL's options.
pub const STBL_OPTIONS: &[RuleOption] = &[
    TARGET,
    MAX_HANDS,
    RuleOption {
        name: "max-wilds",
        kind: OptionType::Number { min: 1, max: 2 },
        default: "1",
        help: "cards acting as wild in one meld (A1; 1 or 2)",
    },
];

/// Schwab's Buraco's options.
pub const SCHWAB_OPTIONS: &[RuleOption] = &[
    RuleOption { default: "2000", ..TARGET },
    RuleOption { default: "30", ..MAX_HANDS },
    RuleOption {
        name: "hand-size",
        kind: OptionType::Number { min: 1, max: 12 },
        default: "11",
        help: "cards dealt to each player (A1; 11, CardCol's code deals 12)",
    },
    RuleOption {
        name: "negative-table",
        kind: OptionType::Choice(&["true", "false"]),
        default: "true",
        help: "table cards count negative while a team owns no cerrado (A3; true as CardCol, false as the doc)",
    },
];

impl BuracoRules {
    /// The preset with `options` applied; an unknown option or a value that does not parse is an
    /// error naming it and the options the game has, and then nothing is applied.
    pub fn with_options(mut self, options: &RuleOptions) -> Result<BuracoRules, SetupError> {
        for (name, value) in read_options(self.game.name(), self.game.options(), options)? {
            match name {
                "target" => {
                    let target = value.number();
                    self.match_play.target = (target > 0).then_some(target);
                    if target > 0 && self.match_play.max_hands <= 1 {
                        self.match_play.max_hands = 30;
                    }
                }
                "max-hands" => self.match_play.max_hands = value.number() as u32,
                "max-wilds" => self.melds.max_wilds = value.number() as usize,
                "hand-size" => self.hand_size = value.number() as usize,
                "negative-table" => {
                    self.table_cards = match value.word() {
                        "true" => TableCards::NegativeWithoutCanastra,
                        _ => TableCards::Added,
                    }
                }
                other => unreachable!("option {other} is in the game's list but not applied"),
            }
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::MatchRules;

    fn opts(pairs: &[(&str, &str)]) -> RuleOptions {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn options_set_the_rules_and_bad_ones_name_the_known_ones() {
        let stbl = BuracoRules::stbl().with_options(&opts(&[("target", "1500"), ("max-wilds", "2")])).unwrap();
        assert_eq!((stbl.match_play, stbl.melds.max_wilds), (MatchRules { target: Some(1500), max_hands: 30 }, 2));
        let schwab =
            BuracoRules::schwab().with_options(&opts(&[("target", "0"), ("negative-table", "false")])).unwrap();
        assert_eq!((schwab.match_play.target, schwab.table_cards), (None, TableCards::Added));
        assert_eq!(BuracoRules::itp().with_options(&RuleOptions::new()), Ok(BuracoRules::itp()));
        for (game, pairs, expected) in [
            (
                BuracoRules::itp(),
                vec![("target", "2000")],
                "unknown rule option 'target' (itp-buraco's rule options: none)",
            ),
            (
                BuracoRules::schwab(),
                vec![("hand-size", "x")],
                "rule option hand-size=x: expected a whole number from 1 to 12 (buraco-schwab's rule options: \
                 target, max-hands, hand-size, negative-table)",
            ),
            (
                BuracoRules::stbl(),
                vec![("negative-table", "true")],
                "unknown rule option 'negative-table' (buraco-stbl's rule options: target, max-hands, max-wilds)",
            ),
        ] {
            let error = game.with_options(&opts(&pairs)).unwrap_err();
            assert_eq!(error.to_string(), expected);
        }
    }
}
