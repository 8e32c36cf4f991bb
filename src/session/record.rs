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

use rules::{GameSpec, Player};
use search::review::Verdict;
use search::score::{EVAL_LIMIT, PROVEN, SOLVED_DRAW, SOLVED_WIN, WIN, plies_to_end};

use super::players::{Seat, Seats};
use super::tree::{GameTree, NodeId};
use super::tree_text::{build, record_moves, record_tokens};

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

/// The result line of a game.
fn result_text(tree: &GameTree) -> String {
    let end = tree.main_line().last().map_or(tree.start(), |&n| tree.position_of(n));
    match end.outcome() {
        Some(o) => format!("{} ({})", o.result_text(), o.reason_text()),
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
    format!("{score} {}", v.best.as_deref().unwrap_or("-"))
}

/// Reads [`eval_text`] back, for the player to move `to_move`.
fn read_eval(text: &str, to_move: Player) -> Option<Verdict> {
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
    let best = (best != "-").then(|| best.to_owned());
    Some(Verdict { to_move, score, best })
}

/// Splits a comment into its text and the verdict tag in it, if any.
fn take_eval(comment: &str, to_move: Player) -> (Option<String>, Option<Verdict>) {
    let found = comment.find("[%eval ").and_then(|start| {
        let end = start + comment[start..].find(']')?;
        Some((start, end, read_eval(&comment[start + 7..end], to_move)?))
    });
    match found {
        Some((start, end, verdict)) => {
            let rest = format!("{} {}", comment[..start].trim(), comment[end + 1..].trim()).trim().to_owned();
            ((!rest.is_empty()).then_some(rest), Some(verdict))
        }
        None => (Some(comment.to_owned()), None),
    }
}

/// Writes the record of the whole game (all moves, wherever the cursor is),
/// with the review's verdicts on positions of the main line.
#[must_use]
pub fn write(tree: &GameTree, seats: &Seats, verdicts: &[(NodeId, Verdict)]) -> String {
    let mut out = format!("[Game \"{}\"]\n", tree.start().spec());
    for p in Player::ALL {
        out.push_str(&format!("[{p} \"{}\"]\n", seats[p]));
    }
    if let Some(from) = tree.from_text() {
        out.push_str(&format!("[From \"{from}\"]\n"));
    }
    out.push_str(&format!("[Result \"{}\"]\n", result_text(tree)));
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
}

/// Reads a record: the game, its players and any review verdicts.
///
/// # Errors
/// A [`RecordError`] with the line and the reason.
pub fn read(text: &str) -> Result<Record, RecordError> {
    let err = |line: usize, reason: String| RecordError { line, reason };
    let mut spec: Option<GameSpec> = None;
    let mut from: Option<(usize, String)> = None;
    let mut seats = Seats::default();
    let mut moves: Option<(usize, String)> = None;
    let mut start_eval: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if let Some((_, text)) = &mut moves {
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
        if let Some(inner) = line.strip_prefix('[') {
            let inner = inner.strip_suffix(']').ok_or_else(|| err(n, "a header must end with ]".to_owned()))?;
            let (key, value) =
                inner.split_once(' ').ok_or_else(|| err(n, "a header is written [Key \"value\"]".to_owned()))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| err(n, format!("the value of {key} must be in double quotes")))?;
            match key {
                "Game" => spec = Some(value.parse().map_err(|e| err(n, format!("game \"{value}\": {e}")))?),
                "Black" | "White" => {
                    let player = if key == "Black" { Player::Black } else { Player::White };
                    seats[player] = value.parse::<Seat>().map_err(|e| err(n, e.to_string()))?;
                }
                "From" => from = Some((n, value.to_owned())),
                "Eval" => start_eval = Some(value.to_owned()),
                "Result" | "Date" | "Event" | "Site" => {}
                other => return Err(err(n, format!("unknown header \"{other}\""))),
            }
            continue;
        }
        moves = Some((n, format!("{raw}\n")));
    }
    let spec = spec.ok_or_else(|| err(1, "the record has no [Game \"…\"] header".to_owned()))?;
    let from_line = from.as_ref().map_or(1, |(n, _)| *n);
    let start = match &from {
        Some((_, text)) => spec.position(text).map_err(|e| err(from_line, format!("start position: {e}")))?,
        None => spec.start(),
    };
    let mut tree = GameTree::new(start, from.map(|(_, text)| text));
    if let Some((first, text)) = moves {
        let tokens = record_tokens(&text, first);
        let last = first + text.lines().count().saturating_sub(1);
        if let Some((error, line)) = build(&mut tree, tokens, last) {
            return Err(err(line, error.to_string()));
        }
    }
    let mut verdicts = Vec::new();
    if let Some(v) = start_eval.and_then(|t| read_eval(&t, tree.start().to_move())) {
        verdicts.push((NodeId::ROOT, v));
    }
    for node in tree.main_line() {
        let Some(comment) = tree.comment(node).map(str::to_owned) else { continue };
        let (rest, verdict) = take_eval(&comment, tree.position_of(node).to_move());
        if let Some(v) = verdict {
            tree.set_comment(node, rest);
            verdicts.push((node, v));
        }
    }
    Ok(Record { tree, seats, verdicts })
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn review_verdicts_travel_in_the_record() {
        let mut h = game("loa", &["b1-b3", "a2-c2", "e1-e3"]);
        let main = h.main_line();
        h.set_comment(main[0], Some("the usual start".to_owned()));
        let v = |to_move, score, best: Option<&str>| Verdict { to_move, score, best: best.map(str::to_owned) };
        let verdicts = vec![
            (NodeId::ROOT, v(Player::Black, 11, Some("b1-b3"))),
            (main[0], v(Player::White, -35, Some("a2-c2"))),
            (main[1], v(Player::Black, WIN - 3, Some("e1-e3"))),
            (main[2], v(Player::White, -(WIN - 2), None)),
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
            (NodeId::ROOT, v(Player::Black, SOLVED_DRAW, Some("b1-b3"))),
            (main[0], v(Player::White, -SOLVED_WIN, Some("a2-c2"))),
            (main[1], v(Player::Black, SOLVED_WIN, Some("e1-e3"))),
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
    fn errors_name_the_line() {
        let e = |t: &str| read(t).unwrap_err().to_string();
        assert_eq!(e("1. b1-b3"), "line 1: the record has no [Game \"…\"] header");
        assert_eq!(
            e("[Game \"chess\"]"),
            "line 1: game \"chess\": unknown game \"chess\" (games: attract, forms, ra, loa)"
        );
        assert_eq!(e("[Game \"loa\"]\n[Colour \"x\"]"), "line 2: unknown header \"Colour\"");
        assert_eq!(e("[Game \"loa\"]\n[Black human]"), "line 2: the value of Black must be in double quotes");
        assert_eq!(e("[Game \"loa\"]\n[White \"ai:9\"]"), "line 2: \"ai:9\" is not a player (human, or ai:1 to ai:5)");
        assert_eq!(
            e("[Game \"loa\"]\n\n1. b1-b3 a2-c2\n2. b1-b9"),
            "line 4: move 3 \"b1-b9\": \"b9\" is not a cell of this board"
        );
        assert_eq!(e("[Game \"loa\"]\n[From \"8/8 x\"]"), "line 2: start position: the board has 2 rows; expected 8");
        assert_eq!(e("[Game \"loa\"]\n1. b1-b3\n[Black \"human\"]"), "line 3: headers must come before the moves");
        assert_eq!(e("[Game \"loa\""), "line 1: a header must end with ]");
    }
}
