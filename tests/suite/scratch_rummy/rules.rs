//! Scratch Rummy's rules as data: the hand size (its one option), its card values and its
//! command words (the shared rummy parser reads them, `rummy::Commands`).

use juiz::games::kit::{OptionType, RuleOption, read_options};
use juiz::games::rummy::{CardValues, Commands};
use juiz::games::{RuleOptions, SetupError};

/// The options of `--rule NAME=VALUE`.
pub const OPTIONS: &[RuleOption] = &[RuleOption {
    name: "hand-size",
    kind: OptionType::Number { min: 3, max: 10 },
    default: "7",
    help: "cards dealt to each player",
}];

/// Scratch Rummy's words for the six rummy commands: no closed-pile pickup.
pub const WORDS: Commands = Commands {
    draw_stock: "DRAW",
    take_discard: "TAKE",
    take_discard_join: None,
    meld_new: "LAY",
    meld_join: "ADD",
    discard: "DROP",
};

/// The points going out earns.
pub const OUT_BONUS: i64 = 25;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScratchRules {
    pub hand_size: usize,
    pub values: CardValues,
    pub words: Commands,
}

impl Default for ScratchRules {
    fn default() -> ScratchRules {
        ScratchRules {
            hand_size: 7,
            values: CardValues { by_rank: [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1], joker: 0 },
            words: WORDS,
        }
    }
}

impl ScratchRules {
    /// These rules with `options` applied, each checked first (`kit::read_options`).
    pub fn with_options(mut self, options: &RuleOptions) -> Result<ScratchRules, SetupError> {
        for (name, value) in read_options("scratch-rummy", OPTIONS, options)? {
            match name {
                "hand-size" => self.hand_size = value.number() as usize,
                other => unreachable!("option {other} is listed but not applied"),
            }
        }
        Ok(self)
    }
}
