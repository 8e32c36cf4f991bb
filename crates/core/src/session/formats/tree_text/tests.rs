//! Links and records of trees: round trips of random trees and of any text, and the errors.

use super::*;
use rules::GameSpec;
use search::rng::Rng;

fn empty(spec: &str) -> GameTree {
    GameTree::new(spec.parse::<GameSpec>().unwrap().start(), None)
}

fn from_link(spec: &str, text: &str) -> (GameTree, Option<TreeError>) {
    let mut tree = empty(spec);
    let error = build(&mut tree, link_tokens(text).map(|t| (t, ())), ()).map(|(e, ())| e);
    (tree, error)
}

fn from_record(spec: &str, text: &str) -> (GameTree, Option<(TreeError, usize)>) {
    let mut tree = empty(spec);
    let error = build(&mut tree, record_tokens(text, 1), 0);
    (tree, error)
}

/// A random tree: moves, variations branching anywhere, a few comments
/// holding every character the text formats treat specially. Shared with
/// the SGF tests.
pub(crate) fn random_tree(spec: &str, seed: u64) -> GameTree {
    let mut rng = Rng::new(seed);
    let mut tree = empty(spec);
    for step in 0..40 {
        if rng.below(4) == 0 {
            let nodes: Vec<NodeId> = tree.nodes().collect();
            tree.navigate(Nav::Node(nodes[rng.below(nodes.len())]));
        }
        let moves = tree.position().legal_move_parts();
        if moves.is_empty() {
            tree.navigate(Nav::First);
            continue;
        }
        tree.play(moves[rng.below(moves.len())].mv);
        if rng.below(5) == 0 {
            tree.set_comment(tree.cursor(), Some(format!("note {step} {{braces}} (parens) [brackets] \\ backslash")));
        }
    }
    tree
}

/// The shape of a tree, independent of node numbers: each node's line of moves from the start, and its comment.
fn shape(tree: &GameTree) -> Vec<(Vec<String>, Option<String>, usize)> {
    let mut all: Vec<_> = tree
        .nodes()
        .map(|n| {
            let line = tree.path_to(n).into_iter().filter_map(|m| tree.move_of(m)).map(|m| m.to_string()).collect();
            let rank = tree.parent(n).map_or(0, |p| tree.children(p).iter().position(|&c| c == n).unwrap());
            (line, tree.comment(n).map(str::to_owned), rank)
        })
        .collect();
    all.sort();
    all
}

#[test]
fn random_trees_round_trip_through_links_and_records() {
    for (spec, seed) in [("loa", 1), ("loa", 2), ("attract:size=6", 3), ("forms:rules=advanced,size=6", 4), ("ra", 5)] {
        let tree = random_tree(spec, seed);
        assert!(!tree.is_line(), "{spec}: the test tree has variations");
        let (link, _) = link_moves(&tree);
        let (back, error) = from_link(spec, &link);
        assert_eq!(error, None, "{spec}: {link}");
        let without_comments: Vec<_> = shape(&tree).into_iter().map(|(l, _, r)| (l, None, r)).collect();
        assert_eq!(shape(&back), without_comments, "{spec}: {link}");
        let record = record_moves(&tree, &|_| None);
        let (back, error) = from_record(spec, &record);
        assert_eq!(error, None, "{spec}:\n{record}");
        let comments_read_back: Vec<_> = shape(&tree)
            .into_iter()
            .map(|(l, c, r)| (l, c.map(|c| c.replace('{', "(").replace('}', ")")), r))
            .collect();
        assert_eq!(shape(&back), comments_read_back, "{spec}:\n{record}");
    }
}

#[test]
fn a_plain_line_is_written_as_links_always_were() {
    let (tree, error) = from_link("loa", "b1-b3,a2-c2,e1-e3");
    assert_eq!(error, None);
    assert!(tree.is_line());
    assert_eq!(link_moves(&tree).0, "b1-b3,a2-c2,e1-e3");
    assert_eq!(record_moves(&tree, &|_| None), "1. b1-b3 a2-c2\n2. e1-e3\n");
}

#[test]
fn variations_are_written_after_the_move_they_replace() {
    let (tree, error) = from_link("loa", "b1-b3,a2-c2(h2-f2,c1xa3(e1-e3)),e1-e3");
    assert_eq!(error, None);
    assert_eq!(tree.main_line_texts(), ["b1-b3", "a2-c2", "e1-e3"]);
    assert_eq!(link_moves(&tree).0, "b1-b3,a2-c2(h2-f2,c1xa3(e1-e3)),e1-e3");
    assert_eq!(record_moves(&tree, &|_| None), "1. b1-b3 a2-c2 (1... h2-f2 2. c1xa3 (2. e1-e3))\n2. e1-e3\n");
    // Numbers in the order written: the cursor of a link can name any move.
    let numbers = link_moves(&tree).1;
    let variation_end = tree.nodes().find(|&n| numbers[n.index()] == 5).unwrap();
    assert_eq!(tree.move_of(variation_end).map(|m| m.to_string()).as_deref(), Some("e1-e3"));
    assert_eq!(tree.depth(variation_end), 3);
}

