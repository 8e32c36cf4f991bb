//! Replaying a game from its start: a spec, an optional start position and
//! moves, in notation (the CLI's arguments, the app's links and records) or
//! typed (the search worker's requests).

use std::fmt;

use super::{AnyGame, AnyMove, GameSpec};
use crate::error::{MoveError, PositionError, quote};

/// A move that could not be replayed: it cannot be read, or it is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// Zero-based: the first move is 0.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why it was refused.
    pub error: MoveError,
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} {}: {}", self.index + 1, quote(&self.text), self.error)
    }
}

impl std::error::Error for BadMove {}

/// Why a game could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The start position text cannot be read.
    Start(PositionError),
    /// A move cannot be read or is not legal. The moves before it were played.
    Move(BadMove),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Start(e) => write!(f, "start position: {e}"),
            ReplayError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReplayError {}

impl GameSpec {
    /// Plays the typed `moves` from the start position (`from`, position
    /// text, or the game's usual start), checking each.
    ///
    /// # Errors
    /// [`ReplayError::Start`] for bad position text; [`ReplayError::Move`]
    /// for the first move that is not legal where it is played.
    pub fn replay_moves(&self, from: Option<&str>, moves: &[AnyMove]) -> Result<AnyGame, ReplayError> {
        let game = match from {
            Some(text) => self.position(text).map_err(ReplayError::Start)?,
            None => self.start(),
        };
        game.replay_moves(moves).map_err(ReplayError::Move)
    }

    /// Plays `moves` from the start position (`from`, position text, or the
    /// game's usual start), calling `each` with every move and the position
    /// after it, and returns the final position.
    ///
    /// # Errors
    /// [`ReplayError::Start`] for bad position text; [`ReplayError::Move`] for
    /// the first move that cannot be read or played (`each` has then seen
    /// every move before it).
    ///
    /// # Examples
    /// ```
    /// use rules::{GameSpec, ReplayError};
    ///
    /// let spec: GameSpec = "loa".parse()?;
    /// let mut seen = Vec::new();
    /// let game = spec.replay(None, ["b1-b3", "a2-c2"], |mv, _| seen.push(mv.to_string()))?;
    /// assert_eq!(seen, ["b1-b3", "a2-c2"]);
    /// assert_eq!(game.position_text(), "1xxxxxx1/o6o/o6o/o6o/o6o/ox5o/2o4o/2xxxxx1 x");
    /// let error = spec.replay(None, ["b1-b3", "b1-b9"], |_, _| {}).unwrap_err();
    /// assert!(matches!(error, ReplayError::Move(bad) if bad.index == 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay<'a>(
        &self,
        from: Option<&str>,
        moves: impl IntoIterator<Item = &'a str>,
        each: impl FnMut(AnyMove, &AnyGame),
    ) -> Result<AnyGame, ReplayError> {
        let game = match from {
            Some(text) => self.position(text).map_err(ReplayError::Start)?,
            None => self.start(),
        };
        game.replay(moves, each).map_err(ReplayError::Move)
    }
}

impl AnyGame {
    /// Plays the typed `moves` from this position, checking each, and
    /// returns the final position.
    ///
    /// # Errors
    /// The first move that is not legal where it is played (its text is
    /// the move's notation).
    pub fn replay_moves(mut self, moves: &[AnyMove]) -> Result<AnyGame, BadMove> {
        for (index, &mv) in moves.iter().enumerate() {
            self.play_move(mv).map_err(|error| BadMove { index, text: mv.to_string(), error })?;
        }
        Ok(self)
    }

    /// Plays `moves` from this position, calling `each` with every move and
    /// the position after it, and returns the final position.
    ///
    /// # Errors
    /// The first move that cannot be read or played.
    pub fn replay<'a>(
        mut self,
        moves: impl IntoIterator<Item = &'a str>,
        mut each: impl FnMut(AnyMove, &AnyGame),
    ) -> Result<AnyGame, BadMove> {
        for (index, text) in moves.into_iter().enumerate() {
            let mv = self.parse_move(text).map_err(|error| BadMove { index, text: text.to_owned(), error })?;
            self.play_unchecked(mv);
            each(mv, &self);
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Player;

    #[test]
    fn errors_name_the_part() {
        let spec: GameSpec = "loa".parse().unwrap();
        let error = spec.replay(Some("8/8 x"), [], |_, _| {}).unwrap_err();
        assert!(matches!(error, ReplayError::Start(PositionError::RowCount { .. })), "{error:?}");
        let error = spec.replay(None, ["b1-b3", "zz"], |_, _| {}).unwrap_err();
        assert_eq!(
            error.to_string(),
            "move 2 \"zz\": not a move: expected a move like b1-b3, a capture like b1xb3, or pass"
        );
    }

    #[test]
    fn typed_moves_are_checked() {
        let spec: GameSpec = "loa".parse().unwrap();
        let start = spec.start();
        let first = start.legal_moves()[0];
        let game = spec.replay_moves(None, &[first]).unwrap();
        assert_eq!(game.to_move(), Player::White);
        // The same move again is White's turn now: not legal.
        let error = spec.replay_moves(None, &[first, first]).unwrap_err();
        assert!(
            matches!(&error, ReplayError::Move(bad) if bad.index == 1 && matches!(bad.error, MoveError::Illegal(_))),
            "{error}"
        );
        // A move of another game is refused, never played.
        let attract = "attract".parse::<GameSpec>().unwrap().start().legal_moves()[0];
        assert!(spec.replay_moves(None, &[attract]).is_err());
    }

    #[test]
    fn a_start_position_is_used() {
        let spec: GameSpec = "ra".parse().unwrap();
        let game = spec.replay(Some("x1h10/o3k9 x 5-0 2 x"), ["1h10-j10"], |_, _| {}).unwrap();
        assert!(game.outcome().is_some());
    }
}
