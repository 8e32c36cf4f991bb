//! Lines of Action games in SGF (Smart Game Format, FF[4], game number 9).
//!
//! A file is a tree in parentheses: nodes start with `;` and hold properties
//! `ID[value]`; a node's first child continues the line and the others are
//! variations. Squares are written as on our board (`a1` bottom left), a
//! move as `B[e1-e3]`, a capture with `:` (`W[a2:c2]`). Reading is lenient
//! about what other programs write: case, move numbers (`12 e1-e3`),
//! annotations (`+`, `!`, `?`), `x` or `-` for a capture, lower-case letters
//! in property names (older FF versions), unknown properties; it says
//! clearly what it cannot use (another game, another board size or start,
//! setup in the middle of a game, a move that is not legal). A resignation
//! ends its line and is kept as a comment. Only the first game of a file is
//! read.

use std::fmt::Write as _;

use rules::loa::{LoaOptions, Start};
use rules::{AnyGame, GameSpec, Player};

use crate::i18n::rules_words::{move_error, option_error, position_error};
use crate::session::formats::result;
use crate::session::model::ending::Ending;
use crate::session::model::info::{FIELDS, GameInfo, Mark};
use crate::session::model::seats::{Seat, Seats};
use crate::session::model::shapes;
use crate::session::model::tree::{Finish, GameTree, Nav, NodeId};
use crate::{t, tn};

mod start;

use start::{named_start, start};

/// How deep variations may nest in a file we read.
const MAX_NESTING: usize = 500;

/// The board sizes Lines of Action is played on here.
const SIZES: std::ops::RangeInclusive<usize> = rules::loa::MIN_SIZE..=rules::loa::MAX_SIZE;

/// A property: its name and values.
type Property = (String, Vec<String>);

/// The nodes of a game: each node's parent (`None` for the root) and properties.
type Nodes = Vec<(Option<usize>, Vec<Property>)>;

/// Where byte `at` of `text` stands, for a message: `line 3, column 14`.
fn place(text: &str, at: usize) -> String {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let start = before.iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    t!("line {line}, column {column}", line = line, column = column)
}

/// An SGF file's games, each parsed once: as far as they can be read (a
/// later game that cannot be read ends the list).
#[derive(Debug)]
pub struct Games(Vec<Nodes>);

impl Games {
    /// Parses every game of `text`. A message names the line and column
    /// where the first game stops making sense.
    ///
    /// # Errors
    /// Not SGF, or a first game that cannot be parsed.
    pub fn parse(text: &str) -> Result<Games, String> {
        // Anything before the first "(" is not SGF (a mail header, a title).
        let mut start = text.find('(').ok_or_else(|| t!("this is not an SGF file: it has no \"(\""))?;
        let mut games = Vec::new();
        loop {
            match parse_from(text, start) {
                Ok((nodes, end)) => {
                    games.push(nodes);
                    match text[end..].find('(') {
                        Some(next) => start = end + next,
                        None => break,
                    }
                }
                Err((at, e)) if games.is_empty() => {
                    return Err(t!("{place}: {reason}", place = place(text, at), reason = e));
                }
                Err(_) => break,
            }
        }
        Ok(Games(games))
    }

    /// How many games.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none (never, once parsed).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Reads game `n` (from 0), as [`read`] does the first.
    ///
    /// # Errors
    /// As [`read`]; and when the file has no game `n`.
    pub fn read(&self, n: usize) -> Result<(GameTree, Vec<String>), String> {
        let nodes = self.0.get(n).ok_or_else(|| {
            tn!(
                self.len(),
                "the file holds one game: there is no game {number}",
                "the file holds {n} games: there is no game {number}",
                number = n + 1
            )
        })?;
        read_nodes(nodes)
    }
}

