//! Tests of the link codec.

use super::*;

fn play(query: &str) -> (GameTree, Vec<String>) {
    match decode(query) {
        Route::Play { tree, notices, .. } => (tree, notices),
        other => panic!("{query}: {other:?}"),
    }
}

proptest::proptest! {
    /// Whatever a link's drawings say, the game opens (its moves kept),
    /// and the drawings it keeps write back as they read.
    #[test]
    fn any_drawings_open_the_game(draw in "[0-9:GRBYa-h1-8.,]{0,40}|\\PC{0,40}") {
        let query = format!("?game=loa&moves=b1-b3,a2-c2&draw={}", escape(&draw));
        let Route::Play { tree, .. } = decode(&query) else { panic!("{query}") };
        proptest::prop_assert_eq!(tree.main_line().len(), 2);
        let again = encode(&tree, &Seats::default(), Presentation::default());
        let Route::Play { tree: back, .. } = decode(&again) else { panic!("{again}") };
        let shapes = |t: &GameTree| t.nodes().map(|n| t.shapes(n).map(str::to_owned)).collect::<Vec<_>>();
        proptest::prop_assert_eq!(shapes(&back), shapes(&tree));
    }

    /// Whatever a link's solution says, the position opens: as a
    /// challenge (the proven line, or another that wins), or as a game
    /// with a notice saying why; a challenge writes back as it reads.
    #[test]
    fn any_solution_opens_the_position(
        solve in "(d7xd4|b2-c2|f3-e4|d3-b3|[a-h][1-8][x-][a-h][1-8]|,){0,6}|\\PC{0,30}",
    ) {
        let query = format!("?game=loa&from=8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8_o&solve={}", escape(&solve));
        let Route::Play { tree, notices, .. } = decode(&query) else { panic!("{query}") };
        proptest::prop_assert!(tree.main_line().is_empty(), "the solution is not played");
        match tree.challenge() {
            Some(challenge) => {
                proptest::prop_assert!(notices.is_empty(), "{:?}", notices);
                let again = encode(&tree, &Seats::default(), Presentation::default());
                let Route::Play { tree: back, .. } = decode(&again) else { panic!("{again}") };
                proptest::prop_assert_eq!(back.challenge(), Some(challenge));
            }
            None => proptest::prop_assert!(
                notices.iter().any(|n| n.starts_with("The link's solution cannot be used")),
                "{:?}", notices
            ),
        }
    }
}

#[test]
fn drawings_travel_in_links_by_the_move_they_are_on() {
    let query = "?game=loa&moves=b1-b3,a2-c2(h2-f2)&draw=0:Ge1e4,2:Gc1c3.Rh2,3:Bd1d4";
    let Route::Play { tree, notices, .. } = decode(query) else { panic!("{query}") };
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(tree.shapes(NodeId::ROOT), Some("Ge1e4"));
    let written: Vec<_> = tree.nodes().filter_map(|n| tree.shapes(n)).collect();
    assert_eq!(written, ["Ge1e4", "Gc1c3 Rh2", "Bd1d4"]);
    let again = encode(&tree, &Seats::default(), Presentation::default());
    assert!(again.contains("&draw=0:Ge1e4,2:Gc1c3.Rh2,3:Bd1d4"), "{again}");
    // A move the game has not, or words that name no shape, are left out.
    let Route::Play { tree, notices, .. } = decode("?game=loa&moves=b1-b3&draw=9:Gc1c3,1:Zz9.Rh2,x") else { panic!() };
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(notices[0].contains("\"9:Gc1c3\" is on no move"), "{notices:?}");
    assert_eq!(tree.shapes(tree.cursor()), Some("Rh2"));
}

#[test]
fn round_trip() {
    for query in [
        "?game=loa",
        "?game=loa&moves=b1-b3,a2-c2",
        "?game=loa&moves=b1-b3,a2-c2&ply=1",
        "?game=forms:rules=advanced,size=8&moves=b1xa1",
        "?game=attract:size=12&moves=f6,g7,a1",
        "?game=ra&moves=3c5-d5",
        "?game=ra&from=x1h10/o3k9_x_0-0_1_x",
        "?game=loa:simultaneous=mover&from=8/o7/8/8/8/8/4x3/1xx4o_x&moves=e2-d2",
        "?game=loa&moves=b1-b3&o=ai:3",
        "?game=ra&x=ai:1&o=ai:5",
        "?game=loa&moves=b1-b3&embed=1&interactive=0",
        "?game=attract&embed=1",
        "?game=loa&embed=1&sound=1",
        "?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3",
        "?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3&ply=1",
        "?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3(d1-d3)),e1-e3&at=5",
        "?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3)(a7-c7),e1-e3&at=5",
        "?game=loa&moves=b1-b3(c1-c3),a2-c2&at=2",
        "?game=loa&moves=b1-b3&clock=300%2B3&left=2974.3000",
        "?game=loa&moves=b1-b3&end=time-o&clock=60%2B0&left=412.0&o=ai:2",
    ] {
        let Route::Play { tree, seats, view, notices } = decode(query) else { panic!("{query}") };
        assert_eq!(notices, Vec::<String>::new(), "{query}");
        assert_eq!(encode(&tree, &seats, view), query);
    }
}

