//! The engines over any game, for the CLI and the browser worker: moves and
//! principal variations come back in notation.

use rules::attract::Attract;
use rules::forms::Forms;
use rules::loa::Loa;
use rules::ra::Ra;
use rules::{AnyGame, GameKind};

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::budget::Controls;
use crate::eval::{attract::AttractEval, forms::FormsEval, loa::LoaEval, ra::RaEval};
use crate::mcts::{Mcts, MctsConfig};
use crate::result::{Info, SearchResult};

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

/// An engine for one game, keeping its memory between moves.
pub enum AnyEngine {
    /// Alpha-beta on Attract.
    AttractAb(AlphaBeta<Attract>),
    /// MCTS on Attract.
    AttractMcts(Mcts<Attract>),
    /// Alpha-beta on Forms.
    FormsAb(AlphaBeta<Forms>),
    /// MCTS on Forms.
    FormsMcts(Mcts<Forms>),
    /// Alpha-beta on RA.
    RaAb(AlphaBeta<Ra>),
    /// MCTS on RA.
    RaMcts(Mcts<Ra>),
    /// Alpha-beta on Lines of Action.
    LoaAb(AlphaBeta<Loa>),
    /// MCTS on Lines of Action.
    LoaMcts(Mcts<Loa>),
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
}

impl AnyEngine {
    /// An engine for `game` set up as `setup`.
    #[must_use]
    pub fn new(game: GameKind, setup: EngineSetup) -> AnyEngine {
        let ab = AlphaBetaConfig { tt_mb: setup.memory_mb, root_noise: setup.noise, ..AlphaBetaConfig::default() };
        let mcts = MctsConfig { tree_mb: setup.memory_mb, ..MctsConfig::default() };
        match (game, setup.kind) {
            (GameKind::Attract, EngineKind::AlphaBeta) => AnyEngine::AttractAb(AlphaBeta::new(ab)),
            (GameKind::Attract, EngineKind::Mcts) => AnyEngine::AttractMcts(Mcts::new(mcts)),
            (GameKind::Forms, EngineKind::AlphaBeta) => AnyEngine::FormsAb(AlphaBeta::new(ab)),
            (GameKind::Forms, EngineKind::Mcts) => AnyEngine::FormsMcts(Mcts::new(mcts)),
            (GameKind::Ra, EngineKind::AlphaBeta) => AnyEngine::RaAb(AlphaBeta::new(ab)),
            (GameKind::Ra, EngineKind::Mcts) => AnyEngine::RaMcts(Mcts::new(mcts)),
            (GameKind::Loa, EngineKind::AlphaBeta) => AnyEngine::LoaAb(AlphaBeta::new(ab)),
            (GameKind::Loa, EngineKind::Mcts) => AnyEngine::LoaMcts(Mcts::new(mcts)),
        }
    }

    /// The game this engine plays.
    #[must_use]
    pub fn game(&self) -> GameKind {
        match self {
            AnyEngine::AttractAb(_) | AnyEngine::AttractMcts(_) => GameKind::Attract,
            AnyEngine::FormsAb(_) | AnyEngine::FormsMcts(_) => GameKind::Forms,
            AnyEngine::RaAb(_) | AnyEngine::RaMcts(_) => GameKind::Ra,
            AnyEngine::LoaAb(_) | AnyEngine::LoaMcts(_) => GameKind::Loa,
        }
    }

    /// The most memory the engine's table or tree holds, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        match self {
            AnyEngine::AttractAb(e) => e.table_bytes(),
            AnyEngine::AttractMcts(e) => e.tree_bytes(),
            AnyEngine::FormsAb(e) => e.table_bytes(),
            AnyEngine::FormsMcts(e) => e.tree_bytes(),
            AnyEngine::RaAb(e) => e.table_bytes(),
            AnyEngine::RaMcts(e) => e.tree_bytes(),
            AnyEngine::LoaAb(e) => e.table_bytes(),
            AnyEngine::LoaMcts(e) => e.tree_bytes(),
        }
    }

    /// Forgets what was learnt (for a new game).
    pub fn clear(&mut self) {
        match self {
            AnyEngine::AttractAb(e) => e.clear(),
            AnyEngine::FormsAb(e) => e.clear(),
            AnyEngine::RaAb(e) => e.clear(),
            AnyEngine::LoaAb(e) => e.clear(),
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
            (AnyEngine::AttractAb(e), AnyGame::Attract(p)) => run!(e, p, AttractEval),
            (AnyEngine::AttractMcts(e), AnyGame::Attract(p)) => run!(e, p, AttractEval),
            (AnyEngine::FormsAb(e), AnyGame::Forms(p)) => run!(e, p, FormsEval),
            (AnyEngine::FormsMcts(e), AnyGame::Forms(p)) => run!(e, p, FormsEval),
            (AnyEngine::RaAb(e), AnyGame::Ra(p)) => run!(e, p, RaEval),
            (AnyEngine::RaMcts(e), AnyGame::Ra(p)) => run!(e, p, RaEval),
            (AnyEngine::LoaAb(e), AnyGame::Loa(p)) => run!(e, p, LoaEval),
            (AnyEngine::LoaMcts(e), AnyGame::Loa(p)) => run!(e, p, LoaEval),
            _ => None,
        }
    }
}