/// The nodes of the game that opens at byte `start` of `text`, and the byte
/// after it; or where and why it cannot be read.
fn parse_from(text: &str, start: usize) -> Result<(Nodes, usize), (usize, String)> {
    let b = text.as_bytes();
    let mut i = start;
    let mut nodes: Nodes = Vec::new();
    // For each open parenthesis, the node the variation grows from.
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut current: Option<usize> = None;
    let unclosed = || (b.len(), t!("the file ends inside the game: a \"(\" or \"[\" is never closed"));
    loop {
        let Some(&c) = b.get(i) else { return Err(unclosed()) };
        i += 1;
        match c {
            b'(' if open.len() >= MAX_NESTING => {
                return Err((i - 1, t!("variations nest more than {max} deep", max = MAX_NESTING)));
            }
            b'(' => open.push(current),
            b')' => {
                current = open.pop().ok_or_else(|| (i - 1, t!("a \")\" closes nothing")))?;
                if open.is_empty() {
                    break;
                }
            }
            b';' => {
                nodes.push((current, Vec::new()));
                current = Some(nodes.len() - 1);
            }
            c if c.is_ascii_alphabetic() => {
                let node = current.ok_or_else(|| (i - 1, t!("a property stands outside a node")))?;
                let name_at = i - 1;
                // FF[3] and older allowed lower-case letters in names: only the capitals count.
                let mut name = String::new();
                i -= 1;
                while let Some(&c) = b.get(i).filter(|c| c.is_ascii_alphabetic()) {
                    if c.is_ascii_uppercase() {
                        name.push(char::from(c));
                    }
                    i += 1;
                }
                let mut values = Vec::new();
                loop {
                    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                        i += 1;
                    }
                    if b.get(i) != Some(&b'[') {
                        break;
                    }
                    i += 1;
                    let mut value = Vec::new();
                    loop {
                        match *b.get(i).ok_or_else(unclosed)? {
                            b']' => break,
                            // A backslash keeps the next character; before a
                            // line break it joins the lines.
                            b'\\' => {
                                i += 1;
                                match *b.get(i).ok_or_else(unclosed)? {
                                    b'\n' | b'\r' => {
                                        if matches!(b.get(i + 1), Some(b'\n' | b'\r')) {
                                            i += 1;
                                        }
                                    }
                                    c => value.push(c),
                                }
                            }
                            c => value.push(c),
                        }
                        i += 1;
                    }
                    i += 1;
                    values.push(String::from_utf8_lossy(&value).into_owned());
                }
                if values.is_empty() {
                    return Err((name_at, t!("the property {name} has no value in brackets", name = name)));
                }
                nodes[node].1.push((name, values));
            }
            c if c.is_ascii_whitespace() => {}
            _ => return Err((i - 1, t!("something other than a node or a variation stands in the game"))),
        }
    }
    Ok((nodes, i))
}

/// The first value of property `name` in `props`.
fn value<'a>(props: &'a [Property], name: &str) -> Option<&'a str> {
    props.iter().find(|(n, _)| n == name).and_then(|(_, v)| v.first()).map(String::as_str)
}

/// What a move value asks for.
enum Played {
    /// A move in our notation (or the pass), and the mark written after it.
    Move(rules::AnyMove, Option<Mark>),
    /// The player resigned.
    Resigned,
}

