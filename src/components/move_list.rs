//! The move list: moves in notation, two to a numbered line; a click jumps
//! there, and the list keeps the current move in view.

use std::cell::Cell;
use std::rc::Rc;

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Scrolls `list` (and only it, never the page) so that its current move
/// shows. `scrolled` says whether the list may be scrolled away from its top:
/// when it is not and no move is current, nothing needs to be read or moved.
fn keep_in_view(list: &web_sys::HtmlElement, scrolled: &Cell<bool>) {
    let current =
        list.query_selector(".current").ok().flatten().and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(current) = current else {
        // At the start: the top of the list.
        if scrolled.replace(false) {
            list.set_scroll_top(0);
            list.set_scroll_left(0);
        }
        return;
    };
    // The list is the positioned parent of its moves (see the stylesheet). On
    // phones it is a strip that scrolls sideways; elsewhere a column.
    let sideways = list.scroll_width() > list.client_width() + 1;
    let (start, size, shown, room) = if sideways {
        (current.offset_left(), current.offset_width(), list.scroll_left(), list.client_width())
    } else {
        (current.offset_top(), current.offset_height(), list.scroll_top(), list.client_height())
    };
    let to = if start < shown {
        start
    } else if start + size > shown + room {
        start + size - room
    } else {
        shown
    };
    if to != shown {
        if sideways {
            list.set_scroll_left(to);
        } else {
            list.set_scroll_top(to);
        }
    }
    scrolled.set(to > 0);
}

/// The moves of the game, the current one highlighted.
#[component]
pub fn MoveList(
    /// The moves in notation.
    #[prop(into)]
    moves: Signal<Vec<String>>,
    /// How many moves the board shows.
    #[prop(into)]
    cursor: Signal<usize>,
    /// Called with a ply (1 = after the first move) when a move is clicked.
    on_jump: Callback<usize>,
) -> impl IntoView {
    let list = NodeRef::<Div>::new();
    let scrolled = Rc::new(Cell::new(false));
    Effect::new(move |_| {
        cursor.track();
        moves.track();
        // In the next frame, when the browser lays the page out anyway:
        // reading positions now would force a layout inside this task.
        let scrolled = Rc::clone(&scrolled);
        request_animation_frame(move || {
            if let Some(list) = list.try_get_untracked().flatten() {
                keep_in_view(&list, &scrolled);
            }
        });
    });
    // A row per move number, keyed by its moves: a new move adds or changes
    // one row, and the rest stay as they are.
    let rows = move || {
        moves.with(|moves| {
            moves
                .chunks(2)
                .enumerate()
                .map(|(row, pair)| (row, pair[0].clone(), pair.get(1).cloned()))
                .collect::<Vec<_>>()
        })
    };
    let button = move |ply: usize, text: String| {
        let current = move || cursor.get() == ply;
        view! {
            <button class="move" class:current=current aria-current=move || current().then_some("step")
                data-ply=ply on:click=move |_| on_jump.run(ply)>{text}</button>
        }
    };
    view! {
        <div class="move-list" aria-label="Moves" node_ref=list>
            <Show when=move || !moves.with(Vec::is_empty) fallback=|| view! { <p class="empty">"No moves yet."</p> }>
                <ol>
                    <For each=rows key=|row| row.clone() let((row, first, second))>
                        <li><span class="number">{row + 1}"."</span>{button(row * 2 + 1, first)}
                            {second.map(|second| button(row * 2 + 2, second))}</li>
                    </For>
                </ol>
            </Show>
        </div>
    }
}
