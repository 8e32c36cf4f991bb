//! The move box: a move typed in notation, with the reason when it is refused.

use leptos::prelude::*;
use rules::GameKind;

use crate::state::AppState;
use ludoteca_core::session::Intent;
use ludoteca_core::t;

/// An example of the game's move notation, for the move box.
fn notation_hint(kind: GameKind) -> String {
    match kind {
        GameKind::Attract => t!("e.g. {move}", move = "e2"),
        GameKind::Forms => t!("e.g. {move} or {other}", move = "d3xf6", other = "e4-e2"),
        GameKind::Ra => t!("e.g. {move}", move = "1k10-j10"),
        GameKind::Loa => t!("e.g. {move} or {other}", move = "b1-b3", other = "c1xa3"),
    }
}

/// The move box of the game `kind`.
#[component]
pub fn MoveForm(
    /// Which game, for the example notation.
    #[prop(into)]
    kind: Signal<GameKind>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let text = RwSignal::new(String::new());
    let input = NodeRef::<leptos::html::Input>::new();
    let error = state.derive(|s| s.move_error().map(str::to_owned));
    // At the end of a finished game there is no move to type.
    let finished = state.derive(ludoteca_core::session::Session::at_finish);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let cursor_before = state.session.with_untracked(|s| s.tree().cursor());
        state.dispatch(Intent::PlayText(text.get_untracked()));
        let played = state.session.with_untracked(|s| s.move_error().is_none() && s.tree().cursor() != cursor_before);
        if played {
            text.set(String::new());
        } else if let Some(input) = input.get_untracked() {
            // The refused text stays to be corrected, selected: what is
            // typed next replaces it instead of being added to it.
            input.select();
        }
    };
    view! {
        <form class="move-form" on:submit=on_submit hidden=move || finished.get()>
            <label for="move-input">{t!("Type a move")}</label>
            <div class="move-row">
                <input id="move-input" node_ref=input type="text" autocomplete="off" spellcheck="false"
                    placeholder=move || notation_hint(kind.get())
                    prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev))/>
                <button type="submit">{t!("Play")}</button>
            </div>
            <p class="move-error" role="alert">{move || error.get()}</p>
        </form>
    }
}
