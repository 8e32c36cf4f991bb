//! Property tests over random playouts of every game, and random text fed to
//! every parser.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use proptest::prelude::*;
use rules::attract::{Attract, AttractMove, AttractOptions};
use rules::forms::{Forms, FormsOptions, FormsRules};
use rules::loa::{Loa, LoaMove, LoaOptions};
use rules::notation::Cell;
use rules::ra::{HexCell, Ra, RaMove, RaOptions};
use rules::{Game, GameKind, GameSpec, PackedMove, Player};

/// Plays a random game from `start`, choosing move `choices[i] % len` at ply i,
/// and calls `check(before, move, after)` on every move, after the checks all
/// games share.
fn playout<G: Game>(start: G, choices: &[usize], mut check: impl FnMut(&G, G::Move, &G)) {
    let mut position = start;
    let mut moves = Vec::new();
    for &choice in choices {
        position.legal_moves(&mut moves);
        assert_eq!(moves.len(), position.count_legal_moves(), "count and generation disagree");
        if moves.is_empty() {
            assert!(position.outcome().is_some(), "no legal move in an unfinished game");
            break;
        }
        let mv = moves[choice % moves.len()];
        assert!(position.is_legal(mv));
        let before = position.clone();
        position.play_unchecked(mv);
        common_checks(&before, mv, &position);
        check(&before, mv, &position);
    }
}

/// Notation and position text round-trip, and the incremental hash equals the
/// from-scratch hash.
fn common_checks<G: Game>(before: &G, mv: G::Move, after: &G) {
    assert_eq!(before.parse_move(&mv.to_string()), Ok(mv), "move {mv} does not round-trip");
    assert!(mv.pack() < 1 << rules::PACKED_BITS, "{mv} packs into too many bits");
    assert_eq!(G::Move::unpack(mv.pack()), Some(mv), "move {mv} does not pack and unpack");
    assert_eq!(after.hash(), after.hash_from_scratch(), "hash drifted after {mv}");
    let text = after.position_text();
    let reread = G::from_position_text(after.options().clone(), &text).unwrap();
    assert_eq!(reread.position_text(), text);
    assert_eq!(reread.to_move(), after.to_move());
    assert_eq!(reread.hash(), after.hash());
}

fn choices(max_len: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(any::<usize>(), 0..max_len)
}

/// The stones of a square board, by colour, read through the public API.
fn square_cells(size: usize, at: impl Fn(Cell) -> Option<Player>) -> Vec<Option<Player>> {
    (0..size * size).map(|i| at(Cell::from_index(i, size))).collect()
}

/// Whether the occupied cells form one orthogonally connected group (a plain
/// breadth-first search, independent of the engine's bitset flood fill).
fn one_group(size: usize, cells: &[Option<Player>]) -> bool {
    let Some(start) = cells.iter().position(Option::is_some) else { return true };
    let mut seen = vec![false; cells.len()];
    let mut queue = vec![start];
    seen[start] = true;
    while let Some(i) = queue.pop() {
        let (f, r) = (i % size, i / size);
        let mut next = Vec::new();
        if f > 0 {
            next.push(i - 1)
        }
        if f + 1 < size {
            next.push(i + 1)
        }
        if r > 0 {
            next.push(i - size)
        }
        if r + 1 < size {
            next.push(i + size)
        }
        for j in next {
            if cells[j].is_some() && !seen[j] {
                seen[j] = true;
                queue.push(j);
            }
        }
    }
    cells.iter().zip(&seen).all(|(c, s)| c.is_none() || *s)
}

