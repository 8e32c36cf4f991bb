//! The two baseline players the strength tables are measured against.

use rules::Game;

use crate::rng::Rng;

/// A move chosen uniformly among the legal moves.
pub fn random_move<G: Game>(position: &G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The player who won on the move that led to `position`: the game's winner,
/// or in RA the winner of the match that move ended.
fn won_by<G: Game>(position: &G) -> Option<rules::Player> {
    position.outcome().and_then(|o| o.winner()).or_else(|| position.match_winner())
}

/// Plays a winning move if one exists (in RA: one that wins the match); else a
/// random move after which the opponent has no immediately winning reply; else
/// any random move.
pub fn greedy_move<G: Game>(position: &G, rng: &mut Rng) -> Option<G::Move> {
    let me = position.to_move();
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    // Random order, so ties are broken at random and the search for a safe
    // move can stop at the first one found.
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
    let children: Vec<G> = moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            child
        })
        .collect();
    if let Some(i) = children.iter().position(|c| won_by(c) == Some(me)) {
        return Some(moves[i]);
    }
    let mut replies = Vec::new();
    for (i, child) in children.iter().enumerate() {
        if won_by(child) == Some(me.opponent()) {
            continue;
        }
        if child.outcome().is_some() || child.match_just_ended() {
            return Some(moves[i]); // A draw is safe.
        }
        child.legal_moves(&mut replies);
        let loses = replies.iter().any(|&reply| {
            let mut after = child.clone();
            after.play_unchecked(reply);
            won_by(&after) == Some(me.opponent())
        });
        if !loses {
            return Some(moves[i]);
        }
    }
    Some(moves[0])
}
