//! The house bots' strength as a benchmark (`juiz bench --house`): from a tournament of the
//! three levels of a game (its `games.csv` rows and its transcripts' `timing` rows), the share of
//! games each stronger level wins against each weaker one beside the target, the faults, and what
//! a reply costs each level.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::games::GameKind;
use crate::house::{Level, house_name};
use crate::tournament::GameRow;

/// The share of duplicate games a stronger level must win against a weaker one (issue 23).
pub const TARGET_SHARE: f64 = 0.70;

/// One pairing of two levels.
#[derive(Debug, Clone, PartialEq)]
pub struct PairStrength {
    pub stronger: Level,
    pub weaker: Level,
    pub games: u32,
    /// Games the stronger level won, drew and lost.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl PairStrength {
    /// Games won by the stronger level, a draw counting half.
    pub fn share(&self) -> f64 {
        if self.games == 0 { 0.0 } else { (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games) }
    }

    pub fn met(&self) -> bool {
        self.games > 0 && self.share() >= TARGET_SHARE
    }
}

/// What a level's replies cost, from the transcripts' `timing` rows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LevelCost {
    pub replies: u64,
    /// Time charged to the bot in all, and the longest single reply, in seconds.
    pub charged: f64,
    pub max_charged: f64,
}

/// A game's house bots measured.
#[derive(Debug, Clone, PartialEq)]
pub struct HouseStrength {
    pub game: GameKind,
    pub pairs: Vec<PairStrength>,
    /// Faults by (bot, kind): a house bot should make none.
    pub faults: BTreeMap<(String, String), u32>,
    pub costs: BTreeMap<Level, LevelCost>,
}

/// The level a bot name plays under (`house-hard`).
fn level_of(bot: &str) -> Option<Level> {
    Level::ALL.into_iter().find(|&l| house_name(l) == bot)
}

/// Measures `game`'s levels from the rows of their tournament, whose results folder is `dir`
/// (for the transcripts; a missing one is skipped: its games still count).
pub fn strength(game: GameKind, levels: &[Level], rows: &[GameRow], dir: &Path) -> HouseStrength {
    let mut pairs: Vec<PairStrength> =
        [(Level::Hard, Level::Medium), (Level::Medium, Level::Easy), (Level::Hard, Level::Easy)]
            .into_iter()
            .filter(|(stronger, weaker)| levels.contains(stronger) && levels.contains(weaker))
            .map(|(stronger, weaker)| PairStrength { stronger, weaker, games: 0, wins: 0, draws: 0, losses: 0 })
            .collect();
    let mut faults = BTreeMap::new();
    let mut costs: BTreeMap<Level, LevelCost> = BTreeMap::new();
    for row in rows {
        if !row.fault_kind.is_empty() {
            *faults.entry((row.faulty_bot.clone(), row.fault_kind.clone())).or_default() += 1;
        }
        let seats = row.seat_bots();
        let levels: Vec<Level> = seats.iter().filter_map(|b| level_of(b)).collect();
        if let Some(pair) = pairs.iter_mut().find(|p| levels.contains(&p.stronger) && levels.contains(&p.weaker)) {
            pair.games += 1;
            match level_of(&row.winner) {
                Some(l) if l == pair.stronger => pair.wins += 1,
                Some(_) => pair.losses += 1,
                None if row.lost_by_both() => pair.losses += 1,
                None => pair.draws += 1,
            }
        }
        let log = std::fs::read_to_string(dir.join(&row.log)).unwrap_or_default();
        for (seat, timing) in timing_rows(&log) {
            if let Some(level) = seats.get(seat).and_then(|b| level_of(b)) {
                let cost = costs.entry(level).or_default();
                cost.replies += timing.replies;
                cost.charged += timing.charged;
                cost.max_charged = cost.max_charged.max(timing.max_charged);
            }
        }
    }
    HouseStrength { game, pairs, faults, costs }
}

