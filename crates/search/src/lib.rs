//! # The Ludoteca searcher
//!
//! Game-tree search generic over [`rules::Game`], with per-game evaluation
//! kept apart from the rules. Two engines:
//!
//! - [`AlphaBeta`]: negamax with principal-variation search, iterative
//!   deepening, a fixed-size transposition table, move ordering, quiescence
//!   and, where matches showed they help, late-move reductions.
//! - [`Mcts`]: Monte Carlo tree search with a solver (proven wins and losses
//!   are backed up through the tree), evaluation-guided playouts and a
//!   progressive bias, for games whose branching defeats alpha-beta.
//!
//! ## Design decisions
//! - **No clock of its own.** A [`Budget`] limits nodes, time or depth; time
//!   comes from an injected [`Clock`] polled every [`budget::POLL_INTERVAL`]
//!   nodes, so the same code runs natively and in a browser worker (where
//!   `std::time::Instant` panics). A [`StopFlag`] stops a search between polls.
//! - **Deterministic** for a node budget and a seed: the only randomness is
//!   the seeded [`rng::Rng`].
//! - **Bounded memory**: the transposition table and the MCTS tree are sized
//!   once, in megabytes, and never grow past that.
//! - **Tunable weights**: each evaluator's weights are named fields
//!   ([`eval::Weights`]) that matches can override, so they are tuned by
//!   play (`scripts/tune`), not by taste.
//! - [`levels`] names five strengths for players and picks, for each game and
//!   rule set, the engine that plays it best.
//!
//! ## Example
//! ```
//! use rules::{Game, loa::{Loa, LoaOptions}};
//! use search::{AlphaBeta, AlphaBetaConfig, Budget, Controls, eval::loa::LoaEval};
//!
//! let position = Loa::new(LoaOptions::default());
//! let mut engine = AlphaBeta::new(AlphaBetaConfig { tt_mb: 1, ..AlphaBetaConfig::default() });
//! let result = engine.search(&position, &LoaEval::default(), &Controls::budget(Budget::nodes(5_000)), &mut |_| {});
//! let best = result.expect("the game is not over").best;
//! assert!(position.is_legal(best));
//! ```

mod alphabeta;
mod any;
pub mod baseline;
pub mod budget;
pub mod eval;
pub mod levels;
mod mcts;
mod order;
pub mod puzzle;
mod result;
pub mod review;
pub mod rng;
pub mod score;
mod searcher;
pub mod solver;
pub mod split;
mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig, Haze};
pub use any::{AnyEngine, Engine, EngineSetup, SearcherKind, default_weights, set_weights, weights_for};
pub use budget::{Budget, Clock, Controls, NoClock, StopFlag, Variety};
pub use mcts::{Mcts, MctsConfig, UNBOUNDED_PLAYOUTS};
pub use result::{AnyInfo, AnyResult, Info, SearchResult};
pub use searcher::Searcher;
