//! Move trees as text, for links and records.
//!
//! A variation is written in parentheses right after the move it is an
//! alternative to, as chess records do; variations nest. In a link the moves
//! are separated by commas: `b1-b3,a2-c2(h2-f2,c1xa3),e1-e3` is the main line
//! b1-b3 a2-c2 e1-e3 with h2-f2 c1xa3 as a variation for a2-c2. A link
//! without parentheses is a plain line, as links always were. In a record
//! the moves are numbered and a comment follows its move in braces:
//! `1. b1-b3 a2-c2 (1... h2-f2 {the wing} 2. c1xa3) 2. e1-e3`.
//!
//! Reading builds the tree from a stream of [`Token`]s; a bad move or a
//! misplaced parenthesis stops it, keeping every move before.

use std::fmt::Write as _;

use rules::{AnyGame, AnyMove, MoveError, quote};

use crate::session::model::info::Mark;
use crate::session::model::tree::{GameTree, Nav, NodeId};

/// A piece of a written tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move in notation.
    Move(String),
    /// `(`: a variation for the move before begins.
    Open,
    /// `)`: the variation ends.
    Close,
    /// A comment on the move before.
    Comment(String),
    /// A mark on the move before (`!?`).
    Mark(Mark),
    /// A game's result as records write it (`1-0`, `B+R`, `*`).
    Result(String),
    /// Something that cannot be read, and why.
    Bad(&'static str),
}

/// Why a written tree could not be read to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// A move cannot be read or is not legal where it stands.
    Move {
        /// Which move, counting every move written (from 1).
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: MoveError,
    },
    /// A parenthesis or comment is out of place.
    Syntax {
        /// How many moves were read before it.
        after: usize,
        /// What is wrong: one of [`SYNTAX_REASONS`], in English (said in
        /// the player's language through [`crate::i18n::text`]).
        reason: &'static str,
    },
}

/// Variations nested deeper than [`MAX_NESTING`].
const TOO_DEEP: &str = "variations nest too deep";
/// A `(` before any move.
const OPEN_FIRST: &str = "a variation must follow a move";
/// A `)` with no `(`.
const CLOSE_ALONE: &str = "a \")\" closes no variation";
/// A comment before any move.
const COMMENT_FIRST: &str = "a comment must follow a move";
/// A mark before any move.
const MARK_FIRST: &str = "a mark (! or ?) must follow a move";
/// A `(` left open.
const OPEN_LEFT: &str = "a \"(\" is never closed";
/// A `{` left open.
const COMMENT_LEFT: &str = "a \"{\" is never closed";

/// Every reason a [`TreeError::Syntax`] gives, in English: keys of the
/// languages' texts (`crate::i18n::dynamic_keys`).
pub const SYNTAX_REASONS: [&str; 7] =
    [TOO_DEEP, OPEN_FIRST, CLOSE_ALONE, COMMENT_FIRST, MARK_FIRST, OPEN_LEFT, COMMENT_LEFT];

impl std::fmt::Display for TreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TreeError::Move { number, text, error: MoveError::WrittenAs { correct } }
                if correct.replacen('-', "x", 1) == text.to_ascii_lowercase() =>
            {
                f.write_str(&crate::t!(
                    "move {number} {move} is written as a capture but takes nothing: the move is {correct}",
                    number = number,
                    move = quote(text),
                    correct = correct
                ))
            }
            TreeError::Move { number, text, error } => f.write_str(&crate::t!(
                "move {number} {move}: {reason}",
                number = number,
                move = quote(text),
                reason = crate::i18n::rules_words::move_error(error)
            )),
            TreeError::Syntax { after, reason } => f.write_str(&crate::t!(
                "{reason} (after move {after})",
                reason = crate::i18n::text(reason),
                after = after
            )),
        }
    }
}

/// Builds the moves of `tokens` into `tree` (a tree holding only its start),
/// then puts the cursor at the end of the main line. Returns the error that
/// stopped it, if any, with the place of its token (`end` for a variation
/// still open when the text ends). Moves are read exactly as this app
/// writes them (links); see [`build_loose`] for records.
pub fn build<P>(tree: &mut GameTree, tokens: impl IntoIterator<Item = (Token, P)>, end: P) -> Option<(TreeError, P)> {
    let stopped = grow::<P, false>(tree, tokens, end);
    tree.navigate(Nav::First);
    tree.navigate(Nav::Last);
    stopped
}

