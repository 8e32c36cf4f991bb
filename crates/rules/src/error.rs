//! Error types. One small enum per operation, with lowercase messages that
//! say what was wrong, so the CLI and the app can show them as they are.
//! Input is quoted with [`quote`], which shortens long text, so a message
//! stays short however long the input was.

use std::fmt;

use crate::game::Player;

/// Text longer than this many characters is quoted shortened.
const QUOTE_WHOLE: usize = 48;
/// Characters kept from the start of shortened text.
const QUOTE_HEAD: usize = 24;
/// Characters kept from the end of shortened text.
const QUOTE_TAIL: usize = 16;

/// `text` quoted for a message, as Rust writes a string literal (`"b1-b9"`,
/// with control characters escaped). Text longer than 48 characters is
/// shortened to its start and end around `…`, followed by its length in
/// bytes: `"xxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxx" (131000 bytes)`.
#[must_use]
pub fn quote(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= QUOTE_WHOLE {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(QUOTE_HEAD).collect();
    let tail: String = text.chars().skip(chars - QUOTE_TAIL).collect();
    format!("{:?} ({} bytes)", format!("{head}…{tail}"), text.len())
}

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
            MoveError::BadCell { cell } => write!(f, "{} is not a cell of this board", quote(cell)),
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
    /// A space at the start or the end, or two spaces in a row.
    Spacing,
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
    /// A player has more pieces than any game of these rules can have.
    TooMany {
        /// Whose pieces.
        player: Player,
        /// How many the text has.
        found: usize,
        /// The most a player can have.
        most: usize,
        /// What they are called in this game: `pieces` or `stones`.
        what: &'static str,
    },
    /// The text is well formed but describes a position the rules cannot
    /// reach or cannot continue from.
    Invalid {
        /// Why.
        reason: String,
    },
}

impl PositionError {
    /// An [`PositionError::Invalid`] error.
    #[must_use]
    pub fn invalid(reason: impl Into<String>) -> PositionError {
        PositionError::Invalid { reason: reason.into() }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Empty => f.write_str("the position text is empty"),
            PositionError::Spacing => {
                f.write_str("position text fields are separated by single spaces, with none at the start or the end")
            }
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
                write!(f, "the side to move must be x or o, not {}", quote(found))
            }
            PositionError::Field { field, problem } => write!(f, "field {field}: {problem}"),
            PositionError::TooMany { player, found, most, what } => {
                write!(f, "impossible position: {} has {found} {what}; a player has at most {most}", player.name())
            }
            PositionError::Invalid { reason } => write!(f, "impossible position: {reason}"),
        }
    }
}

impl std::error::Error for PositionError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(quote("b1-b9"), "\"b1-b9\"");
        assert_eq!(quote("a\tb"), "\"a\\tb\"");
        let limit = "x".repeat(QUOTE_WHOLE);
        assert_eq!(quote(&limit), format!("\"{limit}\""));
    }

    #[test]
    fn long_text_is_quoted_by_its_ends_and_length() {
        let text = format!("{}{}{}", "a".repeat(30), "m".repeat(131_000), "z".repeat(20));
        let quoted = quote(&text);
        let expected =
            format!("\"{}…{}\" ({} bytes)", "a".repeat(QUOTE_HEAD), "z".repeat(QUOTE_TAIL), 30 + 131_000 + 20);
        assert_eq!(quoted, expected);
    }

    #[test]
    fn shortening_counts_characters_not_bytes() {
        // Cutting inside a multi-byte character would panic.
        let text = "é".repeat(100);
        let quoted = quote(&text);
        assert!(quoted.contains('…'), "{quoted}");
        assert!(quoted.ends_with("(200 bytes)"), "{quoted}");
    }
}
