//! An N×N board drawn in SVG from a [`SquareBoardView`].

use leptos::prelude::*;

use crate::games::{CellView, SquareBoardView};

/// The side of one cell in SVG units.
const CELL: usize = 100;
/// Room around the board for the coordinates.
const MARGIN: usize = 44;

/// Where the top-left corner of a cell is drawn: row 1 at the bottom, column a on the left.
fn origin(cell: &CellView, size: usize) -> (usize, usize) {
    (MARGIN + cell.file * CELL, MARGIN + (size - 1 - cell.rank) * CELL)
}

/// One cell: its square, and its stone if it has one.
#[component]
fn Cell(cell: CellView, size: usize, checkered: bool) -> impl IntoView {
    let (x, y) = origin(&cell, size);
    let dark = checkered && (cell.file + cell.rank).is_multiple_of(2);
    let square_class = if dark { "square dark" } else { "square light" };
    let stone = cell.stone.map(|player| {
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        view! {
            <circle class=format!("stone {}", player.name()) cx=cx cy=cy r="38"></circle>
        }
    });
    view! {
        <g class="cell" data-cell=cell.name role="img" aria-label=cell.label>
            <rect class=square_class x=x y=y width=CELL height=CELL></rect>
            {stone}
        </g>
    }
}

/// A square board with coordinates along its edges.
#[component]
pub fn SquareBoard(
    /// What to draw.
    #[prop(into)]
    board: Signal<SquareBoardView>,
    /// A name for the whole board, for screen readers.
    #[prop(into)]
    label: String,
) -> impl IntoView {
    move || {
        let view = board.get();
        let size = view.size;
        let side = size * CELL + 2 * MARGIN;
        let checkered = view.checkered;
        let cells = view.cells.into_iter().map(|cell| view! { <Cell cell size checkered/> }).collect_view();
        let files = (0..size)
            .map(|file| {
                let x = MARGIN + file * CELL + CELL / 2;
                let letter = char::from(b'a' + file as u8).to_string();
                view! {
                    <text class="coord" x=x y=side - MARGIN / 2 + 9 aria-hidden="true">{letter.clone()}</text>
                    <text class="coord" x=x y=MARGIN / 2 + 9 aria-hidden="true">{letter}</text>
                }
            })
            .collect_view();
        let ranks = (0..size)
            .map(|rank| {
                let y = MARGIN + (size - 1 - rank) * CELL + CELL / 2 + 9;
                view! {
                    <text class="coord" x=MARGIN / 2 y=y aria-hidden="true">{rank + 1}</text>
                    <text class="coord" x=side - MARGIN / 2 y=y aria-hidden="true">{rank + 1}</text>
                }
            })
            .collect_view();
        view! {
            <svg class="board" viewBox=format!("0 0 {side} {side}") role="group" aria-label=label.clone()>
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
                </defs>
                <rect class="frame" x="0" y="0" width=side height=side rx="18"></rect>
                {files}
                {ranks}
                <g class="cells">{cells}</g>
                <rect class="edge" x=MARGIN y=MARGIN width=size * CELL height=size * CELL></rect>
            </svg>
        }
    }
}
