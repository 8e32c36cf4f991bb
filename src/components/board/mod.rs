//! The board: an SVG in layers — the frame and coordinates, the cells (which
//! take clicks and carry the accessible names), the marks (selection,
//! targets, last move, highlights), and the pieces (which animate when a
//! move is played). Split as chessground splits its board:
//!
//! - this file, the skeleton: the SVG, its layers and what redraws each;
//! - `layers`: drawing each layer from markup, by difference;
//! - `pointer` and `drag`: presses, drags and drops.
//!
//! Flipping turns one group round (pieces and writing are turned back
//! upright by the stylesheet) instead of drawing again.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use rules::{CellId, Piece};
use wasm_bindgen::JsCast;
use web_sys::Element;

use ludoteca_core::markup::board::Marks;
use ludoteca_core::session::model::shapes::Shape;
use ludoteca_core::view::Layout;
use ludoteca_core::view::animation::Animation;
use ludoteca_core::view::geometry::px;

mod drag;
mod layers;
mod pointer;

use layers::Drawn;
use pointer::{Layers, PointerInput, clicked_cell};

/// What a board shows and who hears its presses: the props the board and
/// [`KeyedBoard`](crate::components::game_board::KeyedBoard) share.
#[derive(Clone, Copy)]
pub struct BoardWiring {
    /// The board's cells and their places.
    pub layout: Signal<Arc<Layout>>,
    /// What stands on each cell, by cell number.
    pub pieces: Signal<Vec<Option<Piece>>>,
    /// Selection, targets and highlights.
    pub marks: Signal<Marks>,
    /// How the last move animates, if it should.
    pub animation: Signal<Option<Animation>>,
    /// Called with a cell when it is pressed (or clicked from the keyboard or
    /// by assistive technology).
    pub on_cell: Callback<CellId>,
    /// Called when a dragged piece is let go: over a cell, or off the board.
    pub on_drop: Callback<Option<CellId>>,
    /// Called with an arrow or circle drawn with the right button (from the
    /// cell pressed to the cell let go over). Without it the board draws
    /// nothing and keeps the browser's menu.
    pub on_draw: Option<Callback<Shape>>,
    /// A name for the whole board, for screen readers.
    pub label: Signal<String>,
}

/// More cells' names than this, changed at once, are written in the next
/// task: writing them there took a Forms 18×18 move's task at 4× CPU
/// from about 41 ms to 34 (medians of eight fresh pages, traced).
const MANY_NAMES: usize = 64;

