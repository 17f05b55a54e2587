//! The games `juiz check --game shengji` plays: scripted deals that give the checked bot (seat
//! 0, partnered by the bundled random Shengji bot at seat 2) the usual chances to go wrong, then
//! seeded random matches of one deal against the bundled bot.

use super::plan::CheckGame;

pub fn plan(_random: usize, _seed: u64) -> Vec<CheckGame> {
    Vec::new()
}
