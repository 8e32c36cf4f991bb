//! The AI in Web Workers: the message protocol and what the worker does
//! with a request (plain Rust, tested natively), and on the UI side the
//! client of one worker and the pool of the session's workers.
//!
//! - `protocol`: the two serde enums on the wire, and their encoding;
//! - `service`: the worker's side, `handle` (the worker binary only calls it);
//! - `client`: one worker as the UI sees it (start, greeting, watchdog, stop);
//! - `pool`: the session's workers by role, carrying out its search effects;
//! - `role`: which worker a search goes to.

#[cfg(feature = "ui")]
pub mod client;
#[cfg(feature = "ui")]
pub mod pool;
pub mod protocol;
mod role;
pub mod service;
#[cfg(test)]
mod test_requests;

pub use role::Role;
