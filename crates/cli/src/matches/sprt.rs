//! The sequential probability ratio test of a match: after each pair of
//! games (one opening, colours swapped), the log-likelihood ratio of "A is
//! `elo1` stronger than B" against "A is `elo0` stronger", from the pairs'
//! scores (the pentanomial model: a pair scores 0, ½, 1, 1½ or 2 for A, so
//! what the shared opening gives both games is counted once); the match
//! stops when it passes a bound. The ratio is the generalised SPRT's normal
//! approximation on logistic Elo: with `n` pairs of mean score `m` and
//! variance `v` (both per game: a pair's score halved), and `s0`, `s1` the
//! expected scores of the two hypotheses,
//! `LLR = n (s1 − s0) (2m − s0 − s1) / (2v)`. The bounds are Wald's:
//! `ln(β / (1 − α))` and `ln((1 − β) / α)`.

use std::fmt;

/// What a test asks: the two hypotheses and the errors allowed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: A is this many Elo stronger (often 0).
    pub elo0: f64,
    /// H1: A is this many Elo stronger.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: A is at least `elo1` stronger (within the errors).
    H1,
    /// H0 accepted: A is not `elo1` stronger.
    H0,
    /// Not yet decided.
    Open,
}

/// The expected score of a side `elo` Elo stronger.
#[must_use]
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Reads `ELO0,ELO1` (e.g. `0,10`).
///
/// # Errors
/// A message for text that is not two numbers with `ELO0 < ELO1`.
pub fn read_bounds(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text.split_once(',').ok_or_else(|| format!("\"{text}\" is not ELO0,ELO1 (e.g. 0,10)"))?;
    let read = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && x.abs() <= 1_000.0)
            .ok_or_else(|| format!("\"{t}\" in \"{text}\" is not an Elo difference from -1000 to 1000"))
    };
    let (elo0, elo1) = (read(a)?, read(b)?);
    if elo0 >= elo1 {
        return Err(format!("\"{text}\": ELO0 must be below ELO1"));
    }
    Ok((elo0, elo1))
}

