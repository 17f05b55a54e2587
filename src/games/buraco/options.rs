//! Rule options of the Buraco presets (`juiz play --rule NAME=VALUE`, a tournament's `"rules"`):
//! the flags the rules files list, with their defaults, and the match target. Each game accepts
//! only its own options; ITP Buraco has none (it stays what the original referee plays).

use crate::games::{GameKind, RuleOptions, SetupError};

use super::rules::{BuracoRules, TableCards};

/// One option: its name, what it sets, and its default in the preset.
pub struct RuleOption {
    pub name: &'static str,
    pub help: &'static str,
}

const TARGET: RuleOption =
    RuleOption { name: "target", help: "points that end a match (0: one hand); a number of points or 0" };
const MAX_HANDS: RuleOption = RuleOption { name: "max-hands", help: "most hands in a match (a number, 1 or more)" };

/// The options `game` accepts (a Buraco game's; Shengji's are `shengji::OPTIONS`).
pub fn options_of(game: GameKind) -> &'static [RuleOption] {
    match game {
        GameKind::ItpBuraco | GameKind::Canasta | GameKind::Shengji => &[],
        GameKind::BuracoStbl => &[
            TARGET,
            MAX_HANDS,
            RuleOption { name: "max-wilds", help: "cards acting as wild in one meld (A1; 1 or 2)" },
        ],
        GameKind::BuracoSchwab => &[
            TARGET,
            MAX_HANDS,
            RuleOption { name: "hand-size", help: "cards dealt to each player (A1; 11, CardCol's code deals 12)" },
            RuleOption {
                name: "negative-table",
                help: "table cards count negative while a team owns no cerrado (A3; true as CardCol, false as the doc)",
            },
        ],
    }
}

fn bad(game: GameKind, message: String) -> SetupError {
    let names: Vec<&str> = options_of(game).iter().map(|o| o.name).collect();
    let known = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
    SetupError::RuleOption { message: format!("{message} ({game}'s rule options: {known})") }
}

fn number(game: GameKind, name: &str, value: &str, min: i64, max: i64) -> Result<i64, SetupError> {
    match value.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(bad(game, format!("rule option {name}={value}: expected a whole number from {min} to {max}"))),
    }
}

impl BuracoRules {
    /// The preset with `options` applied; an unknown option or a value that does not parse is an
    /// error naming it and the options the game has.
    pub fn with_options(mut self, options: &RuleOptions) -> Result<BuracoRules, SetupError> {
        let game = self.game;
        for (name, value) in options {
            if !options_of(game).iter().any(|o| o.name == name) {
                return Err(bad(game, format!("unknown rule option '{name}'")));
            }
            match name.as_str() {
                "target" => {
                    let target = number(game, name, value, 0, 1_000_000)?;
                    self.match_play.target = (target > 0).then_some(target);
                    if target > 0 && self.match_play.max_hands <= 1 {
                        self.match_play.max_hands = 30;
                    }
                }
                "max-hands" => self.match_play.max_hands = number(game, name, value, 1, 1000)? as u32,
                "max-wilds" => self.melds.max_wilds = number(game, name, value, 1, 2)? as usize,
                "hand-size" => self.hand_size = number(game, name, value, 1, 12)? as usize,
                "negative-table" => {
                    self.table_cards = match value.as_str() {
                        "true" => TableCards::NegativeWithoutCanastra,
                        "false" => TableCards::Added,
                        _ => return Err(bad(game, format!("rule option {name}={value}: expected true or false"))),
                    }
                }
                _ => return Err(bad(game, format!("unknown rule option '{name}'"))),
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
