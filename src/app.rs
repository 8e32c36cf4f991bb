//! The application shell: the routing between the home, play and rules
//! pages, the page-wide keys, and the header.

use leptos::ev;
use leptos::prelude::*;
use rules::{GameKind, GameSpec};

use crate::components::new_game::NewGameDialog;
use crate::pages::{embed::Embed, home::Home, play::Play, rules::RulesPage};
use crate::session::Intent;
use crate::session::history::Nav;
use crate::session::players::Seats;
use crate::session::url;
use crate::state::{AppState, Page};
use crate::web;

/// Whether a key event comes from a text field (where keys mean typing).
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().to_ascii_lowercase().as_str(), "input" | "select" | "textarea"))
}

/// What a page-wide key asks for on the play page.
fn key_intent(key: &str) -> Option<Intent> {
    Some(match key {
        "ArrowLeft" => Intent::Navigate(Nav::Back),
        "ArrowRight" => Intent::Navigate(Nav::Forward),
        "Home" => Intent::Navigate(Nav::First),
        "End" => Intent::Navigate(Nav::Last),
        "Escape" => Intent::Cancel,
        _ => return None,
    })
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    // A link that was partly wrong is corrected in the address bar at once.
    state.open_route(url::decode(&web::query()), false);
    let _ = window_event_listener(ev::beforeunload, move |_| state.shut_down());
    let _ = window_event_listener(ev::popstate, move |_| {
        state.forget_pending_url();
        state.open_route(url::decode(&web::query()), false);
    });
    let _ = window_event_listener(ev::keydown, move |ev| {
        if typing(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() || state.page.get_untracked() != Page::Play {
            return;
        }
        let board_has_focus = document().active_element().is_some_and(|el| el.class_list().contains("board-wrap"));
        let key = ev.key();
        match key.as_str() {
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" if board_has_focus => return, // the board's own keys
            "f" | "F" => state.flipped.update(|f| *f = !*f),
            other => match key_intent(other) {
                Some(intent) => state.dispatch(intent),
                None => return,
            },
        }
        ev.prevent_default();
    });
    let embedded = move || state.page.get() == Page::Play && state.session.with(|s| s.view().embed);
    view! {
        <Show when=embedded fallback=|| view! { <FullPage/> }>
            <Embed/>
        </Show>
    }
}

/// The page with its header.
#[component]
fn FullPage() -> impl IntoView {
    let state = expect_context::<AppState>();
    let dialog = move || {
        state.dialog.get().map(|kind| {
            view! {
                <NewGameDialog kind
                    on_start=Callback::new(move |(spec, seats): (GameSpec, Seats)| state.new_game(spec, seats))
                    on_cancel=Callback::new(move |()| state.dialog.set(None))/>
            }
        })
    };
    view! {
        <header class="top">
            <a class="brand" href="./" on:click=move |ev| {
                ev.prevent_default();
                state.go_home();
            }>"Ludoteca"</a>
            <nav class="top-nav" aria-label="Games">
                {GameKind::ALL
                    .into_iter()
                    .map(|kind| view! {
                        <a href=format!("?rules={}", kind.id()) on:click=move |ev| {
                            ev.prevent_default();
                            state.go_rules(kind);
                        }>{kind.name()}</a>
                    })
                    .collect_view()}
            </nav>
        </header>
        <main class="page">
            {move || match state.page.get() {
                Page::Home => view! { <Home/> }.into_any(),
                Page::Play => view! { <Play/> }.into_any(),
                Page::Rules(kind) => view! { <RulesPage kind/> }.into_any(),
            }}
        </main>
        {dialog}
    }
}
