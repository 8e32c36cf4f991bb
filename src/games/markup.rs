//! The board's drawing as SVG markup: cells (in rows, with their names and
//! grid roles), coordinates, pieces, marks and fading pieces. The board
//! component writes these strings into its layers in one step each instead
//! of building hundreds of nodes one call at a time, which keeps opening an
//! 18×18 board and playing on it within a frame.
//!
//! Everything here is made from numbers and the game's own cell names
//! (letters and digits); no text from a link, a record or a player is ever
//! written into markup.

use std::fmt::Write as _;

use rules::{CellId, Piece};

use super::geometry::{cell_outline, px};
use super::{Geometry, Layout};

/// Escapes text for markup (HTML or XML), in content and in quoted attributes.
#[must_use]
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// How a target cell is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// An ordinary destination.
    Move,
    /// A capture.
    Capture,
    /// A move that ends the match (RA).
    MatchEnd,
}

/// Everything drawn over the cells besides the pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The selected piece's cell.
    pub selected: Option<CellId>,
    /// Where the selected piece can go.
    pub targets: Vec<(CellId, TargetKind)>,
    /// The last move's cells.
    pub last: Vec<CellId>,
    /// The cells of a move queued while the computer thinks.
    pub premove: Vec<CellId>,
    /// Highlighted pieces: Attract's winning pieces, the winner's group.
    pub highlight: Vec<CellId>,
    /// A suggested move: (from, to).
    pub hint: Option<(Option<CellId>, CellId)>,
    /// The keyboard focus.
    pub focus: Option<CellId>,
}

/// The cells. With `labels` (the accessible name of every cell, by number),
/// for a board people play on: rows (`role="row"`) of grid cells, each with
/// its element id for the keyboard focus and its name. Without, for a
/// picture of a position: plain shapes. Every cell carries its number
/// (`data-i`) and its name (`data-cell`).
#[must_use]
pub fn cells(layout: &Layout, labels: Option<&[String]>) -> String {
    let mut out = String::with_capacity(layout.cells.len() * 200);
    for row in layout.geometry.rows() {
        if labels.is_some() {
            out.push_str("<g role=\"row\">");
        }
        for cell in row {
            let i = cell.index();
            let Some(c) = layout.cells.get(i) else { continue };
            let mut class = String::from("cell-shape");
            if c.dark {
                class.push_str(" dark");
            }
            if let Some(owner) = c.ra {
                let _ = write!(class, " ra ra-{}", owner.name());
            }
            let d = cell_outline(&layout.geometry, c.x, c.y);
            let name = &c.name;
            let mut about = format!("data-i=\"{i}\" data-cell=\"{name}\"");
            if let Some(labels) = labels {
                let label = labels.get(i).map_or("", String::as_str);
                let _ = write!(about, " id=\"cell-{name}\" role=\"gridcell\" aria-label=\"{label}\"");
            }
            if c.ra.is_some() {
                // The RA cells carry their name as a label: a group of the shape and the word.
                let _ = write!(
                    out,
                    "<g class=\"cell\" {about}><path class=\"{class}\" d=\"{d}\"></path>\
                     <text class=\"ra-glyph\" x=\"{}\" y=\"{}\" aria-hidden=\"true\">RA</text></g>",
                    px(c.x),
                    px(c.y + 12.0)
                );
            } else {
                let _ = write!(out, "<path class=\"cell {class}\" {about} d=\"{d}\"></path>");
            }
        }
        if labels.is_some() {
            out.push_str("</g>");
        }
    }
    out
}

/// The frame and the coordinates along its edges, placed for the board's
/// orientation (the coordinates stay upright).
#[must_use]
pub fn frame(layout: &Layout, flipped: bool) -> String {
    let (w, h) = layout.geometry.size();
    let class = if matches!(layout.geometry, Geometry::Hex) { "frame hex-frame" } else { "frame" };
    let mut out =
        format!("<rect class=\"{class}\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" rx=\"18\"></rect>", px(w), px(h));
    for (x, y, text) in &layout.coords {
        let (x, y) = if flipped { (w - x, h - y) } else { (*x, *y) };
        let _ = write!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" aria-hidden=\"true\">{text}</text>",
            px(x),
            px(y + 9.0)
        );
    }
    out
}

