//! The engines over any game, for the CLI and the browser worker: moves and
//! principal variations come back in notation.

use rules::attract::Attract;
use rules::forms::Forms;
use rules::loa::Loa;
use rules::ra::Ra;
use rules::{AnyGame, GameKind, quote};

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::budget::Controls;
use crate::eval::{WEIGHT_RANGE, Weights};
use crate::eval::{attract::AttractEval, forms::FormsEval, loa::LoaEval, ra::RaEval};
use crate::mcts::{Mcts, MctsConfig};
use crate::result::{Info, SearchResult};
use crate::split::Share;

/// Which search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Alpha-beta ([`AlphaBeta`]).
    AlphaBeta,
    /// MCTS-Solver ([`Mcts`]).
    Mcts,
}

impl EngineKind {
    /// `ab` or `mcts`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            EngineKind::AlphaBeta => "ab",
            EngineKind::Mcts => "mcts",
        }
    }
}

/// Search progress with the line in notation.
#[derive(Clone, Debug, PartialEq)]
pub struct AnyInfo {
    /// Depth completed (alpha-beta) or length of the principal variation (MCTS).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move.
    pub score: i32,
    /// Nodes or playouts so far.
    pub nodes: u64,
    /// Milliseconds by the injected clock.
    pub elapsed_ms: f64,
    /// The principal variation in notation.
    pub pv: Vec<String>,
}

/// A search's answer with moves in notation.
#[derive(Clone, Debug, PartialEq)]
pub struct AnyResult {
    /// The move to play.
    pub best: String,
    /// Its score for the side to move.
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// The principal variation in notation.
    pub pv: Vec<String>,
    /// Nodes or playouts.
    pub nodes: u64,
    /// Milliseconds by the injected clock.
    pub elapsed_ms: f64,
}

fn texts<M: std::fmt::Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

fn any_info<M: std::fmt::Display>(info: &Info<M>) -> AnyInfo {
    AnyInfo {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score,
        nodes: info.nodes,
        elapsed_ms: info.elapsed_ms,
        pv: texts(&info.pv),
    }
}

fn any_result<M: std::fmt::Display>(result: SearchResult<M>) -> AnyResult {
    AnyResult {
        best: result.best.to_string(),
        score: result.score,
        depth: result.depth,
        pv: texts(&result.pv),
        nodes: result.nodes,
        elapsed_ms: result.elapsed_ms,
    }
}

