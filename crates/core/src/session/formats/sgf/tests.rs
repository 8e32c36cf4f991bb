//! The SGF reader and writer, on sample files written from the specification.

use super::*;
use crate::session::formats::tree_text::{build, link_moves, link_tokens};
use crate::session::model::ending::Ending;
use crate::session::model::info::{GameInfo, Mark};

fn loa_tree(link: &str) -> GameTree {
    let mut tree = GameTree::new("loa".parse::<GameSpec>().unwrap().start(), None);
    assert_eq!(build(&mut tree, link_tokens(link).map(|t| (t, ())), ()), None);
    tree
}

#[test]
fn a_game_with_variations_and_comments_round_trips() {
    let mut tree = loa_tree("b1-b3,a2-c2(h2-f2,c1xa3(d1-d3)),e1-e3,a7-c7");
    let first = tree.main_line()[0];
    tree.set_comment(first, Some("a quiet start ] with \\ odd characters".to_owned()));
    let seats = Seats { black: Seat::Human, white: Seat::Computer(search::levels::Level::CLUB) };
    let text = write(&tree, &seats);
    assert!(text.starts_with("(;FF[4]GM[9]CA[UTF-8]AP[Ludoteca]SZ[8]PW[Ludoteca level 3]\n;B[b1-b3]"), "{text}");
    assert!(text.contains("C[a quiet start \\] with \\\\ odd characters]"), "{text}");
    assert!(text.contains(";B[c1:a3]"), "captures are written with a colon: {text}");
    let (back, notices) = read(&text).unwrap();
    assert_eq!(notices, Vec::<String>::new());
    assert_eq!(link_moves(&back).0, link_moves(&tree).0);
    assert_eq!(back.comment(back.main_line()[0]), tree.comment(first));
}

#[test]
fn what_other_programs_write_is_read() {
    // Upper case, a move number, capture marks of every kind (and a
    // capture written with "-"), annotations, lower-case letters in
    // property names, unknown properties, text before the game, a
    // resignation, a second game.
    let text = "Game of the week\n(;GaMe[9]FF[4]PB[Ann]PW[Bob]EV[club]VV[3]\n;B[B1-B3];W[12 a2-C2!]\n\
                ;B[c1:a3+];W[H3-F1]C[the f1 stone\\] goes];B[resign])\n(;GM[9];B[b1-b3])";
    let (tree, notices) = read(text).unwrap();
    assert_eq!(tree.main_line_texts(), ["b1-b3", "a2-c2", "c1xa3", "h3xf1"]);
    let last = *tree.main_line().last().unwrap();
    assert_eq!(tree.comment(last), Some("the f1 stone] goes"));
    // The resignation at the end of the main line ends the game.
    assert_eq!(tree.ending(), Some(Ending::Resigned(Player::Black)));
    assert_eq!(notices, ["The file holds 2 games; the first is shown."]);
    let info = tree.info();
    assert_eq!((info.black.as_str(), info.white.as_str(), info.event.as_str()), ("Ann", "Bob", "club"));
    // "12 a2-C2!": the mark is kept.
    assert_eq!(tree.mark(tree.main_line()[1]), Some(Mark::Good));
    // The second game, on its own.
    let games = Games::parse(text).unwrap();
    let (second, notices) = games.read(1).unwrap();
    assert_eq!((second.main_line_texts(), notices, games.len()), (vec!["b1-b3".to_owned()], Vec::new(), 2));
    assert_eq!(games.read(2).unwrap_err(), "the file holds 2 games: there is no game 3");
    assert_eq!(Games::parse(text).map(|g| g.len()), Ok(2));
    assert_eq!(
        Games::parse("no game here").map(|g| g.len()),
        Err("this is not an SGF file: it has no \"(\"".to_owned())
    );
}

