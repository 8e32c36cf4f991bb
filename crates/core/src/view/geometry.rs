//! Where each cell is drawn: square grids and the RA hexagon, in SVG units.

use rules::ra::HexCell;
use rules::{CellId, GameSpec};

/// The side of a square cell, and the width of a hexagon, in SVG units.
pub const CELL: f64 = 100.0;
/// Room around the board for the coordinates.
const MARGIN: f64 = 46.0;
/// More room on the hexagon's left and right, for its longer labels (`m13`).
const HEX_SIDE_ROOM: f64 = 56.0;
/// The hexagon's label size, in the drawing's units (10 CSS pixels on a
/// 370-pixel phone board).
const HEX_COORD: f64 = 40.0;

/// The shape of a board and the size of its drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Geometry {
    /// An N×N board of squares.
    Square {
        /// Cells per side.
        size: usize,
        /// Whether the squares alternate light and dark.
        checkered: bool,
    },
    /// The RA hexagon of 127 cells in 13 rows.
    Hex,
}

/// The circumradius of an RA hexagon (pointy top), from its width.
pub const HEX_RADIUS: f64 = CELL / 1.732_050_807_568_877_2;

impl Geometry {
    /// The geometry of the board of `spec`.
    #[must_use]
    pub fn of(spec: &GameSpec) -> Geometry {
        match *spec {
            GameSpec::Attract(o) => Geometry::Square { size: usize::from(o.size), checkered: false },
            GameSpec::Forms(o) => Geometry::Square { size: usize::from(o.size), checkered: false },
            GameSpec::Loa(o) => Geometry::Square { size: o.size(), checkered: true },
            GameSpec::Ra(_) => Geometry::Hex,
        }
    }

    /// The drawing's width and height.
    #[must_use]
    pub fn size(&self) -> (f64, f64) {
        match *self {
            Geometry::Square { size, .. } => {
                let side = size as f64 * CELL + 2.0 * MARGIN;
                (side, side)
            }
            Geometry::Hex => (
                13.0 * CELL + 2.0 * MARGIN + 40.0 + 2.0 * HEX_SIDE_ROOM,
                12.0 * 1.5 * HEX_RADIUS + 2.0 * HEX_RADIUS + 2.0 * MARGIN,
            ),
        }
    }

    /// The coordinates' font size, in the drawing's units: 26, and on the
    /// largest square boards enough for 11 CSS pixels on a 650-pixel board.
    #[must_use]
    pub fn coord_size(&self) -> f64 {
        match self {
            Geometry::Square { .. } => (self.size().0 / 650.0 * 11.0).ceil().max(26.0),
            // The hexagon's labels name two cells each and sit beside the
            // row's ends: larger, to stay readable on a phone.
            Geometry::Hex => HEX_COORD,
        }
    }

    /// The cells in rows as the eye reads them: the top row first, each left to right.
    #[must_use]
    pub fn rows(&self) -> Vec<Vec<CellId>> {
        match *self {
            Geometry::Square { size, .. } => {
                (0..size).rev().map(|rank| (0..size).map(|file| CellId::new(rank * size + file)).collect()).collect()
            }
            Geometry::Hex => {
                (1..=13).rev().map(|row| row_cells(row).into_iter().map(|c| CellId::new(c.index())).collect()).collect()
            }
        }
    }

    /// Every cell in number order (see [`CellId`]) as (cell, centre x,
    /// centre y, dark square).
    #[must_use]
    pub fn cells(&self) -> Vec<(CellId, f64, f64, bool)> {
        match *self {
            Geometry::Square { size, checkered } => (0..size * size)
                .map(|i| {
                    let (file, rank) = (i % size, i / size);
                    let x = MARGIN + (file as f64 + 0.5) * CELL;
                    let y = MARGIN + ((size - 1 - rank) as f64 + 0.5) * CELL;
                    (CellId::new(i), x, y, checkered && (file + rank).is_multiple_of(2))
                })
                .collect(),
            Geometry::Hex => HexCell::all()
                .map(|cell| {
                    let (x, y) = hex_centre(cell);
                    (CellId::new(cell.index()), x, y, false)
                })
                .collect(),
        }
    }