/// The tuned evaluation weights of `game`, without an engine (and its memory).
#[must_use]
pub fn default_weights(game: GameKind) -> Box<dyn Weights> {
    match game {
        GameKind::Attract => Box::new(AttractEval::default()),
        GameKind::Forms => Box::new(FormsEval::default()),
        GameKind::Ra => Box::new(RaEval::default()),
        GameKind::Loa => Box::new(LoaEval::default()),
    }
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
/// game's evaluator.
pub enum AnyEngine {
    /// Alpha-beta on Attract.
    AttractAb(AlphaBeta<Attract>, AttractEval),
    /// MCTS on Attract.
    #[cfg(feature = "every-engine")]
    #[cfg(feature = "every-engine")]
    AttractMcts(Mcts<Attract>, AttractEval),
    /// Alpha-beta on Forms.
    FormsAb(AlphaBeta<Forms>, FormsEval),
    /// MCTS on Forms.
    FormsMcts(Mcts<Forms>, FormsEval),
    /// Alpha-beta on RA.
    RaAb(AlphaBeta<Ra>, RaEval),
    /// MCTS on RA.
    #[cfg(feature = "every-engine")]
    #[cfg(feature = "every-engine")]
    RaMcts(Mcts<Ra>, RaEval),
    /// Alpha-beta on Lines of Action.
    LoaAb(AlphaBeta<Loa>, LoaEval),
    /// MCTS on Lines of Action.
    #[cfg(feature = "every-engine")]
    #[cfg(feature = "every-engine")]
    LoaMcts(Mcts<Loa>, LoaEval),
}

/// How an [`AnyEngine`] is set up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineSetup {
    /// The algorithm.
    pub kind: EngineKind,
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

impl AnyEngine {
    /// An engine for `game` set up as `setup`, with the tuned evaluation.
    #[must_use]
    pub fn new(game: GameKind, setup: EngineSetup) -> AnyEngine {
        let ab = AlphaBetaConfig {
            tt_mb: setup.memory_mb,
            root_noise: setup.noise,
            reductions: setup.reductions,
            threads: setup.threads,
            share: setup.share,
            ..AlphaBetaConfig::default()
        };
        let mcts = MctsConfig {
            tree_mb: setup.memory_mb,
            threads: setup.threads,
            share: setup.share,
            ..MctsConfig::default()
        };
        match (game, setup.kind) {
            (GameKind::Attract, EngineKind::AlphaBeta) => {
                AnyEngine::AttractAb(AlphaBeta::new(ab), AttractEval::default())
            }
            #[cfg(feature = "every-engine")]
            (GameKind::Attract, EngineKind::Mcts) => AnyEngine::AttractMcts(Mcts::new(mcts), AttractEval::default()),
            #[cfg(not(feature = "every-engine"))]
            (GameKind::Attract, EngineKind::Mcts) => AnyEngine::AttractAb(AlphaBeta::new(ab), AttractEval::default()),
            (GameKind::Forms, EngineKind::AlphaBeta) => AnyEngine::FormsAb(AlphaBeta::new(ab), FormsEval::default()),
            (GameKind::Forms, EngineKind::Mcts) => AnyEngine::FormsMcts(Mcts::new(mcts), FormsEval::default()),
            (GameKind::Ra, EngineKind::AlphaBeta) => AnyEngine::RaAb(AlphaBeta::new(ab), RaEval::default()),
            #[cfg(feature = "every-engine")]
            (GameKind::Ra, EngineKind::Mcts) => AnyEngine::RaMcts(Mcts::new(mcts), RaEval::default()),
            #[cfg(not(feature = "every-engine"))]
            (GameKind::Ra, EngineKind::Mcts) => AnyEngine::RaAb(AlphaBeta::new(ab), RaEval::default()),
            (GameKind::Loa, EngineKind::AlphaBeta) => AnyEngine::LoaAb(AlphaBeta::new(ab), LoaEval::default()),
            #[cfg(feature = "every-engine")]
            (GameKind::Loa, EngineKind::Mcts) => AnyEngine::LoaMcts(Mcts::new(mcts), LoaEval::default()),
            #[cfg(not(feature = "every-engine"))]
            (GameKind::Loa, EngineKind::Mcts) => AnyEngine::LoaAb(AlphaBeta::new(ab), LoaEval::default()),
        }
    }

    /// The evaluator's weights, to override them (for tuning by matches).
    pub fn weights_mut(&mut self) -> &mut dyn Weights {
        match self {
            AnyEngine::AttractAb(_, w) => w,
            #[cfg(feature = "every-engine")]
            AnyEngine::AttractMcts(_, w) => w,
            AnyEngine::FormsAb(_, w) | AnyEngine::FormsMcts(_, w) => w,
            AnyEngine::RaAb(_, w) => w,
            #[cfg(feature = "every-engine")]
            AnyEngine::RaMcts(_, w) => w,
            AnyEngine::LoaAb(_, w) => w,
            #[cfg(feature = "every-engine")]
            AnyEngine::LoaMcts(_, w) => w,
        }
    }

    /// Sets the named evaluation weights; an error names a weight the game
    /// does not have, with the ones it has.
    pub fn set_weights(&mut self, weights: &[(String, i32)]) -> Result<(), String> {
        set_weights(self.weights_mut(), weights)
    }

    /// The game this engine plays.
    #[must_use]
    pub fn game(&self) -> GameKind {
        match self {
            AnyEngine::AttractAb(..) => GameKind::Attract,
            #[cfg(feature = "every-engine")]
            AnyEngine::AttractMcts(..) => GameKind::Attract,
            AnyEngine::FormsAb(..) | AnyEngine::FormsMcts(..) => GameKind::Forms,
            AnyEngine::RaAb(..) => GameKind::Ra,
            #[cfg(feature = "every-engine")]
            AnyEngine::RaMcts(..) => GameKind::Ra,
            AnyEngine::LoaAb(..) => GameKind::Loa,
            #[cfg(feature = "every-engine")]
            AnyEngine::LoaMcts(..) => GameKind::Loa,
        }
    }

    /// The most memory the engine's table or tree holds, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        match self {
            AnyEngine::AttractAb(e, _) => e.table_bytes(),
            #[cfg(feature = "every-engine")]
            AnyEngine::AttractMcts(e, _) => e.tree_bytes(),
            AnyEngine::FormsAb(e, _) => e.table_bytes(),
            AnyEngine::FormsMcts(e, _) => e.tree_bytes(),
            AnyEngine::RaAb(e, _) => e.table_bytes(),
            #[cfg(feature = "every-engine")]
            AnyEngine::RaMcts(e, _) => e.tree_bytes(),
            AnyEngine::LoaAb(e, _) => e.table_bytes(),
            #[cfg(feature = "every-engine")]
            AnyEngine::LoaMcts(e, _) => e.tree_bytes(),
        }
    }

    /// Forgets what was learnt (for a new game).
    pub fn clear(&mut self) {
        match self {
            AnyEngine::AttractAb(e, _) => e.clear(),
            AnyEngine::FormsAb(e, _) => e.clear(),
            AnyEngine::RaAb(e, _) => e.clear(),
            AnyEngine::LoaAb(e, _) => e.clear(),
            // The trees are rebuilt at every search.
            _ => {}
        }
    }

    /// Searches `game`. Returns `None` when the game is over, or when `game`
    /// is not the game this engine was made for.
    pub fn search(
        &mut self,
        game: &AnyGame,
        controls: &Controls<'_>,
        on_info: &mut dyn FnMut(&AnyInfo),
    ) -> Option<AnyResult> {
        macro_rules! run {
            ($engine:expr, $position:expr, $eval:expr) => {{
                let mut info = |i: &Info<_>| on_info(&any_info(i));
                $engine.search($position, &$eval, controls, &mut info).map(any_result)
            }};
        }
        match (self, game) {
            (AnyEngine::AttractAb(e, w), AnyGame::Attract(p)) => run!(e, p, *w),
            #[cfg(feature = "every-engine")]
            (AnyEngine::AttractMcts(e, w), AnyGame::Attract(p)) => run!(e, p, *w),
            (AnyEngine::FormsAb(e, w), AnyGame::Forms(p)) => run!(e, p, *w),
            (AnyEngine::FormsMcts(e, w), AnyGame::Forms(p)) => run!(e, p, *w),
            (AnyEngine::RaAb(e, w), AnyGame::Ra(p)) => run!(e, p, *w),
            #[cfg(feature = "every-engine")]
            (AnyEngine::RaMcts(e, w), AnyGame::Ra(p)) => run!(e, p, *w),
            (AnyEngine::LoaAb(e, w), AnyGame::Loa(p)) => run!(e, p, *w),
            #[cfg(feature = "every-engine")]
            (AnyEngine::LoaMcts(e, w), AnyGame::Loa(p)) => run!(e, p, *w),
            _ => None,
        }
    }
}
