//! Error types. One small enum per operation, with lowercase messages that
//! say what was wrong, so the CLI and the app can show them as they are.
//! Input is quoted with [`quote`], which shortens long text, so a message
//! stays short however long the input was.

use std::fmt;

use crate::illegal::Illegal;
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
                let mut shown = String::new();
                push_escaped(&mut shown, *ch, '\'');
                write!(f, "row {row}: unexpected character '{shown}' (use x, o or a number of empty cells)")
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