/// Reads a move value (`e1-e3`, `A3:C1+`, `12 b1-b3`, `resign`, `pass`) in `game`.
fn read_move(game: &AnyGame, raw: &str) -> Result<Played, String> {
    let text = raw.trim().to_ascii_lowercase();
    // A move number before the move.
    let text = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.').trim();
    // Annotations after it.
    let (text, mark) = Mark::split(text.trim_end());
    let text = text.trim_end();
    if ["resign", "resigns", "forfeit", "timeout"].contains(&text) {
        return Ok(Played::Resigned);
    }
    if text.is_empty() || text == "pass" {
        return game.pass_move().map(|mv| Played::Move(mv, mark)).ok_or_else(|| t!("a pass is not legal here"));
    }
    // The two squares, whatever stands between them.
    let bytes = text.as_bytes();
    let squares: Vec<&str> = (0..bytes.len())
        .filter(|&i| bytes[i].is_ascii_lowercase() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        .map(|i| &text[i..i + 2])
        .collect();
    let [from, to] = squares[..] else { return Err(t!("not a move from one square to another")) };
    let mut error = String::new();
    for written in [format!("{from}-{to}"), format!("{from}x{to}")] {
        match game.parse_move(&written) {
            Ok(mv) => return Ok(Played::Move(mv, mark)),
            Err(e) if error.is_empty() => error = move_error(&e),
            Err(_) => {}
        }
    }
    Err(error)
}

/// Reads the first game of an SGF file: the tree of moves (the cursor at
/// the end of the main line) and what could not be used, in words.
///
/// # Errors
/// Why the file cannot be read at all: not SGF, not Lines of Action, a start
/// this app does not play.
pub fn read(text: &str) -> Result<(GameTree, Vec<String>), String> {
    let games = Games::parse(text)?;
    let (tree, mut notices) = games.read(0)?;
    if games.len() > 1 {
        let said = tn!(
            games.len(),
            "The file holds {n} game; the first is shown.",
            "The file holds {n} games; the first is shown."
        );
        notices.insert(0, said);
    }
    Ok((tree, notices))
}

/// The game a root node starts: Lines of Action on the board SZ gives
/// (8×8 without it), its start and its information. `mirrored`: a
/// Scrambled Eggs start is read the other way round (White on b1).
fn root_tree(root: &[Property], mirrored: bool) -> Result<GameTree, String> {
    match value(root, "GM").map(str::trim) {
        None | Some("9") => {}
        Some(g) if g.eq_ignore_ascii_case("loa") => {}
        Some(other) => return Err(t!("GM[{game}] is not Lines of Action (GM[9])", game = other)),
    }
    let size =
        match value(root, "SZ").map(str::trim) {
            None => rules::loa::SIZE,
            Some(text) => text.parse::<usize>().ok().filter(|n| SIZES.contains(n)).ok_or_else(|| {
                t!("SZ[{size}]: Lines of Action is played here on boards from 5×5 to 9×9", size = text)
            })?,
        };
    let named = named_start(root)?;
    let start_option = match named.unwrap_or_default() {
        Start::Scrambled if mirrored => Start::ScrambledMirrored,
        other => other,
    };
    // Black Hole, as RU names it (`RU[Black Hole]`, as this app writes it).
    let hole = value(root, "RU").is_some_and(|r| r.to_ascii_lowercase().replace([' ', '-', '_'], "") == "blackhole");
    let spec = GameSpec::Loa(LoaOptions { size: size as u8, start: start_option, hole, ..LoaOptions::default() });
    spec.check().map_err(|e| t!("RU[Black Hole] with SZ[{size}]: {reason}", size = size, reason = option_error(&e)))?;
    let from = start(root, &spec, named.is_none())?;
    let first = match &from {
        Some(text) => {
            spec.position(text).map_err(|e| t!("the start position: {reason}", reason = position_error(&e)))?
        }
        None => spec.start(),
    };
    let mut tree = GameTree::new(first, from);
    let mut info = GameInfo::default();
    for (i, (_, property, _)) in FIELDS.iter().enumerate() {
        if let Some(v) = value(root, property) {
            info.set(i, v);
        }
    }
    tree.set_info(info);
    Ok(tree)
}

/// A node's arrows (AR[b1:b3]) and circles (CR[c4]; squares, triangles and
/// crosses are read as circles), in the first brush: SGF has no colours.
fn drawings(props: &[Property]) -> Option<String> {
    let drawn: Vec<String> = props
        .iter()
        .filter(|(name, _)| matches!(name.as_str(), "AR" | "CR" | "SQ" | "TR" | "MA"))
        .flat_map(|(_, values)| values.iter().map(|v| format!("G{}", v.trim().replace(':', ""))))
        .collect();
    (!drawn.is_empty()).then(|| drawn.join(" "))
}

/// The game of `nodes`. A Scrambled Eggs game whose moves cannot be played
/// from this app's layout (Black on b1, White on a2) but can all be from
/// the mirrored one, as some sites draw it, is read from that one, and
/// says so.
fn read_nodes(nodes: &Nodes) -> Result<(GameTree, Vec<String>), String> {
    let root = &nodes.first().ok_or_else(|| t!("the game has no node"))?.1;
    let read = read_nodes_from(nodes, false);
    // Whether moves were left out (or none could be read).
    let lost = |r: &Result<(GameTree, Vec<String>, bool), String>| r.as_ref().map_or(true, |(_, _, lost)| *lost);
    if named_start(root) == Ok(Some(Start::Scrambled)) && lost(&read) {
        let mirrored = read_nodes_from(nodes, true);
        if let (false, Ok((tree, mut notices, _))) = (lost(&mirrored), mirrored) {
            notices.insert(
                0,
                t!(
                    "This game's Scrambled Eggs start has White on b1 and Black on a2 (the layout mirrored, as some sites draw it): it is read from that start."
                ),
            );
            return Ok((tree, notices));
        }
    }
    read.map(|(tree, notices, _)| (tree, notices))
}

/// The game of `nodes`, what could not be used, in words, and whether
/// moves were left out (a setup or a move that cannot be used stops it).
fn read_nodes_from(nodes: &Nodes, mirrored: bool) -> Result<(GameTree, Vec<String>, bool), String> {
    let root = &nodes.first().ok_or_else(|| t!("the game has no node"))?.1;
    let mut tree = root_tree(root, mirrored)?;
    let mut notices = Vec::new();
    // Each SGF node becomes the tree node after its move (the root: the start).
    let mut made: Vec<Option<NodeId>> = vec![None; nodes.len()];
    made[0] = Some(NodeId::ROOT);
    let mut number = 0;
    let mut resigned = None;
    let mut lost = false;
    for (i, (parent, props)) in nodes.iter().enumerate().skip(1) {
        // A node whose parent was not made (after a resignation or a bad move) is skipped.
        let Some(at) = parent.and_then(|p| made[p]) else { continue };
        if props.iter().any(|(n, _)| ["AB", "AW", "AE"].contains(&n.as_str())) {
            notices.push(t!("Setup in the middle of the game cannot be used; the game stops there."));
            lost = true;
            break;
        }
        tree.navigate(Nav::Node(at));
        let mut node = at;
        let colour = props.iter().find(|(n, _)| n == "B" || n == "W");
        if let Some((name, values)) = colour {
            number += 1;
            let raw = values.first().map_or("", String::as_str);
            let player = if name == "B" { Player::Black } else { Player::White };
            let to_move = tree.position().to_move();
            let played = if player == to_move {
                read_move(tree.position(), raw)
            } else {
                Err(t!("it is {player}'s turn", player = crate::session::model::seats::colour(to_move)))
            };
            match played {
                Ok(Played::Move(mv, mark)) => {
                    tree.play(mv);
                    node = tree.cursor();
                    tree.set_mark(node, mark.or_else(|| mark_of(props)));
                }
                Ok(Played::Resigned) if tree.on_main_line(at) => {
                    resigned = Some(player);
                    continue;
                }
                Ok(Played::Resigned) => {
                    let words = t!("{player} resigned.", player = crate::session::model::seats::colour(player));
                    let comment = tree.comment(at).map_or(words.clone(), |c| format!("{c} {words}"));
                    tree.set_comment(at, Some(comment));
                    continue;
                }
                Err(e) => {
                    let raw = rules::quote(raw);
                    let raw = raw.trim_matches('"');
                    // Not one move of the game can be used: there is no game
                    // to open, only the reason (never an empty board instead).
                    if tree.main_line().is_empty() {
                        return Err(t!(
                            "its first move, {name}[{move}], cannot be used ({reason})",
                            name = name,
                            move = raw,
                            reason = e
                        ));
                    }
                    notices.push(t!(
                        "Move {number} {name}[{move}] cannot be used ({reason}); the game stops before it.",
                        number = number,
                        name = name,
                        move = raw,
                        reason = e
                    ));
                    lost = true;
                    break;
                }
            }
        }
        if let Some(comment) = value(props, "C").map(str::trim).filter(|c| !c.is_empty() && node != NodeId::ROOT) {
            tree.set_comment(node, Some(comment.to_owned()));
        }
        if let Some(drawn) = drawings(props) {
            let text = shapes::tidy(&tree.spec(), &drawn);
            tree.set_shapes(node, Some(text));
        }
        made[i] = Some(node);
    }
    // How the game ended, when its rules did not end it: a resignation
    // written as a move at the end of the main line, or RE[…].
    tree.set_ending(resigned.map(Ending::Resigned));
    if let Some((re, written)) = value(root, "RE").and_then(|re| Some((re, result::read(re)?))) {
        notices.extend(result::settle(&mut tree, written, re.trim()));
    }
    tree.navigate(Nav::First);
    tree.navigate(Nav::Last);
    Ok((tree, notices, lost))
}

/// The mark a node's properties give its move: `TE` (good, `TE[2]` very
/// good), `BM` (bad, `BM[2]` very bad), `IT` (interesting), `DO` (doubtful).
fn mark_of(props: &[Property]) -> Option<Mark> {
    props.iter().find_map(|(name, values)| {
        let double = values.first().is_some_and(|v| v.trim() == "2");
        match name.as_str() {
            "TE" if double => Some(Mark::Brilliant),
            "TE" => Some(Mark::Good),
            "BM" if double => Some(Mark::Blunder),
            "BM" => Some(Mark::Mistake),
            "IT" => Some(Mark::Interesting),
            "DO" => Some(Mark::Dubious),
            _ => None,
        }
    })
}

/// The properties that write `mark`.
fn mark_property(mark: Mark) -> &'static str {
    match mark {
        Mark::Brilliant => "TE[2]",
        Mark::Good => "TE[1]",
        Mark::Interesting => "IT[]",
        Mark::Dubious => "DO[]",
        Mark::Mistake => "BM[1]",
        Mark::Blunder => "BM[2]",
    }
}

