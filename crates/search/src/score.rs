//! Scores: positive is good for the side to move. Wins and losses sit far
//! beyond any evaluation and carry their distance, so the search prefers the
//! fastest win and the slowest loss.
//!
//! Two more scores say what the exact solver ([`crate::solver`]) settled
//! without counting moves: [`SOLVED_WIN`] (negated, a loss) and
//! [`SOLVED_DRAW`]. They only describe positions (analysis, review, records);
//! no search compares them with other scores.

use rules::{Outcome, Player};

/// The score of a win on the spot; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are proven wins or losses.
pub const PROVEN: i32 = WIN - 10_000;
/// Evaluations stay strictly within ±`EVAL_LIMIT`.
pub const EVAL_LIMIT: i32 = 100_000;
/// A win the solver proved without counting its length: proven, below
/// every counted win (`-SOLVED_WIN` is such a loss).
pub const SOLVED_WIN: i32 = PROVEN + 1;
/// A draw the solver proved. Outside the range of evaluations and not
/// [`is_proven`]; its win chance is one half.
pub const SOLVED_DRAW: i32 = PROVEN;

/// The score of a finished game for `to_move`, `ply` plies from the root.
#[must_use]
pub fn terminal(outcome: Outcome, to_move: Player, ply: u32) -> i32 {
    match outcome.winner() {
        Some(winner) if winner == to_move => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
        None => 0,
    }
}

/// Whether `score` is a proven win or loss.
#[must_use]
pub fn is_proven(score: i32) -> bool {
    score.abs() > PROVEN
}

/// Whether `score` is a proven result: a win, a loss or a solved draw.
#[must_use]
pub fn is_settled(score: i32) -> bool {
    is_proven(score) || score == SOLVED_DRAW
}

/// Plies to the end for a proven score (positive: the side to move wins);
/// `None` for a solved result without a count ([`SOLVED_WIN`]).
#[must_use]
pub fn plies_to_end(score: i32) -> Option<i32> {
    (is_proven(score) && score.abs() != SOLVED_WIN).then(|| if score > 0 { WIN - score } else { -(WIN + score) })
}

/// Stores proven scores relative to the node, not the root.
pub(crate) fn to_tt(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
pub(crate) fn from_tt(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a position `ply` plies from the root that the side to move
/// wins in `n` plies (`n > 0`) or loses in `-n` plies (`n < 0`), as
/// [`crate::eval::Evaluator::proven_end`] reports.
#[must_use]
pub fn proven(n: i32, ply: u32) -> i32 {
    let plies = ply as i32 + n.abs();
    if n > 0 { WIN - plies } else { -(WIN - plies) }
}

/// The win chance for the side to move that a score stands for: 1 or 0 for
/// a proven win or loss, otherwise a logistic curve over the evaluation
/// (300 hundredths, three stones' worth, is about a 73% chance).
#[must_use]
pub fn win_chance(score: i32) -> f64 {
    if is_proven(score) {
        return if score > 0 { 1.0 } else { 0.0 };
    }
    if score == SOLVED_DRAW {
        return 0.5;
    }
    1.0 / (1.0 + (-f64::from(score) / 300.0).exp())
}

/// A chance as a whole percentage, 0 to 100. Whole numbers keep the
/// floating-point formatter (11 KB of WebAssembly) out of the browser app.
#[must_use]
pub fn percent(chance: f64) -> u32 {
    (chance.clamp(0.0, 1.0) * 100.0).round() as u32
}

/// A score as text: `+1.25` (in hundredths), `win in 3`, `loss in 4`, and
/// for the solver's results `win`, `loss`, `draw`.
#[must_use]
pub fn describe(score: i32) -> String {
    // The sign of the score, not of the distance, says who wins: a game
    // already won is `win in 0`.
    match plies_to_end(score) {
        Some(p) if score > 0 => format!("win in {p}"),
        Some(p) => format!("loss in {}", -p),
        None if score == SOLVED_WIN => "win".to_owned(),
        None if score == -SOLVED_WIN => "loss".to_owned(),
        None if score == SOLVED_DRAW => "draw".to_owned(),
        // Integer arithmetic: float formatting would add kilobytes to the worker.
        None => {
            let sign = if score < 0 { '-' } else { '+' };
            let abs = score.unsigned_abs();
            format!("{sign}{}.{:02}", abs / 100, abs % 100)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_scores_in_hundredths_and_proven_ends_in_plies() {
        assert_eq!(describe(125), "+1.25");
        assert_eq!(describe(-5), "-0.05");
        assert_eq!(describe(0), "+0.00");
        assert_eq!(describe(-1234), "-12.34");
        assert_eq!(describe(WIN - 3), "win in 3");
        assert_eq!(describe(-(WIN - 4)), "loss in 4");
        assert_eq!(describe(WIN), "win in 0");
        assert_eq!(describe(-WIN), "loss in 0");
        assert_eq!([SOLVED_WIN, -SOLVED_WIN, SOLVED_DRAW].map(describe), ["win", "loss", "draw"]);
    }

    #[test]
    fn solved_results_are_settled_without_a_length() {
        assert!(is_proven(SOLVED_WIN) && is_proven(-SOLVED_WIN) && !is_proven(SOLVED_DRAW));
        assert!([SOLVED_WIN, -SOLVED_WIN, SOLVED_DRAW, WIN - 3, -WIN].into_iter().all(is_settled));
        assert!(![0, EVAL_LIMIT - 1, -(EVAL_LIMIT - 1), -SOLVED_DRAW].into_iter().any(is_settled));
        assert_eq!([SOLVED_WIN, -SOLVED_WIN, SOLVED_DRAW].map(plies_to_end), [None; 3]);
        // The longest counted win is still counted.
        assert_eq!(plies_to_end(SOLVED_WIN + 1), Some(WIN - PROVEN - 2));
        assert_eq!([SOLVED_WIN, -SOLVED_WIN, SOLVED_DRAW].map(win_chance), [1.0, 0.0, 0.5]);
    }

    #[test]
    fn win_chances() {
        assert_eq!(win_chance(0), 0.5);
        assert_eq!(win_chance(WIN - 3), 1.0);
        assert_eq!(win_chance(-(WIN - 3)), 0.0);
        assert!(win_chance(300) > 0.7 && win_chance(300) < 0.75);
        assert!((win_chance(-300) + win_chance(300) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn percentages_are_whole_and_bounded() {
        assert_eq!(percent(win_chance(300)), 73);
        assert_eq!(percent(0.555), 56);
        assert_eq!(percent(-0.2), 0);
        assert_eq!(percent(1.7), 100);
        assert_eq!(percent(f64::NAN), 0);
    }
}
