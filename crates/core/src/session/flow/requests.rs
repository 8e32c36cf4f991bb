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
            spec: tree.spec(),
            from: tree.from_text().map(str::to_owned),
            moves,
            purpose,
            seed,
            max_ms: None,
        }
    }

    /// The seed of the computer's move at `tree`'s cursor: drawn from the
    /// game's seed and the moves to the cursor, so that the same game seed
    /// and the same moves give the same answer (at the node budgets of
    /// levels 1–3), and another seed another game.
    pub(super) fn move_seed(tree: &GameTree) -> u64 {
        let mut x = tree.seed().unwrap_or(0) ^ (tree.depth(tree.cursor()) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for mv in tree.moves_to_cursor() {
            x = (x ^ u64::from(mv.pack())).wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(31);
        }
        // splitmix64's finish.
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }

    /// Asks the worker of `role` to search the position at `tree`'s cursor
    /// for `purpose`, after `delay_ms`; returns the search's id. The
    /// computer's moves are seeded by [`Requests::move_seed`], other searches
    /// by their id.
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
        let seed =
            if matches!(purpose, Purpose::Move { .. } | Purpose::Part { .. }) { Requests::move_seed(tree) } else { id };
        let request = Requests::request(tree, id, purpose, tree.moves_to_cursor(), seed);
        fx.push(Effect::Search { role, request, time_limit_ms, delay_ms });
        id
    }
}
