//! Engines over any game, for the CLI and the browser worker. An *engine*
//! is a [`Searcher`] (the algorithm) with its game's evaluation, keeping its
//! memory from move to move; [`AnyEngine`] holds one for the game chosen at
//! run time and reports moves as [`AnyMove`]s.

use rules::attract::Attract;
use rules::forms::Forms;
use rules::loa::Loa;
use rules::ra::Ra;
use rules::{AnyGame, AnyMove, Game, GameKind, quote};

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::budget::Controls;
use crate::eval::{AnyEval, Evaluator, WEIGHT_RANGE, Weights};
use crate::eval::{attract::AttractEval, forms::FormsEval, loa::LoaEval, ra::RaEval};
use crate::mcts::{Mcts, MctsConfig};
use crate::result::{AnyInfo, AnyResult, Info, SearchResult};
use crate::searcher::Searcher;
use crate::split::Share;

/// Which search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearcherKind {
    /// Alpha-beta ([`AlphaBeta`]).
    AlphaBeta,
    /// MCTS-Solver ([`Mcts`]).
    Mcts,
}

impl SearcherKind {
    /// `ab` or `mcts`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            SearcherKind::AlphaBeta => "ab",
            SearcherKind::Mcts => "mcts",
        }
    }
}

/// How an engine is set up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineSetup {
    /// The algorithm.
    pub searcher: SearcherKind,
    /// Memory for the table or tree, in megabytes.
    pub memory_mb: usize,
    /// Root noise (alpha-beta), to make weak levels err.
    pub noise: i32,
    /// Late-move reductions (alpha-beta).
    pub reductions: bool,
    /// Search threads: Lazy SMP for alpha-beta, root parallelism for MCTS
    /// (native only; the browser runs one search per worker).
    pub threads: usize,
    /// The share of the root moves searched (root splitting over workers).
    pub share: Share,
}

/// Alpha-beta set up as `setup` says.
fn alpha_beta<G: Game + 'static, E: Evaluator<G> + 'static>(setup: &EngineSetup) -> Box<dyn Searcher<G, E>> {
    Box::new(AlphaBeta::new(AlphaBetaConfig {
        tt_mb: setup.memory_mb,
        root_noise: setup.noise,
        reductions: setup.reductions,
        threads: setup.threads,
        share: setup.share,
        ..AlphaBetaConfig::default()
    }))
}

/// The searcher `setup` asks for.
fn searcher<G: Game + 'static, E: Evaluator<G> + 'static>(setup: &EngineSetup) -> Box<dyn Searcher<G, E>> {
    match setup.searcher {
        SearcherKind::AlphaBeta => alpha_beta(setup),
        SearcherKind::Mcts => Box::new(Mcts::new(MctsConfig {
            tree_mb: setup.memory_mb,
            threads: setup.threads,
            share: setup.share,
            ..MctsConfig::default()
        })),
    }
}

/// The searcher `setup` asks for, in a game whose levels never play MCTS.
/// Without the feature `every-engine` (the browser's worker) that is always
/// alpha-beta, so the worker carries no MCTS code for the game.
#[cfg(feature = "every-engine")]
fn searcher_unless_small<G: Game + 'static, E: Evaluator<G> + 'static>(setup: &EngineSetup) -> Box<dyn Searcher<G, E>> {
    searcher(setup)
}

#[cfg(not(feature = "every-engine"))]
fn searcher_unless_small<G: Game + 'static, E: Evaluator<G> + 'static>(setup: &EngineSetup) -> Box<dyn Searcher<G, E>> {
    alpha_beta(setup)
}

/// A searcher with one game's evaluation.
pub struct Engine<G: Game, E: Evaluator<G>> {
    searcher: Box<dyn Searcher<G, E>>,
    eval: E,
}

impl<G: Game, E: Evaluator<G> + Weights> Engine<G, E> {
    fn new(searcher: Box<dyn Searcher<G, E>>, eval: E) -> Self {
        Engine { searcher, eval }
    }

    fn search(
        &mut self,
        root: &G,
        controls: &Controls<'_>,
        wrap: fn(G::Move) -> AnyMove,
        on_info: &mut dyn FnMut(&AnyInfo),
    ) -> Option<AnyResult> {
        let mut info = |i: &Info<G::Move>| on_info(&i.map(wrap));
        self.searcher.search(root, &self.eval, controls, &mut info).map(|r: SearchResult<G::Move>| r.map(wrap))
    }
}

/// The tuned evaluation weights of `game`, without an engine (and its memory).
#[must_use]
pub fn default_weights(game: GameKind) -> Box<dyn Weights> {
    Box::new(AnyEval::new(game))
}

