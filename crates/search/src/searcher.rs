//! [`Searcher`]: one interface over the search algorithms, as lichess's
//! `CevalEngine` is one interface over its engines. Alpha-beta, MCTS-Solver
//! and, for its own question, the df-pn solver implement it, so code that
//! runs "a search" (the any-game [`crate::AnyEngine`], the worker, the CLI)
//! holds one boxed searcher instead of matching on the algorithm.

use rules::Game;

use crate::alphabeta::AlphaBeta;
use crate::budget::Controls;
use crate::eval::Evaluator;
use crate::mcts::Mcts;
use crate::result::{Info, SearchResult};

/// A search algorithm for game `G` with evaluator `E`, keeping whatever it
/// learns (a table) between searches until [`Searcher::clear`].
pub trait Searcher<G: Game, E: Evaluator<G>>: Send {
    /// Searches `root` within `controls` (a budget, a clock, a stop flag, a
    /// seed), reporting progress to `on_info`. `None` when the searcher has
    /// no move to give: the game is over, or (the solver) the position was
    /// not settled within the budget.
    fn search(
        &mut self,
        root: &G,
        eval: &E,
        controls: &Controls<'_>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<SearchResult<G::Move>>;

    /// Forgets what was learnt (for a new game).
    fn clear(&mut self);

    /// The most memory its table or tree holds, in bytes.
    fn memory_bytes(&self) -> usize;
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> for AlphaBeta<G> {
    fn search(
        &mut self,
        root: &G,
        eval: &E,
        controls: &Controls<'_>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        AlphaBeta::search(self, root, eval, controls, on_info)
    }

    fn clear(&mut self) {
        AlphaBeta::clear(self);
    }

    fn memory_bytes(&self) -> usize {
        self.table_bytes()
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> for Mcts<G> {
    fn search(
        &mut self,
        root: &G,
        eval: &E,
        controls: &Controls<'_>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        Mcts::search(self, root, eval, controls, on_info)
    }

    /// The tree is grown afresh at every search: nothing to forget.
    fn clear(&mut self) {}

    fn memory_bytes(&self) -> usize {
        self.tree_bytes()
    }
}