#[test]
fn bad_clocks_are_said_and_leave_what_can_be_kept() {
    let (tree, notices) = play("?game=loa&clock=300+3&left=2974.30");
    assert_eq!(tree.clock().map(|c| (c.control.code(), c.left_code())), Some(("300+3".into(), "2974.30".into())));
    assert!(notices.is_empty(), "{notices:?}");
    let (tree, notices) = play("?game=loa&clock=300%2B3&left=lots");
    assert_eq!(tree.clock().map(|c| c.left_code()), Some("3000.3000".into()));
    assert!(notices[0].starts_with("The link's clocks: \"lots\" is not the time left"), "{notices:?}");
    let (tree, notices) = play("?game=loa&clock=0%2B3");
    assert!(tree.clock().is_none());
    assert!(notices[0].starts_with("The link's clock: \"0+3\" is not a time control"), "{notices:?}");
}

#[test]
fn percent_encoded_links_work_too() {
    let (tree, notices) = play("?game=forms%3Arules%3Dadvanced%2Csize%3D8&moves=b1xa1");
    assert!(notices.is_empty());
    assert_eq!(tree.main_line_texts(), ["b1xa1"]);
    assert_eq!(percent_decode("a%2"), "a%2");
    assert_eq!(percent_decode("%zz"), "%zz");
    assert_eq!(percent_decode("%C3%A9"), "é");
}

#[test]
fn home_and_rules() {
    assert_eq!(decode(""), Route::Home { notice: None });
    assert_eq!(decode("?"), Route::Home { notice: None });
    assert_eq!(decode("?rules=ra"), Route::Rules(GameKind::Ra));
    assert_eq!(decode("?games"), Route::Games);
    assert!(matches!(decode("?rules=chess"), Route::Home { notice: Some(_) }));
}

#[test]
fn an_unknown_game_goes_home_with_a_message() {
    let Route::Home { notice: Some(notice) } = decode("?game=chess&moves=e2-e4") else { panic!() };
    assert!(notice.contains("\"chess\""), "{notice}");
    let Route::Home { notice: Some(notice) } = decode("?game=loa:colour=red") else { panic!() };
    assert!(notice.contains("unknown option"), "{notice}");
    let Route::Home { notice: Some(notice) } = decode("?game=loa:size=10") else { panic!() };
    assert!(notice.contains("option size cannot be \"10\" (one of: 5, 6, 7, 8, 9)"), "{notice}");
    // Options each right but not together: said, not a blank board.
    let Route::Home { notice: Some(notice) } = decode("?game=loa:hole=on") else { panic!() };
    assert!(notice.contains("odd size"), "{notice}");
}

#[test]
fn a_bad_move_keeps_the_legal_prefix() {
    let (tree, notices) = play("?game=loa&moves=b1-b3,a2-c2,e1-e3,h2-f2,d1-d3,a4-c4,b1-b9,c1xa3");
    assert_eq!(tree.main_line().len(), 6);
    assert_eq!(notices, ["Move 7 \"b1-b9\" is not legal here; showing the game up to move 6."]);
    let (tree, notices) = play("?game=loa&moves=zz");
    assert!(tree.is_empty());
    assert!(notices[0].starts_with("Move 1 \"zz\" cannot be read"), "{notices:?}");
}

#[test]
fn a_link_with_variations() {
    let (tree, notices) = play("?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3&at=4");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(tree.main_line_texts(), ["b1-b3", "a2-c2", "e1-e3"]);
    assert_eq!(tree.texts_to_cursor(), ["b1-b3", "h2-f2", "c1xa3"]);
    // Old links (a plain line) read as before.
    let (tree, _) = play("?game=loa&moves=b1-b3,a2-c2");
    assert!(tree.is_line());
}