/// [`build`], reading moves as people write them ([`read_move`]): records
/// and pasted move lists. (Links keep the exact reading, so the page's
/// `.wasm`, which reads only links, carries no lenient reader.)
pub fn build_loose<P>(
    tree: &mut GameTree,
    tokens: impl IntoIterator<Item = (Token, P)>,
    end: P,
) -> Option<(TreeError, P)> {
    let stopped = grow::<P, true>(tree, tokens, end);
    tree.navigate(Nav::First);
    tree.navigate(Nav::Last);
    stopped
}

fn grow<P, const LOOSE: bool>(
    tree: &mut GameTree,
    tokens: impl IntoIterator<Item = (Token, P)>,
    end: P,
) -> Option<(TreeError, P)> {
    // `at`: the node the next move follows; `outer`: where each open variation resumes.
    let mut at = NodeId::ROOT;
    let mut outer: Vec<NodeId> = Vec::new();
    let mut read = 0;
    for (token, place) in tokens {
        let syntax = |reason, place| Some((TreeError::Syntax { after: read, reason }, place));
        match token {
            Token::Move(text) => {
                read += 1;
                tree.navigate(Nav::Node(at));
                let parsed = if LOOSE { read_move(tree.position(), &text) } else { tree.position().parse_move(&text) };
                match parsed {
                    Ok(mv) => {
                        tree.play(mv);
                        at = tree.cursor();
                    }
                    Err(error) => return Some((TreeError::Move { number: read, text, error }, place)),
                }
            }
            // A variation replaces the move before it: it grows from that move's parent.
            Token::Open if outer.len() >= MAX_NESTING => return syntax(TOO_DEEP, place),
            Token::Open => match tree.parent(at) {
                Some(parent) => {
                    outer.push(at);
                    at = parent;
                }
                None => return syntax(OPEN_FIRST, place),
            },
            Token::Close => match outer.pop() {
                Some(resume) => at = resume,
                None => return syntax(CLOSE_ALONE, place),
            },
            Token::Comment(text) if at != NodeId::ROOT => {
                // Arrows and circles lead the comment as `[%draw Gb1b3 Rc4]`.
                let drawn = text.trim_start().strip_prefix("[%draw ").and_then(|rest| rest.split_once(']'));
                let comment = match drawn {
                    Some((shapes, rest)) => {
                        let spec = tree.spec();
                        tree.set_shapes(at, Some(crate::session::model::shapes::tidy(&spec, shapes)));
                        rest
                    }
                    None => &text,
                };
                tree.set_comment(at, Some(comment.trim().to_owned()));
            }
            Token::Comment(_) => return syntax(COMMENT_FIRST, place),
            Token::Mark(mark) if at != NodeId::ROOT => tree.set_mark(at, Some(mark)),
            Token::Mark(_) => return syntax(MARK_FIRST, place),
            // What a result means is the record's reader's to say.
            Token::Result(_) => {}
            Token::Bad(reason) => return syntax(reason, place),
        }
    }
    (!outer.is_empty()).then_some((TreeError::Syntax { after: read, reason: OPEN_LEFT }, end))
}

/// Reads a move as people write it: in either case, and a capture written
/// with `-` where the board makes it one (a capture written with `x` that
/// takes nothing is refused, saying so).
///
/// # Errors
/// Why the move cannot be read, or is not legal here.
pub fn read_move(position: &AnyGame, text: &str) -> Result<AnyMove, MoveError> {
    let lower;
    let text = if text.bytes().any(|b| b.is_ascii_uppercase()) {
        lower = text.to_ascii_lowercase();
        lower.as_str()
    } else {
        text
    };
    match position.parse_move(text) {
        Err(MoveError::WrittenAs { correct }) if correct.replacen('x', "-", 1) == text => position.parse_move(&correct),
        other => other,
    }
}

/// The most variations nested in one another that a text may hold (so that
/// writing a tree back, which recurses into variations, stays shallow).
pub const MAX_NESTING: usize = 64;

