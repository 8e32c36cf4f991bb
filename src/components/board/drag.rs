//! Pointer input on the board — mouse, touch and pen alike — for both ways of
//! moving: press a piece and press a destination, or drag the piece there.
//!
//! A press on a cell is a click at once (it selects a piece, or plays the
//! selected piece's move there). A piece that is selected after the press
//! can then be dragged: past a few pixels a copy follows the pointer and the
//! piece on the board is dimmed; letting go over a cell drops it there
//! ([`Intent::Drop`](ludoteca_core::session::Intent::Drop): its move if that is a
//! legal target, otherwise the selection is cancelled). Letting go where the
//! drag began changes nothing, so press-press still works; a second press on
//! the selected piece without a drag unselects it.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use rules::{CellId, Piece};
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};

use ludoteca_core::markup::board as markup;
use ludoteca_core::view::Layout;
use ludoteca_core::view::geometry::px;

/// How far (in screen pixels) a press must move to become a drag.
const DRAG_START_PX: f64 = 6.0;

/// A piece dragged by a finger is drawn this far above it (screen pixels)
/// and this much larger, so the finger does not hide it; the cell under
/// the finger, where it would drop, is marked.
const TOUCH_LIFT_PX: f64 = 56.0;
const TOUCH_SCALE: &str = "1.3";

/// A press under way.
struct Press {
    cell: CellId,
    pointer: i32,
    x: f64,
    y: f64,
    /// Whether the cell's piece was already selected when it was pressed.
    was_selected: bool,
    /// The copy that follows the pointer, once dragging.
    floating: Option<Element>,
    /// Whether a finger drags (the copy is then lifted above it).
    touch: bool,
    /// The cell under the pointer while dragging, marked as where it would drop.
    over: Option<CellId>,
}

/// The cell under a screen point, if any (the pieces and marks let pointers through).
pub fn cell_at(x: f64, y: f64) -> Option<CellId> {
    let hit = leptos::prelude::document().element_from_point(x as f32, y as f32)?;
    cell_of(&hit)
}

/// The cell (its `data-i`) an event happened on.
pub fn target_cell(ev: &web_sys::Event) -> Option<CellId> {
    cell_of(&ev.target()?.dyn_into::<web_sys::Element>().ok()?)
}

/// The cell `el` belongs to.
fn cell_of(el: &web_sys::Element) -> Option<CellId> {
    let cell = el.closest("[data-i]").ok()??;
    cell.get_attribute("data-i")?.parse().ok().map(CellId::new)
}

/// The pointer state of one board.
#[derive(Clone, Default)]
pub struct Pointer(Rc<RefCell<Option<Press>>>);

/// What the board lends the pointer handling: its elements and what it shows.
pub struct Surface<'a> {
    /// The `<svg>` element.
    pub svg: &'a Element,
    /// The layer the floating copy is drawn in (not turned with the board).
    pub drag_layer: &'a Element,
    /// The layer of the pieces.
    pub pieces_layer: &'a Element,
    /// The cells' places.
    pub layout: &'a Arc<Layout>,
    /// What stands where.
    pub pieces: &'a [Option<Piece>],
    /// The selected cell, after the press was handled.
    pub selected: Option<CellId>,
    /// RA: how many of the selected stack's stones move (the copy shows them).
    pub stones: Option<u8>,
}

impl Pointer {
    /// A press: `click` is called at once (unless the piece was already
    /// selected); the press is remembered for a drag.
    pub fn down(&self, ev: &PointerEvent, selected_before: Option<CellId>, click: impl FnOnce(CellId)) {
        if ev.button() != 0 {
            return;
        }
        // The cell the browser found under the press (its target: the layers
        // above the cells take no pointer): asking for the element at the
        // point again would lay the page out and hit-test it a second time,
        // a third of a press's time on an 18×18 board at 4× CPU.
        let Some(cell) = target_cell(ev) else { return };
        let was_selected = selected_before == Some(cell);
        if let Some(old) = self.0.borrow_mut().take().and_then(|p| p.floating) {
            old.remove();
        }
        *self.0.borrow_mut() = Some(Press {
            cell,
            pointer: ev.pointer_id(),
            x: f64::from(ev.client_x()),
            y: f64::from(ev.client_y()),
            was_selected,
            floating: None,
            touch: ev.pointer_type() == "touch",
            over: None,
        });
        if !was_selected {
            click(cell);
        }
    }