#[test]
fn game_information_and_marks_round_trip() {
    let mut tree = loa_tree("b1-b3,a2-c2(h2-f2),e1-e3");
    let mut info = GameInfo::default();
    for (i, value) in ["Ann", "Bob", "Club night", "Lyon", "2024-05-01", "2", "Game one", "Played ] fast\nwell"]
        .into_iter()
        .enumerate()
    {
        info.set(i, value);
    }
    tree.set_info(info.clone());
    let nodes: Vec<NodeId> = tree.nodes().collect();
    for (node, mark) in nodes[1..].iter().zip(Mark::ALL) {
        tree.set_mark(*node, Some(mark));
    }
    let seats = Seats { black: Seat::Human, white: Seat::Computer(search::levels::Level::CLUB) };
    let text = write(&tree, &seats);
    assert!(
        text.contains("PB[Ann]PW[Bob]EV[Club night]PC[Lyon]DT[2024-05-01]RO[2]GN[Game one]C[Played \\] fast"),
        "{text}"
    );
    assert!(!text.contains("Ludoteca level"), "a name wins over the seat: {text}");
    assert!(text.contains(";B[b1-b3]TE[2]"), "{text}");
    let (back, notices) = read(&text).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(back.info(), &info);
    // Each move's mark, by the line that leads to it (node numbers may differ).
    let marks = |t: &GameTree| {
        let mut all: Vec<_> =
            t.nodes().map(|n| (t.path_to(n).iter().map(|&m| t.move_of(m)).collect::<Vec<_>>(), t.mark(n))).collect();
        all.sort_by_key(|(line, _)| format!("{line:?}"));
        all
    };
    assert_eq!(marks(&back), marks(&tree));
}

#[test]
fn results_end_the_game_and_go_out_again() {
    for (re, ending) in [
        ("W+R", Some(Ending::Resigned(Player::Black))),
        ("B+Resign", Some(Ending::Resigned(Player::White))),
        ("B+T", Some(Ending::TimeOut { player: Player::White, draw: false })),
        ("0", Some(Ending::DrawAgreed)),
        ("Draw", Some(Ending::DrawAgreed)),
        ("B+3", None),
        ("B+", Some(Ending::Resigned(Player::White))),
        ("?", None),
    ] {
        let (tree, _) = read(&format!("(;GM[9]RE[{re}];B[b1-b3];W[a2-c2])")).unwrap();
        assert_eq!(tree.ending(), ending, "RE[{re}]");
        if ending.is_some() {
            let out = write(&tree, &Seats::default());
            let back = read(&out).unwrap().0;
            assert_eq!(back.ending(), ending, "{out}");
        }
    }
    // The rules' own result stands whatever RE says.
    let (won, _) = read("(;GM[9]SU[Custom]AB[b2][b3][d4]AW[f1][h1]PL[B]RE[W+R];B[d4-c4])").unwrap();
    assert_eq!(won.ending(), None);
    assert!(write(&won, &Seats::default()).contains("RE[B+]"));
}

#[test]
fn setup_properties_give_the_start() {
    let text = "(;GM[9]SU[Custom]AB[b2][b3][d4]AW[f1][h1]PL[B];B[d4-c4])";
    let (tree, notices) = read(text).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(tree.from_text(), Some("8/8/8/8/3x4/1x6/1x6/5o1o x"));
    assert_eq!(tree.main_line_texts(), ["d4-c4"]);
    assert!(tree.position().outcome().is_some(), "Black connects");
    // Written back with its setup.
    let again = write(&tree, &Seats::default());
    assert!(again.contains("SU[Custom]AB[b2][b3][d4]AW[f1][h1]PL[B]") || again.contains("AB[b3][b2]"), "{again}");
    let (back, _) = read(&again).unwrap();
    assert_eq!(back.from_text(), tree.from_text());
    assert!(again.contains("RE[B+]"), "{again}");
    // Changes to the standard start.
    let (tree, _) = read("(;GM[9]AE[b1]PL[W])").unwrap();
    assert_eq!(tree.from_text(), Some("1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/2xxxxx1 o"));
}

