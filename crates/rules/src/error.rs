//! Error types. One small enum per operation, with lowercase messages that
//! say what was wrong, so the CLI and the app can show them as they are.
//! Input is quoted with [`quote`], which shortens long text, so a message
//! stays short however long the input was.

use std::fmt;

use crate::illegal::Illegal;
use crate::impossible::Impossible;
use crate::player::Player;

/// Quoted text longer than this many bytes is shortened.
const QUOTE_WHOLE: usize = 64;
/// The most bytes kept (escaped) from the start of shortened text.
const QUOTE_HEAD: usize = 32;
/// The most bytes kept (escaped) from the end of shortened text.
const QUOTE_TAIL: usize = 20;

/// `text` quoted for a message, much as Rust writes a string literal
/// (`"b1-b9"`, with backslashes, quotes, control characters and invisible
/// formatting characters escaped: see [`push_escaped`]). When that is longer
/// than 64 bytes, it is shortened to its start and end around `…`, followed
/// by the length of the text in bytes:
/// `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxx" (131000 bytes)`.
/// Either way the quote is at most about 90 bytes, whatever the text.
#[must_use]
pub fn quote(text: &str) -> String {
    // Escaping makes a character at most 10 bytes, so longer text cannot fit.
    if text.len() <= QUOTE_WHOLE {
        let whole = escaped(text.chars(), '"');
        if whole.len() + 2 <= QUOTE_WHOLE {
            return format!("\"{whole}\"");
        }
    }
    let chars: Vec<char> = text.chars().take(QUOTE_HEAD).collect();
    let head = escaped_within(&chars, QUOTE_HEAD, false);
    let mut last: Vec<char> = text.chars().rev().take(QUOTE_TAIL).collect();
    last.reverse();
    let tail = escaped_within(&last, QUOTE_TAIL, true);
    format!("\"{head}…{tail}\" ({} bytes)", text.len())
}

/// Writes `ch` as it stands between `quote` characters in a message:
/// `\\`, the quote, `\n`, `\r`, `\t` and `\0` with a backslash; every other
/// character that [`breaks_or_hides`] as `\u{…}`; everything else as itself.
pub(crate) fn push_escaped(out: &mut String, ch: char, quote: char) {
    match ch {
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\0' => out.push_str("\\0"),
        c if c == quote => {
            out.push('\\');
            out.push(c);
        }
        c if breaks_or_hides(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        c => out.push(c),
    }
}

/// Whether `c` breaks a line or changes how the text around it reads
/// without showing itself: control characters; the line and paragraph
/// separators (U+2028, U+2029); zero-width characters and joiners, the
/// direction marks, embeddings, overrides and isolates (U+061C, U+180E,
/// U+200B–U+200F, U+202A–U+202E, U+2060–U+206F); the byte-order mark; the
/// soft hyphen. A message writes each of them escaped, so it stays one
/// line that reads as it is.
#[must_use]
pub fn breaks_or_hides(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{61c}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
        )
}

/// `chars` escaped for a message quoted with `quote`, without the quotes.
fn escaped(chars: impl Iterator<Item = char>, quote: char) -> String {
    let mut out = String::new();
    for ch in chars {
        push_escaped(&mut out, ch, quote);
    }
    out
}

/// As many of `chars` as fit in `limit` bytes once escaped, from the start
/// (or from the end when `from_end`), escaped, without the quotes.
fn escaped_within(chars: &[char], limit: usize, from_end: bool) -> String {
    for keep in (0..=chars.len()).rev() {
        let slice = if from_end { &chars[chars.len() - keep..] } else { &chars[..keep] };
        let inner = escaped(slice.iter().copied(), '"');
        if inner.len() <= limit {
            return inner;
        }
    }
    String::new()
}

/// `c` quoted for a message between single quotes (`'q'`), escaped as
/// [`quote`] escapes text.
#[must_use]
pub fn quote_char(c: char) -> String {
    let mut shown = String::from('\'');
    push_escaped(&mut shown, c, '\'');
    shown.push('\'');
    shown
}

