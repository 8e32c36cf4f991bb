//! Lines of Action unit tests: the start, the source examples and every end condition.

use super::*;
use crate::illegal::{Illegal, Line};

fn start() -> Loa {
    Loa::new(LoaOptions::default())
}

fn pos(text: &str) -> Loa {
    Loa::from_position_text(LoaOptions::default(), text).unwrap()
}

fn move_texts(position: &Loa) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

fn play(position: &mut Loa, moves: &[&str]) {
    for m in moves {
        position.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn start_position_text() {
    assert_eq!(start().position_text(), "1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/1xxxxxx1 x");
    assert_eq!(start().to_move(), Player::Black);
    assert_eq!(start().outcome(), None);
}

#[test]
fn full_first_move_list() {
    let mut expected: Vec<String> = "b1-b3 b1-d3 b1-h1 c1-c3 c1-e3 c1xa3 d1-b3 d1-d3 d1-f3 \
         e1-c3 e1-e3 e1-g3 f1-d3 f1-f3 f1xh3 g1-a1 g1-e3 g1-g3 \
         b8-b6 b8-d6 b8-h8 c8-c6 c8-e6 c8xa6 d8-b6 d8-d6 d8-f6 \
         e8-c6 e8-e6 e8-g6 f8-d6 f8-f6 f8xh6 g8-a8 g8-e6 g8-g6"
        .split_whitespace()
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(move_texts(&start()), expected);
}

#[test]
fn row_example() {
    // Row 5: White a5, Black d5, Black f5, White h5. Other pieces keep the
    // columns and diagonals through them quiet enough to read the row alone.
    let p = pos("8/8/8/o2x1x1o/8/8/8/8 x");
    let moves = move_texts(&p);
    assert!(moves.contains(&"f5-b5".to_owned()), "{moves:?}");
    assert!(moves.contains(&"d5xh5".to_owned()), "{moves:?}");
    let white = pos("8/8/8/o2x1x1o/8/8/8/8 o");
    let white_moves = move_texts(&white);
    // Every move along the row is 4 squares; a5-e5 and h5-d5 would jump Black.
    assert!(!white_moves.iter().any(|m| m == "a5-e5" || m == "h5-d5" || m == "h5xd5" || m == "a5xe5"));
    assert!(white_moves.iter().all(|m| !m.ends_with('5')), "{white_moves:?}");
}

#[test]
fn distance_counts_the_whole_line() {
    // c1 with only c8 also on the c-file moves 2 squares up.
    let p = pos("2x5/8/8/8/7o/8/o7/2x5 x");
    assert!(move_texts(&p).contains(&"c1-c3".to_owned()));
}

#[test]
fn jump_own_but_not_enemy() {
    // e8, d7 (Black) and a4 (White) on one diagonal: e8 moves 3 to b5 over its own d7.
    let p = pos("4x2o/3x4/8/8/o7/8/8/7x x");
    assert!(move_texts(&p).contains(&"e8-b5".to_owned()));
    // Row 6 holds White a6 and Black c6 and g6: a6 would have to jump c6 to reach d6.
    let q = pos("8/8/o1x3x1/8/8/8/o7/7x o");
    assert!(!move_texts(&q).iter().any(|m| m.starts_with("a6") && m.ends_with("d6")));
    assert!(move_texts(&start()).contains(&"c1xa3".to_owned()));
}

#[test]
fn connection_wins_for_the_mover() {
    // Black b1 and c1 plus a lone e2, alone on its row: e2-d2 joins them.
    let mut p = pos("8/o7/8/8/8/8/4x3/1xx4o x");
    play(&mut p, &["e2-d2"]);
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Player::Black, reason: EndReason::Connected }));
    assert_eq!(p.count_legal_moves(), 0);
}

#[test]
fn capturing_the_last_straggler_makes_the_opponent_win() {
    // White a2 and a3 are joined; g1 is their straggler. Black e1xg1 removes it.
    let mut p = pos("8/8/8/8/x7/o7/o7/4x1o1 x");
    assert_eq!(p.outcome(), None);
    play(&mut p, &["e1xg1"]);
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Player::White, reason: EndReason::Connected }));
}