#[test]
fn bad_syntax_keeps_what_could_be_read_and_says_where() {
    let (tree, error) = from_link("loa", "b1-b3,a2-c2(h2-f2,zz9),e1-e3");
    assert!(matches!(&error, Some(TreeError::Move { number: 4, text, .. }) if text == "zz9"), "{error:?}");
    assert_eq!(tree.nodes().count(), 4, "the three moves before it are kept");
    let (_, error) = from_link("loa", "b1-b3)");
    assert_eq!(error, Some(TreeError::Syntax { after: 1, reason: "a \")\" closes no variation" }));
    let (tree, error) = from_link("loa", "b1-b3,a2-c2(h2-f2");
    assert_eq!(error, Some(TreeError::Syntax { after: 3, reason: "a \"(\" is never closed" }));
    assert_eq!(tree.nodes().count(), 4);
    let (_, error) = from_link("loa", "(b1-b3)");
    assert_eq!(error, Some(TreeError::Syntax { after: 0, reason: "a variation must follow a move" }));
    let deep = format!("b1-b3{}", "(b1-b3".repeat(MAX_NESTING + 1));
    let (_, error) = from_link("loa", &deep);
    assert!(matches!(error, Some(TreeError::Syntax { reason: "variations nest too deep", .. })));
    let (tree, error) = from_record("loa", "1. b1-b3 a2-c2\n2. e1-e3 {never closed");
    assert_eq!(error, Some((TreeError::Syntax { after: 3, reason: "a \"{\" is never closed" }, 2)));
    assert_eq!(tree.nodes().count(), 4);
    let (_, error) = from_record("loa", "1. b1-b3 a2-c2\n2. e1-e3 {a comment}\n3. b1-b9");
    assert!(matches!(error, Some((TreeError::Move { number: 4, .. }, 3))), "{error:?}");
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// The pieces links and records are made of, well formed or not.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "b1-b3", "a2-c2", "h2-f2", "c1xa3", "e1-e3", "d8-d6", "a7-c7", "b1-b9", ",", ",", "(", ")", "{", "}", " ",
            "\n", "1.", "2...", "x", "-", "é", "",
        ])
    }

    fn comments_dropped(tree: &GameTree) -> Vec<(Vec<String>, Option<String>, usize)> {
        shape(tree).into_iter().map(|(l, _, r)| (l, None, r)).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Any text reads without a panic into a tree (what could be
        /// read) whose link reads back to the same tree without error.
        #[test]
        fn any_link_text_keeps_what_it_can(parts in prop::collection::vec(piece(), 0..48)) {
            let text = parts.concat();
            let (tree, _) = from_link("loa", &text);
            let (link, numbers) = link_moves(&tree);
            prop_assert_eq!(numbers.len(), tree.nodes().count());
            let (again, error) = from_link("loa", &link);
            prop_assert_eq!(error, None, "{} -> {}", text, link);
            prop_assert_eq!(shape(&again), comments_dropped(&tree));
        }

        /// The same for records, comments included.
        #[test]
        fn any_record_text_keeps_what_it_can(parts in prop::collection::vec(piece(), 0..48)) {
            let text = parts.concat().replace(',', " ");
            let (tree, _) = from_record("loa", &text);
            let record = record_moves(&tree, &|_| None);
            let (again, error) = from_record("loa", &record);
            prop_assert_eq!(error, None, "{} -> {}", text, record);
            // Braces inside a comment are written as parentheses.
            let written: Vec<_> = shape(&tree)
                .into_iter()
                .map(|(l, c, r)| (l, c.map(|c| c.replace('{', "(").replace('}', ")")), r))
                .collect();
            prop_assert_eq!(shape(&again), written);
        }

        /// Random trees of every game round-trip through links and records.
        #[test]
        fn random_trees_round_trip(
            spec in prop::sample::select(vec!["loa", "attract:size=6", "forms:size=6", "forms:rules=advanced,size=6", "ra"]),
            seed in any::<u64>(),
        ) {
            let tree = random_tree(spec, seed);
            let (link, _) = link_moves(&tree);
            let (back, error) = from_link(spec, &link);
            prop_assert_eq!(error, None);
            prop_assert_eq!(shape(&back), comments_dropped(&tree));
            let record = record_moves(&tree, &|_| None);
            let (back, error) = from_record(spec, &record);
            prop_assert_eq!(error, None);
            prop_assert_eq!(shape(&back).len(), shape(&tree).len());
        }
    }
}
