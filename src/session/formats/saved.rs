//! The saved game as the browser keeps it: the game's link query (the
//! moves, the cursor, the players, the clocks, how it ended), and — when
//! the game has comments or review verdicts, which a link does not carry —
//! a newline and the game's text record, which does. A save of the first
//! kind alone (what every version before this one wrote) reads as before.
//!
//! Reading never fails: what the record adds is matched to the link's game
//! node by node; a record that cannot be read, or whose moves differ,
//! leaves the game as its link has it, and says so.

use search::review::Verdict;

use super::record;
use super::url::{self, Route};
use crate::session::model::tree::{GameTree, NodeId};

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
                }
                verdicts = kept.verdicts;
                notices.extend(kept.notices);
            }
            Ok(_) => notices.push(
                "The saved game's comments and review do not match its moves; the moves are kept without them."
                    .to_owned(),
            ),
            Err(e) => notices.push(format!(
                "The saved game's comments and review cannot be read ({e}); the moves are kept without them."
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
        let saved = read("?game=loa&moves=b1-b3\n[Game \"loa\"]\n[Colour \"x\"]");
        let (tree, notices) = play(&saved);
        assert_eq!(tree.main_line_texts(), ["b1-b3"]);
        assert!(notices[0].contains("cannot be read (line 2: unknown header \"Colour\")"), "{notices:?}");
    }
}
