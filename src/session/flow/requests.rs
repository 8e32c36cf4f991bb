//! Every search the session asks for gets a fresh id, echoed in each of
//! its answers, so an answer for a position no longer shown is recognised
//! and dropped; the request names the game by its spec, its start and its
//! typed moves.

use rules::AnyMove;

use super::{Effect, Role};
use crate::session::model::tree::GameTree;
use crate::worker::protocol::{Purpose, Request};

/// Numbers the session's searches and writes their requests.
#[derive(Debug, Default)]
pub(super) struct Requests {
    last_id: u64,
}

impl Requests {
    /// A fresh id.
    pub(super) fn next_id(&mut self) -> u64 {
        self.last_id += 1;
        self.last_id
    }

    /// The request of search `id` for the position `moves` reach from the
    /// start of `tree`.
    pub(super) fn request(tree: &GameTree, id: u64, purpose: Purpose, moves: Vec<AnyMove>, seed: u64) -> Request {
        Request::Search {
            id,
            spec: tree.spec().to_string(),
            from: tree.from_text().map(str::to_owned),
            moves,
            purpose,
            seed,
        }
    }

    /// Asks the worker of `role` to search the position at `tree`'s cursor
    /// for `purpose`, after `delay_ms`; returns the search's id (also its seed).
    pub(super) fn send(
        &mut self,
        role: Role,
        tree: &GameTree,
        purpose: Purpose,
        delay_ms: u32,
        fx: &mut Vec<Effect>,
    ) -> u64 {
        let id = self.next_id();
        let time_limit_ms = purpose.time_limit_ms(&tree.spec());
        let request = Requests::request(tree, id, purpose, tree.moves_to_cursor(), id);
        fx.push(Effect::Search { role, request, time_limit_ms, delay_ms });
        id
    }
}
