//! The saved game as the browser keeps it: the game's link query (the
//! moves, the cursor, the players, the clocks, how it ended), and — when
//! the game has comments, marks, game information or review verdicts, which
//! a link does not carry —
//! a newline and the game's text record, which does. A save of the first
//! kind alone (what every version before this one wrote) reads as before.
//!
//! Reading never fails: what the record adds is matched to the link's game
//! node by node; a record that cannot be read, or whose moves differ,
//! leaves the game as its link has it, and says so.
//!
//! Between the page and the game library's worker a game travels as a
//! [`Kept`]: the link, and the notes a link cannot hold (comments and
//! verdicts by node, in the order the link's tree has its nodes). The
//! worker turns it into the saved text and back ([`text_of`],
//! [`kept_of`]), so the page needs no record reader or writer.

use rules::{AnyMove, GameKind, Player};
use search::review::Verdict;
use serde::{Deserialize, Serialize};

use super::record;
use super::url::{self, Route};
use crate::session::model::info::{GameInfo, Mark};
use crate::session::model::seats::Seats;
use crate::session::model::tree::{GameTree, NodeId};

/// A game as the page keeps it: its link, and its notes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// The game's link query (`?game=…`).
    pub query: String,
    /// What the link cannot hold.
    pub notes: Notes,
}

impl Kept {
    /// A game with no notes.
    #[must_use]
    pub fn link(query: &str) -> Kept {
        Kept { query: query.to_owned(), notes: Notes::default() }
    }
}

/// Comments, marks and the review's verdicts, by node (its place in the
/// tree's order), and the game's information.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(from = "NotesWire")]
pub struct Notes {
    /// The comments.
    pub comments: Vec<(u32, String)>,
    /// The marks on moves.
    pub marks: Vec<(u32, Mark)>,
    /// The arrows and circles drawn on moves, as text (`model::shapes`).
    pub shapes: Vec<(u32, String)>,
    /// Who played, where, when.
    pub info: GameInfo,
    /// The review's verdicts.
    pub verdicts: Vec<(u32, Verdict)>,
}

/// [`Notes`] between the page and the worker: every text in one list, each
/// tagged by what it is — a comment by its node, a mark by its node with
/// [`MARK`] added, a field of the game's information by its number with
/// [`INFO`] added — so both `.wasm` files read one kind of list, not three.
#[derive(Deserialize)]
struct NotesWire {
    texts: Vec<(u32, String)>,
    #[serde(with = "verdicts_wire")]
    verdicts: Vec<(u32, Verdict)>,
}

/// Added to a node's number for its mark.
const MARK: u32 = 1 << 31;
/// Added to a field's number for the game's information.
const INFO: u32 = 1 << 30;
/// Added to a node's number for its arrows and circles.
const SHAPES: u32 = 1 << 29;

/// Written as [`NotesWire`] without a copy of the notes.
impl Serialize for Notes {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple as _;
        let mut texts: Vec<(u32, &str)> = self.comments.iter().map(|(n, c)| (*n, c.as_str())).collect();
        texts.extend(self.marks.iter().map(|(n, m)| (n | MARK, m.text())));
        texts.extend(self.shapes.iter().map(|(n, s)| (n | SHAPES, s.as_str())));
        texts.extend((0..).zip(self.info.fields()).filter(|(_, f)| !f.is_empty()).map(|(i, f)| (i | INFO, f)));
        let mut tuple = to.serialize_tuple(2)?;
        tuple.serialize_element(&texts)?;
        tuple.serialize_element(&Verdicts(&self.verdicts))?;
        tuple.end()
    }
}

/// The verdicts, written by [`verdicts_wire`].
struct Verdicts<'a>(&'a [(u32, Verdict)]);

impl Serialize for Verdicts<'_> {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        verdicts_wire::serialize(self.0, to)
    }
}

impl From<NotesWire> for Notes {
    fn from(wire: NotesWire) -> Notes {
        let mut notes = Notes { verdicts: wire.verdicts, ..Notes::default() };
        for (tag, text) in wire.texts {
            if tag & MARK != 0 {
                notes.marks.extend(Mark::from_text(&text).map(|m| (tag & !MARK, m)));
            } else if tag & SHAPES != 0 {
                notes.shapes.push((tag & !SHAPES, text));
            } else if tag & INFO != 0 {
                if let Some(field) = notes.info.field_mut((tag & !INFO) as usize) {
                    *field = text;
                }
            } else {
                notes.comments.push((tag, text));
            }
        }
        notes
    }
}

