//! # Ludoteca, the browser app
//!
//! A Leptos single-page app (client-side rendering, built by Trunk) where
//! people play Attract, Forms, RA and Lines of Action.
//!
//! ## Design decisions
//! - Components hold no rules. They render *view data* built from the
//!   `rules` crate by the adapters in [`games`], and report what the player
//!   intends; the adapters and the session logic are plain Rust with native tests.
//! - Boards are SVG drawn from data, and every cell carries `data-cell` with
//!   its coordinate and an accessible name that says what stands on it, so
//!   both screen readers and the browser tests can read the board back.

//! - The `ui` feature (on by default) holds everything that needs Leptos.
//!   The search worker is built without it, so its `.wasm` carries the
//!   rules, the searcher and the message protocol and nothing of the UI.

#[cfg(feature = "ui")]
pub mod app;
#[cfg(feature = "ui")]
pub mod components;
#[cfg(feature = "ui")]
pub mod game_view;
pub mod library;
pub mod markup;
#[cfg(feature = "ui")]
pub mod pages;
pub mod session;
#[cfg(feature = "ui")]
pub mod sound;
#[cfg(feature = "ui")]
pub mod state;
pub mod view;
#[cfg(feature = "ui")]
pub mod web;
pub mod worker;

#[cfg(feature = "ui")]
pub use app::App;

/// The allocator of both `.wasm` files: Talc, smaller and faster there than
/// the standard library's dlmalloc.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
