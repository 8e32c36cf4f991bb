//! Moves as small integers, so that a searcher can keep one inside a single
//! machine word (the lock-free transposition table shared by search threads
//! stores the move, score, depth and bound of an entry in 64 bits).

use crate::attract::AttractMove;
use crate::forms::FormsMove;
use crate::loa::{LoaMove, Square};
use crate::notation::Cell;
use crate::ra::{CELLS as RA_CELLS, HexCell, RaMove};

/// The most bits a packed move uses: every code is below `1 << PACKED_BITS`.
pub const PACKED_BITS: u32 = 21;

/// A move that packs into fewer than [`PACKED_BITS`] bits and back.
///
/// `unpack(mv.pack()) == Some(mv)` for every move of every position; other
/// codes may unpack to a move that is not legal anywhere, so a reader checks
/// legality (or looks the move up in the legal moves) before playing it.
pub trait PackedMove: Sized {
    /// The move as a number below `1 << PACKED_BITS`.
    fn pack(self) -> u32;
    /// The move written by `code`, if it writes one.
    fn unpack(code: u32) -> Option<Self>;
}

/// Square-board cells take five bits per coordinate (boards up to 32 across;
/// the games here stop at 20).
const fn pack_cell(cell: Cell) -> u32 {
    (cell.file as u32 & 31) | (cell.rank as u32 & 31) << 5
}

const fn unpack_cell(code: u32) -> Cell {
    Cell { file: (code & 31) as u8, rank: (code >> 5 & 31) as u8 }
}

impl PackedMove for AttractMove {
    fn pack(self) -> u32 {
        pack_cell(self.0)
    }

    fn unpack(code: u32) -> Option<Self> {
        (code < 1 << 10).then(|| AttractMove(unpack_cell(code)))
    }
}

impl PackedMove for FormsMove {
    fn pack(self) -> u32 {
        pack_cell(self.from) | pack_cell(self.to) << 10 | u32::from(self.capture) << 20
    }

    fn unpack(code: u32) -> Option<Self> {
        (code < 1 << 21).then(|| FormsMove {
            from: unpack_cell(code & 1023),
            to: unpack_cell(code >> 10 & 1023),
            capture: code >> 20 == 1,
        })
    }
}

/// Pass is 0; a step is 1 + its fields.
impl PackedMove for LoaMove {
    fn pack(self) -> u32 {
        match self {
            LoaMove::Pass => 0,
            LoaMove::Step { from, to, capture } => {
                1 + (from.index() as u32 | (to.index() as u32) << 6 | u32::from(capture) << 12)
            }
        }
    }

    fn unpack(code: u32) -> Option<Self> {
        let Some(fields) = code.checked_sub(1) else { return Some(LoaMove::Pass) };
        let square = |bits: u32| Square::new(bits as usize % 8, bits as usize / 8);
        if fields >= 1 << 13 {
            return None;
        }
        Some(LoaMove::Step { from: square(fields & 63)?, to: square(fields >> 6 & 63)?, capture: fields >> 12 == 1 })
    }
}

/// Pass is 0; a step is 1 + its fields.
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
        let cell = |bits: u32| (bits < RA_CELLS as u32).then(|| HexCell::from_index(bits as usize));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_outside_the_range_are_refused() {
        assert_eq!(AttractMove::unpack(1 << 10), None);
        assert_eq!(FormsMove::unpack(1 << 21), None);
        assert_eq!(LoaMove::unpack(1 + (1 << 13)), None);
        assert_eq!(RaMove::unpack(1 + (1 << 17)), None);
        // No stones, or a cell past the hexagon's 127.
        assert_eq!(RaMove::unpack(1), None);
        assert_eq!(RaMove::unpack(1 + (1 | 127 << 2)), None);
        assert_eq!(LoaMove::unpack(0), Some(LoaMove::Pass));
        assert_eq!(RaMove::unpack(0), Some(RaMove::Pass));
    }
}
