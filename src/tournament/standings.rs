//! Standings, recomputed from the rows of `games.csv` only: games, wins, draws, losses, points,
//! scores, faults by kind, a Bradley–Terry rating with its interval, and the statistics of deal
//! pairs (each deal played twice, seats swapped): the game points of each pair, counted as
//! fastchess counts its pentanomial (a forfeit is a lost game, so a fault cannot flatter them),
//! and the score margin over the pairs in which nobody faulted; and their CSV export.

use std::collections::{BTreeMap, BTreeSet};

use super::config::Tournament;
use super::rating::{MeanCi, Rating, bradley_terry_counts, mean_ci, mean_ci_in};
use super::rows::GameRow;

/// One bot's line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsRow {
    pub rank: usize,
    pub bot: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points: f64,
    pub score_for: i64,
    pub score_against: i64,
    /// Faults this bot made, by kind (`timeout`, `crash`, `build`...).
    pub faults: BTreeMap<String, u32>,
    pub rating: Rating,
    /// Over the deals played twice with the seats swapped: the game points this bot took from
    /// each pair (0, ½, 1, 1½ or 2 games won, a draw half), as a mean per pair. `None` without
    /// complete pairs.
    pub pairs: Option<MeanCi>,
    /// How many pairs gave this bot 0, ½, 1, 1½ and 2 points (the pentanomial: LL, LD, WL or DD,
    /// WD, WW).
    pub pentanomial: [u32; 5],
    /// Over the pairs in which nobody faulted: the mean, per deal, of this bot's total score
    /// minus its opponent's over both games. `None` without such pairs.
    pub margin: Option<MeanCi>,
}

impl StandingsRow {
    pub fn fault_count(&self) -> u32 {
        self.faults.values().sum()
    }
}

#[derive(Default)]
struct Tally {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score_for: i64,
    score_against: i64,
    faults: BTreeMap<String, u32>,
    /// Each complete deal pair's points and, if nobody faulted in it, its score margin, with the
    /// deal's (pairing label id, deal), to be put in that order.
    pairs: Vec<(u32, u32, f64, Option<f64>)>,
}

/// One game of a deal: the bots (indices) of side 0 and 1, their scores, the game points of
/// each side (1 and 0, ½ each, or 0 each when both lost), and whether someone faulted.
type DealGame = ([usize; 2], [i64; 2], [f64; 2], bool);

/// Standings accumulated row by row, in memory that does not grow with the number of games
/// (but for one paired difference a bot and deal with `duplicate`): per-bot counters, per-pair
/// totals for Bradley–Terry, and the games of the current deal. The games of a deal must come
/// one after the other (schedule order does that).
pub(super) struct Standings<'t> {
    t: &'t Tournament,
    names: Vec<&'t str>,
    tally: Vec<Tally>,
    /// `games[i][j]`: games between bots `i` and `j`; `scored[i][j]`: what `i` scored against `j`.
    games: Vec<Vec<f64>>,
    scored: Vec<Vec<f64>>,
    /// Games each bot lost while its opponent lost too (see `GameRow::lost_by_both`).
    lost_by_both: Vec<f64>,
    /// Pairing labels seen, with their ids.
    labels: BTreeMap<String, u32>,
    /// The current deal, `(label id, deal)`, and its games.
    deal: Option<(u32, u32)>,
    deal_games: Vec<DealGame>,
    /// A game of the current deal is void (`GameRow::is_void`).
    deal_void: bool,
}

impl<'t> Standings<'t> {
    pub(super) fn new(t: &'t Tournament) -> Standings<'t> {
        let names: Vec<&str> = t.bots.iter().map(|b| b.name.as_str()).collect();
        let n = names.len();
        Standings {
            t,
            tally: names.iter().map(|_| Tally::default()).collect(),
            names,
            games: vec![vec![0.0; n]; n],
            scored: vec![vec![0.0; n]; n],
            lost_by_both: vec![0.0; n],
            labels: BTreeMap::new(),
            deal: None,
            deal_games: Vec::new(),
            deal_void: false,
        }
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| *n == name)
    }

