//! The board's layers drawn from markup (`ludoteca_core::markup::board`) and
//! updated by difference: the cells once per game, then each cell's
//! accessible name when its piece or mark changes; a piece only when its
//! cell's content changes (so a move adds and removes only its own pieces,
//! and animates them); the marks and the fading pieces when they change.

use std::sync::Arc;

use leptos::prelude::*;
use rules::{CellId, Piece};
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::web::{append_markup, set_markup};
use ludoteca_core::markup::Markup;
use ludoteca_core::markup::board::{self, Marks, TargetKind};
use ludoteca_core::t;
use ludoteca_core::view::Layout;
use ludoteca_core::view::animation::Animation;
use ludoteca_core::view::geometry::px;

/// The accessible name of a cell: what stands on it, then whether it is
/// selected or where the selected piece may go (`target`).
fn cell_name(
    layout: &Layout,
    cell: CellId,
    piece: Option<Piece>,
    selected: bool,
    target: Option<TargetKind>,
) -> String {
    let mut label = layout.label(cell, piece);
    if selected {
        label = t!("{cell}, selected", cell = label);
    }
    match target {
        Some(TargetKind::Move) => t!("{cell}, legal move", cell = label),
        Some(TargetKind::Capture) => t!("{cell}, legal move, captures", cell = label),
        Some(TargetKind::MatchEnd) => t!("{cell}, legal move, ends the match", cell = label),
        None => label,
    }
}

/// The accessible name of every cell, by number.
pub(super) fn cell_names(layout: &Layout, pieces: &[Option<Piece>], marks: &Marks) -> Vec<String> {
    let mut targets = vec![None; layout.cells.len()];
    for &(cell, kind) in &marks.targets {
        if let Some(slot) = targets.get_mut(cell.index()) {
            *slot = Some(kind);
        }
    }
    (0..layout.cells.len())
        .map(|i| {
            let cell = CellId::new(i);
            cell_name(layout, cell, pieces.get(i).copied().flatten(), marks.selected == Some(cell), targets[i])
        })
        .collect()
}

/// Each cell's piece element under `layer`, drawn in cell order from `pieces`.
fn piece_elements(layer: &Element, pieces: &[Option<Piece>]) -> Vec<Option<Element>> {
    let children = layer.children();
    let mut next = 0;
    pieces
        .iter()
        .map(|p| {
            p.and_then(|_| {
                next += 1;
                children.item(next - 1)
            })
        })
        .collect()
}

/// What the board shows, so that it is updated by difference.
#[derive(Default)]
pub(super) struct Drawn {
    /// The layout the cells were drawn for (a new game draws them again).
    cells_layout: Option<Arc<Layout>>,
    /// Each cell's accessible name, as shown.
    names: Vec<String>,
    /// The layout the pieces were drawn for.
    pieces_layout: Option<Arc<Layout>>,
    /// What stands on each cell, as drawn.
    pieces: Vec<Option<Piece>>,
    /// Each cell's piece element, found when first needed after a full drawing.
    elements: Option<Vec<Option<Element>>>,
}

/// Draws the pieces that changed since the last drawing, animating new
/// arrivals as `animation` says. A new board is drawn in one write.
pub(super) fn draw_pieces(
    layer: &Element,
    drawn: &mut Drawn,
    layout: &Arc<Layout>,
    pieces: &[Option<Piece>],
    animation: Option<&Animation>,
) {
    if drawn.pieces_layout.as_ref().is_none_or(|l| !Arc::ptr_eq(l, layout)) {
        set_markup(layer, &board::pieces(layout, pieces));
        drawn.pieces = pieces.to_vec();
        drawn.elements = None;
        drawn.pieces_layout = Some(Arc::clone(layout));
        return;
    }
    if drawn.pieces.as_slice() == pieces {
        return;
    }
    let Drawn { pieces: shown, elements, .. } = drawn;
    let elements = elements.get_or_insert_with(|| piece_elements(layer, shown));
    for (i, (&now, before)) in pieces.iter().zip(shown.iter_mut()).enumerate() {
        if now == *before {
            continue;
        }
        if let Some(old) = elements[i].take() {
            old.remove();
        }
        *before = now;
        let Some(piece) = now else { continue };
        let cell = CellId::new(i);
        let slide = animation.and_then(|a| a.slides.iter().find(|(to, _)| *to == cell).map(|(_, from)| *from));
        let placed = animation.is_some_and(|a| a.placed == Some(cell));
        let class = if slide.is_some() {
            "slide"
        } else if placed {
            "appear"
        } else {
            ""
        };
        if !append_markup(layer, &board::piece(layout, cell, piece, class)) {
            continue;
        }
        let Some(el) = layer.last_element_child() else { continue };
        if let (Some(from), Some(to)) = (slide.and_then(|f| layout.place(f)), layout.place(cell))
            && let Some(svg) = el.dyn_ref::<web_sys::SvgElement>()
        {
            // Through the CSS object model, which the Content Security Policy allows.
            let _ = svg.style().set_property("--from", &format!("{}px {}px", px(from.x - to.x), px(from.y - to.y)));
        }
        elements[i] = Some(el);
    }
}

