//! Games as people paste them: a record of ours, a move list copied from
//! a web page (with or without move numbers, marks, comments, a result,
//! headers or none), an SGF file — or several games in one text, to choose
//! from. One reader for the Import dialog, dropped files and the command
//! line's `ludoteca import`.
//!
//! A move list without a `[Game "…"]` header is read as the game on
//! screen; if its moves are not legal there, as the one game whose rules
//! they fit; and the reader says which it assumed.

use rules::{GameKind, GameSpec};

use super::record::{self, Record};
use super::sgf;
use super::tree_text::is_result;
use crate::session::model::seats::Seats;
use crate::{t, tn};

/// Whether `text` is SGF: it holds a node, `(;`, which a record never does.
fn is_sgf(text: &str) -> bool {
    text.contains("(;")
}

/// The move number a word of a move list starts with (`12.`, `12...`,
/// `12…b1-b3`; not RA's `1c5-c8`, whose digit is a count of stones).
fn move_number(word: &str) -> Option<u32> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = word[digits..].chars().next()?;
    if digits == 0 || !matches!(after, '.' | '…') {
        return None;
    }
    word[..digits].parse().ok()
}

/// The records in `text`, as byte ranges: a new game begins where headers
/// follow moves, where moves follow a result (`1-0 1. b1-b3`), or where the
/// move numbers start again at 1 (`… 23. e4-e6 1. b1-b3`: two games pasted
/// without a result between them).
fn records(text: &str) -> Vec<&str> {
    let mut games = Vec::new();
    let mut start = 0;
    let mut moves_seen = false;
    // The highest move number of the game so far.
    let mut numbered = 0;
    // Where the game ends if more moves follow: just after its result.
    let mut after_result: Option<usize> = None;
    let (mut braces, mut parens) = (0_usize, 0_usize);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let header = braces == 0 && line.trim_start().starts_with('[');
        if header && moves_seen {
            let end = after_result.unwrap_or(offset);
            games.push(&text[start..end]);
            (start, moves_seen, after_result, parens, numbered) = (end, false, None, 0, 0);
        }
        if !header {
            let mut words = line.char_indices().peekable();
            while let Some((i, c)) = words.next() {
                if c.is_whitespace() {
                    continue;
                }
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = words.peek() {
                    if d.is_whitespace() {
                        break;
                    }
                    end = j + d.len_utf8();
                    words.next();
                }
                let word = &line[i..end];
                let opened = word.matches('{').count();
                let closed = word.matches('}').count();
                if braces > 0 || opened > 0 {
                    braces = (braces + opened).saturating_sub(closed);
                    continue;
                }
                if parens == 0 && is_result(word) {
                    after_result = Some(offset + end);
                    continue;
                }
                if let Some(end) = after_result.take() {
                    games.push(&text[start..end]);
                    (start, numbered) = (end, 0);
                }
                if parens == 0
                    && let Some(n) = move_number(word)
                {
                    if n == 1 && numbered > 1 {
                        let end = offset + i;
                        games.push(&text[start..end]);
                        start = end;
                        numbered = 0;
                    }
                    numbered = numbered.max(n);
                }
                moves_seen = true;
                parens = (parens + word.matches('(').count()).saturating_sub(word.matches(')').count());
            }
        }
        offset += line.len();
    }
    games.push(&text[start..]);
    games.retain(|g| !g.trim().is_empty());
    games
}

/// A game in the ply-numbered form of postal-play newsletters, one or two
/// plies a line: a side letter, the ply's number, the two squares apart,
/// `+` for a capture (on the second square, or between the two), and
/// after `;` a comment — `B 1 b1 b3    W 2 a2 c2+ ; a good reply` —
/// written as a move list (`b1-b3 a2xc2 {a good reply}`). `None` when the
/// text is not in that form (its first line of moves does not start with
/// `B 1` or `W 1`); `Some(Err)` names the first ply that does not read.
fn postal(text: &str) -> Option<Result<String, String>> {
    let first = text.lines().map(|l| l.split(';').next().unwrap_or("").trim()).find(|l| !l.is_empty())?;
    let mut words = first.split_whitespace();
    if !matches!(words.next(), Some("B" | "W" | "b" | "w")) || words.next() != Some("1") {
        return None;
    }
    Some(postal_moves(text))
}

