//! Under the board: in RA, how many stones of the chosen stack move (the
//! bar keeps its room whether or not a stack is chosen, so choosing one
//! never moves the board); in the other games, how to move, in one line,
//! until the game's first move.

use leptos::prelude::*;
use rules::GameKind;

use crate::game_view::GameView;
use crate::state::AppState;
use ludoteca_core::session::Intent;
use ludoteca_core::session::model::selection::max_stones;
use ludoteca_core::{t, tn};

/// How to move in `kind`, in one line.
fn how_to_move(kind: GameKind) -> String {
    match kind {
        GameKind::Attract => t!("Press an empty cell to place a stone."),
        GameKind::Forms => t!("Press a stone, then one of its marked cells, or drag it there."),
        GameKind::Loa => t!("Press a piece, then one of its marked cells, or drag it there."),
        GameKind::Ra => t!("Choose a stack, then how many of its stones move."),
    }
}

/// The stones bar of an RA game; for the other games, how to move until the first move.
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
                                {tn!(n, "{n} stone", "{n} stones")}
                            </button>
                        }
                    })
                    .collect_view();
                view! { <span>{t!("Move from {cell}:", cell = name)}</span>{buttons} }.into_any()
            }
            Some((name, _)) => {
                view! { <span class="muted">{t!("A single stone moves from {cell}.", cell = name)}</span> }.into_any()
            }
            None => view! { <span class="muted">{how_to_move(GameKind::Ra)}</span> }.into_any(),
        }
    };
    let fresh = state.derive(|s| s.tree().main_line().is_empty() && s.presentation().interactive);
    move || {
        if is_ra() {
            view! { <div class="stones-bar" role="group" aria-label=t!("How many stones move")>{content}</div> }
                .into_any()
        } else {
            let kind = game.spec.with(|s| s.kind());
            fresh.get().then(|| view! { <p class="move-hint muted">{how_to_move(kind)}</p> }).into_any()
        }
    }
}
