//! Error types. One small enum per operation, with lowercase messages that
//! say what was wrong, so the CLI and the app can show them as they are.

use std::fmt;

/// Why a move could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    Syntax {
        /// What the notation expects, e.g. `a move like b1-b3, b1xb3 or pass`.
        expected: &'static str,
    },
    /// A cell name that is not on this board.
    BadCell {
        /// The cell text as written.
        cell: String,
    },
    /// The game is already over.
    GameOver,
    /// Well formed, but not a legal move in this position.
    Illegal,
    /// Well formed and almost legal: the move is legal when written another way.
    WrittenAs {
        /// The correct notation of the legal move.
        correct: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { expected } => write!(f, "not a move: expected {expected}"),
            MoveError::BadCell { cell } => write!(f, "\"{cell}\" is not a cell of this board"),
            MoveError::GameOver => f.write_str("the game is already over"),
            MoveError::Illegal => f.write_str("not a legal move"),
            MoveError::WrittenAs { correct } => {
                write!(f, "not a legal move as written; the legal move is written {correct}")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Why position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text is empty.
    Empty,
    /// The board has the wrong number of rows.
    RowCount {
        /// Rows the board has.
        expected: usize,
        /// Rows the text has.
        found: usize,
    },
    /// A row has the wrong number of cells.
    RowLength {
        /// The row as numbered on the board (1 = bottom).
        row: usize,
        /// Cells the row has.
        expected: usize,
        /// Cells the text describes.
        found: usize,
    },
    /// A character that is not `x`, `o` or a digit in the board part.
    BadChar {
        /// The character.
        ch: char,
        /// The row as numbered on the board.
        row: usize,
    },
    /// A run of empty cells written as `0` or with a leading zero.
    BadRun {
        /// The row as numbered on the board.
        row: usize,
    },
    /// The side to move is missing.
    MissingSideToMove,
    /// The side to move is not `x` or `o`.
    BadSideToMove {
        /// What was written instead.
        found: String,
    },
    /// A field the game does not expect, or a missing one.
    Field {
        /// Which field (e.g. `score`).
        field: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// The text is well formed but describes a position the rules cannot reach.
    Invalid {
        /// Why.
        reason: &'static str,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Empty => f.write_str("the position text is empty"),
            PositionError::RowCount { expected, found } => {
                write!(f, "the board has {found} rows; expected {expected}")
            }
            PositionError::RowLength { row, expected, found } => {
                write!(f, "row {row} has {found} cells; expected {expected}")
            }
            PositionError::BadChar { ch, row } => {
                write!(f, "row {row}: unexpected character {ch:?} (use x, o or a number of empty cells)")
            }
            PositionError::BadRun { row } => {
                write!(f, "row {row}: a run of empty cells must be a number from 1, without leading zeros")
            }
            PositionError::MissingSideToMove => {
                f.write_str("the side to move is missing (add \" x\" or \" o\" after the board)")
            }
            PositionError::BadSideToMove { found } => {
                write!(f, "the side to move must be x or o, not {found:?}")
            }
            PositionError::Field { field, problem } => write!(f, "field {field}: {problem}"),
            PositionError::Invalid { reason } => write!(f, "impossible position: {reason}"),
        }
    }
}

impl std::error::Error for PositionError {}
