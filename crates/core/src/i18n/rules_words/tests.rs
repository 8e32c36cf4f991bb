use rules::{
    Conflict, Expected, FieldProblem, GameSpec, Impossible, Line, PieceWord, Player, PositionError, RuleOptions as _,
};

use super::*;
use crate::i18n::{Catalogue, Lang, english_plural, file, install};

/// English, whatever an earlier test on this thread installed.
fn english() {
    install(Lang::En, Catalogue::default(), english_plural());
}

/// In English the words are the rules crate's own, but where its
/// counts read "there are 1 piece": one sentence for each case now.
#[test]
fn in_english_the_reasons_read_as_the_rules_say_them() {
    english();
    let cases = [
        Illegal::Unknown,
        Illegal::NoPiece,
        Illegal::NoMoves,
        Illegal::Occupied,
        Illegal::OwnPiece,
        Illegal::NotInLine,
        Illegal::Distance { line: Line::Column, pieces: 2 },
        Illegal::Distance { line: Line::Diagonal, pieces: 3 },
        Illegal::Distance { line: Line::Row, pieces: 4 },
        Illegal::JumpsEnemy,
        Illegal::MustCapture,
        Illegal::NotAdjacent,
        Illegal::NoPath,
        Illegal::RemovesNothing,
        Illegal::Range { stones: 1 },
        Illegal::Range { stones: 2 },
        Illegal::Range { stones: 3 },
        Illegal::Blocked,
        Illegal::PastRa,
        Illegal::TooTall { stones: 2, height: 3 },
        Illegal::TooTall { stones: 1, height: 2 },
        Illegal::JoinShort,
        Illegal::JoinTooTall,
        Illegal::TooFewStones { height: 2 },
        Illegal::TooFewStones { height: 1 },
        Illegal::PassNotAllowed,
    ];
    for why in cases {
        assert_eq!(illegal(why), why.to_string(), "{why:?}");
    }
    assert_eq!(
        illegal(Illegal::Distance { line: Line::Row, pieces: 1 }),
        "there are 1 piece on that row, so it moves exactly 1"
    );
}

#[test]
fn every_move_error_reads_with_its_values() {
    english();
    let mut cases: Vec<MoveError> =
        [Expected::Cell, Expected::Capture, Expected::CaptureOrSlide, Expected::MoveOrPass, Expected::StonesMoveOrPass]
            .into_iter()
            .map(|expected| MoveError::Syntax { expected })
            .collect();
    cases.extend([
        MoveError::BadCell { cell: "z99".to_owned() },
        MoveError::GameOver,
        MoveError::Illegal(Illegal::Unknown),
        MoveError::Illegal(Illegal::TooFewStones { height: 2 }),
        MoveError::WrittenAs { correct: "b1xb3".to_owned() },
    ]);
    for e in &cases {
        assert_eq!(move_error(e), e.to_string(), "{e:?}");
    }
    assert_eq!(move_error(&cases[5]), "\"z99\" is not a cell of this board");
    assert_eq!(move_error(&cases[8]), "not a legal move: the stack has only 2 stones");
    assert!(move_error(&cases[9]).ends_with("written b1xb3"));
}

#[test]
fn every_option_and_spec_error_reads_with_its_values() {
    english();
    let options = [
        OptionError::UnknownKey { key: "colour".to_owned(), known: Vec::new() },
        OptionError::UnknownKey { key: "colour".to_owned(), known: vec!["size", "hole"] },
        OptionError::BadValue { key: "size", value: "6".to_owned(), accepted: &["5", "7", "9"] },
        OptionError::Combination { reason: Conflict::HoleNeedsOddSize },
    ];
    for e in &options {
        assert_eq!(option_error(e), e.to_string(), "{e:?}");
    }
    assert_eq!(option_error(&options[2]), "option size cannot be \"6\" (one of: 5, 7, 9)");
    let specs = [
        SpecError::UnknownGame { id: "chess".to_owned() },
        SpecError::NotKeyValue { text: "size".to_owned() },
        SpecError::Duplicate { key: "size".to_owned() },
        SpecError::Option(options[1].clone()),
    ];
    for e in &specs {
        assert_eq!(spec_error(e), e.to_string(), "{e:?}");
    }
    assert_eq!(spec_error(&specs[0]), "unknown game \"chess\" (games: attract, forms, ra, loa)");
    // As the rules give them.
    for (text, found) in [("loa:hole=on,size=8", "odd size"), ("loa:size=8,size=8", "twice"), ("go", "\"go\"")] {
        let e = text.parse::<GameSpec>().unwrap_err();
        assert!(spec_error(&e).contains(found), "{text}: {}", spec_error(&e));
    }
    let even = rules::loa::LoaOptions { size: 8, hole: true, ..Default::default() };
    assert_eq!(option_error(&even.check().unwrap_err()), Conflict::HoleNeedsOddSize.to_string());
}