    /// The pointer moves: past the threshold, a selected piece follows it.
    pub fn moved(&self, ev: &PointerEvent, board: &Surface<'_>) {
        let mut state = self.0.borrow_mut();
        let Some(press) = state.as_mut().filter(|p| p.pointer == ev.pointer_id()) else { return };
        let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
        if press.floating.is_none() {
            let far = (x - press.x).hypot(y - press.y) > DRAG_START_PX;
            let piece = board.pieces.get(press.cell.index()).copied().flatten();
            let (true, true, Some(mut piece)) = (far, board.selected == Some(press.cell), piece) else { return };
            if let Some(stones) = board.stones {
                piece.height = stones.min(piece.height);
            }
            if !crate::web::append_markup(board.drag_layer, &markup::piece(board.layout, press.cell, piece, "floating"))
            {
                return;
            }
            press.floating = board.drag_layer.last_element_child();
            let _ = board.svg.set_pointer_capture(ev.pointer_id());
            lifted(board.pieces_layer, press.cell, true);
        }
        let (Some(floating), Some(place)) = (&press.floating, board.layout.place(press.cell)) else { return };
        // Screen to drawing units; the drag layer is not turned with the board.
        let rect = board.svg.get_bounding_client_rect();
        let (w, h) = board.layout.geometry.size();
        let sx = (x - rect.left()) * w / rect.width().max(1.0);
        let sy = (y - rect.top()) * h / rect.height().max(1.0);
        let lift = if press.touch { TOUCH_LIFT_PX * h / rect.height().max(1.0) } else { 0.0 };
        if let Some(svg) = floating.dyn_ref::<web_sys::SvgElement>() {
            let style = svg.style();
            let _ = style.set_property("translate", &format!("{}px {}px", px(sx - place.x), px(sy - lift - place.y)));
            if press.touch {
                let _ = style.set_property("scale", TOUCH_SCALE);
                let _ = style.set_property("transform-origin", &format!("{}px {}px", px(place.x), px(place.y)));
            }
        }
        let over = cell_at(x, y).filter(|&c| c != press.cell);
        if over != press.over {
            marked(board.svg, press.over, false);
            marked(board.svg, over, true);
            press.over = over;
        }
        ev.prevent_default();
    }

    /// The pointer is let go: a drop if it was dragging, an unselection if it
    /// pressed the selected piece and did not move.
    pub fn up(
        &self,
        ev: &PointerEvent,
        pieces_layer: &Element,
        drop: impl FnOnce(Option<CellId>),
        click: impl FnOnce(CellId),
    ) {
        let Some(press) = self.0.borrow_mut().take().filter(|p| p.pointer == ev.pointer_id()) else { return };
        let here = cell_at(f64::from(ev.client_x()), f64::from(ev.client_y()));
        if let Ok(Some(svg)) = pieces_layer.closest("svg") {
            marked(&svg, press.over, false);
        }
        match press.floating {
            Some(floating) => {
                floating.remove();
                lifted(pieces_layer, press.cell, false);
                if here != Some(press.cell) {
                    drop(here);
                }
            }
            None if press.was_selected && here == Some(press.cell) => click(press.cell),
            None => {}
        }
    }

    /// The browser took the pointer (a scroll, a system gesture): nothing happens.
    pub fn cancel(&self, pieces_layer: &Element) {
        if let Some(press) = self.0.borrow_mut().take()
            && let Some(floating) = press.floating
        {
            if let Ok(Some(svg)) = pieces_layer.closest("svg") {
                marked(&svg, press.over, false);
            }
            floating.remove();
            lifted(pieces_layer, press.cell, false);
        }
    }
}

/// Marks (or unmarks) `cell` as where a dragged piece would drop.
fn marked(svg: &Element, cell: Option<CellId>, on: bool) {
    let Some(cell) = cell else { return };
    if let Ok(Some(shape)) = svg.query_selector(&format!("[data-i=\"{}\"]", cell.index())) {
        let _ = if on { shape.class_list().add_1("drag-over") } else { shape.class_list().remove_1("drag-over") };
    }
}

/// Dims (or shows again) the piece on `cell` while a copy of it is dragged.
fn lifted(pieces_layer: &Element, cell: CellId, on: bool) {
    if let Ok(Some(piece)) = pieces_layer.query_selector(&format!("[data-piece=\"{}\"]", cell.index())) {
        let _ = if on { piece.class_list().add_1("lifted") } else { piece.class_list().remove_1("lifted") };
    }
}
