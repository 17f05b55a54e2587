//! Standings, recomputed from the rows of `games.csv` only: games, wins, draws, losses, points,
//! scores, faults by kind, a Bradley–Terry rating with its interval, and the statistics of deal
//! pairs (each deal played twice, seats swapped): the game points of each pair, counted as
//! fastchess counts its pentanomial (a forfeit is a lost game, so a fault cannot flatter them),
//! and the score margin over the pairs in which nobody faulted; and their CSV export.

use std::collections::{BTreeMap, BTreeSet};

use super::config::Tournament;
use super::rating::{MeanCi, Rating};
use super::rows::GameRow;
use super::sums::{DealGame, Sums, deal_game, deal_sums, game_sums, standings_of};

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

/// Standings accumulated row by row, in memory that does not grow with the number of games:
/// the running sums of `sums.rs` (per bot, per pair of bots) and the games of the current deal.
/// The games of a deal must come one after the other (schedule order does that).
pub(super) struct Standings<'t> {
    t: &'t Tournament,
    names: Vec<&'t str>,
    sums: Sums,
    /// Pairing labels seen, with their ids.
    labels: BTreeMap<String, u32>,
    /// The current deal, `(label id, deal)`, and its games.
    deal: Option<(u32, u32)>,
    deal_games: Vec<DealGame<usize>>,
}

impl<'t> Standings<'t> {
    pub(super) fn new(t: &'t Tournament) -> Standings<'t> {
        let names: Vec<&str> = t.bots.iter().map(|b| b.name.as_str()).collect();
        Standings {
            t,
            sums: Sums::new(names.len()),
            names,
            labels: BTreeMap::new(),
            deal: None,
            deal_games: Vec::new(),
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
        let Some(game) = game_sums(row) else {
            return;
        };
        self.sums.add_game([i0, i1], &game);
        if self.t.duplicate {
            let label = self.label(&row.pairing);
            if self.deal != Some((label, row.deal)) {
                self.close_deal();
                self.deal = Some((label, row.deal));
            }
            self.deal_games.extend(deal_game(row, [i0, i1]));
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
        self.deal = None;
        for (bot, deal) in deal_sums(&games).into_iter().flatten() {
            self.sums.bots[bot].deals.add(&deal);
        }
    }

    /// The standings, best first: by points, then points per deal pair, then rating, then name.
    /// Every bot of the tournament has a line, with or without games.
    pub(super) fn finish(mut self) -> Vec<StandingsRow> {
        self.close_deal();
        standings_of(&self.t.points, &self.names, self.sums)
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
