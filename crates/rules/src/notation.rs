//! Notation shared by the square-board games: cell names (`a1`, `t20`) and the
//! position text (`1xxxxxx1/o6o/…/1xxxxxx1 x`).
//!
//! Cells are numbered `rank * size + file`, with file 0 = column `a` and rank
//! 0 = row `1` (the bottom row).

use std::fmt::{self, Write as _};

use crate::error::{Expected, FieldProblem, MoveError, PositionError};
use crate::player::Player;

/// The largest square board any game uses (Attract 20×20).
pub const MAX_SQUARE_SIZE: usize = 20;

/// The name of cell (`file`, `rank`), zero-based: `(1, 0)` is `b1`.
#[must_use]
pub fn cell_name(file: usize, rank: usize) -> String {
    let mut name = String::with_capacity(3);
    // Files stay below 26 on every board here, so this is a single letter.
    name.push(char::from(b'a' + (file as u8)));
    let _ = write!(name, "{}", rank + 1);
    name
}

/// Reads a cell name on a `size`×`size` board into (file, rank), zero-based.
/// Returns `None` for anything else: no letter, no number, a leading zero,
/// trailing characters or a cell off the board.
#[must_use]
pub fn parse_cell(text: &str, size: usize) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let file = (letter as usize) - ('a' as usize);
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank = digits.parse::<usize>().ok()? - 1;
    (file < size && rank < size).then_some((file, rank))
}

/// A cell of a square board, by zero-based column and row: `Cell { file: 1, rank: 0 }` is `b1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Zero-based column (0 = `a`).
    pub file: u8,
    /// Zero-based row (0 = `1`, the bottom row).
    pub rank: u8,
}

impl Cell {
    /// The cell at index `rank * size + file`.
    #[must_use]
    pub const fn from_index(index: usize, size: usize) -> Cell {
        Cell { file: (index % size) as u8, rank: (index / size) as u8 }
    }

    /// The index `rank * size + file`.
    #[must_use]
    pub const fn index(self, size: usize) -> usize {
        self.rank as usize * size + self.file as usize
    }

    /// The cell in ten bits, five per coordinate (boards up to 32 across;
    /// the games here stop at 20), for packed moves.
    pub(crate) const fn packed(self) -> u32 {
        (self.file as u32 & 31) | (self.rank as u32 & 31) << 5
    }

    /// The cell written by the low ten bits of `code` (see [`Cell::packed`]).
    pub(crate) const fn unpacked(code: u32) -> Cell {
        Cell { file: (code & 31) as u8, rank: (code >> 5 & 31) as u8 }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&cell_name(self.file as usize, self.rank as usize))
    }
}

/// Reads one cell of a move on a `size`×`size` board.
///
/// # Errors
/// [`MoveError::Syntax`] (with `expected`) when the text is not shaped like a
/// cell at all, [`MoveError::BadCell`] when it names a cell off this board.
pub fn read_cell(text: &str, size: usize, expected: Expected) -> Result<Cell, MoveError> {
    let mut chars = text.chars();
    let shaped = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && !chars.as_str().is_empty()
        && chars.as_str().bytes().all(|b| b.is_ascii_digit());
    if !shaped {
        return Err(MoveError::Syntax { expected });
    }
    parse_cell(text, size)
        .map(|(file, rank)| Cell { file: file as u8, rank: rank as u8 })
        .ok_or_else(|| MoveError::BadCell { cell: text.to_owned() })
}

/// Splits a move written `FROM-TO` or `FROMxTO` at its marker: returns
/// (`FROM`, whether the marker is `x`, `TO`). The marker is the first `-` or
/// `x` after the first character (no column letter here reaches `x`).
#[must_use]
pub fn split_step(text: &str) -> Option<(&str, bool, &str)> {
    let at = text.get(1..)?.find(['-', 'x'])? + 1;
    let (from, rest) = text.split_at(at);
    Some((from, rest.starts_with('x'), rest.get(1..)?))
}

/// Splits position text into its space-separated fields.
///
/// # Errors
/// [`PositionError::Empty`] for empty text, [`PositionError::Spacing`] for a
/// space at the start or the end or two spaces in a row (so that no field is
/// ever empty).
pub fn split_fields(text: &str) -> Result<Vec<&str>, PositionError> {
    if text.is_empty() {
        return Err(PositionError::Empty);
    }
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.iter().any(|f| f.is_empty()) {
        return Err(PositionError::Spacing);
    }
    Ok(fields)
}

/// A square board read from position text: what stands on each cell, the side
/// to move, and the extra fields after them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareText<'a> {
    /// Cell contents indexed `rank * size + file`.
    pub cells: Vec<Option<Player>>,
    /// The side to move.
    pub to_move: Player,
    /// Further space-separated fields, for the game to interpret.
    pub extra: Vec<&'a str>,
}

