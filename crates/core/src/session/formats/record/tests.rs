//! Tests of the record reader and writer.

use super::*;
use crate::session::model::info::Mark;
use search::levels::Level;

fn game(spec: &str, moves: &[&str]) -> GameTree {
    let (h, bad) = GameTree::replay(&spec.parse::<GameSpec>().unwrap(), None, moves.iter().copied()).unwrap();
    assert_eq!(bad, None);
    h
}

#[test]
fn round_trip() {
    let h = game("loa", &["b1-b3", "a2-c2", "e1-e3"]);
    let seats = Seats { black: Seat::Human, white: Seat::Computer(Level::CLUB) };
    let text = write(&h, &seats, &[]);
    assert_eq!(
        text,
        "[Game \"loa\"]\n[Black \"human\"]\n[White \"ai:3\"]\n[Result \"ongoing\"]\n\n1. b1-b3 a2-c2\n2. e1-e3\n"
    );
    let back = read(&text).unwrap();
    assert_eq!(back.tree.main_line_texts(), h.main_line_texts());
    assert_eq!(back.seats, seats);
    assert!(back.verdicts.is_empty());
    let (ra, _) =
        GameTree::replay(&"ra".parse::<GameSpec>().unwrap(), Some("x1h10/o3k9 x 5-0 2 x"), ["1h10-j10"]).unwrap();
    let text = write(&ra, &Seats::default(), &[]);
    assert!(text.contains("[From \"x1h10/o3k9 x 5-0 2 x\"]"));
    assert!(text.contains("[Result \"x wins (a stack of 1 reached the enemy RA cell)\"]"));
    assert_eq!(read(&text).unwrap().tree.main_line_texts(), ["1h10-j10"]);
}

#[test]
fn a_timed_games_clocks_travel_in_the_record() {
    let mut h = game("loa", &["b1-b3", "a2-c2"]);
    let mut clock = Clock::new(TimeControl { base_s: 300, increment_s: 3 });
    clock.spend(Player::Black, 2_600);
    h.set_clock(Some(clock));
    let text = write(&h, &Seats::default(), &[]);
    assert!(text.contains("[TimeControl \"300+3\"]\n[TimeLeft \"2974.3000\"]\n"), "{text}");
    assert_eq!(read(&text).unwrap().tree.clock(), Some(&clock));
    let e = |t: &str| read(t).unwrap_err().to_string();
    assert_eq!(
        e("[Game \"loa\"]\n[TimeControl \"5 min\"]"),
        "line 2: \"5 min\" is not a time control (seconds each, + seconds a move: 300+3; at most 10800+180)"
    );
    assert!(e("[Game \"loa\"]\n[TimeControl \"300+3\"]\n[TimeLeft \"soon\"]").starts_with("line 3: \"soon\""));
    assert_eq!(e("[Game \"loa\"]\n[TimeLeft \"1.2\"]"), "line 2: TimeLeft needs a TimeControl header");
}

#[test]
fn review_verdicts_travel_in_the_record() {
    let mut h = game("loa", &["b1-b3", "a2-c2", "e1-e3"]);
    let main = h.main_line();
    h.set_comment(main[0], Some("the usual start".to_owned()));
    let at = |node: NodeId, text: Option<&str>| text.map(|t| h.position_of(node).parse_move(t).unwrap());
    let v = |node: NodeId, to_move, score, best: Option<&str>| (node, Verdict { to_move, score, best: at(node, best) });
    let verdicts = vec![
        v(NodeId::ROOT, Player::Black, 11, Some("b1-b3")),
        v(main[0], Player::White, -35, Some("a2-c2")),
        v(main[1], Player::Black, WIN - 3, Some("e1-e3")),
        v(main[2], Player::White, -(WIN - 2), None),
    ];
    let text = write(&h, &Seats::default(), &verdicts);
    assert!(text.contains("[Eval \"+11 b1-b3\"]\n"), "{text}");
    assert!(text.contains("1. b1-b3 {the usual start [%eval -35 a2-c2]} 1... a2-c2 {[%eval #+3 e1-e3]}"), "{text}");
    assert!(text.contains("2. e1-e3 {[%eval #-2 -]}"), "{text}");
    let back = read(&text).unwrap();
    assert_eq!(back.verdicts, verdicts);
    assert_eq!(back.tree.comment(back.tree.main_line()[0]), Some("the usual start"));
    assert_eq!(back.tree.comment(back.tree.main_line()[1]), None);
    // A tag that cannot be read stays a comment.
    let odd = read("[Game \"loa\"]\n\n1. b1-b3 {[%eval lots b2]}").unwrap();
    assert!(odd.verdicts.is_empty());
    assert_eq!(odd.tree.comment(odd.tree.main_line()[0]), Some("[%eval lots b2]"));
    let text = write(&h, &Seats::default(), &[]);
    assert!(!text.contains("%eval") && !text.contains("[Eval"));
    // What the solver settled, without a length.
    let solved = vec![
        v(NodeId::ROOT, Player::Black, SOLVED_DRAW, Some("b1-b3")),
        v(main[0], Player::White, -SOLVED_WIN, Some("a2-c2")),
        v(main[1], Player::Black, SOLVED_WIN, Some("e1-e3")),
    ];
    let text = write(&h, &Seats::default(), &solved);
    assert!(text.contains("[Eval \"= b1-b3\"]\n"), "{text}");
    assert!(text.contains("{the usual start [%eval #- a2-c2]} 1... a2-c2 {[%eval #+ e1-e3]}"), "{text}");
    assert_eq!(read(&text).unwrap().verdicts, solved);
    // A count that would read as an uncounted win is refused.
    let odd = read("[Game \"loa\"]\n\n1. b1-b3 {[%eval #+9999 b2]}").unwrap();
    assert!(odd.verdicts.is_empty());
}

