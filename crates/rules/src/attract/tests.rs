//! Attract unit tests: the worked examples A1–A3 of `docs/rules/attract.md` §9.

use super::*;
use crate::illegal::Illegal;

fn pos(text: &str) -> Attract {
    Attract::from_position_text(AttractOptions::default(), text).unwrap()
}

fn play(position: &mut Attract, moves: &[&str]) {
    for m in moves {
        position.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn t1_example_one_step_by_step() {
    let mut p = Attract::new(AttractOptions::default());
    assert_eq!(p.to_move(), Player::White, "White moves first");
    let expected = [
        ("b1", "8/8/8/8/8/8/8/1o6 x"),
        ("b8", "1x6/8/8/8/8/8/1o6/8 o"),
        ("e2", "1x6/8/8/8/8/8/2o1o3/8 x"),
        ("b2", "8/1x6/8/8/8/8/1xoo4/8 o"),
    ];
    for (mv, text) in expected {
        play(&mut p, &[mv]);
        assert_eq!(p.position_text(), text, "after {mv}");
        assert_eq!(p.outcome(), None);
    }
}

#[test]
fn t2_example_two_white_wins() {
    let mut p = pos("8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8 o");
    play(&mut p, &["d4"]);
    assert_eq!(p.position_text(), "8/8/o2o4/1x1x4/2ooo3/1x1x4/8/8 x");
    assert_eq!(p.winning_pieces(), vec![Cell { file: 2, rank: 3 }]);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win { winner: Player::White, reason: EndReason::WinningPieces { winner: 1, loser: 0 } })
    );
}

#[test]
fn t3_example_three_chain_shift_and_a_tie() {
    let mut p = pos("3o4/1oox4/1xxo4/1oox4/1x6/8/8/8 x");
    play(&mut p, &["d1"]);
    assert_eq!(p.position_text(), "8/1ooo4/1xxx4/1ooo4/1x1x4/8/8/3x4 o");
    assert_eq!(p.winning_counts(), ByPlayer { black: 1, white: 1 });
    assert_eq!(p.winning_pieces(), vec![Cell { file: 2, rank: 4 }, Cell { file: 2, rank: 5 }]);
    assert_eq!(p.outcome(), None, "1–1: the game goes on");
}

#[test]
fn the_mover_can_lose() {
    // White c3 has Black on b2, d2 and b4; c4 and d3 keep the pull away from
    // them (h8 is out of every ray, so that it is Black's move). Black's d4
    // completes c3's diagonals: White wins on Black's move.
    let mut p = pos("7o/8/8/8/1xo5/2oo4/1x1x4/8 x");
    play(&mut p, &["d4"]);
    assert_eq!(p.outcome().and_then(Outcome::winner), Some(Player::White));
}

#[test]
fn edge_stones_never_win() {
    // a2 (o) has x on b1 and b3 but only two diagonal neighbours.
    let p = pos("7o/8/8/8/8/1x6/o7/1x6 o");
    assert!(!p.is_winning_piece(Cell { file: 0, rank: 1 }));
    assert_eq!(p.outcome(), None);
}

#[test]
fn a_full_board_without_winner_is_a_draw() {
    // 6×6 filled with rows of one colour, each next to a row of its own
    // colour or the edge: no stone has four enemy diagonals. All but f2 is
    // filled, 18 White stones and 17 Black, and Black plays f2.
    let options = AttractOptions { size: 6 };
    let mut p = Attract::from_position_text(options, "oooooo/oooooo/xxxxxx/xxxxxx/xxxxx1/oooooo x").unwrap();
    assert_eq!(p.outcome(), None);
    play(&mut p, &["f2"]);
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: EndReason::BoardFull }));
    assert_eq!(p.count_legal_moves(), 0);
}

#[test]
fn notation_errors() {
    let p = pos("8/8/8/8/8/8/8/1o6 x");
    assert_eq!(p.parse_move("b1"), Err(MoveError::Illegal(Illegal::Occupied)));
    assert_eq!(p.parse_move("i1"), Err(MoveError::BadCell { cell: "i1".into() }));
    assert!(matches!(p.parse_move("e2-e4"), Err(MoveError::Syntax { .. })));
    assert_eq!(p.parse_move("e2").map(|m| m.to_string()), Ok("e2".to_owned()));
}

#[test]
fn sizes_are_checked() {
    let mut o = AttractOptions::default();
    assert!(o.set("size", "7").is_err());
    assert!(o.set("size", "22").is_err());
    o.set("size", "20").unwrap();
    let p = Attract::new(o);
    assert_eq!(p.count_legal_moves(), 400);
    assert_eq!(p.parse_move("t20").map(|m| m.to_string()), Ok("t20".to_owned()));
}

#[test]
fn stone_counts_follow_from_white_moving_first() {
    let o = AttractOptions::default();
    let read = |t: &str| Attract::from_position_text(o, t);
    // Equal counts: White to move; White one ahead: Black to move.
    assert!(read("8/8/8/8/8/8/8/8 o").is_ok());
    assert!(read("8/8/8/8/8/8/8/1o6 x").is_ok());
    assert!(read("8/8/8/8/8/8/8/1o4x1 o").is_ok());
    for wrong_side in ["8/8/8/8/8/8/8/8 x", "8/8/8/8/8/8/8/1o6 o", "8/8/8/8/8/8/8/1o4x1 x"] {
        let err = read(wrong_side).unwrap_err().to_string();
        assert!(err.contains("move, as White moves first"), "{wrong_side}: {err}");
    }
    // 63 Black stones against none, and Black two ahead or White two ahead.
    let mut flooded = vec!["xxxxxxxx"; 7];
    flooded.push("xxxxxxx1");
    for impossible in
        [format!("{} o", flooded.join("/")), "8/8/8/8/8/8/8/1x1x4 o".to_owned(), "8/8/8/8/8/8/8/oo6 o".to_owned()]
    {
        let err = read(&impossible).unwrap_err().to_string();
        assert!(err.contains("White has as many stones as Black or one more"), "{impossible}: {err}");
    }
}
