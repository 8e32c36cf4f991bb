//! Evaluation: what the search knows about each game beyond its rules. Kept
//! apart from the rules crate, so the rules stay exact and the judgement can
//! be tuned freely.

mod any;
pub mod attract;
pub mod forms;
pub mod loa;
pub mod ra;
mod table;

pub use any::AnyEval;

use rules::Game;

use crate::rng::Rng;

/// Moves a playout considers at each step before taking the best by move score.
const PLAYOUT_CANDIDATES: usize = 4;

/// A game's static knowledge, used by both engines (and shared by their threads).
pub trait Evaluator<G: Game>: Sync {
    /// A score for the side to move; 100 is roughly the worth of a clear
    /// small advantage. With the tuned weights it lies strictly within
    /// ±[`crate::score::EVAL_LIMIT`]; with any weights in [`WEIGHT_RANGE`],
    /// within ±[`EVAL_BOUND`] (the searchers clamp it to the first). Not
    /// called on finished games.
    fn evaluate(&self, position: &G) -> i32;

    /// A cheap guess of how promising a move is, for move ordering and the
    /// MCTS prior: higher first. Captures and other forcing moves score high.
    fn move_score(&self, _position: &G, _mv: G::Move) -> i32 {
        0
    }

    /// A result known for certain without searching, where the rules alone
    /// do not yet say the game is over: `Some(n)` with `n > 0` when the side
    /// to move wins in `n` plies whatever anyone plays, `n < 0` when it
    /// loses in `-n` plies. Both engines treat such a position as decided.
    fn proven_end(&self, _position: &G) -> Option<i32> {
        None
    }

    /// How many evaluation units make one logistic unit of win chance, where
    /// the evaluation was fitted to game results (`ludoteca fit`'s scale k,
    /// as 1/k): MCTS turns the evaluation into a win chance with it. `None`:
    /// the searcher's own scale.
    fn win_scale(&self, _position: &G) -> Option<f64> {
        None
    }

    /// Moves that must not be missed where a position has too many moves for
    /// the search to consider them all (MCTS wide nodes sample the rest):
    /// for example a capture that wins at once. Written into `out`.
    fn forcing_moves(&self, _position: &G, out: &mut Vec<G::Move>) {
        out.clear();
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

/// The values an override may give any evaluation weight: wide enough for
/// tuning (the largest tuned weight is 900), and narrow enough that no
/// evaluation can overflow, whatever the position (the largest product, RA's
/// game points times a score difference of up to 65,535, stays below a third
/// of `i32::MAX`).
pub const WEIGHT_RANGE: std::ops::RangeInclusive<i32> = -10_000..=10_000;

/// What no evaluation or move score exceeds (in absolute value) at any
/// weights within [`WEIGHT_RANGE`]: a third of `i32::MAX`, so sums of a few
/// never overflow. The searchers clamp evaluations to within
/// ±[`crate::score::EVAL_LIMIT`] before using them.
pub const EVAL_BOUND: i32 = i32::MAX / 3;

/// Named evaluation weights that matches can override, for tuning.
pub trait Weights {
    /// The weights' names, in declaration order.
    fn names(&self) -> &'static [&'static str];
    /// The weight called `name`, if there is one.
    fn get(&self, name: &str) -> Option<i32>;
    /// Sets the weight called `name`; `false` if there is no such weight.
    fn set(&mut self, name: &str, value: i32) -> bool;
}

/// Declares an evaluator whose fields are its named integer weights, with
/// their tuned defaults and a [`Weights`] implementation.
macro_rules! weighted_evaluator {
    ($(#[$meta:meta])* $name:ident { $($(#[$field_meta:meta])* $field:ident = $default:expr),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            $($(#[$field_meta])* pub $field: i32),+
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $($field: $default),+ }
            }
        }

        impl $crate::eval::Weights for $name {
            fn names(&self) -> &'static [&'static str] {
                &[$(stringify!($field)),+]
            }
            fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($field) => Some(self.$field),)+
                    _ => None,
                }
            }
            fn set(&mut self, name: &str, value: i32) -> bool {
                match name {
                    $(stringify!($field) => {
                        self.$field = value;
                        true
                    })+
                    _ => false,
                }
            }
        }
    };
}
pub(crate) use weighted_evaluator;
