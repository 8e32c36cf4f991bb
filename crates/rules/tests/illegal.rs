//! Every move that is not legal gets a reason from the rules
//! (`AnyGame::why_illegal`), over random playouts of every game, and the
//! reasons for chosen moves are the ones the rules pages give.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use proptest::prelude::*;
use rules::{AnyGame, CellId, GameSpec, Illegal, Line, MoveError};

/// The position after `moves` in the game of `spec`.
fn after(spec: &str, position: Option<&str>, moves: &[&str]) -> AnyGame {
    let spec: GameSpec = spec.parse().unwrap();
    let mut game = match position {
        Some(text) => spec.position(text).unwrap(),
        None => spec.start(),
    };
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    game
}

/// Why typing `text` in `game` is refused.
fn why(game: &AnyGame, text: &str) -> Illegal {
    match game.parse_move(text) {
        Err(MoveError::Illegal(why)) => why,
        other => panic!("{text}: {other:?}"),
    }
}

/// Every (from, to, stones) a player could try with a piece of the side to
/// move that is not a legal move gets a reason other than `Unknown`; so does
/// every occupied cell of a placement game, and a pass while moves remain.
fn every_illegal_try_has_a_reason(game: &AnyGame) {
    if game.outcome().is_some() {
        return;
    }
    let spec = game.spec();
    let cells = spec.cell_count();
    let legal = game.legal_move_parts();
    let placement = legal.iter().any(|m| m.from.is_none() && m.to.is_some());
    let name = |c: CellId| spec.cell_name(c).unwrap();
    for to in (0..cells).map(CellId::new) {
        if placement {
            if game.piece_at(to).is_some() {
                assert_eq!(game.why_illegal(None, Some(to), None), Illegal::Occupied);
            }
            continue;
        }
        for from in (0..cells).map(CellId::new) {
            let Some(piece) = game.piece_at(from).filter(|p| p.owner == game.to_move()) else { continue };
            if from == to {
                continue;
            }
            let ra = piece.height > 1 || spec.kind() == rules::GameKind::Ra;
            let counts: Vec<Option<u8>> = if ra { (1..=3).map(Some).collect() } else { vec![None] };
            for stones in counts {
                let is_legal = legal.iter().any(|m| m.from == Some(from) && m.to == Some(to) && m.stones == stones);
                if is_legal {
                    continue;
                }
                let why = game.why_illegal(Some(from), Some(to), stones);
                assert_ne!(
                    why,
                    Illegal::Unknown,
                    "{} {:?} {}-{}: no reason",
                    game.position_text(),
                    stones,
                    name(from),
                    name(to)
                );
            }
        }
    }
    if game.pass_move().is_none() && !legal.is_empty() {
        assert_eq!(game.why_illegal(None, None, None), Illegal::PassNotAllowed);
    }
}

