//! The ladder's fairness, as pure functions of what the database says: which pair plays next,
//! by compute spent rather than games played (each version's share of the workers' seconds: a
//! slow bot plays fewer games, not every game; house bots, never chosen first, are kept near a
//! student's share; a newcomer's seconds counted for the time it has been there; no version
//! holds more than a quarter of the workers' time while others can be played), and which
//! lane a free worker serves (friendly games at most every other game while ranked ones can be
//! played, so a flood of them never starves the graded ladder).

use std::collections::BTreeMap;

/// One active version as the scheduler sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: i64,
    /// A house bot: never chosen first, only as an opponent.
    pub house: bool,
    /// Seconds of the workers' time its ranked games took (finished, and an estimate for those
    /// queued or running).
    pub spent: f64,
    /// Ranked games, finished or not.
    pub games: u32,
    pub elo: f64,
    /// The rating's 95% interval (wide: little known).
    pub ci: f64,
    /// The share of the workers' time its ranked games took since it joined, within the window
    /// (a game's seconds split between its sides in proportion to their usual games, so a slow
    /// bot's games are held by it): 0.25 is a quarter of all the workers.
    pub held: f64,
    /// It has a game running or queued: not drawn now.
    pub busy: bool,
}

/// The most of the workers' time one version may hold while a student's version under it can
/// be played: a quarter, so that one slow bot leaves at least three quarters of the workers to
/// the rest of the ladder (a fair share of the seconds alone lets a slow version's games take
/// up to twice the workers over the number of versions: half the machine in a ladder of four).
/// In a ladder of fewer than six versions, half again an even share (`held_cap`), so that
/// versions of equal speed never wait for each other.
pub const MAX_HELD: f64 = 0.25;

/// The most of the workers' time one version may hold in a ladder of `versions`.
pub fn held_cap(versions: usize) -> f64 {
    MAX_HELD.max(1.5 / versions.max(1) as f64)
}

/// How `seconds` of a game are split between its two sides, whose usual games take `usual`
/// seconds: in proportion, so that the slower side holds most of a long game.
pub fn split(seconds: f64, usual: [f64; 2]) -> [f64; 2] {
    let total = usual[0].max(0.0) + usual[1].max(0.0);
    if total <= 0.0 {
        return [seconds / 2.0; 2];
    }
    [seconds * usual[0].max(0.0) / total, seconds * usual[1].max(0.0) / total]
}

/// Rating points one typical game of compute ahead of the first version costs an opponent.
const POINTS_PER_GAME_AHEAD: f64 = 250.0;
/// Rating points each earlier meeting of the two costs.
const POINTS_PER_MEETING: f64 = 150.0;

/// The next pair: the idle student's version that has had the fewest seconds (then the fewest
/// games, then the widest interval), against the idle opponent closest in rating that it has
/// met least and that is not ahead of it in seconds by much (a typical game of `typical`
/// seconds ahead weighs as 250 rating points). `seed` breaks near ties. A version over its
/// `held_cap` is neither drawn first nor as an opponent while a student's version under it
/// exists (idle or not: a busy one is waited for); when every student's version is over it,
/// they play by seconds as above. `None`: no idle student's version that may play, or nobody
/// to play it.
pub fn pair(entries: &[Entry], met: &BTreeMap<(i64, i64), u32>, typical: f64, seed: u64) -> Option<(i64, i64)> {
    let cap = held_cap(entries.len());
    let capped = entries.iter().any(|e| !e.house && e.held <= cap);
    let may = |e: &Entry| !e.busy && (!capped || e.held <= cap);
    let first = entries.iter().filter(|e| !e.house && may(e)).min_by(|x, y| {
        x.spent.total_cmp(&y.spent).then(x.games.cmp(&y.games)).then(y.ci.total_cmp(&x.ci)).then(x.id.cmp(&y.id))
    })?;
    let typical = typical.max(0.001);
    let cost = |y: &Entry| {
        let times = met.get(&(first.id.min(y.id), first.id.max(y.id))).copied().unwrap_or(0);
        let ahead = (y.spent - first.spent).max(0.0) / typical;
        (first.elo - y.elo).abs()
            + POINTS_PER_MEETING * f64::from(times)
            + POINTS_PER_GAME_AHEAD * ahead
            + (seed.wrapping_mul(y.id as u64 + 7) % 97) as f64
    };
    let second = entries.iter().filter(|e| e.id != first.id && may(e)).min_by(|x, y| cost(x).total_cmp(&cost(y)))?;
    Some((first.id, second.id))
}

