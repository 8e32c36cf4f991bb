//! The tree: variations, navigation, promotion, deletion and undo.

use super::*;

fn loa(moves: &[&str]) -> GameTree {
    let (tree, bad) = GameTree::replay(&"loa".parse().unwrap(), None, moves.iter().copied()).unwrap();
    assert!(bad.is_none());
    tree
}

fn play(tree: &mut GameTree, text: &str) -> bool {
    let mv = tree.position().parse_move(text).unwrap();
    tree.play(mv)
}

fn texts(tree: &GameTree, nodes: &[NodeId]) -> Vec<String> {
    nodes.iter().filter_map(|&n| tree.move_of(n)).map(|m| m.to_string()).collect()
}

#[test]
fn a_move_away_from_the_end_starts_a_variation_and_keeps_the_line() {
    let mut t = loa(&["b1-b3", "a2-c2", "e1-e3"]);
    t.navigate(Nav::To(1));
    assert!(play(&mut t, "h2-f2"));
    assert_eq!(t.main_line_texts(), ["b1-b3", "a2-c2", "e1-e3"], "the main line stays");
    assert_eq!(texts(&t, &t.line_shown()), ["b1-b3", "h2-f2"]);
    assert!(!t.on_main_line(t.cursor()));
    // Playing a move the tree has follows it.
    t.navigate(Nav::To(1));
    assert!(!play(&mut t, "a2-c2"));
    assert!(t.on_main_line(t.cursor()));
    assert_eq!(t.nodes().count(), 5);
}

#[test]
fn navigation_along_lines_and_across_variations() {
    let mut t = loa(&["b1-b3", "a2-c2", "e1-e3"]);
    t.navigate(Nav::To(1));
    play(&mut t, "h2-f2");
    play(&mut t, "c1xa3");
    t.navigate(Nav::Back);
    t.navigate(Nav::Back);
    assert_eq!(t.depth(t.cursor()), 1);
    t.navigate(Nav::Forward);
    assert_eq!(texts(&t, &t.path_to(t.cursor())), ["b1-b3", "a2-c2"], "forward follows the main line");
    t.navigate(Nav::Down);
    assert_eq!(texts(&t, &t.path_to(t.cursor())), ["b1-b3", "h2-f2"], "down: the next variation");
    t.navigate(Nav::Last);
    assert_eq!(texts(&t, &t.path_to(t.cursor())), ["b1-b3", "h2-f2", "c1xa3"]);
    // Up from inside a variation switches at its branch.
    t.navigate(Nav::Up);
    assert_eq!(texts(&t, &t.path_to(t.cursor())), ["b1-b3", "a2-c2"]);
    t.navigate(Nav::First);
    assert_eq!(t.cursor(), NodeId::ROOT);
    t.navigate(Nav::Up);
    assert_eq!(t.cursor(), NodeId::ROOT, "no branch: nothing happens");
    t.navigate(Nav::To(99));
    assert_eq!(t.depth(t.cursor()), 3);
}

#[test]
fn a_variation_is_promoted_to_the_main_line() {
    let mut t = loa(&["b1-b3", "a2-c2", "e1-e3"]);
    t.navigate(Nav::To(1));
    play(&mut t, "h2-f2");
    play(&mut t, "c1xa3");
    t.promote(t.cursor());
    assert_eq!(t.main_line_texts(), ["b1-b3", "h2-f2", "c1xa3"]);
    assert!(t.on_main_line(t.cursor()));
    assert_eq!(t.nodes().count(), 6, "the old line is now a variation");
}

#[test]
fn deleting_removes_a_branch_and_keeps_the_rest() {
    let mut t = loa(&["b1-b3", "a2-c2", "e1-e3"]);
    t.navigate(Nav::To(1));
    play(&mut t, "h2-f2");
    play(&mut t, "c1xa3");
    let variation = t.path_to(t.cursor())[1];
    t.delete(variation);
    assert_eq!(t.nodes().count(), 4);
    assert!(t.is_line());
    assert_eq!(texts(&t, &t.path_to(t.cursor())), ["b1-b3"], "the cursor went to the branch point");
    // Deleting on the main line cuts it there.
    let second = t.main_line()[1];
    t.navigate(Nav::Last);
    t.delete(second);
    assert_eq!(t.main_line_texts(), ["b1-b3"]);
    t.delete(NodeId::ROOT);
    assert_eq!(t.main_line_texts(), ["b1-b3"], "the start stays");
}

#[test]
fn comments_are_kept_on_moves() {
    let mut t = loa(&["b1-b3"]);
    let node = t.cursor();
    t.set_comment(node, Some("a quiet start".into()));
    assert_eq!(t.comment(node), Some("a quiet start"));
    t.set_comment(node, Some("   ".into()));
    assert_eq!(t.comment(node), None);
}

#[test]
fn an_ending_belongs_to_the_main_line_as_it_was() {
    use crate::session::model::ending::Ending;
    let spec: GameSpec = "loa".parse().unwrap();
    let (mut tree, _) = GameTree::replay(&spec, None, ["b1-b3", "a2-c2"]).unwrap();
    tree.set_ending(Some(Ending::Resigned(Player::Black)));
    assert_eq!(tree.finish(), Some(Finish::Other(Ending::Resigned(Player::Black))));
    // A variation leaves it; promoting that variation, or deleting the last move, drops it.
    tree.navigate(Nav::Back);
    let h2f2 = tree.position().parse_move("h2-f2").unwrap();
    tree.play(h2f2);
    assert!(tree.ending().is_some(), "a variation does not touch the main line");
    tree.promote(tree.cursor());
    assert_eq!(tree.ending(), None, "a new main line has no ending");
    tree.set_ending(Some(Ending::DrawAgreed));
    tree.navigate(Nav::Last);
    tree.undo();
    assert_eq!(tree.ending(), None);
    // A finished game keeps the rules' outcome: an ending is not kept there.
    let (mut won, _) = GameTree::replay(&spec, Some("8/o7/8/8/8/8/4x3/1xx4o x"), ["e2-d1"]).unwrap();
    won.set_ending(Some(Ending::Resigned(Player::Black)));
    assert!(matches!(won.finish(), Some(Finish::Rules(_))));
}