/// Draws the cells for a new game, or updates the names that changed.
pub(super) fn draw_cells(layer: &Element, drawn: &mut Drawn, layout: &Arc<Layout>, names: Vec<String>) -> Vec<usize> {
    if drawn.cells_layout.as_ref().is_none_or(|l| !Arc::ptr_eq(l, layout)) {
        set_markup(layer, &board::cells(layout, Some(&names)));
        drawn.names = names;
        drawn.cells_layout = Some(Arc::clone(layout));
        return Vec::new();
    }
    let mut changed = Vec::new();
    for (i, (name, shown)) in names.into_iter().zip(drawn.names.iter_mut()).enumerate() {
        if *shown != name {
            *shown = name;
            changed.push(i);
        }
    }
    changed
}

/// Writes the names [`draw_cells`] found changed (`changed`, by cell
/// index) as they are now in `drawn`: a later change written first is not
/// undone. Nothing when the board was drawn again for another layout since.
pub(super) fn write_names(drawn: &Drawn, layout: &Arc<Layout>, changed: &[usize]) {
    if drawn.cells_layout.as_ref().is_none_or(|l| !Arc::ptr_eq(l, layout)) {
        return;
    }
    let document = document();
    for &i in changed {
        // By element id: a lookup, where a selector would search the board.
        if let (Some(place), Some(name)) = (layout.cells.get(i), drawn.names.get(i))
            && let Some(cell) = document.get_element_by_id(&format!("cell-{}", place.name))
        {
            let _ = cell.set_attribute("aria-label", name);
        }
    }
}

/// The frame and coordinates, for the board's orientation.
pub(super) fn draw_frame(layer: &Element, layout: &Layout, flipped: bool) {
    set_markup(layer, &board::frame(layout, flipped));
}

/// The pieces a move removed, fading out where they stood.
pub(super) fn draw_ghosts(layer: &Element, layout: &Layout, animation: Option<&Animation>) {
    let mut ghosts = Markup::new();
    for &(cell, piece) in animation.iter().flat_map(|a| a.removed.iter()) {
        ghosts.append(&board::piece(layout, cell, piece, "ghost"));
    }
    set_markup(layer, &ghosts);
}

/// The marks: selection, targets, last move, highlights, focus, hint.
pub(super) fn draw_marks(layer: &Element, layout: &Layout, marks: &Marks) {
    set_markup(layer, &board::marks(layout, marks));
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{GameSpec, Player};

    #[test]
    fn cell_names_say_what_is_selected_and_where_it_may_go() {
        let spec: GameSpec = "loa".parse().unwrap();
        let layout = Layout::of(&spec);
        let cell = |n: &str| spec.cell_named(n).unwrap();
        let marks = Marks {
            selected: Some(cell("c1")),
            targets: vec![(cell("a3"), TargetKind::Capture), (cell("c3"), TargetKind::Move)],
            ..Marks::default()
        };
        let black = Some(Piece { owner: Player::Black, height: 1 });
        let white = Some(Piece { owner: Player::White, height: 1 });
        let mut pieces = vec![None; 64];
        pieces[cell("c1").index()] = black;
        pieces[cell("a3").index()] = white;
        let names = cell_names(&layout, &pieces, &marks);
        let name = |n: &str| names[cell(n).index()].as_str();
        assert_eq!(name("c1"), "c1, black stone, selected");
        assert_eq!(name("a3"), "a3, white stone, legal move, captures");
        assert_eq!(name("c3"), "c3, empty, legal move");
        assert_eq!(name("e5"), "e5, empty");
    }
}