/// The share of `workers` workers' time `seconds` of games took in the `here` seconds a version
/// has been in the ladder (at least a minute counted, at most the window).
pub fn held(seconds: f64, here: f64, window: f64, workers: usize) -> f64 {
    seconds / (here.clamp(60.0, window.max(60.0)) * workers.max(1) as f64)
}

/// A version's seconds over a window of `window` seconds as if it had been there all of it:
/// `seconds` spent in the `here` seconds it has been in the ladder (at least a minute counted),
/// so a version that just joined starts at once yet cannot claim the seconds the others spent
/// before it came.
pub fn share(seconds: f64, here: f64, window: f64) -> f64 {
    seconds * window / here.clamp(60.0, window.max(60.0))
}

/// What a free worker plays next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    Friendly,
    Ranked,
}

/// The lane of the next game: a friendly game when one waits and either no ranked game can be
/// played or the last game started was not a friendly one (`friendly_owed`); else ranked.
pub fn lane(friendly_waiting: bool, ranked_open: bool, friendly_owed: bool) -> Option<Lane> {
    match (friendly_waiting, ranked_open) {
        (true, false) => Some(Lane::Friendly),
        (true, true) if friendly_owed => Some(Lane::Friendly),
        (_, true) => Some(Lane::Ranked),
        (false, false) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `pairs` pairs (two games each) among versions whose games take `cost` seconds
    /// each (a game as long as its slower bot makes it), one after another on workers always
    /// busy (so a version's share of their time is its games' seconds over all games'); returns
    /// each version's games, seconds and share of the time.
    fn simulate(costs: &[(i64, bool, f64)], pairs: usize) -> BTreeMap<i64, (u32, f64, f64)> {
        let mut entries: Vec<Entry> = costs
            .iter()
            .map(|&(id, house, _)| Entry {
                id,
                house,
                spent: 0.0,
                games: 0,
                elo: 1500.0,
                ci: 1000.0,
                held: 0.0,
                busy: false,
            })
            .collect();
        let mut met = BTreeMap::new();
        let mut total = (0.0, 0u32);
        // The workers' time gone by (games and waits) and each version's part of it.
        let mut clock = 0.0;
        let mut held: BTreeMap<i64, f64> = BTreeMap::new();
        let cost = |v: i64| costs.iter().find(|c| c.0 == v).expect("a version").2;
        let mut i = 0;
        while total.1 < 2 * pairs as u32 {
            i += 1;
            let typical = if total.1 == 0 { 1.0 } else { total.0 / f64::from(total.1) };
            let Some((a, b)) = pair(&entries, &met, typical, i as u64) else {
                // Nothing may be drawn: a worker waits a second.
                clock += 1.0;
                for e in entries.iter_mut() {
                    e.held = held.get(&e.id).copied().unwrap_or(0.0) / clock;
                }
                assert!(i < 100 * pairs, "the ladder stalls: {entries:?}");
                continue;
            };
            let seconds = 2.0 * cost(a).max(cost(b));
            let parts = split(seconds, [cost(a), cost(b)]);
            *held.entry(a).or_default() += parts[0];
            *held.entry(b).or_default() += parts[1];
            *met.entry((a.min(b), a.max(b))).or_default() += 1;
            total = (total.0 + seconds, total.1 + 2);
            clock += seconds;
            for e in entries.iter_mut() {
                if e.id == a || e.id == b {
                    e.spent += seconds;
                    e.games += 2;
                }
                e.held = held.get(&e.id).copied().unwrap_or(0.0) / clock;
            }
        }
        entries.iter().map(|e| (e.id, (e.games, e.spent, e.held))).collect()
    }

    #[test]
    fn a_slow_version_holds_at_most_a_quarter_of_the_workers_in_a_small_ladder() {
        // Five fast students, a slow one and a house bot: by seconds alone the slow version's
        // games would take about a third of the workers' time (each version two sevenths of the
        // seats, its games taking both).
        let fast = |id| (id, false, 1.0);
        let costs = [fast(1), fast(2), fast(3), fast(4), fast(6), (5, false, 30.0), (9, true, 1.0)];
        let played = simulate(&costs, 1000);
        assert!(played[&5].0 > 0, "the slow version still plays: {played:?}");
        assert!(played[&5].2 <= MAX_HELD + 0.03, "the slow version's share of the time: {played:?}");
        // In a ladder of four, half again an even share.
        let costs = [fast(1), fast(2), (5, false, 30.0), (9, true, 1.0)];
        let played = simulate(&costs, 600);
        assert!(played[&5].2 <= held_cap(4) + 0.03, "{played:?}");
        // The others' games take the rest.
        let rest: f64 = [1, 2, 9].iter().map(|v| played[v].1).sum::<f64>() - 2.0 * played[&5].1;
        assert!(rest > 0.0, "{played:?}");
        // Alone among students, a slow version plays as much as it can.
        let alone = simulate(&[(5, false, 30.0), (9, true, 1.0)], 20);
        assert_eq!(alone[&5].0, 40, "{alone:?}");
    }

    #[test]
    fn a_version_over_its_share_waits_for_a_busy_one_under_it() {
        let entry = |id, held, busy| Entry {
            id,
            house: false,
            spent: if id == 5 { 0.0 } else { 100.0 },
            games: 0,
            elo: 1500.0,
            ci: 1000.0,
            held,
            busy,
        };
        let house = Entry { house: true, ..entry(9, 0.1, false) };
        let met = BTreeMap::new();
        // The slow version (5) has had the fewest seconds but holds 60% of the workers (over
        // half, the cap of a ladder of three); the fast one (1) is playing: nothing is drawn (the
        // worker waits for 1).
        assert_eq!(pair(&[entry(1, 0.1, true), entry(5, 0.6, false), house.clone()], &met, 1.0, 3), None);
        assert_eq!(pair(&[entry(1, 0.1, false), entry(5, 0.6, false), house.clone()], &met, 1.0, 3), Some((1, 9)));
        // Under the share again, it is first.
        assert_eq!(pair(&[entry(1, 0.1, false), entry(5, 0.2, false), house], &met, 1.0, 3).map(|p| p.0), Some(5));
        // A game's seconds are held by its slower side.
        assert_eq!(split(62.0, [1.0, 30.0]), [2.0, 60.0]);
        assert_eq!(split(4.0, [0.0, 0.0]), [2.0, 2.0]);
    }

    #[test]
    fn a_slow_version_plays_fewer_games_not_every_game() {
        // Four students' versions at 1 s a game, one at 30 s, and a house bot at 1 s.
        let costs =
            [(1, false, 1.0), (2, false, 1.0), (3, false, 1.0), (4, false, 1.0), (5, false, 30.0), (9, true, 1.0)];
        let played = simulate(&costs, 600);
        let slow = played[&5].0;
        let fast = played[&1].0.min(played[&2].0).min(played[&3].0).min(played[&4].0);
        assert!(slow > 0, "the slow version still plays: {played:?}");
        assert!(slow * 5 < fast, "the slow version plays far fewer games: {played:?}");
        // Games with the slow version are a minority of all games.
        let all: u32 = played.values().map(|p| p.0).sum::<u32>() / 2;
        assert!(slow * 4 < all, "{played:?}");
        // The house bot's seconds stay near a student's, not above all of theirs together.
        let students: f64 = [1, 2, 3, 4, 5].iter().map(|v| played[v].1).sum();
        assert!(played[&9].1 < students / 2.0, "{played:?}");
    }

    #[test]
    fn without_a_slow_version_the_games_are_shared_evenly() {
        let costs = [(1, false, 1.0), (2, false, 1.0), (3, false, 1.0), (9, true, 1.0)];
        let played = simulate(&costs, 300);
        let games: Vec<u32> = [1, 2, 3].iter().map(|v| played[v].0).collect();
        assert!(games.iter().max().unwrap() - games.iter().min().unwrap() <= 4, "{played:?}");
    }

    #[test]
    fn a_newcomers_seconds_count_for_the_time_it_has_been_there() {
        // A minute's game in its first two minutes weighs as five in ten minutes.
        assert_eq!(share(60.0, 120.0, 600.0), 300.0);
        assert_eq!(share(60.0, 6000.0, 600.0), 60.0);
        assert_eq!(share(60.0, 1.0, 600.0), 600.0);
        assert_eq!(share(0.0, 1.0, 600.0), 0.0);
    }

    #[test]
    fn a_flood_of_friendly_games_leaves_ranked_games_scheduled() {
        // 300 friendly games waiting; the workers start 100 games.
        let (mut friendly, mut ranked, mut owed) = (0, 0, false);
        for _ in 0..100 {
            match lane(true, true, owed) {
                Some(Lane::Friendly) => {
                    friendly += 1;
                    owed = false;
                }
                Some(Lane::Ranked) => {
                    ranked += 1;
                    owed = true;
                }
                None => unreachable!(),
            }
        }
        assert_eq!((friendly, ranked), (50, 50));
        // With the ladder paused (or too few versions), friendly games go on; with none waiting,
        // ranked ones.
        assert_eq!(lane(true, false, false), Some(Lane::Friendly));
        assert_eq!(lane(false, true, true), Some(Lane::Ranked));
        assert_eq!(lane(false, false, true), None);
    }
}