/// The `timing` rows of a transcript: the seat (from its `pN.` id) and what it says.
fn timing_rows(log: &str) -> Vec<(usize, LevelCost)> {
    let mut out = Vec::new();
    for line in log.lines() {
        let mut fields = line.splitn(5, ',');
        let (Some(_), Some(_), Some(seat), Some(_), Some(text)) =
            (fields.next(), fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Some(rest) = text.strip_prefix("timing ") else { continue };
        let Some(seat) = seat.strip_prefix('p').and_then(|s| s.split('.').next()).and_then(|n| n.parse::<usize>().ok())
        else {
            continue;
        };
        let value = |key: &str| {
            rest.split(' ')
                .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
                .map(|v| v.trim_end_matches('s').parse::<f64>().unwrap_or(0.0))
                .unwrap_or(0.0)
        };
        let cost = LevelCost {
            replies: value("replies") as u64,
            charged: value("charged"),
            max_charged: value("max-charged"),
        };
        out.push((seat.saturating_sub(1), cost));
    }
    out
}

/// The table `juiz bench --house` prints.
pub fn to_table(list: &[HouseStrength], games_per_pairing: usize, jobs: usize) -> String {
    let mut out = format!(
        "house bots' strength ({games_per_pairing} duplicate games a pairing, --jobs {jobs}; target: the stronger level wins at least {:.0} %)\n",
        TARGET_SHARE * 100.0
    );
    let _ = writeln!(
        out,
        "  {:<14} {:<14} {:>6} {:>5} {:>5} {:>5} {:>7}  target",
        "game", "pairing", "games", "won", "drawn", "lost", "share"
    );
    let (mut met, mut all) = (0, 0);
    for h in list {
        for p in &h.pairs {
            all += 1;
            met += usize::from(p.met());
            let _ = writeln!(
                out,
                "  {:<14} {:<14} {:>6} {:>5} {:>5} {:>5} {:>6.1}%  {}",
                h.game.name(),
                format!("{}-{}", p.stronger, p.weaker),
                p.games,
                p.wins,
                p.draws,
                p.losses,
                p.share() * 100.0,
                if p.met() { "met" } else { "MISSED" }
            );
        }
    }
    let _ = writeln!(out, "cost of a reply (the transcripts' timing rows)");
    let _ = writeln!(out, "  {:<14} {:<7} {:>9} {:>10} {:>10}", "game", "level", "replies", "mean ms", "max ms");
    for h in list {
        for (level, c) in &h.costs {
            let mean = if c.replies == 0 { 0.0 } else { c.charged * 1000.0 / c.replies as f64 };
            let _ = writeln!(
                out,
                "  {:<14} {:<7} {:>9} {:>10.2} {:>10.1}",
                h.game.name(),
                level.name(),
                c.replies,
                mean,
                c.max_charged * 1000.0
            );
        }
    }
    let faults: Vec<String> = list
        .iter()
        .flat_map(|h| h.faults.iter().map(move |((bot, kind), n)| format!("{} {bot}: {n} {kind}", h.game.name())))
        .collect();
    let _ = writeln!(out, "faults: {}", if faults.is_empty() { "none".to_string() } else { faults.join(", ") });
    let _ = writeln!(out, "targets met: {met} of {all}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Verdict;

    fn row(seats: &str, winner: &str, fault: &str) -> GameRow {
        GameRow {
            game_id: "g".into(),
            pairing: String::new(),
            deal: 1,
            seats: seats.into(),
            seed: 1,
            score0: 0,
            score1: 0,
            winner: winner.into(),
            verdict: if fault.is_empty() { Verdict::Ok } else { Verdict::Nok },
            fault_kind: fault.into(),
            faulty_bot: if fault.is_empty() { String::new() } else { "house-easy".into() },
            fault_detail: String::new(),
            turns: 1,
            duration_ms: 1,
            log: "missing.csv".into(),
            replays: String::new(),
            check: String::new(),
        }
    }

    #[test]
    fn each_pairing_counts_the_stronger_levels_games() {
        let rows = [
            row("house-hard house-medium", "house-hard", ""),
            row("house-medium house-hard", "house-medium", ""),
            row("house-medium house-hard", "", ""),
            row("house-easy house-medium", "house-medium", "timeout"),
            row("house-easy house-hard", "", "crash"),
        ];
        let h = strength(GameKind::ItpBuraco, &Level::ALL, &rows, Path::new("/nonexistent"));
        let hm = &h.pairs[0];
        assert_eq!((hm.games, hm.wins, hm.draws, hm.losses), (3, 1, 1, 1));
        assert!((hm.share() - 0.5).abs() < 1e-9 && !hm.met());
        assert_eq!((h.pairs[1].games, h.pairs[1].wins), (1, 1));
        assert!(h.pairs[1].met());
        assert_eq!((h.pairs[2].games, h.pairs[2].losses), (1, 1), "a game lost by both is not the stronger's");
        assert_eq!(h.faults.len(), 2);
        let table = to_table(&[h], 4, 2);
        assert!(
            table.contains("hard-medium") && table.contains("MISSED") && table.contains("targets met: 1 of 3"),
            "{table}"
        );
    }

    #[test]
    fn only_the_pairings_of_the_levels_played_are_counted() {
        let rows = [row("house-hard house-medium", "house-hard", "")];
        let h = strength(GameKind::ItpBuraco, &[Level::Medium, Level::Hard], &rows, Path::new("/nonexistent"));
        assert_eq!(h.pairs.len(), 1);
        assert_eq!((h.pairs[0].stronger, h.pairs[0].weaker, h.pairs[0].wins), (Level::Hard, Level::Medium, 1));
        assert!(to_table(&[h], 2, 2).contains("targets met: 1 of 1"));
    }

    #[test]
    fn timing_rows_give_each_seats_cost() {
        let log = "seq,ms,seat,dir,text\n1,0,,#,format=juiz-transcript-1\n\
                   369,168,p1.house-easy,*,timing replies=37 charged=0.040258s wall=0.040258s cpu=0.000000s max-charged=0.006808s max-wall=0.006808s\n\
                   370,168,p2.house-hard,*,timing replies=43 charged=0.084059s wall=0.084059s cpu=0.000000s max-charged=0.015704s max-wall=0.015704s\n";
        let rows = timing_rows(log);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[1].0, rows[1].1.replies), (1, 43));
        assert!((rows[1].1.max_charged - 0.015704).abs() < 1e-9);
    }
}
