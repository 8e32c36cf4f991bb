//! Two versions of one game made into one: the new text wins (its main
//! line, cursor, players, clocks and ending), and every move of the old
//! text that the new one lacks comes back as a variation — so a game played
//! on in two tabs keeps both tabs' lines, and an import of an older copy
//! loses nothing. (A write from a tab that had seen the library's latest
//! version replaces it instead, moves taken back and all: `service::put`.)
//! Comments, marks and drawings the new text lacks are kept from the old,
//! and so are the game's information and the review's verdicts when the
//! new text has none.

use search::review::Verdict;

use crate::session::formats::record;
use crate::session::formats::saved;
use crate::session::formats::url::{self, Presentation, Route};
use crate::session::model::seats::Seats;
use crate::session::model::tree::{GameTree, NodeId};

/// A saved text read back whole.
struct Game {
    tree: GameTree,
    seats: Seats,
    view: Presentation,
    verdicts: Vec<(NodeId, Verdict)>,
}

/// The game a saved text opens, if it opens one.
fn game_of(text: &str) -> Option<Game> {
    let saved = saved::read(text);
    match saved.route {
        Route::Play { tree, seats, view, .. } => Some(Game { tree, seats, view, verdicts: saved.verdicts }),
        _ => None,
    }
}

/// Whether two saved texts are one game: the same game and options from the
/// same start (their moves may differ: they merge, as variations). A text
/// that opens no game is one game with nothing.
#[must_use]
pub fn same_game(a: &str, b: &str) -> bool {
    match (game_of(a), game_of(b)) {
        (Some(a), Some(b)) => a.tree.spec() == b.tree.spec() && a.tree.from_text() == b.tree.from_text(),
        (None, None) => true,
        _ => false,
    }
}

/// The saved text of a game, as the session writes it.
fn text_of(game: &Game) -> String {
    let query = url::encode(&game.tree, &game.seats, game.view);
    let tree = &game.tree;
    let notes = !game.verdicts.is_empty()
        || !tree.info().is_empty()
        || tree.nodes().any(|n| tree.comment(n).is_some() || tree.mark(n).is_some() || tree.shapes(n).is_some());
    let record = notes.then(|| record::write(&game.tree, &game.seats, &game.verdicts));
    saved::write(&query, record.as_deref())
}

