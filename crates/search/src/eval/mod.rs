//! Evaluation: what the search knows about each game beyond its rules. Kept
//! apart from the rules crate, so the rules stay exact and the judgement can
//! be tuned freely.

pub mod attract;
pub mod forms;
pub mod loa;
pub mod ra;

use rules::Game;

use crate::rng::Rng;

/// Moves a playout considers at each step before taking the best by move score.
const PLAYOUT_CANDIDATES: usize = 4;

/// A game's static knowledge, used by both engines.
pub trait Evaluator<G: Game> {
    /// A score for the side to move, strictly within ±[`crate::score::EVAL_LIMIT`];
    /// 100 is roughly the worth of a clear small advantage. Not called on finished games.
    fn evaluate(&self, position: &G) -> i32;

    /// A cheap guess of how promising a move is, for move ordering and the
    /// MCTS prior: higher first. Captures and other forcing moves score high.
    fn move_score(&self, _position: &G, _mv: G::Move) -> i32 {
        0
    }

    /// Whether the quiescence search follows this move (moves that can change
    /// the outcome, such as Lines of Action captures).
    fn is_tactical(&self, _position: &G, _mv: G::Move) -> bool {
        false
    }

    /// The next move of an MCTS playout: half the time a random move, else the
    /// best by [`Evaluator::move_score`] of a few random candidates. `moves` is
    /// a scratch buffer. Games with huge move lists override this to sample
    /// without generating every move.
    fn playout_move(&self, position: &G, rng: &mut Rng, moves: &mut Vec<G::Move>) -> Option<G::Move> {
        position.legal_moves(moves);
        if moves.is_empty() {
            return None;
        }
        let pick = |rng: &mut Rng| moves[rng.below(moves.len())];
        if rng.below(2) == 0 {
            return Some(pick(rng));
        }
        (0..PLAYOUT_CANDIDATES).map(|_| pick(rng)).max_by_key(|&mv| self.move_score(position, mv))
    }
}