#[test]
fn what_cannot_be_used_is_named() {
    let err = |t: &str| read(t).unwrap_err();
    assert_eq!(err("no game here"), "this is not an SGF file: it has no \"(\"");
    assert_eq!(err("(;GM[1]SZ[19];B[dd])"), "GM[1] is not Lines of Action (GM[9])");
    assert_eq!(err("(;GM[9]SZ[10])"), "SZ[10]: Lines of Action is played here on boards from 5×5 to 9×9");
    assert_eq!(err("(;GM[9]SZ[x])"), "SZ[x]: Lines of Action is played here on boards from 5×5 to 9×9");
    assert_eq!(
        err("(;GM[9]SU[Eggs])"),
        "the start \"eggs\" (SU) is not played here: the standard start, Scrambled Eggs or a custom one"
    );
    // Where the file stops making sense is named by line and column.
    let unclosed = "line 1, column 17: the file ends inside the game: a \"(\" or \"[\" is never closed";
    assert_eq!(err("(;GM[9];B[b1-b3]"), unclosed);
    assert_eq!(err("(;GM[9];B[b1-b3)"), unclosed);
    assert_eq!(err("(;GM[9]B)"), "line 1, column 8: the property B has no value in brackets");
    assert_eq!(err("(GM[9])"), "line 1, column 2: a property stands outside a node");
    assert_eq!(
        err("(;GM[9]\n;B[b1-b3]\n;W[a2-c2] ! )"),
        "line 3, column 11: something other than a node or a variation stands in the game"
    );
    assert_eq!(
        err("(;GM[9]C[é] B)"),
        "line 1, column 13: the property B has no value in brackets",
        "columns count characters"
    );
    assert_eq!(err("(;GM[9]AB[z9])"), "AB[z9] is not a square of the board");
    assert!(err("(;GM[9]SU[Custom]AB[a1])").starts_with("the start position: "));
    // A bad move keeps what came before it.
    let (tree, notices) = read("(;GM[9];B[b1-b3];W[a2-a9];B[e1-e3])").unwrap();
    assert_eq!(tree.main_line_texts(), ["b1-b3"]);
    assert_eq!(notices.len(), 1);
    assert!(notices[0].starts_with("Move 2 W[a2-a9] cannot be used ("), "{notices:?}");
    // A file whose first move cannot be used opens no game (never an empty
    // board in place of the one on screen).
    assert_eq!(err("(;GM[9];W[a2-c2])"), "its first move, W[a2-c2], cannot be used (it is Black's turn)");
    assert_eq!(
        err("(;GM[9];B[zz];W[a2-c2])"),
        "its first move, B[zz], cannot be used (not a move from one square to another)"
    );
    let deep = format!("(;GM[9]{})", "(;B[b1-b3]".repeat(MAX_NESTING + 1));
    assert_eq!(
        err(&deep),
        format!("line 1, column {}: variations nest more than {MAX_NESTING} deep", 8 + (MAX_NESTING - 1) * 10)
    );
}

#[test]
fn random_trees_round_trip() {
    for seed in 0..20 {
        let tree = crate::session::formats::tree_text::tests::random_tree("loa", seed);
        let text = write(&tree, &Seats::default());
        let (back, notices) = read(&text).unwrap();
        assert!(notices.is_empty(), "{seed}: {notices:?}");
        assert_eq!(link_moves(&back).0, link_moves(&tree).0, "{seed}:\n{text}");
        let comments = |t: &GameTree| t.nodes().filter_map(|n| t.comment(n).map(str::to_owned)).collect::<Vec<_>>();
        let (mut a, mut b) = (comments(&back), comments(&tree));
        a.sort();
        b.sort();
        assert_eq!(a, b, "{seed}");
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "(",
            ")",
            ";",
            "GM[9]",
            "GM[1]",
            "SZ[8]",
            "B[b1-b3]",
            "W[a2-c2]",
            "B[c1:a3]",
            "W[h2-f2]",
            "B[e1-e3]",
            "C[note]",
            "C[a \\] b]",
            "AB[d4]",
            "AE[b1]",
            "PL[W]",
            "B[resign]",
            "B[]",
            "[",
            "]",
            "\\",
            " ",
            "\n",
            "XX[1]",
            "b",
            "é",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Any text is read without a panic; a game that is read writes
        /// a file that reads back to the same moves with nothing to report.
        #[test]
        fn any_text_reads_or_says_why(parts in prop::collection::vec(piece(), 0..40)) {
            let text = parts.concat();
            if let Ok((tree, _)) = read(&text) {
                let written = write(&tree, &Seats::default());
                let (back, notices) = read(&written).map_err(|e| TestCaseError::fail(format!("{e}: {written}")))?;
                prop_assert_eq!(notices, Vec::<String>::new());
                prop_assert_eq!(link_moves(&back).0, link_moves(&tree).0);
                prop_assert_eq!(back.from_text(), tree.from_text());
            }
        }
    }
}

