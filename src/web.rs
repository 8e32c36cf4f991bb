//! Thin wrappers over the browser: the address bar, local storage, the
//! clipboard and media queries. Failures are ignored or reported as `None`:
//! a browser that refuses (private mode, old engine) must not break play.

use leptos::prelude::window;

/// The current query string, `?…` or empty.
#[must_use]
pub fn query() -> String {
    window().location().search().unwrap_or_default()
}

fn path() -> String {
    window().location().pathname().unwrap_or_else(|_| "./".to_owned())
}

/// Replaces the address bar's query (no new history entry).
pub fn replace_query(query: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{}{query}", path())));
    }
}

/// Sets the address bar's query as a new history entry.
pub fn push_query(query: &str) {
    if query == self::query() {
        return;
    }
    if let Ok(history) = window().history() {
        let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{}{query}", path())));
    }
}

/// The page's full address.
#[must_use]
pub fn href() -> String {
    window().location().href().unwrap_or_default()
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Reads a value from local storage.
#[must_use]
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Writes a value to local storage.
pub fn save(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// Removes a value from local storage.
pub fn forget(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Puts `text` on the clipboard.
pub fn copy(text: &str) {
    let _ = window().navigator().clipboard().write_text(text);
}

/// Whether the user asked the system for reduced motion.
#[must_use]
pub fn prefers_reduced_motion() -> bool {
    window().match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches())
}
