//! # Ludoteca's core: the app's behaviour in plain Rust
//!
//! Everything the app does that needs no browser, tested natively: the
//! browser app (`ludoteca-app`), its worker (`ludoteca-worker`) and the
//! command-line tool (`cli`) all build on it, and it on `rules` and
//! `search`.
//!
//! - [`session`]: the game flow as a state machine (`Session::apply(Intent)
//!   -> Vec<Effect>`), its model (move tree, seats, clocks, a challenge),
//!   its formats (links, records, SGF, pasted move lists, saved games,
//!   preferences) and the board editor;
//! - [`view`]: adapters from a position to what the board draws (layouts,
//!   geometry, labels, animations), with no rules of their own;
//! - [`markup`]: every HTML and SVG string the app writes, through one
//!   escaping builder;
//! - [`library`]: the game library (My games): entries, summaries,
//!   merging, listing, the backup file, and what its worker does over any
//!   store;
//! - [`worker`]: the worker protocol (two serde enums) and the worker's
//!   pure `handle`.
//!
//! ## Design decisions
//! - No web types here, but one: in a browser the library's JSON goes
//!   through the browser's own `JSON.parse` and `JSON.stringify`
//!   (`library::json`, `js-sys` on wasm only), natively through
//!   `serde_json`; both write the same text.
//! - Effects are returned, never performed: the app and the worker carry
//!   them out, so every flow runs in `cargo test`.
//!
//! ## Example
//! ```
//! use ludoteca_core::session::formats::url::{self, Route};
//!
//! // A link to a game's rules page; a link to a game we do not have says why.
//! assert!(matches!(url::decode("?rules=loa"), Route::Rules(_)));
//! assert!(matches!(url::decode("?rules=chess"), Route::Home { notice: Some(_) }));
//! ```

pub mod i18n;
pub mod library;
pub mod markup;
pub mod session;
pub mod view;
pub mod worker;
