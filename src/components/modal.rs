//! A modal dialog on the browser's own `<dialog>`: it takes the focus when it
//! opens and keeps it inside, Esc or a click outside closes it, and the focus
//! goes back where it was.
//!
//! The dialog is open (`open`) inside a layer shown in the top layer as a
//! manual popover, rather than opened with `showModal()`: a modal dialog
//! makes the whole page behind it inert, which costs a style recalculation of
//! every element — 20 to 57 ms at 4× CPU on an 18×18 board, against 4–6 ms
//! for a popover (docs/lab/performance.md). (The popover is the layer, not
//! the dialog: a dialog shown as a popover would run the dialog's focusing
//! steps, which lay the page out inside the click's task.) What the inert
//! page gave is done here: the layer covers the viewport as the backdrop, so
//! nothing behind takes a click; Tab and Shift+Tab go round inside the
//! dialog; `aria-modal` tells assistive technology that the page behind is out
//! of reach; and the focus moves in once the dialog has been drawn, in a task
//! of its own.

use leptos::html::Div;
use leptos::prelude::*;
use std::sync::{Arc, Mutex};

use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

/// What takes the focus by Tab inside the dialog.
const FOCUSABLE: &str = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex=\"-1\"])";

/// The dialog's elements that Tab reaches, in order (those shown).
fn focusable(dialog: &web_sys::HtmlElement) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|e| e.offset_parent().is_some())
        .collect()
}

/// The focus into the dialog: its control marked `autofocus`, or its first.
fn focus_first(dialog: &web_sys::HtmlElement) {
    // Not when the player has already gone into it (or it has closed).
    if !dialog.is_connected() || document().active_element().is_some_and(|a| dialog.contains(Some(&a))) {
        return;
    }
    let marked =
        dialog.query_selector("[autofocus]").ok().flatten().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(to) = marked.or_else(|| focusable(dialog).into_iter().next()) {
        let _ = to.focus();
    }
}

/// Tab on the last element goes to the first, Shift+Tab on the first (or on
/// the dialog itself) to the last: the focus never leaves the dialog.
fn keep_focus_inside(dialog: &web_sys::HtmlElement, ev: &web_sys::KeyboardEvent) {
    let inside = focusable(dialog);
    let (Some(first), Some(last)) = (inside.first(), inside.last()) else {
        ev.prevent_default();
        return;
    };
    let active = document().active_element();
    let on = |e: &web_sys::HtmlElement| active.as_ref().is_some_and(|a| a == e.unchecked_ref::<web_sys::Element>());
    let on_dialog =
        active.as_ref().is_none_or(|a| a == dialog.unchecked_ref::<web_sys::Element>() || !dialog.contains(Some(a)));
    let to = if ev.shift_key() && (on(first) || on_dialog) {
        Some(last)
    } else if !ev.shift_key() && (on(last) || on_dialog) {
        Some(first)
    } else {
        None
    };
    if let Some(to) = to {
        ev.prevent_default();
        let _ = to.focus();
    }
}

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
    let layer = NodeRef::<Div>::new();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    // Where the focus was, to give it back; and the open dialog, to close it.
    let before = document().active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    let kept = Arc::new(Mutex::new((SendWrapper::new(before), SendWrapper::new(None::<web_sys::HtmlDivElement>))));
    let opened = Arc::clone(&kept);
    Effect::new(move |_| {
        if let (Some(l), Some(d)) = (layer.get(), dialog.get())
            && !l.matches(":popover-open").unwrap_or(true)
        {
            // Shown at the next frame, so that building the dialog and
            // drawing it are two tasks, not one.
            if let Ok(mut kept) = opened.lock() {
                kept.1 = SendWrapper::new(Some(l.clone()));
            }
            request_animation_frame(move || {
                if l.is_connected() {
                    let _ = l.show_popover();
                    set_timeout(move || focus_first(&d), std::time::Duration::ZERO);
                }
            });
        }
    });
    on_cleanup(move || {
        let Ok(kept) = kept.lock() else { return };
        if let Some(l) = kept.1.as_ref() {
            let _ = l.hide_popover();
        }
        if let Some(el) = kept.0.as_ref() {
            let _ = el.focus();
        }
    });
    view! {
        <div class="dialog-layer" popover="manual" node_ref=layer
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                match ev.key().as_str() {
                    // Esc: the page decides (it removes the dialog).
                    "Escape" => {
                        ev.prevent_default();
                        on_close.run(());
                    }
                    "Tab" => {
                        if let Some(d) = dialog.get_untracked() {
                            keep_focus_inside(&d, &ev);
                        }
                    }
                    _ => {}
                }
            }
            on:click=move |ev| {
                // A click on the layer itself is a click outside the dialog.
                let outside = ev.target().zip(layer.get_untracked()).is_some_and(|(t, l)| {
                    t.dyn_ref::<web_sys::HtmlElement>().is_some_and(|t| t == l.unchecked_ref::<web_sys::HtmlElement>())
                });
                if outside {
                    on_close.run(());
                }
            }>
            <dialog class="dialog" open aria-modal="true" tabindex="-1" aria-labelledby=labelled_by node_ref=dialog>
                <div class="dialog-body">{children()}</div>
            </dialog>
        </div>
    }
}