/// Reads square-board position text for a `size`×`size` board.
///
/// # Errors
/// A [`PositionError`] naming the first problem found.
pub fn parse_square_text(text: &str, size: usize) -> Result<SquareText<'_>, PositionError> {
    let mut fields = split_fields(text)?.into_iter();
    let board = fields.next().ok_or(PositionError::Empty)?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != size {
        return Err(PositionError::RowCount { expected: size, found: rows.len() });
    }
    let mut cells = vec![None; size * size];
    for (i, row_text) in rows.iter().enumerate() {
        let rank = size - 1 - i;
        let row = rank + 1;
        let mut file = 0usize;
        let mut run: Option<usize> = None;
        // A run is closed by a stone or the end of the row.
        let close = |run: &mut Option<usize>, file: &mut usize| {
            if let Some(n) = run.take() {
                *file += n;
            }
        };
        for ch in row_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                let d = d as usize;
                let current = run.unwrap_or(0);
                if (current == 0 && d == 0) || current > size {
                    return Err(PositionError::BadRun { row });
                }
                run = Some(current * 10 + d);
            } else if let Some(player) = Player::from_letter(ch) {
                close(&mut run, &mut file);
                if file < size {
                    cells[rank * size + file] = Some(player);
                }
                file += 1;
            } else {
                return Err(PositionError::BadChar { ch, row });
            }
        }
        close(&mut run, &mut file);
        if file != size {
            return Err(PositionError::RowLength { row, expected: size, found: file });
        }
    }
    let side = fields.next().ok_or(PositionError::MissingSideToMove)?;
    let to_move = match side {
        "x" => Player::Black,
        "o" => Player::White,
        other => return Err(PositionError::BadSideToMove { found: other.to_owned() }),
    };
    Ok(SquareText { cells, to_move, extra: fields.collect() })
}

impl SquareText<'_> {
    /// Rejects further fields, for games whose position text ends after the
    /// side to move (`game` is the game's name, for the message).
    ///
    /// # Errors
    /// [`PositionError::Field`] naming the first extra field.
    pub fn no_extra_fields(&self, game: &'static str) -> Result<(), PositionError> {
        match self.extra.first() {
            Some(found) => Err(PositionError::Field {
                field: "extra",
                problem: FieldProblem::Extra { game, found: (*found).to_owned() },
            }),
            None => Ok(()),
        }
    }
}

/// Writes square-board position text: the rows from the top, `/` between
/// rows, run lengths for empty cells, then the side to move.
#[must_use]
pub fn format_square_text(size: usize, cell: impl Fn(usize, usize) -> Option<Player>, to_move: Player) -> String {
    let mut out = String::with_capacity(size * (size + 1) + 2);
    for rank in (0..size).rev() {
        let mut run = 0;
        for file in 0..size {
            match cell(file, rank) {
                None => run += 1,
                Some(player) => {
                    if run > 0 {
                        let _ = write!(out, "{run}");
                        run = 0;
                    }
                    out.push(player.letter());
                }
            }
        }
        if run > 0 {
            let _ = write!(out, "{run}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(to_move.letter());
    out
}

/// Draws a square board as text: row numbers on the left, column letters
/// below, `x`/`o`/`.` for the cells.
#[must_use]
pub fn square_diagram(size: usize, cell: impl Fn(usize, usize) -> Option<Player>) -> String {
    let mut out = String::new();
    let width = if size >= 10 { 2 } else { 1 };
    for rank in (0..size).rev() {
        let _ = write!(out, "{:>width$}", rank + 1);
        for file in 0..size {
            out.push(' ');
            out.push(cell(file, rank).map_or('.', Player::letter));
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(width));
    for file in 0..size {
        out.push(' ');
        out.push(char::from(b'a' + file as u8));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_round_trip() {
        for size in [4, 8, 20] {
            for file in 0..size {
                for rank in 0..size {
                    assert_eq!(parse_cell(&cell_name(file, rank), size), Some((file, rank)));
                }
            }
        }
    }

    #[test]
    fn bad_cells_are_rejected() {
        for bad in ["", "a", "1", "a0", "a01", "i1", "a9", "A1", "a1x", "aa1", "é1", "a-1", "a123"] {
            assert_eq!(parse_cell(bad, 8), None, "{bad}");
        }
    }

    #[test]
    fn multi_digit_runs() {
        let text = "18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/17x o";
        let parsed = parse_square_text(text, 18).unwrap();
        assert_eq!(parsed.cells[17], Some(Player::Black));
        assert_eq!(parsed.to_move, Player::White);
        assert_eq!(format_square_text(18, |f, r| parsed.cells[r * 18 + f], parsed.to_move), text);
    }

    #[test]
    fn errors_are_specific() {
        assert_eq!(parse_square_text("", 2), Err(PositionError::Empty));
        for spaced in [" 2/2 x", "2/2 x ", "2/2  x", " ", "  "] {
            assert_eq!(parse_square_text(spaced, 2), Err(PositionError::Spacing), "{spaced:?}");
        }
        assert_eq!(parse_square_text("2/2/2 x", 2), Err(PositionError::RowCount { expected: 2, found: 3 }));
        assert_eq!(parse_square_text("2/x x", 2), Err(PositionError::RowLength { row: 1, expected: 2, found: 1 }));
        assert_eq!(parse_square_text("2/xq x", 2), Err(PositionError::BadChar { ch: 'q', row: 1 }));
        assert_eq!(parse_square_text("02/2 x", 2), Err(PositionError::BadRun { row: 2 }));
        assert_eq!(parse_square_text("2/2", 2), Err(PositionError::MissingSideToMove));
        assert_eq!(parse_square_text("2/2 z", 2), Err(PositionError::BadSideToMove { found: "z".to_owned() }));
        assert!(matches!(parse_square_text("99999999999999999999/2 x", 2), Err(PositionError::BadRun { row: 2 })));
    }
}
