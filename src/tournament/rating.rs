//! Statistics for the standings: a Bradley–Terry fit on the Elo scale with 95% confidence
//! intervals from the Fisher information, and means with Student-t 95% intervals (paired deals).

/// One bot's fitted rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Elo-scale rating; the bots' mean is 1500. A 400-point gap means 10:1 odds.
    pub elo: f64,
    /// Half-width of the 95% confidence interval, in Elo points.
    pub ci95: f64,
}

/// Pseudo-games each bot is given as a draw against a 1500-rated reference: keeps the fit finite
/// when a bot wins (or loses) every game, and pulls little once real games add up.
const PRIOR_GAMES: f64 = 1.0;

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Fits a Bradley–Terry model to pairwise results `(i, j, s)`: bot `i` scored `s` against bot
/// `j` (1 a win, ½ a draw, 0 a loss: a draw counts as half a win for each). The maximum of the
/// likelihood (with the small prior above) is found by Newton's method; the interval is
/// 1.96 standard errors from the inverse observed Fisher information.
pub fn bradley_terry(n: usize, results: &[(usize, usize, f64)]) -> Vec<Rating> {
    if n == 0 {
        return Vec::new();
    }
    // games[i][j]: games between i and j; scored[i][j]: what i scored against j.
    let mut games = vec![vec![0.0; n]; n];
    let mut scored = vec![vec![0.0; n]; n];
    for &(i, j, s) in results {
        if i == j {
            continue;
        }
        games[i][j] += 1.0;
        games[j][i] += 1.0;
        scored[i][j] += s;
        scored[j][i] += 1.0 - s;
    }
    bradley_terry_counts(games, scored, &vec![0.0; n])
}

