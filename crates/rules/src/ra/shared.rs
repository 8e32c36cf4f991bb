//! RA's side of the traits every game shares beyond its rules: its moves
//! packed into a number, and its board for user interfaces.

use super::{CELLS, HexCell, Ra, RaMove, RaOptions};
use crate::board::{Board, CellId, MoveShape, Piece};
use crate::game::Game;
use crate::packed::PackedMove;

/// Pass is 0; a step is 1 + its fields (two bits of stones, seven per cell,
/// then the capture bit).
impl PackedMove for RaMove {
    fn pack(self) -> u32 {
        match self {
            RaMove::Pass => 0,
            RaMove::Step { stones, from, to, capture } => {
                1 + (u32::from(stones & 3)
                    | (from.index() as u32) << 2
                    | (to.index() as u32) << 9
                    | u32::from(capture) << 16)
            }
        }
    }

    fn unpack(code: u32) -> Option<Self> {
        let Some(fields) = code.checked_sub(1) else { return Some(RaMove::Pass) };
        let cell = |bits: u32| (bits < CELLS as u32).then(|| HexCell::from_index(bits as usize));
        if fields >= 1 << 17 || fields & 3 == 0 {
            return None;
        }
        Some(RaMove::Step {
            stones: (fields & 3) as u8,
            from: cell(fields >> 2 & 127)?,
            to: cell(fields >> 9 & 127)?,
            capture: fields >> 16 == 1,
        })
    }
}

impl Board for Ra {
    fn cell_count(_: &RaOptions) -> usize {
        CELLS
    }

    fn piece(&self, cell: CellId) -> Option<Piece> {
        let i = cell.index();
        (i < CELLS)
            .then(|| self.stack_at(HexCell::from_index(i)))
            .flatten()
            .map(|s| Piece { owner: s.owner, height: s.height })
    }

    fn turned(&self) -> Self {
        let mut turned = self.clone();
        turned.to_move = self.to_move.opponent();
        turned.hash = turned.hash_from_scratch();
        turned.history = vec![turned.hash];
        turned
    }

    fn shape(_: &RaOptions, mv: RaMove) -> MoveShape {
        match mv {
            RaMove::Step { stones, from, to, capture } => MoveShape {
                from: Some(CellId::new(from.index())),
                to: Some(CellId::new(to.index())),
                stones: Some(stones),
                capture,
            },
            RaMove::Pass => MoveShape::PASS,
        }
    }

    fn ends_match(&self, mv: RaMove) -> bool {
        Ra::ends_match(self, mv)
    }
}
