//! Which games a check plays: the game's registered plan, fitted to the table the course plays
//! (`CheckOptions::players`: scripted positions of another table size left out, random games
//! dealt at the course's size), then the rounds against each house bot; and the seed of a
//! course's check, derived from the course and the bot's bytes so the same bytes get the same
//! games (and the same verdict).

use sha2::{Digest, Sha256};

use super::opponents;
use super::outcome::CheckOptions;
use crate::games::GameKind;
use crate::games::kit::CheckGame;
use crate::house::Level;

/// Every game of a check of `game`: its registered check plan.
pub fn plan_for(game: GameKind, random: usize, seed: u64) -> Vec<CheckGame> {
    game.check_plan(random, seed)
}

/// The game's own plan at the table of `players` seats (all its sizes with `None`): scripted
/// positions dealt for another size are left out (a bug they would find cannot happen there);
/// random games of another size are dealt at `players` instead, the checked bot's side kept.
/// The games are numbered again from 1, in the plan's order; each keeps its seed.
pub fn own_plan(options: &CheckOptions) -> Vec<CheckGame> {
    let mut games = plan_for(options.game, options.random_games, options.seed);
    let Some(players) = options.players else { return games };
    games.retain(|g| g.players == players || !g.is_scripted());
    for (i, g) in games.iter_mut().enumerate() {
        let number = i + 1;
        let slug = g.stem.split_once('-').map_or(g.stem.as_str(), |(_, rest)| rest).to_owned();
        if g.players != players {
            let side = g.bot_seats.first().map_or(0, |s| s % 2);
            let size = |n: usize| format!("{n}p");
            let slug = slug.replace(&size(g.players), &size(players));
            g.title = g.title.replace(&format!("{} players", g.players), &format!("{players} players"));
            g.bot_seats = (0..players).filter(|s| s % 2 == side).collect();
            g.players = players;
            g.stem = format!("{number:02}-{slug}");
        } else {
            g.stem = format!("{number:02}-{slug}");
        }
        g.number = number;
    }
    games
}

/// The games of a check with `options`: the game's plan at the course's table (`own_plan`),
/// then `house_games` games against each house bot of the game (easy, medium, hard), at the
/// course's table size (else the game's first), the checked bot's side alternating. With rule
/// options the bundled C opponents, which play the default rules only (they would fault where
/// the checked bot did nothing wrong), give their seats to the house bot `medium`, which plays
/// under the options.
pub fn full_plan(options: &CheckOptions) -> Vec<CheckGame> {
    let (game, per_level, seed) = (options.game, options.house_games, options.seed);
    let mut games = own_plan(options);
    if !crate::house::has_house_bots(game) {
        return games;
    }
    if !options.rules.is_empty() {
        let medium = opponents::house_opponent(Level::Medium);
        for planned in games.iter_mut().filter(|g| g.opponent.house_level().is_none()) {
            let bundled = planned.opponent.name();
            planned.title = planned.title.replace(&format!("against {bundled}"), &format!("against {}", medium.name()));
            planned.stem = planned.stem.replace(bundled, medium.name());
            planned.opponent = medium;
        }
    }
    let players = options.players.or_else(|| game.seat_counts().first().copied()).unwrap_or(2);
    for level in Level::ALL {
        for i in 0..per_level {
            let number = games.len() + 1;
            games.push(CheckGame {
                number,
                title: format!("random deal, {players} players, against house:{level}"),
                stem: format!("{number:02}-house-{level}"),
                players,
                bot_seats: (0..players).filter(|s| s % 2 == i % 2).collect(),
                opponent: opponents::house_opponent(level),
                seed: crate::games::kit::mix(seed, number as u64),
                deal: None,
            });
        }
    }
    games
}

/// The seed of a course's check of a bot: a function of the course (its name, game and seed)
/// and the bot's bytes (their SHA-256, as hex), never of the time or the upload's number, so the
/// same bytes are checked with the same games.
pub fn course_seed(course: &str, game: GameKind, course_seed: Option<u64>, sha256: &str) -> u64 {
    let mut hash = Sha256::new();
    for part in [course, game.name(), &course_seed.map(|s| s.to_string()).unwrap_or_default(), sha256] {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part.as_bytes());
    }
    let digest = hash.finalize();
    let word = u64::from_le_bytes(digest[..8].try_into().expect("a digest has 32 bytes"));
    // Below 2^53 like every seed of a check (`mix`).
    word >> 11
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(players: Option<usize>) -> CheckOptions {
        CheckOptions { random_games: 2, house_games: 1, players, ..CheckOptions::new(5) }
    }

    #[test]
    fn a_two_player_course_plays_two_player_games_only() {
        let all = full_plan(&options(None));
        assert!(all.iter().any(|g| g.players == 4), "the default check plays 4-player games");
        let two = full_plan(&options(Some(2)));
        assert!(two.iter().all(|g| g.players == 2 && g.bot_seats.iter().all(|&s| s < 2)), "{two:#?}");
        let scripted = |p: &[CheckGame]| p.iter().filter(|g| g.is_scripted()).count();
        assert!(scripted(&two) < scripted(&all), "the 4-player positions are left out");
        assert_eq!(two.iter().filter(|g| !g.is_scripted()).count(), all.iter().filter(|g| !g.is_scripted()).count());
        for (i, g) in two.iter().enumerate() {
            assert_eq!(g.number, i + 1);
            assert!(g.stem.starts_with(&format!("{:02}-", i + 1)) && !g.stem.contains("4p"), "{}", g.stem);
            assert!(!g.title.contains("4 players"), "{}", g.title);
        }
        let four = full_plan(&options(Some(4)));
        assert!(four.iter().all(|g| g.players == 4 && g.bot_seats.len() == 2), "{four:#?}");
    }

    #[test]
    fn the_course_seed_depends_on_the_course_and_the_bytes_only() {
        let game = GameKind::DEFAULT;
        let a = course_seed("c", game, None, "ab12");
        assert_eq!(a, course_seed("c", game, None, "ab12"));
        assert_ne!(a, course_seed("c", game, None, "ab13"));
        assert_ne!(a, course_seed("d", game, None, "ab12"));
        assert_ne!(a, course_seed("c", game, Some(1), "ab12"));
        assert!(a < 1 << 53);
    }
}
