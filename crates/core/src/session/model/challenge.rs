//! A challenge: a position to solve — "Black to play and win" — with its
//! proven solution (the winner's moves and the other side's answers, in
//! turn), from a puzzle file (`ludoteca puzzles`) or a link's `solve=`.
//! The session judges the learner's moves by it and answers from it: the
//! solution's move, or any move that wins at once, is right; another is
//! refused and named. A lesson's step is a challenge too: one move that
//! meets a goal ("capture the stone on e5"), which need not win, written
//! with every move that meets it (`c3xe5|g3xe5`).

use std::fmt::Write as _;

use rules::{AnyGame, AnyMove, Player};

use crate::session::model::seats::colour;
use crate::t;

/// A position's solution, checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    line: Vec<AnyMove>,
    /// A one-move goal's other moves that meet it as well as the line's.
    also: Vec<AnyMove>,
    learner: Player,
    /// Whether the line ends with the learner's win (a puzzle), or only
    /// meets a goal (a lesson's step).
    wins: bool,
}

/// Whether the last move played in `game` won it, or (RA) won the match it
/// ended, for `player`.
#[must_use]
pub fn won_by(game: &AnyGame, player: Player) -> bool {
    game.decided() == Some(Some(player))
}

impl Challenge {
    /// The challenge of solving `start` by `line` (moves in the game's
    /// notation, the side to move's first; a one-move goal's first may list
    /// every move that meets it, split by `|`).
    ///
    /// # Errors
    /// A message naming a move of the line that is not legal, a line that
    /// goes on after the learner's win, or alternatives in a longer line.
    pub fn new<'a>(start: &AnyGame, line: impl IntoIterator<Item = &'a str>) -> Result<Challenge, String> {
        let learner = start.to_move();
        let mut game = start.clone();
        let (mut moves, mut also) = (Vec::new(), Vec::new());
        for (i, text) in line.into_iter().enumerate() {
            if won_by(&game, learner) {
                return Err(t!("the solution goes on after the win, at move {number}", number = i + 1));
            }
            let parse = |text: &str| {
                game.parse_move(text).map_err(|e| {
                    t!(
                        "move {number} of the solution, {move}: {reason}",
                        number = i + 1,
                        move = rules::quote(text),
                        reason = crate::i18n::rules_words::move_error(&e)
                    )
                })
            };
            let mut options = text.split('|');
            let mv = parse(options.next().unwrap_or_default())?;
            for other in options {
                also.push(parse(other)?);
            }
            game.play_unchecked(mv);
            moves.push(mv);
        }
        if moves.is_empty() || (!also.is_empty() && moves.len() > 1) {
            return Err(t!("the solution has no moves, or other moves in a line longer than one"));
        }
        Ok(Challenge { line: moves, also, learner, wins: won_by(&game, learner) })
    }

    /// The challenge as a link writes it: the moves split by `,`, the
    /// first move's alternatives by `|`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (i, mv) in self.line.iter().enumerate() {
            let _ = write!(out, "{}{mv}", if i > 0 { "," } else { "" });
            if i == 0 {
                for other in &self.also {
                    let _ = write!(out, "|{other}");
                }
            }
        }
        out
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

    /// Whether `played` (from the start), leading to `position`, solves it:
    /// along the line to the learner's win, or a goal's move.
    #[must_use]
    pub fn solved(&self, played: &[AnyMove], position: &AnyGame) -> bool {
        let Some((last, before)) = played.split_last() else {
            return false;
        };
        self.line.starts_with(before)
            && (won_by(position, self.learner)
                || (!self.wins
                    && played.len() == self.line.len()
                    && (self.next(before.len()) == Some(*last) || self.also.contains(last))))
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
        if self.next(done) == Some(mv) || (done == 0 && self.also.contains(&mv)) {
            return true;
        }
        let mut after = position.clone();
        after.play_unchecked(mv);
        won_by(&after, self.learner)
    }

    /// Whether the line ends with the learner's win (a puzzle, not a goal).
    #[must_use]
    pub fn wins(&self) -> bool {
        self.wins
    }

    /// The task in words: `Black to play and win`, in RA `… and win the
    /// match`; a goal's (said by the lesson): `Black to play`.
    #[must_use]
    pub fn task(&self, start: &AnyGame) -> String {
        let player = colour(self.learner);
        match (self.wins, start) {
            (false, _) => t!("{player} to play", player = player),
            (_, AnyGame::Ra(_)) => t!("{player} to play and win the match", player = player),
            _ => t!("{player} to play and win", player = player),
        }
    }
}

#[cfg(test)]
mod tests;
