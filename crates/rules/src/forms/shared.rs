//! Forms' side of the traits every game shares beyond its rules: its moves
//! packed into a number, and its board for user interfaces.

use super::{Forms, FormsMove, FormsOptions};
use crate::board::{Board, CellId, MoveShape, Piece};
use crate::game::Game;
use crate::notation::Cell;
use crate::packed::PackedMove;

/// The two cells' ten bits each, then the capture bit.
impl PackedMove for FormsMove {
    fn pack(self) -> u32 {
        self.from.packed() | self.to.packed() << 10 | u32::from(self.capture) << 20
    }

    fn unpack(code: u32) -> Option<Self> {
        (code < 1 << 21).then(|| FormsMove {
            from: Cell::unpacked(code & 1023),
            to: Cell::unpacked(code >> 10 & 1023),
            capture: code >> 20 == 1,
        })
    }
}

impl Board for Forms {
    fn cell_count(options: &FormsOptions) -> usize {
        usize::from(options.size) * usize::from(options.size)
    }

    fn piece(&self, cell: CellId) -> Option<Piece> {
        let n = self.size();
        let i = cell.index();
        (i < n * n).then(|| self.stone_at(Cell::from_index(i, n))).flatten().map(Piece::stone)
    }

    fn turned(&self) -> Self {
        let mut turned = *self;
        turned.to_move = self.to_move.opponent();
        turned.hash = turned.hash_from_scratch();
        turned
    }

    fn shape(options: &FormsOptions, mv: FormsMove) -> MoveShape {
        let n = usize::from(options.size);
        MoveShape::step(CellId::new(mv.from.index(n)), CellId::new(mv.to.index(n)), mv.capture)
    }
}