/// What a game's notation expects where the text is not a move: the shape
/// of its moves, with examples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Attract: a cell, like `e2`.
    Cell,
    /// Forms, standard rules: a capture, like `d3xf6`.
    Capture,
    /// Forms, advanced rules: a capture or a slide, like `e4xe5` or `e4-e2`.
    CaptureOrSlide,
    /// Lines of Action: a move, a capture or `pass`, like `b1-b3` or `b1xb3`.
    MoveOrPass,
    /// RA: the stones moved, then a move or a capture, or `pass`, like
    /// `1k10-j10` or `2h8xf6`.
    StonesMoveOrPass,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Cell => "a cell like e2",
            Expected::Capture => "a capture like d3xf6",
            Expected::CaptureOrSlide => "a capture like e4xe5 or a slide like e4-e2",
            Expected::MoveOrPass => "a move like b1-b3, a capture like b1xb3, or pass",
            Expected::StonesMoveOrPass => "a move like 1k10-j10, a capture like 2h8xf6, or pass",
        })
    }
}

/// Why a move could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    Syntax {
        /// What the notation expects.
        expected: Expected,
    },
    /// A cell name that is not on this board.
    BadCell {
        /// The cell text as written.
        cell: String,
    },
    /// The game is already over.
    GameOver,
    /// Well formed, but not a legal move in this position, and why.
    Illegal(Illegal),
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
            MoveError::Illegal(Illegal::Unknown) => f.write_str("not a legal move"),
            MoveError::Illegal(why) => write!(f, "not a legal move: {why}"),
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
        /// Which field, as the game's notation names it (e.g. `score`).
        field: &'static str,
        /// What is wrong with it.
        problem: FieldProblem,
    },
    /// A player has more pieces than any game of these rules can have.
    TooMany {
        /// Whose pieces.
        player: Player,
        /// How many the text has.
        found: usize,
        /// The most a player can have.
        most: usize,
        /// What they are called in this game.
        what: PieceWord,
    },
    /// The text is well formed but describes a position the rules cannot
    /// reach or cannot continue from.
    Invalid {
        /// Why.
        reason: Impossible,
    },
}

impl PositionError {
    /// An [`PositionError::Invalid`] error.
    #[must_use]
    pub fn invalid(reason: Impossible) -> PositionError {
        PositionError::Invalid { reason }
    }
}

/// What a game calls the things on its board, in a message that counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceWord {
    /// Lines of Action's pieces.
    Pieces,
    /// The stones of Attract, Forms and RA.
    Stones,
}

impl PieceWord {
    /// The word, plural: `pieces` or `stones`.
    #[must_use]
    pub const fn plural(self) -> &'static str {
        match self {
            PieceWord::Pieces => "pieces",
            PieceWord::Stones => "stones",
        }
    }
}

/// What is wrong with one field of position text ([`PositionError::Field`]).
/// Cells and stacks are given as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldProblem {
    /// A field after the side to move, in a game whose position text ends
    /// there.
    Extra {
        /// The game's name ([`GameKind::name`](crate::GameKind::name)).
        game: &'static str,
        /// The first extra field, as written.
        found: String,
    },
    /// RA: position text of another number of fields than five.
    FieldCount {
        /// How many fields the text has.
        found: usize,
    },
    /// Not a player's letter (`x` or `o`).
    NotAPlayer {
        /// What was written instead.
        found: String,
    },
    /// Not a number from `least` to `most` written without leading zeros.
    NotANumber {
        /// What was written.
        found: String,
        /// The smallest number the field takes.
        least: u16,
        /// The largest number the field takes.
        most: u16,
    },
    /// RA: a score not written `BLACK-WHITE`.
    ScoreShape,
    /// RA: a stack that does not start with its owner's letter.
    StackOwner {
        /// The stack as written.
        stack: String,
    },
    /// RA: a stack's height that is not 1, 2 or 3.
    StackHeight {
        /// The stack as written.
        stack: String,
    },
    /// RA: a stack on a cell that is not on the board.
    StackCell {
        /// The stack as written.
        stack: String,
        /// Its cell as written.
        cell: String,
    },
    /// RA: two stacks on one cell.
    TwoStacks {
        /// The cell's name.
        cell: String,
    },
}

