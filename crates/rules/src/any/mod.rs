//! The games chosen at run time, for the app, the CLI and the worker: a
//! [`GameKind`] discriminant, a [`GameSpec`] (kind plus rule options,
//! written like `loa:simultaneous=mover`), an [`AnyGame`] position and an
//! [`AnyMove`]. Everything here dispatches to the traits each game
//! implements ([`crate::Game`], [`crate::Board`], [`crate::PackedMove`]):
//! no rule is decided in this layer.
//!
//! - `mod.rs`: [`GameKind`], [`GameSpec`] and its cells;
//! - `game.rs`: [`AnyGame`], every method of a position of any game;
//! - `moves.rs`: [`AnyMove`] and [`MoveParts`];
//! - `replay.rs`: replaying a game from its start ([`ReplayError`]).

use std::fmt;
use std::str::FromStr;

use crate::attract::{Attract, AttractOptions};
use crate::board::{Board, CellId};
use crate::error::{PositionError, quote};
use crate::forms::{Forms, FormsOptions};
use crate::game::Game;
use crate::loa::{Loa, LoaOptions};
use crate::notation::{cell_name, parse_cell};
use crate::options::{OptionError, OptionInfo, RuleOptions};
use crate::ra::{HexCell, Ra, RaOptions};

/// Calls `$body` with `$g` bound to the game inside an [`AnyGame`].
macro_rules! dispatch {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::Attract($g) => $body,
            AnyGame::Forms($g) => $body,
            AnyGame::Ra($g) => $body,
            AnyGame::Loa($g) => $body,
        }
    };
}

/// Calls `$body` with `$o` bound to the options inside a [`GameSpec`].
macro_rules! dispatch_spec {
    ($spec:expr, $o:ident => $body:expr) => {
        match $spec {
            GameSpec::Attract($o) => $body,
            GameSpec::Forms($o) => $body,
            GameSpec::Ra($o) => $body,
            GameSpec::Loa($o) => $body,
        }
    };
}

/// Calls `$body` with `$g` and `$m` bound to a position and a move of the
/// same game; `$other` when they are of different games.
macro_rules! dispatch_move {
    ($any:expr, $mv:expr, $g:ident, $m:ident => $body:expr, _ => $other:expr) => {
        match ($any, $mv) {
            (AnyGame::Attract($g), AnyMove::Attract($m)) => $body,
            (AnyGame::Forms($g), AnyMove::Forms($m)) => $body,
            (AnyGame::Ra($g), AnyMove::Ra($m)) => $body,
            (AnyGame::Loa($g), AnyMove::Loa($m)) => $body,
            _ => $other,
        }
    };
}

mod arrange;
mod game;
mod moves;
mod replay;

pub use arrange::Arrangement;
pub use game::AnyGame;
pub use moves::{AnyMove, MoveParts};
pub use replay::{BadMove, ReplayError};

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Attract.
    Attract,
    /// Forms (standard and advanced rules).
    Forms,
    /// RA.
    Ra,
    /// Lines of Action.
    Loa,
}

impl GameKind {
    /// Every game, in the order the app lists them.
    pub const ALL: [GameKind; 4] = [GameKind::Attract, GameKind::Forms, GameKind::Ra, GameKind::Loa];

