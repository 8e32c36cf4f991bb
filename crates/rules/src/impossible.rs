//! Why well-formed position text describes no position of a game: a typed
//! reason ([`PositionError::Invalid`]) that the command line says in
//! English and the app in the player's language.
//!
//! [`PositionError::Invalid`]: crate::PositionError::Invalid

use std::fmt;

use crate::conflict::Conflict;
use crate::player::Player;

/// Why position text describes a position the rules cannot reach or cannot
/// continue from. Players are named by colour; counts are typed, so the
/// words can be chosen where they are shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// The rule options do not go together.
    Options(Conflict),
    /// Attract: White moves first and every move adds one stone, so White
    /// has as many stones as Black or one more.
    StoneCounts {
        /// White's stones.
        white: usize,
        /// Black's stones.
        black: usize,
    },
    /// Attract: the stones on the board say whose move it is, and the text
    /// names the other player.
    WrongTurn {
        /// White's stones.
        white: usize,
        /// Black's stones.
        black: usize,
        /// The player whose move it is.
        to_move: Player,
    },
    /// Forms: the player who moved last has no stones left.
    MoverHasNone,
    /// Forms: the stones are not one orthogonally connected group.
    NotConnected,
    /// Forms: a full board that is not the start position.
    FullBoard,
    /// Lines of Action: a piece on the black hole.
    OnTheHole {
        /// The black hole's cell, e.g. `d4`.
        hole: String,
    },
    /// Lines of Action: a player without pieces.
    NoPieces,
    /// RA: match 1 started by the player the rules do not let start.
    FirstMatchStarter {
        /// Who starts match 1 under these rules (option `first`).
        first: Player,
    },
    /// RA: a score that takes more matches than were finished.
    ScoreTooHigh {
        /// Black's points.
        black: u16,
        /// White's points.
        white: u16,
        /// The matches finished.
        finished: u32,
    },
    /// RA: a player without stacks while the game goes on.
    NoStacks,
    /// RA: a stack on the enemy RA cell while the game goes on.
    OnEnemyRa,
    /// RA: the score says the game is won, but the winner is to move.
    LoserNotToMove {
        /// Who won.
        winner: Player,
    },
    /// RA: the loser's stack on the enemy RA cell at the end of a game.
    LoserOnRa,
    /// RA: the score says the game is over, but the board does not show how
    /// its last match ended.
    EndNotShown,
    /// RA: the winner has fewer points than the last match gave.
    LastMatchPoints {
        /// Who won.
        winner: Player,
        /// The points the last match gave.
        points: u16,
        /// The winner's score.
        score: u16,
    },
    /// RA: the winner had already won before the last match.
    WonBefore {
        /// Who won.
        winner: Player,
    },
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Impossible::Options(conflict) => conflict.fmt(f),
            Impossible::StoneCounts { white, black } => write!(
                f,
                "white has {white} stones and black {black}; as White moves first and every move adds one \
                 stone, White has as many stones as Black or one more"
            ),
            Impossible::WrongTurn { white, black, to_move } => write!(
                f,
                "with {white} white and {black} black stones it is {}'s move, as White moves first",
                to_move.name()
            ),
            Impossible::MoverHasNone => f.write_str("the player who moved last has no stones"),
            Impossible::NotConnected => {
                f.write_str("the stones do not form one orthogonally connected group, as they do after every move")
            }
            Impossible::FullBoard => f.write_str("a full board is only the start position, with Black to move"),
            Impossible::OnTheHole { hole } => write!(f, "no piece can stand on the black hole ({hole})"),
            Impossible::NoPieces => f.write_str("each player needs at least one piece"),
            Impossible::FirstMatchStarter { first } => {
                write!(f, "match 1 is started by {} under these rules (option first={})", first.name(), first.letter())
            }
            Impossible::ScoreTooHigh { black, white, finished } => write!(
                f,
                "a score of {black}-{white} takes more than {finished} finished match{} (a match gives at most 6 points)",
                if *finished == 1 { "" } else { "es" }
            ),
            Impossible::NoStacks => f.write_str("each player needs at least one stack while the game goes on"),
            Impossible::OnEnemyRa => {
                f.write_str("a stack stands on the enemy RA cell, so the match is over (and the game is not)")
            }
            Impossible::LoserNotToMove { winner } => write!(
                f,
                "the score says {} won with the last move, so {} is to move",
                winner.name(),
                winner.opponent().name()
            ),
            Impossible::LoserOnRa => f.write_str("the loser's stack stands on the enemy RA cell"),
            Impossible::EndNotShown => f.write_str(
                "the score says the game is over, but the board does not show how its last match ended \
                 (the winner's stack on the enemy RA cell, or no stack of the loser left)",
            ),
            Impossible::LastMatchPoints { winner, points, score } => {
                write!(f, "{} scored {points} in the last match but has only {score}", winner.name())
            }
            Impossible::WonBefore { winner } => {
                write!(f, "{} had already won before the last match, so the game would have ended then", winner.name())
            }
        }
    }
}