/// The text to keep when `new` is written over `old` (see the module's
/// documentation). A text that opens no game, or two different games
/// (another game, rule set or start), leave `new` as it is.
#[must_use]
#[inline(never)]
pub fn merge(old: &str, new: &str) -> String {
    let (Some(old_game), Some(mut game)) = (game_of(old), game_of(new)) else {
        return new.to_owned();
    };
    let (old_tree, tree) = (&old_game.tree, &mut game.tree);
    if old_tree.spec() != tree.spec() || old_tree.from_text() != tree.from_text() {
        return new.to_owned();
    }
    // Where each node of the old tree is in the new one (parents come
    // before their children in `nodes()`).
    let mut at: Vec<Option<NodeId>> = vec![None; old_tree.nodes().count()];
    at[0] = Some(NodeId::ROOT);
    let mut changed = false;
    for node in old_tree.nodes().skip(1) {
        let (Some(parent), Some(mv)) = (old_tree.parent(node), old_tree.move_of(node)) else { continue };
        let Some(Some(there)) = at.get(parent.index()).copied() else { continue };
        let known = tree.children(there).iter().copied().find(|&c| tree.move_of(c) == Some(mv));
        let placed = match known {
            Some(child) => Some(child),
            None => tree.child_or_add(there, mv).inspect(|_| changed = true),
        };
        if let Some(child) = placed {
            if tree.comment(child).is_none()
                && let Some(comment) = old_tree.comment(node)
            {
                tree.set_comment(child, Some(comment.to_owned()));
                changed = true;
            }
            if tree.mark(child).is_none()
                && let Some(mark) = old_tree.mark(node)
            {
                tree.set_mark(child, Some(mark));
                changed = true;
            }
            if tree.shapes(child).is_none()
                && let Some(shapes) = old_tree.shapes(node)
            {
                tree.set_shapes(child, Some(shapes.to_owned()));
                changed = true;
            }
        }
        at[node.index()] = placed;
    }
    if tree.info().is_empty() && !old_tree.info().is_empty() {
        tree.set_info(old_tree.info().clone());
        changed = true;
    }
    // A write without the review's verdicts (a move from the journal of a
    // closed tab) keeps those the library had.
    if game.verdicts.is_empty() && !old_game.verdicts.is_empty() {
        game.verdicts =
            old_game.verdicts.iter().filter_map(|(n, v)| Some((at.get(n.index()).copied()??, v.clone()))).collect();
        changed |= !game.verdicts.is_empty();
    }
    if changed { text_of(&game) } else { new.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_played_elsewhere_comes_back_as_a_variation() {
        let old = "?game=loa&moves=b1-b3,a2-c2,d1-d3";
        let new = "?game=loa&moves=b1-b3,h2-f2";
        assert_eq!(merge(old, new), "?game=loa&moves=b1-b3,h2-f2(a2-c2,d1-d3)");
    }

    #[test]
    fn a_shorter_copy_loses_nothing() {
        assert_eq!(merge("?game=loa&moves=b1-b3,a2-c2", "?game=loa&moves=b1-b3"), "?game=loa&moves=b1-b3,a2-c2&ply=1");
    }

    #[test]
    fn variations_and_comments_of_the_old_text_are_kept() {
        let old = "?game=loa&moves=b1-b3,a2-c2(h2-f2)\n[Game \"loa\"]\n[Result \"ongoing\"]\n\n1. b1-b3 {opening} a2-c2 (1... h2-f2)\n";
        let new = "?game=loa&moves=b1-b3,a2-c2,d1-d3";
        let merged = merge(old, new);
        assert!(merged.starts_with("?game=loa&moves=b1-b3,a2-c2(h2-f2),d1-d3\n"), "{merged}");
        assert!(merged.contains("{opening}"), "{merged}");
    }

    #[test]
    fn marks_drawings_and_the_game_s_information_of_the_old_text_are_kept() {
        // A tab's journal holds the link alone; the library's copy has the notes.
        let old = "?game=loa&moves=b1-b3,a2-c2\n[Game \"loa\"]\n[BlackName \"Kim\"]\n[Result \"ongoing\"]\n\n1. b1-b3 a2-c2!? {[%draw Gc1c3 Rh2] the plan}\n";
        let merged = merge(old, "?game=loa&moves=b1-b3,a2-c2,d1-d3");
        assert!(merged.starts_with("?game=loa&moves=b1-b3,a2-c2,d1-d3&draw=2:Gc1c3.Rh2\n"), "{merged}");
        assert!(merged.contains("[BlackName \"Kim\"]"), "{merged}");
        assert!(merged.contains("a2-c2!? {[%draw Gc1c3 Rh2] the plan}"), "{merged}");
    }

    #[test]
    fn a_write_without_verdicts_keeps_the_reviewed_ones() {
        let reviewed = "?game=loa&moves=b1-b3\n[Game \"loa\"]\n[Result \"ongoing\"]\n[Eval \"+5 b1-b3\"]\n\n1. b1-b3 {[%eval -5 a2-c2]}\n";
        let merged = merge(reviewed, "?game=loa&moves=b1-b3,a2-c2");
        assert!(merged.starts_with("?game=loa&moves=b1-b3,a2-c2\n"), "{merged}");
        assert!(merged.contains("[Eval \"+5 b1-b3\"]") && merged.contains("[%eval -5 a2-c2]"), "{merged}");
    }

    #[test]
    fn different_games_and_unreadable_texts_leave_the_new_text() {
        assert_eq!(merge("?game=ra&moves=a1", "?game=loa&moves=b1-b3"), "?game=loa&moves=b1-b3");
        assert_eq!(merge("nonsense", "?game=loa&moves=b1-b3"), "?game=loa&moves=b1-b3");
        assert_eq!(merge("?game=loa&moves=b1-b3", "?game=forms:size=8"), "?game=forms:size=8");
    }

    #[test]
    fn the_same_text_is_unchanged() {
        let text = "?game=loa&moves=b1-b3,a2-c2(h2-f2)&ply=1&o=ai:3";
        assert_eq!(merge(text, text), text);
    }
}
