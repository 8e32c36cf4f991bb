//! The board editor: a board to set up by pressing cells with the tool in
//! hand (a piece, the eraser, or the hand that carries pieces, also by
//! dragging them), and beside it the panel: the rules' verdict, the
//! palette, who moves, RA's score fields, the game and its options, the
//! position as text and as a link, and the ways on (play from here against
//! the computer or a friend, or analyse). The arrangement and every change
//! to it are [`ludoteca_core::session::editor`]'s; the panel's markup and what its
//! controls show are [`ludoteca_core::markup::editor`]'s; this page wires them.

use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::components::board::BoardWiring;
use crate::components::game_board::KeyedBoard;
use crate::state::AppState;
use crate::web;
use ludoteca_core::markup::board::Marks;
use ludoteca_core::markup::editor::{panel, props};
use ludoteca_core::session::editor::{Editor, Tool};
use ludoteca_core::view::Layout;
use ludoteca_core::{i18n, t};

/// The board editor.
#[component]
pub fn EditorPage() -> impl IntoView {
    let state = expect_context::<AppState>();
    // Another language reads the texts again where they are: the board
    // stays (see `app::FullPage`).
    let lang = state.lang;
    let spec = Memo::new(move |_| state.editor.with(Editor::spec));
    let news = RwSignal::new(String::new());
    let said = move |words: Option<String>| news.set(words.unwrap_or_default());
    let wiring = board_wiring(state, spec, said);
    let error = RwSignal::new(None::<String>);
    let side = NodeRef::<html::Aside>::new();
    keep_panel(state, side, spec, error);
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some((_, act)) = web::acted(&ev) else { return };
        let game = || state.editor.with_untracked(Editor::position).ok();
        match act.as_str() {
            "start" => said(state.edit(|e| {
                e.start();
                t!("The start position.")
            })),
            "clear" => said(state.edit(|e| {
                e.clear();
                t!("The board is empty.")
            })),
            "flip" => state.flip(),
            "copy" => {
                // The link field holds the whole link.
                web::copy(&web::field_value("editor-link"));
                news.set(t!("Link copied."));
            }
            "computer" | "friend" => {
                if let Some(game) = game() {
                    state.play_from(game, act == "computer");
                }
            }
            "analyse" | "solve" => {
                if let Some(game) = game() {
                    state.analyse(game, act == "solve");
                }
            }
            code => {
                if let Some(tool) = Tool::from_code(code) {
                    state.edit(|e| e.set_tool(tool));
                    let cell = document()
                        .element_from_point(ev.client_x() as f32, ev.client_y() as f32)
                        .and_then(|el| el.closest("[data-cell]").ok()?)
                        .and_then(|c| spec.get_untracked().cell_named(&c.get_attribute("data-cell")?));
                    if let Some(cell) = cell {
                        said(state.edit(|e| e.press(cell)));
                    }
                }
            }
        }
    };
    // A piece dragged from the palette keeps the pointer: its click comes
    // where it is let go, and over the board places it there.
    let on_down = move |ev: leptos::ev::PointerEvent| {
        if let Some(button) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()?.closest(".tool").ok()?) {
            let _ = button.set_pointer_capture(ev.pointer_id());
        }
    };
    let on_change = move |ev: leptos::ev::Event| {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let value = js_sys::Reflect::get(&target, &JsValue::from_str("value")).ok().and_then(|v| v.as_string());
        let id = target.id();
        match state.edit(|e| e.control(&id, &value.unwrap_or_default())) {
            Some(Ok(words)) => {
                error.set(None);
                said(Some(words));
            }
            Some(Err(why)) if id.starts_with("option-") => {
                error.set(Some(t!("These options do not go together: {reason}.", reason = why)))
            }
            Some(Err(why)) => error.set(Some(t!("This text cannot be set up: {reason}.", reason = why))),
            None => {}
        }
    };
    view! {
        <div class="play editor">
            <div class="play-board">
                <div class="play-title">
                    <h1>{crate::i18n::live(|| t!("Board editor"))}</h1>
                    <span class="spec">{move || lang.with(|_| i18n::text(spec.get().kind().name()))}</span>
                </div>
                {move || state.home_notices.get().into_iter().map(|n| view! { <p class="notice" role="alert">{n}</p> }).collect_view()}
                <KeyedBoard wiring news=news.into() after_tab=crate::i18n::live(|| t!("Tab leaves the board; then the panel sets up the rest."))/>
            </div>
            <aside class="play-side editor-side" aria-label=crate::i18n::live(|| t!("Set up")) node_ref=side on:click=on_click on:change=on_change
                on:pointerdown=on_down></aside>
        </div>
    }
}

/// The editor's board: its picture from the editor, its presses to it.
fn board_wiring(
    state: AppState,
    spec: Memo<rules::GameSpec>,
    said: impl Fn(Option<String>) + Copy + Send + Sync + 'static,
) -> BoardWiring {
    BoardWiring {
        layout: Memo::new(move |_| Arc::new(Layout::of(&spec.get()))).into(),
        pieces: Memo::new(move |_| state.editor.with(|e| e.board().pieces.clone())).into(),
        marks: Memo::new(move |_| Marks {
            selected: state.editor.with(Editor::picked),
            focus: state.board.focus.get(),
            ..Marks::default()
        })
        .into(),
        animation: Signal::derive(|| None),
        on_cell: Callback::new(move |cell| said(state.edit(|e| e.press(cell)))),
        on_drop: Callback::new(move |cell| said(state.edit(|e| e.drop(cell)))),
        on_draw: None,
        label: Signal::derive(move || {
            state.lang.track();
            t!("{game} board being set up", game = i18n::text(spec.get().kind().name()))
        }),
    }
}

/// The panel's controls, written anew for another game or other options
/// (the focus goes back to the control that had it); then what they show.
fn keep_panel(
    state: AppState,
    side: NodeRef<html::Aside>,
    spec: Memo<rules::GameSpec>,
    error: RwSignal<Option<String>>,
) {
    let base = web::page_address();
    // Written again for another game, or in another language.
    let written = StoredValue::new(None::<(rules::GameSpec, i18n::Lang)>);
    Effect::new(move |_| {
        let Some(el) = side.get() else { return };
        let spec = spec.get();
        let lang = state.lang.get();
        if written.get_value() != Some((spec, lang)) {
            let focused = document().active_element().map(|a| a.id()).filter(|id| !id.is_empty());
            web::set_markup(&el, &panel(&spec));
            written.set_value(Some((spec, lang)));
            if let Some(el) = focused.and_then(|id| document().get_element_by_id(&id))
                && let Ok(el) = el.dyn_into::<web_sys::HtmlElement>()
            {
                let _ = el.focus();
            }
        }
        let shown = error.get();
        state.editor.with(|e| web::apply_props(props(e, shown.as_deref(), &base)));
    });
}
