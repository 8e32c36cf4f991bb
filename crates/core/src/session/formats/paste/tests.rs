//! The paste reader: move lists as web pages write them, several games in
//! one text, no header, SGF; what it writes reads back; any text is read
//! or refused in words, never a panic.

use super::*;
use crate::session::formats::tree_text::tests::random_tree;
use crate::session::model::ending::Ending;
use crate::session::model::info::Mark;
use crate::session::model::tree::GameTree;
use rules::Player;

fn loa() -> GameSpec {
    "loa".parse().unwrap()
}

#[test]
fn a_move_list_as_a_web_page_writes_it() {
    // Numbers glued to moves, "1...", upper case, marks, comments, a
    // capture written with "-", a result; no header: the game on screen.
    let text = "1.c8-c6 1... h4-f2!? 2. B1-B3 {solid} 2... a7-c7?? 3. c1-a3! 1-0";
    let p = read(text, &loa(), ON_SCREEN, 0).unwrap();
    assert_eq!(p.tree.main_line_texts(), ["c8-c6", "h4-f2", "b1-b3", "a7-c7", "c1xa3"]);
    let main = p.tree.main_line();
    assert_eq!(p.tree.mark(main[1]), Some(Mark::Interesting));
    assert_eq!(p.tree.mark(main[3]), Some(Mark::Blunder));
    assert_eq!(p.tree.mark(main[4]), Some(Mark::Good));
    assert_eq!(p.tree.comment(main[2]), Some("solid"));
    assert_eq!(p.tree.ending(), Some(Ending::Resigned(Player::White)));
    assert_eq!(p.notices[0], "The record names no game: it is read as Lines of Action, the game on screen.");
    assert!(p.notices[1].contains("\"1-0\" but not why"), "{:?}", p.notices);
}

#[test]
fn a_reply_after_a_comment_may_start_with_an_ellipsis_and_no_number() {
    // Blogs and books print a reply after a comment as "…h4-f2", "… h4-f2"
    // or "...h4-f2", without its move number.
    for reply in ["…h4-f2", "… h4-f2", "...h4-f2", "... h4-f2", "..h4-f2"] {
        let text = format!("1. c8-c6 {{the usual start}} {reply} 2. b1-b3");
        let p = read(&text, &loa(), ON_SCREEN, 0).unwrap_or_else(|e| panic!("{reply}: {e}"));
        assert_eq!(p.tree.main_line_texts(), ["c8-c6", "h4-f2", "b1-b3"], "{reply}");
    }
    // An ellipsis alone is nothing to read, not a move.
    let p = read("1. c8-c6 … h4-f2 ... 2. b1-b3", &loa(), ON_SCREEN, 0).unwrap();
    assert_eq!(p.tree.main_line_texts(), ["c8-c6", "h4-f2", "b1-b3"]);
}

#[test]
fn two_games_pasted_without_a_result_between_them_are_two() {
    // The second game is found where the numbers start again at 1.
    let text = "1. b1-b3 a2-c2 2. c1-a3 h3-f1\n1. c8-c6 h4-f2 2. b1-b3";
    assert_eq!(count(text), 2);
    let first = read(text, &loa(), ON_SCREEN, 0).unwrap();
    assert_eq!(first.tree.main_line_texts(), ["b1-b3", "a2-c2", "c1xa3", "h3xf1"]);
    let second = read(text, &loa(), ON_SCREEN, 1).unwrap();
    assert_eq!(second.tree.main_line_texts(), ["c8-c6", "h4-f2", "b1-b3"]);
    // On one line too, numbers glued to moves.
    assert_eq!(count("1.b1-b3 a2-c2 2.c1-a3 1.c8-c6 h4-f2"), 2);
    // A variation's "1..." or a reply's "1…" starts nothing.
    assert_eq!(count("1. b1-b3 (1. c1-c3) 1... a2-c2 2. c1-a3"), 1);
    assert_eq!(count("1. b1-b3 {a comment: 1. c1-c3 was also fine} a2-c2"), 1);
}

