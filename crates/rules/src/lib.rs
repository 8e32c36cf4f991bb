//! # Rules engines for Ludoteca
//!
//! The rules of Attract, Forms, RA and Lines of Action, with no web
//! dependencies, so the same code serves the command-line tool, the searcher
//! and the browser app.
//!
//! ## Design decisions
//! - One [`Game`] trait, implemented by each game's position type. Generic
//!   code (perft, the searcher) works on the trait; the app and the CLI reach a
//!   game chosen at run time through [`AnyGame`], an enum that delegates to it.
//! - [`Game::play`] is checked and leaves the position untouched on an illegal
//!   move; [`Game::play_unchecked`] is the fast path for search.
//! - Text is read in two stages: the notation first ([`MoveError::Syntax`],
//!   [`MoveError::BadCell`]), then legality in the position
//!   ([`MoveError::Illegal`], with the rules' reason: [`Illegal`]). Position text errors are [`PositionError`]s.
//! - Errors carry typed reasons ([`Illegal`], [`Impossible`],
//!   [`FieldProblem`], [`Expected`], [`Conflict`]) with their counts, cells
//!   and players, never free text: their `Display` is English (the command
//!   line's), and the app says each in the player's language from the same
//!   data.
//! - Positions carry an incrementally updated Zobrist hash, checked against
//!   [`Game::hash_from_scratch`] by the tests.
//!
//! ## Example
//! ```
//! use rules::{AnyGame, GameSpec};
//!
//! let spec: GameSpec = "loa".parse()?;
//! let mut game: AnyGame = spec.start();
//! assert_eq!(game.perft(1), 36);
//! game.play_text("b1-b3")?;
//! assert_eq!(game.position_text(), "1xxxxxx1/o6o/o6o/o6o/o6o/ox5o/o6o/2xxxxx1 o");
//! assert!(game.play_text("b1-b9").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod any;
pub mod attract;
mod bits;
mod board;
#[cfg(feature = "checks")]
pub mod checks;
mod conflict;
mod error;
pub mod forms;
mod game;
mod illegal;
mod impossible;
pub mod loa;
pub mod notation;
pub mod options;
mod outcome;
mod packed;
pub mod perft;
mod player;
pub mod ra;
pub mod rng;
mod symmetry;
mod zobrist;

pub use any::{AnyGame, AnyMove, Arrangement, BadMove, GameKind, GameSpec, MoveParts, ReplayError, SpecError};
pub use bits::Bits;
pub use board::{Board, CellId, MoveShape, Piece};
pub use conflict::Conflict;
pub use error::{Expected, FieldProblem, MoveError, PieceWord, PositionError, breaks_or_hides, quote, quote_char};
pub use game::Game;
pub use illegal::{Illegal, Line};
pub use impossible::Impossible;
pub use options::{OptionError, OptionInfo, RuleOptions};
pub use outcome::{EndReason, Outcome};
pub use packed::{PACKED_BITS, PackedMove};
pub use player::{ByPlayer, Player};