impl Sprt {
    /// The lower and the upper bound of the log-likelihood ratio.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of the pairs' scores `pairs` (counts of
    /// pairs scoring 0, ½, 1, 1½ and 2 for A).
    #[must_use]
    pub fn llr(&self, pairs: &[u64; 5]) -> f64 {
        let n: u64 = pairs.iter().sum();
        if n == 0 {
            return 0.0;
        }
        // The mean and variance are read from the counts with half a pair
        // more of each score: a few pairs all alike would otherwise show no
        // spread, and their ratio would pass a bound at once (in simulation
        // that doubled the errors asked for). `n` stays the pairs played.
        let prior = 0.5;
        let weight = |k: usize| pairs[k] as f64 + prior;
        let total = (0..5).map(weight).sum::<f64>();
        let score = |k: usize| k as f64 / 4.0;
        let mean = (0..5).map(|k| weight(k) * score(k)).sum::<f64>() / total;
        let var = (0..5).map(|k| weight(k) * (score(k) - mean).powi(2)).sum::<f64>() / total;
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Where the test stands after `pairs`.
    #[must_use]
    pub fn verdict(&self, pairs: &[u64; 5]) -> Verdict {
        let (low, high) = self.bounds();
        let llr = self.llr(pairs);
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Open
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Open => "no decision",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search::rng::Rng;

    const TEST: Sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };

    #[test]
    fn bounds_and_ratio_by_hand() {
        let (low, high) = TEST.bounds();
        assert!((low + 2.944_438_979).abs() < 1e-6 && (high - 2.944_438_979).abs() < 1e-6);
        // 100 pairs: 10 lost both, 20 one and a half lost, 40 even, 20, 10 won both.
        let pairs = [10, 20, 40, 20, 10];
        // Mean ½, so the ratio leans to H0 by n·(s1−s0)²/(2v), the variance
        // read with half a pair more of each score.
        let (s0, s1) = (expected(0.0), expected(10.0));
        let var = (10.5 * 0.25 + 20.5 * 0.0625 + 20.5 * 0.0625 + 10.5 * 0.25) / 102.5;
        let by_hand = 100.0 * (s1 - s0) * (1.0 - s0 - s1) / (2.0 * var);
        assert!((TEST.llr(&pairs) - by_hand).abs() < 1e-9, "{} {by_hand}", TEST.llr(&pairs));
        assert!(TEST.llr(&pairs) < 0.0);
        // More of the same moves it further, by about as much again.
        assert!((TEST.llr(&[20, 40, 80, 40, 20]) / by_hand - 2.0).abs() < 0.02);
        // Winning pairs lean to H1.
        assert!(TEST.llr(&[5, 10, 40, 30, 15]) > 0.0);
        assert_eq!(TEST.verdict(&[0, 0, 0, 0, 0]), Verdict::Open);
        assert_eq!(TEST.verdict(&[0, 0, 10, 100, 200]), Verdict::H1);
        assert_eq!(TEST.verdict(&[200, 100, 10, 0, 0]), Verdict::H0);
    }

    #[test]
    fn bounds_are_read_and_checked() {
        assert_eq!(read_bounds("0,10"), Ok((0.0, 10.0)));
        assert_eq!(read_bounds(" -5 , 5"), Ok((-5.0, 5.0)));
        for bad in ["10", "10,0", "a,5", "0,5000", "0,NaN", "0,inf"] {
            assert!(read_bounds(bad).is_err(), "{bad}");
        }
    }

    /// `runs` simulated tests of a side `elo` stronger (games won, drawn or
    /// lost at random with a third of them drawn, a pair's two games
    /// independent): how often each verdict came, and the mean pairs played.
    fn simulate(elo: f64, runs: u32, seed: u64) -> (u32, u32, u32, f64) {
        let mut rng = Rng::new(seed);
        let s = expected(elo);
        let draw = 1.0 / 3.0;
        let (win, mut h1, mut h0, mut open, mut played) = (s - draw / 2.0, 0, 0, 0, 0u64);
        for _ in 0..runs {
            let mut pairs = [0u64; 5];
            let mut verdict = Verdict::Open;
            for _ in 0..20_000 {
                let game = |rng: &mut Rng| {
                    let x = rng.unit();
                    if x < win {
                        2
                    } else if x < win + draw {
                        1
                    } else {
                        0
                    }
                };
                pairs[game(&mut rng) + game(&mut rng)] += 1;
                played += 1;
                verdict = TEST.verdict(&pairs);
                if verdict != Verdict::Open {
                    break;
                }
            }
            match verdict {
                Verdict::H1 => h1 += 1,
                Verdict::H0 => h0 += 1,
                Verdict::Open => open += 1,
            }
        }
        (h1, h0, open, played as f64 / f64::from(runs))
    }

    #[test]
    fn the_errors_stay_near_what_was_asked() {
        // At H0 (0 Elo) H1 is accepted about alpha of the time; at H1 (10
        // Elo) H0 about beta; far from both the verdict comes quickly.
        let (h1, h0, open, pairs) = simulate(0.0, 300, 1);
        eprintln!("at 0 Elo: H1 {h1}, H0 {h0} of 300, {pairs:.0} pairs on average");
        assert_eq!(open, 0);
        assert!(h1 <= 27, "at 0 Elo, H1 accepted {h1} times of 300 (alpha 5%: 15 expected)");
        assert!(h0 >= 270, "{h0}");
        let (h1, h0, _, pairs) = simulate(10.0, 300, 2);
        eprintln!("at 10 Elo: H1 {h1}, H0 {h0} of 300, {pairs:.0} pairs on average");
        assert!(h0 <= 27, "at 10 Elo, H0 accepted {h0} times of 300 (beta 5%)");
        assert!(h1 >= 270, "{h1}");
        let (h1, _, _, pairs) = simulate(100.0, 100, 3);
        eprintln!("at 100 Elo: H1 {h1} of 100, {pairs:.0} pairs on average");
        assert_eq!(h1, 100);
        assert!(pairs < 300.0, "{pairs}");
        let (_, h0, _, _) = simulate(-30.0, 100, 4);
        assert_eq!(h0, 100);
    }
}