/// How a tree is written: what goes around its moves, comments and variations.
pub(crate) trait Writer {
    /// A move (`fresh` when it starts a line: after a parenthesis or a comment).
    fn step(&mut self, tree: &GameTree, node: NodeId, fresh: bool);
    /// The comment on `node`, the move just written, if it has one to
    /// write; returns whether it wrote one.
    fn comment(&mut self, tree: &GameTree, node: NodeId) -> bool;
    /// A variation begins.
    fn open(&mut self);
    /// It ends.
    fn close(&mut self);
}

/// Writes the line that continues from `from`, each move followed by its
/// variations in parentheses. It recurses into variations only, never along
/// a line, so a long game costs no depth.
pub(super) fn write_line(tree: &GameTree, from: NodeId, mut fresh: bool, w: &mut impl Writer) {
    let mut at = from;
    while let Some(&first) = tree.children(at).first() {
        w.step(tree, first, fresh);
        fresh = w.comment(tree, first);
        for &alt in &tree.children(at)[1..] {
            w.open();
            write_variation(tree, alt, w);
            w.close();
            fresh = true;
        }
        at = first;
    }
}

/// Writes the variation that starts with `first`: its moves, comments and
/// the variations inside it.
pub(crate) fn write_variation(tree: &GameTree, first: NodeId, w: &mut impl Writer) {
    w.step(tree, first, true);
    let commented = w.comment(tree, first);
    write_line(tree, first, commented, w);
}

/// The `moves=` value of a link, and the number (in the order written, from
/// 1) of every node, the start being 0. Comments are left out of links.
#[must_use]
pub fn link_moves(tree: &GameTree) -> (String, Vec<usize>) {
    struct Link {
        out: String,
        comma: bool,
        count: usize,
        numbers: Vec<usize>,
    }
    impl Writer for Link {
        fn step(&mut self, tree: &GameTree, node: NodeId, _: bool) {
            if self.comma {
                self.out.push(',');
            }
            if let Some(mv) = tree.move_of(node) {
                let _ = write!(self.out, "{mv}");
            }
            self.count += 1;
            self.numbers[node.index()] = self.count;
            self.comma = true;
        }
        fn comment(&mut self, _: &GameTree, _: NodeId) -> bool {
            false
        }
        fn open(&mut self) {
            self.out.push('(');
            self.comma = false;
        }
        fn close(&mut self) {
            self.out.push(')');
            self.comma = true;
        }
    }
    let mut link = Link { out: String::new(), comma: false, count: 0, numbers: vec![0; tree.nodes().count()] };
    write_line(tree, NodeId::ROOT, true, &mut link);
    (link.out, link.numbers)
}

/// The tokens of a link's `moves=` value: moves between commas and parentheses.
pub fn link_tokens(text: &str) -> impl Iterator<Item = Token> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            rest = rest.trim_start_matches(',');
            let c = rest.chars().next()?;
            if c == '(' || c == ')' {
                rest = &rest[1..];
                return Some(if c == '(' { Token::Open } else { Token::Close });
            }
            let end = rest.find([',', '(', ')']).unwrap_or(rest.len());
            let word = &rest[..end];
            rest = &rest[end..];
            if !word.is_empty() {
                return Some(Token::Move(word.to_owned()));
            }
        }
    })
}

