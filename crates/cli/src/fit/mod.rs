//! Fitting the evaluation's weights to games' results (Texel's method):
//! `ludoteca positions` writes positions with the results of the games they
//! came from, and `ludoteca fit` finds the weights whose evaluation best
//! predicts those results.
//!
//! Every evaluation here is a sum of weights times features of the position
//! (plus what no weight scales), so each position's features are read once,
//! with one weight set at a time, and the fit works on those numbers. The
//! evaluation `q` says a win chance `1 / (1 + e^(-k·q))`; the scale `k` is
//! fitted first, with the weights as they are, then the weights at that
//! scale, minimising the mean squared error between chance and result (a
//! win 1, a draw ½, a loss 0). Games whose number is a multiple of the
//! hold-out stride are kept apart and only measured, so a fit that learns
//! its own games by heart shows.

pub mod positions;

use std::fmt::Write as _;

use rules::{GameSpec, quote};
use search::eval::AnyEval;

/// The factor weights are set to when their features are read, so that
/// the evaluation's whole-number divisions lose almost nothing.
const PROBE: i32 = 1000;

/// The positions, as numbers: for each, the evaluation's features (one
/// per weight), what no weight scales, and the result.
pub struct Data {
    /// The weights' names, in order.
    pub names: Vec<&'static str>,
    /// Each position's features.
    pub features: Vec<Vec<f64>>,
    /// Each position's evaluation with every weight 0.
    pub fixed: Vec<f64>,
    /// Each position's result for the side to move.
    pub results: Vec<f64>,
    /// Whether the position is held out of the fit.
    pub held_out: Vec<bool>,
    /// The largest difference between the evaluation and the sum of its
    /// features times the weights, over every position: 0 for an
    /// evaluation exactly linear in its weights.
    pub worst_linear_gap: f64,
}

/// Reads a positions file of `spec` into features under `eval`'s weights
/// (the weights `spec` plays with: [`AnyEval::for_spec`], so that the ones
/// read by name are the ones its positions use).
///
/// # Errors
/// A line that does not read, naming it.
pub fn read(spec: &GameSpec, text: &str, eval: &AnyEval, hold_out: u64) -> Result<Data, String> {
    let names: Vec<&'static str> = eval.weights().names().to_vec();
    let mut probes: Vec<AnyEval> = Vec::new();
    let mut zero = eval.clone();
    for name in &names {
        zero.weights_mut().set(name, 0);
    }
    for name in &names {
        let mut one = zero.clone();
        one.weights_mut().set(name, PROBE);
        probes.push(one);
    }
    let weights: Vec<f64> = names.iter().map(|n| f64::from(eval.weights().get(n).unwrap_or(0))).collect();
    let mut data = Data {
        names: names.clone(),
        features: Vec::new(),
        fixed: Vec::new(),
        results: Vec::new(),
        held_out: Vec::new(),
        worst_linear_gap: 0.0,
    };
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = |what: &str| format!("line {}: {what}", number + 1);
        let mut fields = line.splitn(3, '\t');
        let (Some(game), Some(result), Some(position)) = (fields.next(), fields.next(), fields.next()) else {
            return Err(at("expected a game number, a result and a position, split by tabs"));
        };
        let game: u64 = game.parse().map_err(|_| at(&format!("game number {} is not a whole number", quote(game))))?;
        let result: f64 = match result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(at(&format!("result {} is not 1, 0.5 or 0", quote(other)))),
        };
        let position = spec.position(position).map_err(|e| at(&e.to_string()))?;
        let Some(base) = zero.evaluate(&position) else {
            return Err(at("the game is over there: no evaluation"));
        };
        let base = f64::from(base);
        let features: Vec<f64> =
            probes.iter().map(|p| (f64::from(p.evaluate(&position).unwrap_or(0)) - base) / f64::from(PROBE)).collect();
        let linear = base + features.iter().zip(&weights).map(|(f, w)| f * w).sum::<f64>();
        let actual = f64::from(eval.evaluate(&position).unwrap_or(0));
        data.worst_linear_gap = data.worst_linear_gap.max((linear - actual).abs());
        data.features.push(features);
        data.fixed.push(base);
        data.results.push(result);
        data.held_out.push(hold_out > 0 && game.is_multiple_of(hold_out));
    }
    Ok(data)
}

fn chance(k: f64, q: f64) -> f64 {
    1.0 / (1.0 + (-k * q).exp())
}

