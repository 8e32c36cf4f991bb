//! Forms unit tests: the worked move F1 of `docs/rules/forms.md` §9, both rule sets' moves, and the end.

use super::*;
use crate::illegal::Illegal;

fn options(rules: FormsRules, size: u8) -> FormsOptions {
    FormsOptions { rules, size }
}

fn pos(rules: FormsRules, size: u8, text: &str) -> Forms {
    Forms::from_position_text(options(rules, size), text).unwrap()
}

fn texts(p: &Forms) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut t: Vec<String> = moves.iter().map(ToString::to_string).collect();
    t.sort();
    t
}

#[test]
fn f_t1_worked_capture_and_clean_up() {
    let mut p = pos(FormsRules::Standard, 6, "oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx x");
    p.play_text("d3xf6").unwrap();
    assert_eq!(p.position_text(), "oxooox/2x1oo/5o/4ox/6/6 o");
    assert_eq!(p.hash(), p.hash_from_scratch());
    assert_eq!(p.outcome(), None);
}

#[test]
fn start_positions() {
    let standard = Forms::new(options(FormsRules::Standard, 8));
    assert_eq!(standard.position_text(), "oooooooo/oooooooo/oooooooo/oooooooo/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx x");
    let advanced = Forms::new(options(FormsRules::Advanced, 8));
    assert_eq!(advanced.position_text(), "xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox x");
    assert_eq!(advanced.to_move(), Player::Black);
    assert_eq!(Forms::new(FormsOptions::default()).count_legal_moves(), 26_244);
}

#[test]
fn standard_captures_reach_anywhere() {
    let p = Forms::new(options(FormsRules::Standard, 4));
    assert!(p.parse_move("a1xd4").is_ok());
    assert_eq!(p.parse_move("a1-a3"), Err(MoveError::WrittenAs { correct: "a1xa3".into() }));
    assert_eq!(p.parse_move("a1-d4"), Err(MoveError::WrittenAs { correct: "a1xd4".into() }));
    assert_eq!(p.parse_move("a1xb1"), Err(MoveError::Illegal(Illegal::MustCapture)), "own stone");
}

#[test]
fn advanced_captures_are_adjacent_only() {
    let p = Forms::new(options(FormsRules::Advanced, 4));
    // b1 (Black) next to a1, c1 and b2 (White).
    assert!(p.parse_move("b1xa1").is_ok());
    assert!(p.parse_move("b1xb2").is_ok());
    assert_eq!(p.parse_move("b1xd2"), Err(MoveError::Illegal(Illegal::NotAdjacent)));
    // The full start has no empty cell: 24 captures on 4×4.
    assert_eq!(texts(&p).len(), 24);
    assert!(texts(&p).iter().all(|m| m.contains('x')));
}

#[test]
fn advanced_slides_follow_empty_paths_and_must_remove_a_stone() {
    //  4 x . . .
    //  3 o o . .
    //  2 . o . .
    //  1 . x . .
    let p = pos(FormsRules::Advanced, 4, "x3/oo2/1o2/1x2 x");
    let moves = texts(&p);
    // b1 landing on d1, away from the other stones, cuts them off: legal.
    assert!(moves.contains(&"b1-d1".to_owned()), "{moves:?}");
    // b1 landing on c2 touches b2: nothing would be removed, so illegal.
    assert!(!moves.contains(&"b1-c2".to_owned()), "{moves:?}");
    // a4 goes round the White stones, b4-c4-c3-c2-c1, to d1.
    assert!(moves.contains(&"a4-d1".to_owned()), "{moves:?}");
    // a3, b3, b2 and b1 wall a1 and a2 off from a4, but not from b1.
    assert!(!moves.iter().any(|m| m == "a4-a1" || m == "a4-a2"), "{moves:?}");
    assert!(moves.contains(&"b1-a1".to_owned()), "{moves:?}");
    assert!(moves.contains(&"a4xa3".to_owned()));
    let mut q = p;
    q.play_text("b1-d1").unwrap();
    assert_eq!(q.position_text(), "4/4/4/3x o", "the moved stone alone survives");
    assert_eq!(q.outcome(), Some(Outcome::Win { winner: Player::White, reason: EndReason::NoStonesLeft }));
}

#[test]
fn slides_cannot_pass_through_stones() {
    //  4 x o . .
    //  3 o . . .
    let p = pos(FormsRules::Advanced, 4, "xo2/o3/4/4 x");
    assert_eq!(texts(&p), vec!["a4xa3".to_owned(), "a4xb4".to_owned()]);
}

#[test]
fn a_slide_that_removes_nothing_is_illegal() {
    //  3 . x o .   Black b3, White c3.
    let p = pos(FormsRules::Advanced, 4, "4/1xo1/4/4 x");
    let moves = texts(&p);
    // b3 to a3 leaves c3 alone, and the clean-up removes it: legal.
    assert!(moves.contains(&"b3-a3".to_owned()));
    // b3 to c2, c4 or d3 still touches c3: nothing would be removed.
    for touching in ["b3-c2", "b3-c4", "b3-d3"] {
        assert!(!moves.contains(&touching.to_owned()), "{touching}: {moves:?}");
    }
    assert!(moves.contains(&"b3xc3".to_owned()));
    assert_eq!(p.parse_move("b3-c2"), Err(MoveError::Illegal(Illegal::RemovesNothing)));
}

#[test]
fn capturing_the_last_enemy_stone_makes_the_opponent_win() {
    let mut p = pos(FormsRules::Advanced, 4, "4/1xo1/4/4 x");
    p.play_text("b3xc3").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Player::White, reason: EndReason::NoStonesLeft }));
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.parse_move("c3-c2"), Err(MoveError::GameOver));
}

#[test]
fn position_text_checks() {
    let o = options(FormsRules::Standard, 4);
    assert!(matches!(Forms::from_position_text(o, "4/4/4/4 x"), Err(PositionError::Invalid { .. })));
    assert!(matches!(Forms::from_position_text(o, "8/8/8/8/8/8/8/8 x"), Err(PositionError::RowCount { .. })));
    // The side to move has no stones: it has already won.
    let won = Forms::from_position_text(o, "4/4/4/o3 x").unwrap();
    assert_eq!(won.outcome().and_then(Outcome::winner), Some(Player::Black));
    // Every move leaves one orthogonally connected group: a3 and b4 only touch diagonally.
    let apart = Forms::from_position_text(options(FormsRules::Advanced, 4), "1o2/x3/4/4 x");
    assert!(matches!(apart, Err(PositionError::Invalid { .. })), "{apart:?}");
    // Regression: a1 cut off from the White stones read as a game going on
    // in which Black had no move (no adjacent enemy stone, no slide removing one).
    let stuck = Forms::from_position_text(options(FormsRules::Advanced, 4), "1o2/1o2/1ooo/x3 x");
    assert!(matches!(stuck, Err(PositionError::Invalid { .. })), "{stuck:?}");
    // Each side starts with half the board and only loses stones.
    assert_eq!(
        Forms::from_position_text(o, "xxxx/xxxx/x3/o3 o"),
        Err(PositionError::TooMany { player: Player::Black, found: 9, most: 8, what: PieceWord::Stones })
    );
    // A full board has seen no move: it is the start, with Black to move.
    assert!(Forms::from_position_text(o, "oooo/oooo/xxxx/xxxx x").is_ok());
    for full in ["oooo/oooo/xxxx/xxxx o", "xxxx/xxxx/oooo/oooo x", "oxox/xoxo/oxox/xoxo x"] {
        assert!(matches!(Forms::from_position_text(o, full), Err(PositionError::Invalid { .. })), "{full}");
    }
}