/// The move section of a record: numbered moves, variations in parentheses,
/// comments in braces, a new line every two moves of the main line. `extra`
/// adds to the comment of a move (the review's verdicts).
#[must_use]
pub fn record_moves(tree: &GameTree, extra: &dyn Fn(NodeId) -> Option<String>) -> String {
    struct Record<'a> {
        out: String,
        depth: usize,
        extra: &'a dyn Fn(NodeId) -> Option<String>,
    }
    impl Writer for Record<'_> {
        fn step(&mut self, tree: &GameTree, node: NodeId, fresh: bool) {
            let ply = tree.depth(node) - 1;
            let number = ply / 2 + 1;
            if self.depth == 0 && ply.is_multiple_of(2) && ply > 0 {
                self.out.push('\n');
            } else if !self.out.is_empty() && !self.out.ends_with(['(', '\n']) {
                self.out.push(' ');
            }
            if ply.is_multiple_of(2) {
                let _ = write!(self.out, "{number}. ");
            } else if fresh {
                let _ = write!(self.out, "{number}... ");
            }
            if let Some(mv) = tree.move_of(node) {
                let _ = write!(self.out, "{mv}");
            }
            if let Some(mark) = tree.mark(node) {
                self.out.push_str(mark.text());
            }
        }
        fn comment(&mut self, tree: &GameTree, node: NodeId) -> bool {
            let drawn = tree.shapes(node).map(|s| format!("[%draw {s}]"));
            let parts = [drawn, tree.comment(node).map(str::to_owned), (self.extra)(node)];
            let text = parts.into_iter().flatten().collect::<Vec<_>>().join(" ");
            if text.is_empty() {
                return false;
            }
            // Braces end a comment: inside one they become parentheses.
            let _ = write!(self.out, " {{{}}}", text.replace('{', "(").replace('}', ")"));
            true
        }
        fn open(&mut self) {
            self.out.push_str(" (");
            self.depth += 1;
        }
        fn close(&mut self) {
            self.out.push(')');
            self.depth -= 1;
        }
    }
    let mut record = Record { out: String::new(), depth: 0, extra };
    write_line(tree, NodeId::ROOT, true, &mut record);
    if !record.out.is_empty() {
        record.out.push('\n');
    }
    record.out
}

/// The tokens of a record's move section, each with its line (counted from
/// `first_line`). Written as people paste them: move numbers (`12.`,
/// `12...`, also glued to the move: `12.b1-b3`) are skipped, marks after a
/// move (`!?`, `??`) become [`Token::Mark`], check and win signs (`+`,
/// `#`) are dropped, results (`1-0`, `1/2-1/2`, `B+R`, `*`) become
/// [`Token::Result`].
pub fn record_tokens(text: &str, first_line: usize) -> Vec<(Token, usize)> {
    let mut tokens = Vec::new();
    let mut line = first_line;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '(' => tokens.push((Token::Open, line)),
            ')' => tokens.push((Token::Close, line)),
            '{' => {
                let start_line = line;
                let mut comment = String::new();
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    match c {
                        '}' => {
                            closed = true;
                            break;
                        }
                        '\n' => {
                            line += 1;
                            comment.push(' ');
                        }
                        c => comment.push(c),
                    }
                }
                let token = if closed { Token::Comment(comment) } else { Token::Bad(COMMENT_LEFT) };
                tokens.push((token, start_line));
            }
            _ => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_whitespace() || matches!(d, '(' | ')' | '{') {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                word_tokens(&text[i..end], line, &mut tokens);
            }
        }
    }
    tokens
}

/// The tokens of one word of a record's moves.
fn word_tokens(word: &str, line: usize, tokens: &mut Vec<(Token, usize)>) {
    if is_result(word) {
        tokens.push((Token::Result(word.to_owned()), line));
        return;
    }
    let word = skip_number(word);
    if word.is_empty() {
        return;
    }
    let (bare, mark) = Mark::split(word);
    if !bare.is_empty() {
        tokens.push((Token::Move(bare.to_owned()), line));
    }
    if let Some(mark) = mark {
        tokens.push((Token::Mark(mark), line));
    }
}

/// `word` without a move number in front (`12.`, `12...`, `12…`), or
/// without the ellipsis of a reply printed without its number (`…h4-f2`,
/// `...h4-f2`, as after a comment; a single `.` is not one).
fn skip_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = word[digits..].trim_start_matches(['.', '…']);
    let skipped = &word[digits..word.len() - rest.len()];
    let ellipsis = skipped.contains('…') || skipped.len() >= 2;
    if (digits > 0 && !skipped.is_empty()) || (digits == 0 && ellipsis) { rest } else { word }
}

/// Whether `word` is a game's result as records write it: `*` (unfinished)
/// or what [`result::read`] reads (`1-0`, `1/2-1/2`, `B+R`, `Draw`…).
#[must_use]
pub fn is_result(word: &str) -> bool {
    word == "*" || super::result::read(word).is_some()
}

#[cfg(test)]
pub(crate) mod tests;