    /// Counts one finished game.
    pub(super) fn add(&mut self, row: &GameRow) {
        let Some(sides) = row.side_bots() else {
            return;
        };
        let (Some(i0), Some(i1)) = (self.index(sides[0]), self.index(sides[1])) else {
            return;
        };
        if row.is_void() {
            // Spoiled by the host on every attempt: counted for nobody, and its deal has no pair.
            if self.t.duplicate {
                let label = self.label(&row.pairing);
                if self.deal != Some((label, row.deal)) {
                    self.close_deal();
                    self.deal = Some((label, row.deal));
                }
                self.deal_void = true;
            }
            return;
        }
        let scores = [row.score0, row.score1];
        let both_lost = row.lost_by_both();
        for (side, &i) in [i0, i1].iter().enumerate() {
            let t = &mut self.tally[i];
            t.games += 1;
            t.score_for += scores[side];
            t.score_against += scores[1 - side];
            if both_lost {
                t.losses += 1;
            } else if row.winner.is_empty() {
                t.draws += 1;
            } else if row.winner == sides[side] {
                t.wins += 1;
            } else {
                t.losses += 1;
            }
        }
        if let Some(f) = self.index(&row.faulty_bot)
            && !row.fault_kind.is_empty()
        {
            *self.tally[f].faults.entry(row.fault_kind.clone()).or_default() += 1;
        }
        let points = if both_lost {
            [0.0, 0.0]
        } else if row.winner.is_empty() {
            [0.5, 0.5]
        } else if row.winner == sides[0] {
            [1.0, 0.0]
        } else {
            [0.0, 1.0]
        };
        if both_lost {
            self.lost_by_both[i0] += 1.0;
            self.lost_by_both[i1] += 1.0;
        } else if i0 != i1 {
            self.games[i0][i1] += 1.0;
            self.games[i1][i0] += 1.0;
            self.scored[i0][i1] += points[0];
            self.scored[i1][i0] += points[1];
        }
        if self.t.duplicate {
            let label = self.label(&row.pairing);
            if self.deal != Some((label, row.deal)) {
                self.close_deal();
                self.deal = Some((label, row.deal));
            }
            self.deal_games.push(([i0, i1], scores, points, !row.fault_kind.is_empty()));
        }
    }

    /// The id of a pairing label, given on first sight.
    fn label(&mut self, pairing: &str) -> u32 {
        let next = self.labels.len() as u32;
        match self.labels.get(pairing) {
            Some(&id) => id,
            None => *self.labels.entry(pairing.to_string()).or_insert(next),
        }
    }

    /// Adds the current deal's pair statistics, if it was played both ways (and neither game
    /// is void).
    fn close_deal(&mut self) {
        let games = std::mem::take(&mut self.deal_games);
        if std::mem::take(&mut self.deal_void) {
            self.deal = None;
            return;
        }
        let Some((label, deal)) = self.deal.take() else {
            return;
        };
        let [(sides, ..), (other, ..)] = games.as_slice() else {
            return;
        };
        if sides[0] != other[1] || sides[1] != other[0] {
            return;
        }
        let (a, b) = (sides[0], sides[1]);
        // Bot a's game points over both games, and its total score minus its opponent's.
        let of = |bot: usize| -> f64 { games.iter().map(|(s, _, p, _)| if s[0] == bot { p[0] } else { p[1] }).sum() };
        let (points, theirs) = (of(a), of(b));
        let fault_free = games.iter().all(|g| !g.3);
        let diff: i64 = games.iter().map(|(s, sc, ..)| if s[0] == a { sc[0] - sc[1] } else { sc[1] - sc[0] }).sum();
        // (In whole numbers, negated before the conversion: no -0 in the file.)
        let margin = |d: i64| fault_free.then_some(d as f64);
        self.tally[a].pairs.push((label, deal, points, margin(diff)));
        self.tally[b].pairs.push((label, deal, theirs, margin(-diff)));
    }

