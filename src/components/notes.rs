//! The Notes dialog: the mark and the comment on the move shown, and the
//! game's information (players, event, place, date, round, name, a comment
//! on the game). Its form is markup written once as it opens
//! ([`ludoteca_core::markup::notes`]); *Save* reads it back by id.

use leptos::html;
use leptos::prelude::*;

use crate::components::modal::Modal;
use crate::state::AppState;
use crate::web;
use ludoteca_core::markup::notes::form;
use ludoteca_core::session::Intent;
use ludoteca_core::session::model::info::PlayerNotes;
use ludoteca_core::t;

/// The dialog, while `state.dialogs.notes_open`.
#[component]
pub fn NotesDialog() -> impl IntoView {
    let state = expect_context::<AppState>();
    let body = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = body.get() {
            state.session.with_untracked(|s| web::set_markup(&el, &form(s.tree())));
        }
    });
    let close = Callback::new(move |()| state.dialogs.notes_open.set(false));
    view! {
        <Modal labelled_by="notes-title" on_close=close>
            <h2 id="notes-title">{t!("Notes")}</h2>
            <div node_ref=body></div>
            <div class="dialog-buttons">
                <button class="secondary" on:click=move |_| close.run(())>{t!("Cancel")}</button>
                <button class="primary" on:click=move |_| {
                    state.dispatch(Intent::Notes(Box::new(PlayerNotes::read(web::field_value))));
                    close.run(());
                }>{t!("Save")}</button>
            </div>
        </Modal>
    }
}
