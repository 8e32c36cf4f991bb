//! The AI in a Web Worker: the message protocol (plain Rust, tested natively)
//! and the client the UI uses to talk to the worker.

#[cfg(feature = "ui")]
pub mod client;
pub mod protocol;