#[test]
fn bad_variations_keep_what_was_read() {
    let (tree, notices) = play("?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3,a4-c4");
    assert_eq!(tree.main_line_texts(), ["b1-b3", "a2-c2"]);
    assert_eq!(tree.nodes().count(), 6);
    assert_eq!(
        notices,
        ["The link's moves cannot all be read: a \"(\" is never closed after move 5; showing the moves before."]
    );
    let (tree, notices) = play("?game=loa&moves=(b1-b3)");
    assert!(tree.is_empty());
    assert!(notices[0].contains("a variation must follow a move"), "{notices:?}");
    let (tree, notices) = play("?game=loa&moves=b1-b3,a2-c2(h2-f2,zz)");
    assert_eq!(tree.nodes().count(), 4);
    assert!(notices[0].starts_with("Move 4 \"zz\" cannot be read"), "{notices:?}");
    let (_, notices) = play("?game=loa&moves=b1-b3&at=9");
    assert!(notices[0].contains("\"9\" is not one of its moves"), "{notices:?}");
    let deep = format!("?game=loa&moves=b1-b3{}", "(b1-b3".repeat(1000));
    let (_, notices) = play(&deep);
    assert!(notices[0].contains("nest too deep"), "{notices:?}");
}

#[test]
fn bad_from_and_ply() {
    let (tree, notices) = play("?game=loa&from=8/8_x");
    assert_eq!(tree.position(), tree.start());
    assert!(tree.from_text().is_none());
    assert!(notices[0].contains("start position cannot be used"), "{notices:?}");
    let (tree, notices) = play("?game=loa&moves=b1-b3&ply=5");
    assert_eq!(tree.main_ply(), Some(1));
    assert!(notices[0].contains("\"5\""), "{notices:?}");
    let (_, notices) = play("?game=loa&moves=b1-b3&ply=-1");
    assert_eq!(notices.len(), 1);
}

#[test]
fn an_embedded_board_with_a_bad_game_says_so_in_its_frame() {
    let Route::EmbedError { notice } = decode("?game=chess&embed=1") else { panic!("embed error expected") };
    // Inside another page's frame: a game is an embed, anything else a notice.
    let Route::Play { view, .. } = decode("?game=loa&moves=b1-b3").framed() else { panic!("a game") };
    assert!(view.embed && view.interactive);
    assert!(matches!(decode("").framed(), Route::EmbedError { .. }));
    assert!(matches!(decode("?rules=ra").framed(), Route::EmbedError { .. }));
    assert!(matches!(decode("?games").framed(), Route::EmbedError { .. }));
    assert!(notice.contains("\"chess\""), "{notice}");
    let long = "x".repeat(100_000);
    let Route::Home { notice: Some(notice) } = decode(&format!("?game={long}")) else { panic!() };
    assert!(notice.len() < 300, "a long value is quoted shortened: {} bytes", notice.len());
    assert!(notice.contains("(100000 bytes)"), "{notice}");
}

#[test]
fn bad_players_are_reported() {
    let Route::Play { seats, notices, .. } = decode("?game=loa&o=ai:9") else { panic!() };
    assert_eq!(seats, Seats::default());
    assert!(notices[0].contains("ai:9"), "{notices:?}");
}

#[test]
fn odd_characters_are_escaped() {
    let tree = GameTree::new("loa".parse::<GameSpec>().unwrap().start(), Some("a b&c".to_owned()));
    assert_eq!(encode(&tree, &Seats::default(), Presentation::default()), "?game=loa&from=a_b%26c");
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Any query opens something, and a game it opens writes a link
        /// that opens the same game with nothing to report.
        #[test]
        fn any_query_opens_something(
            game in prop::sample::select(vec!["loa", "ra", "attract:size=6", "forms:size=8", "chess", "", "%"]),
            moves in "[a-h1-8x,()%-]{0,40}",
            tail in "(&(ply|at|x|o|from|embed|solve|theme|flip)=[a-z0-9:%_/,-]{0,12}){0,3}",
        ) {
            let query = format!("?game={game}&moves={moves}{tail}");
            if let Route::Play { tree, seats, view, .. } = decode(&query) {
                let link = encode(&tree, &seats, view);
                let Route::Play { tree: again, notices, view: view_again, .. } = decode(&link) else {
                    return Err(TestCaseError::fail(format!("{query} -> {link}")));
                };
                prop_assert_eq!(notices, Vec::<String>::new(), "{} -> {}", query, link);
                prop_assert_eq!(again.main_line_texts(), tree.main_line_texts());
                prop_assert_eq!(again.cursor(), tree.cursor());
                prop_assert_eq!(again.challenge(), tree.challenge());
                prop_assert_eq!(view_again, view);
            }
        }
    }
}
