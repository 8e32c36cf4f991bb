//! The app's behaviour as plain Rust with native tests, no web types:
//!
//! - [`model`]: the game tree and its cursor, the seats, the selection;
//! - [`flow`]: the game flow, [`Session`], which takes intents and returns
//!   effects, split by feature (the computer player, advice, the review);
//! - [`formats`]: links, the tree's move syntax, records, SGF, preferences;
//! - [`editor`]: the board editor.

pub mod editor;
pub mod flow;
pub mod formats;
pub mod model;

pub use flow::{Effect, Intent, Role, Session};
