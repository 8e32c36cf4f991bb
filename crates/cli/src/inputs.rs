//! What several commands share: reading the game a command works on (a
//! spec, a start position, moves), and the argument groups and types of
//! more than one command (where the moves start, how long to think, which
//! algorithm, a file to read).

use rules::{AnyGame, GameSpec, ReplayError, quote};
use search::levels::Level;

use crate::args;
use crate::contestant;

/// Reads a game spec.
///
/// # Errors
/// A message quoting the spec and saying what is wrong with it.
pub fn spec(text: &str) -> Result<GameSpec, String> {
    text.parse().map_err(|e| format!("game spec {}: {e}", quote(text)))
}

/// Reads the spec and the start position, then plays `moves`.
///
/// # Errors
/// A message naming the bad spec, position or move.
pub fn setup(spec: &str, from: Option<&str>, moves: &[String]) -> Result<AnyGame, String> {
    let parsed = self::spec(spec)?;
    let from = from.map(|text| text.replace('_', " "));
    parsed.replay(from.as_deref(), moves.iter().map(String::as_str), |_, _| {}).map_err(|e| match e {
        ReplayError::Start(e) => format!("position {}: {e}", quote(from.as_deref().unwrap_or_default())),
        ReplayError::Move(bad) => bad.to_string(),
    })
}

/// Where the moves start: the start position of SPEC, or `--from`.
#[derive(clap::Args, Debug)]
pub struct Setup {
    /// The game and its options: ID[:KEY=VALUE[,KEY=VALUE]…], e.g. `loa:simultaneous=mover`.
    #[arg(allow_negative_numbers = true)]
    pub spec: String,
    /// Start from this position text instead of the start position (spaces may be written `_`).
    #[arg(long = "from", value_name = "POSITION", allow_hyphen_values = true)]
    pub from: Option<String>,
}

impl Setup {
    /// The game after `moves` from this start.
    ///
    /// # Errors
    /// As [`setup`].
    pub fn game(&self, moves: &[String]) -> Result<rules::AnyGame, String> {
        setup(&self.spec, self.from.as_deref(), moves)
    }
}

/// A game as most commands take it: a start, and moves played from it.
#[derive(clap::Args, Debug)]
pub struct Line {
    #[command(flatten)]
    setup: Setup,
    /// Moves in the game's notation, played in order.
    #[arg(allow_negative_numbers = true)]
    pub moves: Vec<String>,
}

impl Line {
    /// The game after the moves.
    ///
    /// # Errors
    /// As [`setup`].
    pub fn game(&self) -> Result<AnyGame, String> {
        self.setup.game(&self.moves)
    }

    /// The start, before any move.
    ///
    /// # Errors
    /// As [`setup`].
    pub fn start(&self) -> Result<AnyGame, String> {
        self.setup.game(&[])
    }
}

/// How long the searcher may think: one of a level, nodes or time.
#[derive(clap::Args, Debug)]
#[group(multiple = false)]
pub struct Think {
    /// A named level, 1 (Beginner) to 5 (Strongest).
    #[arg(long, value_parser = args::level, allow_hyphen_values = true)]
    level: Option<Level>,
    /// A budget of nodes (alpha-beta) or playouts (MCTS), at least 1.
    #[arg(long, value_parser = args::count, allow_hyphen_values = true)]
    nodes: Option<u64>,
    /// A budget of milliseconds, more than 0.
    #[arg(long = "time-ms", value_parser = args::milliseconds, allow_hyphen_values = true)]
    time_ms: Option<f64>,
}

impl Think {
    /// The budget; the value parsers have checked the ranges.
    pub fn limit(&self) -> contestant::Limit {
        match (self.level, self.nodes, self.time_ms) {
            (_, Some(n), _) => contestant::Limit::Nodes(n),
            (_, _, Some(t)) => contestant::Limit::Time(t),
            (Some(l), _, _) => contestant::Limit::Level(l),
            (None, None, None) => contestant::Limit::Level(Level::CLUB),
        }
    }
}

/// Forcing one of the two search algorithms.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Algorithm {
    /// Alpha-beta.
    Ab,
    /// MCTS-Solver.
    Mcts,
}

impl Algorithm {
    /// The searcher it names.
    pub fn kind(self) -> search::SearcherKind {
        match self {
            Algorithm::Ab => search::SearcherKind::AlphaBeta,
            Algorithm::Mcts => search::SearcherKind::Mcts,
        }
    }
}

/// A file's text, or standard input's for `-`.
///
/// # Errors
/// Says which file could not be read, and why.
pub fn read_file(file: &std::path::Path) -> Result<String, String> {
    if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| format!("cannot read standard input: {e}"))
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))
    }
}
