//! RA unit tests: the start, each movement rule of `docs/rules/ra.md` §3 on a
//! position built for it, scoring, the next match and the end of the game.

use super::*;
use crate::illegal::Illegal;

fn pos(text: &str) -> Ra {
    Ra::from_position_text(RaOptions::default(), text).unwrap()
}

fn texts(p: &Ra) -> Vec<String> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves.iter().map(ToString::to_string).collect()
}

fn play(p: &mut Ra, moves: &[&str]) {
    for m in moves {
        p.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn ra_cells() {
    assert_eq!(BLACK_RA.to_string(), "d4");
    assert_eq!(WHITE_RA.to_string(), "j10");
}

#[test]
fn start_has_54_moves_18_per_stack() {
    let p = Ra::new(RaOptions::default());
    let moves = texts(&p);
    assert_eq!(moves.len(), 54);
    for stack in ["c5", "e3", "f6"] {
        let from_here = moves.iter().filter(|m| m[1..].split(['-', 'x']).next() == Some(stack)).count();
        assert_eq!(from_here, 18, "{stack}");
    }
    let white_first = Ra::new(RaOptions { first: Player::White, ..RaOptions::default() });
    assert_eq!(white_first.to_move(), Player::White);
    assert_eq!(texts(&white_first).len(), 54);
}

#[test]
fn obstructed_stop_in_front_of_a_stack() {
    // A single stone at c5 heads up the c-file; a White 3-stack stands on c7.
    let moves = texts(&pos("x1c5/o3c7 x 0-0 1 x"));
    assert!(moves.contains(&"1c5-c6".to_owned()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with("c7") || m.ends_with("c8")), "{moves:?}");
}

#[test]
fn no_stop_against_an_adjacent_stack() {
    // A blocker right next to the stack leaves no move that way but a capture.
    let moves = texts(&pos("x1c5/o3c6 x 0-0 1 x"));
    assert!(!moves.iter().any(|m| m.starts_with("1c5") && (m.ends_with("c5") || m.ends_with("c6"))), "{moves:?}");
}

#[test]
fn capture_short_of_range() {
    // A 2-stack at c5, a White single on c6 (one cell away, range 2).
    let moves = texts(&pos("x2c5/o1c6 x 0-0 1 x"));
    assert!(moves.contains(&"2c5xc6".to_owned()), "{moves:?}");
    assert!(moves.contains(&"1c5xc6".to_owned()), "{moves:?}");
    // A larger enemy stack cannot be captured.
    let moves = texts(&pos("x1c5/o2c6 x 0-0 1 x"));
    assert!(!moves.iter().any(|m| m.contains('x')), "{moves:?}");
}

#[test]
fn merge_only_at_full_range() {
    // c7 is two cells from c5: a single stone (range 3) may not merge there, but may stop in front.
    let moves = texts(&pos("x1c5/x2c7/o1m13 x 0-0 1 x"));
    assert!(!moves.contains(&"1c5-c7".to_owned()), "{moves:?}");
    assert!(moves.contains(&"1c5-c6".to_owned()), "{moves:?}");
    // At exactly three cells it merges, if the total stays within 3.
    let moves = texts(&pos("x1c5/x2c8/o1m13 x 0-0 1 x"));
    assert!(moves.contains(&"1c5-c8".to_owned()), "{moves:?}");
    let moves = texts(&pos("x1c5/x3c8/o1m13 x 0-0 1 x"));
    assert!(!moves.contains(&"1c5-c8".to_owned()), "{moves:?}");
    assert!(moves.contains(&"1c5-c7".to_owned()), "{moves:?}");
    let mut merged = pos("x1c5/x2c8/o1m13 x 0-0 1 x");
    play(&mut merged, &["1c5-c8"]);
    assert_eq!(merged.stack_at(HexCell::parse("c8").unwrap()), Some(Stack { owner: Player::Black, height: 3 }));
}

#[test]
fn board_edge_stops_on_the_last_cell() {
    // a6 up the a-file: a7 is the last cell, a8 does not exist.
    let moves = texts(&pos("x1a6/o1m13 x 0-0 1 x"));
    assert!(moves.contains(&"1a6-a7".to_owned()), "{moves:?}");
    // Already on the edge cell: nothing that way.
    let moves = texts(&pos("x1a7/o1m13 x 0-0 1 x"));
    assert!(!moves.iter().any(|m| m.ends_with("a7")), "{moves:?}");
}

#[test]
fn entering_the_enemy_ra_cell_ends_the_move_and_the_match() {
    let mut p = pos("x1h10/o3k9/x2c5 x 0-0 1 x");
    let moves = texts(&p);
    assert!(moves.contains(&"1h10-j10".to_owned()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with("k10")), "the move stops on j10: {moves:?}");
    play(&mut p, &["1h10-j10"]);
    assert_eq!(
        p.last_match(),
        Some(MatchEnd { winner: Some(Player::Black), points: 1, reason: EndReason::ReachedRa { stones: 1 } })
    );
    assert!(p.match_just_ended());
    assert_eq!(p.position_text(), "x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 o 1-0 2 o", "reset; the loser starts match 2");
    assert_eq!(p.outcome(), None);
    play(&mut p, &["1h8-g7"]);
    assert!(!p.match_just_ended());
}

#[test]
fn own_ra_cell_is_an_ordinary_cell() {
    // Black passes over its own RA cell d4 from d2 (d3, d4, d5).
    let moves = texts(&pos("x1d2/o1m13 x 0-0 1 x"));
    assert!(moves.contains(&"1d2-d5".to_owned()), "{moves:?}");
    let moves = texts(&pos("x1d1/o1m13 x 0-0 1 x"));
    assert!(moves.contains(&"1d1-d4".to_owned()), "{moves:?}");
}

#[test]
fn capturing_a_stack_on_its_own_ra_cell_scores_the_ra() {
    // White's last stack sits on j10: capturing it is also reaching the RA, worth 1 (not 3).
    let mut p = pos("x1h10/o1j10 x 0-0 1 x");
    play(&mut p, &["1h10xj10"]);
    assert_eq!(p.score(), ByPlayer { black: 1, white: 0 });
    assert_eq!(p.last_match().map(|m| m.reason), Some(EndReason::ReachedRa { stones: 1 }));
}

#[test]
fn capturing_the_last_stack_scores_three() {
    let mut p = pos("x2g7/o1h8 x 0-0 1 x");
    play(&mut p, &["1g7xh8"]);
    assert_eq!(p.score(), ByPlayer { black: 3, white: 0 });
    assert_eq!(p.last_match().map(|m| m.reason), Some(EndReason::CapturedAll));
    assert_eq!(p.to_move(), Player::White);
    assert_eq!(p.match_number(), 2);
}

#[test]
fn stack_sizes_score_1_3_6() {
    for (stones, points) in [(1, 1), (2, 3), (3, 6)] {
        // A stack of `stones` stones `4 - stones` cells from j10 along the middle row.
        let from = ["", "g10", "h10", "i10"][stones];
        let mut p = pos(&format!("x{stones}{from}/o3m13 x 0-0 1 x"));
        play(&mut p, &[&format!("{stones}{from}-j10")]);
        assert_eq!(p.score().black, points, "{stones} stones");
    }
}

#[test]
fn the_game_ends_at_the_target_with_the_lead() {
    let mut won = pos("x1h10/o3k9 x 5-0 2 x");
    play(&mut won, &["1h10-j10"]);
    assert_eq!(won.outcome(), Some(Outcome::Win { winner: Player::Black, reason: EndReason::ReachedRa { stones: 1 } }));
    assert_eq!(won.count_legal_moves(), 0);
    let mut lead = pos("x1h10/o3k9 x 5-4 3 x");
    play(&mut lead, &["1h10-j10"]);
    assert_eq!(lead.outcome().and_then(Outcome::winner), Some(Player::Black));
    let mut close = pos("x1h10/o3k9 x 5-5 3 x");
    play(&mut close, &["1h10-j10"]);
    assert_eq!(close.outcome(), None, "6-5 is not a two-point lead");
    assert_eq!(close.match_number(), 4);
    assert_eq!(close.to_move(), Player::White);
}

#[test]
fn threefold_repetition_draws_the_match() {
    let mut p = pos("x1g4/o1m10 x 0-0 1 x");
    let cycle = ["1g4-g7", "1m10-m7", "1g7-g4", "1m7-m10"];
    play(&mut p, &cycle);
    play(&mut p, &cycle[..3]);
    assert!(!p.match_just_ended());
    play(&mut p, &cycle[3..]);
    assert_eq!(p.last_match(), Some(MatchEnd { winner: None, points: 0, reason: EndReason::Repetition }));
    assert_eq!(p.score(), ByPlayer::default());
    assert_eq!(p.position_text(), "x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 o 0-0 2 o", "the other player starts");
}

#[test]
fn a_stuck_player_passes() {
    let mut p = pos("x1a1/o2a2/o2b1/o2b2 x 0-0 1 x");
    assert_eq!(texts(&p), vec!["pass".to_owned()]);
    play(&mut p, &["pass"]);
    assert_eq!(p.to_move(), Player::White);
}

#[test]
fn notation() {
    let p = Ra::new(RaOptions::default());
    assert_eq!(p.parse_move("1c5-c8").map(|m| m.to_string()), Ok("1c5-c8".to_owned()));
    assert!(matches!(p.parse_move("4c5-c6"), Err(MoveError::Syntax { .. })));
    assert!(matches!(p.parse_move("c5-c6"), Err(MoveError::Syntax { .. })));
    assert_eq!(p.parse_move("1c5-a9"), Err(MoveError::BadCell { cell: "a9".into() }));
    assert_eq!(p.parse_move("1c5-c7"), Err(MoveError::Illegal(Illegal::Range { stones: 1 })));
    assert_eq!(p.parse_move("pass"), Err(MoveError::Illegal(Illegal::PassNotAllowed)));
    let q = pos("x2c5/o1c6 x 0-0 1 x");
    assert_eq!(q.parse_move("2c5-c6"), Err(MoveError::WrittenAs { correct: "2c5xc6".into() }));
}

/// Plays `moves` and checks that the position text it ends with reads back
/// to the same text, side to move, outcome and hash.
fn reads_back(start: &str, moves: &[&str]) -> Ra {
    let mut p = pos(start);
    play(&mut p, moves);
    let text = p.position_text();
    let again = Ra::from_position_text(*p.options(), &text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(again.position_text(), text);
    assert_eq!((again.to_move(), again.outcome(), again.hash()), (p.to_move(), p.outcome(), p.hash()), "{text}");
    p
}

#[test]
fn scores_and_match_numbers_past_999_read_back() {
    // Regression: 1000-999 and match 1000 were written but refused on reading.
    let p = reads_back("x1h10/o3k9 x 999-999 999 x", &["1h10-j10"]);
    assert_eq!(p.position_text(), "x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 o 1000-999 1000 o");
}

#[test]
fn scores_and_match_numbers_stop_at_65535_and_read_back() {
    let p = reads_back("x1h10/o3k9 x 65535-65534 65535 x", &["1h10-j10"]);
    assert_eq!(p.score(), ByPlayer { black: 65_535, white: 65_534 });
    assert_eq!(p.match_number(), 65_535);
    assert_eq!(p.outcome(), None);
    let cycle = ["1g4-g7", "1m10-m7", "1g7-g4", "1m7-m10"];
    let drawn = reads_back("x1g4/o1m10 x 0-0 65535 x", &[&cycle[..], &cycle[..]].concat());
    assert!(drawn.match_just_ended());
    assert_eq!(drawn.match_number(), 65_535);
}

#[test]
fn a_game_won_by_capturing_the_last_stack_reads_back() {
    // Regression: the board kept after the last capture has no enemy stack,
    // which reading refused ("each player needs at least one stack").
    let p = reads_back("x1g8/o1g9 x 5-0 2 x", &["1g8xg9"]);
    assert_eq!(p.position_text(), "x1g9 o 8-0 2 x");
    assert_eq!(p.outcome(), Some(Outcome::Win { winner: Player::Black, reason: EndReason::CapturedAll }));
    let arrived = reads_back("x2i9/o3k9 x 5-0 2 x", &["2i9-j10"]);
    assert_eq!(
        arrived.outcome(),
        Some(Outcome::Win { winner: Player::Black, reason: EndReason::ReachedRa { stones: 2 } })
    );
}

#[test]
fn perft_counts_from_a_position_just_after_a_match_ended() {
    // Regression: perft(1) was 0 here while 54 moves were listed.
    let mut p = pos("x1h10/o3k9 x 0-0 1 x");
    play(&mut p, &["1h10-j10"]);
    assert!(p.match_just_ended());
    let listed = texts(&p).len();
    assert_eq!(listed, 54);
    assert_eq!(crate::perft::perft(&p, 1), listed as u64);
    assert_eq!(crate::perft::perft_played(&p, 1), listed as u64);
    let divided = crate::perft::divide(&p, 2);
    assert_eq!(divided.len(), listed);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), crate::perft::perft(&p, 2));
    // The same position read from its text counts the same.
    let fresh = pos(&p.position_text());
    assert_eq!(crate::perft::perft(&fresh, 2), crate::perft::perft(&p, 2));
}

#[test]
fn perft_still_ends_a_sequence_at_a_match_ending_move() {
    // Black's 1h10-j10 ends the match: no second move follows it at depth 2.
    let p = pos("x1h10/o3k9 x 0-0 1 x");
    let divided = crate::perft::divide(&p, 2);
    let arrival = divided.iter().find(|(m, _)| m.to_string() == "1h10-j10").map(|(_, n)| *n);
    assert_eq!(arrival, Some(0));
}
