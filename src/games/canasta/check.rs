//! The games `juiz check --game canasta` plays: scripted deals that put the usual Canasta bugs
//! within the checked bot's reach (a frozen pile it must not take, a red 3 it must not try to
//! discard, a fourth wild it must not meld, a hand it must not meld down to one card without a
//! canasta), then
//! seeded random games against the bundled Canasta bots.

use super::bots::{CANASTA_SIMPLE, CANASTA_SMART};
use crate::games::kit::{CheckGame, push_random_two, push_scripted};

/// A scripted deal: the checked bot (seat 0, starting) holds `hand`; the opponent holds
/// `OPPONENT_HAND`; the discard pile and the top of the stock are fixed.
struct Script {
    title: &'static str,
    slug: &'static str,
    hand: &'static str,
    red_threes: &'static str,
    pile: &'static str,
    stock: &'static str,
}

const OPPONENT_HAND: &str = "4♠ 4♦ 6♣ 7♦ 8♠ 9♦ 10♣ J♠ Q♦ K♣ A♠ 5♥ 6♥ 7♥ 8♥";

const SCRIPTS: [Script; 4] = [
    Script {
        title: "the pile is frozen (a joker on top): take from the stock even with a pair of nines in hand",
        slug: "canasta-frozen-pile",
        hand: "9♥ 9♣ K♥ K♦ 5♠ 5♣ 6♦ 7♣ 8♦ 10♥ J♦ Q♣ A♥ 4♣ 4♥",
        red_threes: "",
        pile: "9♠ JK",
        stock: "3♦ 10♠ 2♠",
    },
    Script {
        title: "a red 3 drawn (3♦) is laid out for you (RED3) and replaced: never discard it",
        slug: "canasta-red-three",
        hand: "9♥ 9♣ K♥ K♦ 5♠ 5♣ 6♦ 7♣ 8♦ 10♥ J♦ Q♣ A♥ 4♣ Q♥",
        red_threes: "3♥",
        pile: "J♣",
        stock: "3♦ 10♠ 2♠",
    },
    Script {
        title: "three natural queens and three wilds: a meld holds at most three wild cards, and no \
                canasta yet means the hand may not be emptied",
        slug: "canasta-wilds-and-going-out",
        hand: "Q♥ Q♦ Q♠ 2♣ 2♦ JK JK 7♠ 7♣ 7♥ K♠ K♥ K♦ 6♠ 6♦",
        red_threes: "",
        pile: "5♦",
        stock: "8♣ 9♠ 10♦",
    },
    Script {
        title: "five natural triples and K♠ drawn: melding them all would leave one card, and there \
                is no going out without a canasta",
        slug: "canasta-no-canasta-no-going-out",
        hand: "8♥ 8♦ 8♣ 9♥ 9♦ 9♣ 10♥ 10♦ 10♣ J♥ J♦ J♣ Q♥ Q♦ Q♣",
        red_threes: "",
        pile: "4♥",
        stock: "K♠ 5♣ 6♦",
    },
];

impl Script {
    fn deal_text(&self) -> String {
        format!(
            "[ {} ]\n[ {OPPONENT_HAND} ]\n[ {} ]\n[  ]\n[ {} ]\n0\n[ {} ]\n",
            self.hand, self.red_threes, self.pile, self.stock
        )
    }
}

/// The scripted Canasta games, then `random` seeded games alternating the checked bot's seat and
/// the two bundled Canasta bots.
pub fn plan(random: usize, seed: u64) -> Vec<CheckGame> {
    let mut games = Vec::new();
    for script in &SCRIPTS {
        push_scripted(&mut games, seed, (2, CANASTA_SMART), (script.title, script.slug), script.deal_text());
    }
    push_random_two(&mut games, random, seed, &[CANASTA_SMART, CANASTA_SIMPLE]);
    games
}
