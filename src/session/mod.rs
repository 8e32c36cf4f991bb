//! The app's behaviour as plain Rust with native tests, no web types: the
//! game flow ([`flow::Session`], which takes intents and returns effects), the
//! move tree and its cursor, the selection, the players, the URL codec and
//! the text records.

pub mod flow;
pub mod move_rows;
pub mod players;
pub mod prefs;
pub mod record;
pub mod selection;
pub mod sgf;
pub mod tree;
pub mod tree_text;
pub mod url;

pub use flow::{Effect, Engine, Intent, Session};