#[test]
fn replays_name_the_move_or_the_start() {
    english();
    let spec: GameSpec = "loa".parse().unwrap();
    let e = spec.replay(None, ["b1-b3", "zz"], |_, _| {}).unwrap_err();
    assert_eq!(replay_error(&e), e.to_string());
    assert_eq!(
        replay_error(&e),
        "move 2 \"zz\": not a move: expected a move like b1-b3, a capture like b1xb3, or pass"
    );
    let rules::ReplayError::Move(bad) = &e else { panic!("{e:?}") };
    assert_eq!(bad_move(bad), e.to_string());
    let e = spec.replay(Some("8/8 x"), [], |_, _| {}).unwrap_err();
    assert_eq!(replay_error(&e), "start position: the board has 2 rows; expected 8");
}

/// Every field problem and every impossible position, with both players
/// where a player is named.
fn position_errors() -> Vec<PositionError> {
    let field = |field, problem| PositionError::Field { field, problem };
    let mut cases = vec![
        PositionError::Empty,
        PositionError::Spacing,
        PositionError::RowCount { expected: 8, found: 3 },
        PositionError::RowLength { row: 2, expected: 8, found: 7 },
        PositionError::BadChar { ch: 'q', row: 3 },
        PositionError::BadChar { ch: '\'', row: 3 },
        PositionError::BadRun { row: 4 },
        PositionError::MissingSideToMove,
        PositionError::BadSideToMove { found: "z".to_owned() },
        field("extra", FieldProblem::Extra { game: "Lines of Action", found: "0-0".to_owned() }),
        field("layout", FieldProblem::FieldCount { found: 4 }),
        field("side", FieldProblem::NotAPlayer { found: "y".to_owned() }),
        field("match", FieldProblem::NotANumber { found: "007".to_owned(), least: 1, most: u16::MAX }),
        field("score", FieldProblem::ScoreShape),
        field("stacks", FieldProblem::StackOwner { stack: "q3c5".to_owned() }),
        field("stacks", FieldProblem::StackHeight { stack: "x4c5".to_owned() }),
        field("stacks", FieldProblem::StackCell { stack: "x3a9".to_owned(), cell: "a9".to_owned() }),
        field("stacks", FieldProblem::TwoStacks { cell: "c5".to_owned() }),
    ];
    for player in Player::ALL {
        for what in [PieceWord::Pieces, PieceWord::Stones] {
            cases.push(PositionError::TooMany { player, found: 13, most: 12, what });
        }
    }
    let mut reasons = vec![
        Impossible::Options(Conflict::HoleNeedsOddSize),
        Impossible::StoneCounts { white: 5, black: 2 },
        Impossible::MoverHasNone,
        Impossible::NotConnected,
        Impossible::FullBoard,
        Impossible::OnTheHole { hole: "d4".to_owned() },
        Impossible::NoPieces,
        Impossible::ScoreTooHigh { black: 5, white: 4, finished: 1 },
        Impossible::ScoreTooHigh { black: 9, white: 4, finished: 2 },
        Impossible::NoStacks,
        Impossible::OnEnemyRa,
        Impossible::LoserOnRa,
        Impossible::EndNotShown,
    ];
    for player in Player::ALL {
        reasons.extend([
            Impossible::WrongTurn { white: 3, black: 3, to_move: player },
            Impossible::FirstMatchStarter { first: player },
            Impossible::LoserNotToMove { winner: player },
            Impossible::LastMatchPoints { winner: player, points: 6, score: 3 },
            Impossible::WonBefore { winner: player },
        ]);
    }
    cases.extend(reasons.into_iter().map(PositionError::invalid));
    cases
}