#[test]
fn simultaneous_connection() {
    // Black e5xe7 joins d7 and removes White's straggler, leaving a1-a2 joined too.
    let text = "8/3xo3/8/4x3/8/8/o7/o7 x";
    let mut draw = pos(text);
    play(&mut draw, &["e5xe7"]);
    assert_eq!(draw.outcome(), Some(Outcome::Draw { reason: EndReason::SimultaneousConnection }));
    let mut mover =
        Loa::from_position_text(LoaOptions { simultaneous: Simultaneous::Mover, ..LoaOptions::default() }, text)
            .unwrap();
    play(&mut mover, &["e5xe7"]);
    assert_eq!(
        mover.outcome(),
        Some(Outcome::Win { winner: Player::Black, reason: EndReason::SimultaneousConnection })
    );
}

#[test]
fn pass_when_stuck() {
    // White a1 and h8 are each boxed in by Black: every line through them is
    // either too long (the step lands past a Black piece) or leaves the board.
    let p = pos("6xo/6xx/8/8/8/8/xx6/ox6 o");
    assert_eq!(p.outcome(), None);
    assert_eq!(move_texts(&p), vec!["pass".to_owned()]);
    let mut q = p.clone();
    play(&mut q, &["pass"]);
    assert_eq!(q.to_move(), Player::Black);
    assert_eq!(q.outcome(), None);
    assert_eq!(q.hash(), q.hash_from_scratch());
}

#[test]
fn threefold_repetition_draws() {
    // Lone corner pieces shuffle along rows 8 and 1 and back.
    let mut p = pos("x6x/8/8/8/8/8/8/o6o x");
    play(&mut p, &["a8-c8", "a1-c1", "c8-a8", "c1-a1"]);
    assert_eq!(p.outcome(), None);
    play(&mut p, &["a8-c8", "a1-c1", "c8-a8"]);
    assert_eq!(p.outcome(), None);
    play(&mut p, &["c1-a1"]);
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: EndReason::Repetition }));
}

#[test]
fn notation_errors() {
    let p = start();
    assert_eq!(p.parse_move("b1-b9"), Err(MoveError::BadCell { cell: "b9".into() }));
    assert_eq!(p.parse_move("b1-b4"), Err(MoveError::Illegal(Illegal::Distance { line: Line::Column, pieces: 2 })));
    assert_eq!(p.parse_move("c1-a3"), Err(MoveError::WrittenAs { correct: "c1xa3".into() }));
    assert!(matches!(p.parse_move("hello"), Err(MoveError::Syntax { .. })));
    assert!(matches!(p.parse_move(""), Err(MoveError::Syntax { .. })));
    assert!(matches!(p.parse_move("b1-"), Err(MoveError::Syntax { .. })));
    assert_eq!(p.parse_move("pass"), Err(MoveError::Illegal(Illegal::PassNotAllowed)));
    let mut q = p.clone();
    assert_eq!(q.play(LoaMove::Pass), Err(MoveError::Illegal(Illegal::Unknown)));
    assert_eq!(q, p, "a failed play leaves the position untouched");
}

#[test]
fn position_text_errors() {
    let o = LoaOptions::default();
    assert!(matches!(Loa::from_position_text(o, "8/8/8/8/8/8/8/8 x"), Err(PositionError::Invalid { .. })));
    assert!(matches!(Loa::from_position_text(o, "1xxxxxx1/o6o x"), Err(PositionError::RowCount { .. })));
    assert!(matches!(
        Loa::from_position_text(o, "1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/1xxxxxx1 x 3"),
        Err(PositionError::Field { .. })
    ));
    // Each side starts with 12 pieces and never gains one.
    assert_eq!(
        Loa::from_position_text(o, "xxxxxxxx/xxxxx3/8/8/8/8/8/o7 o"),
        Err(PositionError::TooMany { player: Player::Black, found: 13, most: 12, what: PieceWord::Pieces })
    );
    assert_eq!(
        Loa::from_position_text(o, "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/oooooooo/oooooooo/oooooooo/oooooooo x"),
        Err(PositionError::TooMany { player: Player::Black, found: 32, most: 12, what: PieceWord::Pieces })
    );
    assert!(Loa::from_position_text(o, "xxxxxxxx/xxxx4/8/8/8/8/8/oooooooo o").is_ok());
}

#[test]
fn position_already_connected_is_over() {
    let p = pos("8/8/8/8/8/8/8/xo6 x");
    // Both single pieces are connected; White "moved" last, the rule is draw.
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: EndReason::SimultaneousConnection }));
}

#[test]
fn groups_are_reported_largest_first() {
    let p = start();
    let groups = p.groups(Player::Black);
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0].count_ones(), 6);
}