/// One piece on `cell` (`data-piece` is its cell's number): a stone, or an RA
/// stack of discs with its height on top. `class` adds `slide`, `appear` or `ghost`.
#[must_use]
pub fn piece(layout: &Layout, cell: CellId, piece: Piece, class: &str) -> String {
    let Some(c) = layout.place(cell) else { return String::new() };
    let (x, y, i) = (px(c.x), px(c.y), cell.index());
    let colour = piece.owner.name();
    if !matches!(layout.geometry, Geometry::Hex) {
        return format!(
            "<circle class=\"piece stone {colour} {class}\" data-piece=\"{i}\" cx=\"{x}\" cy=\"{y}\" r=\"38\"></circle>"
        );
    }
    let mut out = format!("<g class=\"piece {class}\" data-piece=\"{i}\">");
    // Discs 9 units apart, the stack centred on the cell (in half units: no fractions).
    let height = i64::from(piece.height);
    for k in 0..height {
        let dy2 = -k * 18 + (height - 1) * 9;
        let _ = write!(
            out,
            "<ellipse class=\"disc {colour}\" cx=\"{x}\" cy=\"{}\" rx=\"34\" ry=\"27\"></ellipse>",
            y + dy2 / 2
        );
    }
    let top = y - (height - 1) * 9 / 2;
    let _ = write!(out, "<text class=\"height {colour}\" x=\"{x}\" y=\"{}\">{}</text></g>", top + 10, piece.height);
    out
}

/// Every piece of `pieces` (by cell number), none animated.
#[must_use]
pub fn pieces(layout: &Layout, pieces: &[Option<Piece>]) -> String {
    pieces.iter().enumerate().filter_map(|(i, p)| p.map(|p| piece(layout, CellId::new(i), p, ""))).collect()
}

