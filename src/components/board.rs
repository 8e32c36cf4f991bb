//! The board: an SVG in layers — the frame and coordinates, the cells (which
//! take clicks and carry the accessible names), the marks (selection,
//! targets, last move, highlights), and the pieces (which animate when a
//! move is played).
//!
//! The layers are drawn from markup made in [`crate::games::markup`], each
//! written in one step, and updated by what changed: the cells once per game,
//! each cell's accessible name when its piece or mark changes, a piece only
//! when its cell's content changes (so a move adds and removes only its own
//! pieces, and animates them), the marks when the selection changes.
//! Flipping turns one group round (pieces and writing are turned back
//! upright by the stylesheet) instead of drawing again. One click listener
//! serves every cell.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use rules::{CellId, Piece};
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};

use crate::components::drag::{Pointer, Surface};
use crate::games::Layout;
use crate::games::animation::Animation;
use crate::games::geometry::px;
use crate::games::markup::{self, Marks, TargetKind};

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
        label.push_str(", selected");
    }
    if let Some(kind) = target {
        label.push_str(match kind {
            TargetKind::Move => ", legal move",
            TargetKind::Capture => ", legal move, captures",
            TargetKind::MatchEnd => ", legal move, ends the match",
        });
    }
    label
}

/// The accessible name of every cell, by number.
fn cell_names(layout: &Layout, pieces: &[Option<Piece>], marks: &Marks) -> Vec<String> {
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

/// The cell (its `data-i`) under a click.
fn clicked_cell(ev: &web_sys::MouseEvent) -> Option<CellId> {
    let target = ev.target()?.dyn_into::<Element>().ok()?;
    let cell = target.closest("[data-i]").ok()??;
    cell.get_attribute("data-i")?.parse().ok().map(CellId::new)
}

/// What the board shows, so that it is updated by difference.
#[derive(Default)]
struct Drawn {
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
fn draw_pieces(
    layer: &Element,
    drawn: &mut Drawn,
    layout: &Arc<Layout>,
    pieces: &[Option<Piece>],
    animation: Option<&Animation>,
) {
    if drawn.pieces_layout.as_ref().is_none_or(|l| !Arc::ptr_eq(l, layout)) {
        layer.set_inner_html(&markup::pieces(layout, pieces));
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
        if layer.insert_adjacent_html("beforeend", &markup::piece(layout, cell, piece, class)).is_err() {
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
/// `names` is `None` for a picture of a position (no names, no grid).
fn draw_cells(layer: &Element, drawn: &mut Drawn, layout: &Arc<Layout>, names: Option<Vec<String>>) {
    if drawn.cells_layout.as_ref().is_none_or(|l| !Arc::ptr_eq(l, layout)) {
        layer.set_inner_html(&markup::cells(layout, names.as_deref()));
        drawn.names = names.unwrap_or_default();
        drawn.cells_layout = Some(Arc::clone(layout));
        return;
    }
    let Some(names) = names else { return };
    let document = document();
    for (i, (name, shown)) in names.into_iter().zip(drawn.names.iter_mut()).enumerate() {
        // By element id: a lookup, where a selector would search the board.
        if *shown != name
            && let Some(cell) =
                layout.cells.get(i).and_then(|c| document.get_element_by_id(&format!("cell-{}", c.name)))
        {
            let _ = cell.set_attribute("aria-label", &name);
            *shown = name;
        }
    }
}

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
    let drawn = Rc::new(RefCell::new(Drawn::default()));
    // The frame and coordinates: per game and orientation.
    Effect::new(move |_| {
        let flip = flipped.get();
        if let Some(el) = frame_layer.get().map(|e| e.unchecked_into::<Element>()) {
            layout.with(|l| el.set_inner_html(&markup::frame(l, flip)));
        }
    });
    // The cells: once per game. Then their names, as pieces and marks change.
    let cells_drawn = Rc::clone(&drawn);
    Effect::new(move |_| {
        let Some(el) = cells_layer.get().map(|e| e.unchecked_into::<Element>()) else { return };
        let l = layout.get();
        let names = (!still).then(|| marks.with(|m| pieces.with(|p| cell_names(&l, p, m))));
        draw_cells(&el, &mut cells_drawn.borrow_mut(), &l, names);
    });
    // The pieces: by difference, animated as the move says.
    let pieces_drawn = Rc::clone(&drawn);
    Effect::new(move |_| {
        let Some(el) = pieces_layer.get().map(|e| e.unchecked_into::<Element>()) else { return };
        let l = layout.get();
        pieces.with(|p| {
            animation.with_untracked(|a| draw_pieces(&el, &mut pieces_drawn.borrow_mut(), &l, p, a.as_ref()));
        });
    });
    // Pieces a move removed fade out where they stood.
    Effect::new(move |_| {
        let Some(el) = ghosts_layer.get().map(|e| e.unchecked_into::<Element>()) else { return };
        let ghosts: String = layout.with(|l| {
            animation.with(|a| {
                a.iter()
                    .flat_map(|a| a.removed.iter())
                    .map(|&(cell, piece)| markup::piece(l, cell, piece, "ghost"))
                    .collect()
            })
        });
        el.set_inner_html(&ghosts);
    });
    Effect::new(move |_| {
        let m = marks.get();
        if let Some(el) = marks_layer.get().map(|e| e.unchecked_into::<Element>()) {
            layout.with(|l| el.set_inner_html(&markup::marks(l, &m)));
        }
    });
    let pointer = Pointer::default();
    let as_element = |node: Option<web_sys::SvgElement>| node.map(|e| e.unchecked_into::<Element>());
    let on_down = {
        let pointer = pointer.clone();
        move |ev: PointerEvent| {
            let selected = marks.with_untracked(|m| m.selected);
            pointer.down(&ev, selected, |cell| on_cell.run(cell));
        }
    };
    let on_move = {
        let pointer = pointer.clone();
        move |ev: PointerEvent| {
            let (Some(svg), Some(drag), Some(pieces_el)) = (
                svg_ref.get_untracked().map(|e| e.unchecked_into::<Element>()),
                as_element(drag_layer.get_untracked().map(|e| e.unchecked_into())),
                as_element(pieces_layer.get_untracked().map(|e| e.unchecked_into())),
            ) else {
                return;
            };
            let l = layout.get_untracked();
            let selected = marks.with_untracked(|m| m.selected);
            pieces.with_untracked(|p| {
                let board =
                    Surface { svg: &svg, drag_layer: &drag, pieces_layer: &pieces_el, layout: &l, pieces: p, selected };
                pointer.moved(&ev, &board);
            });
        }
    };
    let on_up = {
        let pointer = pointer.clone();
        move |ev: PointerEvent| {
            let Some(pieces_el) = as_element(pieces_layer.get_untracked().map(|e| e.unchecked_into())) else { return };
            let drop = |cell| {
                if let Some(on_drop) = on_drop {
                    on_drop.run(cell);
                }
            };
            pointer.up(&ev, &pieces_el, drop, |cell| on_cell.run(cell));
        }
    };
    let on_cancel = move |_: PointerEvent| {
        if let Some(pieces_el) = as_element(pieces_layer.get_untracked().map(|e| e.unchecked_into())) {
            pointer.cancel(&pieces_el);
        }
    };
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
            on:pointerdown=move |ev| if !still { on_down(ev) }
            on:pointermove=move |ev| if !still { on_move(ev) }
            on:pointerup=move |ev| if !still { on_up(ev) }
            on:pointercancel=move |ev| if !still { on_cancel(ev) }>
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
            </g>
            <g class="layer-drag" aria-hidden="true" node_ref=drag_layer></g>
        </svg>
    }
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