impl Notes {
    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.comments.is_empty()
            && self.verdicts.is_empty()
            && self.marks.is_empty()
            && self.shapes.is_empty()
            && self.info.is_empty()
    }
}

/// The notes of `tree`, with `verdicts`.
#[must_use]
pub fn notes_of(tree: &GameTree, verdicts: &[(NodeId, Verdict)]) -> Notes {
    let index = |n: NodeId| u32::try_from(n.index()).unwrap_or(u32::MAX);
    Notes {
        comments: tree.nodes().filter_map(|n| Some((index(n), tree.comment(n)?.to_owned()))).collect(),
        marks: tree.nodes().filter_map(|n| Some((index(n), tree.mark(n)?))).collect(),
        shapes: tree.nodes().filter_map(|n| Some((index(n), tree.shapes(n)?.to_owned()))).collect(),
        info: tree.info().clone(),
        verdicts: verdicts.iter().map(|(n, v)| (index(*n), v.clone())).collect(),
    }
}

/// `tree` as the page keeps it: its link (the game's query, `seats` its
/// players) and its notes, numbered as the link's own tree numbers its
/// nodes — which need not be `tree`'s order (a tree read from SGF holds its
/// variations in another order than a link writes them).
#[must_use]
pub fn kept_in_link_order(tree: &GameTree, seats: &Seats, verdicts: &[(NodeId, Verdict)]) -> Kept {
    let query = url::encode(tree, seats, url::Presentation::default());
    let Route::Play { tree: linked, .. } = url::decode(&query) else {
        return Kept { query, notes: notes_of(tree, verdicts) };
    };
    // Each node of `tree` by the moves that lead to it, found in `linked`.
    let mut place = vec![None; tree.nodes().count()];
    place[0] = Some(NodeId::ROOT);
    for node in tree.nodes().skip(1) {
        let parent = tree.parent(node).and_then(|p| place.get(p.index()).copied().flatten());
        place[node.index()] =
            parent.and_then(|p| linked.children(p).iter().copied().find(|&c| linked.move_of(c) == tree.move_of(node)));
    }
    let index =
        |n: NodeId| place.get(n.index()).copied().flatten().map(|p| u32::try_from(p.index()).unwrap_or(u32::MAX));
    let mut notes = Notes { info: tree.info().clone(), ..Notes::default() };
    for node in tree.nodes() {
        let Some(at) = index(node) else { continue };
        if let Some(comment) = tree.comment(node) {
            notes.comments.push((at, comment.to_owned()));
        }
        if let Some(mark) = tree.mark(node) {
            notes.marks.push((at, mark));
        }
        if let Some(shapes) = tree.shapes(node) {
            notes.shapes.push((at, shapes.to_owned()));
        }
    }
    notes.verdicts = verdicts.iter().filter_map(|(n, v)| Some((index(*n)?, v.clone()))).collect();
    Kept { query, notes }
}

/// Puts `notes` in `tree` (a node it does not have is skipped); returns
/// the verdicts by node.
pub fn apply_notes(tree: &mut GameTree, notes: Notes) -> Vec<(NodeId, Verdict)> {
    let count = tree.nodes().count();
    let node = |i: u32| (i as usize) < count;
    for (i, comment) in notes.comments {
        if node(i) {
            tree.set_comment(NodeId::from_index(i as usize), Some(comment));
        }
    }
    for (i, mark) in notes.marks {
        if node(i) {
            tree.set_mark(NodeId::from_index(i as usize), Some(mark));
        }
    }
    for (i, shapes) in notes.shapes {
        if node(i) {
            tree.set_shapes(NodeId::from_index(i as usize), Some(shapes));
        }
    }
    tree.set_info(notes.info);
    notes.verdicts.into_iter().filter(|(i, _)| node(*i)).map(|(i, v)| (NodeId::from_index(i as usize), v)).collect()
}

/// The saved text of a kept game: its link, and its record when it has notes.
#[must_use]
pub fn text_of(kept: &Kept) -> String {
    if kept.notes.is_empty() {
        return kept.query.clone();
    }
    match url::decode(&kept.query) {
        Route::Play { mut tree, seats, .. } => {
            let verdicts = apply_notes(&mut tree, kept.notes.clone());
            write(&kept.query, Some(&record::write(&tree, &seats, &verdicts)))
        }
        _ => kept.query.clone(),
    }
}

