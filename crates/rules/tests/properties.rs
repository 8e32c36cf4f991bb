//! Property tests over random playouts, and random text fed to every parser.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use proptest::prelude::*;
use rules::loa::{Loa, LoaMove, LoaOptions};
use rules::{Game, GameSpec, Player};

/// Plays a random game from `start`, choosing move `choices[i] % len` at ply i,
/// and calls `check(before, move, after)` on every move.
fn playout<G: Game>(start: G, choices: &[usize], mut check: impl FnMut(&G, G::Move, &G)) {
    let mut position = start;
    let mut moves = Vec::new();
    for &choice in choices {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            assert!(position.outcome().is_some(), "no legal move in an unfinished game");
            break;
        }
        let mv = moves[choice % moves.len()];
        let before = position.clone();
        position.play_unchecked(mv);
        check(&before, mv, &position);
    }
}

/// Checks the invariants every game shares: notation and position text round-trip,
/// and the incremental hash equals the from-scratch hash.
fn common_checks<G: Game>(before: &G, mv: G::Move, after: &G) {
    assert_eq!(before.parse_move(&mv.to_string()), Ok(mv), "move {mv} does not round-trip");
    assert_eq!(after.hash(), after.hash_from_scratch(), "hash drifted after {mv}");
    let text = after.position_text();
    let reread = G::from_position_text(after.options().clone(), &text).unwrap();
    assert_eq!(reread.position_text(), text);
    assert_eq!(reread.to_move(), after.to_move());
    assert_eq!(reread.hash(), after.hash());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn loa_playouts_keep_the_invariants(choices in prop::collection::vec(any::<usize>(), 0..200)) {
        playout(Loa::new(LoaOptions::default()), &choices, |before, mv, after| {
            common_checks(before, mv, after);
            let mover = before.to_move();
            let enemy = mover.opponent();
            let count = |p: &Loa, pl: Player| p.pieces(pl).count_ones();
            assert_eq!(count(after, mover), count(before, mover), "the mover's count changed");
            assert!(count(after, enemy) <= count(before, enemy), "pieces grew");
            if let LoaMove::Step { from, to, capture } = mv {
                assert_ne!(before.piece_at(to), Some(mover), "{mv} lands on its own colour");
                assert_eq!(before.piece_at(from), Some(mover));
                assert_eq!(after.piece_at(to), Some(mover));
                assert_eq!(capture, before.piece_at(to) == Some(enemy));
                assert_eq!(count(after, enemy) + u32::from(capture), count(before, enemy));
            }
        });
    }

    #[test]
    fn game_specs_never_panic(text in "\\PC{0,30}") {
        let _ = text.parse::<GameSpec>();
    }

    #[test]
    fn game_specs_near_misses_never_panic(text in "(loa|ra|forms|attract)(:[a-z=,0-9]{0,20})?") {
        if let Ok(spec) = text.parse::<GameSpec>() {
            // Whatever parses prints to a spec that parses to the same thing.
            prop_assert_eq!(spec.to_string().parse::<GameSpec>().unwrap(), spec);
        }
    }

    #[test]
    fn loa_moves_never_panic(text in "\\PC{0,12}") {
        let _ = Loa::new(LoaOptions::default()).parse_move(&text);
    }

    #[test]
    fn loa_move_near_misses_never_panic(text in "[a-j][0-9]{1,2}[-x][a-j][0-9]{1,2}|pass|[a-z0-9x-]{0,6}") {
        let start = Loa::new(LoaOptions::default());
        if let Ok(mv) = start.parse_move(&text) {
            prop_assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn loa_position_text_never_panics(text in "\\PC{0,80}") {
        let _ = Loa::from_position_text(LoaOptions::default(), &text);
    }

    #[test]
    fn loa_position_text_near_misses_round_trip(
        rows in prop::collection::vec("[xo1-9]{1,9}", 6..10),
        side in "[xo ]{0,3}",
    ) {
        let text = format!("{} {side}", rows.join("/"));
        if let Ok(position) = Loa::from_position_text(LoaOptions::default(), &text) {
            prop_assert_eq!(position.position_text(), text);
        }
    }
}
