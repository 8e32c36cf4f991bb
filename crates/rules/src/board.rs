//! What user interfaces ask of a position beyond its rules: cells by
//! number ([`CellId`]), what stands on them ([`Piece`]), where a move starts
//! and ends ([`MoveShape`]). Each game implements [`Board`] beside its
//! rules; the any-game layer only dispatches to it.

use crate::game::Game;
use crate::illegal::Illegal;
use crate::player::Player;

/// A cell of a game's board, by number: on square boards `rank * size + file`
/// (a1 = 0, b1 = 1, …), on the RA hexagon the cell's number (a1 = 0, …, m13 = 126).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(u16);

impl CellId {
    /// The cell numbered `index`.
    #[must_use]
    pub const fn new(index: usize) -> CellId {
        CellId(index as u16)
    }

    /// The cell's number.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What stands on a cell: whose, and how many stones (RA stacks 1–3, other games 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose.
    pub owner: Player,
    /// How many stones.
    pub height: u8,
}

impl Piece {
    /// A single stone of `owner`.
    #[must_use]
    pub const fn stone(owner: Player) -> Piece {
        Piece { owner, height: 1 }
    }
}

/// Where a move starts and ends and what it does, as far as the move alone
/// tells: the same in every position where it is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveShape {
    /// The cell the piece leaves; `None` for a placement (Attract) or a pass.
    pub from: Option<CellId>,
    /// The cell the move ends on; `None` for a pass.
    pub to: Option<CellId>,
    /// RA: how many stones move.
    pub stones: Option<u8>,
    /// Whether an enemy piece is captured on `to`.
    pub capture: bool,
}

impl MoveShape {
    /// The shape of a pass.
    pub const PASS: MoveShape = MoveShape { from: None, to: None, stones: None, capture: false };

    /// A piece going from `from` to `to`.
    #[must_use]
    pub const fn step(from: CellId, to: CellId, capture: bool) -> MoveShape {
        MoveShape { from: Some(from), to: Some(to), stones: None, capture }
    }
}

/// A game's board as user interfaces see it. Each game implements it in its
/// own module (`shared.rs`); [`crate::AnyGame`] dispatches to it.
pub trait Board: Game {
    /// How many cells the board of `options` has; they are numbered from 0.
    fn cell_count(options: &Self::Options) -> usize;

    /// What stands on `cell` (nothing off the board).
    fn piece(&self, cell: CellId) -> Option<Piece>;

    /// The same board with the other player to move, for showing a player
    /// the moves they could queue while the opponent thinks (premoves). It
    /// may be a position no game reaches (Attract's empty board with Black
    /// to move), with no history; it is only for listing moves.
    fn turned(&self) -> Self;

    /// The cells and parts of `mv` on the board of `options`.
    fn shape(options: &Self::Options, mv: Self::Move) -> MoveShape;

    /// Whether `mv`, legal here, ends a match (RA: it reaches the enemy RA
    /// cell or captures the enemy's last stack). Always `false` in games
    /// that are not played as matches.
    fn ends_match(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Why the move from `from` to `to` (with `stones` stones, in RA) is not
    /// legal here: `from` is `None` for a placement, `to` is `None` for a
    /// pass. Asked only of moves that are not legal; for a legal one the
    /// answer means nothing.
    fn why_illegal(&self, from: Option<CellId>, to: Option<CellId>, stones: Option<u8>) -> Illegal;

    /// The pieces that win or are winning, for a display to highlight.
    /// Empty unless the game says otherwise.
    fn winning_cells(&self) -> Vec<CellId> {
        Vec::new()
    }
}