#[test]
fn small_boards_and_scrambled_eggs_are_read_and_written() {
    // A 6×6 game: its board and start come from SZ.
    let (tree, notices) = read("(;GM[9]SZ[6];B[b1-b3];W[a2-c2])").unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(tree.spec().to_string(), "loa:size=6");
    assert_eq!(tree.main_line().len(), 2);
    let text = write(&tree, &Seats::default());
    assert!(text.starts_with("(;FF[4]GM[9]CA[UTF-8]AP[Ludoteca]SZ[6]\n;B[b1-b3]"), "{text}");
    // Scrambled Eggs as other programs name it, on 8×8: c1 is White's.
    for su in ["Scrambled", "Scrambled-Eggs", "scrambled eggs"] {
        let (tree, notices) = read(&format!("(;GM[9]SU[{su}];B[b1-b3];W[c1-c3])")).unwrap();
        assert!(notices.is_empty(), "{su}: {notices:?}");
        assert_eq!(tree.spec().to_string(), "loa:start=scrambled", "{su}");
        assert_eq!(tree.main_line().len(), 2);
    }
    let (tree, _) = read("(;GM[9]SU[Scrambled];B[b1-b3])").unwrap();
    let text = write(&tree, &Seats::default());
    assert!(text.starts_with("(;FF[4]GM[9]CA[UTF-8]AP[Ludoteca]SZ[8]SU[Scrambled]\n;B[b1-b3]"), "{text}");
    let (again, notices) = read(&text).unwrap();
    assert!(notices.is_empty());
    assert_eq!(again.spec(), tree.spec());
    // A record made with the mirrored layout (White on b1, Black on c1 and
    // a2): its moves cannot be played from ours, so it is read from that
    // layout, and says so.
    let (tree, notices) = read("(;GM[9]SZ[8]SU[Scrambled];B[c1-c3];W[b1-b3];B[a2-c2])").unwrap();
    assert_eq!(tree.spec().to_string(), "loa:start=scrambled-mirrored");
    assert_eq!(tree.main_line().len(), 3);
    assert!(notices[0].contains("White on b1"), "{notices:?}");
    // Written back, it names its layout, and reads back the same.
    let text = write(&tree, &Seats::default());
    assert!(text.contains("SU[Scrambled-Mirrored]"), "{text}");
    assert_eq!(read(&text).unwrap().0.spec(), tree.spec());
    // A game that fits neither layout keeps what could be played, from ours.
    let (tree, notices) = read("(;GM[9]SU[Scrambled];B[b1-b3];W[b3-b5])").unwrap();
    assert_eq!(tree.spec().to_string(), "loa:start=scrambled");
    assert_eq!(tree.main_line().len(), 1);
    assert!(notices.iter().any(|n| n.contains("cannot be used")), "{notices:?}");
    // A custom start on a small board: setup squares are checked against it.
    assert_eq!(read("(;GM[9]SZ[5]SU[Custom]AB[f1])").unwrap_err(), "AB[f1] is not a square of the board");
    let (tree, _) = read("(;GM[9]SZ[5]SU[Custom]AB[a1][e5]AW[c3][c5]PL[W])").unwrap();
    assert_eq!(tree.start().position_text(), "2o1x/5/2o2/5/x4 o");
}

#[test]
fn black_hole_games_on_9x9_are_read_and_written() {
    // d1-d5 is four squares up the d file (Black's d1 and d9, White's none);
    // on 9×9 with the hole, e1-e5 would drop the piece into it.
    let (tree, notices) = read("(;GM[9]SZ[9]RU[Black Hole];B[e1-e3];W[a2-c2])").unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(tree.spec().to_string(), "loa:size=9,hole=on");
    assert_eq!(tree.main_line().len(), 2);
    let text = write(&tree, &Seats::default());
    assert!(text.starts_with("(;FF[4]GM[9]CA[UTF-8]AP[Ludoteca]SZ[9]RU[Black Hole]\n;B[e1-e3]"), "{text}");
    assert_eq!(read(&text).unwrap().0.spec(), tree.spec());
    // Without RU, a 9×9 game has no hole; with it on an even board, refused and said why.
    assert_eq!(read("(;GM[9]SZ[9];B[e1-e3])").unwrap().0.spec().to_string(), "loa:size=9");
    let refused = read("(;GM[9]SZ[8]RU[black-hole];B[e1-e3])").unwrap_err();
    assert!(refused.contains("odd size"), "{refused}");
    assert!(read("(;GM[9]SZ[10])").unwrap_err().contains("5×5 to 9×9"));
}
