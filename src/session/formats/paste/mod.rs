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
use search::review::Verdict;

use super::tree_text::is_result;
use super::{record, sgf};
use crate::session::model::seats::Seats;
use crate::session::model::tree::{GameTree, NodeId};

/// A game read from pasted text.
#[derive(Debug)]
pub struct Pasted {
    /// The game, the cursor at the end of its main line.
    pub tree: GameTree,
    /// Its players' seats.
    pub seats: Seats,
    /// The review's verdicts it carried.
    pub verdicts: Vec<(NodeId, Verdict)>,
    /// What the reader assumed or could not use, in words.
    pub notices: Vec<String>,
}

/// Whether `text` is SGF: it holds a node, `(;`, which a record never does.
fn is_sgf(text: &str) -> bool {
    text.contains("(;")
}

/// The records in `text`, as byte ranges: a new game begins where headers
/// follow moves, or where moves follow a result (`1-0 1. b1-b3`).
fn records(text: &str) -> Vec<&str> {
    let mut games = Vec::new();
    let mut start = 0;
    let mut moves_seen = false;
    // Where the game ends if more moves follow: just after its result.
    let mut after_result: Option<usize> = None;
    let (mut braces, mut parens) = (0_usize, 0_usize);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let header = braces == 0 && line.trim_start().starts_with('[');
        if header && moves_seen {
            let end = after_result.unwrap_or(offset);
            games.push(&text[start..end]);
            (start, moves_seen, after_result, parens) = (end, false, None, 0);
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
                    start = end;
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

/// How many games `text` holds.
#[must_use]
pub fn count(text: &str) -> usize {
    if is_sgf(text) { sgf::count(text).max(1) } else { records(text).len().max(1) }
}

/// Reads game `n` (from 0) of `text`; `screen` is the game on screen,
/// assumed for a move list without a header.
///
/// # Errors
/// Why the text cannot be read, in a sentence for the reader.
pub fn read(text: &str, screen: &GameSpec, n: usize) -> Result<Pasted, String> {
    if text.trim().is_empty() {
        return Err("There is nothing to read: paste a record, a list of moves or an SGF file.".to_owned());
    }
    if is_sgf(text) {
        let (tree, notices, _) = sgf::read_nth(text, n).map_err(|e| format!("This SGF file cannot be read: {e}."))?;
        return Ok(Pasted { tree, seats: Seats::default(), verdicts: Vec::new(), notices });
    }
    let games = records(text);
    let holds = if games.len() == 1 { "one game".to_owned() } else { format!("{} games", games.len()) };
    let chunk = games.get(n).ok_or_else(|| format!("The text holds {holds}: there is no game {}.", n + 1))?;
    read_record(chunk, screen)
}

/// Reads one record, assuming a game when it names none.
fn read_record(text: &str, screen: &GameSpec) -> Result<Pasted, String> {
    let named = text.lines().any(|l| l.trim_start().starts_with("[Game "));
    let pasted = |r: record::Record, notice: Option<String>| Pasted {
        tree: r.tree,
        seats: r.seats,
        verdicts: r.verdicts,
        notices: notice.into_iter().chain(r.notices).collect(),
    };
    if named {
        return record::read(text).map(|r| pasted(r, None)).map_err(|e| format!("This record cannot be read: {e}."));
    }
    let first = match record::read_as(text, Some(screen)) {
        Ok(r) => {
            let said = format!("The record names no game: it is read as {}, the game on screen.", screen.kind().name());
            return Ok(pasted(r, Some(said)));
        }
        Err(e) => e,
    };
    let others: Vec<GameSpec> =
        GameKind::ALL.iter().filter(|&&k| k != screen.kind()).map(|&k| GameSpec::default_for(k)).collect();
    let fits: Vec<(GameSpec, record::Record)> =
        others.into_iter().filter_map(|spec| Some((spec, record::read_as(text, Some(&spec)).ok()?))).collect();
    match fits.into_iter().next() {
        Some((spec, r)) => {
            let said = format!(
                "The record names no game and its moves are not legal in {}: it is read as {}, whose rules they fit.",
                screen.kind().name(),
                spec.kind().name()
            );
            Ok(pasted(r, Some(said)))
        }
        None => Err(format!(
            "This record cannot be read: it names no game, and as {} (the game on screen) {first}.",
            screen.kind().name()
        )),
    }
}

/// One line on each game of `text`, to choose from: its number, who played
/// or its first moves, how many moves; or why it cannot be read.
#[must_use]
pub fn labels(text: &str, screen: &GameSpec) -> Vec<String> {
    (0..count(text))
        .map(|n| match read(text, screen, n) {
            Ok(p) => {
                let moves = p.tree.main_line().len();
                let info = p.tree.info().line();
                let about = if info.is_empty() {
                    let first: Vec<String> = p.tree.main_line_texts().into_iter().take(3).collect();
                    if first.is_empty() { "no moves".to_owned() } else { format!("{} …", first.join(" ")) }
                } else {
                    info
                };
                let name = p.tree.spec().kind().name();
                format!("Game {}: {name}, {about} ({moves} move{})", n + 1, if moves == 1 { "" } else { "s" })
            }
            Err(e) => format!("Game {}: cannot be read ({e})", n + 1),
        })
        .collect()
}

#[cfg(test)]
mod tests;
