//! The board: SVG drawn from a [`BoardView`], in layers — cells (which take
//! clicks and carry the accessible names), marks (selection, targets, last
//! move, highlights), and pieces (which animate when a move is played).

use leptos::prelude::*;

use crate::games::animation::Animation;
use crate::games::geometry::cell_outline;
use crate::games::{BoardView, CellView, Geometry, Piece};

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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The selected piece's cell.
    pub selected: Option<String>,
    /// Where the selected piece can go.
    pub targets: Vec<(String, TargetKind)>,
    /// Cells of pieces that can be picked up.
    pub movable: Vec<String>,
    /// The last move's cells.
    pub last: Vec<String>,
    /// Highlighted pieces: Attract's winning pieces, the winner's group.
    pub highlight: Vec<String>,
    /// A suggested move: (from, to).
    pub hint: Option<(Option<String>, String)>,
    /// The keyboard focus.
    pub focus: Option<String>,
}

/// Screen position of a cell centre, flipped or not.
fn place(view: &BoardView, flipped: bool, x: f64, y: f64) -> (f64, f64) {
    if flipped {
        let (w, h) = view.geometry.size();
        (w - x, h - y)
    } else {
        (x, y)
    }
}

/// Draws one piece (a stone, or an RA stack of up to three discs).
fn piece_view(piece: Piece, x: f64, y: f64, hex: bool, class: String, slide: String) -> impl IntoView {
    // Set through the CSS object model (not a style attribute), which the
    // Content Security Policy allows.
    let style = ("--slide", slide);
    let colour = piece.owner.name();
    if !hex {
        return view! {
            <g class=format!("piece {class}") style=style>
                <circle class=format!("stone {colour}") cx=x cy=y r="38"></circle>
            </g>
        }
        .into_any();
    }
    // Stacked discs, each raised a little, with the height written on top.
    let discs = (0..piece.height)
        .map(|i| {
            let dy = -(f64::from(i) * 9.0) + f64::from(piece.height - 1) * 4.5;
            view! { <ellipse class=format!("disc {colour}") cx=x cy=y + dy rx="34" ry="27"></ellipse> }
        })
        .collect_view();
    let top = y - f64::from(piece.height - 1) * 4.5;
    view! {
        <g class=format!("piece {class}") style=style>
            {discs}
            <text class=format!("height {colour}") x=x y=top + 10.0>{piece.height}</text>
        </g>
    }
    .into_any()
}