impl fmt::Display for FieldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldProblem::Extra { game, found } => {
                write!(f, "{game} position text ends after the side to move; found {}", quote(found))
            }
            FieldProblem::FieldCount { found } => {
                write!(f, "RA position text has 5 fields (stacks, side, score, match, starter); found {found}")
            }
            FieldProblem::NotAPlayer { found } => write!(f, "must be x or o, not {}", quote(found)),
            FieldProblem::NotANumber { found, least, most } => {
                write!(f, "{} is not a number from {least} to {most}, written without leading zeros", quote(found))
            }
            FieldProblem::ScoreShape => f.write_str("write it as BLACK-WHITE, like 3-1"),
            FieldProblem::StackOwner { stack } => {
                write!(f, "{} should start with x or o, then the height and the cell, like x3c5", quote(stack))
            }
            FieldProblem::StackHeight { stack } => write!(f, "{}: the height must be 1, 2 or 3", quote(stack)),
            FieldProblem::StackCell { stack, cell } => {
                write!(f, "{}: {} is not a cell of the board", quote(stack), quote(cell))
            }
            FieldProblem::TwoStacks { cell } => write!(f, "two stacks on {cell}"),
        }
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
                write!(f, "row {row}: unexpected character {} (use x, o or a number of empty cells)", quote_char(*ch))
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
                let what = what.plural();
                write!(f, "impossible position: {} has {found} {what}; a player has at most {most}", player.name())
            }
            PositionError::Invalid { reason } => write!(f, "impossible position: {reason}"),
        }
    }
}

impl std::error::Error for PositionError {}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Whatever the text, its quote is one line of visible characters:
        /// nothing in it breaks a line or hides itself.
        #[test]
        fn a_quote_is_one_visible_line(text in any::<String>()) {
            let quoted = quote(&text);
            prop_assert!(!quoted.chars().any(breaks_or_hides), "{quoted:?}");
            prop_assert!(quoted.len() <= 90 + 20, "{} bytes", quoted.len());
        }
    }

    #[test]
    fn line_and_paragraph_separators_and_direction_marks_are_escaped() {
        assert_eq!(quote("3x4/\u{2028}3ooo2"), "\"3x4/\\u{2028}3ooo2\"");
        assert_eq!(quote("a\u{2029}b\u{2066}c\u{61c}d\u{ad}"), "\"a\\u{2029}b\\u{2066}c\\u{61c}d\\u{ad}\"");
    }

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(quote("b1-b9"), "\"b1-b9\"");
        assert_eq!(quote("a\tb"), "\"a\\tb\"");
        let limit = "x".repeat(QUOTE_WHOLE - 2);
        assert_eq!(quote(&limit), format!("\"{limit}\""));
    }

    #[test]
    fn long_text_is_quoted_by_its_ends_and_length() {
        let text = format!("{}{}{}", "a".repeat(40), "m".repeat(131_000), "z".repeat(30));
        let expected =
            format!("\"{}…{}\" ({} bytes)", "a".repeat(QUOTE_HEAD), "z".repeat(QUOTE_TAIL), 40 + 131_000 + 30);
        assert_eq!(quote(&text), expected);
        // Just over the limit is shortened too.
        assert!(quote(&"x".repeat(QUOTE_WHOLE - 1)).contains('…'));
    }

    #[test]
    fn shortening_counts_characters_not_bytes() {
        // Cutting inside a multi-byte character would panic.
        let quoted = quote(&"é".repeat(100));
        assert!(quoted.contains('…'), "{quoted}");
        assert!(quoted.ends_with("(200 bytes)"), "{quoted}");
    }

    #[test]
    fn escaped_characters_count_in_the_length() {
        // Regression (found by fuzzing): 40 control characters escaped as
        // \u{1e} made a quote of some 250 bytes.
        for text in
            ["\u{1e}".repeat(3), "\u{1e}".repeat(40), "\0".repeat(1_000), format!("ab{}", "\u{10ffff}".repeat(50))]
        {
            let quoted = quote(&text);
            assert!(quoted.len() <= 90, "{} bytes: {quoted}", quoted.len());
        }
        assert_eq!(quote("\u{1e}\u{1e}"), "\"\\u{1e}\\u{1e}\"");
    }

    #[test]
    fn quotes_backslashes_and_invisible_characters_are_escaped() {
        assert_eq!(quote(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(quote("x\u{202e}y\u{200b}z\u{feff}"), "\"x\\u{202e}y\\u{200b}z\\u{feff}\"");
        assert_eq!(quote("é ü ✓"), "\"é ü ✓\"");
        let bad = PositionError::BadChar { ch: '\'', row: 2 }.to_string();
        assert!(bad.contains(r"'\''"), "{bad}");
    }
}
