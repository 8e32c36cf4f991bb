//! A modal dialog on the browser's own `<dialog>`: it takes the focus when it
//! opens and keeps it inside (the page behind is inert), Esc or a click
//! outside closes it, and the focus goes back where it was.

use leptos::html::Dialog;
use leptos::prelude::*;
use std::sync::{Arc, Mutex};

use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

/// A modal dialog named by the element `labelled_by`; `on_close` is asked to close it.
#[component]
pub fn Modal(
    /// The id of the dialog's heading.
    labelled_by: &'static str,
    /// Called when the player dismisses the dialog (Esc, a click outside).
    on_close: Callback<()>,
    /// The dialog's content.
    children: Children,
) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    // Where the focus was, to give it back; and the open dialog, to close it
    // first (nothing outside a modal dialog can take the focus).
    let before = document().active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let kept = Arc::new(Mutex::new((SendWrapper::new(before), SendWrapper::new(None::<web_sys::HtmlDialogElement>))));
    let opened = Arc::clone(&kept);
    Effect::new(move |_| {
        if let Some(d) = dialog.get()
            && !d.open()
        {
            let _ = d.show_modal();
            if let Ok(mut kept) = opened.lock() {
                kept.1 = SendWrapper::new(Some(d));
            }
        }
    });
    on_cleanup(move || {
        let Ok(kept) = kept.lock() else { return };
        if let Some(d) = kept.1.as_ref() {
            d.close();
        }
        if let Some(el) = kept.0.as_ref() {
            let _ = el.focus();
        }
    });
    view! {
        <dialog class="dialog" aria-labelledby=labelled_by node_ref=dialog
            on:cancel=move |ev: web_sys::Event| {
                // Esc: the page decides (it removes the dialog).
                ev.prevent_default();
                on_close.run(());
            }
            on:click=move |ev| {
                // A click on the backdrop lands on the dialog element itself.
                let on_backdrop = ev.target().zip(dialog.get_untracked()).is_some_and(|(t, d)| {
                    t.dyn_ref::<web_sys::HtmlElement>().is_some_and(|t| t == d.unchecked_ref::<web_sys::HtmlElement>())
                });
                if on_backdrop {
                    on_close.run(());
                }
            }>
            <div class="dialog-body">{children()}</div>
        </dialog>
    }
}
