//! Perft: counting the move sequences of a given length, the standard test of
//! a move generator.
//!
//! `perft(d)` counts the sequences of exactly `d` legal moves, as in chess: a
//! finished game has no legal moves, so it adds nothing past its own depth.
//! A move that ends an RA match ends its sequence in the same way.

use crate::game::Game;

/// The number of legal move sequences of exactly `depth` moves from `position`.
///
/// The moves of the last ply are counted, not played ("bulk counting").
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    count(position, depth, &mut buffers, true)
}

/// As [`perft`], but every move of the last ply is generated and played too:
/// slower, and a fair measure of the speed of move generation plus play.
#[must_use]
pub fn perft_played<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    count(position, depth, &mut buffers, false)
}

/// The perft count under each legal first move, in generation order.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut first = Vec::new();
    position.legal_moves(&mut first);
    let mut buffers = vec![Vec::new(); depth.saturating_sub(1) as usize];
    first
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, if depth == 0 { 0 } else { count(&child, depth - 1, &mut buffers, true) })
        })
        .collect()
}

fn count<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>], bulk: bool) -> u64 {
    match depth {
        0 => 1,
        _ if position.match_just_ended() => 0,
        // Bulk counting: the last ply's moves are counted, not played.
        1 if bulk => position.count_legal_moves() as u64,
        _ => {
            let Some((moves, deeper)) = buffers.split_first_mut() else {
                return 0;
            };
            position.legal_moves(moves);
            let mut total = 0;
            for &mv in moves.iter() {
                let mut child = position.clone();
                child.play_unchecked(mv);
                total += count(&child, depth - 1, deeper, bulk);
            }
            total
        }
    }
}
