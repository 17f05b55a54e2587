//! The standings' running sums: what each game and each deal played both ways add to a bot's
//! counters (games, wins, draws, losses, scores, faults, the deal pairs' points and margins as
//! sums and sums of squares) and to a pair of bots' totals for Bradley–Terry; and the standings
//! made from those sums. `standings` feeds them row by row, the course server from the sums it
//! keeps in its database (`server::sums`): one implementation of the maths for both.

use std::collections::BTreeMap;

use super::config::Points;
use super::rating::{bradley_terry_counts, mean_ci_of_sums};
use super::rows::GameRow;
use super::standings::StandingsRow;

/// One bot's sums over its games and its deals played both ways.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BotSums {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub score_for: i64,
    pub score_against: i64,
    /// Faults this bot made, by kind.
    pub faults: BTreeMap<String, u32>,
    /// Games it lost while its opponent lost too (`GameRow::lost_by_both`).
    pub lost_by_both: u32,
    pub deals: DealSums,
}

/// A bot's deal pairs (each deal played twice, the seats swapped): how many, the game points it
/// took in them in half points (0 to 4 a pair) with their squares, how many gave it 0, ½, 1, 1½
/// and 2 points, and over those nobody faulted in, its score margin with its squares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DealSums {
    pub pairs: u32,
    pub halves: i64,
    pub halves_sq: i64,
    pub pentanomial: [u32; 5],
    pub margins: u32,
    pub margin: i64,
    pub margin_sq: i64,
}

impl DealSums {
    pub fn add(&mut self, other: &DealSums) {
        self.pairs += other.pairs;
        self.halves += other.halves;
        self.halves_sq += other.halves_sq;
        for (mine, theirs) in self.pentanomial.iter_mut().zip(other.pentanomial) {
            *mine += theirs;
        }
        self.margins += other.margins;
        self.margin += other.margin;
        self.margin_sq += other.margin_sq;
    }
}

impl BotSums {
    pub fn add(&mut self, other: &BotSums) {
        self.games += other.games;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.score_for += other.score_for;
        self.score_against += other.score_against;
        for (kind, n) in &other.faults {
            *self.faults.entry(kind.clone()).or_default() += n;
        }
        self.lost_by_both += other.lost_by_both;
        self.deals.add(&other.deals);
    }
}

/// What one finished game adds: to each side's sums, and, when it counts in the rating fit
/// (not void, not lost by both, two different bots), the half points each side took.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameSums {
    pub sides: [BotSums; 2],
    pub rated: Option<[i64; 2]>,
    /// Spoiled by the host (`GameRow::is_void`): counted for nobody, its deal has no pair.
    pub void: bool,
}

/// One game of a deal as its pair statistics need it: the bots of side 0 and 1 (`K`: an index,
/// a version's id), their scores, the half points each side took, and whether someone faulted.
#[derive(Debug, Clone, PartialEq)]
pub struct DealGame<K> {
    pub sides: [K; 2],
    pub scores: [i64; 2],
    pub halves: [i64; 2],
    pub faulted: bool,
    pub void: bool,
}

/// The sums of one finished game, or `None` without two sides.
pub fn game_sums(row: &GameRow) -> Option<GameSums> {
    let sides = row.side_bots()?;
    if row.is_void() {
        return Some(GameSums { void: true, ..GameSums::default() });
    }
    let scores = [row.score0, row.score1];
    let both_lost = row.lost_by_both();
    let halves = halves(row, sides);
    let mut out = GameSums::default();
    for side in 0..2 {
        let s = &mut out.sides[side];
        s.games = 1;
        s.score_for = scores[side];
        s.score_against = scores[1 - side];
        if both_lost {
            s.losses = 1;
            s.lost_by_both = 1;
        } else if row.winner.is_empty() {
            s.draws = 1;
        } else if row.winner == sides[side] {
            s.wins = 1;
        } else {
            s.losses = 1;
        }
    }
    if !row.fault_kind.is_empty()
        && let Some(f) = sides.iter().position(|s| *s == row.faulty_bot)
    {
        out.sides[f].faults.insert(row.fault_kind.clone(), 1);
    }
    if !both_lost && sides[0] != sides[1] {
        out.rated = Some(halves);
    }
    Some(out)
}

/// The half points each side took: a win 2, a draw 1 each, nothing to either when both lost.
fn halves(row: &GameRow, sides: [&str; 2]) -> [i64; 2] {
    if row.lost_by_both() || row.is_void() {
        [0, 0]
    } else if row.winner.is_empty() {
        [1, 1]
    } else if row.winner == sides[0] {
        [2, 0]
    } else {
        [0, 2]
    }
}