/// A saved text as the page opens it, with what could not be used of it.
#[must_use]
pub fn kept_of(text: &str) -> (Kept, Vec<String>) {
    let query = text.split('\n').next().unwrap_or_default().trim_end_matches('\r').to_owned();
    // A tab's journal: the link, then its notes as the worker protocol writes them.
    if let Some(notes) = text.split_once('\n').and_then(|(_, rest)| rest.strip_prefix(NOTES_LINE)) {
        let notes = unhex(notes.trim_end()).and_then(|bytes| postcard::from_bytes::<Notes>(&bytes).ok());
        return match notes {
            Some(notes) => (Kept { query, notes }, Vec::new()),
            None => (Kept::link(&query), vec![crate::t!("The saved game's notes cannot be read; its moves are kept.")]),
        };
    }
    let saved = read(text);
    match saved.route {
        Route::Play { tree, notices, .. } => (Kept { query, notes: notes_of(&tree, &saved.verdicts) }, notices),
        _ => (Kept { query, notes: Notes::default() }, Vec::new()),
    }
}

/// What starts the notes' line of a journal entry ([`journal_of`]).
const NOTES_LINE: &str = "notes ";

/// A kept game as a tab's journal holds it until the library has it: its
/// link and, when it has notes, a line of them (the worker protocol's
/// bytes in hexadecimal) — cheap to write on every change, unlike a record,
/// and read back whole by [`kept_of`].
#[must_use]
pub fn journal_of(kept: &Kept) -> String {
    if kept.notes.is_empty() {
        return kept.query.clone();
    }
    let bytes = postcard::to_allocvec(&kept.notes).unwrap_or_default();
    let mut out = String::with_capacity(kept.query.len() + 8 + 2 * bytes.len());
    out.push_str(&kept.query);
    out.push('\n');
    out.push_str(NOTES_LINE);
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for b in bytes {
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 15)]));
    }
    out
}

/// Bytes from hexadecimal text.
fn unhex(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    digits.len().is_multiple_of(2).then_some(())?;
    digits.chunks(2).map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()).collect()
}

/// Verdicts travel as (node, Black to move, score, best move as game and number).
mod verdicts_wire {
    use super::*;
    use serde::{Deserializer, Serializer};

    type Wire = (u32, bool, i32, Option<(u8, u32)>);