/// The board. Clicks on a cell call `on_cell` with its coordinate.
#[component]
pub fn Board(
    /// What to draw.
    #[prop(into)]
    view: Signal<BoardView>,
    /// Selection, targets and highlights.
    #[prop(into)]
    marks: Signal<Marks>,
    /// Whether the board is seen from the other side.
    #[prop(into)]
    flipped: Signal<bool>,
    /// How the last move animates (cleared when it should not).
    #[prop(into)]
    animation: Signal<Option<Animation>>,
    /// Called with a cell's coordinate when it is clicked.
    on_cell: Callback<String>,
    /// A name for the whole board, for screen readers.
    #[prop(into)]
    label: Signal<String>,
) -> impl IntoView {
    let frame = move || {
        let v = view.get();
        let (w, h) = v.geometry.size();
        let flip = flipped.get();
        let coords = v
            .coords
            .iter()
            .map(|(x, y, text)| {
                let (x, y) = place(&v, flip, *x, *y);
                view! { <text class="coord" x=x y=y + 9.0 aria-hidden="true">{text.clone()}</text> }
            })
            .collect_view();
        let background = match v.geometry {
            Geometry::Square { .. } => {
                view! { <rect class="frame" x="0" y="0" width=w height=h rx="18"></rect> }.into_any()
            }
            Geometry::Hex => {
                view! { <rect class="frame hex-frame" x="0" y="0" width=w height=h rx="28"></rect> }.into_any()
            }
        };
        view! { {background} {coords} }
    };
    let cells = move || {
        let v = view.get();
        let flip = flipped.get();
        v.cells
            .iter()
            .map(|cell| {
                let CellView { name, x, y, label, dark, ra, .. } = cell.clone();
                let (x, y) = place(&v, flip, x, y);
                let shape = cell_outline(&v.geometry, x, y);
                let mut class = String::from("cell-shape");
                if dark {
                    class.push_str(" dark");
                }
                if let Some(owner) = ra {
                    class.push_str(&format!(" ra ra-{}", owner.name()));
                }
                let ra_mark =
                    ra.map(|_| view! { <text class="ra-glyph" x=x y=y + 12.0 aria-hidden="true">"RA"</text> });
                let clicked = name.clone();
                view! {
                    <g class="cell" data-cell=name.clone() id=format!("cell-{name}") role="gridcell" aria-label=label
                        on:click=move |_| on_cell.run(clicked.clone())>
                        <path class=class d=shape></path>
                        {ra_mark}
                    </g>
                }
            })
            .collect_view()
    };
    let overlay = move || {
        let v = view.get();
        let m = marks.get();
        let flip = flipped.get();
        let at = |name: &str| v.cells.iter().find(|c| c.name == name).map(|c| place(&v, flip, c.x, c.y));
        let shape = |name: &str, class: &'static str| {
            at(name).map(|(x, y)| view! { <path class=class d=cell_outline(&v.geometry, x, y)></path> })
        };
        let last = m.last.iter().filter_map(|n| shape(n, "mark last")).collect_view();
        let selected = m.selected.as_deref().and_then(|n| shape(n, "mark selected"));
        let focus = m.focus.as_deref().and_then(|n| shape(n, "mark focus"));
        let movable = m
            .movable
            .iter()
            .filter_map(|n| at(n))
            .map(|(x, y)| view! { <circle class="mark movable" cx=x cy=y r="44"></circle> })
            .collect_view();
        let highlight = m
            .highlight
            .iter()
            .filter_map(|n| at(n))
            .map(|(x, y)| view! { <circle class="mark highlight" cx=x cy=y r="45"></circle> })
            .collect_view();
        let targets = m
            .targets
            .iter()
            .filter_map(|(n, kind)| at(n).map(|p| (p, *kind, n.clone())))
            .map(|((x, y), kind, name)| match kind {
                TargetKind::Move => view! { <circle class="mark target" data-target=name cx=x cy=y r="15"></circle> }.into_any(),
                TargetKind::Capture => {
                    view! { <circle class="mark target capture" data-target=name cx=x cy=y r="42"></circle> }.into_any()
                }
                TargetKind::MatchEnd => view! {
                    <g class="mark target match-end" data-target=name>
                        <circle cx=x cy=y r="42"></circle>
                        <path d=format!("M{} {}l8 16l18 2l-13 12l4 18l-17-9l-17 9l4-18l-13-12l18-2z", x, y - 26.0)></path>
                    </g>
                }
                .into_any(),
            })
            .collect_view();
        let hint = m.hint.as_ref().and_then(|(from, to)| {
            let (tx, ty) = at(to)?;
            Some(match from.as_deref().and_then(at) {
                Some((fx, fy)) => view! {
                    <line class="mark hint" x1=fx y1=fy x2=tx y2=ty marker-end="url(#arrow-head)"></line>
                }
                .into_any(),
                None => view! { <circle class="mark hint-ring" cx=tx cy=ty r="40"></circle> }.into_any(),
            })
        });
        view! { {last} {movable} {highlight} {selected} {targets} {focus} {hint} }
    };
    let pieces = move || {
        let v = view.get();
        let flip = flipped.get();
        let anim = animation.get();
        let hex = matches!(v.geometry, Geometry::Hex);
        let slides = anim.as_ref().map(|a| a.slides.clone()).unwrap_or_default();
        let placed = anim.as_ref().and_then(|a| a.placed.clone());
        let stones = v
            .cells
            .iter()
            .filter_map(|c| c.piece.map(|p| (c, p)))
            .map(|(c, piece)| {
                let (x, y) = place(&v, flip, c.x, c.y);
                let slide = slides.iter().find(|(n, _, _)| *n == c.name).map(|(_, fx, fy)| place(&v, flip, *fx, *fy));
                let (class, style) = match slide {
                    Some((fx, fy)) => ("slide".to_owned(), format!("translate({}px, {}px)", fx - x, fy - y)),
                    None if placed.as_deref() == Some(c.name.as_str()) => ("appear".to_owned(), "none".to_owned()),
                    None => (String::new(), "none".to_owned()),
                };
                piece_view(piece, x, y, hex, class, style)
            })
            .collect_view();
        let ghosts = anim
            .map(|a| a.removed)
            .unwrap_or_default()
            .into_iter()
            .map(|(x, y, piece)| {
                let (x, y) = place(&v, flip, x, y);
                piece_view(piece, x, y, hex, "ghost".to_owned(), "none".to_owned())
            })
            .collect_view();
        view! { {stones} {ghosts} }
    };
    let view_box = move || {
        let (w, h) = view.get().geometry.size();
        format!("0 0 {w} {h}")
    };
    view! {
        <svg class="board" viewBox=view_box role="grid" aria-label=move || label.get()>
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
            <g class="layer-frame">{frame}</g>
            <g class="layer-cells">{cells}</g>
            <g class="layer-marks" aria-hidden="true">{overlay}</g>
            <g class="layer-pieces" aria-hidden="true">{pieces}</g>
        </svg>
    }
}
