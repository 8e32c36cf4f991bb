//! View adapters: positions from the `rules` crate turned into the plain data
//! the board components draw. No rules are decided here.

use rules::Player;

/// What a board component needs to draw a square board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareBoardView {
    /// Cells per side.
    pub size: usize,
    /// Whether the board alternates light and dark squares.
    pub checkered: bool,
    /// Every cell, in `rank * size + file` order.
    pub cells: Vec<CellView>,
}

/// One cell of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellView {
    /// The coordinate, e.g. `b1`.
    pub name: String,
    /// Zero-based column (0 = `a`).
    pub file: usize,
    /// Zero-based row (0 = `1`, the bottom row).
    pub rank: usize,
    /// The stone on the cell, if any.
    pub stone: Option<Player>,
    /// The accessible name, e.g. `b1, black stone`.
    pub label: String,
}

impl CellView {
    /// A cell of a square board, labelled by what stands on it.
    #[must_use]
    pub fn square(file: usize, rank: usize, stone: Option<Player>) -> CellView {
        let name = rules::notation::cell_name(file, rank);
        let label = match stone {
            Some(player) => format!("{name}, {} stone", player.name()),
            None => format!("{name}, empty"),
        };
        CellView { name, file, rank, stone, label }
    }
}

pub mod loa;
