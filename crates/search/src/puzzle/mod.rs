//! Puzzles: positions where the side to move wins by force within a few
//! plies, by one first move only, with the line that proves it.
//!
//! [`find`] decides whether a position is a puzzle: the shortest forced win
//! (at most [`MAX_PLIES`] plies), every first move tried at that length (one
//! must win, the others must be proven not to), then the line: the
//! defender's most stubborn reply at each of its turns (the one after which
//! the win takes longest) and the attacker's one winning move at each of its
//! own, except the last, where any move that ends the game with its win
//! will do (a page checks that move by the rules). [`file`] is the data
//! format that `ludoteca puzzles` writes and the puzzle page reads.

pub mod file;
mod prover;

pub use prover::{MAX_PLIES, OutOfBudget, Prover};

use rules::Game;

/// A proven puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    /// The length of the win in plies (odd where the sides alternate).
    pub plies: u8,
    /// The solution: the winning first move, the defence, ... to the end.
    pub line: Vec<M>,
    /// Positions the proof visited.
    pub nodes: u64,
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The game is over, or the side to move has no forced win within the limit.
    NoWin,
    /// More than one first move wins within the shortest win's length.
    TwoWinners,
    /// Later in the line, the attacker has more than one winning move
    /// before the last one: the line would not be the only solution.
    LaterChoice,
    /// The budget of positions ran out first.
    Budget,
}

impl From<OutOfBudget> for Refused {
    fn from(_: OutOfBudget) -> Refused {
        Refused::Budget
    }
}

/// Whether `game` is a puzzle with a win of at most `max` plies, proven
/// within `limit` positions; the line if it is.
///
/// # Errors
/// Why it is not one ([`Refused`]).
pub fn find<G: Game>(game: &G, max: u8, limit: u64) -> Result<Found<G::Move>, Refused> {
    if game.outcome().is_some() {
        return Err(Refused::NoWin);
    }
    let mut prover = Prover::new(game.to_move(), limit);
    let plies = prover.shortest_win(game, max)?.ok_or(Refused::NoWin)?;
    let mut line = Vec::new();
    let mut position = game.clone();
    let mut left = plies;
    loop {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mv = if position.to_move() == prover.attacker() {
            let mut winners = Vec::new();
            for mv in moves {
                if prover.move_wins(&position, mv, left)? {
                    winners.push(mv);
                }
            }
            // The first move must be the only one; later ones too, but
            // for the last (the page accepts any move that wins there).
            let first = line.is_empty();
            match winners.as_slice() {
                [] => return Err(Refused::NoWin),
                [one] => *one,
                [one, ..] if left == 1 && !first => *one,
                _ if first => return Err(Refused::TwoWinners),
                _ => return Err(Refused::LaterChoice),
            }
        } else {
            stubborn(&mut prover, &position, &moves, left)?
        };
        line.push(mv);
        position.play_unchecked(mv);
        if position.decided().is_some() {
            break;
        }
        left = prover.shortest_win(&position, left - 1)?.ok_or(Refused::NoWin)?;
    }
    Ok(Found { plies, line, nodes: prover.nodes })
}

/// The defender's reply after which the attacker's win takes longest (the
/// first such in move order).
fn stubborn<G: Game>(prover: &mut Prover<G>, position: &G, moves: &[G::Move], left: u8) -> Result<G::Move, Refused> {
    let mut best: Option<(u8, G::Move)> = None;
    for &mv in moves {
        let mut after = position.clone();
        after.play_unchecked(mv);
        let lasts = match after.decided() {
            Some(winner) if winner == Some(prover.attacker()) => 0,
            Some(_) => return Err(Refused::NoWin),
            None => prover.shortest_win(&after, left - 1)?.ok_or(Refused::NoWin)?,
        };
        if best.is_none_or(|(most, _)| lasts > most) {
            best = Some((lasts, mv));
        }
    }
    best.map(|(_, mv)| mv).ok_or(Refused::NoWin)
}

#[cfg(test)]
mod tests;
