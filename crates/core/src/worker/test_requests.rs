//! Requests for the worker's tests: moves read from notation, and a search
//! request for them.

use rules::{AnyMove, GameSpec};

use super::protocol::{Purpose, Request};

/// The moves written `texts`, played from the start of `spec` (none: a
/// spec that is no game may be asked for).
pub(crate) fn moves(spec: &str, texts: &[&str]) -> Vec<AnyMove> {
    if texts.is_empty() {
        return Vec::new();
    }
    let mut game = spec.parse::<GameSpec>().unwrap().start();
    texts
        .iter()
        .map(|t| {
            let mv = game.parse_move(t).unwrap();
            game.play_unchecked(mv);
            mv
        })
        .collect()
}

/// A search of the position `texts` reach in `spec`, request 7, seed 1.
pub(crate) fn search(spec: &str, texts: &[&str], purpose: Purpose) -> Request {
    Request::Search {
        id: 7,
        spec: spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}")),
        from: None,
        moves: moves(spec, texts),
        purpose,
        seed: 1,
        max_ms: None,
    }
}
