//! How a game ends: [`Outcome`] and its [`EndReason`], one vocabulary for
//! every game so that the app and the CLI describe any ending alike.

use crate::player::Player;

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
        }
    }
}
