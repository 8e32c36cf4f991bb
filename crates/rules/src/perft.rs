//! Perft: counting the move sequences of a given length, the standard test of
//! a move generator.
//!
//! `perft(d)` counts the sequences of exactly `d` legal moves from a position,
//! as in chess: a finished game has no legal moves, so it adds nothing past
//! its own depth. A move that ends an RA match ends its sequence in the same
//! way; the position counted from is always counted from, even when the move
//! that led to it ended a match.
//!
//! Memory grows with the depth actually reached, not with the depth asked
//! for, so a huge depth from a finished game answers at once.

use crate::game::Game;

/// The number of legal move sequences of exactly `depth` moves from `position`.
///
/// The moves of the last ply are counted, not played ("bulk counting").
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    count(position, depth, 0, &mut Vec::new(), true)
}

/// As [`perft`], but every move of the last ply is generated and played too:
/// slower, and a fair measure of the speed of move generation plus play.
#[must_use]
pub fn perft_played<G: Game>(position: &G, depth: u32) -> u64 {
    count(position, depth, 0, &mut Vec::new(), false)
}

/// The perft count under each legal first move, in generation order: the
/// counts add up to [`perft`] at the same depth. Depth 0 has no first move,
/// so it gives an empty list.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut first = Vec::new();
    position.legal_moves(&mut first);
    let mut buffers = Vec::new();
    first
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, count(&child, depth - 1, 1, &mut buffers, true))
        })
        .collect()
}

/// Counts from `position`, `ply` moves below the position perft was asked
/// about. `buffers[ply]` is the move list of this ply, made when first needed.
fn count<G: Game>(position: &G, depth: u32, ply: usize, buffers: &mut Vec<Vec<G::Move>>, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    // A match-ending move ends its sequence; the root is where counting starts.
    if ply > 0 && position.match_just_ended() {
        return 0;
    }
    // Bulk counting: the last ply's moves are counted, not played.
    if depth == 1 && bulk {
        return position.count_legal_moves() as u64;
    }
    if buffers.len() <= ply {
        buffers.resize_with(ply + 1, Vec::new);
    }
    let mut moves = std::mem::take(&mut buffers[ply]);
    position.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in &moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        total += count(&child, depth - 1, ply + 1, buffers, bulk);
    }
    buffers[ply] = moves;
    total
}
