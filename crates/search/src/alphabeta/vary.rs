//! The strong levels' variety: after the search, a verified alternative to
//! its best move (see [`Run::vary`]).

use rules::Game;

use super::Run;
use crate::eval::Evaluator;
use crate::result::SearchResult;
use crate::rng::Rng;
use crate::score;
use crate::tt::Tt;

impl<G: Game, E: Evaluator<G>, T: Tt<G::Move>> Run<'_, '_, G, E, T> {
    /// Variety for the strong levels, at the cost of one or two null-window
    /// searches: with `margin` above 0, one of the next few root moves in the
    /// search's own order (after `result`'s best) is drawn by the seed and
    /// searched at the depth `result` reached, with a null window at the
    /// best score less `margin`; if it holds, it is played instead (if not,
    /// a second one drawn is tried). So the computer varies
    /// only among moves proven within `margin` of its best at full depth,
    /// and loses no depth doing it (noise on every root move's score needed
    /// an exact score for each, which cost a ply). Not for a forced move, a
    /// proven result, or when the budget ran out.
    pub(super) fn vary(
        &mut self,
        root: &G,
        mut moves: Vec<G::Move>,
        mut result: SearchResult<G::Move>,
        (margin, whole): (i32, Option<f64>),
        rng: &mut Rng,
    ) -> SearchResult<G::Move> {
        /// How many of the moves after the best may be tried.
        const CANDIDATES: usize = 3;
        // The time kept back for this search.
        if let Some(whole) = whole {
            self.meter.resume_until(whole);
        }
        if margin <= 0 || moves.len() < 2 || result.depth == 0 || score::is_proven(result.score) || self.meter.stopped {
            return result;
        }
        self.order(root, &mut moves, Some(result.best), 0);
        let others = moves.len().min(CANDIDATES + 1) - 1;
        let threshold = result.score - margin;
        // Up to two tries, at two different moves: the first that holds is played.
        let first = 1 + rng.below(others);
        let second = 1 + (first + rng.below(others.max(2) - 1)) % others;
        for at in if others > 1 { vec![first, second] } else { vec![first] } {
            let candidate = moves[at];
            let mut child = root.clone();
            child.play_unchecked(candidate);
            let value = -self.negamax(&child, result.depth as i32 - 1, -threshold - 1, -threshold, 1);
            if self.meter.stopped {
                break;
            }
            if value > threshold {
                result.best = candidate;
                result.score = value.min(result.score);
                result.pv = self.principal_variation(root, candidate, result.depth as usize + 4);
                break;
            }
        }
        result.nodes = self.meter.nodes;
        result.elapsed_ms = self.meter.elapsed_ms();
        result
    }
}
