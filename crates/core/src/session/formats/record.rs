//! Game records as text: a header with the game spec, the players, the start
//! position when it is not the usual one and the result (of the main line),
//! then the moves in notation, numbered two to a line, with variations in
//! parentheses and comments in braces.
//!
//! ```text
//! [Game "loa"]
//! [Black "human"]
//! [White "ai:3"]
//! [Result "ongoing"]
//!
//! 1. b1-b3 a2-c2 (1... h2-f2 {the wing} 2. c1xa3)
//! 2. e1-e3
//! ```
//!
//! A reviewed game also carries the searcher's verdicts: the start's in an
//! `[Eval "…"]` header, every later position's in the comment of the move
//! that led to it, as `[%eval SCORE BEST]` — SCORE in hundredths for the
//! side to move (`+35`, `-120`) or a proven result in plies (`#+3` wins in
//! 3, `#-4` loses in 4), BEST the searcher's move (`-` for none). Reading
//! takes them out of the comments again, so a review is not searched twice.
//!
//! Reading checks every move; a bad record is reported with its line and
//! why. Records written before variations existed read the same way.

use std::fmt;

use rules::{AnyGame, GameSpec, Player};
use search::review::Verdict;
use search::score::{EVAL_LIMIT, PROVEN, SOLVED_DRAW, SOLVED_WIN, WIN, plies_to_end};

use crate::i18n::rules_words;
use crate::session::formats::result;
use crate::session::formats::tree_text::{Token, build_loose, record_moves, record_tokens};
use crate::session::model::clock::{Clock, TimeControl};
use crate::session::model::ending::Ending;
use crate::session::model::info::{FIELDS, GameInfo};
use crate::session::model::seats::{Seat, Seats};
use crate::session::model::tree::{Finish, GameTree, NodeId};
use crate::t;

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong there.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&t!("line {line}: {reason}", line = self.line, reason = self.reason))
    }
}

impl std::error::Error for RecordError {}

/// The result line of a game: `x wins (all pieces connected)`, `o wins (Black
/// resigned)`, `draw (a draw by agreement)`, `ongoing` (a file's words:
/// English whatever the player's language).
fn result_text(tree: &GameTree) -> String {
    match tree.finish() {
        Some(Finish::Rules(o)) => format!("{} ({})", o.result_text(), o.reason_text()),
        Some(Finish::Other(e)) => match e.winner() {
            Some(w) => format!("{} wins ({})", w.letter(), e.record_reason()),
            None => format!("draw ({})", e.record_reason()),
        },
        None => "ongoing".to_owned(),
    }
}

/// A verdict as the record writes it: `+35 h2-f2`, `#+3 b1-b3`, `#-4 -`,
/// and what the solver settled without a length: `#+ b1-b3`, `#- -`, `= b1-b3`.
fn eval_text(v: &Verdict) -> String {
    let score = match plies_to_end(v.score) {
        Some(p) if v.score > 0 => format!("#+{p}"),
        Some(p) => format!("#-{}", -p),
        None if v.score == SOLVED_WIN => "#+".to_owned(),
        None if v.score == -SOLVED_WIN => "#-".to_owned(),
        None if v.score == SOLVED_DRAW => "=".to_owned(),
        None => format!("{:+}", v.score),
    };
    match v.best {
        Some(best) => format!("{score} {best}"),
        None => format!("{score} -"),
    }
}

/// Reads [`eval_text`] back in `position` (the one the verdict is on).
/// `None` for text that is not a verdict at all; an error naming the move
/// for a verdict whose move is not legal there.
fn read_eval(text: &str, position: &AnyGame) -> Option<Result<Verdict, String>> {
    let (score, best) = text.trim().split_once(' ')?;
    let plies = |n: &str| n.parse::<i32>().ok().filter(|n| (0..WIN - PROVEN - 1).contains(n));
    let score = if score == "#+" {
        SOLVED_WIN
    } else if score == "#-" {
        -SOLVED_WIN
    } else if score == "=" {
        SOLVED_DRAW
    } else if let Some(n) = score.strip_prefix("#+") {
        WIN - plies(n)?
    } else if let Some(n) = score.strip_prefix("#-") {
        -(WIN - plies(n)?)
    } else {
        score.parse::<i32>().ok().filter(|s| s.abs() < EVAL_LIMIT)?
    };
    let to_move = position.to_move();
    if best == "-" {
        return Some(Ok(Verdict { to_move, score, best: None }));
    }
    Some(match position.parse_move(best) {
        Ok(mv) => Ok(Verdict { to_move, score, best: Some(mv) }),
        Err(e) => Err(t!(
            "the review's move {move} is not read: {reason}",
            move = rules::quote(best),
            reason = rules_words::move_error(&e)
        )),
    })
}