/// The SGF result of a game that ended: `B+`, `W+` or `0` by its rules,
/// `B+R`/`W+R` by resignation, `B+T`/`W+T` on time.
fn result_of(finish: Finish) -> String {
    let side = |p: Player| if p == Player::Black { "B" } else { "W" };
    match finish {
        Finish::Rules(outcome) => outcome.winner().map_or("0".to_owned(), |w| format!("{}+", side(w))),
        Finish::Other(Ending::Resigned(p)) => format!("{}+R", side(p.opponent())),
        Finish::Other(Ending::TimeOut { player, draw: false }) => format!("{}+T", side(player.opponent())),
        Finish::Other(Ending::DrawAgreed | Ending::TimeOut { draw: true, .. }) => "0".to_owned(),
    }
}

/// Escapes a value: `]` and `\` take a backslash.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The squares of `owner`'s stones, for a setup property.
fn squares_of(game: &AnyGame, owner: Player) -> String {
    let spec = game.spec();
    let mut out = String::new();
    for cell in spec.cells() {
        if game.piece_at(cell).is_some_and(|p| p.owner == owner) {
            let _ = write!(out, "[{}]", spec.cell_name(cell).unwrap_or_default());
        }
    }
    out
}

/// Writes a Lines of Action game as SGF: the root with the game, the
/// players, the result and any unusual start; then the moves, variations
/// in parentheses and comments in `C[…]`.
#[must_use]
pub fn write(tree: &GameTree, seats: &Seats) -> String {
    let spec = tree.spec();
    let mut out = format!("(;FF[4]GM[9]CA[UTF-8]AP[Ludoteca]SZ[{}]", spec.side().unwrap_or(rules::loa::SIZE));
    if let GameSpec::Loa(options) = spec
        && tree.from_text().is_none()
    {
        match options.start {
            Start::Standard => {}
            Start::Scrambled => out.push_str("SU[Scrambled]"),
            Start::ScrambledMirrored => out.push_str("SU[Scrambled-Mirrored]"),
        }
    }
    if let GameSpec::Loa(options) = spec
        && options.hole().is_some()
    {
        out.push_str("RU[Black Hole]");
    }
    let info = tree.info();
    for (p, id) in [(Player::Black, "PB"), (Player::White, "PW")] {
        let name = if p == Player::Black { &info.black } else { &info.white };
        if let Seat::Computer(level) = seats[p]
            && name.is_empty()
        {
            let _ = write!(out, "{id}[Ludoteca level {level}]");
        }
    }
    for ((_, property, _), value) in FIELDS.iter().zip(info.fields()) {
        if !value.is_empty() {
            let _ = write!(out, "{property}[{}]", escape(value));
        }
    }
    if let Some(finish) = tree.finish() {
        let _ = write!(out, "RE[{}]", result_of(finish));
    }
    if tree.from_text().is_some() {
        let start = tree.start();
        let black = squares_of(start, Player::Black);
        let white = squares_of(start, Player::White);
        let pl = if start.to_move() == Player::Black { "B" } else { "W" };
        let _ = write!(out, "SU[Custom]");
        if !black.is_empty() {
            let _ = write!(out, "AB{black}");
        }
        if !white.is_empty() {
            let _ = write!(out, "AW{white}");
        }
        let _ = write!(out, "PL[{pl}]");
    }
    // Without recursion: a stack of what is still to write.
    enum Work {
        Open,
        Line(NodeId),
        Close,
    }
    let mut stack = vec![Work::Line(NodeId::ROOT)];
    while let Some(work) = stack.pop() {
        let mut at = match work {
            Work::Open => {
                out.push_str("\n(");
                continue;
            }
            Work::Close => {
                out.push(')');
                continue;
            }
            Work::Line(node) => node,
        };
        loop {
            if at != NodeId::ROOT {
                let mover = tree.parent(at).map_or(Player::Black, |p| tree.position_of(p).to_move());
                let colour = if mover == Player::Black { 'B' } else { 'W' };
                let text = tree.move_of(at).map(|m| m.to_string().replace('x', ":")).unwrap_or_default();
                let _ = write!(out, "\n;{colour}[{text}]");
                if let Some(mark) = tree.mark(at) {
                    out.push_str(mark_property(mark));
                }
                if let Some(comment) = tree.comment(at) {
                    let _ = write!(out, "C[{}]", escape(comment));
                }
                let drawn = tree.shapes(at).map(|s| shapes::read(&tree.spec(), s)).unwrap_or_default();
                for (property, arrows) in [("AR", true), ("CR", false)] {
                    let mut first = true;
                    for s in drawn.iter().filter(|s| (s.from != s.to) == arrows) {
                        let name = |c| tree.spec().cell_name(c).unwrap_or_default();
                        if std::mem::take(&mut first) {
                            out.push_str(property);
                        }
                        if arrows {
                            let _ = write!(out, "[{}:{}]", name(s.from), name(s.to));
                        } else {
                            let _ = write!(out, "[{}]", name(s.from));
                        }
                    }
                }
            }
            match tree.children(at) {
                [] => break,
                [only] => at = *only,
                many => {
                    // Each line from a branch in its own parentheses, the first first.
                    for &child in many.iter().rev() {
                        stack.extend([Work::Close, Work::Line(child), Work::Open]);
                    }
                    break;
                }
            }
        }
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests;