/// `row` as a game of a deal, its sides named `sides` (`None` without two sides).
pub fn deal_game<K>(row: &GameRow, sides: [K; 2]) -> Option<DealGame<K>> {
    let names = row.side_bots()?;
    Some(DealGame {
        sides,
        scores: [row.score0, row.score1],
        halves: halves(row, names),
        faulted: !row.fault_kind.is_empty(),
        void: row.is_void(),
    })
}

/// What a deal adds to the pair statistics of its two bots, if it was played both ways (two
/// games, the sides swapped, neither void): `(bot, its sums)` for each.
pub fn deal_sums<K: PartialEq + Clone>(games: &[DealGame<K>]) -> Option<[(K, DealSums); 2]> {
    let [one, other] = games else { return None };
    if one.void || other.void || one.sides[0] != other.sides[1] || one.sides[1] != other.sides[0] {
        return None;
    }
    let (a, b) = (one.sides[0].clone(), one.sides[1].clone());
    let of =
        |bot: &K| -> i64 { games.iter().map(|g| if g.sides[0] == *bot { g.halves[0] } else { g.halves[1] }).sum() };
    let diff: i64 =
        games.iter().map(|g| if g.sides[0] == a { g.scores[0] - g.scores[1] } else { g.scores[1] - g.scores[0] }).sum();
    let fault_free = games.iter().all(|g| !g.faulted);
    let sums = |halves: i64, margin: i64| {
        let mut d = DealSums { pairs: 1, halves, halves_sq: halves * halves, ..DealSums::default() };
        d.pentanomial[halves.clamp(0, 4) as usize] = 1;
        if fault_free {
            (d.margins, d.margin, d.margin_sq) = (1, margin, margin * margin);
        }
        d
    };
    let (ours, theirs) = (of(&a), of(&b));
    Some([(a, sums(ours, diff)), (b, sums(theirs, -diff))])
}

/// Every bot's sums and each pair's totals for the rating fit, bots by index.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sums {
    pub bots: Vec<BotSums>,
    /// `games[i][j]`: rated games between `i` and `j`; `scored[i][j]`: what `i` scored against `j`.
    pub games: Vec<Vec<f64>>,
    pub scored: Vec<Vec<f64>>,
}

impl Sums {
    pub fn new(n: usize) -> Sums {
        Sums { bots: vec![BotSums::default(); n], games: vec![vec![0.0; n]; n], scored: vec![vec![0.0; n]; n] }
    }

    /// Adds a game of bots `i0` (side 0) and `i1` (side 1).
    pub fn add_game(&mut self, [i0, i1]: [usize; 2], game: &GameSums) {
        self.bots[i0].add(&game.sides[0]);
        self.bots[i1].add(&game.sides[1]);
        if let Some(halves) = game.rated {
            self.add_rated([i0, i1], 1, halves);
        }
    }

    /// Adds `games` rated games of `i` and `j` in which they took `halves` half points.
    pub fn add_rated(&mut self, [i, j]: [usize; 2], games: u32, halves: [i64; 2]) {
        self.games[i][j] += f64::from(games);
        self.games[j][i] += f64::from(games);
        self.scored[i][j] += halves[0] as f64 / 2.0;
        self.scored[j][i] += halves[1] as f64 / 2.0;
    }
}

/// The standings of bots `names` (by index, as in `sums`) under `points`, best first: by
/// points, then points per deal pair, then rating, then name.
pub fn standings_of(points: &Points, names: &[&str], sums: Sums) -> Vec<StandingsRow> {
    let lost: Vec<f64> = sums.bots.iter().map(|b| f64::from(b.lost_by_both)).collect();
    let ratings = bradley_terry_counts(sums.games, sums.scored, &lost);
    let p = points;
    let mut lines: Vec<StandingsRow> = names
        .iter()
        .zip(sums.bots)
        .zip(ratings)
        .map(|((name, t), rating)| {
            let d = t.deals;
            StandingsRow {
                rank: 0,
                bot: name.to_string(),
                games: t.games,
                wins: t.wins,
                draws: t.draws,
                losses: t.losses,
                points: p.win * f64::from(t.wins) + p.draw * f64::from(t.draws) + p.loss * f64::from(t.losses),
                score_for: t.score_for,
                score_against: t.score_against,
                faults: t.faults,
                rating,
                pairs: mean_ci_of_sums(d.pairs, d.halves, d.halves_sq, 2.0).map(|m| m.within(0.0, 2.0)),
                pentanomial: d.pentanomial,
                margin: mean_ci_of_sums(d.margins, d.margin, d.margin_sq, 1.0),
            }
        })
        .collect();
    let pair_mean = |l: &StandingsRow| l.pairs.map_or(0.0, |m| m.mean);
    lines.sort_by(|x, y| {
        y.points
            .total_cmp(&x.points)
            .then(pair_mean(y).total_cmp(&pair_mean(x)))
            .then(y.rating.elo.total_cmp(&x.rating.elo))
            .then(x.bot.cmp(&y.bot))
    });
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    lines
}
