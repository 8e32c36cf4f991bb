//! # Ludoteca, the browser app
//!
//! A Leptos single-page app (client-side rendering, built by Trunk) where
//! people play Attract, Forms, RA and Lines of Action.
//!
//! ## Design decisions
//! - Only what needs the browser lives here: components, pages, the app's
//!   state and the effects it runs, the page's side of the workers and of
//!   the library, sound. The behaviour — the session, the formats, the
//!   view adapters, the markup, the library's logic, the worker's protocol
//!   — is plain Rust in `ludoteca-core`, tested natively; the worker's
//!   program is `ludoteca-worker`.
//! - Components hold no rules. They render *view data* built by
//!   `ludoteca_core::view` and [`game_view`], and report what the player
//!   intends to the session.
//! - Boards are SVG drawn from data, and every cell carries `data-cell` with
//!   its coordinate and an accessible name that says what stands on it, so
//!   both screen readers and the browser tests can read the board back.

pub mod app;
pub mod components;
pub mod game_view;
pub mod i18n;
pub mod library;
pub mod pages;
pub mod sound;
pub mod state;
pub mod web;
pub mod worker;

pub use app::App;

/// The allocator of the app's `.wasm`: Talc, smaller and faster there than
/// the standard library's dlmalloc.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
