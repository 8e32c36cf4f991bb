//! Plain session logic with native tests: the move history and its cursor,
//! and the URL codec. No web types here.

pub mod history;
pub mod players;
pub mod record;
pub mod url;