/// The marks: last move, highlights, selection, targets (each with
/// `data-target` naming its cell), keyboard focus and the hint arrow.
#[must_use]
pub fn marks(layout: &Layout, m: &Marks) -> String {
    let mut out = String::new();
    let at = |cell: CellId| layout.place(cell).map(|c| (px(c.x), px(c.y)));
    let shape = |out: &mut String, cell: CellId, class: &str| {
        if let Some(c) = layout.place(cell) {
            let _ = write!(out, "<path class=\"{class}\" d=\"{}\"></path>", cell_outline(&layout.geometry, c.x, c.y));
        }
    };
    for &cell in &m.last {
        shape(&mut out, cell, "mark last");
    }
    for &cell in &m.premove {
        shape(&mut out, cell, "mark premove");
    }
    for (x, y) in m.highlight.iter().filter_map(|&c| at(c)) {
        let _ = write!(out, "<circle class=\"mark highlight\" cx=\"{x}\" cy=\"{y}\" r=\"45\"></circle>");
    }
    if let Some(cell) = m.selected {
        shape(&mut out, cell, "mark selected");
    }
    for &(cell, kind) in &m.targets {
        let (Some((x, y)), Some(c)) = (at(cell), layout.place(cell)) else { continue };
        let name = &c.name;
        let _ = match kind {
            TargetKind::Move => write!(
                out,
                "<circle class=\"mark target\" data-target=\"{name}\" cx=\"{x}\" cy=\"{y}\" r=\"15\"></circle>"
            ),
            TargetKind::Capture => write!(
                out,
                "<circle class=\"mark target capture\" data-target=\"{name}\" cx=\"{x}\" cy=\"{y}\" r=\"42\"></circle>"
            ),
            TargetKind::MatchEnd => write!(
                out,
                "<g class=\"mark target match-end\" data-target=\"{name}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"42\"></circle>\
                 <path d=\"M{x} {}l8 16l18 2l-13 12l4 18l-17-9l-17 9l4-18l-13-12l18-2z\"></path></g>",
                y - 26
            ),
        };
    }
    if let Some(cell) = m.focus {
        shape(&mut out, cell, "mark focus");
    }
    if let Some((from, to)) = m.hint
        && let Some((tx, ty)) = at(to)
    {
        let _ = match from.and_then(at) {
            Some((fx, fy)) => write!(
                out,
                "<line class=\"mark hint\" x1=\"{fx}\" y1=\"{fy}\" x2=\"{tx}\" y2=\"{ty}\" marker-end=\"url(#arrow-head)\"></line>"
            ),
            None => write!(out, "<circle class=\"mark hint-ring\" cx=\"{tx}\" cy=\"{ty}\" r=\"40\"></circle>"),
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{GameSpec, Player};

    /// Whether `markup` writes a number with a fractional part.
    fn all_markup_has_fractions(markup: &str) -> bool {
        markup.as_bytes().windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit())
    }

    fn layout(spec: &str) -> Layout {
        Layout::of(&spec.parse::<GameSpec>().unwrap())
    }

    #[test]
    fn cells_come_in_rows_of_grid_cells() {
        let l = layout("loa");
        let labels: Vec<String> = (0..64).map(|i| format!("label {i}")).collect();
        let loa = cells(&l, Some(&labels));
        assert_eq!(loa.matches("role=\"row\"").count(), 8);
        assert_eq!(loa.matches("role=\"gridcell\"").count(), 64);
        assert!(loa.contains("data-i=\"1\" data-cell=\"b1\" id=\"cell-b1\" role=\"gridcell\" aria-label=\"label 1\""));
        // The top row first, read left to right.
        let a8 = loa.find("data-cell=\"a8\"").unwrap();
        assert!(a8 < loa.find("data-cell=\"b8\"").unwrap() && a8 < loa.find("data-cell=\"a7\"").unwrap());
        let ra = cells(&layout("ra"), Some(&[]));
        assert_eq!(ra.matches("role=\"row\"").count(), 13);
        assert_eq!(ra.matches("role=\"gridcell\"").count(), 127);
        assert_eq!(ra.matches(">RA</text>").count(), 2);
        assert!(ra.contains("data-i=\"126\" data-cell=\"m13\" id=\"cell-m13\""));
        assert!(!all_markup_has_fractions(&ra), "hexagons in whole units");
        // A picture of a position: no grid, no ids (a page may show several).
        let still = cells(&l, None);
        assert!(!still.contains("role=") && !still.contains(" id=") && !still.contains("aria-label"));
        assert_eq!(still.matches("data-cell=").count(), 64);
    }

    #[test]
    fn coordinates_stay_readable_when_flipped() {
        let l = layout("loa");
        let (plain, flipped) = (frame(&l, false), frame(&l, true));
        assert_eq!(plain.matches("class=\"coord\"").count(), 32);
        assert_ne!(plain, flipped);
        assert_eq!(flipped.matches("class=\"coord\"").count(), 32);
    }

    #[test]
    fn pieces_and_stacks() {
        let l = layout("ra");
        let c5 = l.spec.cell_named("c5").unwrap();
        let stack = piece(&l, c5, Piece { owner: Player::Black, height: 3 }, "slide");
        assert_eq!(stack.matches("<ellipse").count(), 3);
        assert!(stack.starts_with("<g class=\"piece slide\" data-piece=\""));
        assert!(stack.contains(">3</text>"));
        let l = layout("loa");
        let b1 = l.spec.cell_named("b1").unwrap();
        let stone = piece(&l, b1, Piece { owner: Player::White, height: 1 }, "");
        assert_eq!(
            stone,
            "<circle class=\"piece stone white \" data-piece=\"1\" cx=\"196\" cy=\"796\" r=\"38\"></circle>"
        );
        let all = pieces(&l, &crate::games::pieces(&l.spec.start()));
        assert_eq!(all.matches("<circle").count(), 24);
        assert!(!all_markup_has_fractions(&all), "coordinates are whole units");
    }

    #[test]
    fn marks_name_their_targets() {
        let l = layout("loa");
        let cell = |n: &str| l.spec.cell_named(n).unwrap();
        let m = Marks {
            selected: Some(cell("c1")),
            targets: vec![(cell("a3"), TargetKind::Capture), (cell("c3"), TargetKind::Move)],
            last: vec![cell("b1"), cell("b3")],
            hint: Some((Some(cell("c1")), cell("a3"))),
            ..Marks::default()
        };
        let out = marks(&l, &m);
        assert!(out.contains("data-target=\"a3\"") && out.contains("data-target=\"c3\""));
        assert_eq!(out.matches("mark last").count(), 2);
        assert_eq!(out.matches("mark selected").count(), 1);
        assert_eq!(out.matches("marker-end").count(), 1);
        assert!(marks(&l, &Marks::default()).is_empty());
    }
}
