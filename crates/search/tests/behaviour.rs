//! What players rely on: forced wins are found and proven, moves that lose at
//! once are avoided, budgets are respected, a seed and a node budget give the
//! same answer, and every answer is a legal move.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use std::cell::Cell;

use rules::attract::{Attract, AttractOptions};
use rules::forms::{Forms, FormsOptions, FormsRules};
use rules::loa::{Loa, LoaOptions};
use rules::ra::{Ra, RaOptions};
use rules::{AnyGame, Game, GameKind, GameSpec, Player};
use search::Controls;
use search::eval::Evaluator;
use search::eval::{attract::AttractEval, forms::FormsEval, loa::LoaEval, ra::RaEval};
use search::rng::Rng;
use search::score::{WIN, plies_to_end};
use search::{AlphaBeta, AlphaBetaConfig, AnyEngine, Budget, Clock, Mcts, MctsConfig, NoClock, StopFlag, levels};

fn ab<G: Game>() -> AlphaBeta<G> {
    AlphaBeta::new(AlphaBetaConfig { tt_mb: 2, ..AlphaBetaConfig::default() })
}

fn mcts<G: Game>() -> Mcts<G> {
    Mcts::new(MctsConfig { tree_mb: 4, ..MctsConfig::default() })
}

/// A budget of `n` nodes (or playouts) with seed 1 and no clock.
fn nodes(n: u64) -> Controls<'static> {
    Controls { budget: Budget::nodes(n), clock: &NoClock, stop: None, seed: 1, variety: search::Variety::NONE }
}

/// Both engines must find `expected` and prove a win in `plies`.
fn proves_win<G: Game, E: Evaluator<G>>(position: &G, eval: &E, expected: &str, plies: i32) {
    let r = ab::<G>().search(position, eval, &nodes(200_000), &mut |_| {}).unwrap();
    assert_eq!(r.best.to_string(), expected, "alpha-beta on {}", position.position_text());
    assert_eq!(plies_to_end(r.score), Some(plies), "alpha-beta score {}", r.score);
    let m = mcts::<G>().search(position, eval, &nodes(20_000), &mut |_| {}).unwrap();
    assert_eq!(m.best.to_string(), expected, "MCTS on {}", position.position_text());
    assert!(m.score > WIN - 100, "MCTS did not prove the win: {}", m.score);
}

#[test]
fn loa_connection_in_one() {
    let p = Loa::from_position_text(LoaOptions::default(), "8/o7/8/8/8/8/4x3/1xx4o x").unwrap();
    proves_win(&p, &LoaEval::default(), "e2-d2", 1);
}

#[test]
fn loa_connection_in_two() {
    // Found among random positions: White connects in two moves whatever
    // Black does (the engines' answers are checked against each other below).
    let p = Loa::from_position_text(LoaOptions::default(), "1xx1o1o1/3o1o2/2oxoo2/x1x2o2/x5x1/7x/1o6/8 o").unwrap();
    let r = ab::<Loa>().search(&p, &LoaEval::default(), &nodes(500_000), &mut |_| {}).unwrap();
    assert_eq!(plies_to_end(r.score), Some(3), "{r:?}");
    // Late-move reductions (as Lines of Action plays) still find it.
    let reduced = AlphaBeta::<Loa>::new(AlphaBetaConfig { tt_mb: 2, reductions: true, ..AlphaBetaConfig::default() })
        .search(&p, &LoaEval::default(), &nodes(500_000), &mut |_| {})
        .unwrap();
    assert_eq!(plies_to_end(reduced.score), Some(3), "with reductions: {reduced:?}");
    let m = mcts::<Loa>().search(&p, &LoaEval::default(), &nodes(50_000), &mut |_| {}).unwrap();
    assert!(m.score > WIN - 100, "MCTS did not prove the win in two: {m:?}");
    // The two engines agree that the first move wins by force.
    let mut after = p.clone();
    after.play_unchecked(m.best);
    let reply = ab::<Loa>().search(&after, &LoaEval::default(), &nodes(200_000), &mut |_| {}).unwrap();
    assert_eq!(plies_to_end(reply.score), Some(-2), "after {}: {reply:?}", m.best);
}