/// The moves of a postal-play text (see [`postal`]).
fn postal_moves(text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut ply = 0_u32;
    for (number, line) in text.lines().enumerate() {
        let (moves, comment) = line.split_once(';').unwrap_or((line, ""));
        let words: Vec<&str> = moves.split_whitespace().collect();
        let mut rest = &words[..];
        let line = number + 1;
        while !rest.is_empty() {
            let (side, n, squares) = match rest {
                [side, n, from, to, tail @ ..] if !from.contains('+') || from.ends_with('+') => {
                    rest = tail;
                    (side, n, format!("{from} {to}"))
                }
                [side, n, both, tail @ ..] => {
                    rest = tail;
                    (side, n, (*both).to_owned())
                }
                _ => {
                    return Err(t!(
                        "line {line}, ply {ply}: expected a side, a number and two squares",
                        line = line,
                        ply = ply + 1
                    ));
                }
            };
            if !matches!(*side, "B" | "W" | "b" | "w") {
                return Err(t!(
                    "line {line}, ply {ply}: {side} is not a side (B or W)",
                    line = line,
                    ply = ply + 1,
                    side = rules::quote(side)
                ));
            }
            ply += 1;
            if n.parse::<u32>().ok() != Some(ply) {
                return Err(t!(
                    "line {line}: ply {ply} is numbered {number}",
                    line = line,
                    ply = ply,
                    number = rules::quote(n)
                ));
            }
            let capture = squares.contains('+');
            let squares = squares.replace('+', " ");
            let [from, to] = squares.split_whitespace().collect::<Vec<_>>()[..] else {
                return Err(t!("line {line}, ply {ply}: expected two squares", line = line, ply = ply));
            };
            out.push_str(&format!("{from}{}{to} ", if capture { 'x' } else { '-' }));
        }
        let comment = comment.trim().replace(['{', '}'], "");
        if !comment.is_empty() {
            out.push_str(&format!("{{{comment}}} "));
        }
    }
    Ok(out)
}

/// The games of a text, each found once.
enum Games<'a> {
    /// An SGF file's, parsed.
    Sgf(sgf::Games),
    /// Records, as the parts of the text that hold them.
    Records(Vec<&'a str>),
    /// A postal-play game, written as a move list.
    Postal(String),
}

impl Games<'_> {
    /// The games of `text`.
    fn of(text: &str) -> Result<Games<'_>, String> {
        if text.trim().is_empty() {
            return Err(t!("There is nothing to read: paste a record, a list of moves or an SGF file."));
        }
        if is_sgf(text) {
            return sgf::Games::parse(text)
                .map(Games::Sgf)
                .map_err(|e| t!("This SGF file cannot be read: {reason}.", reason = e));
        }
        if let Some(moves) = postal(text) {
            return moves
                .map(Games::Postal)
                .map_err(|e| t!("This postal-play record cannot be read: {reason}.", reason = e));
        }
        Ok(Games::Records(records(text)))
    }

    fn len(&self) -> usize {
        match self {
            Games::Sgf(games) => games.len(),
            Games::Records(games) => games.len(),
            Games::Postal(_) => 1,
        }
    }

    /// Game `n` (from 0), a record naming no game read as `screen` (`as_said`
    /// says how the reader is told of it: "the game on screen").
    fn read(&self, n: usize, screen: &GameSpec, as_said: &str) -> Result<Record, String> {
        let none = || {
            tn!(
                self.len(),
                "The text holds one game: there is no game {number}.",
                "The text holds {n} games: there is no game {number}.",
                number = n + 1
            )
        };
        match self {
            Games::Sgf(games) => {
                let (tree, notices) =
                    games.read(n).map_err(|e| t!("This SGF file cannot be read: {reason}.", reason = e))?;
                Ok(Record { tree, seats: Seats::default(), verdicts: Vec::new(), notices })
            }
            Games::Records(games) => {
                let chunk = games.get(n).ok_or_else(none)?;
                read_record(chunk, screen, as_said)
            }
            Games::Postal(_) if n > 0 => Err(none()),
            Games::Postal(moves) => read_record(moves, screen, as_said).map(|mut r| {
                r.notices.insert(0, t!("The record is in the ply-numbered form of postal play."));
                r
            }),
        }
    }
}

