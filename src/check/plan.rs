//! The games `juiz check` plays: scripted deals (generated here, in the deal-file format) that
//! make the bundled opponents take the pile, meld, extend melds and go out, or give the checked
//! bot the chance to; then seeded random games, 2 and 4 players, against each bundled bot; and
//! last, a few games against each house bot (easy, medium, hard).
//! Every scripted position is one a real game can deal (11 cards in every hand), so a bot that
//! counts on what the protocol guarantees is never failed for a position no game produces.

use crate::games::{GameKind, Seat};
use crate::house::Level;

use super::opponents::Opponent;

/// One game of a check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckGame {
    /// Position in the check, from 1.
    pub number: usize,
    /// What the game is about, in words.
    pub title: String,
    /// A file-name stem for its logs: `03-opponent-goes-out`.
    pub stem: String,
    pub players: usize,
    /// The seats the checked bot plays (two partners in a 4-player game).
    pub bot_seats: Vec<Seat>,
    /// The bundled bot at every other seat.
    pub opponent: Opponent,
    pub seed: u64,
    /// A fixed deal (deal-file text), for the scripted games.
    pub deal: Option<String>,
}

impl CheckGame {
    pub fn is_scripted(&self) -> bool {
        self.deal.is_some()
    }
}

/// A hand, a discard top, a start seat and the top of the stock, for one scripted game.
struct Script {
    title: &'static str,
    slug: &'static str,
    /// One hand per seat, and whether the checked bot plays that seat.
    hands: &'static [(&'static str, bool)],
    top: &'static str,
    start: Seat,
    /// The stock from the top down; the rest of the deck is shuffled under it.
    stock: &'static str,
}

const A_HAND: &str = "3♦ 8♥ Q♠ 4♣ 10♥ J♦ 5♣ A♦ 9♠ K♥ 6♦";
const B_HAND: &str = "2♦ 8♦ Q♥ 4♠ 10♠ J♣ 5♦ A♠ 9♣ K♠ 6♣";
const RUN_HAND: &str = "6♠ 7♠ 9♥ 9♦ 3♣ K♦ Q♣ J♥ 4♦ 8♣ 10♦";
const MELD_HAND: &str = "3♥ 4♥ 5♥ 9♣ 9♦ J♠ Q♦ K♣ 7♦ 8♠ 10♣";
/// With 5♠ on the pile: take it with 6♠ 7♠, meld the three runs left, and the hand is empty.
const OUT_WITH_THE_PILE: &str = "6♠ 7♠ 3♥ 4♥ 5♥ 8♦ 9♦ 10♦ J♣ Q♣ K♣";
/// With 6♥ drawn: meld 3♥–6♥, 7♠–10♠ and J♦ Q♦ K♦, discard 9♣, and the hand is empty.
const OUT_WITH_6H: &str = "3♥ 4♥ 5♥ 7♠ 8♠ 9♠ 10♠ J♦ Q♦ K♦ 9♣";

/// The scripted games. Each was checked against the bundled smart bot: it does what the title
/// says (see the tests of `check`).
const SCRIPTS: [Script; 6] = [
    Script {
        title: "the opponent takes the discard pile (GET_DISCARD)",
        slug: "opponent-takes-the-pile",
        hands: &[(RUN_HAND, false), (A_HAND, true)],
        top: "5♠",
        start: 0,
        stock: "",
    },
    Script {
        title: "the opponent melds, then extends its meld (MELD_NEW, MELD_JOIN)",
        slug: "opponent-melds-and-joins",
        hands: &[(MELD_HAND, false), (A_HAND, true)],
        top: "K♠",
        start: 0,
        stock: "6♥ A♣ 7♥ 2♣",
    },
    Script {
        title: "the opponent goes out on its first move (the game ends at once)",
        slug: "opponent-goes-out",
        hands: &[(OUT_WITH_THE_PILE, false), (A_HAND, true)],
        top: "5♠",
        start: 0,
        stock: "",
    },
    Script {
        title: "you may take the discard pile: 5♠ on the pile, 6♠ 7♠ in your hand",
        slug: "you-can-take-the-pile",
        hands: &[(RUN_HAND, true), (A_HAND, false)],
        top: "5♠",
        start: 0,
        stock: "",
    },
    Script {
        title: "you may meld and go out: 6♥ on the stock completes 3♥ 4♥ 5♥, 7♠-10♠ and J♦ Q♦ K♦",
        slug: "you-can-go-out",
        hands: &[(OUT_WITH_6H, true), (A_HAND, false)],
        top: "K♠",
        start: 0,
        stock: "6♥ 9♦",
    },
    Script {
        title: "4 players: partners share melds (GET_DISCARD, MELD_JOIN on the team's melds)",
        slug: "four-players-team-melds",
        hands: &[(A_HAND, true), (RUN_HAND, false), (MELD_HAND, true), (B_HAND, false)],
        top: "5♠",
        start: 1,
        stock: "6♥ A♣ 7♥ 2♣ 8♥",
    },
];

