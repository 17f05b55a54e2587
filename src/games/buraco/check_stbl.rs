//! The games `juiz check --game buraco-stbl` plays: scripted STBL deals that give the checked bot
//! the new rules' chances (taking its morto, keeping the going-out rule, a closed pile whose top
//! card is a joker or makes a run), then seeded random games, 2 and 4 players, against the
//! template (a legal STBL bot: it draws and discards). Every hand holds 11 cards, every morto 11.

use super::bots::{SMART_STBL, TEMPLATE};
use crate::games::kit::{CheckGame, push_random, push_scripted};

/// An STBL script: the checked bot's hand at seat 0, the template's at seat 1, side 0's morto,
/// the start seat and the top of the stock.
struct Script {
    title: &'static str,
    slug: &'static str,
    hand: &'static str,
    template: &'static str,
    morto: &'static str,
    start: usize,
    stock: &'static str,
}

const TEMPLATE_HAND: &str = "2♦ 8♦ Q♥ 4♠ 10♠ J♣ 5♦ A♠ 9♣ K♠ 6♣";
/// With 6♥ drawn: meld 3♥–6♥, 7♠–10♠ and J♦ Q♦ K♦, and only 9♣ is left.
const EMPTY_WITH_6H: &str = "3♥ 4♥ 5♥ 7♠ 8♠ 9♠ 10♠ J♦ Q♦ K♦ 9♣";
/// No clean canastra in it: after taking it, the bot may not go out.
const DIRTY_MORTO: &str = "4♣ 5♣ JK 7♣ 8♣ 3♦ 3♦ K♥ A♥ 2♥ 6♠";
/// Side 0's morto in the closed-pile scripts.
const PLAIN_MORTO: &str = "3♥ 4♥ 5♥ 6♥ 7♠ 8♠ 2♠ 3♠ 6♠ 5♠ K♥";
/// Side 1's morto (the template's side) in every script.
const OTHER_MORTO: &str = "10♦ Q♣ 10♥ J♥ 2♣ 3♣ 7♦ 8♦ 9♥ 5♠ A♣";

const SCRIPTS: [Script; 3] = [
    Script {
        title: "you may empty your hand (6♥ on the stock): the morto comes (MORTO [ … ]), and with no \
                clean canastra you may not go out",
        slug: "stbl-morto-and-no-going-out",
        hand: EMPTY_WITH_6H,
        template: TEMPLATE_HAND,
        morto: DIRTY_MORTO,
        start: 0,
        stock: "6♥ 9♦",
    },
    Script {
        title: "the closed pile's top card is a joker (JK): it may only start a new run, with 4♣ 5♣ \
                from your hand",
        slug: "stbl-joker-on-the-pile",
        hand: "4♣ 5♣ K♦ 8♥ Q♠ 3♦ 10♥ J♦ A♦ 9♠ 6♦",
        template: TEMPLATE_HAND,
        morto: PLAIN_MORTO,
        start: 1,
        stock: "JK 7♦",
    },
    Script {
        title: "the closed pile's top card 9♥ makes a run with 7♥ 8♥ from your hand (GET_DISCARD)",
        slug: "stbl-take-the-closed-pile",
        hand: "7♥ 8♥ K♦ 3♣ Q♠ 3♦ 10♣ J♦ A♦ 9♠ 6♦",
        template: TEMPLATE_HAND,
        morto: PLAIN_MORTO,
        start: 1,
        stock: "9♥ 7♦",
    },
];

impl Script {
    fn deal_text(&self) -> String {
        let lists = [self.hand, self.template, self.morto, OTHER_MORTO, self.stock];
        let [hand, template, morto, other, stock] = lists.map(|cards| format!("[ {cards} ]"));
        format!("{hand}\n{template}\n{morto}\n{other}\n{}\n{stock}\n", self.start)
    }
}

/// The scripted STBL games (against the template), then `random` seeded games alternating 2 and
/// 4 players and the checked bot's side, against the template and smart_stbl in turn.
pub fn plan(random: usize, seed: u64) -> Vec<CheckGame> {
    let mut games = Vec::new();
    for script in &SCRIPTS {
        push_scripted(&mut games, seed, (2, TEMPLATE), (script.title, script.slug), script.deal_text());
    }
    push_random(&mut games, random, seed, &[TEMPLATE, SMART_STBL]);
    games
}
