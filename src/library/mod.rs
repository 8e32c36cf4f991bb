//! The page's side of the game library (My games): the journal, the
//! library's worker, the other tabs. The library itself — entries,
//! summaries, merging, backups, what its worker does — is plain Rust in
//! `ludoteca_core::library`.

pub mod client;