#[test]
fn forms_standard_18_isolating_capture_is_found_among_26_thousand_moves() {
    // Along a seeded random game on the full 18×18 board, the first position
    // where the side to move can leave itself a single stone: MCTS, which
    // samples such wide nodes, must still play that capture and prove the win.
    let mut rng = Rng::new(5);
    let mut p = Forms::new(FormsOptions { rules: FormsRules::Standard, size: 18 });
    let mut moves = Vec::new();
    let mut winning = Vec::new();
    let eval = FormsEval::default();
    loop {
        assert!(p.outcome().is_none(), "the game ended before a winning capture arose");
        search::eval::forms::isolating_captures(&p, &mut winning);
        if !winning.is_empty() && p.count_legal_moves() > 64 {
            break;
        }
        p.legal_moves(&mut moves);
        p.play_unchecked(moves[rng.below(moves.len())]);
    }
    let m = mcts::<Forms>().search(&p, &eval, &nodes(100), &mut |_| {}).unwrap();
    assert!(winning.contains(&m.best) || m.score > WIN - 100, "{} in {}: {m:?}", m.best, p.position_text());
    assert!(m.score > WIN - 100, "MCTS did not prove the win: {m:?}");
}

#[test]
fn attract_win_in_one() {
    // Example T2: White d4 makes c4 a winning piece.
    let p = Attract::from_position_text(AttractOptions::default(), "8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8 o").unwrap();
    proves_win(&p, &AttractEval::default(), "d4", 1);
}

#[test]
fn forms_advanced_endgame() {
    // 4×4, Black b3 and c2, White c3. Black c2xc3 leaves Black b3 and c3… every
    // Black move is checked by both engines against the plain minimax below.
    let o = FormsOptions { rules: FormsRules::Advanced, size: 4 };
    let p = Forms::from_position_text(o, "4/1xoo/2x1/4 x").unwrap();
    let r = ab::<Forms>().search(&p, &FormsEval::default(), &nodes(100_000), &mut |_| {}).unwrap();
    assert!(r.score.abs() > WIN - 100, "alpha-beta did not solve the ending: {r:?}");
    let m = mcts::<Forms>().search(&p, &FormsEval::default(), &nodes(20_000), &mut |_| {}).unwrap();
    assert!(m.score.abs() > WIN - 100, "MCTS did not solve the ending: {m:?}");
    assert_eq!(r.score > 0, m.score > 0, "the engines disagree on who wins");
    if r.score > 0 {
        // Both winning moves really win: after them the opponent is proven lost.
        for best in [r.best, m.best] {
            let mut after = p;
            after.play_unchecked(best);
            let reply = ab::<Forms>().search(&after, &FormsEval::default(), &nodes(100_000), &mut |_| {});
            assert!(
                after.outcome().is_some_and(|o| o.winner() == Some(Player::Black))
                    || reply.unwrap().score < -(WIN - 100)
            );
        }
    }
}

#[test]
fn ra_arrival_wins_the_game() {
    let p = Ra::from_position_text(RaOptions::default(), "x1h10/o3k9 x 5-0 2 x").unwrap();
    proves_win(&p, &RaEval::default(), "1h10-j10", 1);
}

#[test]
fn ra_arrival_is_preferred_to_anything_else() {
    // Not the end of the game, but a stack of 2 reaching j10 scores 3 points.
    let p = Ra::from_position_text(RaOptions::default(), "x2h10/x3c5/o3k9/o3h8 x 0-0 1 x").unwrap();
    let r = ab::<Ra>().search(&p, &RaEval::default(), &nodes(50_000), &mut |_| {}).unwrap();
    assert_eq!(r.best.to_string(), "2h10-j10");
}