/// Plays `choices` as move indices from the start of `spec`, checking every position.
fn check_playout(spec: &str, choices: &[usize]) {
    let mut game = spec.parse::<GameSpec>().unwrap().start();
    for &choice in choices {
        every_illegal_try_has_a_reason(&game);
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_unchecked(moves[choice % moves.len()]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn loa_reasons(choices in prop::collection::vec(any::<usize>(), 0..40)) {
        check_playout("loa", &choices);
        check_playout("loa:size=9,hole=on", &choices);
    }

    #[test]
    fn ra_reasons(choices in prop::collection::vec(any::<usize>(), 0..40)) {
        check_playout("ra", &choices);
    }

    #[test]
    fn forms_reasons(choices in prop::collection::vec(any::<usize>(), 0..12)) {
        check_playout("forms:size=6", &choices);
        check_playout("forms:rules=advanced,size=6", &choices);
    }

    #[test]
    fn attract_reasons(choices in prop::collection::vec(any::<usize>(), 0..30)) {
        check_playout("attract:size=6", &choices);
    }
}

#[test]
fn lines_of_action() {
    let start = after("loa", None, &[]);
    assert_eq!(why(&start, "b1-b4"), Illegal::Distance { line: Line::Column, pieces: 2 });
    assert_eq!(why(&start, "b1-b2"), Illegal::Distance { line: Line::Column, pieces: 2 });
    assert_eq!(why(&start, "b1-f1"), Illegal::OwnPiece);
    assert_eq!(why(&start, "b1-c3"), Illegal::NotInLine);
    assert_eq!(why(&start, "b1-c1"), Illegal::OwnPiece);
    assert_eq!(why(&start, "a2-c2"), Illegal::NoPiece, "White's piece, Black to move");
    assert_eq!(why(&start, "pass"), Illegal::PassNotAllowed);
    // On 9×9 a line's pieces may stand eight squares apart: e1 and e9.
    let nine = after("loa:size=9", None, &[]);
    assert_eq!(why(&nine, "e1-e2"), Illegal::Distance { line: Line::Column, pieces: 2 });
    // Row 2 holds a2 and h2 (White) and nothing else: a2 moves exactly 2.
    let white = after("loa", None, &["b1-b3"]);
    assert_eq!(why(&white, "a2-d2"), Illegal::Distance { line: Line::Row, pieces: 2 });
    // Row 3 holds a3, h3 (White) and b3 (Black): a3 moves exactly 3, to
    // d3, and cannot jump Black's b3.
    assert_eq!(why(&white, "a3xb3"), Illegal::Distance { line: Line::Row, pieces: 3 });
    assert_eq!(why(&white, "a3-d3"), Illegal::JumpsEnemy);
}

#[test]
fn forms() {
    let standard = after("forms:size=6", None, &[]);
    assert_eq!(why(&standard, "a1xb1"), Illegal::MustCapture);
    let advanced = after("forms:rules=advanced,size=6", None, &[]);
    assert_eq!(why(&advanced, "b1xd2"), Illegal::NotAdjacent);
}

#[test]
fn attract() {
    let game = after("attract:size=6", None, &["c3"]);
    assert_eq!(why(&game, "c3"), Illegal::Occupied);
}

#[test]
fn words() {
    assert_eq!(
        Illegal::Distance { line: Line::Column, pieces: 2 }.to_string(),
        "there are 2 pieces on that column, so it moves exactly 2"
    );
    assert_eq!(
        Illegal::Range { stones: 2 }.to_string(),
        "2 stones move exactly 2 cells unless they reach the edge, the enemy RA cell, a stack or a capture"
    );
    assert_eq!(
        Illegal::Range { stones: 1 }.to_string(),
        "1 stone moves exactly 3 cells unless it reaches the edge, the enemy RA cell, a stack or a capture"
    );
    assert_eq!(Illegal::TooTall { stones: 1, height: 2 }.to_string(), "1 stone cannot capture a stack of 2");
    assert_eq!(MoveError::Illegal(Illegal::Occupied).to_string(), "not a legal move: the cell is taken");
    assert_eq!(MoveError::Illegal(Illegal::Unknown).to_string(), "not a legal move");
}

#[test]
fn ra() {
    let start = after("ra", None, &[]);
    assert_eq!(why(&start, "1c5-c6"), Illegal::Range { stones: 1 });
    assert_eq!(why(&start, "2c5-c8"), Illegal::Range { stones: 2 });
    assert_eq!(why(&start, "1c5-e6"), Illegal::NotInLine);
    assert_eq!(why(&start, "1k9-k8"), Illegal::NoPiece, "White's stack, Black to move");
    let game = after("ra", Some("x3c5/x1c6/o2f5/x1h8/o1k9 x 0-0 1 x"), &[]);
    assert_eq!(why(&game, "1c5-c7"), Illegal::Blocked);
    assert_eq!(why(&game, "3c5-c6"), Illegal::JoinTooTall);
    assert_eq!(why(&game, "2c5-c6"), Illegal::JoinShort);
    assert_eq!(why(&game, "1c5xf5"), Illegal::TooTall { stones: 1, height: 2 });
    assert_eq!(why(&game, "1h8-k11"), Illegal::PastRa);
    assert_eq!(why(&game, "3c6-c7"), Illegal::TooFewStones { height: 1 });
}
