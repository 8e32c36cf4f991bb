//! Forms' side of the traits every game shares beyond its rules: its moves
//! packed into a number, and its board for user interfaces.

use super::{Forms, FormsMove, FormsOptions, FormsRules};
use crate::bits::Bits;
use crate::board::{Board, CellId, MoveShape, Piece};
use crate::game::Game;
use crate::illegal::Illegal;
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

    fn why_illegal(&self, from: Option<CellId>, to: Option<CellId>, _: Option<u8>) -> Illegal {
        let n = self.size();
        let (Some(from), Some(to)) = (from.map(CellId::index), to.map(CellId::index)) else {
            return if from.is_none() && to.is_none() { Illegal::PassNotAllowed } else { Illegal::Unknown };
        };
        if from >= n * n || to >= n * n || from == to {
            return Illegal::Unknown;
        }
        let me = self.to_move();
        let owner = |i: usize| self.stone_at(Cell::from_index(i, n));
        if owner(from) != Some(me) {
            return Illegal::NoPiece;
        }
        match (self.options.rules, owner(to)) {
            (FormsRules::Standard, _) => Illegal::MustCapture,
            (FormsRules::Advanced, Some(p)) if p == me => Illegal::OwnPiece,
            (FormsRules::Advanced, Some(_)) => Illegal::NotAdjacent,
            (FormsRules::Advanced, None) => {
                let occupied = self.stones[me].or(self.stones[me.opponent()]);
                let empty = self.geometry().board.minus(occupied);
                if self.reachable(from, empty).and(Bits::single(to)).is_empty() {
                    Illegal::NoPath
                } else {
                    Illegal::RemovesNothing
                }
            }
        }
    }
}
