//! The games `juiz check --game shengji` plays: scripted first deals that give the checked bot
//! (seat 0; the bundled smart Shengji bot at the other seats) the usual chances to go wrong —
//! following suit, following a pair with a pair, a tractor with a tractor, declaring and burying
//! the kitty as banker — then seeded random matches. Every scripted deal is a real 2-deck deal;
//! the later deals of each match come from the seed.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

use crate::cards::{Card, Suit, build_decks_with_two_jokers, format_list};

use super::bots::SHENGJI_SMART;
use crate::games::kit::{CheckGame, mix};

/// The level cards and jokers, 2♥ 2♥ first (whoever gets them declares ♥ and becomes banker).
const TRUMP_HOLDING: &str = "2♥ 2♥ 2♦ 2♦ 2♣ 2♣ 2♠ 2♠ SJ SJ BJ BJ";
/// The kitty: low plain cards without points, which the smart banker buries again.
const KITTY: &str = "3♦ 3♦ 4♦ 4♦ 3♣ 3♣ 4♣ 4♣";

struct Script {
    title: &'static str,
    slug: &'static str,
    /// The checked bot's special cards (the rest of its hand is diamonds and clubs).
    bot: &'static str,
    /// The smart banker's only plain cards, which it leads first (`None`: the bot is banker).
    lead: Option<&'static str>,
}

const SCRIPTS: [Script; 4] = [
    Script {
        title: "A♠ led; you hold 5♠ and 7♠: follow suit",
        slug: "shengji-follow-suit",
        bot: "5♠ 7♠",
        lead: Some("A♠"),
    },
    Script {
        title: "the pair 9♠ 9♠ led; you hold K♠ K♠ 4♠ 6♠: a pair must be answered by your pair",
        slug: "shengji-follow-pair",
        bot: "K♠ K♠ 4♠ 6♠",
        lead: Some("9♠ 9♠"),
    },
    Script {
        title: "the tractor 9♠ 9♠ 10♠ 10♠ led; you hold the tractor 5♠ 5♠ 6♠ 6♠: play it",
        slug: "shengji-follow-tractor",
        bot: "5♠ 5♠ 6♠ 6♠ Q♠ 8♠",
        lead: Some("9♠ 9♠ 10♠ 10♠"),
    },
    Script {
        title: "you get every level card and joker: declare (only cards you hold), then bury exactly 8",
        slug: "shengji-declare-and-bury",
        bot: TRUMP_HOLDING,
        lead: None,
    },
];

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().expect("a card")).collect()
}

fn take(deck: &mut Vec<Card>, wanted: &[Card]) {
    for card in wanted {
        let at = deck.iter().position(|c| c == card).expect("the card is still in the deck");
        deck.remove(at);
    }
}

impl Script {
    /// The deal file: the trump holder gets 2♥ first and is dealt to first (seat 3, or seat 0 when
    /// the bot is banker); hands in the order received.
    fn deal_text(&self, seed: u64) -> String {
        let mut deck = build_decks_with_two_jokers(2);
        let kitty = cards(KITTY);
        take(&mut deck, &kitty);
        let mut hands: Vec<Vec<Card>> = vec![Vec::new(); 4];
        let (banker, lead) = match self.lead {
            Some(lead) => (3, cards(lead)),
            None => (0, Vec::new()),
        };
        let mut banker_hand = cards(TRUMP_HOLDING);
        banker_hand.extend(&lead);
        take(&mut deck, &banker_hand);
        let hearts: Vec<Card> =
            deck.iter().copied().filter(|c| c.suit() == Some(Suit::Hearts)).take(25 - banker_hand.len()).collect();
        take(&mut deck, &hearts);
        banker_hand.extend(hearts);
        hands[banker] = banker_hand;
        if banker != 0 {
            let mut bot = cards(self.bot);
            take(&mut deck, &bot);
            let plain: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|c| matches!(c.suit(), Some(Suit::Diamonds | Suit::Clubs)))
                .take(25 - bot.len())
                .collect();
            take(&mut deck, &plain);
            bot.extend(plain);
            hands[0] = bot;
        }
        deck.shuffle(&mut Pcg64::seed_from_u64(seed));
        for hand in hands.iter_mut().filter(|h| h.is_empty()) {
            *hand = deck.drain(..25).collect();
        }
        let mut text: String = hands.iter().map(|h| format!("{}\n", format_list(h))).collect();
        text.push_str(&format!("{}\n{banker}\n", format_list(&kitty)));
        text
    }
}

/// The scripted Shengji games, then `random` seeded matches, all against the smart bot.
pub fn plan(random: usize, seed: u64) -> Vec<CheckGame> {
    let mut games = Vec::new();
    for script in &SCRIPTS {
        let number = games.len() + 1;
        let game_seed = mix(seed, number as u64);
        games.push(CheckGame {
            number,
            title: script.title.to_owned(),
            stem: format!("{number:02}-{}", script.slug),
            players: 4,
            bot_seats: vec![0],
            opponent: SHENGJI_SMART,
            seed: game_seed,
            deal: Some(script.deal_text(game_seed)),
        });
    }
    for i in 0..random {
        let number = games.len() + 1;
        let side = i % 2;
        games.push(CheckGame {
            number,
            title: "random deals, 4 players, with and against the smart Shengji bot".to_owned(),
            stem: format!("{number:02}-random-shengji"),
            players: 4,
            bot_seats: vec![side],
            opponent: SHENGJI_SMART,
            seed: mix(seed, number as u64),
            deal: None,
        });
    }
    games
}
