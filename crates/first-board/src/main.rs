//! The first board in the browser: `take_over`, called by the page's first
//! script (`public/first-paint.js`) once the board drawn ahead is on the
//! page (or, for a link with moves, with none), makes it playable; presses go to [`FirstBoard::press`] until the
//! app starts and removes the first paint.

#![cfg_attr(target_arch = "wasm32", no_main)]

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;

    use ludoteca_first_board::{FirstBoard, Shown};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{Element, Event};

    thread_local! {
        static BOARD: RefCell<Option<FirstBoard>> = const { RefCell::new(None) };
    }

    /// Makes the board drawn ahead in `#first-paint-page` playable, if the
    /// address opens a game to play; whether it did.
    #[wasm_bindgen]
    pub fn take_over() -> bool {
        let Some(window) = web_sys::window() else { return false };
        let Some(document) = window.document() else { return false };
        let Some(page) = document.get_element_by_id("first-paint-page") else { return false };
        let query = window.location().search().unwrap_or_default();
        // The seed a game against the computer is given (its search's
        // randomness, not a secret).
        let seed = (js_sys::Math::random() * 2f64.powi(53)) as u64 ^ (js_sys::Date::now() as u64).rotate_left(32);
        let Some(board) = FirstBoard::open(&query, seed) else { return false };
        // A link with no page drawn ahead (a game with moves): the first
        // board draws the board's column itself.
        if page.query_selector(".board-wrap").ok().flatten().is_none() {
            page.set_inner_html(&board.page());
        }
        let Ok(Some(wrap)) = page.query_selector(".board-wrap") else { return false };
        show(&document, &wrap, &board.shown());
        BOARD.with(|b| *b.borrow_mut() = Some(board));
        let _ = wrap.remove_attribute("aria-busy");
        let listener = Closure::<dyn Fn(Event)>::new(move |ev: Event| press(&ev));
        let added = wrap.add_event_listener_with_callback("click", listener.as_ref().unchecked_ref());
        // The listener lives as long as the page drawn ahead (the app removes it).
        listener.forget();
        added.is_ok()
    }

    /// A press on the board: the cell pressed, if any, played.
    fn press(ev: &Event) {
        let Some(cell) = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.closest("[data-cell]").ok().flatten())
            .and_then(|el| el.get_attribute("data-cell"))
        else {
            return;
        };
        let Some(shown) = BOARD.with(|b| b.borrow_mut().as_mut().and_then(|b| b.press(&cell))) else { return };
        let Some(window) = web_sys::window() else { return };
        let Some(document) = window.document() else { return };
        let Ok(Some(wrap)) = document.query_selector("#first-paint-page .board-wrap") else { return };
        if let Some(query) = &shown.query {
            // The app reads the position from here, and keeps the game at
            // once: the entry's state `true` says it was played ahead.
            let path = window.location().pathname().unwrap_or_default();
            if let Ok(history) = window.history() {
                let _ = history.replace_state_with_url(&JsValue::TRUE, "", Some(&format!("{path}{query}")));
            }
        }
        show(&document, &wrap, &shown);
    }

    /// The board and its status line on the page.
    fn show(document: &web_sys::Document, wrap: &Element, shown: &Shown) {
        // The board's markup is the drawing code's own, every text escaped.
        wrap.set_inner_html(&shown.board);
        if let Ok(Some(note)) = document.query_selector("#first-paint-page .first-paint-note") {
            note.set_text_content(Some(&shown.status));
        }
    }
}

/// Natively there is nothing to start: the first board runs in a browser.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