/// The Bradley–Terry fit from totals: `games[i][j]` games between `i` and `j` (symmetric), in
/// which `i` scored `scored[i][j]` (with `scored[j][i]`, a whole point a game); and `lost[i]`
/// games that `i` lost while its opponent lost too (both forfeited before playing), counted as
/// losses against the 1500-rated reference of the prior: they lower both bots and rank neither
/// above the other.
pub(super) fn bradley_terry_counts(games: Vec<Vec<f64>>, scored: Vec<Vec<f64>>, lost: &[f64]) -> Vec<Rating> {
    let n = games.len();
    if n == 0 {
        return Vec::new();
    }
    let log_likelihood = |theta: &[f64]| -> f64 {
        let mut ll = 0.0;
        for i in 0..n {
            ll += PRIOR_GAMES * 0.5 * (sigmoid(theta[i]).ln() + sigmoid(-theta[i]).ln());
            ll += lost[i] * sigmoid(-theta[i]).ln();
            for j in 0..n {
                if scored[i][j] > 0.0 {
                    ll += scored[i][j] * sigmoid(theta[i] - theta[j]).ln();
                }
            }
        }
        ll
    };
    let information = |theta: &[f64]| -> (Vec<f64>, Vec<Vec<f64>>) {
        let mut grad = vec![0.0; n];
        let mut info = vec![vec![0.0; n]; n];
        for i in 0..n {
            let p0 = sigmoid(theta[i]);
            grad[i] += PRIOR_GAMES * (0.5 - p0) - lost[i] * p0;
            info[i][i] += (PRIOR_GAMES + lost[i]) * p0 * (1.0 - p0);
            for j in 0..n {
                if i == j || games[i][j] == 0.0 {
                    continue;
                }
                let p = sigmoid(theta[i] - theta[j]);
                grad[i] += scored[i][j] - games[i][j] * p;
                let w = games[i][j] * p * (1.0 - p);
                info[i][i] += w;
                info[i][j] -= w;
            }
        }
        (grad, info)
    };
    let mut theta = vec![0.0; n];
    let mut ll = log_likelihood(&theta);
    for _ in 0..200 {
        let (grad, info) = information(&theta);
        let Some(step) = solve(info, grad) else { break };
        let mut scale = 1.0;
        let mut improved = false;
        while scale > 1e-6 {
            let candidate: Vec<f64> = theta.iter().zip(&step).map(|(t, d)| t + scale * d).collect();
            let candidate_ll = log_likelihood(&candidate);
            if candidate_ll >= ll - 1e-12 {
                theta = candidate;
                ll = candidate_ll;
                improved = true;
                break;
            }
            scale /= 2.0;
        }
        let size = step.iter().fold(0.0f64, |m, d| m.max(d.abs())) * scale;
        if !improved || size < 1e-10 {
            break;
        }
    }
    let (_, info) = information(&theta);
    let covariance = invert(info);
    let mean = theta.iter().sum::<f64>() / n as f64;
    // A rating is shown against the bots' mean (1500): its variance is that of θᵢ − mean(θ), not
    // of θᵢ, whose common shift only the prior's pseudo-games pin down (with it every bot kept an
    // interval of about ±400 however many games were played).
    let nf = n as f64;
    let centred = |c: &Vec<Vec<f64>>, i: usize| {
        let row: f64 = c[i].iter().sum();
        let all: f64 = c.iter().map(|r| r.iter().sum::<f64>()).sum();
        c[i][i] - 2.0 * row / nf + all / (nf * nf)
    };
    (0..n)
        .map(|i| {
            let variance = covariance.as_ref().map_or(f64::INFINITY, |c| centred(c, i).max(0.0));
            Rating { elo: 1500.0 + (theta[i] - mean) * ELO_PER_NAT, ci95: 1.96 * variance.sqrt() * ELO_PER_NAT }
        })
        .collect()
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if `a` is singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in (col + 1)..n {
            let factor = a[row][col] / a[col][col];
            if factor != 0.0 {
                let (upper, lower) = a.split_at_mut(row);
                for (x, p) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                    *x -= factor * p;
                }
                b[row] -= factor * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = ((row + 1)..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    Some(x)
}

/// The inverse of `a`, column by column; `None` if singular.
fn invert(a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut columns = Vec::with_capacity(n);
    for c in 0..n {
        let unit = (0..n).map(|r| if r == c { 1.0 } else { 0.0 }).collect();
        columns.push(solve(a.clone(), unit)?);
    }
    Some((0..n).map(|r| (0..n).map(|c| columns[c][r]).collect()).collect())
}

/// A sample mean with the half-width of its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeanCi {
    pub n: usize,
    pub mean: f64,
    /// `None` with fewer than two values.
    pub ci95: Option<f64>,
    /// Where the values can lie (`MeanCi::within`): the interval is cut to it.
    pub range: Option<(f64, f64)>,
}

impl MeanCi {
    /// The 95% interval's ends, within the values' range when it is known; `None` with fewer
    /// than two values.
    pub fn bounds(&self) -> Option<(f64, f64)> {
        let ci = self.ci95?;
        let (low, high) = (self.mean - ci, self.mean + ci);
        Some(match self.range {
            Some((lo, hi)) => (low.max(lo), high.min(hi)),
            None => (low, high),
        })
    }
}

/// Mean of `values` and its Student-t 95% interval half-width; `None` for no values.
pub fn mean_ci(values: &[f64]) -> Option<MeanCi> {
    let n = values.len();
    if n == 0 {
        return None;
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let ci95 = (n >= 2).then(|| {
        let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        t975(n - 1) * (variance / n as f64).sqrt()
    });
    Some(MeanCi { n, mean, ci95, range: None })
}

impl MeanCi {
    /// The same mean, of values that all lie in `lo..=hi` (a deal pair's points, 0 to 2): its
    /// `bounds` stay within the range (with two pairs, Student's t alone gives `0.50 ±6.35` on a
    /// 0 to 2 scale, an interval of -5.85 to 6.85), and the half-width is at most the distance
    /// from the mean to the farther end.
    pub fn within(mut self, lo: f64, hi: f64) -> MeanCi {
        let widest = (self.mean - lo).max(hi - self.mean).max(0.0);
        self.ci95 = self.ci95.map(|ci| ci.min(widest));
        self.range = Some((lo, hi));
        self
    }
}

/// `mean_ci` of `n` values `k / scale` given the sums of their whole numbers `k` and of the
/// squares (kept as running sums): the variance from `n Σk² − (Σk)²`, exact in integers, so the
/// same whatever the order the values came in.
pub fn mean_ci_of_sums(n: u32, sum: i64, sum_sq: i64, scale: f64) -> Option<MeanCi> {
    if n == 0 {
        return None;
    }
    let nf = f64::from(n);
    let mean = sum as f64 / scale / nf;
    let ci95 = (n >= 2).then(|| {
        let spread = (i128::from(n) * i128::from(sum_sq) - i128::from(sum) * i128::from(sum)).max(0) as f64;
        let variance = spread / (nf * (nf - 1.0)) / (scale * scale);
        t975(n as usize - 1) * (variance / nf).sqrt()
    });
    Some(MeanCi { n: n as usize, mean, ci95, range: None })
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom (table to 30, then a close fit).
fn t975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        _ => 1.96 + 2.5 / df as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_bots_rate_equal_and_better_bot_rates_higher() {
        let even = bradley_terry(2, &[(0, 1, 1.0), (1, 0, 1.0)]);
        assert!((even[0].elo - even[1].elo).abs() < 1e-6);
        let results: Vec<_> = (0..10).map(|k| (0, 1, if k < 8 { 1.0 } else { 0.0 })).collect();
        let r = bradley_terry(2, &results);
        assert!(r[0].elo > r[1].elo + 100.0, "{r:?}");
        assert!(r[0].ci95.is_finite() && r[0].ci95 > 0.0);
        assert!((r[0].elo + r[1].elo - 3000.0).abs() < 1e-6);
    }

    #[test]
    fn intervals_shrink_as_games_add_up() {
        // Two even bots: the interval of a rating against the bots' mean is half that of their
        // difference, whose standard error with g games is 2/sqrt(g) nats (p = 1/2).
        for games in [100usize, 1600] {
            let results: Vec<_> = (0..games).map(|k| (0, 1, if k % 2 == 0 { 1.0 } else { 0.0 })).collect();
            let r = bradley_terry(2, &results);
            let expected = 1.96 * (2.0 / (games as f64).sqrt()) / 2.0 * ELO_PER_NAT;
            assert!((r[0].ci95 - expected).abs() < 0.05 * expected, "{games} games: {r:?}, expected ±{expected:.1}");
        }
    }

    #[test]
    fn a_bot_that_wins_everything_stays_finite() {
        let results: Vec<_> = (0..20).map(|_| (0, 1, 1.0)).collect();
        let r = bradley_terry(3, &results);
        assert!(r.iter().all(|x| x.elo.is_finite() && x.ci95.is_finite()), "{r:?}");
        assert!(r[0].elo > r[2].elo && r[2].elo > r[1].elo);
    }

    #[test]
    fn draws_pull_ratings_together() {
        let r = bradley_terry(2, &[(0, 1, 1.0), (0, 1, 0.5), (0, 1, 0.5), (0, 1, 0.5)]);
        let wins = bradley_terry(2, &[(0, 1, 1.0), (0, 1, 1.0), (0, 1, 1.0), (0, 1, 1.0)]);
        assert!(r[0].elo > r[1].elo);
        assert!(r[0].elo - r[1].elo < wins[0].elo - wins[1].elo);
    }

    #[test]
    fn mean_ci_matches_a_hand_computation() {
        let m = mean_ci(&[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!(m.mean, 2.5);
        // sd = 1.29099, se = 0.645497, t(3) = 3.182
        assert!((m.ci95.unwrap() - 3.182 * 0.645_497).abs() < 1e-4);
        assert_eq!(mean_ci(&[5.0]).unwrap().ci95, None);
        assert!(mean_ci(&[]).is_none());
        let few = mean_ci(&[0.0, 1.0]).unwrap().within(0.0, 2.0);
        assert_eq!((few.mean, few.ci95), (0.5, Some(1.5)));
        assert_eq!(few.bounds(), Some((0.0, 2.0)));
        let sure = mean_ci(&[0.0, 0.0]).unwrap().within(0.0, 2.0);
        assert_eq!((sure.ci95, sure.bounds()), (Some(0.0), Some((0.0, 0.0))));
        assert_eq!(mean_ci(&[1.0, 2.0, 3.0, 4.0]).unwrap().bounds().map(|(l, _)| l < 0.5), Some(true));
        // From running sums: the same mean, the same interval to the last few bits.
        let from_sums = mean_ci_of_sums(4, 10, 30, 1.0).unwrap();
        assert_eq!(from_sums.mean, m.mean);
        assert!((from_sums.ci95.unwrap() - m.ci95.unwrap()).abs() < 1e-12);
        assert_eq!(mean_ci_of_sums(2, 2, 4, 2.0).unwrap().within(0.0, 2.0).bounds(), few.bounds());
        assert!(mean_ci_of_sums(0, 0, 0, 2.0).is_none());
        let lost = mean_ci(&[0.0, 0.0, 0.5, 0.0, 0.0]).unwrap().within(0.0, 2.0);
        let (low, high) = lost.bounds().unwrap();
        assert!(low == 0.0 && high > lost.mean && high < 2.0, "{lost:?}");
    }
}
