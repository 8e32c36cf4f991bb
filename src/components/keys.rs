//! The list of keys, opened with `?` (or its button on the play page): every
//! key the play page takes, in a modal dialog.

use leptos::prelude::*;

use crate::components::modal::Modal;
use crate::state::AppState;
use ludoteca_core::t;

/// Every key and what it does, in the order a player meets them (a key's
/// name as keyboards print it stays as it is).
#[must_use]
pub fn keys() -> [(String, String); 11] {
    [
        ("← →".to_owned(), t!("step back and forward through the game (whenever the focus is not in a text field)")),
        ("Home End".to_owned(), t!("go to the start or the end of the game")),
        ("↑ ↓".to_owned(), t!("switch to the previous or next variation")),
        ("f".to_owned(), t!("flip the board")),
        ("Esc".to_owned(), t!("drop the selected piece or the queued move; close a dialog")),
        ("1 2 3".to_owned(), t!("RA: how many stones of the chosen stack move")),
        ("Tab".to_owned(), t!("move between the board and the controls; “Skip to the board” comes first")),
        (t!("arrow keys on the board"), t!("move over the cells (when the board was reached with Tab)")),
        (t!("Enter or Space on the board"), t!("press the cell: pick up a piece, or move it there")),
        (t!("Enter in the move box"), t!("play the move typed in notation")),
        ("?".to_owned(), t!("this list")),
    ]
}

/// The dialog listing [`keys`].
#[component]
pub fn KeysDialog() -> impl IntoView {
    let dialogs = expect_context::<AppState>().dialogs;
    let close = Callback::new(move |()| dialogs.keys_help.set(false));
    view! {
        <Modal labelled_by="keys-title" on_close=close>
            <h2 id="keys-title">{t!("Keys")}</h2>
            <dl class="keys">
                {keys().into_iter().map(|(key, what)| view! { <dt><kbd>{key}</kbd></dt><dd>{what}</dd> }).collect_view()}
            </dl>
            <div class="dialog-buttons">
                <button on:click=move |_| dialogs.keys_help.set(false)>{t!("Close")}</button>
            </div>
        </Modal>
    }
}
