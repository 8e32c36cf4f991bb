//! Attract (Jaroslaw Cichocki, 2005). See `docs/rules/attract.md`.
//!
//! Players place a stone on any empty cell; then, along each of the four
//! orthogonal rays from it, nearest first, every stone with an empty cell
//! between it and the placed stone steps one cell toward it. A stone with
//! enemy stones on all four diagonal neighbours is a winning piece; after every
//! move, the side with more winning pieces wins, whoever moved.

mod shared;

use std::fmt;

use crate::error::{Expected, MoveError, PositionError};
use crate::game::Game;
use crate::illegal::Illegal;
use crate::impossible::Impossible;
use crate::notation::{Cell, format_square_text, parse_square_text, read_cell, square_diagram};
use crate::options::{OptionError, OptionInfo, RuleOptions, choose, unknown_key};
use crate::outcome::{EndReason, Outcome};
use crate::player::{ByPlayer, Player};
use crate::{symmetry, zobrist};

/// The largest board side.
pub const MAX_SIZE: usize = 20;
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The board sizes Attract is played on.
const SIZES: [&str; 8] = ["6", "8", "10", "12", "14", "16", "18", "20"];

const SIZE_OPTION: OptionInfo = OptionInfo {
    key: "size",
    values: &SIZES,
    default: "8",
    help: "the board is size×size: 8 to learn, 12 the usual game, larger for experts",
};

/// The rule options of Attract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttractOptions {
    /// Cells per side: even, 6 to 20.
    pub size: u8,
}

impl Default for AttractOptions {
    fn default() -> Self {
        AttractOptions { size: 8 }
    }
}

impl RuleOptions for AttractOptions {
    const INFO: &'static [OptionInfo] = &[SIZE_OPTION];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "size" => {
                choose(&SIZE_OPTION, value)?;
                self.size = value.parse().unwrap_or(8);
                Ok(())
            }
            _ => Err(unknown_key(Self::INFO, key)),
        }
    }

    fn get(&self, key: &str) -> Option<String> {
        (key == "size").then(|| self.size.to_string())
    }
}

/// An Attract move: the cell where the stone is placed, written like `e2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AttractMove(pub Cell);

impl fmt::Display for AttractMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

const SEED: u64 = 0x4154_5452;
const SIDE_KEY: u64 = zobrist::key(SEED, 2 * MAX_CELLS);

fn stone_key(player: Player, index: usize) -> u64 {
    zobrist::key(SEED, player.index() * MAX_CELLS + index)
}

/// An Attract position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attract {
    options: AttractOptions,
    /// Cell contents, `rank * size + file`; only the first size² entries are used.
    cells: [Option<Player>; MAX_CELLS],
    stones: usize,
    to_move: Player,
    winning: ByPlayer<u16>,
    outcome: Option<Outcome>,
    hash: u64,
}

impl Attract {
    /// Cells per side.
    #[must_use]
    pub fn size(&self) -> usize {
        self.options.size as usize
    }

    /// What stands on `cell`.
    #[must_use]
    pub fn stone_at(&self, cell: Cell) -> Option<Player> {
        self.cells[cell.index(self.size())]
    }

    /// The number of winning pieces of each player.
    #[must_use]
    pub fn winning_counts(&self) -> ByPlayer<u16> {
        self.winning
    }

    /// Whether the stone on `cell` is a winning piece: not on the edge, with
    /// enemy stones on all four diagonal neighbours.
    #[must_use]
    pub fn is_winning_piece(&self, cell: Cell) -> bool {
        let n = self.size();
        let (f, r) = (cell.file as usize, cell.rank as usize);
        let Some(player) = self.cells[r * n + f] else {
            return false;
        };
        if f == 0 || r == 0 || f + 1 == n || r + 1 == n {
            return false;
        }
        let enemy = Some(player.opponent());
        [(f - 1, r - 1), (f + 1, r - 1), (f - 1, r + 1), (f + 1, r + 1)]
            .into_iter()
            .all(|(df, dr)| self.cells[dr * n + df] == enemy)
    }

    /// Every winning piece on the board.
    #[must_use]
    pub fn winning_pieces(&self) -> Vec<Cell> {
        let n = self.size();
        (0..n * n).map(|i| Cell::from_index(i, n)).filter(|&c| self.is_winning_piece(c)).collect()
    }

    fn count_winning(&self) -> ByPlayer<u16> {
        let n = self.size();
        let mut counts = ByPlayer::default();
        for r in 1..n - 1 {
            for f in 1..n - 1 {
                let Some(player) = self.cells[r * n + f] else {
                    continue;
                };
                let enemy = Some(player.opponent());
                if self.cells[(r - 1) * n + f - 1] == enemy
                    && self.cells[(r - 1) * n + f + 1] == enemy
                    && self.cells[(r + 1) * n + f - 1] == enemy
                    && self.cells[(r + 1) * n + f + 1] == enemy
                {
                    counts[player] += 1;
                }
            }
        }
        counts
    }