/// Over random positions of every game: when some move does not lose at once
/// (the opponent cannot win on the next move), the engine at every level plays
/// such a move; and every answer is legal.
#[test]
fn never_blunders_into_a_loss_in_one_when_a_safe_move_exists() {
    let specs = ["loa", "attract:size=6", "attract", "forms:rules=advanced,size=6", "forms:size=6", "ra"];
    let mut checked = 0;
    for spec in specs {
        let spec: GameSpec = spec.parse().unwrap();
        let mut rng = Rng::new(11);
        for _ in 0..25 {
            let mut game = spec.start();
            for _ in 0..rng.below(30) {
                let moves = game.legal_move_texts();
                if moves.is_empty() || game.match_just_ended() {
                    break;
                }
                game.play_text(&moves[rng.below(moves.len())]).unwrap();
            }
            if game.outcome().is_some() {
                continue;
            }
            let safe: Vec<String> = safe_moves(&game);
            for level in 1..=3 {
                let settings = levels::Level::new(level).unwrap().settings(&spec);
                let mut engine = AnyEngine::new(spec.kind(), settings.setup);
                let r = engine
                    .search(
                        &game,
                        &Controls {
                            budget: settings.budget,
                            clock: &NoClock,
                            stop: None,
                            seed: 5,
                            variety: search::Variety::NONE,
                        },
                        &mut |_| {},
                    )
                    .unwrap();
                let mut copy = game.clone();
                assert!(copy.play_move(r.best).is_ok(), "{spec}: illegal {}", r.best);
                if !safe.is_empty() {
                    assert!(
                        safe.contains(&r.best.to_string()),
                        "{spec} level {level}: {} loses at once in {}",
                        r.best,
                        game.position_text()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "too few positions checked: {checked}");
}

/// The moves after which the opponent has no move that wins the game (or, in
/// RA, the match) at once, and that do not lose on the spot.
fn safe_moves(game: &AnyGame) -> Vec<String> {
    let me = game.to_move();
    let lost = |g: &AnyGame| g.outcome().and_then(|o| o.winner()) == Some(me.opponent()) || match_lost(g, me);
    game.legal_move_texts()
        .into_iter()
        .filter(|mv| {
            let mut after = game.clone();
            after.play_text(mv).unwrap();
            if lost(&after) {
                return false;
            }
            if after.outcome().is_some() || after.match_just_ended() {
                return true;
            }
            after.legal_move_texts().iter().all(|reply| {
                let mut next = after.clone();
                next.play_text(reply).unwrap();
                !lost(&next)
            })
        })
        .collect()
}

fn match_lost(game: &AnyGame, me: Player) -> bool {
    match game {
        AnyGame::Ra(ra) => ra.last_match().and_then(|m| m.winner) == Some(me.opponent()),
        _ => false,
    }
}

/// A clock that moves a little every time it is read.
struct TickingClock(Cell<f64>);

impl Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        let t = self.0.get() + 1.0;
        self.0.set(t);
        t
    }
}

#[test]
fn budgets_are_respected_and_answers_come_at_once() {
    for kind in GameKind::ALL {
        let spec = GameSpec::default_for(kind);
        let game = spec.start();
        for engine_kind in [search::SearcherKind::AlphaBeta, search::SearcherKind::Mcts] {
            let setup = search::EngineSetup {
                searcher: engine_kind,
                memory_mb: 2,
                noise: 0,
                reductions: false,
                threads: 1,
                share: search::split::Share::ALL,
            };
            let mut engine = AnyEngine::new(kind, setup);
            // A node budget.
            let r = engine.search(&game, &nodes(500), &mut |_| {}).unwrap();
            assert!(r.nodes <= 500, "{kind:?} {engine_kind:?}: {} nodes", r.nodes);
            assert!(game.clone().play_move(r.best).is_ok());
            // A near-zero budget still answers with a legal move.
            let r = engine.search(&game, &nodes(1), &mut |_| {}).unwrap();
            assert!(game.clone().play_move(r.best).is_ok());
            // A time budget by the injected clock.
            let clock = TickingClock(Cell::new(0.0));
            let r = engine
                .search(
                    &game,
                    &Controls {
                        budget: Budget::time_ms(20.0),
                        clock: &clock,
                        stop: None,
                        seed: 1,
                        variety: search::Variety::NONE,
                    },
                    &mut |_| {},
                )
                .unwrap();
            assert!(r.elapsed_ms < 20.0 + 5.0, "{kind:?} {engine_kind:?}: {} ms", r.elapsed_ms);
            // Stopped before it starts: still a legal move.
            let stop = StopFlag::new();
            stop.stop();
            let r = engine
                .search(
                    &game,
                    &Controls {
                        budget: Budget::time_ms(60_000.0),
                        clock: &NoClock,
                        stop: Some(&stop),
                        seed: 1,
                        variety: search::Variety::NONE,
                    },
                    &mut |_| {},
                )
                .unwrap();
            assert!(game.clone().play_move(r.best).is_ok());
        }
    }
}

#[test]
fn a_seed_and_a_node_budget_give_the_same_answer() {
    for spec in ["loa", "attract:size=8", "forms:rules=advanced,size=8", "forms:size=10", "ra"] {
        let spec: GameSpec = spec.parse().unwrap();
        let mut game = spec.start();
        let first = game.legal_move_texts()[0].clone();
        game.play_text(&first).unwrap();
        for level in [1, 3] {
            let settings = levels::Level::new(level).unwrap().settings(&spec);
            let run = || {
                let mut engine = AnyEngine::new(spec.kind(), settings.setup);
                engine
                    .search(
                        &game,
                        &Controls {
                            budget: settings.budget,
                            clock: &NoClock,
                            stop: None,
                            seed: 42,
                            variety: search::Variety::NONE,
                        },
                        &mut |_| {},
                    )
                    .unwrap()
            };
            let (a, b) = (run(), run());
            assert_eq!((a.best, a.score, a.nodes, a.pv), (b.best, b.score, b.nodes, b.pv), "{spec} level {level}");
        }
    }
}

#[test]
fn memory_stays_within_the_bound() {
    for kind in GameKind::ALL {
        let spec = GameSpec::default_for(kind);
        for level in 1..=5 {
            let settings = levels::Level::new(level).unwrap().settings(&spec);
            let engine = AnyEngine::new(kind, settings.setup);
            assert!(engine.memory_bytes() <= 64 << 20, "{kind:?} level {level}: {} bytes", engine.memory_bytes());
        }
    }
}

#[test]
fn a_full_tree_goes_on_with_playouts_from_its_leaves() {
    // A 1 MB tree (some twenty thousand nodes) fills within a few thousand
    // playouts on Forms 8 × 8; the search still spends its whole budget,
    // answers a legal move, and stays repeatable.
    let game = Forms::new(FormsOptions { size: 8, ..FormsOptions::default() });
    let run = || {
        Mcts::<Forms>::new(MctsConfig { tree_mb: 1, ..MctsConfig::default() })
            .search(&game, &FormsEval::default(), &nodes(40_000), &mut |_| {})
            .unwrap()
    };
    let (a, b) = (run(), run());
    assert_eq!(a.nodes, 40_000);
    assert!(game.is_legal(a.best), "{}", a.best);
    assert_eq!((a.best, a.score, a.pv), (b.best, b.score, b.pv));
}

/// A search stopped late in an iteration searched the last iteration's best
/// move first; a move that then beat it is the better one at the new depth,
/// also where the deeper search lowered every score (a fail-low). Over random
/// positions where the full iteration changed its mind that way, the search
/// stopped one node short of the end answers as the full iteration does.
#[test]
fn an_unfinished_iteration_keeps_a_move_that_beat_the_last_best() {
    let setup = search::EngineSetup {
        searcher: search::SearcherKind::AlphaBeta,
        memory_mb: 2,
        noise: 0,
        reductions: false,
        threads: 1,
        share: search::split::Share::ALL,
    };
    let run = |game: &AnyGame, budget: Budget| {
        let mut engine = AnyEngine::new(game.kind(), setup);
        engine
            .search(
                game,
                &Controls { budget, clock: &NoClock, stop: None, seed: 1, variety: search::Variety::NONE },
                &mut |_| {},
            )
            .unwrap()
    };
    let (mut fail_lows, mut kept) = (0, 0);
    for spec in ["loa", "ra", "attract:size=8", "forms:rules=advanced,size=8"] {
        let spec: GameSpec = spec.parse().unwrap();
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let mut game = spec.start();
            for _ in 0..4 + rng.below(30) {
                let moves = game.legal_move_texts();
                if moves.is_empty() || game.outcome().is_some() || game.match_just_ended() {
                    break;
                }
                game.play_text(&moves[rng.below(moves.len())]).unwrap();
            }
            if game.outcome().is_some() || game.match_just_ended() || game.legal_move_texts().len() < 2 {
                continue;
            }
            for depth in [2, 3] {
                let shallow = run(&game, Budget::depth(depth));
                let deep = run(&game, Budget::depth(depth + 1));
                if deep.depth != depth + 1 || deep.best == shallow.best || deep.score >= shallow.score {
                    continue;
                }
                fail_lows += 1;
                let stopped = run(&game, Budget::nodes(deep.nodes - 1));
                assert_eq!(stopped.depth, depth, "{spec}: {}", game.position_text());
                kept += usize::from(stopped.best == deep.best);
            }
        }
    }
    // The full iteration's choice may be the very move cut short.
    assert!(fail_lows >= 8, "too few fail-lows: {fail_lows}");
    assert!(kept * 10 >= fail_lows * 8, "{kept} of {fail_lows} kept the move found at the new depth");
}