    /// The id used in game specs and URLs.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Attract => "attract",
            GameKind::Forms => "forms",
            GameKind::Ra => "ra",
            GameKind::Loa => "loa",
        }
    }

    /// The game's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Attract => "Attract",
            GameKind::Forms => "Forms",
            GameKind::Ra => "RA",
            GameKind::Loa => "Lines of Action",
        }
    }

    /// The rule options the game has.
    #[must_use]
    pub const fn options(self) -> &'static [OptionInfo] {
        match self {
            GameKind::Attract => AttractOptions::INFO,
            GameKind::Forms => FormsOptions::INFO,
            GameKind::Ra => RaOptions::INFO,
            GameKind::Loa => LoaOptions::INFO,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Why a game spec could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// No game has this id.
    UnknownGame {
        /// The id as written.
        id: String,
    },
    /// An option is not written `key=value`.
    NotKeyValue {
        /// The text as written.
        text: String,
    },
    /// The same option twice.
    Duplicate {
        /// The key.
        key: String,
    },
    /// The option itself is wrong.
    Option(OptionError),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownGame { id } => {
                let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
                write!(f, "unknown game {} (games: {})", quote(id), known.join(", "))
            }
            SpecError::NotKeyValue { text } => write!(f, "option {} is not written key=value", quote(text)),
            SpecError::Duplicate { key } => write!(f, "option {} is given twice", quote(key)),
            SpecError::Option(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SpecError {}

/// A game and its rule options: `ID[:KEY=VALUE[,KEY=VALUE]…]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSpec {
    /// Attract.
    Attract(AttractOptions),
    /// Forms.
    Forms(FormsOptions),
    /// RA.
    Ra(RaOptions),
    /// Lines of Action.
    Loa(LoaOptions),
}

impl GameSpec {
    /// The default options of `kind`.
    #[must_use]
    pub fn default_for(kind: GameKind) -> GameSpec {
        match kind {
            GameKind::Attract => GameSpec::Attract(AttractOptions::default()),
            GameKind::Forms => GameSpec::Forms(FormsOptions::default()),
            GameKind::Ra => GameSpec::Ra(RaOptions::default()),
            GameKind::Loa => GameSpec::Loa(LoaOptions::default()),
        }
    }

    /// Which game.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            GameSpec::Attract(_) => GameKind::Attract,
            GameSpec::Forms(_) => GameKind::Forms,
            GameSpec::Ra(_) => GameKind::Ra,
            GameSpec::Loa(_) => GameKind::Loa,
        }
    }

    /// Sets one rule option.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown key or a bad value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        dispatch_spec!(self, o => o.set(key, value))
    }

    /// Whether the options go together.
    ///
    /// # Errors
    /// [`OptionError::Combination`] when they do not.
    pub fn check(&self) -> Result<(), OptionError> {
        dispatch_spec!(self, o => o.check())
    }

    /// The value of one option, or `None` for an unknown key.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<String> {
        dispatch_spec!(self, o => o.get(key))
    }

    fn non_default(&self) -> Vec<(&'static str, String)> {
        dispatch_spec!(self, o => o.non_default())
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> AnyGame {
        match *self {
            GameSpec::Attract(o) => AnyGame::Attract(Attract::new(o)),
            GameSpec::Forms(o) => AnyGame::Forms(Forms::new(o)),
            GameSpec::Ra(o) => AnyGame::Ra(Ra::new(o)),
            GameSpec::Loa(o) => AnyGame::Loa(Loa::new(o)),
        }
    }

    /// A position read from position text.
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong with the text.
    pub fn position(&self, text: &str) -> Result<AnyGame, PositionError> {
        match *self {
            GameSpec::Attract(o) => Attract::from_position_text(o, text).map(AnyGame::Attract),
            GameSpec::Forms(o) => Forms::from_position_text(o, text).map(AnyGame::Forms),
            GameSpec::Ra(o) => Ra::from_position_text(o, text).map(AnyGame::Ra),
            GameSpec::Loa(o) => Loa::from_position_text(o, text).map(AnyGame::Loa),
        }
    }

    /// How many cells the board has.
    #[must_use]
    pub fn cell_count(&self) -> usize {
        match self {
            GameSpec::Attract(o) => Attract::cell_count(o),
            GameSpec::Forms(o) => Forms::cell_count(o),
            GameSpec::Ra(o) => Ra::cell_count(o),
            GameSpec::Loa(o) => Loa::cell_count(o),
        }
    }

    /// Every cell of the board, in number order.
    pub fn cells(&self) -> impl Iterator<Item = CellId> + use<> {
        (0..self.cell_count()).map(CellId::new)
    }

    /// Cells per side of a square board; `None` for RA's hexagon.
    #[must_use]
    pub fn side(&self) -> Option<usize> {
        match self {
            GameSpec::Attract(o) => Some(usize::from(o.size)),
            GameSpec::Forms(o) => Some(usize::from(o.size)),
            GameSpec::Loa(o) => Some(o.size()),
            GameSpec::Ra(_) => None,
        }
    }

    /// The name of `cell`, e.g. `b1` or `j10`; `None` off the board.
    #[must_use]
    pub fn cell_name(&self, cell: CellId) -> Option<String> {
        if cell.index() >= self.cell_count() {
            return None;
        }
        Some(match self.side() {
            Some(n) => cell_name(cell.index() % n, cell.index() / n),
            None => HexCell::from_index(cell.index()).to_string(),
        })
    }

    /// The cell called `name`, if it is on this board.
    #[must_use]
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        match self.side() {
            Some(n) => parse_cell(name, n).map(|(file, rank)| CellId::new(rank * n + file)),
            None => HexCell::parse(name).map(|c| CellId::new(c.index())),
        }
    }

    /// The black hole's cell, in a game of Lines of Action that has one.
    #[must_use]
    pub fn hole_cell(&self) -> Option<CellId> {
        let GameSpec::Loa(o) = self else { return None };
        o.hole().map(|sq| CellId::new(sq.rank() * o.size() + sq.file()))
    }

    /// For square boards, the zero-based (column, row) of `cell`; `None` for RA.
    #[must_use]
    pub fn file_rank(&self, cell: CellId) -> Option<(usize, usize)> {
        let n = self.side()?;
        (cell.index() < n * n).then(|| (cell.index() % n, cell.index() / n))
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<GameSpec, SpecError> {
        let (id, options) = match text.split_once(':') {
            Some((id, options)) => (id, Some(options)),
            None => (text, None),
        };
        let kind = GameKind::ALL
            .into_iter()
            .find(|k| k.id() == id)
            .ok_or_else(|| SpecError::UnknownGame { id: id.to_owned() })?;
        let mut spec = GameSpec::default_for(kind);
        let mut seen = Vec::new();
        for pair in options.into_iter().flat_map(|o| o.split(',')) {
            let (key, value) = pair.split_once('=').ok_or_else(|| SpecError::NotKeyValue { text: pair.to_owned() })?;
            if seen.contains(&key) {
                return Err(SpecError::Duplicate { key: key.to_owned() });
            }
            seen.push(key);
            spec.set(key, value).map_err(SpecError::Option)?;
        }
        spec.check().map_err(SpecError::Option)?;
        Ok(spec)
    }
}

impl fmt::Display for GameSpec {
    /// The canonical spec: the id, then only the options that differ from their defaults.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().id())?;
        for (i, (key, value)) in self.non_default().iter().enumerate() {
            write!(f, "{}{key}={value}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
