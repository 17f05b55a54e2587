//! `juiz check`'s plan for Scratch Rummy: one scripted deal (a set of three sevens in hand, to
//! lay), then seeded random games against the bundled bot.

use juiz::games::kit::{CheckGame, push_random_two, push_scripted};

use super::bots::SCRATCH_BOT;

const SET_OF_SEVENS: &str = "[ 7♥ 7♦ 7♣ 2♠ 9♦ J♣ K♥ ]\n[ 3♥ 5♦ 8♣ 10♠ Q♦ A♣ 4♠ ]\n[ 6♥ ]\n0\n[ 9♠ 9♥ 2♦ 3♣ ]\n";

pub fn plan(random: usize, seed: u64) -> Vec<CheckGame> {
    let mut games = Vec::new();
    let title = ("a set of three sevens in hand: lay it", "scratch-lay-a-set");
    push_scripted(&mut games, seed, (2, SCRATCH_BOT), title, SET_OF_SEVENS.to_owned());
    push_random_two(&mut games, random, seed, &[SCRATCH_BOT]);
    games
}
