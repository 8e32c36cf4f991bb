//! A challenge: a position to solve — "Black to play and win" — with its
//! proven solution (the winner's moves and the other side's answers, in
//! turn), from a puzzle file (`ludoteca puzzles`) or a link's `solve=`.
//! The session judges the learner's moves by it and answers from it: the
//! solution's move, or any move that wins at once, is right; another is
//! refused and named.

use rules::{AnyGame, AnyMove, Player};

/// A position's solution, checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    line: Vec<AnyMove>,
    learner: Player,
}

/// Whether the last move played in `game` won it, or (RA) won the match it
/// ended, for `player`.
#[must_use]
pub fn won_by(game: &AnyGame, player: Player) -> bool {
    game.decided() == Some(Some(player))
}

impl Challenge {
    /// The challenge of solving `start` by `line` (moves in the game's
    /// notation, the side to move's first).
    ///
    /// # Errors
    /// A message naming a move of the line that is not legal, or a line
    /// that does not end with the win of the side to move.
    pub fn new<'a>(start: &AnyGame, line: impl IntoIterator<Item = &'a str>) -> Result<Challenge, String> {
        let learner = start.to_move();
        let mut game = start.clone();
        let mut moves = Vec::new();
        for (i, text) in line.into_iter().enumerate() {
            if won_by(&game, learner) {
                return Err(format!("the solution goes on after the win, at move {}", i + 1));
            }
            let mv = game.parse_move(text).map_err(|e| format!("move {} of the solution, {text:?}: {e}", i + 1))?;
            game.play_unchecked(mv);
            moves.push(mv);
        }
        if !won_by(&game, learner) {
            return Err(format!("the solution does not end with {learner}'s win"));
        }
        Ok(Challenge { line: moves, learner })
    }

    /// The side the learner plays.
    #[must_use]
    pub fn learner(&self) -> Player {
        self.learner
    }

    /// The solution's moves.
    #[must_use]
    pub fn line(&self) -> &[AnyMove] {
        &self.line
    }

    /// How many of the solution's moves `played` (from the start) are, while
    /// they follow it and it is not played out; `None` once they leave it.
    #[must_use]
    pub fn progress(&self, played: &[AnyMove]) -> Option<usize> {
        (played.len() < self.line.len() && self.line.starts_with(played)).then_some(played.len())
    }

    /// The solution's move after `done` of its moves.
    #[must_use]
    pub fn next(&self, done: usize) -> Option<AnyMove> {
        self.line.get(done).copied()
    }

    /// Whether `mv`, played in `position` after `done` of the solution's
    /// moves, is right: the solution's move, or a move that wins at once.
    #[must_use]
    pub fn right(&self, position: &AnyGame, done: usize, mv: AnyMove) -> bool {
        if self.next(done) == Some(mv) {
            return true;
        }
        let mut after = position.clone();
        after.play_unchecked(mv);
        won_by(&after, self.learner)
    }

    /// The task in words: `Black to play and win`, in RA `… and win the match`.
    #[must_use]
    pub fn task(&self, start: &AnyGame) -> String {
        let goal = if matches!(start, AnyGame::Ra(_)) { "win the match" } else { "win" };
        format!("{} to play and {goal}", self.learner)
    }
}

#[cfg(test)]
mod tests;
