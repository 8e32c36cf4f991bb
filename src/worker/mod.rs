//! The page's side of the Web Workers: one worker as the UI sees it, and
//! the pool of the session's workers. Their protocol and the worker's own
//! logic are plain Rust in `ludoteca_core::worker`.
//!
//! - `client`: one worker as the UI sees it (start, greeting, watchdog, stop);
//! - `pool`: the session's workers by role, carrying out its search effects.

pub mod client;
pub mod pool;
