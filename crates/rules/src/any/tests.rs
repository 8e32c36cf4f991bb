//! The any-game layer: specs, cells, parts, premove positions.

use super::*;
use crate::board::{CellId, Piece};
use crate::error::MoveError;
use crate::illegal::Illegal;
use crate::player::Player;

#[test]
fn specs_round_trip() {
    for text in [
        "loa",
        "loa:simultaneous=mover",
        "attract:size=12",
        "forms:rules=advanced,size=8",
        "forms:size=4",
        "ra:target=9,lead=3,first=o",
        "ra",
    ] {
        let spec: GameSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
    }
    // Defaults are dropped from the canonical form.
    assert_eq!("loa:simultaneous=draw".parse::<GameSpec>().unwrap().to_string(), "loa");
}

#[test]
fn spec_errors() {
    assert_eq!("chess".parse::<GameSpec>(), Err(SpecError::UnknownGame { id: "chess".into() }));
    assert_eq!("loa:foo".parse::<GameSpec>(), Err(SpecError::NotKeyValue { text: "foo".into() }));
    assert!(matches!("loa:colour=red".parse::<GameSpec>(), Err(SpecError::Option(OptionError::UnknownKey { .. }))));
    assert!(matches!("loa:size=10".parse::<GameSpec>(), Err(SpecError::Option(OptionError::BadValue { .. }))));
    assert!(matches!("loa:size=4".parse::<GameSpec>(), Err(SpecError::Option(OptionError::BadValue { .. }))));
    assert!(matches!("loa:start=eggs".parse::<GameSpec>(), Err(SpecError::Option(OptionError::BadValue { .. }))));
    assert_eq!(spec("loa:size=6,start=scrambled").to_string(), "loa:size=6,start=scrambled");
    assert_eq!(spec("loa:size=8,start=standard").to_string(), "loa");
    assert!(matches!(
        "loa:simultaneous=maybe".parse::<GameSpec>(),
        Err(SpecError::Option(OptionError::BadValue { .. }))
    ));
    assert_eq!(
        "loa:simultaneous=draw,simultaneous=mover".parse::<GameSpec>(),
        Err(SpecError::Duplicate { key: "simultaneous".into() })
    );
    let message = "loa:simultaneous=maybe".parse::<GameSpec>().unwrap_err().to_string();
    assert_eq!(message, "option simultaneous cannot be \"maybe\" (one of: draw, mover)");
}

fn spec(text: &str) -> GameSpec {
    text.parse().unwrap()
}

#[test]
fn a_finished_game_has_no_pass() {
    // Regression: a finished Lines of Action game (no legal move) made
    // `pass_move` read the first of no moves and panic in the app.
    let spec: GameSpec = "loa".parse().unwrap();
    let won = spec.position("xx6/8/8/8/8/8/8/o1o5 o").unwrap();
    assert!(won.outcome().is_some());
    assert_eq!(won.pass_move(), None);
    assert_eq!(spec.start().pass_move(), None);
}

#[test]
fn cell_names_round_trip_on_every_board() {
    for text in ["loa", "attract:size=20", "forms:size=4", "forms", "ra"] {
        let spec = spec(text);
        let names: Vec<String> = spec.cells().map(|c| spec.cell_name(c).unwrap()).collect();
        assert_eq!(names.len(), spec.cell_count());
        for (i, name) in names.iter().enumerate() {
            assert_eq!(spec.cell_named(name), Some(CellId::new(i)), "{text} {name}");
        }
        assert_eq!(spec.cell_name(CellId::new(spec.cell_count())), None);
    }
    assert_eq!(spec("loa").cell_name(CellId::new(1)).as_deref(), Some("b1"));
    assert_eq!(spec("ra").cell_name(CellId::new(126)).as_deref(), Some("m13"));
    assert_eq!(spec("loa").cell_named("i1"), None);
}

#[test]
fn parts_agree_with_the_notation() {
    for text in ["loa", "attract", "forms:size=6", "forms:rules=advanced,size=6", "ra"] {
        let spec = spec(text);
        let game = spec.start();
        for parts in game.legal_move_parts() {
            let written = parts.text();
            let name = |c: Option<CellId>| c.and_then(|c| spec.cell_name(c)).unwrap_or_default();
            assert!(written.contains(&name(parts.to)), "{text} {written}");
            assert!(written.contains(&name(parts.from)), "{text} {written}");
            assert_eq!(written.contains('x'), parts.capture, "{text} {written}");
            assert_eq!(game.parse_move(&written), Ok(parts.mv));
            let mut played = game.clone();
            played.play_move(parts.mv).unwrap();
            let mut by_text = game.clone();
            by_text.play_text(&written).unwrap();
            assert_eq!(played, by_text);
        }
    }
}

