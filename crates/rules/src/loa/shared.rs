//! Lines of Action's side of the traits every game shares beyond its
//! rules: its moves packed into a number, and its board for user interfaces.

use super::{Loa, LoaMove, LoaOptions, MAX_SIZE, Square};

/// The cell of `sq` on a `size`×`size` board (cells count `rank * size + file`).
fn cell(sq: Square, size: usize) -> CellId {
    CellId::new(sq.rank() * size + sq.file())
}

/// The square of `cell` on a `size`×`size` board, if it is one of its cells.
fn square(cell: CellId, size: usize) -> Option<Square> {
    let i = cell.index();
    Square::on(size, i % size, i / size)
}
use crate::board::{Board, CellId, MoveShape, Piece};
use crate::game::Game;
use crate::illegal::{Illegal, Line};
use crate::outcome::EndReason;
use crate::packed::PackedMove;
use crate::player::Player;

/// Pass is 0; a step on a board up to 8×8 is 1 + its fields (six bits per
/// square of the 8×8 frame, then the capture bit), as kept since the
/// first version; a step on 9×9 is 1 + 2¹³ + its fields (seven bits per
/// square of the 9×9 frame, then the capture bit).
impl PackedMove for LoaMove {
    fn pack(self) -> u32 {
        match self {
            LoaMove::Pass => 0,
            LoaMove::Step { from, to, capture } if from.stride() == MAX_SIZE => {
                1 + (1 << 13) + (from.index() as u32 | (to.index() as u32) << 7 | u32::from(capture) << 14)
            }
            LoaMove::Step { from, to, capture } => {
                1 + (from.index() as u32 | (to.index() as u32) << 6 | u32::from(capture) << 12)
            }
        }
    }

    fn unpack(code: u32) -> Option<Self> {
        let Some(fields) = code.checked_sub(1) else { return Some(LoaMove::Pass) };
        if let Some(wide) = fields.checked_sub(1 << 13) {
            if wide >= 1 << 15 {
                return None;
            }
            let square = |bits: u32| Square::on(MAX_SIZE, bits as usize % MAX_SIZE, bits as usize / MAX_SIZE);
            let (from, to) = (wide & 127, wide >> 7 & 127);
            if from >= 81 || to >= 81 {
                return None;
            }
            return Some(LoaMove::Step { from: square(from)?, to: square(to)?, capture: wide >> 14 == 1 });
        }
        let square = |bits: u32| Square::new(bits as usize % 8, bits as usize / 8);
        Some(LoaMove::Step { from: square(fields & 63)?, to: square(fields >> 6 & 63)?, capture: fields >> 12 == 1 })
    }
}

impl Board for Loa {
    fn cell_count(options: &LoaOptions) -> usize {
        options.size() * options.size()
    }

    fn piece(&self, cell: CellId) -> Option<Piece> {
        square(cell, self.size()).and_then(|s| self.piece_at(s)).map(Piece::stone)
    }

    fn turned(&self) -> Self {
        let mut turned = self.clone();
        turned.to_move = self.to_move.opponent();
        turned.hash = turned.hash_from_scratch();
        turned.history = vec![turned.hash];
        turned
    }

    fn shape(options: &LoaOptions, mv: LoaMove) -> MoveShape {
        match mv {
            LoaMove::Step { from, to, capture } => {
                MoveShape::step(cell(from, options.size()), cell(to, options.size()), capture)
            }
            LoaMove::Pass => MoveShape::PASS,
        }
    }

    fn why_illegal(&self, from: Option<CellId>, to: Option<CellId>, _: Option<u8>) -> Illegal {
        let me = self.to_move();
        let size = self.size();
        let (Some(from), Some(to)) = (from.and_then(|c| square(c, size)), to.and_then(|c| square(c, size))) else {
            return if from.is_none() && to.is_none() { Illegal::PassNotAllowed } else { Illegal::Unknown };
        };
        if self.piece_at(from) != Some(me) {
            return Illegal::NoPiece;
        }
        if self.piece_at(to) == Some(me) {
            return Illegal::OwnPiece;
        }
        let (df, dr) = (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32);
        let line = match (df, dr) {
            (0, 0) => return Illegal::Unknown,
            (_, 0) => Line::Row,
            (0, _) => Line::Column,
            _ if df.abs() == dr.abs() => Line::Diagonal,
            _ => return Illegal::NotInLine,
        };
        let (sf, sr) = (df.signum(), dr.signum());
        let at = |k: i32| {
            let (f, r) = (from.file() as i32 + k * sf, from.rank() as i32 + k * sr);
            self.square(usize::try_from(f).ok()?, usize::try_from(r).ok()?)
        };
        let pieces = (-8..=8).filter_map(at).filter(|&s| self.piece_at(s).is_some()).count() as u8;
        let distance = df.abs().max(dr.abs());
        if distance != i32::from(pieces) {
            return Illegal::Distance { line, pieces };
        }
        if (1..distance).filter_map(at).any(|s| self.piece_at(s) == Some(me.opponent())) {
            return Illegal::JumpsEnemy;
        }
        Illegal::Unknown
    }

    /// Once the game has ended by connection, the connected side's pieces
    /// (both sides' on a simultaneous connection).
    fn winning_cells(&self) -> Vec<CellId> {
        let Some(outcome) = self.outcome() else { return Vec::new() };
        if !matches!(outcome.reason(), EndReason::Connected | EndReason::SimultaneousConnection) {
            return Vec::new();
        }
        let bits = match outcome.winner() {
            Some(winner) => self.pieces(winner),
            None => self.pieces(Player::Black) | self.pieces(Player::White),
        };
        let size = self.size();
        (0..128).filter(|i| bits & (1u128 << i) != 0).map(|i| cell(self.square_of(i), size)).collect()
    }
}
