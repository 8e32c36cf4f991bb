//! The board's pointer input: a press selects or plays through `on_cell`,
//! a drag carries the selected piece (`drag`), a drop reports its cell
//! through `on_drop`; a click with no pointer behind it (the keyboard,
//! assistive technology) is a press on the cell clicked.

use leptos::prelude::*;
use rules::CellId;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};

use super::BoardWiring;
use super::drag::{Pointer, Surface, cell_at};
use ludoteca_core::session::model::shapes::{self, Shape};

/// The board's elements the pointer works on.
#[derive(Clone, Copy)]
pub(super) struct Layers {
    /// The whole drawing.
    pub svg: NodeRef<leptos::svg::Svg>,
    /// Where a dragged piece is drawn (not turned with the board).
    pub drag: NodeRef<leptos::svg::G>,
    /// The pieces.
    pub pieces: NodeRef<leptos::svg::G>,
}

/// What the pointer reads and whom it tells.
#[derive(Clone)]
pub(super) struct PointerInput {
    pub pointer: Pointer,
    pub layers: Layers,
    pub wiring: BoardWiring,
    /// The cell a right-button drawing started on.
    pub right: std::rc::Rc<std::cell::Cell<Option<CellId>>>,
}

fn element<T: JsCast>(node: Option<T>) -> Option<Element> {
    node.map(|e| e.unchecked_into::<Element>())
}

impl PointerInput {
    /// A press: on a cell, at once (selecting or playing).
    pub fn down(&self, ev: &PointerEvent) {
        if ev.button() == 2 {
            if self.wiring.on_draw.is_some() {
                self.right.set(cell_at(f64::from(ev.client_x()), f64::from(ev.client_y())));
            }
            return;
        }
        let selected = self.wiring.marks.with_untracked(|m| m.selected);
        let on_cell = self.wiring.on_cell;
        // The press is carried out in a task of its own. In the press's
        // task the browser hit-tests the page again once its handlers have
        // run, which lays out at once whatever they changed: selecting or
        // playing there put the whole page's layout into the same task
        // (a first move on Lines of Action at 4× CPU: 55-66 ms, 15-28 of
        // them layout). Now the layout waits for the frame.
        self.pointer.down(ev, selected, |cell| {
            set_timeout(move || on_cell.run(cell), std::time::Duration::ZERO);
        });
    }

    /// A move: past a threshold, the selected piece follows the pointer.
    pub fn moved(&self, ev: &PointerEvent) {
        let (Some(svg), Some(drag), Some(pieces_el)) = (
            element(self.layers.svg.get_untracked()),
            element(self.layers.drag.get_untracked()),
            element(self.layers.pieces.get_untracked()),
        ) else {
            return;
        };
        let layout = self.wiring.layout.get_untracked();
        let (selected, stones) = self.wiring.marks.with_untracked(|m| (m.selected, m.stones));
        self.wiring.pieces.with_untracked(|p| {
            let surface = Surface {
                svg: &svg,
                drag_layer: &drag,
                pieces_layer: &pieces_el,
                layout: &layout,
                pieces: p,
                selected,
                stones,
            };
            self.pointer.moved(ev, &surface);
        });
    }

    /// The pointer is lifted: a drop over a cell or off the board, or the end of a press.
    pub fn up(&self, ev: &PointerEvent) {
        if ev.button() == 2 {
            let to = cell_at(f64::from(ev.client_x()), f64::from(ev.client_y()));
            if let (Some(on_draw), Some(from), Some(to)) = (self.wiring.on_draw, self.right.take(), to) {
                let brush = shapes::brush(ev.shift_key(), ev.alt_key() || ev.ctrl_key());
                on_draw.run(Shape { brush, from, to });
            }
            return;
        }
        let Some(pieces_el) = element(self.layers.pieces.get_untracked()) else { return };
        let BoardWiring { on_drop, on_cell, .. } = self.wiring;
        self.pointer.up(ev, &pieces_el, |cell| on_drop.run(cell), |cell| on_cell.run(cell));
    }

    /// The browser took the pointer away: the drag ends where it began.
    pub fn cancel(&self) {
        if let Some(pieces_el) = element(self.layers.pieces.get_untracked()) {
            self.pointer.cancel(&pieces_el);
        }
    }
}

/// The cell (its `data-i`) under a click.
pub(super) fn clicked_cell(ev: &web_sys::MouseEvent) -> Option<CellId> {
    super::drag::target_cell(ev)
}
