//! The move list: the main line two moves to a numbered row, variations on
//! rows of their own under the move they replace; a click jumps to a move,
//! and the list keeps the current move in view.

use std::cell::Cell;
use std::rc::Rc;

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::AppState;
use crate::web;
use ludoteca_core::markup::Markup;
use ludoteca_core::session::Intent;
use ludoteca_core::session::Session;
use ludoteca_core::session::model::tree::NodeId;
use ludoteca_core::t;

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
    // On the last move of a finished game, its result (the list's last
    // line) shows with it, never cut off below.
    let last = list.query_selector_all(".move").ok().and_then(|moves| moves.item(moves.length().checked_sub(1)?));
    let result = list.query_selector(".result").ok().flatten().and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok());
    let end = match result {
        Some(result) if last.is_some_and(|m| m.is_same_node(Some(&current))) => result,
        _ => current.clone(),
    };
    let (start, size, shown, room) = if sideways {
        let size = end.offset_left() + end.offset_width() - current.offset_left();
        (current.offset_left(), size, list.scroll_left(), list.client_width())
    } else {
        let size = end.offset_top() + end.offset_height() - current.offset_top();
        (current.offset_top(), size, list.scroll_top(), list.client_height())
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

/// Marks `node`'s move as the current one (and no other).
fn mark_current(list: &web_sys::Element, node: NodeId) {
    if let Ok(Some(old)) = list.query_selector(".current") {
        let _ = old.class_list().remove_1("current");
        let _ = old.remove_attribute("aria-current");
    }
    if let Ok(Some(new)) = list.query_selector(&format!("[data-node=\"{}\"]", node.index())) {
        let _ = new.class_list().add_1("current");
        let _ = new.set_attribute("aria-current", "step");
    }
}

/// The moves of the game, the current one highlighted. The list is written
/// as markup (see `ludoteca_core::markup::moves`) and replaced when the moves change;
/// moving through the game only moves the mark, so a move keeps the focus.
#[component]
pub fn MoveList(
    /// The list's markup.
    #[prop(into)]
    markup: Signal<Markup>,
    /// The move the board shows.
    #[prop(into)]
    cursor: Signal<NodeId>,
    /// Called with a move's node when it is clicked.
    on_jump: Callback<NodeId>,
) -> impl IntoView {
    let list = NodeRef::<Div>::new();
    let scrolled = Rc::new(Cell::new(false));
    let follow = move |list: web_sys::HtmlElement| {
        // In the next frame, when the browser lays the page out anyway:
        // reading positions now would force a layout inside this task.
        let scrolled = Rc::clone(&scrolled);
        request_animation_frame(move || keep_in_view(&list, &scrolled));
    };
    let follow_too = follow.clone();
    Effect::new(move |_| {
        let Some(el) = list.get() else { return };
        markup.with(|m| crate::web::set_markup(&el, m));
        mark_current(&el, cursor.get_untracked());
        follow_too(el.into());
    });
    Effect::new(move |_| {
        let node = cursor.get();
        if let Some(el) = list.get_untracked() {
            mark_current(&el, node);
            follow(el.into());
        }
    });
    let click = move |ev: web_sys::MouseEvent| {
        let node = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[data-node]").ok().flatten())
            .and_then(|b| b.get_attribute("data-node"))
            .and_then(|i| i.parse().ok());
        if let Some(index) = node {
            on_jump.run(NodeId::from_index(index));
        }
    };
    view! { <div class="move-list" aria-label=t!("Moves") node_ref=list on:click=click></div> }
}

/// What can be done with the line shown, when the game has variations: make
/// it the main line, or delete the move shown and all that follows it.
#[component]
pub fn LineActions() -> impl IntoView {
    let state = expect_context::<AppState>();
    let branched = state.derive(|s| !s.tree().is_line());
    let on_main = state.derive(|s| s.tree().main_ply().is_some());
    let at_start = state.derive(|s| !s.tree().can_back());
    view! {
        <Show when=move || branched.get()>
            <div class="line-actions" role="group" aria-label=t!("Variation: keys up and down switch lines")
                title=t!("Keys ↑ and ↓ switch to the previous or next line")>
                <button on:click=move |_| state.dispatch(Intent::Promote) disabled=move || on_main.get()
                    title=move || if on_main.get() { t!("This line is already the main line") } else { t!("Make the line shown the main line") }>
                    {t!("Make main line")}
                </button>
                <button on:click=move |_| state.dispatch(Intent::DeleteFromHere) disabled=move || at_start.get()
                    title=move || if at_start.get() { t!("At the start there is no move to delete") } else { t!("Delete the move shown and all that follows it") }>
                    {t!("Delete from here")}
                </button>
                <button on:click=move |_| {
                    let line = state.session.with_untracked(Session::line_query);
                    web::copy(&format!("{}{line}", web::page_address()));
                }>{t!("Copy line")}</button>
            </div>
        </Show>
    }
}
