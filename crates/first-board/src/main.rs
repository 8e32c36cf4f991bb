//! The first board in the browser: `take_over`, called by the page's first
//! script (`public/first-paint.js`) once the page drawn ahead is on the page
//! (or, for a link with moves, with none), makes it playable: a game's
//! board, or the home page's ways into a game, which then open the game in
//! place. Presses go to [`FirstBoard`] until the app starts and removes the
//! first paint; what the first board takes, it keeps from the page's first
//! script (which keeps the other presses for the app).

#![cfg_attr(target_arch = "wasm32", no_main)]

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;

    use ludoteca_first_board::{FirstBoard, Shown, home_game};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{Document, Element, Event, Window};

    thread_local! {
        static BOARD: RefCell<Option<FirstBoard>> = const { RefCell::new(None) };
    }

    /// A random seed for a game against the computer (its search's
    /// randomness, not a secret).
    fn seed() -> u64 {
        (js_sys::Math::random() * 2f64.powi(53)) as u64 ^ (js_sys::Date::now() as u64).rotate_left(32)
    }

    /// Makes the page drawn ahead in `#first-paint-page` playable: a game's
    /// board when the address opens a game to play, the home page's ways
    /// into a game; whether it did.
    #[wasm_bindgen]
    pub fn take_over() -> bool {
        let Some(window) = web_sys::window() else { return false };
        let Some(document) = window.document() else { return false };
        let Some(page) = document.get_element_by_id("first-paint-page") else { return false };
        let query = window.location().search().unwrap_or_default();
        if let Some(board) = FirstBoard::open(&query, seed()) {
            // A link with no page drawn ahead (a game with moves): the first
            // board draws the board's column itself.
            // Otherwise the board drawn ahead (the start position, "loading")
            // is drawn anew, playable.
            if page.query_selector(".board-wrap").ok().flatten().is_none() {
                page.set_inner_html(&board.page());
            } else {
                show(&document, &board.shown());
            }
            playable(&document);
            BOARD.with(|b| *b.borrow_mut() = Some(board));
        } else if page.query_selector(".home-choices").ok().flatten().is_none() {
            return false;
        }
        let _ = page.set_attribute("data-live", "");
        let listener = Closure::<dyn Fn(Event)>::new(move |ev: Event| press(&ev));
        let added = page.add_event_listener_with_callback("click", listener.as_ref().unchecked_ref());
        // The listener lives as long as the page drawn ahead (the app removes it).
        listener.forget();
        added.is_ok()
    }

    /// A press: a cell played on the board, or a way into a game on the
    /// home page; what it takes goes no further.
    fn press(ev: &Event) {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let Some(window) = web_sys::window() else { return };
        let Some(document) = window.document() else { return };
        let cell = target.closest("[data-cell]").ok().flatten().and_then(|el| el.get_attribute("data-cell"));
        let playing = BOARD.with(|b| b.borrow().is_some());
        if playing && let Some(cell) = cell {
            ev.stop_propagation();
            let Some(shown) = BOARD.with(|b| b.borrow_mut().as_mut().and_then(|b| b.press(&cell))) else { return };
            if let Some(query) = &shown.query {
                // The app reads the position from here, and keeps the game at
                // once: the entry's state `true` says it was played ahead.
                set_address(&window, query, false);
            }
            show(&document, &shown);
            return;
        }
        let act = target.closest("[data-act]").ok().flatten().and_then(|el| el.get_attribute("data-act"));
        if playing || act.is_none() {
            return;
        }
        let act = act.unwrap_or_default();
        let id = act.split_once(':').map_or("", |(_, id)| id);
        let attribute = |selector: &str, name: &str| {
            document.query_selector(selector).ok().flatten().and_then(|el| el.get_attribute(name)).unwrap_or_default()
        };
        let spec = attribute(&format!("#card-board-{id}"), "data-spec");
        let side = attribute("input[name=side]:checked", "value");
        let level = document
            .get_element_by_id("home-level")
            .and_then(|el| js_sys::Reflect::get(&el, &JsValue::from_str("value")).ok())
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        let Some((spec, seats)) = home_game(&act, &spec, &level, &side, js_sys::Math::random() < 0.5) else { return };
        ev.stop_propagation();
        ev.prevent_default();
        let board = FirstBoard::start(spec, seats, seed());
        let Some(page) = document.get_element_by_id("first-paint-page") else { return };
        // The column, drawn once with the start position.
        page.set_inner_html(&board.page());
        playable(&document);
        set_address(&window, &board.query(), true);
        window.scroll_to_with_x_and_y(0.0, 0.0);
        BOARD.with(|b| *b.borrow_mut() = Some(board));
    }

    /// The address bar: a new game's as a new entry, a move's in place
    /// (marked as played ahead).
    fn set_address(window: &Window, query: &str, new_game: bool) {
        let path = window.location().pathname().unwrap_or_default();
        let Ok(history) = window.history() else { return };
        let url = format!("{path}{query}");
        let _ = if new_game {
            history.push_state_with_url(&JsValue::NULL, "", Some(&url))
        } else {
            history.replace_state_with_url(&JsValue::TRUE, "", Some(&url))
        };
    }

    /// The board and its status line on the page.
    fn show(document: &Document, shown: &Shown) {
        let Ok(Some(wrap)) = document.query_selector("#first-paint-page .board-wrap") else { return };
        // The board's markup is the drawing code's own, every text escaped.
        wrap.set_inner_html(&shown.board);
        // A page drawn ahead in another language gives its words for the
        // board's name and whose move it is; this module speaks English.
        if let Some(name) = wrap.get_attribute("data-board")
            && let Ok(Some(picture)) = wrap.query_selector("[role=img]")
        {
            let _ = picture.set_attribute("aria-label", &name);
        }
        if let Ok(Some(note)) = document.query_selector("#first-paint-page .first-paint-note") {
            let said = shown.say.and_then(|key| note.get_attribute(&format!("data-{key}")));
            note.set_text_content(Some(said.as_deref().unwrap_or(&shown.status)));
        }
    }

    /// The board on the page no longer waits: it takes presses.
    fn playable(document: &Document) {
        if let Ok(Some(wrap)) = document.query_selector("#first-paint-page .board-wrap") {
            let _ = wrap.remove_attribute("aria-busy");
        }
    }
}

/// Natively there is nothing to start: the first board runs in a browser.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