impl Script {
    fn deal_text(&self) -> String {
        let mut text = String::new();
        for (hand, _) in self.hands {
            text.push_str(&format!("[ {hand} ]\n"));
        }
        text.push_str(&format!("{}\n{}\n", self.top, self.start));
        if !self.stock.is_empty() {
            text.push_str(&format!("[ {} ]\n", self.stock));
        }
        text
    }
}

/// Every game of a check of `game` (`stbl.rs` has STBL's).
pub fn plan_for(game: GameKind, random: usize, seed: u64) -> Vec<CheckGame> {
    match game {
        GameKind::ItpBuraco => plan(random, seed),
        GameKind::BuracoStbl => super::stbl::plan(random, seed),
        GameKind::BuracoSchwab => super::schwab::plan(random, seed),
        GameKind::Canasta => super::canasta::plan(random, seed),
        GameKind::Shengji => super::shengji::plan(random, seed),
    }
}

/// `plan_for`, then `house_per_level` games against each house bot (`house_plan`).
pub fn full_plan(game: GameKind, random: usize, house_per_level: usize, seed: u64) -> Vec<CheckGame> {
    let mut games = plan_for(game, random, seed);
    games.extend(house_plan(game, house_per_level, seed, games.len()));
    games
}

/// Every game of a check: the scripted ones (against the smart bot), then `random` seeded games
/// alternating 2 and 4 players, the smart and the template bot, and the checked bot's side.
pub fn plan(random: usize, seed: u64) -> Vec<CheckGame> {
    let mut games = Vec::new();
    for script in &SCRIPTS {
        let number = games.len() + 1;
        games.push(CheckGame {
            number,
            title: script.title.to_owned(),
            stem: format!("{number:02}-{}", script.slug),
            players: script.hands.len(),
            bot_seats: script.hands.iter().enumerate().filter(|(_, (_, yours))| *yours).map(|(s, _)| s).collect(),
            opponent: Opponent::Smart,
            seed: mix(seed, number as u64),
            deal: Some(script.deal_text()),
        });
    }
    push_random(&mut games, random, seed, &[Opponent::Smart, Opponent::Template]);
    games
}

/// Appends `random` seeded games, alternating 2 and 4 players, the checked bot's side and (two
/// games each) the given opponents.
pub(super) fn push_random(games: &mut Vec<CheckGame>, random: usize, seed: u64, opponents: &[Opponent]) {
    for i in 0..random {
        let number = games.len() + 1;
        let players = [2, 4][i % 2];
        let opponent = opponents[(i / 2) % opponents.len()];
        let side = [0, 1, 1, 0][i % 4];
        games.push(CheckGame {
            number,
            title: format!("random deal, {players} players, against {}", opponent.name()),
            stem: format!("{number:02}-random-{players}p-{}", opponent.name()),
            players,
            bot_seats: (0..players).filter(|s| s % 2 == side).collect(),
            opponent,
            seed: mix(seed, number as u64),
            deal: None,
        });
    }
}

