//! View adapters: a game's board laid out for drawing, positions turned into
//! the pieces on each cell, moves into animations, and outcomes into words.
//! No rules are decided here: everything comes from the rules crate.

pub mod animation;
pub mod geometry;
pub mod info;
mod labels;
pub mod options;
pub mod rules_text;

pub use geometry::{CELL, Geometry};
pub use labels::{cell_label, outcome_text, player_name, short_status, status_text};

use rules::{AnyGame, CellId, GameKind, GameSpec, Piece, Player};

use crate::t;

/// Where a cell is drawn, and what it is called.
#[derive(Clone, Debug, PartialEq)]
pub struct CellPlace {
    /// Which cell.
    pub id: CellId,
    /// Its name, e.g. `b1`: for display and for the page's `data-cell`.
    pub name: String,
    /// The centre, in SVG units (before flipping).
    pub x: f64,
    /// The centre, in SVG units (before flipping).
    pub y: f64,
    /// Whether the square is dark (checkered boards).
    pub dark: bool,
    /// RA: whose RA cell this is.
    pub ra: Option<Player>,
    /// Lines of Action's Black Hole: the centre square no piece stays on.
    pub hole: bool,
}

/// A game's board laid out for drawing: the same for every position of a
/// game spec, so it is made once per game, not once per move.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The game and its options.
    pub spec: GameSpec,
    /// Square or hexagonal cells, and the drawing's size.
    pub geometry: Geometry,
    /// Every cell, in number order: `cells[id.index()]` is the cell `id`.
    pub cells: Vec<CellPlace>,
    /// Coordinates along the edges: (x, y, text).
    pub coords: Vec<(f64, f64, String)>,
}

impl Layout {
    /// The layout of the board of `spec`.
    #[must_use]
    pub fn of(spec: &GameSpec) -> Layout {
        let geometry = Geometry::of(spec);
        let start = spec.start();
        let hole = spec.hole_cell();
        let cells = geometry
            .cells()
            .into_iter()
            .map(|(id, x, y, dark)| CellPlace {
                id,
                name: spec.cell_name(id).unwrap_or_default(),
                x,
                y,
                dark,
                ra: start.ra_cell_owner(id),
                hole: hole == Some(id),
            })
            .collect();
        Layout { spec: *spec, geometry, cells, coords: geometry.coords() }
    }

    /// The same board seen from the other side: every place turned round
    /// the centre, the coordinates with it (for drawings that cannot turn).
    #[must_use]
    pub fn turned(&self) -> Layout {
        let (w, h) = self.geometry.size();
        let mut turned = self.clone();
        for c in &mut turned.cells {
            (c.x, c.y) = (w - c.x, h - c.y);
        }
        for (x, y, _) in &mut turned.coords {
            (*x, *y) = (w - *x, h - *y);
        }
        turned
    }

    /// Where `cell` is drawn.
    #[must_use]
    pub fn place(&self, cell: CellId) -> Option<&CellPlace> {
        self.cells.get(cell.index())
    }

    /// Whether the game's pieces are stacks (RA), named with their height.
    #[must_use]
    pub fn stacks(&self) -> bool {
        self.spec.kind() == GameKind::Ra
    }

    /// The accessible name of `cell` holding `piece`, e.g. `b1, black stone`.
    #[must_use]
    pub fn label(&self, cell: CellId, piece: Option<Piece>) -> String {
        self.place(cell).map_or_else(String::new, |c| cell_label(&c.name, piece, c.ra, c.hole, self.stacks()))
    }
}

/// What stands on every cell of `game`, indexed by cell number.
#[must_use]
pub fn pieces(game: &AnyGame) -> Vec<Option<Piece>> {
    game.spec().cells().map(|c| game.piece_at(c)).collect()
}

/// A short name for the pieces of `kind`: stones, pieces or stacks.
#[must_use]
pub fn piece_word(kind: GameKind) -> String {
    match kind {
        GameKind::Loa => t!("pieces"),
        GameKind::Ra => t!("stacks"),
        GameKind::Attract | GameKind::Forms => t!("stones"),
    }
}

#[cfg(test)]
mod tests;