/// How many games `text` holds (one, when it cannot be read: the one that says why).
#[must_use]
pub fn count(text: &str) -> usize {
    Games::of(text).map_or(1, |g| g.len().max(1))
}

/// What a record naming no game is read as, in the page's words (English;
/// in the player's language through [`crate::i18n::text`]).
pub const ON_SCREEN: &str = "the game on screen";

/// Reads game `n` (from 0) of `text`; `screen` is the game assumed for a
/// move list without a header, which `as_said` names to the reader
/// ([`ON_SCREEN`] on the page).
///
/// # Errors
/// Why the text cannot be read, in a sentence for the reader.
pub fn read(text: &str, screen: &GameSpec, as_said: &str, n: usize) -> Result<Record, String> {
    Games::of(text)?.read(n, screen, as_said)
}

/// Reads one record, assuming a game when it names none.
fn read_record(text: &str, screen: &GameSpec, as_said: &str) -> Result<Record, String> {
    let named = text.lines().any(|l| l.trim_start().starts_with("[Game "));
    let told = |mut r: Record, notice: String| {
        r.notices.insert(0, notice);
        r
    };
    if named {
        return record::read(text).map_err(|e| t!("This record cannot be read: {reason}.", reason = e));
    }
    let screen_name = crate::i18n::text(screen.kind().name());
    let first = match record::read_as(text, Some(screen)) {
        Ok(r) => {
            let said =
                t!("The record names no game: it is read as {game}, {as_said}.", game = screen_name, as_said = as_said);
            return Ok(told(r, said));
        }
        Err(e) => e,
    };
    // The first other game whose rules the moves fit.
    let fits = GameKind::ALL.iter().filter(|&&k| k != screen.kind()).find_map(|&k| {
        let spec = GameSpec::default_for(k);
        record::read_as(text, Some(&spec)).ok().map(|r| (spec, r))
    });
    match fits {
        Some((spec, r)) => {
            let said = t!(
                "The record names no game and its moves are not legal in {screen}: it is read as {game}, whose rules they fit.",
                screen = screen_name,
                game = crate::i18n::text(spec.kind().name())
            );
            Ok(told(r, said))
        }
        None => Err(t!(
            "This record cannot be read: it names no game, and as {game} ({as_said}) {reason}.",
            game = screen_name,
            as_said = as_said,
            reason = first
        )),
    }
}

/// One line on each game of `text`, to choose from: its number, who played
/// or its first moves, how many moves; or why it cannot be read. The text
/// is split (or parsed) once.
#[must_use]
pub fn labels(text: &str, screen: &GameSpec, as_said: &str) -> Vec<String> {
    let games = Games::of(text);
    let label = |n: usize, read: Result<Record, String>| match read {
        Ok(p) => {
            let moves = p.tree.main_line().len();
            let info = p.tree.info().line();
            let about = if info.is_empty() {
                let first: Vec<String> = p.tree.main_line_texts().into_iter().take(3).collect();
                if first.is_empty() { t!("no moves") } else { format!("{} …", first.join(" ")) }
            } else {
                info
            };
            tn!(
                moves,
                "Game {number}: {game}, {about} ({n} move)",
                "Game {number}: {game}, {about} ({n} moves)",
                number = n + 1,
                game = crate::i18n::text(p.tree.spec().kind().name()),
                about = about
            )
        }
        Err(e) => t!("Game {number}: cannot be read ({reason})", number = n + 1, reason = e),
    };
    match games {
        Ok(games) => (0..games.len().max(1)).map(|n| label(n, games.read(n, screen, as_said))).collect(),
        Err(e) => vec![label(0, Err(e))],
    }
}

#[cfg(test)]
mod tests;
