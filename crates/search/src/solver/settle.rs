//! The solver as a searcher ([`Solver`]), and what the app asks of it: the
//! boards where it settles positions quickly, [`settle`] for the analysis,
//! the hint and the review, and the solved start positions the new-game
//! dialog states.

use rules::{AnyGame, AnyMove, Game, GameSpec};

use super::{Limits, Numbers, SolverConfig, Value, solve_in, table_capacity};
use crate::budget::Controls;
use crate::eval::Evaluator;
use crate::eval::{attract::AttractEval, forms::FormsEval, loa::LoaEval};
use crate::result::{AnyResult, Info, SearchResult};
use crate::score::{SOLVED_DRAW, SOLVED_WIN};
use crate::searcher::Searcher;

/// A start position this solver has settled (`ludoteca solve SPEC`,
/// figures in docs/lab/performance.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvedStart {
    /// The game.
    pub spec: &'static str,
    /// The value for the side to move at the start.
    pub value: Value,
    /// The solver's line of perfect play from the start: the winner's most
    /// direct answers, the loser's toughest replies.
    pub line: &'static str,
    /// The phrase of the new-game dialog's words ([`solved_words`]) that states the result.
    pub phrase: &'static str,
}

/// The start positions settled once and for all. [`settle`] answers them
/// from here: Forms 4 × 4 under the standard rules takes about a million
/// positions (2.8 s natively), more than the app's budget, and without this
/// its analysis at the start contradicted the new-game dialog. The test
/// `solved_starts_are_what_the_solver_says` proves each again, line and all.
pub const SOLVED_STARTS: [SolvedStart; 4] = [
    SolvedStart {
        spec: "forms:size=4",
        value: Value::Loss,
        line: "c1xb3 c4xc2 b1xd4 c3xd1 a1xa3 a4xa2 d4xc2 d1xb2 b3xd3 a2xd3 d2xd3",
        phrase: "White (the second player) wins the standard game",
    },
    SolvedStart {
        spec: "forms:rules=advanced,size=4",
        value: Value::Win,
        line: "d3xc3 b2xb3 a4xb4 d4xc4 b4xc4 d2xc2 d1xc1 a1xa2 c1-d4 c2xc3 c4-b4 a3-a4 b4xb3 c3-d4",
        phrase: "Black the advanced game, starting d3xc3",
    },
    SolvedStart {
        spec: "loa:size=5",
        value: Value::Win,
        line: "d1-b3 e3xb3 b5-d3 e4-c4 b1xb3 a2-c2 c1-d2 a3-a5 d5xa5 c4-c1 c5xc2 e2-e1 b3-b4 a4xc2 d3-c3",
        phrase: "Black (the first player) wins from the standard start, starting d1-b3",
    },
    SolvedStart {
        spec: "loa:size=5,start=scrambled",
        value: Value::Win,
        line: "c5-c3 b5-d3 d1-b3 e3-d4 c3xc1 d4-c3 e4-c4 c3-d2 a3xd3 d5-e4 b1-d1",
        phrase: "Black from Scrambled Eggs, starting c5-c3",
    },
];

/// The answer [`settle`] gives for a solved start, if `game` is one: its
/// value as a settled score, and its line of perfect play (read and
/// checked move by move; a line that does not replay is not used).
#[must_use]
pub fn solved_start(game: &AnyGame) -> Option<AnyResult> {
    let spec = game.spec();
    let known = SOLVED_STARTS.iter().find(|s| s.spec.parse::<GameSpec>().is_ok_and(|k| k == spec))?;
    if *game != spec.start() {
        return None;
    }
    let mut at = game.clone();
    let mut pv = Vec::new();
    for text in known.line.split(' ') {
        let mv = at.parse_move(text).ok()?;
        at.play_unchecked(mv);
        pv.push(mv);
    }
    let score = match known.value {
        Value::Win => SOLVED_WIN,
        Value::Loss => -SOLVED_WIN,
        Value::Draw => SOLVED_DRAW,
    };
    Some(SearchResult { best: *pv.first()?, score, depth: 0, pv, nodes: 0, elapsed_ms: 0.0 })
}

