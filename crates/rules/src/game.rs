//! The [`Game`] trait: the rules of one game, implemented by its position type.

use std::fmt;
use std::hash::Hash;

use crate::error::{MoveError, PositionError};
use crate::illegal::Illegal;
use crate::options::RuleOptions;
use crate::outcome::Outcome;
use crate::packed::PackedMove;
use crate::player::Player;

/// The state of a game in progress, together with its rules.
///
/// A type implementing `Game` is a position: the board, the side to move and
/// whatever history the rules need (for example, for the repetition rule).
/// The searcher and the perft counter are generic over this trait; the app and
/// the CLI reach the games through [`crate::AnyGame`].
pub trait Game: Clone + fmt::Debug + Send + Sync {
    /// A move. Small and `Copy`, so search can keep many of them, and
    /// packable into a few bits ([`PackedMove`]) for tables shared by threads.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + PackedMove + Send + Sync;
    /// The rule options of this game.
    type Options: RuleOptions;

    /// The start position under `options`.
    fn new(options: Self::Options) -> Self;

    /// The rule options this position is played under.
    fn options(&self) -> &Self::Options;

    /// The player to move.
    fn to_move(&self) -> Player;

    /// The outcome, once the game has ended.
    fn outcome(&self) -> Option<Outcome>;

    /// Clears `moves` and fills it with the legal moves. A finished game has none.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Whether the last move ended a match, in a game played as a series of
    /// matches (RA). Perft ends a move sequence there, as at the end of a game.
    fn match_just_ended(&self) -> bool {
        false
    }

    /// The winner of the match the last move ended, if it ended one with a winner (RA).
    fn match_winner(&self) -> Option<Player> {
        None
    }

    /// Whether the last move decided the game or, in a game played as a
    /// series of matches (RA), the match it ended: `Some(Some(winner))`,
    /// `Some(None)` when it ended without a winner, `None` while it goes on.
    fn decided(&self) -> Option<Option<Player>> {
        if let Some(outcome) = self.outcome() {
            return Some(outcome.winner());
        }
        self.match_just_ended().then(|| self.match_winner())
    }

    /// The number of legal moves. Games may count faster than they generate.
    fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv` without checking it. `mv` must be one of [`Game::legal_moves`];
    /// anything else leaves the position in an unspecified (but memory-safe) state.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] or [`MoveError::Illegal`]; the position is then untouched.
    fn play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal(Illegal::Unknown));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether a position can come back later in the same game. Not in
    /// Attract (every move adds a stone) nor in Forms (every move removes
    /// one); in Lines of Action and RA pieces go back and forth. The exact
    /// solver keeps the line it searches in view only where one can (a
    /// test plays random games of the others and finds no position twice).
    const REPEATS: bool = true;

    /// The Zobrist hash of the position, kept up to date incrementally.
    fn hash(&self) -> u64;

    /// The Zobrist hash computed from scratch; equal to [`Game::hash`] in a correct engine.
    fn hash_from_scratch(&self) -> u64;

    /// A key the position shares with its images under the symmetries of
    /// the board that the rules cannot tell apart (the rotations and
    /// reflections of Attract's and Forms' square boards, up to 8 × 8), for
    /// a table that keeps such positions once, as the solver's does. It is
    /// computed from scratch, so it costs more than [`Game::hash`]. Other
    /// games and boards give their Zobrist hash.
    fn symmetric_key(&self) -> u64 {
        self.hash()
    }

    /// Reads a move in this game's notation and checks it is legal here.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] when the text is not a move at all,
    /// [`MoveError::GameOver`] or [`MoveError::Illegal`] when it is not legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The position text: board, side to move and any fields the game adds.
    fn position_text(&self) -> String;

    /// Reads position text written by [`Game::position_text`].
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong with the text.
    fn from_position_text(options: Self::Options, text: &str) -> Result<Self, PositionError>;

    /// The board as a plain-text diagram with coordinates, for the CLI.
    fn diagram(&self) -> String;

    /// Parses and plays one move.
    ///
    /// # Errors
    /// As [`Game::parse_move`]; the position is then untouched.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }
}
