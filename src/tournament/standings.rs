//! Standings, recomputed from the rows of `games.csv` only: games, wins, draws, losses, points,
//! scores, faults by kind, a Bradley–Terry rating with its interval, and paired (duplicate)
//! statistics; and their CSV export.

use std::collections::{BTreeMap, BTreeSet};

use super::config::Tournament;
use super::rating::{MeanCi, Rating, bradley_terry, mean_ci};
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
    /// Over the deals played twice with the seats swapped: the mean, per deal, of this bot's
    /// total score minus its opponent's over both games. `None` without complete pairs.
    pub paired: Option<MeanCi>,
}

impl StandingsRow {
    pub fn fault_count(&self) -> u32 {
        self.faults.values().sum()
    }
}

/// The bots of side 0 and 1 in one game, and their scores.
type SidesAndScores<'a> = ([&'a str; 2], [i64; 2]);

#[derive(Default)]
struct Tally {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score_for: i64,
    score_against: i64,
    faults: BTreeMap<String, u32>,
    paired: Vec<f64>,
}

/// The standings of `t` given its finished games, best first: by points, then rating, then name.
/// Every bot of the tournament has a line, with or without games.
pub fn standings(t: &Tournament, rows: &[GameRow]) -> Vec<StandingsRow> {
    let names: Vec<&str> = t.bots.iter().map(|b| b.name.as_str()).collect();
    let index = |name: &str| names.iter().position(|n| *n == name);
    let mut tally: Vec<Tally> = names.iter().map(|_| Tally::default()).collect();
    let mut pairwise = Vec::new();
    // (pairing, deal) -> [(side bots, scores)] for the paired statistics.
    let mut deals: BTreeMap<(&str, u32), Vec<SidesAndScores>> = BTreeMap::new();
    for row in rows {
        let Some(sides) = row.side_bots() else {
            continue;
        };
        let (Some(i0), Some(i1)) = (index(sides[0]), index(sides[1])) else {
            continue;
        };
        let scores = [row.score0, row.score1];
        for (side, &i) in [i0, i1].iter().enumerate() {
            let t = &mut tally[i];
            t.games += 1;
            t.score_for += scores[side];
            t.score_against += scores[1 - side];
            if row.winner.is_empty() {
                t.draws += 1;
            } else if row.winner == sides[side] {
                t.wins += 1;
            } else {
                t.losses += 1;
            }
        }
        if let Some(f) = index(&row.faulty_bot)
            && !row.fault_kind.is_empty()
        {
            *tally[f].faults.entry(row.fault_kind.clone()).or_default() += 1;
        }
        let s0 = if row.winner.is_empty() {
            0.5
        } else if row.winner == sides[0] {
            1.0
        } else {
            0.0
        };
        pairwise.push((i0, i1, s0));
        deals.entry((row.pairing.as_str(), row.deal)).or_default().push((sides, scores));
    }
    if t.duplicate {
        for games in deals.values() {
            let [(sides, _), (other, _)] = games.as_slice() else {
                continue;
            };
            if sides[0] != other[1] || sides[1] != other[0] {
                continue;
            }
            // Bot sides[0]'s total minus its opponent's over both games.
            let diff: i64 =
                games.iter().map(|(s, sc)| if s[0] == sides[0] { sc[0] - sc[1] } else { sc[1] - sc[0] }).sum();
            if let (Some(a), Some(b)) = (index(sides[0]), index(sides[1])) {
                tally[a].paired.push(diff as f64);
                tally[b].paired.push(-diff as f64);
            }
        }
    }
    let ratings = bradley_terry(names.len(), &pairwise);
    let p = t.points;
    let mut lines: Vec<StandingsRow> = names
        .iter()
        .zip(tally)
        .zip(ratings)
        .map(|((name, t), rating)| StandingsRow {
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
            paired: mean_ci(&t.paired),
        })
        .collect();
    lines.sort_by(|x, y| {
        y.points.total_cmp(&x.points).then(y.rating.elo.total_cmp(&x.rating.elo)).then(x.bot.cmp(&y.bot))
    });
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    lines
}

fn fixed(x: f64, digits: usize) -> String {
    if x.is_finite() { format!("{x:.digits$}") } else { String::new() }
}

/// `standings.csv`: one column per fault kind seen in the tournament (`faults_<kind>`), after the
/// total; empty cells where a statistic is undefined (fewer than two paired deals).
pub fn standings_csv(lines: &[StandingsRow]) -> Vec<u8> {
    let kinds: BTreeSet<&str> = lines.iter().flat_map(|l| l.faults.keys().map(String::as_str)).collect();
    let mut header: Vec<String> =
        ["rank", "bot", "games", "wins", "draws", "losses", "points", "score_for", "score_against", "faults"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    header.extend(kinds.iter().map(|k| format!("faults_{}", k.replace('-', "_"))));
    header.extend(["elo", "elo_ci95", "paired_deals", "paired_diff", "paired_diff_ci95"].iter().map(|s| s.to_string()));
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
        match l.paired {
            Some(m) => {
                record.push(m.n.to_string());
                record.push(fixed(m.mean, 2));
                record.push(m.ci95.map_or(String::new(), |c| fixed(c, 2)));
            }
            None => record.extend(["0".to_string(), String::new(), String::new()]),
        }
        w.write_record(&record).expect("writing to memory cannot fail");
    }
    w.into_inner().expect("writing to memory cannot fail")
}
