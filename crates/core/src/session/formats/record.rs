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

use crate::session::formats::result;
use crate::session::formats::tree_text::{Token, build_loose, record_moves, record_tokens};
use crate::session::model::clock::{Clock, TimeControl};
use crate::session::model::ending::Ending;
use crate::session::model::info::{FIELDS, GameInfo};
use crate::session::model::seats::{Seat, Seats};
use crate::session::model::tree::{Finish, GameTree, NodeId};

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
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// The result line of a game: `x wins (all pieces connected)`, `o wins (Black
/// resigned)`, `draw (a draw by agreement)`, `ongoing`.
fn result_text(tree: &GameTree) -> String {
    match tree.finish() {
        Some(Finish::Rules(o)) => format!("{} ({})", o.result_text(), o.reason_text()),
        Some(Finish::Other(e)) => match e.winner() {
            Some(w) => format!("{} wins ({})", w.letter(), e.reason()),
            None => format!("draw ({})", e.reason()),
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
        Err(e) => Err(format!("the review's move {} is not read: {e}", rules::quote(best))),
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
        .ok_or_else(|| RecordError { line: 1, reason: "the record has no [Game \"…\"] header".to_owned() })?;
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
                    return Err(err(n, "headers must come before the moves".to_owned()));
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
        let inner = inner.strip_suffix(']').ok_or_else(|| err(n, "a header must end with ]".to_owned()))?;
        let (key, value) =
            inner.split_once(' ').ok_or_else(|| err(n, "a header is written [Key \"value\"]".to_owned()))?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| err(n, format!("the value of {} must be in double quotes", rules::quote(key))))?;
        if let Some(field) = FIELDS.iter().position(|(header, _, _)| *header == key) {
            self.info.set(field, &unescape(value));
            return Ok(());
        }
        match key {
            "Game" => {
                self.spec = Some(value.parse().map_err(|e| err(n, format!("game {}: {e}", rules::quote(value))))?);
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
                    err(n, format!("seed {} is not a number of up to 16 hexadecimal digits", rules::quote(value)))
                })?);
            }
            "Ending" => {
                self.ending = Some(Ending::from_code(value).ok_or_else(|| {
                    err(
                        n,
                        format!(
                            "ending {} is not one of resign-x, resign-o, draw, time-x, time-o",
                            rules::quote(value)
                        ),
                    )
                })?);
            }
            "TimeControl" => self.clock = Some(Clock::new(TimeControl::from_code(value).map_err(|e| err(n, e))?)),
            "TimeLeft" => self.left = Some((n, value.to_owned())),
            // Ours says the result in words (the moves make it); others' in figures.
            "Result" => self.written_result = Some(value.to_owned()),
            other => self.notices.push(format!("The header {} is not used.", rules::quote(other))),
        }
        Ok(())
    }

    /// The game of `spec` the headers and the moves make (the second stage).
    fn tree(&mut self, spec: &GameSpec) -> Result<GameTree, RecordError> {
        let from_line = self.from.as_ref().map_or(1, |(n, _)| *n);
        let start = match &self.from {
            Some((_, text)) => spec.position(text).map_err(|e| err(from_line, format!("start position: {e}")))?,
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
            let clock = clock.as_mut().ok_or_else(|| err(*n, "TimeLeft needs a TimeControl header".to_owned()))?;
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
    let mut keep = |node: NodeId, verdict: Result<Verdict, String>, label: String| match verdict {
        Ok(v) => verdicts.push((node, v)),
        Err(why) => notices.push(format!("{label}: {why}; the verdict was dropped")),
    };
    if let Some(v) = start_eval.and_then(|t| read_eval(&t, tree.start())) {
        keep(NodeId::ROOT, v, "the start".to_owned());
    }
    for (ply, node) in tree.main_line().into_iter().enumerate() {
        let Some(comment) = tree.comment(node).map(str::to_owned) else { continue };
        let (rest, verdict) = take_eval(&comment, tree.position_of(node));
        if let Some(v) = verdict {
            tree.set_comment(node, rest);
            keep(node, v, format!("after move {}", ply + 1));
        }
    }
    verdicts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::model::info::Mark;
    use search::levels::Level;

    fn game(spec: &str, moves: &[&str]) -> GameTree {
        let (h, bad) = GameTree::replay(&spec.parse::<GameSpec>().unwrap(), None, moves.iter().copied()).unwrap();
        assert_eq!(bad, None);
        h
    }

    #[test]
    fn round_trip() {
        let h = game("loa", &["b1-b3", "a2-c2", "e1-e3"]);
        let seats = Seats { black: Seat::Human, white: Seat::Computer(Level::CLUB) };
        let text = write(&h, &seats, &[]);
        assert_eq!(
            text,
            "[Game \"loa\"]\n[Black \"human\"]\n[White \"ai:3\"]\n[Result \"ongoing\"]\n\n1. b1-b3 a2-c2\n2. e1-e3\n"
        );
        let back = read(&text).unwrap();
        assert_eq!(back.tree.main_line_texts(), h.main_line_texts());
        assert_eq!(back.seats, seats);
        assert!(back.verdicts.is_empty());
        let (ra, _) =
            GameTree::replay(&"ra".parse::<GameSpec>().unwrap(), Some("x1h10/o3k9 x 5-0 2 x"), ["1h10-j10"]).unwrap();
        let text = write(&ra, &Seats::default(), &[]);
        assert!(text.contains("[From \"x1h10/o3k9 x 5-0 2 x\"]"));
        assert!(text.contains("[Result \"x wins (a stack of 1 reached the enemy RA cell)\"]"));
        assert_eq!(read(&text).unwrap().tree.main_line_texts(), ["1h10-j10"]);
    }

    #[test]
    fn a_timed_games_clocks_travel_in_the_record() {
        let mut h = game("loa", &["b1-b3", "a2-c2"]);
        let mut clock = Clock::new(TimeControl { base_s: 300, increment_s: 3 });
        clock.spend(Player::Black, 2_600);
        h.set_clock(Some(clock));
        let text = write(&h, &Seats::default(), &[]);
        assert!(text.contains("[TimeControl \"300+3\"]\n[TimeLeft \"2974.3000\"]\n"), "{text}");
        assert_eq!(read(&text).unwrap().tree.clock(), Some(&clock));
        let e = |t: &str| read(t).unwrap_err().to_string();
        assert_eq!(
            e("[Game \"loa\"]\n[TimeControl \"5 min\"]"),
            "line 2: \"5 min\" is not a time control (seconds each, + seconds a move: 300+3; at most 10800+180)"
        );
        assert!(e("[Game \"loa\"]\n[TimeControl \"300+3\"]\n[TimeLeft \"soon\"]").starts_with("line 3: \"soon\""));
        assert_eq!(e("[Game \"loa\"]\n[TimeLeft \"1.2\"]"), "line 2: TimeLeft needs a TimeControl header");
    }

    #[test]
    fn review_verdicts_travel_in_the_record() {
        let mut h = game("loa", &["b1-b3", "a2-c2", "e1-e3"]);
        let main = h.main_line();
        h.set_comment(main[0], Some("the usual start".to_owned()));
        let at = |node: NodeId, text: Option<&str>| text.map(|t| h.position_of(node).parse_move(t).unwrap());
        let v =
            |node: NodeId, to_move, score, best: Option<&str>| (node, Verdict { to_move, score, best: at(node, best) });
        let verdicts = vec![
            v(NodeId::ROOT, Player::Black, 11, Some("b1-b3")),
            v(main[0], Player::White, -35, Some("a2-c2")),
            v(main[1], Player::Black, WIN - 3, Some("e1-e3")),
            v(main[2], Player::White, -(WIN - 2), None),
        ];
        let text = write(&h, &Seats::default(), &verdicts);
        assert!(text.contains("[Eval \"+11 b1-b3\"]\n"), "{text}");
        assert!(text.contains("1. b1-b3 {the usual start [%eval -35 a2-c2]} 1... a2-c2 {[%eval #+3 e1-e3]}"), "{text}");
        assert!(text.contains("2. e1-e3 {[%eval #-2 -]}"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.verdicts, verdicts);
        assert_eq!(back.tree.comment(back.tree.main_line()[0]), Some("the usual start"));
        assert_eq!(back.tree.comment(back.tree.main_line()[1]), None);
        // A tag that cannot be read stays a comment.
        let odd = read("[Game \"loa\"]\n\n1. b1-b3 {[%eval lots b2]}").unwrap();
        assert!(odd.verdicts.is_empty());
        assert_eq!(odd.tree.comment(odd.tree.main_line()[0]), Some("[%eval lots b2]"));
        let text = write(&h, &Seats::default(), &[]);
        assert!(!text.contains("%eval") && !text.contains("[Eval"));
        // What the solver settled, without a length.
        let solved = vec![
            v(NodeId::ROOT, Player::Black, SOLVED_DRAW, Some("b1-b3")),
            v(main[0], Player::White, -SOLVED_WIN, Some("a2-c2")),
            v(main[1], Player::Black, SOLVED_WIN, Some("e1-e3")),
        ];
        let text = write(&h, &Seats::default(), &solved);
        assert!(text.contains("[Eval \"= b1-b3\"]\n"), "{text}");
        assert!(text.contains("{the usual start [%eval #- a2-c2]} 1... a2-c2 {[%eval #+ e1-e3]}"), "{text}");
        assert_eq!(read(&text).unwrap().verdicts, solved);
        // A count that would read as an uncounted win is refused.
        let odd = read("[Game \"loa\"]\n\n1. b1-b3 {[%eval #+9999 b2]}").unwrap();
        assert!(odd.verdicts.is_empty());
    }

    #[test]
    fn a_verdict_whose_move_is_not_legal_there_is_dropped_and_said() {
        // Markup, a move of no game, a move legal elsewhere: none is kept,
        // each is named, and the game itself reads.
        let text = "[Game \"loa\"]\n[Eval \"+900 <a href=https://evil.example/>phish</a>\"]\n\n\
                    1. b1-b3 {[%eval +900 zz9]} 1... a2-c2 {[%eval -20 b1-b3]}";
        let back = read(text).unwrap();
        assert!(back.verdicts.is_empty(), "{:?}", back.verdicts);
        assert_eq!(back.tree.main_line_texts(), ["b1-b3", "a2-c2"]);
        assert_eq!(back.notices.len(), 3, "{:?}", back.notices);
        assert!(back.notices[0].starts_with("the start: the review's move \"<a href="), "{:?}", back.notices);
        assert!(back.notices[1].starts_with("after move 1: the review's move \"zz9\""), "{:?}", back.notices);
        assert!(back.notices[2].starts_with("after move 2: the review's move \"b1-b3\""), "{:?}", back.notices);
        let start = read("[Game \"loa\"]\n[Eval \"+900 c1xa3\"]\n").unwrap();
        assert_eq!(start.verdicts.len(), 1, "a legal move of the start is kept");
    }

    #[test]
    fn an_ending_travels_in_the_record() {
        let mut h = game("loa", &["b1-b3", "a2-c2"]);
        h.set_ending(Some(Ending::Resigned(Player::Black)));
        let text = write(&h, &Seats::default(), &[]);
        assert!(text.contains("[Result \"o wins (Black resigned)\"]\n[Ending \"resign-x\"]\n"), "{text}");
        assert_eq!(read(&text).unwrap().tree.ending(), Some(Ending::Resigned(Player::Black)));
        h.set_ending(Some(Ending::DrawAgreed));
        assert!(write(&h, &Seats::default(), &[]).contains("[Result \"draw (a draw by agreement)\"]"));
        let bad = read("[Game \"loa\"]\n[Ending \"give-up\"]\n").unwrap_err().to_string();
        assert_eq!(bad, "line 2: ending \"give-up\" is not one of resign-x, resign-o, draw, time-x, time-o");
    }

    #[test]
    fn errors_name_the_line() {
        let e = |t: &str| read(t).unwrap_err().to_string();
        assert_eq!(e("1. b1-b3"), "line 1: the record has no [Game \"…\"] header");
        assert_eq!(
            e("[Game \"chess\"]"),
            "line 1: game \"chess\": unknown game \"chess\" (games: attract, forms, ra, loa)"
        );
        assert_eq!(e("[Game \"loa\"]\n[Black human]"), "line 2: the value of \"Black\" must be in double quotes");
        // What the reader echoes is quoted: nothing raw that breaks or hides a line.
        assert_eq!(
            e("[Game \"forms:rules\u{202e}=x\"]"),
            "line 1: game \"forms:rules\\u{202e}=x\": unknown option \"rules\\u{202e}\" (options: rules, size)"
        );
        assert_eq!(e("[Bl\u{202e}ack human]"), "line 1: the value of \"Bl\\u{202e}ack\" must be in double quotes");
        assert_eq!(e("[Game \"loa\"]\n[White \"ai:9\"]"), "line 2: \"ai:9\" is not a player (human, or ai:1 to ai:5)");
        assert_eq!(
            e("[Game \"loa\"]\n\n1. b1-b3 a2-c2\n2. b1-b9"),
            "line 4: move 3 \"b1-b9\": \"b9\" is not a cell of this board"
        );
        assert_eq!(e("[Game \"loa\"]\n[From \"8/8 x\"]"), "line 2: start position: the board has 2 rows; expected 8");
        assert_eq!(e("[Game \"loa\"]\n1. b1-b3\n[Black \"human\"]"), "line 3: headers must come before the moves");
        assert_eq!(e("[Game \"loa\""), "line 1: a header must end with ]");
    }

    #[test]
    fn game_information_and_marks_travel_in_the_record() {
        let mut h = game("loa", &["b1-b3", "a2-c2", "e1-e3"]);
        let mut info = GameInfo::default();
        for (i, value) in [
            "Kim \"the wall\"",
            "Lee",
            "Open 2024",
            "Seoul",
            "2024-05-01",
            "3",
            "Final",
            "a back\\slash\nand two lines",
        ]
        .into_iter()
        .enumerate()
        {
            info.set(i, value);
        }
        h.set_info(info.clone());
        let main = h.main_line();
        h.set_mark(main[0], Some(Mark::Interesting));
        h.set_mark(main[2], Some(Mark::Blunder));
        let text = write(&h, &Seats::default(), &[]);
        assert!(
            text.contains("[BlackName \"Kim \"the wall\"\"]\n[WhiteName \"Lee\"]\n[Event \"Open 2024\"]"),
            "{text}"
        );
        assert!(text.contains("[Comment \"a back\\\\slash\\nand two lines\"]"), "{text}");
        assert!(text.contains("1. b1-b3!? a2-c2\n2. e1-e3??"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.tree.info(), &info);
        let marks: Vec<_> = back.tree.main_line().into_iter().map(|n| back.tree.mark(n)).collect();
        assert_eq!(marks, [Some(Mark::Interesting), None, Some(Mark::Blunder)]);
        assert!(back.notices.is_empty(), "{:?}", back.notices);
    }

    #[test]
    fn records_as_others_write_them() {
        // Names in [Black], a header not used, numbers glued to moves,
        // upper case, marks, a capture written with "-", a comment on the
        // whole game, and a result.
        let text = "[Game \"loa\"]\n[Black \"Kim\"]\n[White \"Lee\"]\n[WhiteElo \"2100\"]\n\n\
                    {A club game} 1.B1-B3! 1...a2-c2?! 2.c1-a3 {c1xa3, really} 0-1\n";
        let back = read(text).unwrap();
        assert_eq!(back.tree.main_line_texts(), ["b1-b3", "a2-c2", "c1xa3"]);
        assert_eq!((back.tree.info().black.as_str(), back.tree.info().white.as_str()), ("Kim", "Lee"));
        assert_eq!(back.tree.info().comment, "A club game");
        assert_eq!(back.seats, Seats::default());
        let main = back.tree.main_line();
        assert_eq!(back.tree.mark(main[0]), Some(Mark::Good));
        assert_eq!(back.tree.mark(main[1]), Some(Mark::Dubious));
        assert_eq!(back.tree.comment(main[2]), Some("c1xa3, really"));
        assert_eq!(back.tree.ending(), Some(Ending::Resigned(Player::Black)));
        assert_eq!(back.notices.len(), 2, "{:?}", back.notices);
        assert_eq!(back.notices[0], "The header \"WhiteElo\" is not used.");
        assert!(back.notices[1].contains("\"0-1\" but not why"), "{:?}", back.notices);
        // A result header says the same; ours ("ongoing", words) says nothing.
        let back = read("[Game \"loa\"]\n[Result \"W+R\"]\n\n1. b1-b3").unwrap();
        assert_eq!(back.tree.ending(), Some(Ending::Resigned(Player::Black)));
        assert!(back.notices.is_empty());
        let back = read("[Game \"loa\"]\n[Result \"ongoing\"]\n\n1. b1-b3 *").unwrap();
        assert_eq!(back.tree.ending(), None);
        // A capture written with "x" that takes nothing is refused, precisely.
        let e = read("[Game \"loa\"]\n\n1. b1xb3").unwrap_err().to_string();
        assert_eq!(e, "line 3: move 1 \"b1xb3\" is written as a capture but takes nothing: the move is b1-b3");
        // Without a header: read as the game given, or refused.
        let spec: GameSpec = "loa".parse().unwrap();
        assert_eq!(read_as("1. b1-b3 a2-c2", Some(&spec)).unwrap().tree.main_line_texts(), ["b1-b3", "a2-c2"]);
        assert_eq!(read("1. b1-b3").unwrap_err().to_string(), "line 1: the record has no [Game \"…\"] header");
        // A seat of ours that is wrong stays an error, not a name.
        assert!(read("[Game \"loa\"]\n[White \"ai:9\"]").is_err());
    }
}
