//! RA: how many stones of the chosen stack move. The bar sits under the
//! board and keeps its room whether or not a stack is chosen, so choosing one
//! never moves the board.

use leptos::prelude::*;
use rules::GameKind;

use crate::game_view::GameView;
use crate::session::Intent;
use crate::session::model::selection::max_stones;
use crate::state::AppState;

/// The stones bar of an RA game; nothing for the other games.
#[component]
pub fn StonesBar(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let is_ra = move || game.spec.with(|s| s.kind() == GameKind::Ra);
    let content = move || {
        let selection = game.selection.get();
        let chosen = selection.from.and_then(|from| {
            let max = game.legal.with(|moves| max_stones(moves, from))?;
            let name = game.layout.with(|l| l.place(from).map(|c| c.name.clone()))?;
            Some((name, max))
        });
        match chosen {
            Some((name, max)) if max > 1 => {
                let buttons = (1..=max)
                    .map(|n| {
                        let pressed = selection.stones == Some(n);
                        view! {
                            <button class="stones" class:chosen=pressed aria-pressed=pressed.to_string()
                                on:click=move |_| state.dispatch(Intent::ChooseStones(n))>
                                {format!("{n} stone{}", if n == 1 { "" } else { "s" })}
                            </button>
                        }
                    })
                    .collect_view();
                view! { <span>"Move from " {name} ":"</span>{buttons} }.into_any()
            }
            Some((name, _)) => {
                view! { <span class="muted">{format!("A single stone moves from {name}.")}</span> }.into_any()
            }
            None => view! { <span class="muted">"Choose a stack, then how many of its stones move."</span> }.into_any(),
        }
    };
    move || {
        is_ra().then(|| {
            view! { <div class="stones-bar" role="group" aria-label="How many stones move">{content}</div> }
        })
    }
}