#[test]
fn a_verdict_whose_move_is_not_legal_there_is_dropped_and_said() {
    // Markup, a move of no game, a move legal elsewhere: none is kept,
    // each is named, and the game itself reads.
    let text = "[Game \"loa\"]\n[Eval \"+900 <a href=https://evil.example/>phish</a>\"]\n\n\
                1. b1-b3 {[%eval +900 zz9]} 1... a2-c2 {[%eval -20 b1-b3]}";
    let back = read(text).unwrap();
    assert!(back.verdicts.is_empty(), "{:?}", back.verdicts);
    assert_eq!(back.tree.main_line_texts(), ["b1-b3", "a2-c2"]);
    assert_eq!(back.notices.len(), 3, "{:?}", back.notices);
    assert!(back.notices[0].starts_with("the start: the review's move \"<a href="), "{:?}", back.notices);
    assert!(back.notices[1].starts_with("after move 1: the review's move \"zz9\""), "{:?}", back.notices);
    assert!(back.notices[2].starts_with("after move 2: the review's move \"b1-b3\""), "{:?}", back.notices);
    let start = read("[Game \"loa\"]\n[Eval \"+900 c1xa3\"]\n").unwrap();
    assert_eq!(start.verdicts.len(), 1, "a legal move of the start is kept");
}

#[test]
fn an_ending_travels_in_the_record() {
    let mut h = game("loa", &["b1-b3", "a2-c2"]);
    h.set_ending(Some(Ending::Resigned(Player::Black)));
    let text = write(&h, &Seats::default(), &[]);
    assert!(text.contains("[Result \"o wins (Black resigned)\"]\n[Ending \"resign-x\"]\n"), "{text}");
    assert_eq!(read(&text).unwrap().tree.ending(), Some(Ending::Resigned(Player::Black)));
    h.set_ending(Some(Ending::DrawAgreed));
    assert!(write(&h, &Seats::default(), &[]).contains("[Result \"draw (a draw by agreement)\"]"));
    let bad = read("[Game \"loa\"]\n[Ending \"give-up\"]\n").unwrap_err().to_string();
    assert_eq!(bad, "line 2: ending \"give-up\" is not one of resign-x, resign-o, draw, time-x, time-o");
}

#[test]
fn errors_name_the_line() {
    let e = |t: &str| read(t).unwrap_err().to_string();
    assert_eq!(e("1. b1-b3"), "line 1: the record has no [Game \"…\"] header");
    assert_eq!(
        e("[Game \"chess\"]"),
        "line 1: game \"chess\": unknown game \"chess\" (games: attract, forms, ra, loa)"
    );
    assert_eq!(e("[Game \"loa\"]\n[Black human]"), "line 2: the value of \"Black\" must be in double quotes");
    // What the reader echoes is quoted: nothing raw that breaks or hides a line.
    assert_eq!(
        e("[Game \"forms:rules\u{202e}=x\"]"),
        "line 1: game \"forms:rules\\u{202e}=x\": unknown option \"rules\\u{202e}\" (options: rules, size)"
    );
    assert_eq!(e("[Bl\u{202e}ack human]"), "line 1: the value of \"Bl\\u{202e}ack\" must be in double quotes");
    assert_eq!(e("[Game \"loa\"]\n[White \"ai:9\"]"), "line 2: \"ai:9\" is not a player (human, or ai:1 to ai:5)");
    assert_eq!(
        e("[Game \"loa\"]\n\n1. b1-b3 a2-c2\n2. b1-b9"),
        "line 4: move 3 \"b1-b9\": \"b9\" is not a cell of this board"
    );
    assert_eq!(e("[Game \"loa\"]\n[From \"8/8 x\"]"), "line 2: start position: the board has 2 rows; expected 8");
    assert_eq!(e("[Game \"loa\"]\n1. b1-b3\n[Black \"human\"]"), "line 3: headers must come before the moves");
    assert_eq!(e("[Game \"loa\""), "line 1: a header must end with ]");
}