/// `per_level` games against each house bot of `game` (easy, medium, hard), numbered on from
/// `after`, at the game's first table size, the checked bot's side alternating.
pub fn house_plan(game: GameKind, per_level: usize, seed: u64, after: usize) -> Vec<CheckGame> {
    if !crate::house::has_house_bots(game) {
        return Vec::new();
    }
    let players = game.seat_counts().first().copied().unwrap_or(2);
    let mut games = Vec::new();
    for level in Level::ALL {
        for i in 0..per_level {
            let number = after + games.len() + 1;
            let opponent = Opponent::House(level);
            games.push(CheckGame {
                number,
                title: format!("random deal, {players} players, against house:{level}"),
                stem: format!("{number:02}-house-{level}"),
                players,
                bot_seats: (0..players).filter(|s| s % 2 == i % 2).collect(),
                opponent,
                seed: mix(seed, number as u64),
                deal: None,
            });
        }
    }
    games
}

/// SplitMix64 of `seed` and `n`, kept below 2^53 like the original referee's seeds.
pub(super) fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) >> 11
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{TableSetup, new_engine};

    #[test]
    fn every_scripted_deal_is_a_valid_deal() {
        for game in plan(0, 7) {
            let setup = TableSetup {
                wire_ids: (1..=game.players).map(|n| format!("p{n}.x")).collect(),
                seed: game.seed,
                deal: game.deal.clone(),
                options: Default::default(),
            };
            let engine = new_engine(GameKind::ItpBuraco, &setup).unwrap_or_else(|e| panic!("{}: {e}", game.title));
            let first = engine.deal_text();
            assert!(first.starts_with(game.deal.as_deref().unwrap().lines().next().unwrap()), "{}", game.title);
            assert!(!game.bot_seats.is_empty());
        }
    }

    #[test]
    fn every_deal_of_every_games_check_is_a_valid_deal_of_full_hands() {
        // The hands at the top of each game's deal text, and the tokens of each (cards and the
        // two brackets); Shengji's deal text lists its hands in dealing order, checked by the
        // engine itself.
        let full = [
            (GameKind::BuracoStbl, 2, 13),
            (GameKind::BuracoSchwab, 6, 13),
            (GameKind::Canasta, 2, 17),
            (GameKind::Shengji, 0, 0),
        ];
        for (kind, hands, tokens) in full {
            for game in plan_for(kind, 2, 7) {
                let setup = TableSetup {
                    wire_ids: (1..=game.players).map(|n| format!("p{n}.x")).collect(),
                    seed: game.seed,
                    deal: game.deal.clone(),
                    options: Default::default(),
                };
                let engine = new_engine(kind, &setup).unwrap_or_else(|e| panic!("{kind} {}: {e}", game.title));
                let dealt = engine.deal_text();
                assert!(dealt.lines().take(hands).all(|l| l.split_whitespace().count() == tokens), "{}", game.title);
            }
        }
    }

    #[test]
    fn every_scripted_hand_is_a_full_hand_as_dealt() {
        let size = crate::games::buraco::BuracoRules::itp().hand_size;
        for script in &SCRIPTS {
            for (hand, _) in script.hands {
                assert_eq!(hand.split_whitespace().count(), size, "{}: {hand}", script.title);
            }
        }
    }

    #[test]
    fn random_games_alternate_players_opponents_and_sides() {
        let games = plan(4, 1);
        let random: Vec<&CheckGame> = games.iter().filter(|g| !g.is_scripted()).collect();
        assert_eq!(random.len(), 4);
        let shape: Vec<(usize, Opponent, Vec<Seat>)> =
            random.iter().map(|g| (g.players, g.opponent, g.bot_seats.clone())).collect();
        assert_eq!(
            shape,
            [
                (2, Opponent::Smart, vec![0]),
                (4, Opponent::Smart, vec![1, 3]),
                (2, Opponent::Template, vec![1]),
                (4, Opponent::Template, vec![0, 2]),
            ]
        );
        assert_eq!(plan(4, 1), games, "the same seed gives the same plan");
        assert_ne!(plan(4, 2)[7].seed, games[7].seed);
        let numbers: Vec<usize> = games.iter().map(|g| g.number).collect();
        assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
    }
}
