use super::*;

#[test]
fn a_game_at_its_start_is_played_by_presses_and_its_link_follows() {
    let mut board = FirstBoard::open("?game=loa", 7).unwrap();
    let start = board.shown();
    assert!(start.board.contains("data-cell=\"b1\""), "the board is drawn");
    assert!(start.status.contains("Black"), "{}", start.status);
    assert_eq!(start.say, Some("x"), "a page in another language words it as its data-x");
    let selected = board.press("b1").unwrap();
    assert_eq!(selected.query, None, "a selection moves nothing");
    assert!(selected.board.contains("data-target=\"b3\""), "b1's targets are marked");
    assert!(!board.moved());
    let moved = board.press("b3").unwrap();
    let query = moved.query.expect("a move changes the address");
    assert!(query.contains("b1-b3"), "{query}");
    assert!(board.moved());
    // The address opens the same position in the app (the same reader).
    let Route::Play { tree, .. } = url::decode(&query) else { panic!("{query}") };
    assert_eq!(tree.position(), board.session.tree().position());
    assert!(board.press("z9").is_none(), "a name of no cell is not a press");
}

#[test]
fn the_computer_to_move_waits_for_the_app() {
    // Against the computer, after the person's move: the reply is the app's.
    let mut board = FirstBoard::open("?game=loa&o=ai:2", 1).unwrap();
    board.press("b1");
    let shown = board.press("b3").unwrap();
    assert!(shown.status.contains("computer is getting ready"), "{}", shown.status);
    assert_eq!(shown.say, Some("oc"), "White to move, the computer getting ready");
    // Another press plays nothing meanwhile.
    board.press("a2");
    assert_eq!(board.press("c2").and_then(|s| s.query), None);
}

#[test]
fn a_link_s_language_is_no_obstacle() {
    assert!(FirstBoard::open("?game=loa&lang=de", 1).is_some());
}

#[test]
fn only_games_to_play_are_taken_over() {
    for query in ["", "?games", "?rules=loa", "?edit&game=loa", "?game=loa&embed=1", "?game=nope", "?game=loa&moves=zz"]
    {
        assert!(FirstBoard::open(query, 0).is_none(), "{query}");
    }
    for query in ["?game=attract", "?game=forms", "?game=ra", "?game=forms&size=18"] {
        assert!(FirstBoard::open(query, 0).is_some(), "{query}");
    }
}

#[test]
fn a_link_with_moves_is_drawn_at_its_position_and_played_on() {
    let mut board = FirstBoard::open("?game=loa&moves=b1-b3,a2-c2", 3).unwrap();
    let page = board.page();
    assert!(page.contains("<h1>Lines of Action</h1>"), "{page}");
    assert!(page.contains("Black to move"), "the status under the title");
    // The last move is marked, and the next one is played on from there.
    assert!(page.contains("mark last"), "{page}");
    board.press("d1");
    let query = board.press("d3").and_then(|s| s.query).unwrap();
    assert!(query.contains("moves=b1-b3,a2-c2,d1-d3"), "{query}");
}

#[test]
fn the_home_page_buttons_start_the_game_they_show() {
    let (spec, seats) = home_game("computer:loa", "loa", "3", "black", false).unwrap();
    assert_eq!(spec.to_string(), "loa");
    assert_eq!(seats[rules::Player::White], Seat::Computer("3".parse().unwrap()));
    assert_eq!(seats[rules::Player::Black], Seat::Human);
    // A random colour takes the coin.
    let (_, seats) = home_game("computer:ra", "ra", "2", "random", true).unwrap();
    assert_eq!(seats[rules::Player::Black], Seat::Computer("2".parse().unwrap()));
    let (spec, seats) = home_game("friend:forms", "forms:rules=advanced,size=8", "2", "random", true).unwrap();
    assert_eq!(spec.to_string(), "forms:rules=advanced,size=8");
    assert_eq!(seats, Seats::default());
    // What the first board leaves to the app, and what the page never offers.
    for (act, spec, level, side) in [
        ("options:loa", "loa", "2", "black"),
        ("rules:loa", "loa", "2", "black"),
        ("computer:loa", "ra", "2", "black"),
        ("computer:loa", "loa", "9", "black"),
        ("computer:loa", "loa", "2", "purple"),
        ("computer:chess", "loa", "2", "black"),
        ("computer", "loa", "2", "black"),
    ] {
        assert!(home_game(act, spec, level, side, false).is_none(), "{act} {spec} {level} {side}");
    }
    // The game started is the one the app would open from its address.
    let board = FirstBoard::start("loa".parse().unwrap(), seats, 5);
    let query = board.query();
    assert!(query.starts_with("?game=loa"), "{query}");
    let Route::Play { tree, .. } = url::decode(&query) else { panic!("{query}") };
    assert!(tree.is_empty());
}
