//! The rules' errors in the player's language: the `rules` crate says why a
//! move is not legal ([`Illegal`]), why a move or a game spec cannot be
//! read, why position text describes no position ([`PositionError`]) and
//! why a game cannot be replayed, in English, for the CLI and the logs; the
//! app says each through the catalogue, a whole clause per reason with its
//! counts in the language's plural forms. The callers put the clause in
//! their own sentence ("b1 cannot reach b4: …", "line 3: …").
//!
//! Without other languages (the first board), each function is the rules'
//! own `Display`, so no text and no lookup is added there.
//!
//! - `mod.rs`: moves, options, game specs and replays;
//! - `position.rs`: position text ([`PositionError`]).

use rules::{BadMove, Illegal, MoveError, OptionError, ReplayError, SpecError};
#[cfg(feature = "languages")]
use rules::{Expected, GameKind, Line, quote};

#[cfg(feature = "languages")]
use crate::{t, tn};

mod position;

pub use position::{position_error, why_impossible};

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

/// Why a move could not be read or played, as a clause (it follows
/// "b1-b9: "). Without other languages, the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn move_error(error: &MoveError) -> String {
    error.to_string()
}

/// Why a move could not be read or played, as a clause (it follows
/// "b1-b9: ").
#[cfg(feature = "languages")]
#[must_use]
pub fn move_error(error: &MoveError) -> String {
    match error {
        MoveError::Syntax { expected: Expected::Cell } => t!("not a move: expected a cell like e2"),
        MoveError::Syntax { expected: Expected::Capture } => t!("not a move: expected a capture like d3xf6"),
        MoveError::Syntax { expected: Expected::CaptureOrSlide } => {
            t!("not a move: expected a capture like e4xe5 or a slide like e4-e2")
        }
        MoveError::Syntax { expected: Expected::MoveOrPass } => {
            t!("not a move: expected a move like b1-b3, a capture like b1xb3, or pass")
        }
        MoveError::Syntax { expected: Expected::StonesMoveOrPass } => {
            t!("not a move: expected a move like 1k10-j10, a capture like 2h8xf6, or pass")
        }
        MoveError::BadCell { cell } => t!("{cell} is not a cell of this board", cell = quote(cell)),
        MoveError::GameOver => t!("the game is already over"),
        MoveError::Illegal(Illegal::Unknown) => t!("not a legal move"),
        MoveError::Illegal(why) => t!("not a legal move: {reason}", reason = illegal(*why)),
        MoveError::WrittenAs { correct } => {
            t!("not a legal move as written; the legal move is written {correct}", correct = correct)
        }
    }
}

/// Why a rule option could not be set, or why options do not go together,
/// as a clause. Without other languages, the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn option_error(error: &OptionError) -> String {
    error.to_string()
}

/// Why a rule option could not be set, or why options do not go together,
/// as a clause (it follows "These options do not go together: ").
#[cfg(feature = "languages")]
#[must_use]
pub fn option_error(error: &OptionError) -> String {
    match error {
        OptionError::UnknownKey { key, known } if known.is_empty() => {
            t!("unknown option {option}: this game has no options", option = quote(key))
        }
        OptionError::UnknownKey { key, known } => {
            t!("unknown option {option} (options: {options})", option = quote(key), options = known.join(", "))
        }
        OptionError::BadValue { key, value, accepted } => t!(
            "option {option} cannot be {value} (one of: {values})",
            option = key,
            value = quote(value),
            values = accepted.join(", ")
        ),
        OptionError::Combination { reason: rules::Conflict::HoleNeedsOddSize } => {
            t!("the black hole is the centre square: it needs a board of odd size (5, 7 or 9)")
        }
    }
}

/// Why a game spec (`loa:size=7`) could not be read, as a clause. Without
/// other languages, the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn spec_error(error: &SpecError) -> String {
    error.to_string()
}

/// Why a game spec (`loa:size=7`) could not be read, as a clause (it
/// follows "game \"chess\": ").
#[cfg(feature = "languages")]
#[must_use]
pub fn spec_error(error: &SpecError) -> String {
    match error {
        SpecError::UnknownGame { id } => {
            let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
            t!("unknown game {game} (games: {games})", game = quote(id), games = games.join(", "))
        }
        SpecError::NotKeyValue { text } => t!("option {option} is not written key=value", option = quote(text)),
        SpecError::Duplicate { key } => t!("option {option} is given twice", option = quote(key)),
        SpecError::Option(e) => option_error(e),
    }
}

/// A move that could not be replayed, with its number and text, as a
/// clause. Without other languages, the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn bad_move(bad: &BadMove) -> String {
    bad.to_string()
}

/// A move that could not be replayed, with its number and text, as a
/// clause: `move 2 "zz": not a move: …`.
#[cfg(feature = "languages")]
#[must_use]
pub fn bad_move(bad: &BadMove) -> String {
    t!("move {number} {move}: {reason}", number = bad.index + 1, move = quote(&bad.text), reason = move_error(&bad.error))
}

/// Why a game could not be replayed, as a clause. Without other
/// languages, the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn replay_error(error: &ReplayError) -> String {
    error.to_string()
}

/// Why a game could not be replayed, as a clause: its start position's
/// fault, or its first bad move.
#[cfg(feature = "languages")]
#[must_use]
pub fn replay_error(error: &ReplayError) -> String {
    match error {
        ReplayError::Start(e) => t!("start position: {reason}", reason = position_error(e)),
        ReplayError::Move(bad) => bad_move(bad),
    }
}

#[cfg(all(test, feature = "languages"))]
mod tests;
