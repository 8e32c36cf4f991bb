//! The session's text formats, read and written with precise errors and
//! never a panic: the address bar ([`url`]), a friend's link ([`friend`]), the tree's move syntax shared
//! by links and records ([`tree_text`]), text records ([`record`]), results as
//! others write them ([`result`]), SGF
//! files for Lines of Action ([`sgf`]), the saved game ([`saved`]) and the
//! stored preferences ([`prefs`]).

pub mod friend;
pub mod paste;
pub mod prefs;
pub mod record;
pub mod result;
pub mod saved;
pub mod sgf;
pub mod tree_text;
pub mod url;
