//! View adapters: positions from the `rules` crate turned into the plain data
//! the board component draws, and clicks turned into moves. No rules are
//! decided here: legal moves come from the rules crate, already taken apart.

pub mod animation;
pub mod export;
pub mod geometry;
pub mod info;
pub mod interaction;
mod labels;

pub use geometry::{CELL, Geometry};
pub use interaction::{Click, Selection, click};

use rules::{AnyGame, GameKind, Player};

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Whose.
    pub owner: Player,
    /// How many stones (RA stacks: 1–3; other games: 1).
    pub height: u8,
}

/// One cell as the board draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    /// The coordinate, e.g. `b1`.
    pub name: String,
    /// The centre, in SVG units (before flipping).
    pub x: f64,
    /// The centre, in SVG units (before flipping).
    pub y: f64,
    /// What stands on it.
    pub piece: Option<Piece>,
    /// RA: whose RA cell this is.
    pub ra: Option<Player>,
    /// The accessible name, e.g. `e4, white stone` or `d4, black RA cell, empty`.
    pub label: String,
    /// Whether the square is dark (checkered boards).
    pub dark: bool,
}

/// The whole board, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// Square or hexagonal cells, and the drawing's size.
    pub geometry: Geometry,
    /// Every cell.
    pub cells: Vec<CellView>,
    /// Coordinates along the edges: (x, y, text).
    pub coords: Vec<(f64, f64, String)>,
}

/// The board view of `game`.
#[must_use]
pub fn board_view(game: &AnyGame) -> BoardView {
    let geometry = Geometry::of(game);
    let stacks = game.kind() == GameKind::Ra;
    let cells = geometry
        .cells()
        .into_iter()
        .map(|(name, x, y, dark)| {
            let piece = labels::piece_at(game, &name);
            let ra = labels::ra_owner(game, &name);
            let label = labels::cell_label(&name, piece, ra, stacks);
            CellView { name, x, y, piece, ra, label, dark }
        })
        .collect();
    let coords = geometry.coords();
    BoardView { geometry, cells, coords }
}

/// A short name for the pieces of `kind`: stones, pieces or stacks.
#[must_use]
pub fn piece_word(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Loa => "pieces",
        GameKind::Ra => "stacks",
        GameKind::Attract | GameKind::Forms => "stones",
    }
}

pub use labels::{outcome_text, status_text};

/// The cells of the move that led to the position at the cursor: its start
/// (if it has one) and its end.
#[must_use]
pub fn last_move_cells(history: &crate::session::history::History) -> Vec<String> {
    let Some(prev) = history.cursor().checked_sub(1) else { return Vec::new() };
    let mv = &history.moves()[prev];
    history
        .position_at(prev)
        .legal_move_parts()
        .into_iter()
        .find(|m| &m.text == mv)
        .map(|m| m.from.into_iter().chain(m.to).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    fn view(spec: &str) -> BoardView {
        board_view(&spec.parse::<GameSpec>().unwrap().start())
    }

    #[test]
    fn loa_start_view() {
        let v = view("loa");
        assert_eq!(v.cells.len(), 64);
        let stones = |p: Player| v.cells.iter().filter(|c| c.piece.is_some_and(|x| x.owner == p)).count();
        assert_eq!((stones(Player::Black), stones(Player::White)), (12, 12));
        let label = |name: &str| v.cells.iter().find(|c| c.name == name).unwrap().label.clone();
        assert_eq!(label("b1"), "b1, black stone");
        assert_eq!(label("a1"), "a1, empty");
        assert_eq!(label("a2"), "a2, white stone");
    }

    #[test]
    fn ra_start_view() {
        let v = view("ra");
        assert_eq!(v.cells.len(), 127);
        let label = |name: &str| v.cells.iter().find(|c| c.name == name).unwrap().label.clone();
        assert_eq!(label("d4"), "d4, black RA cell, empty");
        assert_eq!(label("j10"), "j10, white RA cell, empty");
        assert_eq!(label("c5"), "c5, black stack of 3");
        assert_eq!(label("g7"), "g7, empty");
        // Every cell has its own place.
        let mut points: Vec<(i64, i64)> = v.cells.iter().map(|c| (c.x.round() as i64, c.y.round() as i64)).collect();
        points.sort_unstable();
        points.dedup();
        assert_eq!(points.len(), 127);
    }

    #[test]
    fn sizes() {
        assert_eq!(view("attract:size=20").cells.len(), 400);
        assert_eq!(view("forms:size=4").cells.len(), 16);
        assert_eq!(view("forms").cells.iter().filter(|c| c.piece.is_some()).count(), 324);
    }
}
