//! Pairs whose results are far from what their ratings predict: a bot that throws its games to a
//! friend's (issue 34) loses to it far more often than its rating says it should. For each pair
//! of bots that met, the games one took (a win 1, a draw ½) against the number its Bradley–Terry
//! rating predicts, in standard deviations of that number; a pair at `FLAG_SIGMAS` or more is
//! flagged for a person to look at (the report and the run's summary list them). A flag is not a
//! verdict: a bot may also simply be weak against one style of play.

use std::collections::BTreeMap;

use super::rows::GameRow;
use super::standings::StandingsRow;

/// How far (in standard deviations) a pair's result must be from the prediction to be flagged:
/// about one pair in 370 of honest bots by chance.
pub const FLAG_SIGMAS: f64 = 3.0;

/// Fewest games a pair must have played to be judged.
pub const MIN_GAMES: u32 = 4;

/// A pair of bots whose results are far from their ratings' prediction.
#[derive(Debug, Clone, PartialEq)]
pub struct UnexpectedPair {
    /// The bot that did better than predicted, and the one that did worse.
    pub better: String,
    pub worse: String,
    pub games: u32,
    /// Game points `better` took from the pair's games, and what the ratings predict.
    pub points: f64,
    pub expected: f64,
    /// (points − expected) / its standard deviation: at least `FLAG_SIGMAS`.
    pub sigmas: f64,
}

/// The flagged pairs of `rows` under the ratings of `standings`, the most unexpected first
/// (ties by name). Void games and games both sides lost are left out.
pub fn unexpected_pairs(rows: &[GameRow], standings: &[StandingsRow]) -> Vec<UnexpectedPair> {
    unexpected_pairs_rated(rows, standings.iter().map(|s| (s.bot.as_str(), s.rating.elo)))
}

/// As `unexpected_pairs`, with each bot's Elo rating given (a bot without one is not judged).
pub fn unexpected_pairs_rated<'a>(
    rows: &[GameRow],
    ratings: impl IntoIterator<Item = (&'a str, f64)>,
) -> Vec<UnexpectedPair> {
    let mut tally = PairTally::default();
    for row in rows {
        tally.add(row);
    }
    tally.flagged(ratings)
}

/// Each pair's games and game points, row by row (memory grows with the pairs, not the games).
#[derive(Debug, Default)]
pub struct PairTally {
    /// (a, b) with a < b: games, and a's points.
    pairs: BTreeMap<(String, String), (u32, f64)>,
}

impl PairTally {
    /// Counts one game (void games and games both sides lost are left out).
    pub fn add(&mut self, row: &GameRow) {
        if row.is_void() || row.lost_by_both() {
            return;
        }
        let Some([s0, s1]) = row.side_bots() else { return };
        if s0 == s1 {
            return;
        }
        let points0 = if row.winner.is_empty() {
            0.5
        } else if row.winner == s0 {
            1.0
        } else {
            0.0
        };
        let (key, points) = if s0 < s1 { ((s0, s1), points0) } else { ((s1, s0), 1.0 - points0) };
        let entry = self.pairs.entry((key.0.to_string(), key.1.to_string())).or_default();
        entry.0 += 1;
        entry.1 += points;
    }

    /// The pairs flagged under `ratings` (Elo by bot), the most unexpected first.
    pub fn flagged<'a>(&self, ratings: impl IntoIterator<Item = (&'a str, f64)>) -> Vec<UnexpectedPair> {
        let elo: BTreeMap<&str, f64> = ratings.into_iter().filter(|(_, e)| e.is_finite()).collect();
        let mut flagged = Vec::new();
        for ((a, b), &(games, points)) in &self.pairs {
            let (Some(&ra), Some(&rb)) = (elo.get(a.as_str()), elo.get(b.as_str())) else { continue };
            if games < MIN_GAMES {
                continue;
            }
            let p = 1.0 / (1.0 + 10f64.powf((rb - ra) / 400.0));
            let n = f64::from(games);
            let expected = n * p;
            // A floor on the deviation: a certain prediction that fails is as unexpected as it gets.
            let sd = (n * p * (1.0 - p)).sqrt().max(0.25);
            let sigmas = (points - expected) / sd;
            if sigmas.abs() < FLAG_SIGMAS {
                continue;
            }
            let (better, worse, points, expected) =
                if sigmas > 0.0 { (a, b, points, expected) } else { (b, a, n - points, n - expected) };
            flagged.push(UnexpectedPair {
                better: better.clone(),
                worse: worse.clone(),
                games,
                points,
                expected,
                sigmas: sigmas.abs(),
            });
        }
        flagged.sort_by(|x, y| y.sigmas.total_cmp(&x.sigmas).then(x.better.cmp(&y.better)).then(x.worse.cmp(&y.worse)));
        flagged
    }
}

impl UnexpectedPair {
    /// `eve took 0 of 4 games from ana, 3.1 predicted (4.0σ)` — in terms of the bot that did worse.
    pub fn sentence(&self) -> String {
        let n = f64::from(self.games);
        format!(
            "{} took {} of {} games from {}, {:.1} predicted by their ratings ({:.1}σ)",
            self.worse,
            fmt_points(n - self.points),
            self.games,
            self.better,
            n - self.expected,
            self.sigmas
        )
    }
}

fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 { format!("{p:.0}") } else { format!("{p:.1}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Verdict;
    use crate::tournament::Rating;

    fn row(seats: &str, winner: &str) -> GameRow {
        GameRow {
            game_id: String::new(),
            pairing: String::new(),
            deal: 1,
            seats: seats.to_string(),
            seed: 0,
            score0: 0,
            score1: 0,
            winner: winner.to_string(),
            verdict: Verdict::Ok,
            fault_kind: String::new(),
            faulty_bot: String::new(),
            fault_detail: String::new(),
            turns: 0,
            duration_ms: 0,
            log: String::new(),
            replays: String::new(),
            check: String::new(),
        }
    }

    fn standing(bot: &str, elo: f64) -> StandingsRow {
        StandingsRow {
            rank: 0,
            bot: bot.to_string(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points: 0.0,
            score_for: 0,
            score_against: 0,
            faults: BTreeMap::new(),
            rating: Rating { elo, ci95: 0.0 },
            pairs: None,
            pentanomial: [0; 5],
            margin: None,
        }
    }

    #[test]
    fn a_strong_bot_that_loses_every_game_to_a_weak_one_is_flagged() {
        let standings = [standing("ana", 1300.0), standing("eve", 1700.0), standing("bob", 1500.0)];
        let mut rows = Vec::new();
        for _ in 0..2 {
            rows.push(row("ana eve", "ana"));
            rows.push(row("eve ana", "ana"));
            rows.push(row("bob eve", "eve"));
            rows.push(row("eve bob", "bob"));
        }
        let flagged = unexpected_pairs(&rows, &standings);
        assert_eq!(flagged.len(), 1, "{flagged:?}");
        let f = &flagged[0];
        assert_eq!((f.better.as_str(), f.worse.as_str(), f.games, f.points), ("ana", "eve", 4, 4.0));
        assert!(f.sigmas >= FLAG_SIGMAS);
        assert!(f.sentence().starts_with("eve took 0 of 4 games from ana, 3.6 predicted"), "{}", f.sentence());
    }
}
