//! The Shengji house bot's loop: reads the referee's lines, keeps the seat's knowledge (`Seen`)
//! and answers the lines that ask (`CARD`, `LAST_CALL`, `KITTY`, `LEAD`, `FOLLOW`) at its level.
//! Every random choice comes from a generator seeded with a hash of the lines read so far, so
//! the same lines give the same answers.

use std::io::{self, BufRead, Write};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

use crate::cards::{Card, format_list};
use crate::games::shengji::{DeclarePolicy, TrumpContext, legal};
use crate::games::{GameKind, RuleOptions};
use crate::house::{Budget, Level, LineHash, MoveCap};

use super::policy::{self, Table};
use super::seen::{Seen, remove_cards};
use super::{search, setup};

/// The deals of a match the hard player searches; later deals it plays as medium, so that a long
/// match (up to 100 deals, 3 decks: about 0.65 s of CPU a searched deal on the reference machine)
/// stays inside the default CPU limit of a game (60 s, protocol.md §1.2). A count, not a clock:
/// the same lines give the same answers on any machine.
const HARD_DEALS: u32 = 40;

/// One seat's house bot: its level and budget, what it has been told, and the hash of the lines.
#[derive(Debug, Clone)]
pub(super) struct Player {
    level: Level,
    budget: Budget,
    seen: Seen,
    hash: LineHash,
}

impl Player {
    pub fn new(level: Level, budget: Budget) -> Player {
        Player { level, budget, seen: Seen::default(), hash: LineHash::salted(level as u64) }
    }

    /// Takes one line from the referee (without its newline); the answer if the line asks for one.
    pub fn answer(&mut self, text: &str) -> Option<String> {
        let cap = MoveCap::start(self.budget.max_ms);
        let (level, seen) = (self.level, &mut self.seen);
        self.hash.add(text);
        seen.update(text);
        let mut rng = Pcg64::seed_from_u64(self.hash.value());
        match text.split(' ').next().unwrap_or("") {
            "CARD" => Some(declare(seen, level, false, &mut rng)),
            "LAST_CALL" => Some(declare(seen, level, true, &mut rng)),
            "KITTY" => {
                let k = seen.rules().kitty_size().min(seen.hand.len());
                let cards = match level {
                    Level::Easy => {
                        let mut hand = seen.hand.clone();
                        hand.shuffle(&mut rng);
                        hand.truncate(k);
                        hand
                    }
                    _ => setup::bury(seen, k),
                };
                remove_cards(&mut seen.hand, &cards);
                seen.buried = cards.clone();
                Some(format!("BURY {}", format_list(&cards)))
            }
            "LEAD" | "FOLLOW" => {
                let cards = card_play(seen, level, self.budget, &mut rng, &cap);
                Some(format!("PLAY {}", format_list(&cards)))
            }
            _ => None,
        }
    }
}

/// Plays Shengji as a house bot of `level` until the referee closes the input. The rule options
/// change nothing it must know: the decks are told on the wire, and its declarations are legal
/// under either `declare` policy.
pub fn play(
    _game: GameKind,
    level: Level,
    budget: Budget,
    _options: &RuleOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    let mut player = Player::new(level, budget);
    crate::house::serve_lines(input, output, |line| player.answer(line).into_iter().collect())
}

fn declare(seen: &Seen, level: Level, last_call: bool, rng: &mut Pcg64) -> String {
    let cards = match level {
        Level::Easy => {
            let ctx = TrumpContext::new(seen.level, None);
            let strongest =
                legal::declaration(DeclarePolicy::Stronger, &ctx, seen.me, &seen.hand, seen.standing.as_ref());
            strongest.filter(|_| rng.random_range(0..3) == 0)
        }
        _ => setup::declare(seen, last_call),
    };
    match cards {
        Some(cards) => format!("DECLARE {}", format_list(&cards)),
        None => "PASS".to_owned(),
    }
}

fn card_play(seen: &Seen, level: Level, budget: Budget, rng: &mut Pcg64, cap: &MoveCap) -> Vec<Card> {
    let ctx = seen.trump;
    match level {
        Level::Easy => match &seen.trick {
            None if seen.hand.is_empty() => Vec::new(),
            None => legal::lead(&seen.hand, &mut |n| rng.random_range(0..n)),
            Some(trick) => legal::follow(&ctx, trick, &seen.hand, &mut |n| rng.random_range(0..n)),
        },
        Level::Hard if seen.deals <= HARD_DEALS => search::choose(seen, budget, rng, cap),
        Level::Medium | Level::Hard => {
            let outside = seen.unseen();
            let mut opp_void = [false; 5];
            for opp in [(seen.me + 1) % 4, (seen.me + 3) % 4] {
                for (suit, void) in seen.void[opp].iter().enumerate() {
                    opp_void[suit] |= void;
                }
            }
            let table = Table { ctx: &ctx, me: seen.me, hand: &seen.hand, outside: &outside, opp_void };
            match &seen.trick {
                None => policy::lead(&table),
                Some(trick) => policy::follow(&table, trick),
            }
        }
    }
}
