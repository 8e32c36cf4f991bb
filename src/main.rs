//! The browser entry point: install the panic hook, then mount the app.
//! It starts as wasm-bindgen's start function, without the standard
//! library's `main` (which would set up standard output and its errors,
//! nearly a kilobyte the page never uses).

#![cfg_attr(target_arch = "wasm32", no_main)]

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
fn start() {
    // The release build stops at a panic without a message (see
    // scripts/build/release): no hook to install, and none of its code.
    #[cfg(not(panic = "immediate-abort"))]
    console_error_panic_hook::set_once();
    // The visitor's language: English at once; another once its file is
    // read (from the service worker's cache after the first visit), so the
    // app draws in it from its first frame. A file that cannot be had
    // leaves English.
    let stored = ludoteca_app::web::load(ludoteca_app::state::PREFS)
        .and_then(|text| ludoteca_core::session::formats::prefs::Prefs::read(&text).lang);
    let lang = ludoteca_app::i18n::wanted(stored);
    if lang == ludoteca_core::i18n::Lang::En {
        mount();
    } else {
        // Before the mount, which sets up Leptos's executor: the browser's.
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = ludoteca_app::i18n::switch_to(lang).await {
                leptos::logging::warn!("the language {lang} could not be loaded: {e}");
            }
            mount();
        });
    }
}

/// What the page showed before the app loaded (`markup::first_paint`)
/// gives way, in the same task as the app's first drawing: one paint.
#[cfg(target_arch = "wasm32")]
fn mount() {
    if let Some(first) = leptos::prelude::document().get_element_by_id("first-paint") {
        first.remove();
    }
    leptos::mount::mount_to_body(ludoteca_app::App);
}

/// Natively there is nothing to start: the app runs in a browser.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