/// What the new-game dialog of Forms says of its solved boards.
pub const SOLVED_FORMS: &str = "Solved: on 4 × 4, with perfect play White (the second player) wins the \
     standard game, and Black the advanced game, starting d3xc3.";

/// What the new-game dialog of Lines of Action says of its solved boards.
pub const SOLVED_LOA: &str = "Solved: on 5 × 5, with perfect play Black (the first player) wins from the \
     standard start, starting d1-b3, and Black from Scrambled Eggs, starting c5-c3.";

/// What the new-game dialog says of `kind`'s solved boards, if it has any.
#[must_use]
pub const fn solved_words(kind: rules::GameKind) -> Option<&'static str> {
    match kind {
        rules::GameKind::Forms => Some(SOLVED_FORMS),
        rules::GameKind::Loa => Some(SOLVED_LOA),
        rules::GameKind::Attract | rules::GameKind::Ra => None,
    }
}

/// Boards where the solver settles positions in a fraction of a second once
/// a few moves have been played: Forms up to 6 × 6 (both rule sets),
/// Attract 6 × 6 and Lines of Action 5 × 5. The analysis and the review ask
/// it there first.
#[must_use]
pub fn settles_quickly(spec: &GameSpec) -> bool {
    match spec {
        GameSpec::Forms(o) => o.size <= 6,
        GameSpec::Attract(o) => o.size <= 6,
        GameSpec::Loa(o) => o.size() <= 5,
        GameSpec::Ra(_) => false,
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

/// A [solved start](SOLVED_STARTS) is answered at once. Otherwise, solves `game` within `controls` where [`settles_quickly`], with a table of
/// `memory_mb`, counting by the game's own rule ([`Numbers::for_game`]) with
/// mirror images apart (so the app's worker carries no symmetric keys); see
/// [`Solver`] for the answer. `None` on other boards, in a finished game, or
/// when the budget runs out first.
#[must_use]
pub fn settle(game: &AnyGame, memory_mb: usize, controls: &Controls<'_>) -> Option<AnyResult> {
    if !settles_quickly(&game.spec()) {
        return None;
    }
    prove(game, memory_mb, controls)
}

/// The move [`settle`] proves wins or holds the draw in `game` within
/// `budget` (a level's first question on the boards it settles quickly,
/// [`crate::levels::LevelSettings::proven_move`]); `None` for a lost position,
/// one not settled, or another board.
#[must_use]
pub fn proven_move(
    game: &AnyGame,
    budget: crate::Budget,
    memory_mb: usize,
    clock: &dyn crate::Clock,
    seed: u64,
) -> Option<AnyResult> {
    let controls = Controls { budget, clock, stop: None, seed, variety: crate::Variety::NONE };
    settle(game, memory_mb, &controls).filter(|r| r.score != -SOLVED_WIN)
}

/// [`settle`] on any board of Forms, Attract and Lines of Action, the games
/// whose solver the app's worker carries (the player's *Solve*, with a
/// budget of its own): `None` in RA, in a finished game, or when the budget
/// runs out first.
#[must_use]
pub fn prove(game: &AnyGame, memory_mb: usize, controls: &Controls<'_>) -> Option<AnyResult> {
    if let Some(known) = solved_start(game) {
        return Some(known);
    }
    let mut solver = Solver { config: SolverConfig { memory_mb, numbers: Numbers::for_game(&game.spec()) } };
    match game {
        AnyGame::Forms(g) => Searcher::search(&mut solver, g, &FormsEval::default(), controls, &mut |_| {})
            .map(|r| r.map(AnyMove::Forms)),
        AnyGame::Attract(g) => Searcher::search(&mut solver, g, &AttractEval::default(), controls, &mut |_| {})
            .map(|r| r.map(AnyMove::Attract)),
        AnyGame::Loa(g) => {
            Searcher::search(&mut solver, g, &LoaEval::default(), controls, &mut |_| {}).map(|r| r.map(AnyMove::Loa))
        }
        AnyGame::Ra(_) => None,
    }
}