/// The board, as `wiring` says, seen from the other side when `flipped`.
///
/// Over 100 lines, on purpose: one `view!` of the SVG whose every layer is
/// wired to the signal that redraws it, read best in one place (the drawing
/// itself is in `layers`, the presses in `pointer`).
#[component]
pub fn Board(
    /// What the board shows and whom it tells.
    wiring: BoardWiring,
    /// Whether the board is seen from the other side.
    #[prop(into)]
    flipped: Signal<bool>,
) -> impl IntoView {
    let BoardWiring { layout, pieces, marks, animation, on_cell, on_draw, label, .. } = wiring;
    let lang = expect_context::<crate::state::AppState>().lang;
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let drag_layer = NodeRef::<leptos::svg::G>::new();
    let frame_layer = NodeRef::<leptos::svg::G>::new();
    let cells_layer = NodeRef::<leptos::svg::G>::new();
    let marks_layer = NodeRef::<leptos::svg::G>::new();
    let pieces_layer = NodeRef::<leptos::svg::G>::new();
    let ghosts_layer = NodeRef::<leptos::svg::G>::new();
    let drawn_layer = NodeRef::<leptos::svg::G>::new();
    let as_element = |node: Option<web_sys::SvgElement>| node.map(|e| e.unchecked_into::<Element>());
    let drawn = Rc::new(RefCell::new(Drawn::default()));
    // The stones' shading and the arrowheads.
    let defs = NodeRef::<leptos::svg::Defs>::new();
    Effect::new(move |_| {
        if let Some(el) = as_element(defs.get()) {
            let mut m = ludoteca_core::markup::Markup::new();
            m.fragment(ludoteca_core::markup::board::DEFS);
            crate::web::set_markup(&el, &m);
        }
    });
    // The frame and coordinates: per game and orientation.
    Effect::new(move |_| {
        let flip = flipped.get();
        if let Some(el) = as_element(frame_layer.get()) {
            layout.with(|l| layers::draw_frame(&el, l, flip));
        }
    });
    // The cells: once per game. Then their names, as pieces and marks change:
    // many at once (a Forms 18×18 selection names 160 targets, and the move
    // after it names them back) in the next task, off the press's own.
    let cells_drawn = Rc::clone(&drawn);
    Effect::new(move |_| {
        let Some(el) = as_element(cells_layer.get()) else { return };
        // Another language names every cell again (in the next task).
        lang.track();
        let l = layout.get();
        let names = marks.with(|m| pieces.with(|p| layers::cell_names(&l, p, m)));
        let changed = layers::draw_cells(&el, &mut cells_drawn.borrow_mut(), &l, names);
        if changed.len() > MANY_NAMES {
            let later = Rc::clone(&cells_drawn);
            set_timeout(move || layers::write_names(&later.borrow(), &l, &changed), Duration::ZERO);
        } else {
            layers::write_names(&cells_drawn.borrow(), &l, &changed);
        }
    });
    // The pieces: by difference, animated as the move says.
    let pieces_drawn = Rc::clone(&drawn);
    Effect::new(move |_| {
        let Some(el) = as_element(pieces_layer.get()) else { return };
        let l = layout.get();
        pieces.with(|p| {
            animation.with_untracked(|a| layers::draw_pieces(&el, &mut pieces_drawn.borrow_mut(), &l, p, a.as_ref()));
        });
    });
    Effect::new(move |_| {
        let Some(el) = as_element(ghosts_layer.get()) else { return };
        layout.with(|l| animation.with(|a| layers::draw_ghosts(&el, l, a.as_ref())));
    });
    Effect::new(move |_| {
        let m = marks.get();
        if let Some(el) = as_element(marks_layer.get()) {
            layout.with(|l| layers::draw_marks(&el, l, &m));
        }
        if let Some(el) = as_element(drawn_layer.get()) {
            layout.with(|l| crate::web::set_markup(&el, &ludoteca_core::markup::board::drawn(l, &m)));
        }
    });
    let layers = Layers { svg: svg_ref, drag: drag_layer, pieces: pieces_layer };
    let input = PointerInput { pointer: Default::default(), layers, wiring, right: Default::default() };
    let (down, moved, up) = (input.clone(), input.clone(), input.clone());
    let size = move || layout.with(|l| l.geometry.size());
    let turn = move || {
        flipped.get().then(|| {
            let (w, h) = size();
            format!("rotate(180 {} {})", px(w / 2.0), px(h / 2.0))
        })
    };
    let view_box = move || {
        let (w, h) = size();
        format!("0 0 {} {}", px(w), px(h))
    };
    view! {
        <svg class="board" class:flipped=move || flipped.get() viewBox=view_box
            role="grid" aria-label=move || label.get() node_ref=svg_ref
            on:pointerdown=move |ev| down.down(&ev)
            on:pointermove=move |ev| moved.moved(&ev)
            on:pointerup=move |ev| up.up(&ev)
            on:pointercancel=move |_| input.cancel()
            on:contextmenu=move |ev| if on_draw.is_some() { ev.prevent_default() }>
            <defs node_ref=defs></defs>
            <g class="layer-frame" aria-hidden="true" node_ref=frame_layer></g>
            <g class="board-body" transform=turn>
                // Pointers are handled above; a click with no pointer behind it
                // (detail 0) comes from the keyboard or assistive technology.
                <g class="layer-cells" node_ref=cells_layer on:click=move |ev| {
                    if ev.detail() == 0 && let Some(cell) = clicked_cell(&ev) {
                        on_cell.run(cell);
                    }
                }></g>
                <g class="layer-marks" aria-hidden="true" node_ref=marks_layer></g>
                <g class="layer-pieces" aria-hidden="true">
                    <g node_ref=pieces_layer></g>
                    <g node_ref=ghosts_layer></g>
                </g>
                // Arrows and circles, over the pieces.
                <g class="layer-drawn" aria-hidden="true" node_ref=drawn_layer></g>
            </g>
            <g class="layer-drag" aria-hidden="true" node_ref=drag_layer></g>
        </svg>
    }
}