impl Data {
    /// Adds `other`'s positions (read under the same weights).
    fn extend(&mut self, other: Data) {
        self.features.extend(other.features);
        self.fixed.extend(other.fixed);
        self.results.extend(other.results);
        self.held_out.extend(other.held_out);
        self.worst_linear_gap = self.worst_linear_gap.max(other.worst_linear_gap);
    }

    /// The evaluation of position `i` under `weights`.
    fn value(&self, i: usize, weights: &[f64]) -> f64 {
        self.fixed[i] + self.features[i].iter().zip(weights).map(|(f, w)| f * w).sum::<f64>()
    }

    /// The mean squared error at scale `k` under `weights`, over the fitted
    /// positions (`held_out` false) or the held-out ones.
    #[must_use]
    pub fn error(&self, k: f64, weights: &[f64], held_out: bool) -> f64 {
        let (mut sum, mut n) = (0.0, 0usize);
        for i in (0..self.results.len()).filter(|&i| self.held_out[i] == held_out) {
            let e = self.results[i] - chance(k, self.value(i, weights));
            sum += e * e;
            n += 1;
        }
        if n == 0 { f64::NAN } else { sum / n as f64 }
    }

    /// The scale that fits the results best under `weights`: a golden-section
    /// search on its logarithm.
    #[must_use]
    pub fn fit_scale(&self, weights: &[f64]) -> f64 {
        let f = |log_k: f64| self.error(log_k.exp(), weights, false);
        let (mut lo, mut hi) = ((1e-6f64).ln(), 1.0f64.ln());
        let g = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..80 {
            let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
            if f(a) < f(b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        ((lo + hi) / 2.0).exp()
    }

    /// The gradient of the fitted positions' error in the weights at scale `k`.
    fn gradient(&self, k: f64, weights: &[f64]) -> Vec<f64> {
        let mut g = vec![0.0; weights.len()];
        let mut n = 0usize;
        for i in (0..self.results.len()).filter(|&i| !self.held_out[i]) {
            let p = chance(k, self.value(i, weights));
            let d = -2.0 * (self.results[i] - p) * p * (1.0 - p) * k;
            for (gj, f) in g.iter_mut().zip(&self.features[i]) {
                *gj += d * f;
            }
            n += 1;
        }
        let n = n.max(1) as f64;
        g.iter_mut().for_each(|x| *x /= n);
        g
    }

    /// The weights that fit the results best at scale `k`, from `start`:
    /// gradient descent (Adam) then whole numbers, each moved by 256, 64,
    /// 16, 4 and 1 while that lowers the error. `fixed` names weights left as they are.
    #[must_use]
    pub fn fit_weights(&self, k: f64, start: &[f64], fixed: &[bool], steps: usize) -> Vec<f64> {
        let mut w = start.to_vec();
        let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
        let (b1, b2) = (0.9f64, 0.999f64);
        for t in 1..=steps {
            let g = self.gradient(k, &w);
            // From a step of one unit of a weight down to a hundredth.
            let rate = 0.01f64.powf(t as f64 / steps as f64);
            for j in (0..w.len()).filter(|&j| !fixed[j]) {
                m[j] = b1 * m[j] + (1.0 - b1) * g[j];
                v[j] = b2 * v[j] + (1.0 - b2) * g[j] * g[j];
                let (mh, vh) = (m[j] / (1.0 - b1.powi(t as i32)), v[j] / (1.0 - b2.powi(t as i32)));
                w[j] -= rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        // Whole numbers: each weight moved by 256, then 64, 16, 4 and 1
        // while that lowers the error (where gradient descent stopped far
        // from the best, steps of one would take as many passes as units).
        let mut w: Vec<f64> = w.iter().map(|x| x.round()).collect();
        let mut best = self.error(k, &w, false);
        for size in [256.0, 64.0, 16.0, 4.0, 1.0] {
            loop {
                let mut better = false;
                for j in (0..w.len()).filter(|&j| !fixed[j]) {
                    for step in [size, -size] {
                        w[j] += step;
                        let e = self.error(k, &w, false);
                        if e < best {
                            best = e;
                            better = true;
                        } else {
                            w[j] -= step;
                        }
                    }
                }
                if !better {
                    break;
                }
            }
        }
        w
    }
}

/// Fits `spec`'s weights to the positions in `texts` (each named for its
/// errors); the report.
///
/// # Errors
/// A line that does not read, no positions, a weight to keep that the game lacks.
pub fn fit(
    spec: &GameSpec,
    texts: &[(String, String)],
    hold_out: u64,
    steps: usize,
    keep: &[String],
    set: &[(String, i32)],
) -> Result<String, String> {
    let eval = AnyEval::for_spec(spec);
    let mut data: Option<Data> = None;
    for (name, text) in texts {
        let one = read(spec, text, &eval, hold_out).map_err(|e| format!("{name}: {e}"))?;
        match &mut data {
            Some(all) => all.extend(one),
            None => data = Some(one),
        }
    }
    let data = data.filter(|d| !d.results.is_empty()).ok_or_else(|| "no positions to fit".to_owned())?;
    for name in keep {
        if !data.names.contains(&name.as_str()) {
            return Err(format!("--keep {}: no such weight (this game has: {})", quote(name), data.names.join(", ")));
        }
    }
    for (name, _) in set {
        if !data.names.contains(&name.as_str()) {
            return Err(format!("--set {}: no such weight (this game has: {})", quote(name), data.names.join(", ")));
        }
    }
    // The weights to start from: the game's, or as `set` says.
    let start =
        |n: &str| set.iter().rev().find(|(s, _)| s == n).map_or_else(|| eval.weights().get(n).unwrap_or(0), |s| s.1);
    let before: Vec<f64> = data.names.iter().map(|n| f64::from(start(n))).collect();
    let fixed: Vec<bool> = data.names.iter().map(|n| keep.iter().any(|k| k == n)).collect();
    let k = data.fit_scale(&before);
    let after = data.fit_weights(k, &before, &fixed, steps);
    let fitted = data.held_out.iter().filter(|h| !**h).count();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "positions {} fitted, {} held out; evaluation linear in its weights to within {:.3}",
        fitted,
        data.results.len() - fitted,
        data.worst_linear_gap
    );
    let _ = writeln!(out, "scale k {k:.6} (an evaluation of 100 is a win chance of {:.1}%)", 100.0 * chance(k, 100.0));
    let _ = writeln!(out, "weight\tbefore\tafter");
    for (i, name) in data.names.iter().enumerate() {
        let _ = writeln!(out, "{name}\t{}\t{}", before[i], after[i]);
    }
    for (what, held) in [("fitted", false), ("held out", true)] {
        let _ = writeln!(
            out,
            "error ({what}): before {:.6} after {:.6}",
            data.error(k, &before, held),
            data.error(k, &after, held)
        );
    }
    let tweaks: String = data.names.iter().zip(&after).map(|(n, w)| format!("+{n}={w}")).collect();
    let _ = writeln!(out, "as an engine's overrides: {tweaks}");
    Ok(out)
}

/// `ludoteca fit`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game and its options, as the positions were played.
    #[arg(allow_negative_numbers = true)]
    spec: String,
    /// Files written by `ludoteca positions`.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
    /// Games whose number is a multiple of this are held out of the fit and
    /// only measured (0: none held out).
    #[arg(long = "hold-out", default_value_t = 10, allow_hyphen_values = true)]
    hold_out: u64,
    /// Steps of gradient descent, at least 1.
    #[arg(long, default_value_t = 1000, value_parser = crate::args::count, allow_hyphen_values = true)]
    steps: u64,
    /// A weight to leave as it is (repeat for more).
    #[arg(long, allow_hyphen_values = true)]
    keep: Vec<String>,
    /// A weight to start from NAME=VALUE instead of the game's (with --keep, to hold it
    /// there: e.g. RA's game_point=0 for positions labelled by their match); repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    set: Vec<String>,
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// A bad spec, a file that cannot be read, a line that does not read.
    pub fn run(&self) -> Result<String, String> {
        let spec = crate::inputs::spec(&self.spec)?;
        let mut texts = Vec::new();
        for file in &self.files {
            let name = quote(&file.display().to_string());
            let text = std::fs::read_to_string(file).map_err(|e| format!("could not read {name}: {e}"))?;
            if !text.starts_with(positions::HEADER) {
                return Err(format!("{name} is not a file of `ludoteca positions`"));
            }
            texts.push((name, text));
        }
        let set = self
            .set
            .iter()
            .map(|t| t.parse::<crate::contestant::Tweak>().map(|t| (t.name, t.value)).map_err(|e| format!("--set {e}")))
            .collect::<Result<Vec<_>, String>>()?;
        fit(&spec, &texts, self.hold_out, usize::try_from(self.steps).unwrap_or(usize::MAX), &self.keep, &set)
    }
}

#[cfg(test)]
mod tests;
