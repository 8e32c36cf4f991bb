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

use leptos::prelude::*;
use rules::{CellId, Piece};
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::markup::board::Marks;
use crate::session::model::shapes::Shape;
use crate::view::Layout;
use crate::view::animation::Animation;
use crate::view::geometry::px;

mod drag;
mod layers;
mod pointer;

use layers::Drawn;
use pointer::{Layers, PointerInput, clicked_cell};

/// The board. Clicks on a cell call `on_cell` with it.
#[component]
pub fn Board(
    /// The board's cells and their places.
    #[prop(into)]
    layout: Signal<Arc<Layout>>,
    /// What stands on each cell, by cell number.
    #[prop(into)]
    pieces: Signal<Vec<Option<Piece>>>,
    /// Selection, targets and highlights.
    #[prop(into)]
    marks: Signal<Marks>,
    /// Whether the board is seen from the other side.
    #[prop(into)]
    flipped: Signal<bool>,
    /// How the last move animates, if it should.
    #[prop(into)]
    animation: Signal<Option<Animation>>,
    /// Called with a cell when it is pressed (or clicked from the keyboard or
    /// by assistive technology).
    on_cell: Callback<CellId>,
    /// Called when a dragged piece is let go: over a cell, or off the board.
    /// Without it the board takes no drags.
    #[prop(optional)]
    on_drop: Option<Callback<Option<CellId>>>,
    /// Called with an arrow or circle drawn with the right button (from the
    /// cell pressed to the cell let go over). Without it the board draws
    /// nothing and keeps the browser's menu.
    #[prop(optional_no_strip)]
    on_draw: Option<Callback<Shape>>,
    /// A name for the whole board, for screen readers.
    #[prop(into)]
    label: Signal<String>,
    /// A picture of a position (home cards, rules diagrams): one image for
    /// screen readers, not a grid of cells to move on.
    #[prop(optional)]
    still: bool,
) -> impl IntoView {
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
    // The frame and coordinates: per game and orientation.
    Effect::new(move |_| {
        let flip = flipped.get();
        if let Some(el) = as_element(frame_layer.get()) {
            layout.with(|l| layers::draw_frame(&el, l, flip));
        }
    });
    // The cells: once per game. Then their names, as pieces and marks change.
    let cells_drawn = Rc::clone(&drawn);
    Effect::new(move |_| {
        let Some(el) = as_element(cells_layer.get()) else { return };
        let l = layout.get();
        let names = (!still).then(|| marks.with(|m| pieces.with(|p| layers::cell_names(&l, p, m))));
        layers::draw_cells(&el, &mut cells_drawn.borrow_mut(), &l, names);
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
            layout.with(|l| crate::web::set_markup(&el, &crate::markup::board::drawn(l, &m)));
        }
    });
    let layers = Layers { svg: svg_ref, drag: drag_layer, pieces: pieces_layer };
    let input = PointerInput {
        pointer: Default::default(),
        layers,
        layout,
        pieces,
        marks,
        on_cell,
        on_drop,
        on_draw,
        right: Default::default(),
    };
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
        <svg class="board" class:flipped=move || flipped.get() class:still=still viewBox=view_box
            role=if still { "img" } else { "grid" } aria-label=move || label.get() node_ref=svg_ref
            on:pointerdown=move |ev| if !still { down.down(&ev) }
            on:pointermove=move |ev| if !still { moved.moved(&ev) }
            on:pointerup=move |ev| if !still { up.up(&ev) }
            on:pointercancel=move |_| if !still { input.cancel() }
            on:contextmenu=move |ev| if on_draw.is_some() { ev.prevent_default() }>
            <defs>
                <radialGradient id="stone-black-fill" cx="0.35" cy="0.3" r="0.75">
                    <stop offset="0" stop-color="#6b6b70"></stop>
                    <stop offset="0.45" stop-color="#26262a"></stop>
                    <stop offset="1" stop-color="#0b0b0d"></stop>
                </radialGradient>
                <radialGradient id="stone-white-fill" cx="0.35" cy="0.3" r="0.8">
                    <stop offset="0" stop-color="#ffffff"></stop>
                    <stop offset="0.6" stop-color="#ecebe6"></stop>
                    <stop offset="1" stop-color="#b9b6ad"></stop>
                </radialGradient>
                <marker id="arrow-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                    <path d="M0 0L10 5L0 10z" class="arrow-head"></path>
                </marker>
                <marker id="draw-head" viewBox="0 0 10 10" refX="4" refY="5" markerWidth="3" markerHeight="3" orient="auto">
                    <path d="M0 0L10 5L0 10z" fill="context-stroke"></path>
                </marker>
            </defs>
            <g class="layer-frame" aria-hidden="true" node_ref=frame_layer></g>
            <g class="board-body" transform=turn>
                // Pointers are handled above; a click with no pointer behind it
                // (detail 0) comes from the keyboard or assistive technology.
                <g class="layer-cells" node_ref=cells_layer on:click=move |ev| {
                    if ev.detail() == 0 && !still && let Some(cell) = clicked_cell(&ev) {
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