#[test]
fn postal_play_records_numbered_by_ply_are_read() {
    // Two plies a line or one, a capture's "+" on the square or between,
    // comments after ";".
    let text = "; Round 3, board 1\nB 1 b1 b3    W 2 a2 c2\nB 3 c1 a3+ ; takes\nW 4 h3+f1\n";
    let p = read(text, &loa(), ON_SCREEN, 0).unwrap();
    assert_eq!(p.tree.main_line_texts(), ["b1-b3", "a2-c2", "c1xa3", "h3xf1"]);
    assert_eq!(p.tree.comment(p.tree.main_line()[2]), Some("takes"));
    assert_eq!(p.notices[0], "The record is in the ply-numbered form of postal play.");
    // What does not read is named, with its line.
    let err = |t: &str| read(t, &loa(), ON_SCREEN, 0).unwrap_err();
    assert_eq!(err("B 1 b1 b3\nW 3 a2 c2"), "This postal-play record cannot be read: line 2: ply 2 is numbered \"3\".");
    assert_eq!(
        err("B 1 b1 b3 X 2 a2 c2"),
        "This postal-play record cannot be read: line 1, ply 2: \"X\" is not a side (B or W)."
    );
    assert_eq!(err("B 1 b1"), "This postal-play record cannot be read: line 1, ply 1: expected two squares.");
    assert_eq!(
        err("B 1 b1 b3 W"),
        "This postal-play record cannot be read: line 1, ply 2: expected a side, a number and two squares."
    );
    // An illegal move is named as in any record.
    assert!(err("B 1 b1 b4").contains("b1-b4"), "{}", err("B 1 b1 b4"));
    // A move list starting "1." is not postal play.
    assert!(read("1. b1-b3 a2-c2", &loa(), ON_SCREEN, 0).is_ok());
}

#[test]
fn a_move_list_of_another_game_is_read_as_the_game_it_fits() {
    let ra: GameSpec = "ra".parse().unwrap();
    let p = read("1. b1-b3 a2-c2", &ra, ON_SCREEN, 0).unwrap();
    assert_eq!(p.tree.spec().kind(), GameKind::Loa);
    assert_eq!(
        p.notices[0],
        "The record names no game and its moves are not legal in RA: it is read as Lines of Action, whose rules they fit."
    );
    // Fitting no game, it names the screen's game and why.
    let e = read("1. b1-b3 a2-c2 2. b3-b9", &loa(), ON_SCREEN, 0).unwrap_err();
    assert_eq!(
        e,
        "This record cannot be read: it names no game, and as Lines of Action (the game on screen) \
         line 1: move 3 \"b3-b9\": \"b9\" is not a cell of this board."
    );
    assert_eq!(
        read(" \n ", &loa(), ON_SCREEN, 0).unwrap_err(),
        "There is nothing to read: paste a record, a list of moves or an SGF file."
    );
}

#[test]
fn several_games_in_one_text_are_offered_to_choose() {
    let text =
        "1. b1-b3 a2-c2 1-0\n1. c1-c3 0-1\n\n[Game \"loa\"]\n[BlackName \"Kim\"]\n[WhiteName \"Lee\"]\n\n1. d1-d3\n";
    assert_eq!(count(text), 3);
    assert_eq!(
        labels(text, &loa(), ON_SCREEN),
        [
            "Game 1: Lines of Action, b1-b3 a2-c2 … (2 moves)",
            "Game 2: Lines of Action, c1-c3 … (1 move)",
            "Game 3: Lines of Action, Kim – Lee (1 move)",
        ]
    );
    assert_eq!(read(text, &loa(), ON_SCREEN, 1).unwrap().tree.main_line_texts(), ["c1-c3"]);
    assert_eq!(read(text, &loa(), ON_SCREEN, 1).unwrap().tree.ending(), Some(Ending::Resigned(Player::Black)));
    assert_eq!(read(text, &loa(), ON_SCREEN, 2).unwrap().tree.info().black, "Kim");
    assert_eq!(read(text, &loa(), ON_SCREEN, 3).unwrap_err(), "The text holds 3 games: there is no game 4.");
    // A result inside a comment or a variation splits nothing.
    let one = "1. b1-b3 {1-0 was agreed later} a2-c2 (1... h2-f2 0-1) 2. e1-e3";
    assert_eq!(count(one), 1);
    assert_eq!(read(one, &loa(), ON_SCREEN, 0).unwrap().tree.main_line_texts(), ["b1-b3", "a2-c2", "e1-e3"]);
    // SGF collections too.
    let sgf = "(;GM[9]PB[Ann];B[b1-b3])(;GM[9];B[c1-c3];W[a2-c2])";
    assert_eq!(
        labels(sgf, &loa(), ON_SCREEN),
        ["Game 1: Lines of Action, Ann (Black) (1 move)", "Game 2: Lines of Action, c1-c3 a2-c2 … (2 moves)"]
    );
    assert_eq!(read(sgf, &loa(), ON_SCREEN, 1).unwrap().tree.main_line_texts(), ["c1-c3", "a2-c2"]);
}

