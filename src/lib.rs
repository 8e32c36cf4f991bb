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

pub mod ai;
pub mod app;
pub mod components;
pub mod games;
pub mod pages;
pub mod session;
pub mod web;
pub mod worker;

pub use app::App;