#[test]
fn a_move_of_another_game_is_refused() {
    let mut loa = spec("loa").start();
    let attract_move = spec("attract").start().legal_move_parts()[0].mv;
    assert_eq!(loa.play_move(attract_move), Err(MoveError::Illegal(Illegal::Unknown)));
    let before = loa.clone();
    loa.play_unchecked(attract_move);
    assert_eq!(loa, before);
}

#[test]
fn pieces_on_cells() {
    let loa = spec("loa").start();
    let at = |name: &str| loa.piece_at(spec("loa").cell_named(name).unwrap());
    assert_eq!(at("b1"), Some(Piece { owner: Player::Black, height: 1 }));
    assert_eq!(at("a2"), Some(Piece { owner: Player::White, height: 1 }));
    assert_eq!(at("a1"), None);
    assert_eq!(loa.piece_at(CellId::new(64)), None);
    let ra = spec("ra").start();
    let c5 = spec("ra").cell_named("c5").unwrap();
    assert_eq!(ra.piece_at(c5), Some(Piece { owner: Player::Black, height: 3 }));
    let d4 = spec("ra").cell_named("d4").unwrap();
    assert_eq!(ra.ra_cell_owner(d4), Some(Player::Black));
    assert_eq!(loa.ra_cell_owner(d4), None);
}

#[test]
fn a_turned_position_gives_the_other_players_moves() {
    for text in ["loa", "attract", "forms:size=6", "ra"] {
        let spec = spec(text);
        let game = spec.start();
        let turned = game.turned().unwrap();
        assert_eq!(turned.to_move(), game.to_move().opponent(), "{text}");
        assert!(
            turned
                .legal_move_parts()
                .iter()
                .all(|m| m.from.is_none_or(|c| turned.piece_at(c).is_some_and(|p| p.owner == turned.to_move())))
        );
    }
    let mut over = spec("loa").position("8/o7/8/8/8/8/4x3/1xx4o x").unwrap();
    over.play_text("e2-d1").unwrap();
    assert_eq!(over.turned(), None, "a finished game has no moves to queue");
}

#[test]
fn lines_of_action_winning_group() {
    let mut game = spec("loa").position("8/o7/8/8/8/8/4x3/1xx4o x").unwrap();
    assert!(game.winning_cells().is_empty(), "no highlight while the game goes on");
    game.play_text("e2-d1").unwrap();
    let names: Vec<String> = game.winning_cells().into_iter().map(|c| spec("loa").cell_name(c).unwrap()).collect();
    assert_eq!(names, ["b1", "c1", "d1"]);
}

#[test]
fn codes_outside_the_range_are_refused() {
    use crate::attract::AttractMove;
    use crate::forms::FormsMove;
    use crate::loa::LoaMove;
    use crate::packed::PackedMove;
    use crate::ra::RaMove;
    assert_eq!(AttractMove::unpack(1 << 10), None);
    assert_eq!(FormsMove::unpack(1 << 21), None);
    // Past the 9×9 frame's codes, or a square past its 81.
    assert_eq!(LoaMove::unpack(1 + (1 << 13) + (1 << 15)), None);
    assert_eq!(LoaMove::unpack(1 + (1 << 13) + 81), None);
    assert_eq!(LoaMove::unpack(1 + (1 << 13) + (81 << 7)), None);
    assert_eq!(RaMove::unpack(1 + (1 << 17)), None);
    // No stones, or a cell past the hexagon's 127.
    assert_eq!(RaMove::unpack(1), None);
    assert_eq!(RaMove::unpack(1 + (1 | 127 << 2)), None);
    assert_eq!(LoaMove::unpack(0), Some(LoaMove::Pass));
    assert_eq!(RaMove::unpack(0), Some(RaMove::Pass));
}

#[test]
fn moves_of_any_game_pack_and_unpack() {
    for text in ["loa", "loa:size=9,hole=on", "loa:size=5", "attract:size=20", "forms:rules=advanced,size=18", "ra"] {
        let game = spec(text).start();
        for mv in game.legal_moves() {
            assert_eq!(AnyMove::unpack(game.kind(), mv.pack()), Some(mv), "{text} {mv}");
            assert_eq!(mv.kind(), game.kind());
        }
    }
}

#[test]
fn decided_names_the_winner_of_the_game_or_of_the_match_just_ended() {
    let loa: GameSpec = "loa".parse().unwrap();
    let mut game = loa.position("8/o7/8/8/8/8/4x3/1xx4o x").unwrap();
    assert_eq!(game.decided(), None, "it goes on");
    game.play_text("e2-d2").unwrap();
    assert_eq!(game.decided(), Some(Some(Player::Black)));
    let ra: GameSpec = "ra".parse().unwrap();
    let mut game = ra.position("x1h10/o3k9 x 0-0 1 x").unwrap();
    game.play_text("1h10-j10").unwrap();
    assert!(game.outcome().is_none(), "the game goes on after the match");
    assert_eq!(game.decided(), Some(Some(Player::Black)), "the match was won");
}