/// Splits a comment into its text and the verdict tag in it, if any.
fn take_eval(comment: &str, position: &AnyGame) -> (Option<String>, Option<Result<Verdict, String>>) {
    let found = comment.find("[%eval ").and_then(|start| {
        let end = start + comment[start..].find(']')?;
        Some((start, end, read_eval(&comment[start + 7..end], position)?))
    });
    match found {
        Some((start, end, verdict)) => {
            let rest = format!("{} {}", comment[..start].trim(), comment[end + 1..].trim()).trim().to_owned();
            ((!rest.is_empty()).then_some(rest), Some(verdict))
        }
        None => (Some(comment.to_owned()), None),
    }
}

/// A header's value as written: a backslash doubled, a line break as `\n`.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('\r', "").replace('\n', "\\n")
}

/// Reads [`escape`] back.
fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some('\\')) => {
                out.push('\\');
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// Writes the record of the whole game (all moves, wherever the cursor is),
/// with the review's verdicts on positions of the main line.
#[must_use]
pub fn write(tree: &GameTree, seats: &Seats, verdicts: &[(NodeId, Verdict)]) -> String {
    let mut out = format!("[Game \"{}\"]\n", tree.start().spec());
    for p in Player::ALL {
        out.push_str(&format!("[{p} \"{}\"]\n", seats[p]));
    }
    for ((header, _, _), value) in FIELDS.iter().zip(tree.info().fields()) {
        if !value.is_empty() {
            out.push_str(&format!("[{header} \"{}\"]\n", escape(value)));
        }
    }
    if let Some(from) = tree.from_text() {
        out.push_str(&format!("[From \"{from}\"]\n"));
    }
    out.push_str(&format!("[Result \"{}\"]\n", result_text(tree)));
    if let Some(ending) = tree.ending() {
        out.push_str(&format!("[Ending \"{}\"]\n", ending.code()));
    }
    if let Some(seed) = tree.seed() {
        out.push_str(&format!("[Seed \"{seed:016x}\"]\n"));
    }
    if let Some(clock) = tree.clock() {
        out.push_str(&format!("[TimeControl \"{}\"]\n[TimeLeft \"{}\"]\n", clock.control.code(), clock.left_code()));
    }
    if let Some((_, v)) = verdicts.iter().find(|(n, _)| *n == NodeId::ROOT) {
        out.push_str(&format!("[Eval \"{}\"]\n", eval_text(v)));
    }
    out.push('\n');
    let tag = |node: NodeId| {
        let (_, v) = verdicts.iter().find(|(n, _)| *n == node && node != NodeId::ROOT)?;
        Some(format!("[%eval {}]", eval_text(v)))
    };
    out.push_str(&record_moves(tree, &tag));
    out
}

/// A record read back.
#[derive(Debug)]
pub struct Record {
    /// The game, the cursor at the end of its main line.
    pub tree: GameTree,
    /// Its players.
    pub seats: Seats,
    /// The review's verdicts it carried, by position of the main line.
    pub verdicts: Vec<(NodeId, Verdict)>,
    /// What was dropped, in words: verdicts whose move is not legal in their position.
    pub notices: Vec<String>,
}

/// Reads a record: the game, its players and any review verdicts.
///
/// # Errors
/// A [`RecordError`] with the line and the reason.
pub fn read(text: &str) -> Result<Record, RecordError> {
    read_as(text, None)
}

/// Reads a record as people write and paste them; without a `[Game "…"]`
/// header it is read as `game` (an error without one). Headers this app
/// does not use (`[WhiteElo "…"]`) are named in the notices; a name in
/// `[Black "…"]` that is not a seat is the player's name; a result (`[Result
/// "1-0"]`, or `1-0` after the moves) ends a game the board has not ended.
///
/// # Errors
/// A [`RecordError`] with the line and the reason.
pub fn read_as(text: &str, game: Option<&GameSpec>) -> Result<Record, RecordError> {
    let mut head = Headers::read(text)?;
    let spec = head
        .spec
        .take()
        .or_else(|| game.cloned())
        .ok_or_else(|| RecordError { line: 1, reason: t!("the record has no [Game \"…\"] header") })?;
    let mut tree = head.tree(&spec)?;
    let verdicts = take_verdicts(&mut tree, head.start_eval.take(), &mut head.notices);
    Ok(Record { tree, seats: head.seats, verdicts, notices: head.notices })
}

/// A record's headers, read line by line until its moves begin (the
/// first stage of [`read_as`]).
#[derive(Default)]
struct Headers {
    spec: Option<GameSpec>,
    from: Option<(usize, String)>,
    seats: Seats,
    info: GameInfo,
    /// The first line of the moves, and their text.
    moves: Option<(usize, String)>,
    start_eval: Option<String>,
    ending: Option<Ending>,
    seed: Option<u64>,
    clock: Option<Clock>,
    left: Option<(usize, String)>,
    written_result: Option<String>,
    notices: Vec<String>,
}

fn err(line: usize, reason: String) -> RecordError {
    RecordError { line, reason }
}

impl Headers {
    /// The headers of `text`, and the text of its moves.
    fn read(text: &str) -> Result<Headers, RecordError> {
        let mut head = Headers::default();
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if let Some((_, text)) = &mut head.moves {
                if line.starts_with('[') {
                    return Err(err(n, t!("headers must come before the moves")));
                }
                text.push_str(raw);
                text.push('\n');
                continue;
            }
            if line.is_empty() {
                continue;
            }
            match line.strip_prefix('[') {
                Some(inner) => head.header(n, inner)?,
                None => head.moves = Some((n, format!("{raw}\n"))),
            }
        }
        Ok(head)
    }

    /// One header line, without its `[`, at line `n`.
    fn header(&mut self, n: usize, inner: &str) -> Result<(), RecordError> {
        let inner = inner.strip_suffix(']').ok_or_else(|| err(n, t!("a header must end with ]")))?;
        let (key, value) = inner.split_once(' ').ok_or_else(|| err(n, t!("a header is written [Key \"value\"]")))?;
        let value =
            value.trim().strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or_else(|| {
                err(n, t!("the value of {header} must be in double quotes", header = rules::quote(key)))
            })?;
        if let Some(field) = FIELDS.iter().position(|(header, _, _)| *header == key) {
            self.info.set(field, &unescape(value));
            return Ok(());
        }
        match key {
            "Game" => {
                let spec = value.parse().map_err(|e| {
                    err(
                        n,
                        t!("game {game}: {reason}", game = rules::quote(value), reason = rules_words::spec_error(&e)),
                    )
                });
                self.spec = Some(spec?);
            }
            "Black" | "White" => {
                let player = if key == "Black" { Player::Black } else { Player::White };
                match value.parse::<Seat>() {
                    Ok(seat) => self.seats[player] = seat,
                    Err(e) if value == "human" || value.starts_with("ai:") => return Err(err(n, e.to_string())),
                    // Another program's record names the player.
                    Err(_) => self.info.set(usize::from(player == Player::White), &unescape(value)),
                }
            }
            "From" => self.from = Some((n, value.to_owned())),
            "Eval" => self.start_eval = Some(value.to_owned()),
            "Seed" => {
                let seed = u64::from_str_radix(value, 16).ok().filter(|_| value.len() <= 16);
                self.seed = Some(seed.ok_or_else(|| {
                    err(n, t!("seed {seed} is not a number of up to 16 hexadecimal digits", seed = rules::quote(value)))
                })?);
            }
            "Ending" => {
                self.ending = Some(Ending::from_code(value).ok_or_else(|| {
                    err(
                        n,
                        t!(
                            "ending {ending} is not one of resign-x, resign-o, draw, time-x, time-o",
                            ending = rules::quote(value)
                        ),
                    )
                })?);
            }
            "TimeControl" => self.clock = Some(Clock::new(TimeControl::from_code(value).map_err(|e| err(n, e))?)),
            "TimeLeft" => self.left = Some((n, value.to_owned())),
            // Ours says the result in words (the moves make it); others' in figures.
            "Result" => self.written_result = Some(value.to_owned()),
            other => self.notices.push(t!("The header {header} is not used.", header = rules::quote(other))),
        }
        Ok(())
    }

    /// The game of `spec` the headers and the moves make (the second stage).
    fn tree(&mut self, spec: &GameSpec) -> Result<GameTree, RecordError> {
        let from_line = self.from.as_ref().map_or(1, |(n, _)| *n);
        let start = match &self.from {
            Some((_, text)) => spec.position(text).map_err(|e| {
                err(from_line, t!("start position: {reason}", reason = rules_words::position_error(&e)))
            })?,
            None => spec.start(),
        };
        let mut tree = GameTree::new(start, self.from.take().map(|(_, text)| text));
        if let Some((first, text)) = self.moves.take() {
            let mut tokens = record_tokens(&text, first);
            // Comments before the first move are on the whole game.
            let leading = tokens.iter().take_while(|(t, _)| matches!(t, Token::Comment(_))).count();
            for (token, _) in tokens.drain(..leading) {
                if let Token::Comment(c) = token {
                    let joined = if self.info.comment.is_empty() { c } else { format!("{}\n{c}", self.info.comment) };
                    self.info.set(7, &joined);
                }
            }
            // A result after the main line's moves (one inside a variation means nothing).
            let mut depth = 0_usize;
            for (token, _) in &tokens {
                match token {
                    Token::Open => depth += 1,
                    Token::Close => depth = depth.saturating_sub(1),
                    Token::Result(r) if depth == 0 => self.written_result = Some(r.clone()),
                    _ => {}
                }
            }
            let last = first + text.lines().count().saturating_sub(1);
            if let Some((error, line)) = build_loose(&mut tree, tokens, last) {
                return Err(err(line, error.to_string()));
            }
        }
        tree.set_info(std::mem::take(&mut self.info));
        tree.set_ending(self.ending);
        if let Some((text, written)) = self.written_result.take().and_then(|t| Some((t.clone(), result::read(&t)?))) {
            self.notices.extend(result::settle(&mut tree, written, &text));
        }
        tree.set_seed(self.seed);
        let mut clock = self.clock.take();
        if let Some((n, text)) = &self.left {
            let clock = clock.as_mut().ok_or_else(|| err(*n, t!("TimeLeft needs a TimeControl header")))?;
            clock.read_left(text).map_err(|e| err(*n, e))?;
        }
        tree.set_clock(clock);
        Ok(tree)
    }
}