#[test]
fn every_position_error_reads_with_its_values() {
    english();
    for e in position_errors() {
        assert_eq!(position_error(&e), e.to_string(), "{e:?}");
        let bare = e.to_string().strip_prefix("impossible position: ").map(str::to_owned);
        assert_eq!(why_impossible(&e), bare.unwrap_or_else(|| e.to_string()), "{e:?}");
    }
    let said = |e: PositionError| position_error(&e);
    assert!(said(PositionError::BadChar { ch: 'q', row: 3 }).starts_with("row 3: unexpected character 'q' (use"));
    assert!(said(PositionError::BadChar { ch: '\'', row: 3 }).contains(r"'\''"));
    assert_eq!(
        said(PositionError::TooMany { player: Player::White, found: 13, most: 12, what: PieceWord::Stones }),
        "impossible position: white has 13 stones; a player has at most 12"
    );
    // One count, one form, where the rules' English says "1 rows".
    assert_eq!(said(PositionError::RowCount { expected: 8, found: 1 }), "the board has 1 row; expected 8");
    assert_eq!(said(PositionError::RowLength { row: 2, expected: 8, found: 1 }), "row 2 has 1 cell; expected 8");
    assert_eq!(
        said(PositionError::invalid(Impossible::WrongTurn { white: 2, black: 1, to_move: Player::White })),
        "impossible position: with 2 white and 1 black stone it is white's move, as White moves first"
    );
}

#[test]
fn the_games_positions_give_their_reasons() {
    english();
    let cases = [
        ("attract", "8/8/8/8/8/8/8/xxx5 o", "white has 0 stones and black 3"),
        ("forms:size=4", "4/4/4/xxxx x", "the player who moved last has no stones"),
        ("loa", "8/8/8/8/8/8/8/8 x", "each player needs at least one piece"),
        ("loa", "8/8/8/8/8/8/8/8 x 1", "field extra: Lines of Action position text ends"),
        ("ra", "x3c5/o1h8 x 0-0 1 o", "match 1 is started by black under these rules (option first=x)"),
        ("ra", "x2j10/o3k9 x 6-1 3 x", "the score says black won with the last move, so white is to move"),
        ("ra", "x3c5/o1c5 x 0-0 1 x", "field stacks: two stacks on c5"),
    ];
    for (spec, text, words) in cases {
        let spec: GameSpec = spec.parse().unwrap();
        let e = spec.position(text).unwrap_err();
        assert_eq!(position_error(&e), e.to_string(), "{text}");
        assert!(position_error(&e).contains(words), "{text}: {}", position_error(&e));
    }
}

/// A language's own file, as the app installs it.
fn german() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../i18n/de/app.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let catalogue = file::read_source(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    install(Lang::De, catalogue, file::plural_rule(Lang::De));
}

#[test]
fn a_translated_catalogue_says_a_position_error_and_a_record_error() {
    german();
    let spec: GameSpec = "ra".parse().unwrap();
    let e = spec.position("x2j10/o3k9 x 6-1 3 x").unwrap_err();
    assert_eq!(
        position_error(&e),
        "unmögliche Stellung: laut Spielstand hat Schwarz mit dem letzten Zug gewonnen, also ist Weiß am Zug"
    );
    assert_ne!(position_error(&e), e.to_string());
    let record = "[Game \"loa\"]\n[From \"8/8 x\"]\n\n1. b1-b3";
    let e = crate::session::formats::record::read(record).unwrap_err();
    assert_eq!(e.to_string(), "Zeile 2: Startaufstellung: das Brett hat 2 Reihen; erwartet: 8");
    english();
}