/// The evaluation weights `spec` is played with (on a Lines of Action
/// board, that board's), without an engine.
#[must_use]
pub fn weights_for(spec: &rules::GameSpec) -> Box<dyn Weights> {
    Box::new(AnyEval::for_spec(spec))
}

/// Sets the named weights of `w`; an error names a weight it does not have,
/// with the ones it has, or a value outside [`WEIGHT_RANGE`].
///
/// # Errors
/// The first unknown name or out-of-range value; `w` is then unchanged.
pub fn set_weights(w: &mut dyn Weights, weights: &[(String, i32)]) -> Result<(), String> {
    for (name, value) in weights {
        if w.get(name).is_none() {
            return Err(format!("no evaluation weight {} (this game has: {})", quote(name), w.names().join(", ")));
        }
        if !WEIGHT_RANGE.contains(value) {
            return Err(format!(
                "evaluation weight {name} cannot be {value}: a weight is from {} to {}",
                WEIGHT_RANGE.start(),
                WEIGHT_RANGE.end()
            ));
        }
    }
    for (name, value) in weights {
        w.set(name, *value);
    }
    Ok(())
}

/// An engine for one game, keeping its memory between moves, with the
/// game's tuned evaluation.
pub enum AnyEngine {
    /// Attract.
    Attract(Engine<Attract, AttractEval>),
    /// Forms.
    Forms(Engine<Forms, FormsEval>),
    /// RA.
    Ra(Engine<Ra, RaEval>),
    /// Lines of Action.
    Loa(Engine<Loa, LoaEval>),
}

/// Calls `$body` with `$e` bound to the engine inside an [`AnyEngine`].
macro_rules! dispatch {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            AnyEngine::Attract($e) => $body,
            AnyEngine::Forms($e) => $body,
            AnyEngine::Ra($e) => $body,
            AnyEngine::Loa($e) => $body,
        }
    };
}

impl AnyEngine {
    /// An engine for `game` set up as `setup`, with the tuned evaluation.
    /// Only Forms plays MCTS in the browser's worker (see
    /// `searcher_unless_small`).
    #[must_use]
    pub fn new(game: GameKind, setup: EngineSetup) -> AnyEngine {
        match game {
            GameKind::Attract => AnyEngine::Attract(Engine::new(searcher_unless_small(&setup), AttractEval::default())),
            GameKind::Forms => AnyEngine::Forms(Engine::new(searcher(&setup), FormsEval::default())),
            GameKind::Ra => AnyEngine::Ra(Engine::new(searcher_unless_small(&setup), RaEval::default())),
            GameKind::Loa => AnyEngine::Loa(Engine::new(searcher_unless_small(&setup), LoaEval::default())),
        }
    }

    /// The evaluator's weights, to override them (for tuning by matches).
    pub fn weights_mut(&mut self) -> &mut dyn Weights {
        dispatch!(self, e => &mut e.eval)
    }

    /// Sets the named evaluation weights; an error names a weight the game
    /// does not have, with the ones it has.
    ///
    /// # Errors
    /// As [`set_weights`]; the weights are then unchanged.
    pub fn set_weights(&mut self, weights: &[(String, i32)]) -> Result<(), String> {
        set_weights(self.weights_mut(), weights)
    }

    /// The game this engine plays.
    #[must_use]
    pub fn game(&self) -> GameKind {
        match self {
            AnyEngine::Attract(_) => GameKind::Attract,
            AnyEngine::Forms(_) => GameKind::Forms,
            AnyEngine::Ra(_) => GameKind::Ra,
            AnyEngine::Loa(_) => GameKind::Loa,
        }
    }

    /// The most memory the engine's table or tree holds, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        dispatch!(self, e => e.searcher.memory_bytes())
    }

    /// Forgets what was learnt (for a new game).
    pub fn clear(&mut self) {
        dispatch!(self, e => e.searcher.clear());
    }

    /// Searches `game`. Returns `None` when the game is over, or when `game`
    /// is not the game this engine was made for.
    pub fn search(
        &mut self,
        game: &AnyGame,
        controls: &Controls<'_>,
        on_info: &mut dyn FnMut(&AnyInfo),
    ) -> Option<AnyResult> {
        match (self, game) {
            (AnyEngine::Attract(e), AnyGame::Attract(p)) => e.search(p, controls, AnyMove::Attract, on_info),
            (AnyEngine::Forms(e), AnyGame::Forms(p)) => e.search(p, controls, AnyMove::Forms, on_info),
            (AnyEngine::Ra(e), AnyGame::Ra(p)) => e.search(p, controls, AnyMove::Ra, on_info),
            (AnyEngine::Loa(e), AnyGame::Loa(p)) => e.search(p, controls, AnyMove::Loa, on_info),
            _ => None,
        }
    }
}