/// The review's verdicts a record carries (the last stage of [`read_as`]):
/// the start's from its `[Eval]` header, every later position's from the
/// comment of the move before it, taken out of the comment. A verdict that
/// does not read is dropped and said.
fn take_verdicts(tree: &mut GameTree, start_eval: Option<String>, notices: &mut Vec<String>) -> Vec<(NodeId, Verdict)> {
    let mut verdicts = Vec::new();
    // `ply`: the move the verdict follows (`None`: the start's).
    let mut keep = |node: NodeId, verdict: Result<Verdict, String>, ply: Option<usize>| match verdict {
        Ok(v) => verdicts.push((node, v)),
        Err(why) => notices.push(match ply {
            None => t!("the start: {reason}; the verdict was dropped", reason = why),
            Some(number) => {
                t!("after move {number}: {reason}; the verdict was dropped", number = number, reason = why)
            }
        }),
    };
    if let Some(v) = start_eval.and_then(|text| read_eval(&text, tree.start())) {
        keep(NodeId::ROOT, v, None);
    }
    for (ply, node) in tree.main_line().into_iter().enumerate() {
        let Some(comment) = tree.comment(node).map(str::to_owned) else { continue };
        let (rest, verdict) = take_eval(&comment, tree.position_of(node));
        if let Some(v) = verdict {
            tree.set_comment(node, rest);
            keep(node, v, Some(ply + 1));
        }
    }
    verdicts
}

#[cfg(test)]
mod tests;