#[test]
fn game_information_and_marks_travel_in_the_record() {
    let mut h = game("loa", &["b1-b3", "a2-c2", "e1-e3"]);
    let mut info = GameInfo::default();
    for (i, value) in
        ["Kim \"the wall\"", "Lee", "Open 2024", "Seoul", "2024-05-01", "3", "Final", "a back\\slash\nand two lines"]
            .into_iter()
            .enumerate()
    {
        info.set(i, value);
    }
    h.set_info(info.clone());
    let main = h.main_line();
    h.set_mark(main[0], Some(Mark::Interesting));
    h.set_mark(main[2], Some(Mark::Blunder));
    let text = write(&h, &Seats::default(), &[]);
    assert!(text.contains("[BlackName \"Kim \"the wall\"\"]\n[WhiteName \"Lee\"]\n[Event \"Open 2024\"]"), "{text}");
    assert!(text.contains("[Comment \"a back\\\\slash\\nand two lines\"]"), "{text}");
    assert!(text.contains("1. b1-b3!? a2-c2\n2. e1-e3??"), "{text}");
    let back = read(&text).unwrap();
    assert_eq!(back.tree.info(), &info);
    let marks: Vec<_> = back.tree.main_line().into_iter().map(|n| back.tree.mark(n)).collect();
    assert_eq!(marks, [Some(Mark::Interesting), None, Some(Mark::Blunder)]);
    assert!(back.notices.is_empty(), "{:?}", back.notices);
}

#[test]
fn records_as_others_write_them() {
    // Names in [Black], a header not used, numbers glued to moves,
    // upper case, marks, a capture written with "-", a comment on the
    // whole game, and a result.
    let text = "[Game \"loa\"]\n[Black \"Kim\"]\n[White \"Lee\"]\n[WhiteElo \"2100\"]\n\n\
                {A club game} 1.B1-B3! 1...a2-c2?! 2.c1-a3 {c1xa3, really} 0-1\n";
    let back = read(text).unwrap();
    assert_eq!(back.tree.main_line_texts(), ["b1-b3", "a2-c2", "c1xa3"]);
    assert_eq!((back.tree.info().black.as_str(), back.tree.info().white.as_str()), ("Kim", "Lee"));
    assert_eq!(back.tree.info().comment, "A club game");
    assert_eq!(back.seats, Seats::default());
    let main = back.tree.main_line();
    assert_eq!(back.tree.mark(main[0]), Some(Mark::Good));
    assert_eq!(back.tree.mark(main[1]), Some(Mark::Dubious));
    assert_eq!(back.tree.comment(main[2]), Some("c1xa3, really"));
    assert_eq!(back.tree.ending(), Some(Ending::Resigned(Player::Black)));
    assert_eq!(back.notices.len(), 2, "{:?}", back.notices);
    assert_eq!(back.notices[0], "The header \"WhiteElo\" is not used.");
    assert!(back.notices[1].contains("\"0-1\" but not why"), "{:?}", back.notices);
    // A result header says the same; ours ("ongoing", words) says nothing.
    let back = read("[Game \"loa\"]\n[Result \"W+R\"]\n\n1. b1-b3").unwrap();
    assert_eq!(back.tree.ending(), Some(Ending::Resigned(Player::Black)));
    assert!(back.notices.is_empty());
    let back = read("[Game \"loa\"]\n[Result \"ongoing\"]\n\n1. b1-b3 *").unwrap();
    assert_eq!(back.tree.ending(), None);
    // A capture written with "x" that takes nothing is refused, precisely.
    let e = read("[Game \"loa\"]\n\n1. b1xb3").unwrap_err().to_string();
    assert_eq!(e, "line 3: move 1 \"b1xb3\" is written as a capture but takes nothing: the move is b1-b3");
    // Without a header: read as the game given, or refused.
    let spec: GameSpec = "loa".parse().unwrap();
    assert_eq!(read_as("1. b1-b3 a2-c2", Some(&spec)).unwrap().tree.main_line_texts(), ["b1-b3", "a2-c2"]);
    assert_eq!(read("1. b1-b3").unwrap_err().to_string(), "line 1: the record has no [Game \"…\"] header");
    // A seat of ours that is wrong stays an error, not a name.
    assert!(read("[Game \"loa\"]\n[White \"ai:9\"]").is_err());
}