    pub fn serialize<S: Serializer>(verdicts: &[(u32, Verdict)], to: S) -> Result<S::Ok, S::Error> {
        to.collect_seq(verdicts.iter().map(|(n, v)| {
            let best = v.best.map(|mv| {
                let kind = GameKind::ALL.iter().position(|&k| k == mv.kind()).unwrap_or_default();
                (kind as u8, mv.pack())
            });
            (*n, v.to_move == Player::Black, v.score, best)
        }))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Vec<(u32, Verdict)>, D::Error> {
        Vec::<Wire>::deserialize(from)?
            .into_iter()
            .map(|(n, black, score, best)| {
                let best = match best {
                    None => None,
                    Some((kind, code)) => {
                        let game = GameKind::ALL.get(usize::from(kind));
                        let mv = game.and_then(|&g| AnyMove::unpack(g, code));
                        Some(mv.ok_or_else(|| serde::de::Error::custom(format!("no move {code} of game {kind}")))?)
                    }
                };
                Ok((n, Verdict { to_move: if black { Player::Black } else { Player::White }, score, best }))
            })
            .collect()
    }
}

/// The saved text of a game whose link is `query`: with `record` (the
/// game's text record) after a newline when the game has comments or
/// verdicts to keep.
#[must_use]
pub fn write(query: &str, record: Option<&str>) -> String {
    match record {
        Some(record) => format!("{query}\n{record}"),
        None => query.to_owned(),
    }
}

/// A saved game read back: where it opens, and the review's verdicts it kept.
#[derive(Debug)]
pub struct Saved {
    /// What the link part opens, the record's comments put in its game.
    pub route: Route,
    /// The review's verdicts, by node of the game.
    pub verdicts: Vec<(NodeId, Verdict)>,
}

/// Whether two trees hold the same moves at the same nodes.
fn same_moves(a: &GameTree, b: &GameTree) -> bool {
    a.nodes().count() == b.nodes().count() && a.nodes().zip(b.nodes()).all(|(x, y)| a.move_of(x) == b.move_of(y))
}

/// Reads a saved game (see the module's documentation).
#[must_use]
pub fn read(text: &str) -> Saved {
    let (query, record) = match text.split_once('\n') {
        Some((query, record)) => (query, Some(record)),
        None => (text, None),
    };
    let mut route = url::decode(query.trim_end_matches('\r'));
    let mut verdicts = Vec::new();
    if let (Route::Play { tree, notices, .. }, Some(record)) = (&mut route, record) {
        match record::read(record) {
            Ok(kept) if same_moves(tree, &kept.tree) => {
                for (node, from) in tree.nodes().zip(kept.tree.nodes()) {
                    if let Some(comment) = kept.tree.comment(from) {
                        tree.set_comment(node, Some(comment.to_owned()));
                    }
                    tree.set_mark(node, kept.tree.mark(from));
                    tree.set_shapes(node, kept.tree.shapes(from).map(str::to_owned));
                }
                tree.set_info(kept.tree.info().clone());
                verdicts = kept.verdicts;
                notices.extend(kept.notices);
            }
            Ok(_) => notices.push(crate::t!(
                "The saved game's comments and review do not match its moves; the moves are kept without them."
            )),
            Err(e) => notices.push(crate::t!(
                "The saved game's comments and review cannot be read ({reason}); the moves are kept without them.",
                reason = e
            )),
        }
    }
    Saved { route, verdicts }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::model::seats::Seats;

    fn play(saved: &Saved) -> (&GameTree, &Vec<String>) {
        match &saved.route {
            Route::Play { tree, notices, .. } => (tree, notices),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn comments_and_verdicts_come_back_with_the_game() {
        let Route::Play { mut tree, seats, view, .. } = url::decode("?game=loa&moves=b1-b3,a2-c2(h2-f2),e1-e3&ply=1")
        else {
            panic!()
        };
        let nodes: Vec<NodeId> = tree.nodes().collect();
        tree.set_comment(nodes[1], Some("the usual start".to_owned()));
        tree.set_comment(nodes[3], Some("a quiet line".to_owned()));
        let best = tree.position_of(nodes[1]).parse_move("a2-c2").ok();
        let verdict = Verdict { to_move: rules::Player::White, score: -30, best };
        let text = write(
            &url::encode(&tree, &seats, view),
            Some(&record::write(&tree, &seats, &[(nodes[1], verdict.clone())])),
        );
        let saved = read(&text);
        let (back, notices) = play(&saved);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(back.comment(nodes[1]), Some("the usual start"));
        assert_eq!(back.comment(nodes[3]), Some("a quiet line"));
        assert_eq!(back.main_ply(), Some(1), "the cursor is the link's");
        assert_eq!(saved.verdicts, [(nodes[1], verdict)]);
        // A save of the link alone, as earlier versions wrote it.
        let old = read("?game=loa&moves=b1-b3");
        assert_eq!(play(&old).0.main_line_texts(), ["b1-b3"]);
        assert!(old.verdicts.is_empty());
    }

    #[test]
    fn a_kept_game_becomes_its_saved_text_and_back() {
        let Route::Play { mut tree, seats, view, .. } = url::decode("?game=loa&moves=b1-b3,a2-c2(h2-f2)") else {
            panic!()
        };
        let nodes: Vec<NodeId> = tree.nodes().collect();
        tree.set_comment(nodes[3], Some("the wing".to_owned()));
        let best = tree.position_of(nodes[1]).parse_move("a2-c2").ok();
        let verdicts = [(nodes[1], Verdict { to_move: rules::Player::White, score: 12, best })];
        let kept = Kept { query: url::encode(&tree, &seats, view), notes: notes_of(&tree, &verdicts) };
        let text = text_of(&kept);
        assert!(text.contains("{the wing}") && text.contains("[%eval +12 a2-c2]"), "{text}");
        assert_eq!(kept_of(&text), (kept.clone(), Vec::new()));
        // Marks and the game's information alone make a record too.
        let Route::Play { mut tree, .. } = url::decode("?game=loa&moves=b1-b3,a2-c2(h2-f2)") else { panic!() };
        tree.set_mark(nodes[3], Some(Mark::Dubious));
        let mut info = GameInfo::default();
        info.set(2, "Club night");
        tree.set_info(info);
        let marked = Kept { query: kept.query.clone(), notes: notes_of(&tree, &[]) };
        let text = text_of(&marked);
        assert!(text.contains("[Event \"Club night\"]") && text.contains("h2-f2?!"), "{text}");
        assert_eq!(kept_of(&text), (marked, Vec::new()));
        // On the wire too.
        let bytes = postcard::to_allocvec(&kept).unwrap();
        assert_eq!(postcard::from_bytes::<Kept>(&bytes).unwrap(), kept);
        // A link alone stays a link.
        assert_eq!(text_of(&Kept::link("?game=ra")), "?game=ra");
        // Notes for nodes a tree does not have are left out.
        let mut small = GameTree::replay(&"loa".parse().unwrap(), None, ["b1-b3"]).unwrap().0;
        let back = apply_notes(&mut small, kept.notes);
        assert_eq!(back.len(), 1);
        assert!(small.nodes().all(|n| small.comment(n).is_none()));
    }

    #[test]
    fn a_record_that_does_not_fit_leaves_the_moves_and_says_so() {
        let other = record::write(
            &GameTree::replay(&"loa".parse().unwrap(), None, ["c1-c3"]).unwrap().0,
            &Seats::default(),
            &[],
        );
        let saved = read(&write("?game=loa&moves=b1-b3", Some(&other)));
        let (tree, notices) = play(&saved);
        assert_eq!(tree.main_line_texts(), ["b1-b3"]);
        assert!(notices[0].contains("do not match its moves"), "{notices:?}");
        let saved = read("?game=loa&moves=b1-b3\n[Game \"loa\"]\n[Colour x]");
        let (tree, notices) = play(&saved);
        assert_eq!(tree.main_line_texts(), ["b1-b3"]);
        assert!(
            notices[0].contains("cannot be read (line 2: the value of \"Colour\" must be in double quotes)"),
            "{notices:?}"
        );
    }

    #[test]
    fn a_journal_entry_holds_the_notes_and_reads_back_whole() {
        let mut info = GameInfo::default();
        info.set(0, "Kim");
        let kept = Kept {
            query: "?game=loa&moves=b1-b3".to_owned(),
            notes: Notes {
                comments: vec![(1, "a note\nwith a line".to_owned())],
                marks: vec![(1, Mark::Good)],
                shapes: vec![(1, "Gc1c3".to_owned())],
                info,
                ..Notes::default()
            },
        };
        let text = journal_of(&kept);
        assert_eq!(text.lines().count(), 2, "{text}");
        assert_eq!(kept_of(&text), (kept.clone(), Vec::new()));
        assert_eq!(journal_of(&Kept::link("?game=loa")), "?game=loa");
        let (damaged, notices) = kept_of("?game=loa&moves=b1-b3\nnotes 0g1");
        assert_eq!((damaged, notices.len()), (Kept::link("?game=loa&moves=b1-b3"), 1));
    }

    proptest::proptest! {
        /// A journal entry's notes line, whatever it holds, reads without a
        /// panic: as notes, or as the link alone with a notice.
        #[test]
        fn any_notes_line_reads_or_is_named(line in "[0-9a-f]{0,80}|\\PC{0,80}") {
            let (kept, notices) = kept_of(&format!("?game=loa&moves=b1-b3\nnotes {line}"));
            proptest::prop_assert_eq!(kept.query.as_str(), "?game=loa&moves=b1-b3");
            proptest::prop_assert!(notices.len() <= 1);
        }
    }

    #[test]
    fn notes_cross_to_the_worker_and_back_whole() {
        let mut info = GameInfo::default();
        info.set(0, "Kim");
        info.set(7, "two\nlines");
        let verdicts = vec![(2, Verdict { to_move: rules::Player::White, score: -30, best: None })];
        let notes = Notes {
            comments: vec![(1, "a note".to_owned()), (3, String::new())],
            marks: vec![(1, Mark::Blunder), (4, Mark::Interesting)],
            shapes: vec![(2, "Gb1b3 Rc4".to_owned())],
            info,
            verdicts,
        };
        let bytes = postcard::to_allocvec(&notes).unwrap();
        assert_eq!(postcard::from_bytes::<Notes>(&bytes).unwrap(), notes);
        let none = postcard::to_allocvec(&Notes::default()).unwrap();
        assert_eq!(none.len(), 2, "no notes cost two bytes: {none:?}");
    }
}