    /// Recounts the winning pieces and decides the outcome.
    fn settle(&mut self) {
        self.winning = self.count_winning();
        let (black, white) = (self.winning.black, self.winning.white);
        self.outcome = if black > white {
            Some(Outcome::Win {
                winner: Player::Black,
                reason: EndReason::WinningPieces { winner: black, loser: white },
            })
        } else if white > black {
            Some(Outcome::Win {
                winner: Player::White,
                reason: EndReason::WinningPieces { winner: white, loser: black },
            })
        } else if self.stones == self.size() * self.size() {
            Some(Outcome::Draw { reason: EndReason::BoardFull })
        } else {
            None
        };
    }

    fn empty(options: AttractOptions, to_move: Player) -> Attract {
        Attract {
            options,
            cells: [None; MAX_CELLS],
            stones: 0,
            to_move,
            winning: ByPlayer::default(),
            outcome: None,
            hash: 0,
        }
    }
}

impl Game for Attract {
    const REPEATS: bool = false;

    type Move = AttractMove;
    type Options = AttractOptions;

    fn new(options: AttractOptions) -> Attract {
        // White moves first (docs/rules/attract.md §2).
        Attract::empty(options, Player::White)
    }

    fn options(&self) -> &AttractOptions {
        &self.options
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, moves: &mut Vec<AttractMove>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let n = self.size();
        moves.extend((0..n * n).filter(|&i| self.cells[i].is_none()).map(|i| AttractMove(Cell::from_index(i, n))));
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() { 0 } else { self.size() * self.size() - self.stones }
    }

    fn is_legal(&self, mv: AttractMove) -> bool {
        let n = self.size();
        self.outcome.is_none() && (mv.0.file as usize) < n && (mv.0.rank as usize) < n && self.stone_at(mv.0).is_none()
    }

    fn play_unchecked(&mut self, mv: AttractMove) {
        let n = self.size() as isize;
        let player = self.to_move;
        let (pf, pr) = (mv.0.file as isize, mv.0.rank as isize);
        let placed = (pr * n + pf) as usize;
        self.cells[placed] = Some(player);
        self.hash ^= stone_key(player, placed);
        self.stones += 1;
        // The pull: each ray, nearest cell first; a stone steps toward the
        // placed stone when the cell on that side of it is empty at that moment.
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (mut f, mut r) = (pf + df, pr + dr);
            while f >= 0 && f < n && r >= 0 && r < n {
                let from = (r * n + f) as usize;
                let to = ((r - dr) * n + (f - df)) as usize;
                if let Some(stone) = self.cells[from]
                    && self.cells[to].is_none()
                {
                    self.cells[to] = Some(stone);
                    self.cells[from] = None;
                    self.hash ^= stone_key(stone, from) ^ stone_key(stone, to);
                }
                f += df;
                r += dr;
            }
        }
        self.to_move = player.opponent();
        self.hash ^= SIDE_KEY;
        self.settle();
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let n = self.size();
        let side = if self.to_move == Player::Black { SIDE_KEY } else { 0 };
        (0..n * n).filter_map(|i| self.cells[i].map(|p| stone_key(p, i))).fold(side, |h, k| h ^ k)
    }

    fn symmetric_key(&self) -> u64 {
        let n = self.size();
        if n > symmetry::MAX_SIDE {
            return self.hash;
        }
        let stones = (0..n * n).filter_map(|i| self.cells[i].map(|p| (p, i)));
        symmetry::square_key(n, stones, self.to_move)
    }

    fn parse_move(&self, text: &str) -> Result<AttractMove, MoveError> {
        let cell = read_cell(text, self.size(), Expected::Cell)?;
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if self.stone_at(cell).is_some() {
            return Err(MoveError::Illegal(Illegal::Occupied));
        }
        Ok(AttractMove(cell))
    }

    fn position_text(&self) -> String {
        let n = self.size();
        format_square_text(n, |f, r| self.cells[r * n + f], self.to_move)
    }

    fn from_position_text(options: AttractOptions, text: &str) -> Result<Attract, PositionError> {
        let n = options.size as usize;
        let parsed = parse_square_text(text, n)?;
        parsed.no_extra_fields("Attract")?;
        // Stones never leave the board, every move adds one of the mover's,
        // and White moves first: White has as many stones as Black with White
        // to move, or one more with Black to move.
        let count = |player| parsed.cells.iter().filter(|&&c| c == Some(player)).count();
        let (black, white) = (count(Player::Black), count(Player::White));
        let expected = if white == black { Player::White } else { Player::Black };
        if white != black && white != black + 1 {
            return Err(PositionError::invalid(Impossible::StoneCounts { white, black }));
        }
        if parsed.to_move != expected {
            return Err(PositionError::invalid(Impossible::WrongTurn { white, black, to_move: expected }));
        }
        let mut position = Attract::empty(options, parsed.to_move);
        for (i, cell) in parsed.cells.iter().enumerate() {
            position.cells[i] = *cell;
        }
        position.stones = black + white;
        position.hash = position.hash_from_scratch();
        position.settle();
        Ok(position)
    }

    fn diagram(&self) -> String {
        let n = self.size();
        square_diagram(n, |f, r| self.cells[r * n + f])
    }
}

#[cfg(test)]
mod tests;
