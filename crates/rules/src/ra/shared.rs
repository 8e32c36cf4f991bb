//! RA's side of the traits every game shares beyond its rules: its moves
//! packed into a number, and its board for user interfaces.

use super::{CELLS, HexCell, Ra, RaMove, RaOptions, target_ra};
use crate::board::{Board, CellId, MoveShape, Piece};
use crate::game::Game;
use crate::illegal::Illegal;
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

    /// Follows the movement rules of `docs/rules/ra.md` §3 from `from`
    /// towards `to` and names the first one the move breaks.
    fn why_illegal(&self, from: Option<CellId>, to: Option<CellId>, stones: Option<u8>) -> Illegal {
        let cell = |c: CellId| (c.index() < CELLS).then(|| HexCell::from_index(c.index()));
        let (Some(from), Some(to)) = (from.and_then(cell), to.and_then(cell)) else {
            return if from.is_none() && to.is_none() { Illegal::PassNotAllowed } else { Illegal::Unknown };
        };
        let me = self.to_move();
        let Some(stack) = self.stack_at(from).filter(|s| s.owner == me) else { return Illegal::NoPiece };
        let stones = stones.unwrap_or(stack.height);
        if stones > stack.height {
            return Illegal::TooFewStones { height: stack.height };
        }
        if stones == 0 || from == to {
            return Illegal::Unknown;
        }
        // The direction that leads to `to`, and how far it is.
        let ray = |d: usize| std::iter::successors(from.step(d), move |c: &HexCell| c.step(d));
        let Some((dir, distance)) = (0..6).find_map(|d| ray(d).position(|c| c == to).map(|k| (d, k + 1))) else {
            return Illegal::NotInLine;
        };
        let range = usize::from(4 - stones.min(3));
        if distance > range {
            return Illegal::Range { stones };
        }
        let goal = target_ra(me);
        for c in ray(dir).take(distance - 1) {
            if self.stack_at(c).is_some() {
                return Illegal::Blocked;
            }
            if c == goal {
                return Illegal::PastRa;
            }
        }
        match self.stack_at(to) {
            Some(other) if other.owner != me && other.height > stones => {
                return Illegal::TooTall { stones, height: other.height };
            }
            Some(other) if other.owner == me && distance < range => return Illegal::JoinShort,
            Some(other) if other.owner == me && other.height + stones > 3 => return Illegal::JoinTooTall,
            Some(_) => return Illegal::Unknown,
            None => {}
        }
        // An empty cell short of the range: legal only where the move has to stop.
        if distance < range && to != goal {
            return Illegal::Range { stones };
        }
        Illegal::Unknown
    }
}
