//! The move list: moves in notation, two to a numbered line; a click jumps there.

use leptos::prelude::*;

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
    let rows = move || {
        let moves = moves.get();
        let cursor = cursor.get();
        moves
            .chunks(2)
            .enumerate()
            .map(|(row, pair)| {
                let cells = pair
                    .iter()
                    .enumerate()
                    .map(|(i, mv)| {
                        let ply = row * 2 + i + 1;
                        let current = ply == cursor;
                        view! {
                            <button class="move" class:current=current aria-current=current.then_some("step")
                                data-ply=ply on:click=move |_| on_jump.run(ply)>{mv.clone()}</button>
                        }
                    })
                    .collect_view();
                view! { <li><span class="number">{row + 1}"."</span>{cells}</li> }
            })
            .collect_view()
    };
    view! {
        <div class="move-list" aria-label="Moves">
            <Show when=move || !moves.with(Vec::is_empty) fallback=|| view! { <p class="empty">"No moves yet."</p> }>
                <ol>{rows}</ol>
            </Show>
        </div>
    }
}
