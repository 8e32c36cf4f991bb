//! What the app asks of the solver: the boards where it settles positions
//! quickly, [`settle`] for the analysis and the review, and the solved
//! start positions the new-game dialog states.

use rules::{AnyGame, Game, GameSpec};

use super::{Limits, Numbers, Value, solve_in, table_capacity};
use crate::score::{SOLVED_DRAW, SOLVED_WIN};

/// Start positions this solver has settled (`ludoteca solve SPEC`, figures
/// in the README), each with the phrase of [`SOLVED_FORMS`] that states its
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

/// A position the solver settled, as the searchers report positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    /// [`SOLVED_WIN`], `-SOLVED_WIN` or [`SOLVED_DRAW`], for the side to move.
    pub score: i32,
    /// A move that wins, or in a draw does not lose, in notation; `None`
    /// in a lost position.
    pub best: Option<String>,
    /// [`Solution::line`](super::Solution::line) in notation.
    pub line: Vec<String>,
    /// Positions searched.
    pub nodes: u64,
}

/// Solves `game` within `limits` where [`settles_quickly`], counting by
/// the game's own rule ([`Numbers::for_game`], whatever `limits` says),
/// mirror images apart as every game's rule has them (so the app's worker
/// carries no symmetric keys); `None` on other boards, in a finished game,
/// or when the budget runs out first.
#[must_use]
pub fn settle(game: &AnyGame, limits: Limits<'_>) -> Option<Settled> {
    fn run<G: Game>(game: &G, limits: Limits<'_>) -> Option<Settled> {
        let s = solve_in::<G, false, false>(game, limits, table_capacity(limits));
        let score = match s.value? {
            Value::Win => SOLVED_WIN,
            Value::Loss => -SOLVED_WIN,
            Value::Draw => SOLVED_DRAW,
        };
        let line = s.line.iter().map(ToString::to_string).collect();
        Some(Settled { score, best: s.best.map(|m| m.to_string()), line, nodes: s.nodes })
    }
    if game.outcome().is_some() || !settles_quickly(&game.spec()) {
        return None;
    }
    let limits = Limits { numbers: Numbers::for_game(&game.spec()), ..limits };
    match game {
        AnyGame::Forms(g) => run(g, limits),
        AnyGame::Attract(g) => run(g, limits),
        AnyGame::Ra(_) | AnyGame::Loa(_) => None,
    }
}
