//! Why a move is not legal, as the rules see it: a typed reason that the
//! command line and the app put into words (see [`Board::why_illegal`]).
//!
//! [`Board::why_illegal`]: crate::Board::why_illegal

use std::fmt;

/// A straight line of a square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Left to right.
    Row,
    /// Bottom to top.
    Column,
    /// Either diagonal.
    Diagonal,
}

impl Line {
    /// The line's name in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal",
        }
    }
}

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Nothing more precise is known.
    Unknown,
    /// The cell a move starts from holds no piece of the side to move.
    NoPiece,
    /// The piece, or stack, has no legal move at all.
    NoMoves,
    /// Attract: the cell is taken.
    Occupied,
    /// The move would end on a piece of the mover's own (Lines of Action,
    /// Forms).
    OwnPiece,
    /// The two cells are not on one straight line.
    NotInLine,
    /// Lines of Action: a piece moves exactly as many cells as there are
    /// pieces on its line.
    Distance {
        /// The line through the piece and the cell it was sent to.
        line: Line,
        /// The pieces of both sides on that whole line.
        pieces: u8,
    },
    /// Lines of Action: an enemy piece stands between the two cells.
    JumpsEnemy,
    /// Forms, standard rules: every move captures an enemy stone.
    MustCapture,
    /// Forms, advanced rules: a capture takes an enemy stone that touches
    /// the moving one across a side.
    NotAdjacent,
    /// Forms, advanced rules: no path of empty cells leads from the stone to
    /// the cell.
    NoPath,
    /// Forms, advanced rules: the slide would remove no stone.
    RemovesNothing,
    /// RA: `stones` stones move exactly `4 − stones` cells, unless they stop
    /// early at the edge, on the enemy RA cell, in front of a stack or on a
    /// capture.
    Range {
        /// How many stones move.
        stones: u8,
    },
    /// RA: a stack stands between the two cells.
    Blocked,
    /// RA: a move that enters the enemy RA cell stops there.
    PastRa,
    /// RA: the moving stones are fewer than the enemy stack's.
    TooTall {
        /// How many stones move.
        stones: u8,
        /// How tall the enemy stack is.
        height: u8,
    },
    /// RA: a stack joins one of its own side's only at its full range.
    JoinShort,
    /// RA: a stack may hold at most three stones.
    JoinTooTall,
    /// RA: the stack has fewer stones than asked to move.
    TooFewStones {
        /// How many stones the stack has.
        height: u8,
    },
    /// A player may pass only when no other move is legal.
    PassNotAllowed,
}

/// `n` and the noun, singular or plural: `1 stone`, `2 stones`.
fn count(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::Unknown => f.write_str("it is not a legal move here"),
            Illegal::NoPiece => f.write_str("no piece of the side to move stands on the first cell"),
            Illegal::NoMoves => f.write_str("that piece has no legal move"),
            Illegal::Occupied => f.write_str("the cell is taken"),
            Illegal::OwnPiece => f.write_str("a piece cannot land on one of its own side"),
            Illegal::NotInLine => f.write_str("the two cells are not on one straight line"),
            Illegal::Distance { line, pieces } => {
                write!(
                    f,
                    "there are {} on that {}, so it moves exactly {pieces}",
                    count(pieces, "piece", "pieces"),
                    line.name()
                )
            }
            Illegal::JumpsEnemy => f.write_str("a piece may jump its own side's pieces but not an enemy's"),
            Illegal::MustCapture => f.write_str("every move captures an enemy stone"),
            Illegal::NotAdjacent => f.write_str("a capture takes an enemy stone next to the moving one, across a side"),
            Illegal::NoPath => f.write_str("no path of empty cells leads there"),
            Illegal::RemovesNothing => {
                f.write_str("a slide must clear at least one stone away, and this one clears none")
            }
            Illegal::Range { stones } => {
                let range = 4u8.saturating_sub(stones);
                let (moves, it) = if stones == 1 { ("moves", "it reaches") } else { ("move", "they reach") };
                write!(
                    f,
                    "{} {moves} exactly {} unless {it} the edge, the enemy RA cell, a stack or a capture",
                    count(stones, "stone", "stones"),
                    count(range, "cell", "cells")
                )
            }
            Illegal::Blocked => f.write_str("a stack stands in the way"),
            Illegal::PastRa => f.write_str("a move that enters the enemy RA cell stops there"),
            Illegal::TooTall { stones, height } => {
                write!(f, "{} cannot capture a stack of {height}", count(stones, "stone", "stones"))
            }
            Illegal::JoinShort => f.write_str("a stack joins one of its own side only at its full range"),
            Illegal::JoinTooTall => f.write_str("a stack holds at most 3 stones"),
            Illegal::TooFewStones { height } => write!(f, "the stack has only {}", count(height, "stone", "stones")),
            Illegal::PassNotAllowed => f.write_str("a player may pass only when no other move is legal"),
        }
    }
}