    /// The standings, best first: by points, then points per deal pair, then rating, then name.
    /// Every bot of the tournament has a line, with or without games.
    pub(super) fn finish(mut self) -> Vec<StandingsRow> {
        self.close_deal();
        // Pair statistics in the order of (pairing label, deal).
        let mut rank = vec![0u32; self.labels.len()];
        for (r, &id) in self.labels.values().enumerate() {
            rank[id as usize] = r as u32;
        }
        let ratings = bradley_terry_counts(self.games, self.scored, &self.lost_by_both);
        let p = self.t.points;
        let mut lines: Vec<StandingsRow> = self
            .names
            .iter()
            .zip(self.tally)
            .zip(ratings)
            .map(|((name, mut t), rating)| {
                t.pairs.sort_by_key(|&(label, deal, ..)| (rank[label as usize], deal));
                let points: Vec<f64> = t.pairs.iter().map(|p| p.2).collect();
                let margins: Vec<f64> = t.pairs.iter().filter_map(|p| p.3).collect();
                let mut pentanomial = [0u32; 5];
                for p in &points {
                    pentanomial[(p * 2.0).round().clamp(0.0, 4.0) as usize] += 1;
                }
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
                    pairs: mean_ci_in(&points, 0.0, 2.0),
                    pentanomial,
                    margin: mean_ci(&margins),
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
}

/// The standings of `t` given its finished games (in any order), best first: by points, then
/// points per deal pair, then rating, then name. Every bot of the tournament has a line, with or without games.
pub fn standings(t: &Tournament, rows: &[GameRow]) -> Vec<StandingsRow> {
    // The games of a deal together, as `Standings` needs them.
    let mut by_deal: Vec<&GameRow> = rows.iter().collect();
    by_deal.sort_by(|x, y| x.pairing.cmp(&y.pairing).then(x.deal.cmp(&y.deal)));
    let mut s = Standings::new(t);
    for row in by_deal {
        s.add(row);
    }
    s.finish()
}

fn fixed(x: f64, digits: usize) -> String {
    if x.is_finite() { format!("{x:.digits$}") } else { String::new() }
}

/// `standings.csv`: one column per fault kind seen in the tournament (`faults_<kind>`), after the
/// total; empty cells where a statistic is undefined (no pairs, or fewer than two for an interval).
pub fn standings_csv(lines: &[StandingsRow]) -> Vec<u8> {
    let kinds: BTreeSet<&str> = lines.iter().flat_map(|l| l.faults.keys().map(String::as_str)).collect();
    let mut header: Vec<String> =
        ["rank", "bot", "games", "wins", "draws", "losses", "points", "score_for", "score_against", "faults"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    header.extend(kinds.iter().map(|k| format!("faults_{}", k.replace('-', "_"))));
    header.extend(
        [
            "elo",
            "elo_ci95",
            "pairs",
            "pair_points",
            "pair_points_ci95",
            "pair_points_low",
            "pair_points_high",
            "pairs_ll",
            "pairs_ld",
            "pairs_even",
            "pairs_wd",
            "pairs_ww",
            "margin_pairs",
            "margin",
            "margin_ci95",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&header).expect("writing to memory cannot fail");
    for l in lines {
        let mut record = vec![
            l.rank.to_string(),
            l.bot.clone(),
            l.games.to_string(),
            l.wins.to_string(),
            l.draws.to_string(),
            l.losses.to_string(),
            format!("{}", l.points),
            l.score_for.to_string(),
            l.score_against.to_string(),
            l.fault_count().to_string(),
        ];
        record.extend(kinds.iter().map(|k| l.faults.get(*k).copied().unwrap_or(0).to_string()));
        record.push(fixed(l.rating.elo, 1));
        record.push(fixed(l.rating.ci95, 1));
        let mean_ci = |m: Option<MeanCi>, digits: usize| match m {
            Some(m) => [m.n.to_string(), fixed(m.mean, digits), m.ci95.map_or(String::new(), |c| fixed(c, digits))],
            None => ["0".to_string(), String::new(), String::new()],
        };
        record.extend(mean_ci(l.pairs, 3));
        let bounds = l.pairs.and_then(|m| m.bounds());
        record
            .extend([bounds.map_or(String::new(), |b| fixed(b.0, 3)), bounds.map_or(String::new(), |b| fixed(b.1, 3))]);
        record.extend(l.pentanomial.iter().map(|n| n.to_string()));
        record.extend(mean_ci(l.margin, 2));
        w.write_record(&record).expect("writing to memory cannot fail");
    }
    w.into_inner().expect("writing to memory cannot fail")
}