    /// Coordinates along the edges: (x, y, text).
    #[must_use]
    pub fn coords(&self) -> Vec<(f64, f64, String)> {
        match *self {
            Geometry::Square { size, .. } => {
                let side = size as f64 * CELL + 2.0 * MARGIN;
                let mut out = Vec::new();
                for i in 0..size {
                    let centre = MARGIN + (i as f64 + 0.5) * CELL;
                    let letter = char::from(b'a' + i as u8).to_string();
                    out.push((centre, side - MARGIN / 2.0, letter.clone()));
                    out.push((centre, MARGIN / 2.0, letter));
                    let number = (size - i).to_string();
                    out.push((MARGIN / 2.0, centre, number.clone()));
                    out.push((side - MARGIN / 2.0, centre, number));
                }
                out
            }
            Geometry::Hex => {
                // Each row is named by its first and last cells, beyond its ends.
                let mut out = Vec::new();
                for row in 1..=13i32 {
                    let cells: Vec<HexCell> = row_cells(row);
                    if let (Some(first), Some(last)) = (cells.first(), cells.last()) {
                        let (x0, y) = hex_centre(*first);
                        let (x1, _) = hex_centre(*last);
                        // Centred clear of the row's end cell, however long the name.
                        let clear = |name: &str| CELL * 0.5 + 4.0 + 0.41 * HEX_COORD * name.len() as f64;
                        let (first, last) = (first.to_string(), last.to_string());
                        out.push((x0 - clear(&first), y, first));
                        out.push((x1 + clear(&last), y, last));
                    }
                }
                out
            }
        }
    }
}

/// The cells of visual row `row` (1 = bottom), left to right.
pub(crate) fn row_cells(row: i32) -> Vec<HexCell> {
    (1..=13i32).filter_map(|l| usize::try_from(row - 7 + l).ok().and_then(|n| HexCell::new(l as usize, n))).collect()
}

/// The centre of an RA cell. Rows are horizontal: row R = N − L + 7, counted
/// from the bottom. Along a row both L and N grow by one per step to the right,
/// so L + N places a cell across the board in half-cell steps.
pub fn hex_centre(cell: HexCell) -> (f64, f64) {
    let (l, n) = (cell.letter() as f64, cell.number() as f64);
    let row = n - l + 7.0;
    let x = MARGIN + 20.0 + HEX_SIDE_ROOM + CELL * 0.5 + (l + n - 2.0) * CELL * 0.5;
    let y = MARGIN + HEX_RADIUS + (13.0 - row) * 1.5 * HEX_RADIUS;
    (x, y)
}

/// A coordinate as written into SVG: rounded to a whole unit (a cell is 100
/// units wide, so the rounding cannot be seen). Whole numbers also keep the
/// floating-point formatter, kilobytes of code, out of the app.
#[must_use]
pub fn px(v: f64) -> i64 {
    v.round() as i64
}

/// The SVG path of a cell's outline, centred on (x, y).
#[must_use]
pub fn cell_outline(geometry: &Geometry, x: f64, y: f64) -> String {
    let cell = px(CELL);
    match geometry {
        Geometry::Square { .. } => format!("M{} {}h{cell}v{cell}h-{cell}z", px(x - CELL / 2.0), px(y - CELL / 2.0)),
        Geometry::Hex => {
            let (r, w) = (HEX_RADIUS, CELL / 2.0);
            let (x0, x1, x2) = (px(x - w), px(x), px(x + w));
            let (y0, y1, y2, y3) = (px(y - r), px(y - r / 2.0), px(y + r / 2.0), px(y + r));
            format!("M{x1} {y0}L{x2} {y1}L{x2} {y2}L{x1} {y3}L{x0} {y2}L{x0} {y1}z")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_grow_on_the_largest_boards_only() {
        let square = |size| Geometry::Square { size, checkered: false };
        assert_eq!(square(8).coord_size(), 26.0);
        assert_eq!(square(12).coord_size(), 26.0);
        // 11 CSS pixels on a 650-pixel board: 1892 units across, 33 units.
        assert_eq!(square(18).coord_size(), 33.0);
        assert!(square(20).coord_size() * 650.0 / square(20).size().0 >= 11.0);
        assert_eq!(Geometry::Hex.coord_size(), 40.0);
    }

    #[test]
    fn the_hexagon_labels_stay_inside_the_frame_and_clear_of_the_cells() {
        let hex = Geometry::Hex;
        let (width, _) = hex.size();
        let font = hex.coord_size();
        for (x, _, name) in hex.coords() {
            // Bold digits and letters are at most about 0.82 of the font size wide (`m`).
            let half = 0.41 * font * name.len() as f64;
            assert!(x - half >= 8.0 && x + half <= width - 8.0, "{name} at {x} leaves the frame");
        }
    }
}
