//! Attract's side of the traits every game shares beyond its rules: its
//! moves packed into a number, and its board for user interfaces.

use super::{Attract, AttractMove, AttractOptions};
use crate::board::{Board, CellId, MoveShape, Piece};
use crate::game::Game;
use crate::illegal::Illegal;
use crate::notation::Cell;
use crate::packed::PackedMove;

/// The cell's ten bits (see `Cell::packed`).
impl PackedMove for AttractMove {
    fn pack(self) -> u32 {
        self.0.packed()
    }

    fn unpack(code: u32) -> Option<Self> {
        (code < 1 << 10).then(|| AttractMove(Cell::unpacked(code)))
    }
}

impl Board for Attract {
    fn cell_count(options: &AttractOptions) -> usize {
        usize::from(options.size) * usize::from(options.size)
    }

    fn piece(&self, cell: CellId) -> Option<Piece> {
        let n = self.size();
        let i = cell.index();
        (i < n * n).then(|| self.stone_at(Cell::from_index(i, n))).flatten().map(Piece::stone)
    }

    fn turned(&self) -> Self {
        let mut turned = self.clone();
        turned.to_move = self.to_move.opponent();
        turned.hash = turned.hash_from_scratch();
        turned
    }

    fn shape(options: &AttractOptions, mv: AttractMove) -> MoveShape {
        let to = CellId::new(mv.0.index(usize::from(options.size)));
        MoveShape { from: None, to: Some(to), stones: None, capture: false }
    }

    fn why_illegal(&self, from: Option<CellId>, to: Option<CellId>, _: Option<u8>) -> Illegal {
        match (from, to) {
            (None, None) => Illegal::PassNotAllowed,
            (None, Some(to)) if self.piece(to).is_some() => Illegal::Occupied,
            _ => Illegal::Unknown,
        }
    }

    /// The winning pieces, at any time.
    fn winning_cells(&self) -> Vec<CellId> {
        let n = self.size();
        self.winning_pieces().into_iter().map(|c| CellId::new(c.index(n))).collect()
    }
}
