//! The games `juiz check --game buraco-schwab` plays: scripted Schwab deals that give the checked
//! bot (seat 0, the templates at the other seats) the new rules' chances (a natural pair for the
//! up-card with a joker beside it, a run longer than a pile may be, a hand that melds down to
//! wild cards and so takes the buraco), then seeded random 4-player games against the template.

use super::bots::{SMART_SCHWAB, TEMPLATE};
use crate::games::kit::{CheckGame, mix, push_scripted};

/// A Schwab script: the checked bot's hand at seat 0, the up-card and the top of the stock; the
/// templates hold `TEMPLATE_HAND`, the buracos are fixed, and the bot starts.
struct Script {
    title: &'static str,
    slug: &'static str,
    hand: &'static str,
    up_card: &'static str,
    stock: &'static str,
}

const TEMPLATE_HAND: &str = "2♦ 8♦ Q♥ 4♠ 10♠ J♣ 5♦ A♠ 10♣ K♠ 6♦";
const BURACOS: [&str; 2] = ["3♦ 4♦ 5♦ 6♦ 7♦ 9♦ 10♦ J♦ Q♦ K♦ A♦", "3♣ 4♣ 5♣ 7♣ 8♣ 9♣ J♣ Q♣ K♣ A♣ 2♠"];

const SCRIPTS: [Script; 3] = [
    Script {
        title: "the up-card 9♥ may be taken with the natural pair 9♣ 9♠ (GET_DISCARD [ 9♣ 9♠ ]), never \
                with the joker",
        slug: "schwab-natural-pair",
        hand: "9♣ 9♠ JK 4♦ 7♣ Q♠ K♦ 3♥ 8♦ J♥ 5♠",
        up_card: "9♥",
        stock: "6♥ 7♥",
    },
    Script {
        title: "3♥ to 10♥ in hand: a pile holds at most 7 cards (at 7 it is a cerrado)",
        slug: "schwab-seven-at-most",
        hand: "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ K♣ Q♦ 5♠",
        up_card: "6♣",
        stock: "J♥ 8♠",
    },
    Script {
        title: "melding 3♠ 4♠ 5♠, 8♦ 8♣ 8♥ and J♥ Q♥ K♥ leaves JK 2♣: the buraco comes (MORTO [ … ]) \
                and the turn goes on",
        slug: "schwab-buraco",
        hand: "3♠ 4♠ 5♠ 8♦ 8♣ 8♥ J♥ Q♥ K♥ JK 2♣",
        up_card: "4♣",
        stock: "9♠ 7♠",
    },
];

impl Script {
    fn deal_text(&self) -> String {
        let mut lists = vec![self.hand, TEMPLATE_HAND, TEMPLATE_HAND, TEMPLATE_HAND];
        lists.extend(BURACOS);
        let mut text: String = lists.iter().map(|cards| format!("[ {cards} ]\n")).collect();
        text.push_str(&format!("{}\n0\n[ {} ]\n", self.up_card, self.stock));
        text
    }
}

/// The scripted Schwab games, then `random` seeded 4-player games alternating the checked bot's
/// team, all against the template.
pub fn plan(random: usize, seed: u64) -> Vec<CheckGame> {
    let mut games = Vec::new();
    for script in &SCRIPTS {
        push_scripted(&mut games, seed, (4, TEMPLATE), (script.title, script.slug), script.deal_text());
    }
    for i in 0..random {
        let number = games.len() + 1;
        let side = i % 2;
        // Against the template and smart_schwab in turn, each with the checked bot on both sides.
        let opponent = [TEMPLATE, SMART_SCHWAB][(i / 2) % 2];
        games.push(CheckGame {
            number,
            title: format!("random deal, 4 players, against {}", opponent.name()),
            stem: format!("{number:02}-random-4p-{}", opponent.name()),
            players: 4,
            bot_seats: vec![side, side + 2],
            opponent,
            seed: mix(seed, number as u64),
            deal: None,
        });
    }
    games
}
