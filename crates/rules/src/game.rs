//! The vocabulary every game shares: players, outcomes and the [`Game`] trait.

use std::fmt;
use std::hash::Hash;
use std::ops::{Index, IndexMut};

use crate::error::{MoveError, PositionError};
use crate::options::RuleOptions;
use crate::packed::PackedMove;

/// One of the two sides. In every game here `x` is Black and `o` is White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Black, written `x`.
    Black,
    /// White, written `o`.
    White,
}

impl Player {
    /// Both players, Black first.
    pub const ALL: [Player; 2] = [Player::Black, Player::White];

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// `0` for Black, `1` for White: the index into per-player tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::Black => 0,
            Player::White => 1,
        }
    }

    /// The notation letter: `x` for Black, `o` for White.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Player::Black => 'x',
            Player::White => 'o',
        }
    }

    /// The player written by `letter` (`x` or `o`), if any.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Player> {
        match letter {
            'x' => Some(Player::Black),
            'o' => Some(Player::White),
            _ => None,
        }
    }

    /// The name in lowercase: `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::Black => "black",
            Player::White => "white",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "Black",
            Player::White => "White",
        })
    }
}

/// A value for each player, indexed by [`Player`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByPlayer<T> {
    /// Builds the pair from a function of the player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> Self {
        ByPlayer { black: f(Player::Black), white: f(Player::White) }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, player: Player) -> &T {
        match player {
            Player::Black => &self.black,
            Player::White => &self.white,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::Black => &mut self.black,
            Player::White => &mut self.white,
        }
    }
}

/// Why a game ended. One enum for all games so that the app and the CLI can
/// describe any ending without knowing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Lines of Action: the winner's pieces form one connected group.
    Connected,
    /// Lines of Action: both players connected on the same move.
    SimultaneousConnection,
    /// The same position with the same side to move occurred for the third time.
    Repetition,
    /// Attract: the winner has more winning pieces.
    WinningPieces {
        /// The winner's count of winning pieces.
        winner: u16,
        /// The loser's count of winning pieces.
        loser: u16,
    },
    /// Attract: the board filled up with equal winning-piece counts.
    BoardFull,
    /// Forms: the winner has no stones left.
    NoStonesLeft,
    /// RA: the last match ended with a stack of this many stones on the enemy RA cell.
    ReachedRa {
        /// Stones in the arriving stack (1 to 3).
        stones: u8,
    },
    /// RA: the last match ended with the capture of the last enemy stack.
    CapturedAll,
    /// RA: a player reached the target score. No longer produced: position
    /// text of a finished game shows how its last match ended, and reads
    /// back as [`EndReason::ReachedRa`] or [`EndReason::CapturedAll`].
    TargetReached,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One player won.
    Win {
        /// The winner.
        winner: Player,
        /// Why.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    #[must_use]
    pub const fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The short result as the CLI prints it: `x wins`, `o wins` or `draw`.
    #[must_use]
    pub fn result_text(self) -> String {
        match self {
            Outcome::Win { winner, .. } => format!("{} wins", winner.letter()),
            Outcome::Draw { .. } => "draw".to_owned(),
        }
    }

    /// A short reason in lowercase, e.g. `threefold repetition`.
    #[must_use]
    pub fn reason_text(self) -> String {
        match self.reason() {
            EndReason::Connected => "all pieces connected".to_owned(),
            EndReason::SimultaneousConnection => "both players connected on the same move".to_owned(),
            EndReason::Repetition => "threefold repetition".to_owned(),
            EndReason::WinningPieces { winner, loser } => {
                format!("{winner} winning pieces to {loser}")
            }
            EndReason::BoardFull => "board full".to_owned(),
            EndReason::NoStonesLeft => "no stones left".to_owned(),
            EndReason::ReachedRa { stones } => format!("a stack of {stones} reached the enemy RA cell"),
            EndReason::CapturedAll => "captured the last enemy stack".to_owned(),
            EndReason::TargetReached => "reached the target score".to_owned(),
        }
    }
}

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
            return Err(MoveError::Illegal);
        }
        self.play_unchecked(mv);
        Ok(())
    }

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