fn ra_stones(p: &Ra, player: Player) -> u32 {
    HexCell::all().filter_map(|c| p.stack_at(c)).filter(|s| s.owner == player).map(|s| u32::from(s.height)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn loa_playouts_keep_the_invariants(choices in choices(200), mover in any::<bool>(), size in 5..=9u8, start in 0..3usize, hole in any::<bool>()) {
        let options = LoaOptions {
            simultaneous: if mover { rules::loa::Simultaneous::Mover } else { Default::default() },
            size,
            start: [rules::loa::Start::Standard, rules::loa::Start::Scrambled, rules::loa::Start::ScrambledMirrored][start],
            hole: hole && size % 2 == 1,
        };
        playout(Loa::new(options), &choices, |before, mv, after| {
            let mover = before.to_move();
            let enemy = mover.opponent();
            let count = |p: &Loa, pl: Player| p.pieces(pl).count_ones();
            let into_hole = matches!(mv, LoaMove::Step { to, .. } if options.hole() == Some(to));
            assert_eq!(count(after, mover) + u32::from(into_hole), count(before, mover), "the mover's count changed");
            assert!(count(after, enemy) <= count(before, enemy), "pieces grew");
            if let LoaMove::Step { from, to, capture } = mv {
                assert_ne!(before.piece_at(to), Some(mover), "{mv} lands on its own colour");
                assert_eq!(before.piece_at(from), Some(mover));
                assert_eq!(after.piece_at(to), if into_hole { None } else { Some(mover) });
                assert_eq!(capture, before.piece_at(to) == Some(enemy));
                assert_eq!(count(after, enemy) + u32::from(capture), count(before, enemy));
            }
        });
    }

    #[test]
    fn attract_playouts_keep_the_invariants(choices in choices(150), size in prop::sample::select(vec![6u8, 8, 12, 20])) {
        let mut played = 0usize;
        playout(Attract::new(AttractOptions { size }), &choices, |before, AttractMove(placed), after| {
            played += 1;
            let n = usize::from(size);
            let b = square_cells(n, |c| before.stone_at(c));
            let a = square_cells(n, |c| after.stone_at(c));
            assert_eq!(a.iter().flatten().count(), played, "stones = moves played");
            assert_eq!(after.stone_at(placed), Some(before.to_move()), "the placed stone stays");
            let (pf, pr) = (placed.file as isize, placed.rank as isize);
            // Along each ray, the stones keep their order and colours and each
            // moves at most one cell toward the placed stone.
            for (df, dr) in [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)] {
                let ray: Vec<usize> = (1..)
                    .map(|k| (pf + df * k, pr + dr * k))
                    .take_while(|&(f, r)| f >= 0 && r >= 0 && f < n as isize && r < n as isize)
                    .map(|(f, r)| (r * n as isize + f) as usize)
                    .collect();
                let on = |cells: &[Option<Player>]| -> Vec<(usize, Player)> {
                    ray.iter().enumerate().filter_map(|(k, &i)| cells[i].map(|p| (k, p))).collect()
                };
                let (was, now) = (on(&b), on(&a));
                assert_eq!(was.len(), now.len(), "a stone left its row or column");
                for ((k0, p0), (k1, p1)) in was.iter().zip(&now) {
                    assert_eq!(p0, p1);
                    assert!(*k1 == *k0 || *k1 + 1 == *k0, "a stone moved more than one cell or away");
                }
            }
            // Cells on no ray from the placed stone do not change.
            for i in 0..n * n {
                let (f, r) = ((i % n) as isize, (i / n) as isize);
                if f != pf && r != pr {
                    assert_eq!(a[i], b[i], "an off-ray stone moved");
                }
            }
        });
    }

    #[test]
    fn forms_playouts_keep_the_invariants(
        choices in choices(120),
        advanced in any::<bool>(),
        size in prop::sample::select(vec![4u8, 6, 8, 10, 18]),
    ) {
        let rules = if advanced { FormsRules::Advanced } else { FormsRules::Standard };
        playout(Forms::new(FormsOptions { rules, size }), &choices, |before, mv, after| {
            let n = usize::from(size);
            let cells = square_cells(n, |c| after.stone_at(c));
            assert!(one_group(n, &cells), "stones left in more than one group after {mv}");
            let count = |p: &Forms| p.stones(Player::Black).len() + p.stones(Player::White).len();
            assert!(count(after) < count(before), "{mv} removed no stone");
            for p in Player::ALL {
                assert!(after.stones(p).len() <= before.stones(p).len(), "stones grew");
            }
            assert!(!after.stones(before.to_move()).is_empty(), "the mover was left without stones");
            if !mv.capture {
                assert!(advanced, "a slide under standard rules");
            }
        });
    }

    #[test]
    fn forms_18_standard_playouts(choices in choices(30)) {
        playout(Forms::new(FormsOptions::default()), &choices, |_, _, after| {
            let cells = square_cells(18, |c| after.stone_at(c));
            assert!(one_group(18, &cells));
        });
    }

    #[test]
    fn ra_playouts_keep_the_invariants(choices in choices(300), white_first in any::<bool>()) {
        let first = if white_first { Player::White } else { Player::Black };
        playout(Ra::new(RaOptions { first, ..RaOptions::default() }), &choices, |before, mv, after| {
            for cell in HexCell::all() {
                if let Some(stack) = after.stack_at(cell) {
                    assert!((1..=3).contains(&stack.height));
                }
            }
            for p in Player::ALL {
                assert!(ra_stones(after, p) <= 9);
                if !after.match_just_ended() {
                    assert!(ra_stones(after, p) <= ra_stones(before, p), "stones grew");
                }
            }
            if let RaMove::Step { stones, from, .. } = mv {
                assert!(before.stack_at(from).is_some_and(|s| s.height >= stones && s.owner == before.to_move()));
            }
            let (s0, s1) = (before.score(), after.score());
            assert!(s1.black >= s0.black && s1.white >= s0.white, "scores only grow");
        });
    }

    #[test]
    fn game_specs_never_panic(text in "\\PC{0,30}") {
        let _ = text.parse::<GameSpec>();
    }

    #[test]
    fn game_spec_near_misses_round_trip(text in "(loa|ra|forms|attract)(:[a-z=,0-9]{0,24})?") {
        if let Ok(spec) = text.parse::<GameSpec>() {
            prop_assert_eq!(spec.to_string().parse::<GameSpec>().unwrap(), spec);
        }
    }

    #[test]
    fn moves_never_panic(text in "\\PC{0,14}", kind in 0usize..4) {
        let game = GameSpec::default_for(GameKind::ALL[kind]).start();
        let mut copy = game.clone();
        if copy.play_text(&text).is_err() {
            prop_assert_eq!(copy, game, "a failed move changed the position");
        }
    }

    #[test]
    fn move_near_misses_round_trip(
        text in "[1-3]?[a-u][0-9]{1,2}[-x][a-u][0-9]{1,2}|pass|[a-t][0-9]{1,2}",
        spec in prop::sample::select(vec!["loa", "attract:size=20", "forms:size=4", "forms:rules=advanced,size=6", "ra"]),
    ) {
        let mut game = spec.parse::<GameSpec>().unwrap().start();
        if let Ok(written) = game.play_text(&text) {
            prop_assert_eq!(written, text);
        }
    }

    #[test]
    fn position_text_never_panics(text in "\\PC{0,90}", kind in 0usize..4) {
        let _ = GameSpec::default_for(GameKind::ALL[kind]).position(&text);
    }

    #[test]
    fn square_position_near_misses_round_trip(
        rows in prop::collection::vec("[xo1-9]{1,9}", 3..10),
        side in "[xo ]{0,3}",
        spec in prop::sample::select(vec!["loa", "attract:size=6", "forms:size=4", "forms:size=8"]),
    ) {
        let text = format!("{} {side}", rows.join("/"));
        if let Ok(position) = spec.parse::<GameSpec>().unwrap().position(&text) {
            prop_assert_eq!(position.position_text(), text);
        }
    }

    #[test]
    fn ra_position_near_misses_round_trip(
        stacks in prop::collection::vec("[xo][0-4][a-n][0-9]{1,2}", 0..8),
        side in "[xoz]",
        score in "[0-9]{1,2}-[0-9]{1,2}",
        number in "[0-9]{1,2}",
        starter in "[xo]",
    ) {
        let text = format!("{} {side} {score} {number} {starter}", stacks.join("/"));
        if let Ok(position) = Ra::from_position_text(RaOptions::default(), &text) {
            let written = position.position_text();
            let again = Ra::from_position_text(RaOptions::default(), &written).unwrap();
            prop_assert_eq!(again.position_text(), written);
        }
    }
}