#[test]
fn what_the_app_writes_reads_back_in_every_game() {
    for spec in ["loa", "ra", "attract", "forms", "forms:rules=advanced,size=10", "attract:size=6"] {
        for seed in 0..6 {
            let tree = random_tree(spec, seed);
            let text = record::write(&tree, &Seats::default(), &[]);
            let back = read(&text, &loa(), ON_SCREEN, 0).unwrap_or_else(|e| panic!("{spec} {seed}: {e}\n{text}"));
            assert_eq!(back.tree.spec(), tree.spec(), "{spec} {seed}");
            let link = |t: &GameTree| crate::session::formats::tree_text::link_moves(t).0;
            assert_eq!(link(&back.tree), link(&tree), "{spec} {seed}");
            // The moves alone, pasted on the same game's page.
            let moves = crate::session::formats::tree_text::record_moves(&tree, &|_| None);
            if tree.from_text().is_none() && !moves.is_empty() {
                let back =
                    read(&moves, &tree.spec(), ON_SCREEN, 0).unwrap_or_else(|e| panic!("{spec} {seed}: {e}\n{moves}"));
                assert_eq!(link(&back.tree), link(&tree), "{spec} {seed}");
            }
        }
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "1.",
            "1...",
            "12.",
            "b1-b3",
            "B1-B3",
            "a2-c2",
            "c1-a3",
            "c1xa3",
            "1h10-j10",
            "c3",
            "!",
            "?!",
            "??",
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "B+R",
            "{",
            "}",
            "(",
            ")",
            "[",
            "]",
            "\"",
            "[Game \"loa\"]",
            "[Game \"ra\"]",
            "[Black \"Kim\"]",
            "[Result \"1-0\"]",
            "(;",
            ";B[b1-b3]",
            "\n",
            " ",
            "é",
            "…",
            "x",
        ])
    }

    proptest! {
        #[test]
        fn any_text_reads_or_says_why(parts in prop::collection::vec(piece(), 0..40), n in 0_usize..3) {
            let text: String = parts.concat();
            for screen in ["loa", "attract", "forms", "ra"] {
                let spec: GameSpec = screen.parse().unwrap();
                match read(&text, &spec, ON_SCREEN, n) {
                    Ok(p) => prop_assert!(p.tree.nodes().count() >= 1),
                    Err(e) => prop_assert!(!e.is_empty()),
                }
                prop_assert_eq!(labels(&text, &spec, ON_SCREEN).len(), count(&text));
            }
        }

        #[test]
        fn a_pasted_line_of_legal_moves_reads_back(seed in 0_u64..1000, marks in prop::collection::vec(0_usize..7, 0..12)) {
            let spec = ["loa", "ra", "attract", "forms"][(seed % 4) as usize];
            let mut tree = random_tree(spec, seed);
            // Its main line only, numbered as pages do, with marks.
            let main = tree.main_line();
            for (node, m) in main.iter().zip(&marks) {
                tree.set_mark(*node, Mark::ALL.get(*m).copied());
            }
            let mut text = String::new();
            for (ply, node) in main.iter().enumerate() {
                if ply % 2 == 0 {
                    text.push_str(&format!("{}.", ply / 2 + 1));
                }
                let mv = tree.move_of(*node).unwrap().to_string().to_ascii_uppercase();
                text.push_str(&format!("{mv}{} ", tree.mark(*node).map_or("", Mark::text)));
            }
            let back = read(&text, &tree.spec(), ON_SCREEN, 0).unwrap();
            prop_assert_eq!(back.tree.main_line_texts(), tree.main_line_texts());
            let marks = |t: &GameTree| t.main_line().into_iter().map(|n| t.mark(n)).collect::<Vec<_>>();
            prop_assert_eq!(marks(&back.tree), marks(&tree));
        }
    }
}
