//! The list of keys, opened with `?` (or its button on the play page): every
//! key the play page takes, in a modal dialog.

use leptos::prelude::*;

use crate::components::modal::Modal;
use crate::state::AppState;

/// Every key and what it does, in the order a player meets them.
pub const KEYS: [(&str, &str); 11] = [
    ("← →", "step back and forward through the game (whenever the focus is not in a text field)"),
    ("Home End", "go to the start or the end of the game"),
    ("↑ ↓", "switch to the previous or next variation"),
    ("f", "flip the board"),
    ("Esc", "drop the selected piece or the queued move; close a dialog"),
    ("1 2 3", "RA: how many stones of the chosen stack move"),
    ("Tab", "move between the board and the controls; “Skip to the board” comes first"),
    ("arrow keys on the board", "move over the cells (when the board was reached with Tab)"),
    ("Enter or Space on the board", "press the cell: pick up a piece, or move it there"),
    ("Enter in the move box", "play the move typed in notation"),
    ("?", "this list"),
];

/// The dialog listing [`KEYS`].
#[component]
pub fn KeysDialog() -> impl IntoView {
    let dialogs = expect_context::<AppState>().dialogs;
    let close = Callback::new(move |()| dialogs.keys_help.set(false));
    view! {
        <Modal labelled_by="keys-title" on_close=close>
            <h2 id="keys-title">"Keys"</h2>
            <dl class="keys">
                {KEYS.iter().map(|(key, what)| view! { <dt><kbd>{*key}</kbd></dt><dd>{*what}</dd> }).collect_view()}
            </dl>
            <div class="dialog-buttons">
                <button on:click=move |_| dialogs.keys_help.set(false)>"Close"</button>
            </div>
        </Modal>
    }
}
