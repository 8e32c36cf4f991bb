//! What a search reports, for one game's moves or (as [`AnyInfo`] and
//! [`AnyResult`]) for any game's.

use rules::AnyMove;

/// Progress after each completed iteration (alpha-beta) or every so many
/// playouts (MCTS).
#[derive(Clone, Debug, PartialEq)]
pub struct Info<M> {
    /// The depth completed (alpha-beta) or the depth of the principal variation (MCTS).
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score for the side to move (see [`crate::score`]).
    pub score: i32,
    /// Nodes (alpha-beta) or playouts (MCTS) so far.
    pub nodes: u64,
    /// Milliseconds by the injected clock.
    pub elapsed_ms: f64,
    /// The expected line of play, the best move first.
    pub pv: Vec<M>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play: always legal.
    pub best: M,
    /// Its score for the side to move.
    pub score: i32,
    /// The depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<M>,
    /// Nodes (alpha-beta) or playouts (MCTS) searched.
    pub nodes: u64,
    /// Milliseconds by the injected clock.
    pub elapsed_ms: f64,
}

/// Progress of a search of any game.
pub type AnyInfo = Info<AnyMove>;

/// The answer of a search of any game.
pub type AnyResult = SearchResult<AnyMove>;

impl<M: Copy> Info<M> {
    /// The same progress with every move turned by `f` (e.g. into [`AnyMove`]).
    #[must_use]
    pub fn map<N>(&self, f: impl Fn(M) -> N) -> Info<N> {
        Info {
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            nodes: self.nodes,
            elapsed_ms: self.elapsed_ms,
            pv: self.pv.iter().map(|&m| f(m)).collect(),
        }
    }
}

impl<M: Copy> SearchResult<M> {
    /// The same answer with every move turned by `f` (e.g. into [`AnyMove`]).
    #[must_use]
    pub fn map<N>(self, f: impl Fn(M) -> N) -> SearchResult<N> {
        SearchResult {
            best: f(self.best),
            score: self.score,
            depth: self.depth,
            pv: self.pv.into_iter().map(f).collect(),
            nodes: self.nodes,
            elapsed_ms: self.elapsed_ms,
        }
    }
}
