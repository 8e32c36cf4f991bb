//! The solver as a searcher ([`Solver`]), and what the app asks of it: the
//! boards where it settles positions quickly, [`settle`] for the analysis,
//! the hint and the review, and the solved start positions the new-game
//! dialog states.

use rules::{AnyGame, AnyMove, Game, GameSpec};

use super::{Limits, Numbers, SolverConfig, Value, solve_in, table_capacity};
use crate::budget::Controls;
use crate::eval::Evaluator;
use crate::eval::{attract::AttractEval, forms::FormsEval};
use crate::result::{AnyResult, Info, SearchResult};
use crate::score::{SOLVED_DRAW, SOLVED_WIN};
use crate::searcher::Searcher;

/// Start positions this solver has settled (`ludoteca solve SPEC`, figures
/// in docs/lab/performance.md), each with the phrase of [`SOLVED_FORMS`] that states its
/// result. The test `solved_starts_are_what_the_solver_says` solves them again.
pub const SOLVED_STARTS: [(&str, &str); 2] = [
    ("forms:size=4", "White (the second player) wins the standard game"),
    ("forms:rules=advanced,size=4", "Black the advanced game, starting d3xc3"),
];

/// What the new-game dialog of Forms says of its solved boards.
pub const SOLVED_FORMS: &str = "Solved: on 4 × 4, with perfect play White (the second player) wins the \
     standard game, and Black the advanced game, starting d3xc3.";

/// Boards where the solver settles positions in a fraction of a second once
/// a few moves have been played: Forms up to 6 × 6 (both rule sets) and
/// Attract 6 × 6. The analysis and the review ask it there first.
#[must_use]
pub fn settles_quickly(spec: &GameSpec) -> bool {
    match spec {
        GameSpec::Forms(o) => o.size <= 6,
        GameSpec::Attract(o) => o.size <= 6,
        GameSpec::Ra(_) | GameSpec::Loa(_) => false,
    }
}

/// The solver as a [`Searcher`]: its question is the exact value, so it
/// answers only what it settles within the budget. The result's score is
/// [`SOLVED_WIN`] or [`SOLVED_DRAW`] with a move that wins or holds the
/// draw, or `-SOLVED_WIN` (lost) with the loser's toughest reply; its
/// principal variation is the proof's line of perfect play. `None` when the
/// budget ran out first (or the game is over). The table is built afresh at
/// every search, with mirror images apart whatever `config.numbers` says
/// (only [`super::solve`] keeps them as one, so the app's worker carries no
/// symmetric keys).
#[derive(Clone, Copy, Debug, Default)]
pub struct Solver {
    /// How the table is kept.
    pub config: SolverConfig,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> for Solver {
    fn search(
        &mut self,
        root: &G,
        _: &E,
        controls: &Controls<'_>,
        _: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        if root.outcome().is_some() {
            return None;
        }
        // Mirror images apart: only `solve` carries the symmetric keys.
        let numbers = Numbers { symmetric: false, ..self.config.numbers };
        let limits = Limits::new(SolverConfig { numbers, ..self.config }, controls);
        let start = controls.clock.now_ms();
        let s = solve_in::<G, false, false>(root, limits, table_capacity(limits));
        let (score, best) = match s.value? {
            Value::Win => (SOLVED_WIN, s.best.or_else(|| s.line.first().copied())?),
            Value::Draw => (SOLVED_DRAW, s.best?),
            // Every move loses: the line's first is the one that resists longest.
            Value::Loss => (-SOLVED_WIN, s.line.first().copied().or_else(|| first_move(root))?),
        };
        let pv = if s.line.is_empty() { vec![best] } else { s.line };
        Some(SearchResult { best, score, depth: 0, pv, nodes: s.nodes, elapsed_ms: controls.clock.now_ms() - start })
    }

    /// Nothing is kept between searches.
    fn clear(&mut self) {}

    fn memory_bytes(&self) -> usize {
        self.config.memory_mb << 20
    }
}

fn first_move<G: Game>(game: &G) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.first().copied()
}

/// Solves `game` within `controls` where [`settles_quickly`], with a table of
/// `memory_mb`, counting by the game's own rule ([`Numbers::for_game`]) with
/// mirror images apart (so the app's worker carries no symmetric keys); see
/// [`Solver`] for the answer. `None` on other boards, in a finished game, or
/// when the budget runs out first.
#[must_use]
pub fn settle(game: &AnyGame, memory_mb: usize, controls: &Controls<'_>) -> Option<AnyResult> {
    if !settles_quickly(&game.spec()) {
        return None;
    }
    let mut solver = Solver { config: SolverConfig { memory_mb, numbers: Numbers::for_game(&game.spec()) } };
    match game {
        AnyGame::Forms(g) => Searcher::search(&mut solver, g, &FormsEval::default(), controls, &mut |_| {})
            .map(|r| r.map(AnyMove::Forms)),
        AnyGame::Attract(g) => Searcher::search(&mut solver, g, &AttractEval::default(), controls, &mut |_| {})
            .map(|r| r.map(AnyMove::Attract)),
        AnyGame::Ra(_) | AnyGame::Loa(_) => None,
    }
}
