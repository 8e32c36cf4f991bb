//! The AI in Web Workers, its plain-Rust half: the message protocol and
//! what the worker does with a request, tested natively. The worker's
//! program (`ludoteca-worker`) only calls [`service::handle`]; the page's
//! client and pool of workers are the app's (`worker::client`, `worker::pool`).
//!
//! - `protocol`: the two serde enums on the wire, and their encoding;
//! - `service`: the worker's side, `handle`;
//! - `role`: which worker a search goes to.

pub mod protocol;
mod role;
pub mod service;
#[cfg(test)]
mod test_requests;

pub use role::Role;
