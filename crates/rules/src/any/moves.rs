//! [`AnyMove`], a move of any game, and [`MoveParts`], a legal move taken
//! apart for a user interface.
//!
//! Interfaces compute the parts of every legal move once per position and
//! share them between selection, highlighting, animation and the last-move
//! marks, so nothing is parsed back from text on a click.

use std::fmt;

use super::{GameKind, GameSpec};
use crate::attract::{Attract, AttractMove};
use crate::board::{Board, CellId, MoveShape};
use crate::forms::{Forms, FormsMove};
use crate::loa::{Loa, LoaMove};
use crate::packed::PackedMove;
use crate::ra::{Ra, RaMove};

/// A move of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// Attract.
    Attract(AttractMove),
    /// Forms.
    Forms(FormsMove),
    /// RA.
    Ra(RaMove),
    /// Lines of Action.
    Loa(LoaMove),
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Attract(m) => m.fmt(f),
            AnyMove::Forms(m) => m.fmt(f),
            AnyMove::Ra(m) => m.fmt(f),
            AnyMove::Loa(m) => m.fmt(f),
        }
    }
}

impl AnyMove {
    /// Which game the move is of.
    #[must_use]
    pub const fn kind(self) -> GameKind {
        match self {
            AnyMove::Attract(_) => GameKind::Attract,
            AnyMove::Forms(_) => GameKind::Forms,
            AnyMove::Ra(_) => GameKind::Ra,
            AnyMove::Loa(_) => GameKind::Loa,
        }
    }

    /// The move packed into a number (see [`PackedMove`]); the game is not
    /// part of the number.
    #[must_use]
    pub fn pack(self) -> u32 {
        match self {
            AnyMove::Attract(m) => m.pack(),
            AnyMove::Forms(m) => m.pack(),
            AnyMove::Ra(m) => m.pack(),
            AnyMove::Loa(m) => m.pack(),
        }
    }

    /// The move of `kind` that `code` writes, if it writes one. It may not
    /// be legal in any position: check it before playing it.
    #[must_use]
    pub fn unpack(kind: GameKind, code: u32) -> Option<AnyMove> {
        match kind {
            GameKind::Attract => AttractMove::unpack(code).map(AnyMove::Attract),
            GameKind::Forms => FormsMove::unpack(code).map(AnyMove::Forms),
            GameKind::Ra => RaMove::unpack(code).map(AnyMove::Ra),
            GameKind::Loa => LoaMove::unpack(code).map(AnyMove::Loa),
        }
    }

    /// Where the move starts and ends on the board of `spec`, and what it
    /// does (see [`MoveShape`]); a pass's shape for a move of another game.
    #[must_use]
    pub fn shape(self, spec: &GameSpec) -> MoveShape {
        match (spec, self) {
            (GameSpec::Attract(o), AnyMove::Attract(m)) => Attract::shape(o, m),
            (GameSpec::Forms(o), AnyMove::Forms(m)) => Forms::shape(o, m),
            (GameSpec::Ra(o), AnyMove::Ra(m)) => Ra::shape(o, m),
            (GameSpec::Loa(o), AnyMove::Loa(m)) => Loa::shape(o, m),
            _ => MoveShape::PASS,
        }
    }

    /// The cells the move starts from and ends on (see [`MoveParts`]).
    #[must_use]
    pub fn cells(self, spec: &GameSpec) -> (Option<CellId>, Option<CellId>) {
        let shape = self.shape(spec);
        (shape.from, shape.to)
    }

    /// Whether the move is a pass.
    #[must_use]
    pub fn is_pass(self) -> bool {
        matches!(self, AnyMove::Ra(RaMove::Pass) | AnyMove::Loa(LoaMove::Pass))
    }
}

/// A legal move taken apart for a user interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveParts {
    /// The move itself.
    pub mv: AnyMove,
    /// The cell the piece leaves; `None` for a placement (Attract) or a pass.
    pub from: Option<CellId>,
    /// The cell the move ends on; `None` for a pass.
    pub to: Option<CellId>,
    /// RA: how many stones move.
    pub stones: Option<u8>,
    /// Whether an enemy piece is captured on `to`.
    pub capture: bool,
    /// RA: whether the move ends the match (it reaches the enemy RA cell, or
    /// captures the enemy's last stack). Always `false` in the other games.
    pub ends_match: bool,
}

impl MoveParts {
    /// The move in notation.
    #[must_use]
    pub fn text(&self) -> String {
        self.mv.to_string()
    }
}
