//! The rules' refusals in the player's language: the `rules` crate says why
//! a move is not legal ([`Illegal`]) in English, for the CLI and the logs;
//! the app says it through the catalogue, each reason a whole sentence
//! with its counts in the language's plural forms.

use rules::Illegal;
#[cfg(feature = "languages")]
use rules::Line;

#[cfg(feature = "languages")]
use crate::{t, tn};

/// Why a move is not legal, as a clause (it follows "b1 cannot reach b4: ").
/// Without other languages (the first board), the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn illegal(why: Illegal) -> String {
    why.to_string()
}

/// Why a move is not legal, as a clause (it follows "b1 cannot reach b4: ").
#[cfg(feature = "languages")]
#[must_use]
pub fn illegal(why: Illegal) -> String {
    match why {
        Illegal::Unknown => t!("it is not a legal move here"),
        Illegal::NoPiece => t!("no piece of the side to move stands on the first cell"),
        Illegal::NoMoves => t!("that piece has no legal move"),
        Illegal::Occupied => t!("the cell is taken"),
        Illegal::OwnPiece => t!("a piece cannot land on one of its own side"),
        Illegal::NotInLine => t!("the two cells are not on one straight line"),
        Illegal::Distance { line: Line::Row, pieces } => tn!(
            pieces,
            "there are {n} piece on that row, so it moves exactly {n}",
            "there are {n} pieces on that row, so it moves exactly {n}"
        ),
        Illegal::Distance { line: Line::Column, pieces } => tn!(
            pieces,
            "there are {n} piece on that column, so it moves exactly {n}",
            "there are {n} pieces on that column, so it moves exactly {n}"
        ),
        Illegal::Distance { line: Line::Diagonal, pieces } => tn!(
            pieces,
            "there are {n} piece on that diagonal, so it moves exactly {n}",
            "there are {n} pieces on that diagonal, so it moves exactly {n}"
        ),
        Illegal::JumpsEnemy => t!("a piece may jump its own side's pieces but not an enemy's"),
        Illegal::MustCapture => t!("every move captures an enemy stone"),
        Illegal::NotAdjacent => t!("a capture takes an enemy stone next to the moving one, across a side"),
        Illegal::NoPath => t!("no path of empty cells leads there"),
        Illegal::RemovesNothing => t!("a slide must clear at least one stone away, and this one clears none"),
        Illegal::Range { stones: 1 } => {
            t!("1 stone moves exactly 3 cells unless it reaches the edge, the enemy RA cell, a stack or a capture")
        }
        Illegal::Range { stones: 2 } => {
            t!("2 stones move exactly 2 cells unless they reach the edge, the enemy RA cell, a stack or a capture")
        }
        Illegal::Range { .. } => {
            t!("3 stones move exactly 1 cell unless they reach the edge, the enemy RA cell, a stack or a capture")
        }
        Illegal::Blocked => t!("a stack stands in the way"),
        Illegal::PastRa => t!("a move that enters the enemy RA cell stops there"),
        Illegal::TooTall { stones, height } => tn!(
            stones,
            "{n} stone cannot capture a stack of {height}",
            "{n} stones cannot capture a stack of {height}",
            height = height
        ),
        Illegal::JoinShort => t!("a stack joins one of its own side only at its full range"),
        Illegal::JoinTooTall => t!("a stack holds at most 3 stones"),
        Illegal::TooFewStones { height } => {
            tn!(height, "the stack has only {n} stone", "the stack has only {n} stones")
        }
        Illegal::PassNotAllowed => t!("a player may pass only when no other move is legal"),
    }
}

#[cfg(all(test, feature = "languages"))]
mod tests {
    use super::*;

    /// In English the words are the rules crate's own, but where its
    /// counts read "there are 1 piece": one sentence for each case now.
    #[test]
    fn in_english_the_reasons_read_as_the_rules_say_them() {
        let cases = [
            Illegal::Unknown,
            Illegal::NoPiece,
            Illegal::NoMoves,
            Illegal::Occupied,
            Illegal::OwnPiece,
            Illegal::NotInLine,
            Illegal::Distance { line: Line::Column, pieces: 2 },
            Illegal::Distance { line: Line::Diagonal, pieces: 3 },
            Illegal::Distance { line: Line::Row, pieces: 4 },
            Illegal::JumpsEnemy,
            Illegal::MustCapture,
            Illegal::NotAdjacent,
            Illegal::NoPath,
            Illegal::RemovesNothing,
            Illegal::Range { stones: 1 },
            Illegal::Range { stones: 2 },
            Illegal::Range { stones: 3 },
            Illegal::Blocked,
            Illegal::PastRa,
            Illegal::TooTall { stones: 2, height: 3 },
            Illegal::TooTall { stones: 1, height: 2 },
            Illegal::JoinShort,
            Illegal::JoinTooTall,
            Illegal::TooFewStones { height: 2 },
            Illegal::TooFewStones { height: 1 },
            Illegal::PassNotAllowed,
        ];
        for why in cases {
            assert_eq!(illegal(why), why.to_string(), "{why:?}");
        }
        assert_eq!(
            illegal(Illegal::Distance { line: Line::Row, pieces: 1 }),
            "there are 1 piece on that row, so it moves exactly 1"
        );
    }
}
